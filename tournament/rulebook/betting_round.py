"""A betting round's words and state: the action kinds and the words the floor types for
them (English and Chinese, house rule 3), one action, and ``RoundState``, what
``betting.round_state`` answers once it has replayed a round (house rules 42, 43, 49).

Amounts are per betting round, as in ``betting``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tournament.rulebook.errors import N_, RulingInputError, _, require_whole

KINDS = ("post", "check", "call", "bet", "raise", "allin", "fold")
# Words the floor types for each kind, English and Chinese (house rule 3: official terms).
KIND_WORDS: dict[str, str] = {
    **{kind: kind for kind in KINDS},
    "all-in": "allin", "shove": "allin", "blind": "post",
    "下注": "bet", "跟注": "call", "加注": "raise", "全下": "allin", "全押": "allin",
    "弃牌": "fold", "过牌": "check", "让牌": "check", "盲注": "post", "下盲": "post",
}
# The word shown for each kind to a Chinese reader.
KIND_ZH = {"post": "盲注", "check": "过牌", "call": "跟注", "bet": "下注", "raise": "加注",
           "allin": "全下", "fold": "弃牌"}
LIMITS = ("no-limit", "pot-limit", "limit")

MSG_KIND = N_("“{kind}” is not an action; use post, check, call, bet, raise, allin or fold.")
MSG_AMOUNT = N_("Seat {seat}: the amount must be a whole number of chips, zero or more.")
MSG_AMOUNT_NEEDED = N_("Seat {seat}: a {kind} needs the seat's total for the round.")


@dataclass(frozen=True)
class Action:
    """One entry of a betting round: ``amount`` is the seat's total after it."""

    seat: int
    kind: str
    amount: int | None = None



def action_kind(word: str) -> str | None:
    """The action kind for a word typed in English or Chinese ("raise", "加注"), else None."""
    return KIND_WORDS.get(word.strip().lower())


@dataclass(frozen=True)
class RoundState:
    """Where a betting round stands after the actions given.

    ``current_bet`` is the total a player must have in to call;
    ``full_raise`` is the largest full bet or raise of the round (the big
    blind before any), which the next raise must match (house rule 42);
    ``min_raise_to`` is the smallest total a raise may make (or the smallest
    bet when nobody has bet). ``acted_at`` maps each seat that has acted
    voluntarily to the bet it had matched when it last acted.
    ``next_to_act`` and ``complete`` are only known when an acting order was
    given (``None`` otherwise). ``opening_bet`` is the round's first chip bet
    (the big blind before the flop, house rule 38-B / TDA 2024 51-B), 0 while
    nobody has bet.
    """

    big_blind: int
    limit: str
    limit_bet: int
    current_bet: int
    full_raise: int
    min_raise_to: int
    committed: Mapping[int, int]
    folded: frozenset[int]
    all_in: frozenset[int]
    acted_at: Mapping[int, int]
    pot: int
    bets: int
    bet_cap: int | None
    blind_shortfall: int
    next_to_act: int | None
    complete: bool | None
    order: tuple[int, ...] | None = None
    opening_bet: int = 0

    @property
    def capped(self) -> bool:
        """Limit only: no more raises this round (house rule 47)."""
        return self.limit == "limit" and self.bet_cap is not None and self.bets >= self.bet_cap

    @property
    def pot_total(self) -> int:
        """Chips in the middle now: earlier rounds, antes and this round."""
        return self.pot + sum(self.committed.values())

    def to_call(self, seat: int) -> int:
        """Chips ``seat`` must add to call."""
        return max(self.current_bet - self.committed.get(seat, 0), 0)

    def reopened_for(self, seat: int) -> bool:
        """True when ``seat`` may raise, stack permitting.

        House rule 43 / TDA 2024 rule 47: a seat that has not acted yet this
        round may raise. A seat that has acted may raise again only when the
        bet has grown by at least a full raise since it acted; short all-ins
        count together, so several of them that add up to a full raise
        reopen the betting. In limit, half a full raise is enough.
        """
        if seat in self.folded or seat in self.all_in or self.capped:
            return False
        if seat not in self.acted_at:
            return True
        growth = self.current_bet - self.acted_at[seat]
        if self.limit == "limit":
            return growth > 0 and 2 * growth >= self.limit_bet
        return growth >= self.full_raise

    def max_raise_to(self, seat: int) -> int | None:
        """The largest total ``seat`` may bet or raise to; ``None`` means no limit.

        Pot-limit (house rule 49): call first, then raise the size of the
        pot after the call. Before the flop a short all-in or dead blind, big
        or small, counts as a full blind (49-B / TDA 2024 54-B). Limit: the
        one size allowed.
        """
        if self.limit == "no-limit":
            return None
        if self.limit == "limit":
            return self.min_raise_to
        owed = self.current_bet - self.committed.get(seat, 0)
        return self.current_bet + self.pot_total + self.blind_shortfall + owed


def check_action(raw: Any) -> Action:
    """An action as given (an ``Action`` or ``(seat, kind, amount)``), checked."""
    if isinstance(raw, Action):
        action = raw
    else:
        seat, kind, amount = raw
        action = Action(seat=seat, kind=kind, amount=amount)
    if action.kind not in KINDS:
        raise RulingInputError(_(MSG_KIND).format(kind=action.kind))
    if action.amount is None:
        if action.kind in ("post", "bet", "raise", "allin"):
            raise RulingInputError(_(MSG_AMOUNT_NEEDED).format(seat=action.seat, kind=action.kind))
    else:
        require_whole(action.amount, MSG_AMOUNT, seat=action.seat)
    return action
