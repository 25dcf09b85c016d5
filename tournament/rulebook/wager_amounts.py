"""How a wager's amount reads once the words are known (``wager.py`` reads the words):
the total it makes, a call or a raise, the 50% standard, the oversized chip, an
undercall, betting for change, the pot-limit cap and the stack (house rules 36-45, 49, 55).

``AmountReader`` holds a wager's facts; ``wager._WagerReader`` adds the reading of
what was said and of silent chips.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tournament.rulebook.errors import _, join_sentences

__all__ = ["AmountReader", "WagerReading"]


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


@dataclass(frozen=True)
class AmountReader:
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
