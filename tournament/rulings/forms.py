"""Forms of the rulings helper: rulebook search, the calculators and the rulings log.

Calculator forms only parse what the floor types (seat lists, "seat amount"
lines, cards); whether the facts can happen at a table is the rulebook
modules' business, and their RulingInputError is shown on the form.
"""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Tournament
from tournament.rulebook.betting import LIMITS, action_kind
from tournament.rulebook.editions import EDITIONS
from tournament.rulebook.misdeal import ACTION_KINDS

_SEPARATORS = re.compile(r"[\s,;]+")


def _words(text: str) -> list[str]:
    return [w for w in _SEPARATORS.split(text.strip()) if w]


_CJK_RUN = re.compile(r"([\u3400-\u9fff]+)")


def _action_parts(line: str) -> list[str]:
    """ "3 raise 600", "3 加注 600", "3加注600", "座位3 加注 600" → ["3", "raise"|"加注", "600"]."""
    text = line.strip().lower().replace("座位", " ").replace("号", " ")
    text = _CJK_RUN.sub(r" \1 ", text)
    return [w for w in _SEPARATORS.split(text.strip()) if w]


class SeatListField(forms.CharField):
    """ "1 3 5" or "1, 3, 5" → [1, 3, 5]: seat numbers, each at least 1, no repeats."""

    default_error_messages = {
        "invalid": _("Enter seat numbers separated by spaces, like: 1 4 7"),
        "repeat": _("Seat %(seat)s is listed twice."),
    }

    def to_python(self, value):
        text = super().to_python(value) or ""
        seats: list[int] = []
        for word in _words(text):
            if not word.isdigit() or int(word) < 1 or int(word) > 99:
                raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
            if int(word) in seats:
                raise forms.ValidationError(
                    self.error_messages["repeat"], code="repeat", params={"seat": word}
                )
            seats.append(int(word))
        return seats


class NumberListField(forms.CharField):
    """ "1000 1000 500" → [1000, 1000, 500]: whole numbers above zero, repeats allowed."""

    default_error_messages = {
        "invalid": _("Enter whole numbers above zero separated by spaces, like: 1000 500 500"),
    }

    def to_python(self, value):
        text = super().to_python(value) or ""
        numbers = []
        for word in _words(text):
            if not word.isdigit() or int(word) <= 0:
                raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
            numbers.append(int(word))
        return numbers


class SeatAmountsField(forms.CharField):
    """One "seat amount" per line ("3 1500", "3: 1500" or "3=1500") → {3: 1500}."""

    widget = forms.Textarea(attrs={"rows": 5})
    default_error_messages = {
        "invalid": _("Line %(line)s: write a seat and a whole number of chips, like “3 1500”."),
        "repeat": _("Seat %(seat)s is listed twice."),
    }

    def to_python(self, value):
        text = super().to_python(value) or ""
        amounts: dict[int, int] = {}
        for number, line in enumerate(text.splitlines(), start=1):
            parts = [p for p in re.split(r"[\s:=,]+", line.strip()) if p]
            if not parts:
                continue
            if len(parts) != 2 or not parts[0].isdigit() or not re.fullmatch(r"-?\d+", parts[1]):
                raise forms.ValidationError(
                    self.error_messages["invalid"], code="invalid", params={"line": number}
                )
            seat = int(parts[0])
            if seat in amounts:
                raise forms.ValidationError(
                    self.error_messages["repeat"], code="repeat", params={"seat": seat}
                )
            # Negative amounts pass through: the rulebook explains why they are impossible.
            amounts[seat] = int(parts[1])
        return amounts


def _seat(label, **kwargs) -> forms.IntegerField:
    return forms.IntegerField(label=label, min_value=1, max_value=99, **kwargs)


def _chips(label, **kwargs) -> forms.IntegerField:
    return forms.IntegerField(label=label, min_value=0, max_value=10**12, **kwargs)


class SearchForm(forms.Form):
    q = forms.CharField(label=_("Search the rulebook"), required=False, max_length=200)


# --- Calculators ----------------------------------------------------------------


class BettingForm(forms.Form):
    actions = forms.CharField(
        label=_("Actions in order, one per line"),
        widget=forms.Textarea(attrs={"rows": 6, "placeholder": "1 post 100\n2 post 200\n3 raise 600"}),
        help_text=_("Seat, action (post, check, call, bet, raise, allin, fold) and the seat's "
                    "total for the round, like “3 raise 600”."),
    )
    big_blind = _chips(_("Big blind"), initial=200)
    small_blind = _chips(_("Small blind"), required=False,
                         help_text=_("Leave empty for half the big blind; a dead small blind is "
                                     "“1 post 0”."))
    limit = forms.ChoiceField(
        label=_("Betting structure"),
        choices=[("no-limit", _("No-limit")), ("pot-limit", _("Pot-limit")),
                 ("limit", _("Fixed limit"))],
        initial="no-limit",
    )
    pot = _chips(_("Pot before this round"), required=False,
                 help_text=_("Earlier rounds and antes; for the pot-limit maximum."))
    seat = _seat(_("Seat to check"), required=False,
                 help_text=_("May this seat raise? Leave empty to skip."))

    def clean_actions(self) -> list[tuple[int, str, int | None]]:
        parsed = parse_action_lines(self.cleaned_data["actions"])
        if not parsed:
            raise forms.ValidationError(_("Enter at least one action."))
        return parsed

    def clean_limit(self) -> str:
        limit = self.cleaned_data["limit"]
        assert limit in LIMITS
        return limit


def parse_action_lines(text: str) -> list[tuple[int, str, int | None]]:
    """ "3 raise 600" (or "3 加注 600") per line → [(3, "raise", 600)]; empty lines skipped."""
    parsed = []
    for number, line in enumerate(text.splitlines(), start=1):
        parts = _action_parts(line)
        if not parts:
            continue
        kind = action_kind(parts[1]) if len(parts) in (2, 3) else None
        if (
            kind is None
            or not parts[0].isdigit()
            or (len(parts) == 3 and not parts[2].isdigit())
        ):
            raise forms.ValidationError(
                _("Line %(line)s: write a seat, an action and an amount, like “3 raise 600”."),
                params={"line": number},
            )
        seat, amount = int(parts[0]), int(parts[2]) if len(parts) == 3 else None
        if seat < 1 or seat > 99 or (amount is not None and amount > 10**12):
            raise forms.ValidationError(
                _("Line %(line)s: seats run from 1 to 99 and amounts up to 10¹²."),
                params={"line": number},
            )
        parsed.append((seat, kind, amount))
    return parsed


class WagerForm(forms.Form):
    current_bet = _chips(_("Bet to call (total for the round)"), initial=0, required=False,
                         help_text=_("0 when nobody has bet yet."))
    big_blind = _chips(_("Big blind"), initial=200)
    said = forms.CharField(label=_("What the player said"), required=False, max_length=60,
                           help_text=_("Empty, call, raise, raise to 1200, 800, pot, all-in…"))
    chips = NumberListField(label=_("Chips pushed (denominations)"), required=False,
                            help_text=_("Each chip's value, like: 1000 500 500"))
    already_in = _chips(_("Already in this round"), required=False,
                        help_text=_("A blind or an earlier call."))
    stack = _chips(_("Stack behind before pushing"), required=False)
    raise_size = _chips(_("Last full bet or raise"), required=False,
                        help_text=_("Leave empty when the bet faced is the opening bet."))
    opening_bet = _chips(
        _("Opening bet, when only short all-ins topped it up"), required=False,
        help_text=_("For an undercall: the round's first bet when the bet to call is that bet "
                    "plus short all-ins."),
    )
    order = forms.ChoiceField(
        label=_("What came first"),
        choices=[("words", _("Words first, or together")), ("chips", _("Chips first"))],
        initial="words",
    )
    heads_up = forms.BooleanField(label=_("Heads-up"), required=False)
    facing_raise = forms.BooleanField(label=_("The bet faced is a raise (not the opening bet)"),
                                      required=False)
    wanted_change = forms.BooleanField(label=_("Pushed chips expecting change"), required=False)
    # The round so far (the tap panel's table diagram writes it): when given, the bet to
    # call, the chips already in, the last raise and the opening bet come from it.
    actions = forms.CharField(
        label=_("The round so far, one action per line"), required=False, max_length=2000,
        widget=forms.Textarea(attrs={"rows": 4, "placeholder": "1 post 100\n2 post 200\n3 raise 600"}),
        help_text=_("Optional, as in the betting calculator; the bet to call, the chips already "
                    "in and the last raise then come from the round."),
    )
    seat = _seat(_("Seat of the player in dispute"), required=False,
                 help_text=_("Needed with the round so far."))
    limit = forms.ChoiceField(
        label=_("Betting structure"),
        choices=[("no-limit", _("No-limit")), ("pot-limit", _("Pot-limit")),
                 ("limit", _("Fixed limit"))],
        initial="no-limit", required=False,
    )

    def clean_actions(self) -> list[tuple[int, str, int | None]]:
        return parse_action_lines(self.cleaned_data["actions"])

    def clean_limit(self) -> str:
        return self.cleaned_data["limit"] or "no-limit"

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        if data.get("actions"):
            seat = data.get("seat")
            if seat is None:
                self.add_error("seat", _("Give the seat of the player in dispute."))
            elif any(s == seat and kind == "fold" for s, kind, _amount in data["actions"]):
                self.add_error("seat", _("Seat %(seat)s has folded in the round so far.")
                               % {"seat": seat})
        elif data.get("current_bet") is None:
            self.add_error("current_bet", _("Give the bet to call, or the round so far."))
        return data


class PotsForm(forms.Form):
    contributions = SeatAmountsField(
        label=_("Chips put in this hand, per seat"),
        help_text=_("One seat per line, like “3 1500”; folded seats too."),
    )
    folded = SeatListField(label=_("Folded seats"), required=False)
    board = forms.CharField(label=_("Board"), required=False, max_length=40,
                            help_text=_("Like: As Kd 7h 7c 2s"))
    hands = forms.CharField(
        label=_("Hole cards of the live seats"), required=False, max_length=400,
        widget=forms.Textarea(attrs={"rows": 4, "placeholder": "1 Ah Kh\n4 Qs Qd"}),
        help_text=_("One seat per line, like “4 Qs Qd”."),
    )
    ranking = forms.CharField(
        label=_("…or the ranking, best first"), required=False, max_length=80,
        help_text=_("Seats best first; tied seats joined by “=”, like: 4 1=6 2"),
    )
    low_ranking = forms.CharField(
        label=_("High-low split: the qualifying lows, best first"), required=False,
        max_length=80,
        help_text=_("Leave empty in high-only games or when no low qualifies; like: 6 2=4"),
    )
    low_hands = forms.CharField(
        label=_("…or the low hands' cards"), required=False, max_length=400,
        widget=forms.Textarea(attrs={"rows": 3, "placeholder": "2 8h 6c 4d 3c 2d\n5 8s 6d 4c 3d 2c"}),
        help_text=_(
            "High-low split: one seat per line with the cards to read an 8-or-better low from "
            "(5 to 7; in Omaha/8 the five cards of the low). Seats without a qualifying low "
            "are left out."
        ),
    )
    game = forms.ChoiceField(
        label=_("Odd chip"),
        choices=[("board", _("Board game: first winner left of the button")),
                 ("stud", _("Stud: high card by suit (give the cards)"))],
        initial="board", required=False,
    )
    chip_unit = forms.IntegerField(label=_("Smallest chip in play"), min_value=1, initial=1,
                                   max_value=10**9)
    button = _seat(_("Button seat"))

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
            raise forms.ValidationError(_("Give at most 20 lines, one per seat."))
        for number, line in enumerate(lines, start=1):
            parts = line.split()
            if not parts:
                continue
            if len(parts) < 2 or len(parts) > 8 or not parts[0].isdigit():
                raise forms.ValidationError(
                    _("Line %(line)s: write a seat then its cards, like “4 Qs Qd”."),
                    params={"line": number},
                )
            if int(parts[0]) in hands:
                raise forms.ValidationError(
                    _("Seat %(seat)s is listed twice."), params={"seat": int(parts[0])}
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
        for word in _words(text):
            group = [part for part in word.split("=") if part]
            if not group or not all(part.isdigit() for part in group):
                raise forms.ValidationError(
                    _("Write the seats best first, ties joined by “=”, like: 4 1=6 2")
                )
            seats = [int(part) for part in group]
            if seen & set(seats):
                raise forms.ValidationError(_("A seat appears twice in the ranking."))
            seen |= set(seats)
            groups.append(seats)
        return groups

    def clean(self):
        data = super().clean()
        if not self.errors and not data.get("hands") and not data.get("ranking"):
            live = [s for s in data.get("contributions", {}) if s not in data.get("folded", [])]
            if len(live) > 1:
                raise forms.ValidationError(
                    _("Give either the hole cards and the board, or the ranking of the live seats.")
                )
        if not self.errors and data.get("low_hands") and data.get("low_ranking"):
            raise forms.ValidationError(
                _("Give either the low hands' cards or the ranking of the lows, not both.")
            )
        if not self.errors and data.get("game") == "stud" and not data.get("hands"):
            raise forms.ValidationError(
                _("In stud the odd chip goes by the high card by suit: give each live seat's cards.")
            )
        return data


class ShowdownForm(forms.Form):
    in_hand = SeatListField(label=_("Seats still in the hand"))
    button = _seat(_("Button seat"))
    last_aggressor = _seat(_("Last to bet or raise on the final round"), required=False,
                           help_text=_("Leave empty if the river was checked through."))
    all_in = SeatListField(label=_("Seats all-in"), required=False)


class MisdealForm(forms.Form):
    boxed_cards = forms.IntegerField(label=_("Boxed cards found on the first deal"), initial=0,
                                     min_value=-99, max_value=52)
    first_card_wrong_seat = forms.BooleanField(label=_("First card to the wrong seat"),
                                               required=False)
    dealt_to_ineligible_seat = forms.BooleanField(
        label=_("Cards dealt to a seat not entitled to a hand"), required=False)
    eligible_seat_skipped = forms.BooleanField(label=_("A seat entitled to a hand was dealt out"),
                                               required=False)
    button_misplaced = forms.BooleanField(label=_("Button in the wrong place"), required=False)
    two_cards_to_button = forms.BooleanField(label=_("The button got two cards in a row"),
                                             required=False)
    exposed_positions = forms.CharField(
        label=_("Exposed down cards (deal positions)"), required=False, max_length=60,
        help_text=_("1 is the first card off the deck; like: 1 or 5 9"),
    )
    actions = forms.CharField(
        label=_("Actions taken since the deal"), required=False, max_length=200,
        help_text=_("In order, like: fold call raise (blinds and antes do not count)"),
    )

    def clean_exposed_positions(self) -> list[int]:
        words = _words(self.cleaned_data["exposed_positions"])
        if not all(re.fullmatch(r"-?\d+", w) for w in words):
            raise forms.ValidationError(_("Enter deal positions as whole numbers, like: 5 9"))
        return [int(w) for w in words]

    def clean_actions(self) -> list[str]:
        words = [action_kind(w) or w.lower() for w in _action_parts(self.cleaned_data["actions"])]
        for word in words:
            if word not in ACTION_KINDS:
                raise forms.ValidationError(
                    _("“%(word)s” is not an action; use check, bet, raise, call, fold or allin."),
                    params={"word": word},
                )
        return words


class ChipRaceForm(forms.Form):
    removed = SeatAmountsField(
        label=_("Chips removed, per seat"),
        help_text=_("Number of chips of the removed denomination, like “3 7”."),
    )
    old_denomination = forms.IntegerField(label=_("Denomination removed"), min_value=1,
                                          initial=25, max_value=10**9)
    new_denomination = forms.IntegerField(label=_("New lowest denomination"), min_value=1,
                                          initial=100, max_value=10**9)
    busted_seats = SeatListField(
        label=_("Seats with no other chips"), required=False,
        help_text=_("These players may not be raced out (house rule 22-A)."),
    )
    seed = forms.IntegerField(label=_("Deal number"), required=False, min_value=0,
                              max_value=2**31, help_text=_("Leave empty for a fresh shuffle."))


class ShotClockForm(forms.Form):
    edition = forms.ChoiceField(
        label=_("Rulebook edition"),
        choices=[(key, key) for key in EDITIONS],
        initial="house",
    )

    def __init__(self, *args, lang: str = "en", **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["edition"].choices = [
            (key, edition.label_for(lang)) for key, edition in EDITIONS.items()
        ]


class PenaltyForm(forms.Form):
    players_at_table = forms.IntegerField(label=_("Players at the table (offender included)"),
                                          initial=9, min_value=-99, max_value=99)
    offence_number = forms.IntegerField(
        label=_("Offence number"), required=False, min_value=-99, max_value=99,
        help_text=_("1 for a first offence. Staff: leave empty to count from the rulings log."),
    )
    player = forms.CharField(
        label=_("Player"), required=False, max_length=80,
        help_text=_("Name or seat as written in the rulings log, for the player's history."),
    )


class ButtonForm(forms.Form):
    occupied = SeatListField(label=_("Seats with a player for the next hand"))
    button = _seat(_("Button of the hand just played"))
    previous_big_blind = _seat(_("Big blind of the hand just played"), required=False,
                               help_text=_("Needed when a player has left since."))
    previous_small_blind = _seat(_("Small blind of the hand just played"), required=False)
    capacity = forms.IntegerField(label=_("Seats at the table"), required=False, min_value=2,
                                  max_value=99)


# --- Rulings log ----------------------------------------------------------------


class RulingFilterForm(forms.Form):
    q = forms.CharField(label=_("Search"), required=False, max_length=100)
    rule = forms.CharField(label=_("Rule"), required=False, max_length=12)
    table = forms.IntegerField(label=_("Table"), required=False, min_value=0, max_value=10**6)
    tournament = forms.ModelChoiceField(
        label=_("Tournament"), required=False, queryset=Tournament.objects.order_by("-id"),
        empty_label=_("All"),
    )


# A ruling is read on a phone at the table: room for a full account, not for a file
# (the service holds to the same bounds).
FACTS_MAX = 4000
DECISION_MAX = 2000


class RulingForm(forms.Form):
    tournament = forms.ModelChoiceField(
        label=_("Tournament"), required=False, queryset=Tournament.objects.order_by("-id"),
        empty_label=_("None"),
    )
    table_number = forms.IntegerField(label=_("Table"), required=False, min_value=1,
                                      max_value=10**6)
    seats = forms.CharField(label=_("Seats"), required=False, max_length=60)
    rules = forms.CharField(label=_("Rules cited"), required=False, max_length=100,
                            help_text=_("Rule numbers, like: 38 42 9-C"))
    facts = forms.CharField(label=_("Facts"), max_length=FACTS_MAX,
                            widget=forms.Textarea(attrs={"rows": 3}))
    decision = forms.CharField(label=_("Decision"), max_length=DECISION_MAX,
                               widget=forms.Textarea(attrs={"rows": 2}))
    penalty = forms.CharField(label=_("Penalty"), required=False, max_length=200)
    # Set by "Log a ruling with this answer" on a calculator page; re-checked on save.
    calculator = forms.CharField(required=False, max_length=20, widget=forms.HiddenInput)
    calculator_query = forms.CharField(required=False, max_length=1000,
                                       widget=forms.HiddenInput)

    def clean_rules(self) -> list[str]:
        return _words(self.cleaned_data["rules"])


class TeachPhraseForm(forms.Form):
    """A director attaches a phrase (usually a search that found nothing useful) to a rule."""

    phrase = forms.CharField(label=_("Phrase"), max_length=200)
    rule = forms.CharField(label=_("Rule"), max_length=12)
