"""Pots and odd chips: main and side pots, their winners, the chips per seat, the odd chip
(house rules 11, 18, 19)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.rulebook import hands, pots
from tournament.rulebook.catalog import Text
from tournament.rulebook.errors import RulingInputError
from tournament.rulings.calculators.base import (
    ACTION_LABELS,
    TAP_SEATS,
    Calculator,
    CalculatorInput,
)
from tournament.rulings.calculators.fields import (
    SeatAmountsField,
    SeatListField,
    seat_field,
    words,
)


class PotsForm(forms.Form):
    contributions = SeatAmountsField(
        label=gettext_lazy("Chips put in this hand, per seat"),
        help_text=gettext_lazy("One seat per line, like “3 1500”; folded seats too."),
    )
    folded = SeatListField(label=gettext_lazy("Folded seats"), required=False)
    board = forms.CharField(label=gettext_lazy("Board"), required=False, max_length=40,
                            help_text=gettext_lazy("Like: As Kd 7h 7c 2s"))
    hands = forms.CharField(
        label=gettext_lazy("Hole cards of the live seats"), required=False, max_length=400,
        widget=forms.Textarea(attrs={"rows": 4, "placeholder": "1 Ah Kh\n4 Qs Qd"}),
        help_text=gettext_lazy("One seat per line, like “4 Qs Qd”."),
    )
    ranking = forms.CharField(
        label=gettext_lazy("…or the ranking, best first"), required=False, max_length=80,
        help_text=gettext_lazy("Seats best first; tied seats joined by “=”, like: 4 1=6 2"),
    )
    low_ranking = forms.CharField(
        label=gettext_lazy("High-low split: the qualifying lows, best first"), required=False,
        max_length=80,
        help_text=gettext_lazy("Leave empty in high-only games or when no low qualifies; like: 6 2=4"),
    )
    low_hands = forms.CharField(
        label=gettext_lazy("…or the low hands' cards"), required=False, max_length=400,
        widget=forms.Textarea(attrs={"rows": 3, "placeholder": "2 8h 6c 4d 3c 2d\n5 8s 6d 4c 3d 2c"}),
        help_text=gettext_lazy(
            "High-low split: one seat per line with the cards to read an 8-or-better low from "
            "(5 to 7; in Omaha/8 the five cards of the low). Seats without a qualifying low "
            "are left out."
        ),
    )
    game = forms.ChoiceField(
        label=gettext_lazy("Odd chip"),
        choices=[("board", gettext_lazy("Board game: first winner left of the button")),
                 ("stud", gettext_lazy("Stud: high card by suit (give the cards)"))],
        initial="board", required=False,
    )
    chip_unit = forms.IntegerField(label=gettext_lazy("Smallest chip in play"), min_value=1, initial=1,
                                   max_value=10**9)
    button = seat_field(gettext_lazy("Button seat"))

    def clean_hands(self) -> dict[int, list[str]]:
        return self._seat_cards(self.cleaned_data["hands"])

    def clean_low_hands(self) -> dict[int, list[str]]:
        return self._seat_cards(self.cleaned_data["low_hands"])

    @staticmethod
    def _seat_cards(text: str) -> dict[int, list[str]]:
        """ "4 Qs Qd" per line → {4: ["Qs", "Qd"]}; at most 20 lines, each seat once."""
        hands: dict[int, list[str]] = {}
        lines = text.splitlines()
        if len(lines) > 20:
            raise forms.ValidationError(gettext_lazy("Give at most 20 lines, one per seat."))
        for number, line in enumerate(lines, start=1):
            parts = line.split()
            if not parts:
                continue
            if len(parts) < 2 or len(parts) > 8 or not parts[0].isdigit():
                raise forms.ValidationError(
                    gettext_lazy("Line %(line)s: write a seat then its cards, like “4 Qs Qd”."),
                    params={"line": number},
                )
            if int(parts[0]) in hands:
                raise forms.ValidationError(
                    gettext_lazy("Seat %(seat)s is listed twice."), params={"seat": int(parts[0])}
                )
            hands[int(parts[0])] = parts[1:]
        return hands

    def clean_ranking(self) -> list[list[int]]:
        return self._groups(self.cleaned_data["ranking"])

    def clean_low_ranking(self) -> list[list[int]]:
        return self._groups(self.cleaned_data["low_ranking"])

    def clean_game(self) -> str:
        return self.cleaned_data["game"] or "board"

    @staticmethod
    def _groups(text: str) -> list[list[int]]:
        groups = []
        seen: set[int] = set()
        for word in words(text):
            group = [part for part in word.split("=") if part]
            if not group or not all(part.isdigit() for part in group):
                raise forms.ValidationError(
                    gettext_lazy("Write the seats best first, ties joined by “=”, like: 4 1=6 2")
                )
            seats = [int(part) for part in group]
            if seen & set(seats):
                raise forms.ValidationError(gettext_lazy("A seat appears twice in the ranking."))
            seen |= set(seats)
            groups.append(seats)
        return groups

    def clean(self):
        data = super().clean()
        if not self.errors and not data.get("hands") and not data.get("ranking"):
            live = [s for s in data.get("contributions", {}) if s not in data.get("folded", [])]
            if len(live) > 1:
                raise forms.ValidationError(
                    gettext_lazy("Give either the hole cards and the board, or the ranking of the live seats.")
                )
        if not self.errors and data.get("low_hands") and data.get("low_ranking"):
            raise forms.ValidationError(
                gettext_lazy("Give either the low hands' cards or the ranking of the lows, not both.")
            )
        if not self.errors and data.get("game") == "stud" and not data.get("hands"):
            raise forms.ValidationError(
                gettext_lazy("In stud the odd chip goes by the high card by suit: give each live seat's cards.")
            )
        return data


def _hand_values(data: dict, live: list[int]) -> tuple[dict[int, Any], dict[int, Any]]:
    """Hand values by seat from a ranking, or from the cards (with the five-card hands)."""
    if data["ranking"]:
        groups = data["ranking"]
        values = {seat: len(groups) - rank for rank, group in enumerate(groups) for seat in group}
        return values, {}
    board = hands.parse_cards(data["board"].split())
    seen = list(board)
    values, shown = {}, {}
    for seat, cards in sorted(data["hands"].items()):
        hole = hands.parse_cards(cards)
        for card in hole:
            if card in seen:
                raise RulingInputError(_(hands.MSG_DUPLICATE).format(card=card))
            seen.append(card)
        values[seat] = hands.best_hand(hole, board)
        shown[seat] = values[seat]
    return values, shown


def _low_values(data: dict, live: list[int]) -> tuple[dict[int, Any], dict[int, Any]]:
    """Low values by seat from the lows' ranking, or from each seat's cards (8 or better)."""
    if not data["low_hands"]:
        groups = data["low_ranking"]
        return {seat: len(groups) - rank for rank, group in enumerate(groups) for seat in group}, {}
    lows = {}
    for seat, cards in sorted(data["low_hands"].items()):
        if seat not in live:
            raise RulingInputError(_(pots.MSG_LOW_NOT_LIVE).format(seat=seat))
        low = hands.eight_or_better(cards)
        if low is not None:
            lows[seat] = low
    return lows, dict(lows)


def _pots(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    contributions, folded = data["contributions"], set(data["folded"])
    pot_list = pots.split(contributions, folded)
    live = sorted(s for s in contributions if s not in folded)
    values, shown = _hand_values(data, live)
    lows, low_shown = _low_values(data, live)
    stud = data["game"] == "stud"
    order = pots.high_card_order({s: v.cards for s, v in shown.items()}) if stud else None
    # 18-B: a tied low half in stud/8 goes by the low hands' own cards when they are known.
    low_order = pots.low_card_order({s: v.cards for s, v in low_shown.items()}) \
        if stud and low_shown else None
    per_pot = []
    totals: dict[int, int] = {}
    for index, pot in enumerate(pot_list):
        won = pots.award([pot], values, button=data["button"], chip_unit=data["chip_unit"],
                         low_values=lows or None, odd_chip_order=order,
                         low_odd_chip_order=low_order)
        for seat, chips in won.items():
            totals[seat] = totals.get(seat, 0) + chips
        per_pot.append({
            "name": _("Main pot") if index == 0 else _("Side pot %(n)s") % {"n": index},
            "amount": pot.amount, "eligible": sorted(pot.eligible),
            "winners": [(seat, chips) for seat, chips in sorted(won.items()) if chips],
        })
    return {
        "pots": per_pot,
        "totals": sorted((seat, chips) for seat, chips in totals.items() if chips),
        "shown": sorted((seat, str(value)) for seat, value in shown.items()),
        "total": sum(contributions.values()),
        "lows": sorted((seat, str(value)) for seat, value in low_shown.items()),
        "no_low": bool(data["low_hands"]) and not low_shown,
        "split": bool(lows),
        "stud": stud,
    }


def _answer_pots(result: dict) -> str:
    return "; ".join(_("seat %(seat)s wins %(chips)s") % {"seat": seat, "chips": chips}
                     for seat, chips in result["totals"]) + "."


def _tap(zh: bool) -> dict[str, Any]:
    return {
        "mode": "pots",
        "seats": TAP_SEATS,
        "actions": [
            {"key": "in", "label": gettext_lazy("Chips in"), "word": "", "amount": True},
            {"key": "fold", "label": ACTION_LABELS["fold"], "word": "", "amount": False},
            {"key": "best", "label": gettext_lazy("Next best hand"), "word": "", "amount": False},
            {"key": "tie", "label": gettext_lazy("Ties the last"), "word": "", "amount": False},
        ],
    }


CALCULATOR = Calculator(
    slug="pots",
    name=Text("Pots and odd chips", "底池与零头筹码"),
    about=Text("Main and side pots, winners, chips per seat, the odd chip.",
               "主池和边池、赢家、各座位筹码、零头筹码。"),
    rules=("11", "18", "19"),
    form=PotsForm,
    compute=_pots,
    answer=_answer_pots,
    order=30,
    tap=_tap,
)
