"""Breaking, balancing and the final table (pure; no Django).

``plan`` looks at the tables as they stand after a bust (or several) and says
what the floor must do now; ``apply`` carries a plan out on the same input.

* Breaking, house rules 9 and 9B / TDA 2024 10: tables break in a
  predetermined, visible order (see ``break_sequence``) as soon as the other
  tables' seats can hold everyone, but two tables always stay until the field
  is down to the final-table size. The players of the broken tables are drawn
  into the open seats by ``seating.seat_randomly_detailed``: emptiest tables
  first, random seats, any seat including the blinds and the button, but not
  between the small blind and the button while another seat at that table is
  open (such a player waits for the button to pass).
* Balancing, house rule 9C / TDA 2024 11: while the largest table has more
  than ``tolerance`` players over the smallest, one player moves from a
  largest table to a smallest one. Ties: the giver is the tied table that
  breaks first (its players will move anyway), the receiver the tied table
  that breaks last (the newcomer is least likely to move again). With the
  giver's button known, the player due the big blind next moves; otherwise a
  random player, and the plan notes it. With the receiver's button known the
  player takes its worst position (the first open seat after its big blind:
  the next big blind, never the small blind); otherwise a random open seat,
  noted too. A table 3 or more short of the largest halts play until balanced
  (``Plan.halted``, measured before any move).
* Final table, house rule 10 / TDA 2024 RP-9: when the field is down to
  ``final_table_size`` or fewer (a double bust may skip past the number) and
  more than one table remains, every other table breaks and everybody,
  including the players already at the final table, redraws seats 1..n there
  at random. The final table is the table that breaks last in the
  predetermined order (the first in ``break_sequence`` read from the end) that
  has enough seats.

The plan (its moves, the rule behind each, and applying it) is ``plan.py``.
A plan is minimal: it moves only the players the rules require, each at most
once. Applying all its moves at once (a final redraw may swap seats) gives a
legal state for which ``plan`` returns an empty plan.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import replace

from tables.domain.draw import two_step_draw
from tables.domain.plan import HALT_SHORTFALL, Move, Plan, apply, apply_moves, rule_for
from tables.domain.seating import seat_randomly_detailed
from tables.domain.table import Table, break_rank

# ``Move``, ``Plan``, ``apply`` and ``rule_for`` are ``plan.py``'s, named here too: a plan is
# what this module makes.
__all__ = ["Move", "Plan", "apply", "break_sequence", "plan", "rule_for"]



def break_sequence(tables: Iterable[Table]) -> list[Table]:
    """Tables in the predetermined breaking order, first to break first.

    House 9B / TDA 2024 10: the higher ``break_order`` breaks first; ties go
    to the higher table number, so the default (all 0) is highest number first.
    """
    return sorted(tables, key=break_rank)


def plan(
    tables: Sequence[Table],
    *,
    final_table_size: int,
    tolerance: int = 1,
    rng: random.Random,
    moving: frozenset[Hashable] = frozenset(),
    needs_access: frozenset[Hashable] = frozenset(),
    final_table: bool = True,
) -> Plan:
    """The breaks and moves the rules require now (see the module docstring).

    ``final_table=False``: a Day 1 flight of a festival event, which has no final
    table: no redraw at the final-table size; tables break as soon as the others
    hold everyone, down to one.

    ``tables``: every table in play, with its players, button (None when
    unknown) and break order. ``final_table_size``: the edition's number
    (house 9, or 6 six-max). ``tolerance``: the largest allowed difference
    between table counts (house 9C: 1). ``rng`` drives every random choice.
    ``moving``: entries whose earlier move is still pending; balancing picks
    one of them only when every player of the giving table is moving (a
    break or a final redraw moves them all, and the service then updates the
    pending move in place: one pending move per player). ``needs_access``:
    players who keep an accessible seat (house 8 / TDA 2024 9): balancing
    does not pick them while anyone else can move, and a break or the final
    redraw gives them an accessible seat while one is open.
    Raises ``ValueError`` for a bad argument, a repeated table number, or a
    final table that no table has the seats for.
    """
    if tolerance < 1:
        raise ValueError("tolerance must be at least 1")
    if final_table_size < 2:
        raise ValueError("final_table_size must be at least 2")
    if len({t.number for t in tables}) != len(tables):
        raise ValueError("a table number appears twice")
    if not tables:
        return Plan()

    largest = max(t.count for t in tables)
    halted = tuple(sorted(t.number for t in tables if largest - t.count >= HALT_SHORTFALL))
    total = sum(t.count for t in tables)
    order = break_sequence(tables)

    if final_table and len(tables) > 1 and total <= final_table_size:
        return _final_table(order, total, halted, rng, needs_access)

    # Break in order while the remaining tables can hold everyone and at least
    # two would stay (one, where no final table forms).
    seat_total = sum(t.usable for t in tables)
    broken: list[Table] = []
    while len(order) - len(broken) >= (3 if final_table else 2):
        candidate = order[len(broken)]
        if total > seat_total - candidate.usable:
            break
        broken.append(candidate)
        seat_total -= candidate.usable

    notes: list[tuple[str, Hashable]] = []
    moves: list[Move] = []
    working = {t.number: t for t in tables}
    if broken:
        moves = _break_moves(broken, order[len(broken) :], rng, notes, needs_access)
        for table in broken:
            del working[table.number]
        working = apply_moves(working, moves)

    moves.extend(_balance_moves(working, order, tolerance, rng, notes, moving | needs_access))
    return Plan(
        breaks=tuple(t.number for t in broken),
        moves=tuple(moves),
        halted=halted,
        notes=tuple(notes),
    )


def _final_table(
    order: list[Table], total: int, halted: tuple[int, ...], rng: random.Random,
    needs_access: frozenset[Hashable] = frozenset(),
) -> Plan:
    """House 10 / TDA 2024 RP-9: everybody redraws seats 1..n at the last table to break."""
    final = next((t for t in reversed(order) if t.usable >= total), None)
    if final is None:
        raise ValueError(f"no table has {total} seats for the final table")
    seat_cards = [s for s in range(1, final.capacity + 1) if s not in final.blocked][:total]
    rng.shuffle(seat_cards)
    players = [(t.number, seat, t.seats[seat]) for t in order for seat in sorted(t.seats)]
    notes: list[tuple[str, Hashable]] = [("final_table", final.number)]
    if needs_access & {entry for _n, _s, entry in players}:
        seat_cards = _accessible_cards_first(players, seat_cards, final.accessible, needs_access)
        notes.extend(("no_accessible_seat", entry)
                     for (_n, _s, entry), card in zip(players, seat_cards, strict=True)
                     if entry in needs_access and card not in final.accessible)
    moves = tuple(
        Move(entry, number, seat, final.number, card, "final")
        for (number, seat, entry), card in zip(players, seat_cards, strict=True)
    )
    return Plan(
        breaks=tuple(t.number for t in order if t.number != final.number),
        moves=moves,
        final_table=True,
        halted=halted,
        notes=tuple(notes),
        final_table_number=final.number,
    )


def _accessible_cards_first(players, seat_cards, accessible, needs_access) -> list[int]:
    """Swap drawn seat cards so players who need an accessible seat hold one, while any is
    left (house 8 / TDA 2024 9); everyone else keeps the card drawn."""
    cards = list(seat_cards)
    for i, (_n, _s, entry) in enumerate(players):
        if entry not in needs_access or cards[i] in accessible:
            continue
        swap = next((j for j, c in enumerate(cards) if c in accessible
                     and players[j][2] not in needs_access), None)
        if swap is not None:
            cards[i], cards[swap] = cards[swap], cards[i]
    return cards


def _break_moves(
    broken: list[Table],
    others: list[Table],
    rng: random.Random,
    notes: list[tuple[str, Hashable]],
    needs_access: frozenset[Hashable] = frozenset(),
) -> list[Move]:
    """House 9 / TDA 2024 10: the broken tables' players draw the open seats.

    Players who need an accessible seat take an open one first, at random
    (house 8 / TDA 2024 9); the others draw the seats left.
    """
    origin = {t.seats[s]: (t.number, s) for t in broken for s in sorted(t.seats)}
    moves = []
    if needs_access & origin.keys():
        others = list(others)
        for entry in [e for e in origin if e in needs_access]:
            free = [(i, t.number, s) for i, t in enumerate(others) for s in t.open_seats
                    if s in t.accessible]
            if not free:
                notes.append(("no_accessible_seat", entry))
                continue
            i, number, seat = rng.choice(free)
            from_table, from_seat = origin.pop(entry)
            moves.append(Move(entry, from_table, from_seat, number, seat, "break"))
            others[i] = replace(others[i], seats={**others[i].seats, seat: entry})
    result = seat_randomly_detailed(origin, others, rng)
    if result.waiting:  # pragma: no cover - breaking only happens when the seats suffice
        raise AssertionError("broken table's players do not fit")
    # The seats drawn are the seat cards shown; the two-step draw hands them out.
    cards = {(a.table, a.seat): a for a in result.assignments}
    drawn = two_step_draw(list(origin), list(cards), rng)
    for d in drawn:
        a = cards[d.seat_card]
        from_table, from_seat = origin[d.player]
        moves.append(Move(d.player, from_table, from_seat, a.table, a.seat, "break",
                          a.wait_for_button, d.high_card))
        if a.wait_for_button:
            notes.append(("wait_for_button", d.player))
    return moves


def _balance_moves(
    working: dict[int, Table],
    order: list[Table],
    tolerance: int,
    rng: random.Random,
    notes: list[tuple[str, Hashable]],
    moving: frozenset[Hashable] = frozenset(),
) -> list[Move]:
    """House 9C / TDA 2024 11: largest to smallest until within ``tolerance``.

    The mover is the player due the big blind next; one already moving (a
    pending move) is passed over for the next in big-blind order.
    """
    if len(working) < 2:
        return []
    position = {t.number: i for i, t in enumerate(order)}
    # Lazy heaps: givers (largest, then first to break), receivers (smallest, then last to break).
    givers = [(-t.count, position[n], n) for n, t in working.items()]
    receivers = [(t.count, -position[n], n) for n, t in working.items()]
    heapq.heapify(givers)
    heapq.heapify(receivers)
    moves: list[Move] = []
    noted: set[tuple[str, int]] = set()
    while True:
        while -givers[0][0] != working[givers[0][2]].count:
            heapq.heappop(givers)
        # A full table cannot receive (fewer usable seats: blocked seats, a smaller table).
        while receivers and (receivers[0][0] != working[receivers[0][2]].count
                             or working[receivers[0][2]].count >= working[receivers[0][2]].usable):
            heapq.heappop(receivers)
        if not receivers:
            return moves
        source, target = working[givers[0][2]], working[receivers[0][2]]
        if source.count - target.count <= tolerance:
            return moves

        settled = [s for s in source.big_blind_order() if source.seats[s] not in moving]
        if source.button is not None and source.count >= 2:
            from_seat = settled[0] if settled else source.next_big_blind_seat
        else:
            candidates = [s for s in sorted(source.seats) if source.seats[s] not in moving]
            from_seat = rng.choice(candidates or sorted(source.seats))
            _note_once(notes, noted, "random_mover", source.number)
        to_seat = target.worst_position
        if to_seat is None:
            to_seat = rng.choice(target.open_seats)
            _note_once(notes, noted, "random_seat", target.number)
        entry = source.seats[from_seat]
        wait = target.between_sb_and_button(to_seat)
        if wait:
            notes.append(("wait_for_button", entry))
        moves.append(Move(entry, source.number, from_seat, target.number, to_seat, "balance", wait))

        source_seats = dict(source.seats)
        del source_seats[from_seat]
        target_seats = dict(target.seats)
        target_seats[to_seat] = entry
        working[source.number] = replace(source, seats=source_seats)
        working[target.number] = replace(target, seats=target_seats)
        for table in (working[source.number], working[target.number]):
            heapq.heappush(givers, (-table.count, position[table.number], table.number))
            heapq.heappush(receivers, (table.count, -position[table.number], table.number))


def _note_once(
    notes: list[tuple[str, Hashable]], noted: set[tuple[str, int]], kind: str, table: int
) -> None:
    if (kind, table) not in noted:
        noted.add((kind, table))
        notes.append((kind, table))
