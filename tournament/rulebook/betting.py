"""Betting rounds: the amount to call, the minimum raise, reopening.

``round_state`` replays the actions of one betting round and answers the
floor's questions: how much is there to call, what is the smallest legal
raise (house rule 42 / TDA 2024 rule 43), may this player raise again
(house rule 43 / TDA 2024 rule 47), and, in pot-limit, the largest raise
(house rule 49).

The actions' words and ``RoundState`` are ``betting_round.py``. The reading of a
wager (``read_wager``) lives in ``wager.py`` and is
re-exported here; ``read_wager_in`` reads a wager against a ``RoundState``.
``wager`` never imports this module, so the two import one way only.

Amounts are per betting round: a seat's "total" is everything it has put in
during this round, blinds included, antes and earlier rounds excluded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tournament.rulebook.betting_round import LIMITS, MSG_AMOUNT, Action, RoundState, check_action
from tournament.rulebook.errors import (
    MSG_BIG_BLIND,
    N_,
    RulingInputError,
    _,
    is_whole,
    require_whole,
)
from tournament.rulebook.wager import WagerReading, read_wager

__all__ = ["Action", "RoundState", "WagerReading", "read_wager", "read_wager_in", "round_state"]


MSG_LIMIT = N_("The betting structure must be no-limit, pot-limit or limit.")
MSG_AFTER_FOLD = N_("Seat {seat} has folded and cannot act again this hand.")
MSG_AFTER_ALLIN = N_("Seat {seat} is all-in and has no chips left to act with.")
MSG_POST_LATE = N_(
    "Seat {seat} posts after the betting started; blinds are posted before anyone acts."
)
MSG_POST_DOWN = N_("Seat {seat} cannot post less than it already has in.")
MSG_NOT_IN_ORDER = N_("Seat {seat} is not in the acting order for this round.")
MSG_ROUND_OVER = N_("The betting round is already over; seat {seat} cannot act.")
MSG_OUT_OF_TURN = N_("Seat {seat} acted out of turn: seat {expected} is next to act.")
MSG_CHECK_FACING_BET = N_("Seat {seat} cannot check: there are {to_call} chips to call.")
MSG_CALL_NOTHING = N_("Seat {seat} has nothing to call; that is a check.")
MSG_CALL_AMOUNT = N_(
    "Seat {seat}: a call makes the total {current}, not {amount}; a smaller call is an all-in."
)
MSG_BET_FACING_BET = N_(
    "Seat {seat} cannot bet: there is already a bet of {current}; a bigger wager is a raise."
)
MSG_RAISE_NO_BET = N_(
    "Seat {seat} cannot raise: nobody has bet yet this round; record it as a bet."
)
MSG_BET_TOO_SMALL = N_(
    "Seat {seat}: a bet of {amount} is below the minimum of {minimum}; only an all-in may be smaller."
)
MSG_RAISE_TOO_SMALL = N_(
    "Seat {seat}: a raise to {amount} is below the minimum raise to {minimum}; only an all-in may be smaller."
)
MSG_LIMIT_SIZE = N_(
    "Seat {seat}: in limit betting this wager must make the total exactly {expected}."
)
MSG_OVER_POT = N_("Seat {seat}: {amount} is over the pot-limit maximum of {maximum}.")
MSG_CAPPED = N_("Seat {seat} cannot raise: the raises are capped for this round.")
MSG_NOT_REOPENED = N_(
    "Seat {seat} may only call or fold: the betting was not reopened for them (house rule 43)."
)
MSG_ALLIN_NO_CHIPS = N_(
    "Seat {seat}: an all-in must put more chips in than the seat already has in ({committed})."
)
MSG_LIMIT_BET = N_("The limit bet size must be a whole number of chips above zero.")
MSG_SMALL_BLIND = N_(
    "The small blind must be a whole number of chips above zero and no more than the big blind."
)
MSG_BLIND_DUE = N_("Seat {seat}: the blind due must be a whole number of chips, zero or more.")




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
        self.opening_bet = 0
        self.posts: dict[int, int] = {}  # seat -> blind posted, in posting order
        self.blinds_due: Mapping[int, int] | None = None
        self.small_blind = big_blind // 2
        self.last_actor: int | None = None

    @property
    def blind_shortfall(self) -> int:
        """Chips the blinds due lack (dead or short all-in blinds), before the flop only.

        House rule 49-B / TDA 2024 54-B: pre-flop, the pot-limit pot is
        counted as if every blind were posted in full, whichever blind is
        short or dead. ``blinds_due`` maps seat to the blind due there; without
        it, the first seat to post owes the small blind and the second the
        big blind (a single post is the big blind), later posts (straddles)
        owe what they posted.
        """
        if not self.posts:
            return 0
        due = self.blinds_due
        if due is None:
            seats = list(self.posts)
            if len(seats) == 1:
                due = {seats[0]: self.big_blind}
            else:
                due = {seats[0]: self.small_blind, seats[1]: self.big_blind}
        return sum(max(amount - self.posts.get(seat, 0), 0) for seat, amount in due.items())

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
    small_blind: int | None = None,
    blinds: Mapping[int, int] | None = None,
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

    ``small_blind`` (default half the big blind) and ``blinds`` (seat → blind
    due, for a dead small blind or a third blind) say what each blind should
    have been, so that a short all-in or dead blind of either kind leaves the
    pot-limit maximum where full blinds would put it (house rule 49-B / TDA
    2024 54-B). A dead small blind may also be written as ``post 0``.

    House rules 42 (raise amounts), 43 (reopening), 47 (raise cap), 49
    (pot-limit) / TDA 2024 rules 43 and 47.
    """
    require_whole(big_blind, MSG_BIG_BLIND, minimum=1)
    limit = "limit" if limit == "fixed-limit" else limit
    if limit not in LIMITS:
        raise RulingInputError(_(MSG_LIMIT))
    bet_size = big_blind if limit_bet is None else limit_bet
    require_whole(bet_size, MSG_LIMIT_BET, minimum=1)
    require_whole(pot, MSG_AMOUNT, seat="-")
    replay = _Replay(big_blind=big_blind, limit=limit, limit_bet=bet_size, order=order)
    if small_blind is not None:
        if not is_whole(small_blind) or not 0 < small_blind <= big_blind:
            raise RulingInputError(_(MSG_SMALL_BLIND))
        replay.small_blind = small_blind
    if blinds is not None:
        for seat, due in blinds.items():
            require_whole(due, MSG_BLIND_DUE, seat=seat)
        replay.blinds_due = dict(blinds)
    cap = bet_cap if limit == "limit" else None
    for raw in actions:
        _apply(replay, check_action(raw), cap=cap, pot=pot)

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
        blind_shortfall=replay.blind_shortfall,
        next_to_act=next_seat,
        complete=None if order is None else next_seat is None,
        order=None if order is None else tuple(order),
        opening_bet=replay.opening_bet,
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
        blind_shortfall=replay.blind_shortfall,
        next_to_act=None,
        complete=None,
    )


def _apply(replay: _Replay, action: Action, *, cap: int | None, pot: int) -> None:
    seat, kind, amount = action.seat, action.kind, action.amount
    if seat in replay.folded:
        raise RulingInputError(_(MSG_AFTER_FOLD).format(seat=seat))
    if seat in replay.all_in:
        raise RulingInputError(_(MSG_AFTER_ALLIN).format(seat=seat))
    had = replay.committed.get(seat, 0)

    if kind == "post":
        assert amount is not None
        if replay.acted_at or replay.folded:
            raise RulingInputError(_(MSG_POST_LATE).format(seat=seat))
        if amount < had:
            raise RulingInputError(_(MSG_POST_DOWN).format(seat=seat))
        replay.committed[seat] = amount
        replay.posts[seat] = amount
        # The big blind is the opening bet of the first round (house rule 38-B),
        # even when the player posting it is short.
        replay.current_bet = max(replay.current_bet, amount, replay.big_blind)
        replay.opening_bet = replay.current_bet  # a straddle opens the round in its place
        replay.last_full_level = max(replay.last_full_level, replay.current_bet)
        if replay.limit != "limit" and amount > replay.big_blind:
            replay.full_raise = max(replay.full_raise, amount)  # a straddle doubles the blind
        replay.bets = max(replay.bets, 1)
        return

    if replay.order is not None:
        if seat not in replay.order:
            raise RulingInputError(_(MSG_NOT_IN_ORDER).format(seat=seat))
        expected = replay.next_to_act()
        if expected is None:
            raise RulingInputError(_(MSG_ROUND_OVER).format(seat=seat))
        if seat != expected:
            raise RulingInputError(_(MSG_OUT_OF_TURN).format(seat=seat, expected=expected))
    replay.last_actor = seat
    to_call = replay.current_bet - had

    if kind == "fold":
        replay.committed[seat] = had
        replay.folded.add(seat)
        return
    if kind == "check":
        if to_call > 0:
            raise RulingInputError(_(MSG_CHECK_FACING_BET).format(seat=seat, to_call=to_call))
        replay.committed[seat] = had
        replay.acted_at[seat] = replay.current_bet
        return
    if kind == "call":
        if to_call <= 0:
            raise RulingInputError(_(MSG_CALL_NOTHING).format(seat=seat))
        if amount is not None and amount != replay.current_bet:
            raise RulingInputError(
                _(MSG_CALL_AMOUNT).format(seat=seat, current=replay.current_bet, amount=amount)
            )
        replay.committed[seat] = replay.current_bet
        replay.acted_at[seat] = replay.current_bet
        return

    assert amount is not None
    if kind == "bet" and replay.current_bet > 0:
        raise RulingInputError(_(MSG_BET_FACING_BET).format(seat=seat, current=replay.current_bet))
    if kind == "raise" and replay.current_bet == 0:
        raise RulingInputError(_(MSG_RAISE_NO_BET).format(seat=seat))
    if kind == "allin":
        if amount <= had:
            raise RulingInputError(_(MSG_ALLIN_NO_CHIPS).format(seat=seat, committed=had))
        if amount <= replay.current_bet:  # a call, perhaps for less
            replay.all_in.add(seat)
            replay.committed[seat] = amount
            replay.acted_at[seat] = replay.current_bet
            return

    state = _snapshot(replay, pot, cap)
    if not state.reopened_for(seat):
        if state.capped:
            raise RulingInputError(_(MSG_CAPPED).format(seat=seat))
        raise RulingInputError(_(MSG_NOT_REOPENED).format(seat=seat))
    minimum = replay.min_raise_to
    maximum = state.max_raise_to(seat)
    if kind != "allin":
        if replay.limit == "limit" and amount != minimum:
            raise RulingInputError(_(MSG_LIMIT_SIZE).format(seat=seat, expected=minimum))
        if amount < minimum:
            message = MSG_BET_TOO_SMALL if kind == "bet" else MSG_RAISE_TOO_SMALL
            raise RulingInputError(_(message).format(seat=seat, amount=amount, minimum=minimum))
    if maximum is not None and amount > maximum:
        raise RulingInputError(_(MSG_OVER_POT).format(seat=seat, amount=amount, maximum=maximum))

    increment = amount - replay.current_bet
    if replay.current_bet == 0:
        replay.opening_bet = amount
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


def read_wager_in(state: RoundState, seat: int, **kwargs: Any) -> WagerReading:
    """``read_wager`` for ``seat`` with the bet facts taken from a ``RoundState``.

    The keyword arguments are those of ``read_wager`` (``said``, ``chips``,
    ``stack``, ``spoke_first``, ``wanted_change``...); the state supplies the
    bet to call, the chips already in, the raise size, whether the pot is
    heads-up, whether the bet faced is the round's opening bet (or the
    opening bet topped up only by short all-ins) and the pot-limit maximum.
    """
    # The seat reading its wager is in the hand too, whether it has acted yet or not.
    seen = set(state.committed) | set(state.order or ()) | {seat}
    in_hand = [s for s in seen if s not in state.folded]
    unraised = state.bets <= 1
    facts: dict[str, Any] = {
        "current_bet": state.current_bet,
        "big_blind": state.big_blind,
        "already_in": state.committed.get(seat, 0),
        "raise_size": state.full_raise,
        "heads_up": len(in_hand) == 2,
        "facing_opening_bet": unraised and state.current_bet == state.opening_bet,
        "max_raise_to": state.max_raise_to(seat) if state.limit == "pot-limit" else None,
    }
    if unraised and 0 < state.opening_bet < state.current_bet:
        facts["opening_bet"] = state.opening_bet
    facts.update(kwargs)
    return read_wager(**facts)
