"""Betting rounds and the reading of a wager.

``round_state`` replays the actions of one betting round and answers the
floor's questions: how much is there to call, what is the smallest legal
raise (house rule 42 / TDA 2024 rule 43), may this player raise again
(house rule 43 / TDA 2024 rule 47), and, in pot-limit, the largest raise
(house rule 49).

``read_wager`` turns what a player said and the chips they pushed into the
action the house rules make binding (house rules 36-45 and 55).

Amounts are per betting round: a seat's "total" is everything it has put in
during this round, blinds included, antes and earlier rounds excluded.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tournament.rulebook.errors import RulingInputError, _

KINDS = ("post", "check", "call", "bet", "raise", "allin", "fold")
LIMITS = ("no-limit", "pot-limit", "limit")

MSG_BIG_BLIND = _("The big blind must be a whole number of chips above zero.")
MSG_LIMIT = _("The betting structure must be no-limit, pot-limit or limit.")
MSG_KIND = _("“{kind}” is not an action; use post, check, call, bet, raise, allin or fold.")
MSG_AMOUNT = _("Seat {seat}: the amount must be a whole number of chips, zero or more.")
MSG_AMOUNT_NEEDED = _("Seat {seat}: a {kind} needs the seat's total for the round.")
MSG_AFTER_FOLD = _("Seat {seat} has folded and cannot act again this hand.")
MSG_AFTER_ALLIN = _("Seat {seat} is all-in and has no chips left to act with.")
MSG_POST_LATE = _(
    "Seat {seat} posts after the betting started; blinds are posted before anyone acts."
)
MSG_POST_DOWN = _("Seat {seat} cannot post less than it already has in.")
MSG_NOT_IN_ORDER = _("Seat {seat} is not in the acting order for this round.")
MSG_ROUND_OVER = _("The betting round is already over; seat {seat} cannot act.")
MSG_OUT_OF_TURN = _("Seat {seat} acted out of turn: seat {expected} is next to act.")
MSG_CHECK_FACING_BET = _("Seat {seat} cannot check: there are {to_call} chips to call.")
MSG_CALL_NOTHING = _("Seat {seat} has nothing to call; that is a check.")
MSG_CALL_AMOUNT = _(
    "Seat {seat}: a call makes the total {current}, not {amount}; a smaller call is an all-in."
)
MSG_BET_FACING_BET = _(
    "Seat {seat} cannot bet: there is already a bet of {current}; a bigger wager is a raise."
)
MSG_RAISE_NO_BET = _("Seat {seat} cannot raise: nobody has bet yet this round; record it as a bet.")
MSG_BET_TOO_SMALL = _(
    "Seat {seat}: a bet of {amount} is below the minimum of {minimum}; only an all-in may be smaller."
)
MSG_RAISE_TOO_SMALL = _(
    "Seat {seat}: a raise to {amount} is below the minimum raise to {minimum}; only an all-in may be smaller."
)
MSG_LIMIT_SIZE = _(
    "Seat {seat}: in limit betting this wager must make the total exactly {expected}."
)
MSG_OVER_POT = _("Seat {seat}: {amount} is over the pot-limit maximum of {maximum}.")
MSG_CAPPED = _("Seat {seat} cannot raise: the raises are capped for this round.")
MSG_NOT_REOPENED = _(
    "Seat {seat} may only call or fold: the betting was not reopened for them (house rule 43)."
)
MSG_ALLIN_NO_CHIPS = _(
    "Seat {seat}: an all-in must put more chips in than the seat already has in ({committed})."
)
MSG_LIMIT_BET = _("The limit bet size must be a whole number of chips above zero.")


@dataclass(frozen=True)
class Action:
    """One entry of a betting round: ``amount`` is the seat's total after it."""

    seat: int
    kind: str
    amount: int | None = None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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
    given (``None`` otherwise).
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
        pot after the call. Before the flop a short all-in blind counts as a
        full blind (49-B). Limit: the one size allowed.
        """
        if self.limit == "no-limit":
            return None
        if self.limit == "limit":
            return self.min_raise_to
        owed = self.current_bet - self.committed.get(seat, 0)
        return self.current_bet + self.pot_total + self.blind_shortfall + owed


def _check_action(raw: Any) -> Action:
    if isinstance(raw, Action):
        action = raw
    else:
        seat, kind, amount = raw
        action = Action(seat=seat, kind=kind, amount=amount)
    if action.kind not in KINDS:
        raise RulingInputError(MSG_KIND.format(kind=action.kind))
    if action.amount is None:
        if action.kind in ("post", "bet", "raise", "allin"):
            raise RulingInputError(MSG_AMOUNT_NEEDED.format(seat=action.seat, kind=action.kind))
    elif not _whole(action.amount) or action.amount < 0:
        raise RulingInputError(MSG_AMOUNT.format(seat=action.seat))
    return action


class _Replay:
    """Mutable scratchpad for ``round_state``; never leaves this module."""

    def __init__(self, *, big_blind: int, limit: str, limit_bet: int, order: Sequence[int] | None):
        self.big_blind = big_blind
        self.limit = limit
        self.limit_bet = limit_bet
        self.order = list(order) if order is not None else None
        self.current_bet = 0
        self.full_raise = limit_bet if limit == "limit" else big_blind
        self.last_full_level = 0  # limit only: the total of the last full bet or raise
        self.committed: dict[int, int] = {}
        self.folded: set[int] = set()
        self.all_in: set[int] = set()
        self.acted_at: dict[int, int] = {}
        self.bets = 0
        self.posted = 0
        self.last_actor: int | None = None

    @property
    def min_raise_to(self) -> int:
        if self.limit == "limit":
            return self.last_full_level + self.limit_bet
        return self.current_bet + self.full_raise

    def next_to_act(self) -> int | None:
        if self.order is None:
            return None
        active = [s for s in self.order if s not in self.folded and s not in self.all_in]
        in_hand = [s for s in self.order if s not in self.folded]
        if len(in_hand) <= 1:
            return None
        start = 0 if self.last_actor is None else self.order.index(self.last_actor) + 1
        for step in range(len(self.order)):
            seat = self.order[(start + step) % len(self.order)]
            if seat not in active:
                continue
            owes = self.committed.get(seat, 0) < self.current_bet
            if owes or (seat not in self.acted_at and len(active) > 1):
                return seat
        return None


def round_state(
    actions: Iterable[Action | tuple[int, str, int | None]],
    *,
    big_blind: int,
    limit: str = "no-limit",
    pot: int = 0,
    order: Sequence[int] | None = None,
    limit_bet: int | None = None,
    bet_cap: int | None = 4,
) -> RoundState:
    """Replay one betting round and return where it stands.

    ``actions``: ``(seat, kind, amount)`` in the order they happened, with
    ``kind`` one of post, check, call, bet, raise, allin, fold and ``amount``
    the seat's total for the round after the action (ignored for check and
    fold; optional for call). Posting a blind is not acting: the big blind
    keeps the option. Before the flop the amount to call is at least the big
    blind even when that blind is short and all-in.

    ``limit``: "no-limit", "pot-limit" or "limit" (alias "fixed-limit").
    ``pot``: chips already in the middle (earlier rounds, antes), for the
    pot-limit maximum. ``order``: the seats in acting order for this round
    (first to act first); when given, out-of-turn actions are refused.
    ``limit_bet``: limit only, the fixed bet size of this round (default the
    big blind); ``bet_cap`` is the number of bets and raises allowed in limit
    (house rule 47), ``None`` for no cap.

    House rules 42 (raise amounts), 43 (reopening), 47 (raise cap), 49
    (pot-limit) / TDA 2024 rules 43 and 47.
    """
    if not _whole(big_blind) or big_blind <= 0:
        raise RulingInputError(MSG_BIG_BLIND)
    limit = "limit" if limit == "fixed-limit" else limit
    if limit not in LIMITS:
        raise RulingInputError(MSG_LIMIT)
    bet_size = big_blind if limit_bet is None else limit_bet
    if not _whole(bet_size) or bet_size <= 0:
        raise RulingInputError(MSG_LIMIT_BET)
    if not _whole(pot) or pot < 0:
        raise RulingInputError(MSG_AMOUNT.format(seat="-"))
    replay = _Replay(big_blind=big_blind, limit=limit, limit_bet=bet_size, order=order)
    cap = bet_cap if limit == "limit" else None
    for raw in actions:
        _apply(replay, _check_action(raw), cap=cap, pot=pot)

    shortfall = 0
    if replay.posted and replay.posted < big_blind:
        shortfall = big_blind - replay.posted
    next_seat = replay.next_to_act()
    return RoundState(
        big_blind=big_blind,
        limit=limit,
        limit_bet=bet_size,
        current_bet=replay.current_bet,
        full_raise=replay.full_raise,
        min_raise_to=replay.min_raise_to,
        committed=dict(replay.committed),
        folded=frozenset(replay.folded),
        all_in=frozenset(replay.all_in),
        acted_at=dict(replay.acted_at),
        pot=pot,
        bets=replay.bets,
        bet_cap=cap,
        blind_shortfall=shortfall,
        next_to_act=next_seat,
        complete=None if order is None else next_seat is None,
        order=None if order is None else tuple(order),
    )


def _snapshot(replay: _Replay, pot: int, cap: int | None) -> RoundState:
    """A partial state, used to check a raise against the rules as they stand."""
    return RoundState(
        big_blind=replay.big_blind,
        limit=replay.limit,
        limit_bet=replay.limit_bet,
        current_bet=replay.current_bet,
        full_raise=replay.full_raise,
        min_raise_to=replay.min_raise_to,
        committed=replay.committed,
        folded=frozenset(replay.folded),
        all_in=frozenset(replay.all_in),
        acted_at=replay.acted_at,
        pot=pot,
        bets=replay.bets,
        bet_cap=cap,
        blind_shortfall=max(replay.big_blind - replay.posted, 0) if replay.posted else 0,
        next_to_act=None,
        complete=None,
    )


def _apply(replay: _Replay, action: Action, *, cap: int | None, pot: int) -> None:
    seat, kind, amount = action.seat, action.kind, action.amount
    if seat in replay.folded:
        raise RulingInputError(MSG_AFTER_FOLD.format(seat=seat))
    if seat in replay.all_in:
        raise RulingInputError(MSG_AFTER_ALLIN.format(seat=seat))
    had = replay.committed.get(seat, 0)

    if kind == "post":
        assert amount is not None
        if replay.acted_at or replay.folded:
            raise RulingInputError(MSG_POST_LATE.format(seat=seat))
        if amount < had:
            raise RulingInputError(MSG_POST_DOWN.format(seat=seat))
        replay.committed[seat] = amount
        replay.posted = max(replay.posted, amount)
        # The big blind is the opening bet of the first round (house rule 38-B),
        # even when the player posting it is short.
        replay.current_bet = max(replay.current_bet, amount, replay.big_blind)
        replay.last_full_level = max(replay.last_full_level, replay.current_bet)
        if replay.limit != "limit" and amount > replay.big_blind:
            replay.full_raise = max(replay.full_raise, amount)  # a straddle doubles the blind
        replay.bets = max(replay.bets, 1)
        return

    if replay.order is not None:
        if seat not in replay.order:
            raise RulingInputError(MSG_NOT_IN_ORDER.format(seat=seat))
        expected = replay.next_to_act()
        if expected is None:
            raise RulingInputError(MSG_ROUND_OVER.format(seat=seat))
        if seat != expected:
            raise RulingInputError(MSG_OUT_OF_TURN.format(seat=seat, expected=expected))
    replay.last_actor = seat
    to_call = replay.current_bet - had

    if kind == "fold":
        replay.committed[seat] = had
        replay.folded.add(seat)
        return
    if kind == "check":
        if to_call > 0:
            raise RulingInputError(MSG_CHECK_FACING_BET.format(seat=seat, to_call=to_call))
        replay.committed[seat] = had
        replay.acted_at[seat] = replay.current_bet
        return
    if kind == "call":
        if to_call <= 0:
            raise RulingInputError(MSG_CALL_NOTHING.format(seat=seat))
        if amount is not None and amount != replay.current_bet:
            raise RulingInputError(
                MSG_CALL_AMOUNT.format(seat=seat, current=replay.current_bet, amount=amount)
            )
        replay.committed[seat] = replay.current_bet
        replay.acted_at[seat] = replay.current_bet
        return

    assert amount is not None
    if kind == "bet" and replay.current_bet > 0:
        raise RulingInputError(MSG_BET_FACING_BET.format(seat=seat, current=replay.current_bet))
    if kind == "raise" and replay.current_bet == 0:
        raise RulingInputError(MSG_RAISE_NO_BET.format(seat=seat))
    if kind == "allin":
        if amount <= had:
            raise RulingInputError(MSG_ALLIN_NO_CHIPS.format(seat=seat, committed=had))
        if amount <= replay.current_bet:  # a call, perhaps for less
            replay.all_in.add(seat)
            replay.committed[seat] = amount
            replay.acted_at[seat] = replay.current_bet
            return

    state = _snapshot(replay, pot, cap)
    if not state.reopened_for(seat):
        if state.capped:
            raise RulingInputError(MSG_CAPPED.format(seat=seat))
        raise RulingInputError(MSG_NOT_REOPENED.format(seat=seat))
    minimum = replay.min_raise_to
    maximum = state.max_raise_to(seat)
    if kind != "allin":
        if replay.limit == "limit" and amount != minimum:
            raise RulingInputError(MSG_LIMIT_SIZE.format(seat=seat, expected=minimum))
        if amount < minimum:
            message = MSG_BET_TOO_SMALL if kind == "bet" else MSG_RAISE_TOO_SMALL
            raise RulingInputError(message.format(seat=seat, amount=amount, minimum=minimum))
    if maximum is not None and amount > maximum:
        raise RulingInputError(MSG_OVER_POT.format(seat=seat, amount=amount, maximum=maximum))

    increment = amount - replay.current_bet
    if replay.limit == "limit":
        # House rule 43: in limit, an all-in of half a bet or more counts as a full raise.
        full = 2 * increment >= replay.limit_bet
        if full:
            replay.last_full_level = minimum
            replay.bets += 1
    else:
        full = increment >= replay.full_raise
        if full:
            replay.full_raise = increment
            replay.bets += 1
    replay.current_bet = amount
    replay.committed[seat] = amount
    replay.acted_at[seat] = amount
    if kind == "allin":
        replay.all_in.add(seat)


# --- reading a wager -------------------------------------------------------

MSG_NEGATIVE = _("{name} cannot be negative.")
MSG_WHOLE = _("{name} must be a whole number of chips.")
MSG_CHIP = _("Each chip pushed must be a denomination above zero.")
MSG_OVER_STACK = _("The chips pushed ({pushed}) are more than the player's stack ({stack}).")
MSG_ALREADY_OVER = _(
    "The player already has more in ({already_in}) than the bet to call ({current_bet})."
)
MSG_UNREADABLE = _(
    "Could not read “{said}”: use call, check, fold, raise, raise to N, bet N, a number, pot or all-in."
)
MSG_NOTHING = _("The player neither said anything nor pushed chips: there is no wager to read.")
MSG_ALLIN_NO_STACK = _("To read an all-in, give the player's stack.")
MSG_CHECK_FACING = _(
    "“Check” is not possible facing a bet of {to_call} to call; ask the player to call, raise or fold."
)
MSG_ZERO = _("A wager of zero is not a bet; the player checked or said something else.")

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
    ``alternative`` says what else the floor may allow.
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


_TDA_2024 = {"42": "43", "43": "47"}


def _parse_said(said: str) -> tuple[str, int | None]:
    text = " ".join(said.strip().lower().replace("\u2013", "-").split())
    if text in ("", "nothing"):
        return "none", None
    if text in ("call", "check", "fold", "raise", "bet", "pot"):
        return text, None
    if text in _ALL_IN:
        return "allin", None
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    match = _WORD_PATTERN.match(text)
    if match is None:
        raise RulingInputError(MSG_UNREADABLE.format(said=said))
    number = float(match["number"]) * (1000 if match["k"] else 1)
    if number != int(number):
        raise RulingInputError(MSG_UNREADABLE.format(said=said))
    verb = match["verb"] or ("raise" if match["to"] else "amount")
    return verb, int(number)


def _check_chips(value: Any, name: str) -> int:
    if not _whole(value):
        raise RulingInputError(MSG_WHOLE.format(name=name))
    if value < 0:
        raise RulingInputError(MSG_NEGATIVE.format(name=name))
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

    ``said`` may be empty, "call", "check", "fold", "raise", "raise to N",
    "raise N" (N is the total, house rule 42-B), "bet N", a number alone
    (same as pushing that much silently, house rule 36-C), "pot" or "all-in".
    """
    _check_chips(current_bet, "The bet to call")
    _check_chips(already_in, "The chips already in")
    if not _whole(big_blind) or big_blind <= 0:
        raise RulingInputError(MSG_BIG_BLIND)
    if stack is not None:
        _check_chips(stack, "The stack")
    if already_in > current_bet:
        raise RulingInputError(
            MSG_ALREADY_OVER.format(already_in=already_in, current_bet=current_bet)
        )
    for chip in chips:
        if not _whole(chip) or chip <= 0:
            raise RulingInputError(MSG_CHIP)
    pushed = sum(chips)
    if stack is not None and pushed > stack:
        raise RulingInputError(MSG_OVER_STACK.format(pushed=pushed, stack=stack))
    if raise_size is None:
        raise_size = max(big_blind, current_bet)
    elif not _whole(raise_size) or raise_size <= 0:
        raise RulingInputError(MSG_WHOLE.format(name="The raise size"))

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
    )
    if said is not None and said.strip() and spoke_first:
        verb, amount = _parse_said(said)
        return reader.verbal(verb, amount)
    reading = reader.silent()
    if said is not None and said.strip():
        note = _(" The chips went in before the words, so the chips decide (house rule 36-A).")
        return replace(reading, explanation=reading.explanation + note)
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
            explanation += _(
                " Capped at the pot-limit maximum of {maximum} (house rule 49)."
            ).format(maximum=self.max_raise_to)
        if self.stack is not None and total >= self.already_in + self.stack:
            if total > self.already_in + self.stack:
                explanation += _(" The player has only {stack} behind, so it is all-in.").format(
                    stack=self.stack
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
            explanation += _(" It is an all-in for less than a full raise (house rule 43).")
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
                raise RulingInputError(MSG_CHECK_FACING.format(to_call=self.to_call))
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
                raise RulingInputError(MSG_ALLIN_NO_STACK)
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
                raise RulingInputError(MSG_ZERO)
            return self._amount(self.already_in + amount, stated=True)
        return self._declared_raise(verb, amount)

    def _declared_raise(self, verb: str, amount: int | None) -> WagerReading:
        """ "Raise" or "bet", with or without an amount: at least a full raise."""
        minimum = self.min_raise_to
        nonstandard = ""
        if verb == "bet" and self.current_bet > 0:
            nonstandard = _(" “Bet” facing a bet is read as a raise (house rule 3).")
        if amount is not None:
            if amount == 0:
                raise RulingInputError(MSG_ZERO)
            target = amount if amount > self.current_bet else self.current_bet + amount
            if target >= minimum:
                return self._result(
                    target,
                    "42",
                    _(
                        "A declared amount is the player's total for the round: {total} (house rule "
                        "42-B)."
                    ).format(total=target)
                    + nonstandard,
                )
            return self._result(
                minimum,
                "42",
                _(
                    "The declared amount is below the minimum; a declared raise must be at least a "
                    "full raise, to {minimum} (house rules 38-A and 42)."
                ).format(minimum=minimum)
                + nonstandard,
            )
        pushed = self.pushed_total
        if len(self.chips) == 1 and pushed >= minimum:
            return self._result(
                pushed,
                "44",
                _(
                    "The raise was declared before the chip went in, so it is the chip's full value, "
                    "{total} (house rule 44)."
                ).format(total=pushed)
                + nonstandard,
            )
        if pushed >= minimum:
            return self._result(
                pushed,
                "41",
                _("Raise declared and {total} pushed in one motion (house rule 41).").format(
                    total=pushed
                )
                + nonstandard,
            )
        return self._result(
            minimum,
            "41",
            _(
                "A raise was declared, so the player must raise at least the minimum, to {minimum} "
                "(house rules 38-A and 41-C)."
            ).format(minimum=minimum)
            + nonstandard,
        )

    def silent(self) -> WagerReading:
        """Chips pushed without a (prior) declaration: house rules 38-B, 42, 44, 45, 55."""
        if not self.chips:
            raise RulingInputError(MSG_NOTHING)
        pushed = self.pushed_total
        if self.stack is not None and sum(self.chips) == self.stack:
            return self._result(pushed, "36", _("The player pushed every chip: all-in."))
        if self.to_call > 0 and len(self.chips) == 1 and pushed > self.current_bet:
            return self._result(
                self.current_bet,
                "44",
                _(
                    "One oversized chip pushed facing a bet, without declaring a raise, is a call "
                    "(house rule 44)."
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
        if self.to_call > 0 and pushed >= self.current_bet:
            smallest = min(self.chips)
            if pushed - smallest < self.current_bet:
                return self._result(
                    self.current_bet,
                    "55" if self.wanted_change else "45",
                    _(
                        "Every chip is needed to make the call: removing one {chip} chip leaves less "
                        "than {bet}, so it is a call (house rule 45)."
                    ).format(chip=smallest, bet=self.current_bet)
                    + self._change_note(),
                )
        return self._amount(pushed, stated=False)

    def _change_note(self) -> str:
        if not self.wanted_change:
            return ""
        return _(" Betting for change is not allowed: the chips pushed count (house rule 55).")

    def _bet(self, total: int, rule: str, template: str) -> WagerReading:
        if total < self.big_blind:
            return self._result(
                self.big_blind,
                "42",
                _("A bet must be at least the big blind, {minimum}.").format(
                    minimum=self.big_blind
                ),
            )
        return self._result(total, rule, template.format(total=total) + self._change_note())

    def _amount(self, total: int, *, stated: bool) -> WagerReading:
        """An amount without "raise": undercall (38-B) or the 50% standard (42-A)."""
        source = _("The amount stated") if stated else _("The amount pushed")
        if self.current_bet == 0:
            return self._bet(total, "36", source + _(" makes a bet of {total}."))
        if total < self.current_bet:
            return self._undercall(total)
        increase = total - self.current_bet
        if increase == 0:
            return self._result(total, "36", source + _(" matches the bet: a call."))
        lead = source
        if not stated and len(self.chips) > 1 and self.to_call > 0:
            lead = _(
                "One chip can be removed and still leave the call, so the 50% standard "
                "applies (house rule 45). The amount pushed"
            )
        rule = "55" if self.wanted_change and not stated else "42"
        note = self._change_note()
        if total >= self.min_raise_to:
            return self._result(
                total,
                "45" if rule == "42" and lead is not source else rule,
                lead + _(" makes a full raise, to {total}.").format(total=total) + note,
            )
        if 2 * increase >= self.raise_size:
            return self._result(
                self.min_raise_to,
                rule,
                lead
                + _(
                    " goes over the call by {increase}, at least half of the last bet or raise "
                    "({size}): the player must make a full raise, to {minimum} (house rule "
                    "42-A)."
                ).format(increase=increase, size=self.raise_size, minimum=self.min_raise_to)
                + note,
            )
        return self._result(
            self.current_bet,
            rule,
            lead
            + _(
                " goes over the call by {increase}, less than half of the last bet or raise "
                "({size}), and no raise was declared: it is a call (house rule 42-A)."
            ).format(increase=increase, size=self.raise_size)
            + note,
        )

    def _undercall(self, total: int) -> WagerReading:
        """House rule 38-B: less than the call, without saying "call"."""
        short = _(
            "Less than the call of {bet} was put in without declaring “call”: an undercall."
        ).format(bet=self.current_bet)
        if self.heads_up or self.facing_opening_bet:
            why = (
                _(" Heads-up facing a bet")
                if self.heads_up
                else _(" Facing the opening bet of the round")
            )
            return self._result(
                self.current_bet,
                "38",
                short + why + _(", it is a full call (house rule 38-B)."),
            )
        forfeit = total - self.already_in
        return self._result(
            self.current_bet,
            "38",
            short + _(" Facing a raise in a multi-way pot, the floor decides (house rule 38-B)."),
            discretion=True,
            alternative=_(
                "The floor may instead let the player forfeit the {chips} pushed and fold."
            ).format(chips=forfeit),
        )


def read_wager_in(state: RoundState, seat: int, **kwargs: Any) -> WagerReading:
    """``read_wager`` for ``seat`` with the bet facts taken from a ``RoundState``.

    The keyword arguments are those of ``read_wager`` (``said``, ``chips``,
    ``stack``, ``spoke_first``, ``wanted_change``...); the state supplies the
    bet to call, the chips already in, the raise size, whether the pot is
    heads-up, whether the bet faced is the round's opening bet and the
    pot-limit maximum.
    """
    seen = set(state.committed) | set(state.order or ())
    in_hand = [s for s in seen if s not in state.folded]
    facts: dict[str, Any] = {
        "current_bet": state.current_bet,
        "big_blind": state.big_blind,
        "already_in": state.committed.get(seat, 0),
        "raise_size": state.full_raise,
        "heads_up": len(in_hand) == 2,
        "facing_opening_bet": state.bets <= 1,
        "max_raise_to": state.max_raise_to(seat) if state.limit == "pot-limit" else None,
    }
    facts.update(kwargs)
    return read_wager(**facts)
