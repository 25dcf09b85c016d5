"""Reading a wager: what a player said and the chips they pushed.

``read_wager`` turns the words and the chips into the action the house rules
make binding (house rules 36-45 and 55): verbal against chips, undercalls,
the oversized chip, multiple chips, the 50% standard and betting for change.
``betting.read_wager_in`` takes the bet facts from a ``betting.RoundState``;
this module knows nothing of betting rounds, so the two import one way only.

Amounts are per betting round, as in ``betting``. How the amount then reads (the
50% standard, undercalls, change, the caps): ``wager_amounts.py``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from tournament.rulebook.errors import (
    MSG_BIG_BLIND,
    N_,
    RulingInputError,
    _,
    is_whole,
    join_sentences,
    require_whole,
)
from tournament.rulebook.wager_amounts import AmountReader, WagerReading

__all__ = ["WagerReading", "read_wager"]

MSG_NEGATIVE = N_("{name} cannot be negative.")
MSG_WHOLE = N_("{name} must be a whole number of chips.")
MSG_CHIP = N_("Each chip pushed must be a denomination above zero.")
MSG_OVER_STACK = N_("The chips pushed ({pushed}) are more than the player's stack ({stack}).")
MSG_ALREADY_OVER = N_(
    "The player already has more in ({already_in}) than the bet to call ({current_bet})."
)
MSG_UNREADABLE = N_(
    "Could not read “{said}”: use call, check, fold, raise, raise to N, bet N, a number, pot or all-in."
)
MSG_NOTHING = N_("The player neither said anything nor pushed chips: there is no wager to read.")
MSG_ALLIN_NO_STACK = N_("To read an all-in, give the player's stack.")
MSG_CHECK_FACING = N_(
    "“Check” is not possible facing a bet of {to_call} to call; ask the player to call, raise or fold."
)
MSG_OPENING = N_(
    "The opening bet ({opening_bet}) must be above zero and no more than the bet to call "
    "({current_bet})."
)
MSG_ZERO = N_("A wager of zero is not a bet; the player checked or said something else.")

_WORD_PATTERN = re.compile(
    r"^(?:(?P<verb>raise|bet)\b\s*,?\s*)?(?:(?P<to>to)\s+)?(?P<number>\d+(?:\.\d+)?)\s*(?P<k>k)?$"
)
_ALL_IN = {"all-in", "all in", "allin", "all"}


# Chinese declarations, longest first, as the English words the reader below knows.
_ZH_WORDS = (
    ("加注到", " raise to "), ("加到", " raise to "), ("加注", " raise "), ("下注", " bet "),
    ("跟注", " call "), ("过牌", " check "), ("让牌", " check "), ("弃牌", " fold "),
    ("全下", " all-in "), ("全押", " all-in "), ("底池", " pot "), ("没说", " nothing "),
)


def _parse_said(said: str) -> tuple[str, int | None]:
    """Read a declaration in English or Chinese ("raise to 1200", "加注到1200", "跟注")."""
    text = said.strip().lower().replace("\u2013", "-")
    for word, english in _ZH_WORDS:
        text = text.replace(word, english)
    text = re.sub(r"(?<=\d)\s*千", "k", text)
    text = " ".join(text.split())
    if text in ("", "nothing"):
        return "none", None
    if text in ("call", "check", "fold", "raise", "bet", "pot"):
        return text, None
    if text in _ALL_IN:
        return "allin", None
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    match = _WORD_PATTERN.match(text)
    if match is None:
        raise RulingInputError(_(MSG_UNREADABLE).format(said=said))
    number = float(match["number"]) * (1000 if match["k"] else 1)
    if number != int(number):
        raise RulingInputError(_(MSG_UNREADABLE).format(said=said))
    verb = match["verb"] or ("raise" if match["to"] else "amount")
    return verb, int(number)


def _check_chips(value: Any, name: str) -> int:
    if not is_whole(value):
        raise RulingInputError(_(MSG_WHOLE).format(name=name))
    if value < 0:
        raise RulingInputError(_(MSG_NEGATIVE).format(name=name))
    return value


def read_wager(
    *,
    current_bet: int,
    big_blind: int,
    said: str | None = None,
    chips: Sequence[int] = (),
    already_in: int = 0,
    stack: int | None = None,
    raise_size: int | None = None,
    spoke_first: bool = True,
    heads_up: bool = False,
    facing_opening_bet: bool = True,
    max_raise_to: int | None = None,
    wanted_change: bool = False,
    opening_bet: int | None = None,
) -> WagerReading:
    """Read a wager from what the player said and the chips they pushed.

    ``current_bet``: the total to call this round (0 when nobody has bet);
    ``already_in``: what the player already has in this round (a blind, an
    earlier call); ``chips``: the denominations pushed now; ``stack``: the
    chips the player had behind before pushing (unknown if ``None``);
    ``raise_size``: the largest bet or raise of the round (house rule 42;
    default: the big blind, or the current bet when it is an unraised
    opening bet). ``spoke_first``: the words came before, or with, the chips
    (house rule 36-A: whichever came first decides; together, a clear
    declaration wins). ``heads_up`` and ``facing_opening_bet`` decide whether
    an undercall is a forced full call (house rule 38-B). ``max_raise_to``:
    the pot-limit maximum, if any. ``wanted_change``: the player pushed
    chips expecting change (house rule 55); the chips still count.
    ``opening_bet``: when the bet faced is the round's opening bet topped up
    only by short all-ins (no full raise since), the opening bet itself; an
    undercall is judged against it (house rule 38-B / TDA 2024 51-B).

    ``said`` may be empty, "call", "check", "fold", "raise", "raise to N",
    "raise N" (N is the total, house rule 42-B), "bet N", a number alone
    (same as pushing that much silently, house rule 36-C), "pot" or "all-in".
    """
    _check_chips(current_bet, _("The bet to call"))
    _check_chips(already_in, _("The chips already in"))
    require_whole(big_blind, MSG_BIG_BLIND, minimum=1)
    if stack is not None:
        _check_chips(stack, _("The stack"))
    if already_in > current_bet:
        raise RulingInputError(
            _(MSG_ALREADY_OVER).format(already_in=already_in, current_bet=current_bet)
        )
    for chip in chips:
        require_whole(chip, MSG_CHIP, minimum=1)
    pushed = sum(chips)
    if stack is not None and pushed > stack:
        raise RulingInputError(_(MSG_OVER_STACK).format(pushed=pushed, stack=stack))
    if raise_size is None:
        raise_size = max(big_blind, current_bet)
    else:
        require_whole(raise_size, MSG_WHOLE, minimum=1, name=_("The raise size"))
    if opening_bet is not None:
        _check_chips(opening_bet, _("The opening bet"))
        if not 0 < opening_bet <= current_bet:
            raise RulingInputError(
                _(MSG_OPENING).format(opening_bet=opening_bet, current_bet=current_bet)
            )
        if opening_bet == current_bet:
            facing_opening_bet = True  # nothing on top of the opening bet

    reader = _WagerReader(
        current_bet=current_bet,
        big_blind=big_blind,
        chips=tuple(chips),
        already_in=already_in,
        stack=stack,
        raise_size=raise_size,
        heads_up=heads_up,
        facing_opening_bet=facing_opening_bet,
        max_raise_to=max_raise_to,
        wanted_change=wanted_change,
        opening_bet=opening_bet,
    )
    if said is not None and said.strip() and spoke_first:
        verb, amount = _parse_said(said)
        return reader.verbal(verb, amount)
    reading = reader.silent()
    if said is not None and said.strip():
        note = _("The chips went in before the words, so the chips decide (house rule 36-A).")
        return replace(reading, explanation=join_sentences(reading.explanation, note))
    return reading


class _WagerReader(AmountReader):
    """The reading of what was said (``verbal``) and of silent chips (``silent``)."""

    def verbal(self, verb: str, amount: int | None) -> WagerReading:
        """House rules 36-C, 38-A, 41, 42-B, 49-C: a clear declaration binds."""
        if verb == "none":
            return self.silent()
        if verb == "fold":
            return self._fold()
        if verb == "check":
            if self.to_call > 0:
                raise RulingInputError(_(MSG_CHECK_FACING).format(to_call=self.to_call))
            return self._result(self.already_in, "3", _("The player declared a check."))
        if verb == "call":
            if self.to_call == 0:
                return self._result(self.already_in, "3", _("Nothing to call: “call” is a check."))
            return self._result(
                self.current_bet,
                "38",
                _(
                    "“Call” binds the player to call the full bet of {bet} (house rule 38-A)."
                ).format(bet=self.current_bet),
            )
        if verb == "allin":
            if self.stack is None:
                raise RulingInputError(_(MSG_ALLIN_NO_STACK))
            return self._result(
                self.already_in + self.stack, "36", _("The player declared all-in.")
            )
        if verb == "pot":
            if self.max_raise_to is not None:
                return self._result(
                    self.max_raise_to, "49", _("“Pot” is a bet or raise of the pot-limit maximum.")
                )
            return self._result(
                self.min_raise_to,
                "49",
                _(
                    "“Pot” is not a valid amount in no-limit, but it binds the player to a legal "
                    "wager: at least the minimum, {minimum} (house rule 49-C)."
                ).format(minimum=self.min_raise_to),
            )
        if verb == "amount":
            assert amount is not None
            if amount == 0:
                raise RulingInputError(_(MSG_ZERO))
            return self._amount(self.already_in + amount, stated=True)
        return self._declared_raise(verb, amount)

    def _declared_raise(self, verb: str, amount: int | None) -> WagerReading:
        """ "Raise" or "bet", with or without an amount: at least a full raise."""
        minimum = self.min_raise_to
        nonstandard = ""
        if verb == "bet" and self.current_bet > 0:
            nonstandard = _("“Bet” facing a bet is read as a raise (house rule 3).")
        if amount is not None:
            if amount == 0:
                raise RulingInputError(_(MSG_ZERO))
            target = amount if amount > self.current_bet else self.current_bet + amount
            if target >= minimum:
                return self._result(
                    target,
                    "42",
                    join_sentences(
                        _(
                            "A declared amount is the player's total for the round: {total} "
                            "(house rule 42-B)."
                        ).format(total=target),
                        nonstandard,
                    ),
                )
            return self._result(
                minimum,
                "42",
                join_sentences(
                    _(
                        "The declared amount is below the minimum; a declared raise must be at "
                        "least a full raise, to {minimum} (house rules 38-A and 42)."
                    ).format(minimum=minimum),
                    nonstandard,
                ),
            )
        pushed = self.pushed_total
        if len(self.chips) == 1 and pushed >= minimum:
            return self._result(
                pushed,
                "44",
                join_sentences(
                    _(
                        "The raise was declared before the chip went in, so it is the chip's full "
                        "value, {total} (house rule 44)."
                    ).format(total=pushed),
                    nonstandard,
                ),
            )
        if pushed >= minimum:
            return self._result(
                pushed,
                "41",
                join_sentences(
                    _("Raise declared and {total} pushed in one motion (house rule 41).").format(
                        total=pushed
                    ),
                    nonstandard,
                ),
            )
        return self._result(
            minimum,
            "41",
            join_sentences(
                _(
                    "A raise was declared, so the player must raise at least the minimum, to "
                    "{minimum} (house rules 38-A and 41-C)."
                ).format(minimum=minimum),
                nonstandard,
            ),
        )

    @property
    def last_chips(self) -> bool:
        """The chips pushed are every chip the player had (the stack is known)."""
        return self.stack is not None and sum(self.chips) == self.stack

    def silent(self) -> WagerReading:
        """Chips pushed without a (prior) declaration: house rules 38-B, 42, 44, 45, 55.

        The player's last chips follow the same rules as any other chips
        (house rules 44 and 45; TDA 2024 44 "including your last chip" and
        45-A): a lone oversized chip facing a bet is a call, several chips
        that are all needed are a call. Only when one of the smallest chips is
        not needed does TDA 2024 45-B read the last chips as all-in; the house
        rule applies the 50% standard, and the reading notes the difference.
        """
        if not self.chips:
            raise RulingInputError(_(MSG_NOTHING))
        pushed = self.pushed_total
        last = self.last_chips
        if self.to_call > 0 and len(self.chips) == 1 and pushed > self.current_bet:
            return self._result(
                self.current_bet,
                "44",
                join_sentences(
                    _(
                        "One oversized chip pushed facing a bet, without declaring a raise, is a "
                        "call (house rule 44)."
                    ),
                    _(
                        "That it is the player's last chip changes nothing (TDA 2024 44: "
                        "“including your last chip”); the change goes back behind."
                    )
                    if last
                    else "",
                ),
            )
        if self.to_call == 0 and self.current_bet > 0 and len(self.chips) == 1:
            return self._result(
                self.current_bet,
                "44",
                _(
                    "One oversized chip pushed facing the blind, without declaring a raise, is a "
                    "call (house rule 44)."
                ),
            )
        if self.current_bet == 0 and len(self.chips) == 1:
            return self._bet(
                pushed,
                "44",
                _(
                    "One chip pushed with no bet to face is a bet of the "
                    "chip's full value, {total} (house rule 44)."
                ),
            )
        if last and self.to_call > 0 and pushed <= self.current_bet:
            return self._result(
                pushed, "36", _("The player pushed every chip, no more than the call: all-in.")
            )
        if self.to_call > 0 and pushed >= self.current_bet:
            smallest = min(self.chips)
            if pushed - smallest < self.current_bet:
                return self._result(
                    self.current_bet,
                    "55" if self.wanted_change else "45",
                    join_sentences(
                        _(
                            "Every chip is needed to make the call: removing one {chip} chip "
                            "leaves less than {bet}, so it is a call (house rule 45)."
                        ).format(chip=smallest, bet=self.current_bet),
                        _(
                            "That they are the player's last chips changes nothing (TDA 2024 "
                            "45-A); the change goes back behind."
                        )
                        if last
                        else "",
                        self._change_note(),
                    ),
                )
            if last:
                reading = self._amount(pushed, stated=False)
                if reading.total == pushed:
                    return reading
                return replace(
                    reading,
                    tda_2024_note=_(
                        # xgettext:no-python-format
                        "Poker TDA 2024 45-B reads a bet of the player's last chips as all-in "
                        "whether it reaches the 50% standard or not: all-in for {total}. The "
                        "house rule 45 has no such exception."
                    ).format(total=pushed),
                )
        return self._amount(pushed, stated=False)
