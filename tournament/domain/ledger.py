"""The ledger of finishes: the places of the players out in one hand, and every entry's prize.

Pure: no Django. One function turns the payout table, the finishes and the
deal in force into each entry's prize (``prizes``); every screen, export and
the cashier read it. The places of one hand come from ``hand_places``.

Rules (TDA 2024 on simultaneous eliminations, as the house plays them):

- Players out in the same hand at different tables share the places they
  cover: the prizes of those places are added up and split evenly.
- Players out in the same hand at one table finish by the chips they started
  the hand with, the bigger stack higher; equal stacks share. Without those
  stacks the places cannot be decided (``stacks_wanted``): the floor is asked.
- Both together: the k-th best of each table share the next places down.
- The odd unit of a shared prize (``unit``: what payouts are rounded to) goes
  to the higher place, as house rule 18-C gives the odd chip of a split pot
  to the high hand; what is left below one unit goes to the highest place.
- A deal shares exactly the prizes of the places its players still hold
  (1 to the number of players in it), less what was kept to play for, which
  goes to whoever finishes 1st.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

__all__ = ["Bust", "DealTerms", "Placed", "hand_places", "prizes", "stacks_wanted"]


@dataclass(frozen=True, slots=True)
class Bust:
    """One player out in a hand: the place the bust took (the players left before it),
    the table it happened at, and the chips at the start of the hand when entered."""

    entry: Hashable
    place: int
    table: int | None = None
    stack: int | None = None


@dataclass(frozen=True, slots=True)
class Placed:
    """A finish as the ledger holds it: ``place`` (unique), ``tied`` the best place of the
    places shared with others (None when not shared)."""

    entry: Hashable
    place: int
    tied: int | None = None


@dataclass(frozen=True, slots=True)
class DealTerms:
    """The deal in force: each player's agreed share, and what was kept for 1st."""

    shares: Mapping[Hashable, int] = field(default_factory=dict)
    keep: int = 0


def stacks_wanted(busts: Sequence[Bust]) -> list[Hashable]:
    """Players out at a table where another player went out in the same hand and whose
    starting stack is not known: their places cannot be decided yet."""
    by_table: dict[Hashable, list[Bust]] = {}
    for bust in busts:
        by_table.setdefault(bust.table, []).append(bust)
    return [b.entry for group in by_table.values() if len(group) > 1
            for b in group if b.stack is None]


def hand_places(busts: Sequence[Bust]) -> dict[Hashable, tuple[int, int | None]]:
    """``(place, tied)`` of every player out in one hand.

    The places covered are the places the busts took. At each table the
    players are ranked by starting stack (equal stacks share a rank; a lone
    bust at its table is its table's first); the players of the same rank at
    different tables share the next places down, rank 1 first. A shared place
    is ``tied`` to the best place of the share. ``stacks_wanted`` must be empty.
    """
    places = sorted(b.place for b in busts)
    by_table: dict[Hashable, list[Bust]] = {}
    for bust in busts:
        by_table.setdefault(bust.table, []).append(bust)
    rank: dict[Hashable, int] = {}
    for group in by_table.values():
        stacks = sorted({b.stack or 0 for b in group}, reverse=True)
        for b in group:
            rank[b.entry] = stacks.index(b.stack or 0)
    result: dict[Hashable, tuple[int, int | None]] = {}
    at = 0
    for tier in sorted(set(rank.values())):
        members = sorted((b for b in busts if rank[b.entry] == tier), key=lambda b: b.place)
        covered = places[at: at + len(members)]
        at += len(members)
        tied = covered[0] if len(members) > 1 else None
        for b, place in zip(members, covered, strict=True):
            result[b.entry] = (place, tied)
    return result


def _split(total: int, members: int, unit: int) -> list[int]:
    """``total`` in ``members`` shares, higher place first: whole units, one more unit each
    to the higher places while odd units remain, the rest below one unit to the first."""
    units, below = divmod(total, unit)
    each, odd = divmod(units, members)
    shares = [(each + (1 if i < odd else 0)) * unit for i in range(members)]
    shares[0] += below
    return shares


def prizes(
    amounts: Sequence[int],
    placed: Sequence[Placed],
    *,
    deal: DealTerms | None = None,
    unit: int = 1,
) -> dict[Hashable, int]:
    """Every placed entry's prize (0 included), from the payout table ``amounts`` (1st first,
    the guarantee and overlay already in them).

    Shared places split the prizes of the places they cover (``_split``). The
    places a deal divided (1 to the number of its players) are the deal's: its
    players get their shares (the one who finishes 1st what was kept on top),
    and nobody else is paid from them. So the prizes never add up to more than
    the table, and to all of it once every paid place is decided.
    """
    unit = max(1, unit)
    shares = dict(deal.shares) if deal else {}
    dealt = len(shares)

    def amount(place: int) -> int:
        return amounts[place - 1] if dealt < place <= len(amounts) else 0

    groups: dict[int, list[Placed]] = {}
    for p in placed:
        groups.setdefault(p.tied or p.place, []).append(p)
    result: dict[Hashable, int] = {}
    for members in groups.values():
        members.sort(key=lambda p: p.place)
        split = _split(sum(amount(p.place) for p in members), len(members), unit)
        for p, share in zip(members, split, strict=True):
            result[p.entry] = share
    for p in placed:
        if p.entry in shares:
            result[p.entry] = shares[p.entry] + (deal.keep if p.place == 1 and deal else 0)
    return result
