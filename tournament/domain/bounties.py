"""Bounties: what a knockout pays (standard or progressive), in whole units.

Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Knockout:
    """``cash`` goes to the player who won the hand, ``head`` onto that player's own bounty."""

    cash: int
    head: int


def knockout(bounty: int, *, progressive: bool, unit: int = 1) -> Knockout:
    """Split the knocked-out player's bounty.

    Standard knockout: all of it is paid to the player who knocked them out.
    Progressive knockout (PKO): half is paid, half is added to the winner's
    own bounty; the half added is rounded down to ``unit`` so bounties stay in
    amounts the cage can pay, and the odd part is paid.
    """
    if bounty < 0:
        raise ValueError("a bounty can't be below 0")
    if unit <= 0:
        raise ValueError("the unit must be above 0")
    if not progressive:
        return Knockout(cash=bounty, head=0)
    head = bounty // 2 // unit * unit
    return Knockout(cash=bounty - head, head=head)


def current_bounty(starting: int, added: Iterable[int]) -> int:
    """A player's bounty now: the starting bounty plus every half added by their knockouts."""
    return starting + sum(added)

