"""Amounts told in a situation: the bet a player faced against what he put in.

"facing 8000 he puts in 5000", "bet was 1200, she slid out 800", "前面下注2000
他推了1500": no word says *undercall*, the numbers do. ``amount_concepts``
reads the bet faced and the chips put in from a folded query (see
``text._fold``) and names the comparison as a situation concept
(``situations.CONCEPTS`` style): ``short_of_bet`` when less went in than the
bet faced, ``over_bet`` when more did. Amounts may be written 5000, 5k, 5 k,
1.5k, 5千, 5万, 五千; the first amount of each kind counts.
"""

from __future__ import annotations

import re

__all__ = ["amount_concepts", "parse_amount"]

_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_UNITS = {"十": 10, "百": 100, "千": 1000, "万": 10000}

# A count of chips ("两个500", "2 500s") is not an amount: no 个/枚/... or another number after.
_COUNTED = r"(?!\s?\d|[个枚颗只张])"
_AMOUNT = rf"(\d+\s*(?:k|千|万)?{_COUNTED}|[一二两三四五六七八九十百千万]+{_COUNTED}(?<![个枚颗只张]))"
_A = r"(?:a |an |the |his |her |only |just |in |out |of |for |to )*"

# The bet the player faced.
_FACED = re.compile(
    rf"(?:facing|vs|versus|against|to call|bet (?:was|is|of)|bets?|raised? (?:was|is|of|to)|"
    rf"raises? to|opens? (?:to|for)|opened (?:to|for)|call (?:of|for)|needed|owed) {_A}{_AMOUNT}"
    rf"|(?:面对|前面下注?了?|对面下注?了?|下注了?|加注到|加到|要跟|跟注要)\s*{_AMOUNT}"
)
# What he put in.
_PUT = re.compile(
    rf"(?:puts?|pushe[sd]|push|threw|throws?|toss(?:es|ed)?|slid(?:es)?|slide|dropp?(?:ed|s)?|"
    rf"moved|called with|calls with|placed|only had|tossed in|put in|put out) {_A}{_AMOUNT}"
    rf"|(?:推了?|放了?|扔了?|丢了?|拿出了?|只推了?|只放了?|跟了)\s*(?:个|一个)?\s*{_AMOUNT}"
)


def parse_amount(text: str) -> float | None:
    """``"5000"``, ``"5k"``, ``"1.5k"``, ``"5千"``, ``"五千"``, ``"2万"`` -> the number; None if not one."""
    text = text.replace(" ", "")
    match = re.fullmatch(r"(\d+(?:\.\d+)?)(k|千|万)?", text)
    if match:
        scale = {"k": 1000, "千": 1000, "万": 10000}.get(match[2] or "", 1)
        return float(match[1]) * scale
    total, current = 0, 0
    for char in text:
        if char in _ZH_DIGITS:
            current = _ZH_DIGITS[char]
        elif char in _ZH_UNITS:
            unit = _ZH_UNITS[char]
            if unit == 10000:
                total = (total + (current or 1)) * unit
            else:
                total += (current or 1) * unit
            current = 0
        else:
            return None
    total += current
    return float(total) if total else None


def amount_concepts(folded: str) -> frozenset[str]:
    """``{"short_of_bet"}`` or ``{"over_bet"}`` when the query tells both amounts, else empty."""
    faced = _FACED.search(folded)
    put = _PUT.search(folded)
    if not faced or not put or faced.start() == put.start():
        return frozenset()
    bet = parse_amount(next(g for g in faced.groups() if g))
    chips = parse_amount(next(g for g in put.groups() if g))
    if not bet or not chips or bet == chips:
        return frozenset()
    return frozenset({"short_of_bet" if chips < bet else "over_bet"})
