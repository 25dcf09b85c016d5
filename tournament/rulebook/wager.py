"""Reading a wager: what a player said and the chips they pushed.

``read_wager`` turns the words and the chips into the action the house rules
make binding (house rules 36-45 and 55): verbal against chips, undercalls,
the oversized chip, multiple chips, the 50% standard and betting for change.
``betting.read_wager_in`` takes the bet facts from a ``betting.RoundState``;
this module knows nothing of betting rounds, so the two import one way only.

Amounts are per betting round, as in ``betting``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
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


@dataclass(frozen=True)
class WagerReading:
    """How the floor reads a wager.

    ``action`` is check, call, bet, raise or fold; ``total`` is the player's
    total for the round once the reading is applied; ``owed`` are chips the
    player must add to the ones pushed and ``returned`` the chips given back.
    ``rule`` is the house rule that decided (``tda_2024`` its TDA 2024 number
    when known). ``discretion`` means the rules leave the choice to the floor:
    ``alternative`` says what else the floor may allow. ``tda_2024_note``
    says how Poker TDA 2024 reads the same wager where it differs from the
    house rules.
    """

    action: str
    total: int
    rule: str
    explanation: str
    all_in: bool = False
    owed: int = 0
    returned: int = 0
    discretion: bool = False
    alternative: str | None = None
    tda_2024: str | None = None
    tda_2024_note: str | None = None


# House rule -> Poker TDA 2024 rule, for the rules a reading cites.
_TDA_2024 = {
    "3": "3", "36": "40", "38": "51", "41": "42", "42": "43", "43": "47", "44": "44",
    "45": "45", "49": "54", "55": "61",
}


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


@dataclass(frozen=True)
class _WagerReader:
    current_bet: int
    big_blind: int
    chips: tuple[int, ...]
    already_in: int
    stack: int | None
    raise_size: int
    heads_up: bool
    facing_opening_bet: bool
    max_raise_to: int | None
    wanted_change: bool
    opening_bet: int | None = None

    @property
    def to_call(self) -> int:
        return self.current_bet - self.already_in

    @property
    def min_raise_to(self) -> int:
        if self.current_bet == 0:
            return self.big_blind
        return self.current_bet + self.raise_size

    @property
    def pushed_total(self) -> int:
        return self.already_in + sum(self.chips)

    def _result(self, total: int, rule: str, explanation: str, **extra: Any) -> WagerReading:
        all_in = False
        if self.max_raise_to is not None and total > self.max_raise_to > self.current_bet:
            total = self.max_raise_to
            explanation = join_sentences(
                explanation,
                _("Capped at the pot-limit maximum of {maximum} (house rule 49).").format(
                    maximum=self.max_raise_to
                ),
            )
        if self.stack is not None and total >= self.already_in + self.stack:
            if total > self.already_in + self.stack:
                explanation = join_sentences(
                    explanation,
                    _("The player has only {stack} behind, so it is all-in.").format(
                        stack=self.stack
                    ),
                )
            total = self.already_in + self.stack
            all_in = self.stack > 0
        if total <= self.already_in and self.to_call == 0:
            action = "check"
        elif total <= self.current_bet:
            action = "call"
        else:
            action = "bet" if self.current_bet == 0 else "raise"
        if action in ("bet", "raise") and total < self.min_raise_to:
            explanation = join_sentences(
                explanation, _("It is an all-in for less than a full raise (house rule 43).")
            )
        added = total - self.already_in
        return WagerReading(
            action=action,
            total=total,
            rule=rule,
            explanation=explanation,
            all_in=all_in,
            owed=max(added - sum(self.chips), 0),
            returned=max(sum(self.chips) - added, 0),
            tda_2024=_TDA_2024.get(rule),
            **extra,
        )

    def _fold(self) -> WagerReading:
        return WagerReading(
            action="fold",
            total=self.already_in,
            rule="36",
            explanation=_("The player declared a fold."),
            returned=sum(self.chips),
        )

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

    def _change_note(self) -> str:
        if not self.wanted_change:
            return ""
        return _("Betting for change is not allowed: the chips pushed count (house rule 55).")

    def _bet(self, total: int, rule: str, template: str) -> WagerReading:
        """A bet of ``total``; ``template`` is an already translated sentence with ``{total}``."""
        if total < self.big_blind:
            return self._result(
                self.big_blind,
                "42",
                _("A bet must be at least the big blind, {minimum}.").format(
                    minimum=self.big_blind
                ),
            )
        return self._result(
            total, rule, join_sentences(template.format(total=total), self._change_note())
        )

    def _amount(self, total: int, *, stated: bool) -> WagerReading:
        """An amount without "raise": undercall (38-B) or the 50% standard (42-A)."""
        if self.current_bet == 0:
            template = (
                _("The amount stated makes a bet of {total}.")
                if stated
                else _("The amount pushed makes a bet of {total}.")
            )
            return self._bet(total, "36", template)
        if total < self.current_bet:
            return self._undercall(total)
        increase = total - self.current_bet
        if increase == 0:
            return self._result(
                total,
                "36",
                _("The amount stated matches the bet: a call.")
                if stated
                else _("The amount pushed matches the bet: a call."),
            )
        standard = ""
        if not stated and len(self.chips) > 1 and self.to_call > 0:
            standard = _(
                # xgettext:no-python-format
                "One chip can be removed and still leave the call, so the 50% standard "
                "applies (house rule 45)."
            )
        # Several chips pushed silently: house rule 45 (TDA 2024 45) is the rule that
        # decides, in every outcome, and it hands the amount to the 50% standard of
        # rule 42-A; one rule is cited whether the push ends a call or a raise.
        if self.wanted_change and not stated:
            rule = "55"
        elif standard:
            rule = "45"
        else:
            rule = "42"
        note = self._change_note()
        if total >= self.min_raise_to:
            sentence = (
                _("The amount stated makes a full raise, to {total}.")
                if stated
                else _("The amount pushed makes a full raise, to {total}.")
            )
            return self._result(
                total,
                rule,
                join_sentences(standard, sentence.format(total=total), note),
            )
        if 2 * increase >= self.raise_size:
            sentence = (
                _(
                    "The amount stated goes over the call by {increase}, at least half of the last "
                    "bet or raise ({size}): the player must make a full raise, to {minimum} "
                    "(house rule 42-A)."
                )
                if stated
                else _(
                    "The amount pushed goes over the call by {increase}, at least half of the last "
                    "bet or raise ({size}): the player must make a full raise, to {minimum} "
                    "(house rule 42-A)."
                )
            )
            return self._result(
                self.min_raise_to,
                rule,
                join_sentences(
                    standard,
                    sentence.format(
                        increase=increase, size=self.raise_size, minimum=self.min_raise_to
                    ),
                    note,
                ),
            )
        sentence = (
            _(
                "The amount stated goes over the call by {increase}, less than half of the last "
                "bet or raise ({size}), and no raise was declared: it is a call (house rule 42-A)."
            )
            if stated
            else _(
                "The amount pushed goes over the call by {increase}, less than half of the last "
                "bet or raise ({size}), and no raise was declared: it is a call (house rule 42-A)."
            )
        )
        return self._result(
            self.current_bet,
            rule,
            join_sentences(
                standard, sentence.format(increase=increase, size=self.raise_size), note
            ),
        )

    def _undercall(self, total: int) -> WagerReading:
        """House rule 38-B / TDA 2024 51-B: less than the call, without saying "call".

        A full call is mandatory heads-up, and multi-way when the bet faced is
        the round's opening bet. The rule is about the opening bet: when short
        all-ins have topped it up, chips short of the opening bet itself still
        undercall it (a full call); chips that cover the opening bet but not
        the all-ins leave two readings, so the floor decides.
        """
        short = _(
            "Less than the call of {bet} was put in without declaring “call”: an undercall."
        ).format(bet=self.current_bet)
        forfeit = total - self.already_in
        fold_instead = _(
            "The floor may instead let the player forfeit the {chips} pushed and fold."
        ).format(chips=forfeit)
        if self.heads_up or self.facing_opening_bet:
            why = (
                _("Heads-up facing a bet, it is a full call (house rule 38-B).")
                if self.heads_up
                else _("Facing the opening bet of the round, it is a full call (house rule 38-B).")
            )
            return self._result(self.current_bet, "38", join_sentences(short, why))
        opening = self.opening_bet
        if opening is not None and opening < self.current_bet:
            if total < opening:
                return self._result(
                    self.current_bet,
                    "38",
                    join_sentences(
                        short,
                        _(
                            "The chips do not even cover the opening bet of {opening}, which "
                            "only short all-ins have topped up: an undercall of the opening bet "
                            "is a full call (house rule 38-B, TDA 2024 51-B)."
                        ).format(opening=opening),
                    ),
                )
            return self._result(
                self.current_bet,
                "38",
                join_sentences(
                    short,
                    _(
                        "The chips cover the opening bet of {opening} but not the short all-in "
                        "on top of it. Read as facing the opening bet, it is a full call; read "
                        "as facing a larger bet, the floor decides (house rule 38-B, TDA 2024 "
                        "51-B)."
                    ).format(opening=opening),
                ),
                discretion=True,
                alternative=fold_instead,
            )
        return self._result(
            self.current_bet,
            "38",
            join_sentences(
                short,
                _("Facing a raise in a multi-way pot, the floor decides (house rule 38-B)."),
            ),
            discretion=True,
            alternative=fold_instead,
        )
