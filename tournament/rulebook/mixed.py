"""Chinese typed with English poker words in it, and 梭哈 used as a verb.

Floor staff in a Chinese-speaking room say the English words of the game in
the middle of a Chinese sentence: "他说 call 然后推了加注的量", "他 shove 了",
"dealer 把我的牌收了". ``mix_in_chinese`` puts the Chinese word beside each
such English word (the English stays: added, not replaced), joined to the
Chinese around it, so the Chinese phrases of the lexicon ("说跟注") meet.

梭哈 is both the game (five-card stud, as the rulebook uses it: "梭哈期间按钮
冻结") and, as a verb, going all in ("他梭哈了", "直接梭哈"). As a verb it
becomes 全下; after 换成/玩/打/轮到 ("换成梭哈") it stays the game.

Only text holding Chinese is touched. The words are the game's common terms,
as facts from public poker glossaries.
"""

from __future__ import annotations

import re

__all__ = ["mix_in_chinese"]

# English poker word (as typed, any case) -> the Chinese the rulebook and the floor use.
ENGLISH_IN_CHINESE: dict[str, str] = {
    "call": "跟注", "called": "跟注", "calls": "跟注", "calling": "跟注",
    "raise": "加注", "raised": "加注", "raises": "加注", "reraise": "再加注", "re-raise": "再加注",
    "3bet": "再加注", "fold": "弃牌", "folded": "弃牌", "folds": "弃牌",
    "check": "过牌", "checked": "过牌", "checks": "过牌",
    "bet": "下注", "bets": "下注", "all in": "全下", "all-in": "全下", "allin": "全下",
    "shove": "全下", "shoved": "全下", "jam": "全下", "jammed": "全下",
    "muck": "扔牌", "mucked": "扔牌", "dealer": "荷官", "floor": "裁判", "td": "裁判",
    "button": "按钮", "btn": "按钮", "blind": "盲注", "blinds": "盲注", "bb": "大盲", "sb": "小盲",
    "ante": "前注", "showdown": "摊牌", "chip": "筹码", "chips": "筹码", "pot": "底池",
    "side pot": "边池", "main pot": "主池", "misdeal": "误发", "clock": "计时",
    "flop": "翻牌", "turn": "转牌", "river": "河牌", "burn": "烧牌", "stack": "筹码",
    "string bet": "拖拉式下注", "soft play": "放水", "slow roll": "慢亮牌", "slowroll": "慢亮牌",
    "chop": "平分", "split": "平分", "penalty": "处罚", "rebuy": "重购", "add-on": "加买",
    "heads up": "单挑", "final table": "决赛桌", "rabbit hunt": "兔子狩猎",
}
_ENGLISH = re.compile(
    r"(?<![A-Za-z])("
    + "|".join(re.escape(w) for w in sorted(ENGLISH_IN_CHINESE, key=len, reverse=True))
    + r")(?![A-Za-z])",
    re.IGNORECASE,
)
_CJK = re.compile(r"[\u3400-\u9fff]")
_CJK_GAP = re.compile(r"(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])")
# 梭哈 as a verb: said of a player (他/我/直接 ... 梭哈) or done (梭哈了/吧), not the game.
_SHOWHAND = re.compile(r"(?<!换成)(?<![玩打到])(?:(?<=[他她我你就要想敢都直接择])梭哈|梭哈(?=[了吧啊呀]))")


def mix_in_chinese(text: str) -> str:
    """``text`` with Chinese beside its English poker words and 梭哈-the-verb as 全下."""
    if not _CJK.search(text):
        return text
    text = _SHOWHAND.sub("全下", text)
    if not _ENGLISH.search(text):
        return text
    text = _ENGLISH.sub(lambda m: f" {ENGLISH_IN_CHINESE[m[1].lower()]}{m[1]} ", text)
    # "他说 跟注call" -> "他说跟注call": the Chinese phrase meets its neighbours again.
    text = _CJK_GAP.sub("", text)
    return " ".join(text.split())
