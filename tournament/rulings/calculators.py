"""The calculator registry of the rulings helper: each calculator's form and answer.

A calculator is a GET form plus a function from the form's cleaned data to
the context its result template shows. The rules live in the pure modules
beside this one; this module only wires them to forms, the rulings log (for
a player's penalty history) and the reader's language.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.db.models import Q
from django.http import HttpRequest, QueryDict
from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from tournament.models import Ruling
from tournament.permissions import STAFF, has_role
from tournament.rulebook import hands, misdeal, penalties, pots, showdown
from tournament.rulebook.betting import KIND_ZH, read_wager_in, round_state
from tournament.rulebook.button import next_hand
from tournament.rulebook.catalog import language_code
from tournament.rulebook.chiprace import chip_race
from tournament.rulebook.editions import EDITIONS
from tournament.rulebook.errors import RulingInputError
from tournament.rulebook.wager import read_wager
from tournament.rulings import forms as calc_forms


def reader_language() -> str:
    """The language of the request being served (Django code), English outside one."""
    return get_language() or "en"


ACTION_LABELS = {
    "check": gettext_lazy("Check"), "call": gettext_lazy("Call"), "bet": gettext_lazy("Bet"),
    "raise": gettext_lazy("Raise"), "fold": gettext_lazy("Fold"),
    # Translators: posting a blind, as an action word in the betting calculator.
    "post": gettext_lazy("Blind"), "allin": gettext_lazy("All-in"),
}
PENALTY_STEPS = {
    "verbal warning": gettext_lazy("verbal warning"),
    "one-round penalty": gettext_lazy("one-round penalty"),
    "two-round penalty": gettext_lazy("two-round penalty"),
    "three-round penalty": gettext_lazy("three-round penalty"),
    "disqualification": gettext_lazy("disqualification"),
}


def _betting(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    state = round_state(data["actions"], big_blind=data["big_blind"], limit=data["limit"],
                        pot=data["pot"] or 0, small_blind=data.get("small_blind"))
    seats = sorted({seat for seat, _kind, _amount in data["actions"]})
    rows = [
        {"seat": s, "in": state.committed.get(s, 0), "to_call": state.to_call(s),
         "folded": s in state.folded, "all_in": s in state.all_in,
         "may_raise": state.reopened_for(s)}
        for s in seats
    ]
    seat = data["seat"]
    return {
        "state": state,
        "rows": rows,
        "lines": [(s, ACTION_LABELS[kind], amount) for s, kind, amount in data["actions"]],
        "seat": seat,
        "reopened": state.reopened_for(seat) if seat else None,
        "max_raise_to": state.max_raise_to(seat or 0) if state.limit != "no-limit" else None,
    }


def _wager(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    if data.get("actions"):
        return _wager_in_round(data)
    reading = read_wager(
        current_bet=data["current_bet"], big_blind=data["big_blind"], said=data["said"] or None,
        chips=data["chips"], already_in=data["already_in"] or 0, stack=data["stack"],
        raise_size=data["raise_size"] or None, spoke_first=data["order"] == "words",
        heads_up=data["heads_up"],
        facing_opening_bet=not data["facing_raise"] and not data.get("opening_bet"),
        wanted_change=data["wanted_change"], opening_bet=data.get("opening_bet") or None,
    )
    return {"reading": reading, "action": ACTION_LABELS.get(reading.action, reading.action)}


def _wager_in_round(data: dict) -> dict:
    """The wager of the seat in dispute, the bet facts read from the round so far."""
    state = round_state(data["actions"], big_blind=data["big_blind"], limit=data["limit"])
    seat = data["seat"]
    facts: dict[str, Any] = {}
    if data["heads_up"]:
        facts["heads_up"] = True
    if data["facing_raise"]:
        facts["facing_opening_bet"] = False
    reading = read_wager_in(
        state, seat, said=data["said"] or None, chips=data["chips"], stack=data["stack"],
        spoke_first=data["order"] == "words", wanted_change=data["wanted_change"], **facts,
    )
    return {
        "reading": reading,
        "action": ACTION_LABELS.get(reading.action, reading.action),
        "round": {"seat": seat, "current_bet": state.current_bet,
                  "already_in": state.committed.get(seat, 0), "raise_size": state.full_raise},
    }


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


def _showdown(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    return {"order": showdown.showdown_order(
        data["in_hand"], button=data["button"], last_aggressor=data["last_aggressor"],
        all_in=data["all_in"])}


def _misdeal(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    return {"ruling": misdeal.misdeal(**data)}


def _chip_race(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    seed = data["seed"] if data["seed"] is not None else secrets.randbelow(2**31)
    removed = data["removed"]
    remaining = None
    if data["busted_seats"]:
        remaining = {seat: 0 if seat in data["busted_seats"] else 1 for seat in removed}
    race = chip_race(removed, old_denomination=data["old_denomination"],
                     new_denomination=data["new_denomination"], rng=random.Random(seed),
                     remaining=remaining)
    replay = request.GET.copy()
    replay["seed"] = str(seed)
    return {"race": race, "seed": seed, "replay_query": replay.urlencode(),
            "explanation": race.explanation()}


def _shot_clock(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    edition = EDITIONS[data.get("edition") or "house"]
    return {"edition": edition, "edition_label": edition.label_for(reader_language())}


def _penalty(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    history = None
    player = data["player"].strip()
    if player and has_role(request.user, *STAFF):
        history = list(
            Ruling.objects.exclude(penalty="")
            .filter(Q(facts__icontains=player) | Q(seats__iexact=player)
                    | Q(decision__icontains=player) | Q(penalty__icontains=player))
            .select_related("tournament")[:20]
        )
    offence = data["offence_number"]
    counted = offence is None
    if counted:
        offence = len(history or ()) + 1
    result = penalties.penalty(offence_number=offence, players_at_table=data["players_at_table"])
    return {
        "penalty": result, "offence": offence, "counted": counted, "history": history,
        "player": player, "step": PENALTY_STEPS.get(result.step.name, result.step.name),
        "minutes": round(result.seconds / 60),
    }


def _button(data: dict, request: HttpRequest | CalculatorInput) -> dict:
    occupied = data["occupied"]
    if len(occupied) < 2:
        raise RulingInputError(_("A hand needs at least two players."))
    capacity = data["capacity"]
    mentioned = [*occupied, data["button"], data["previous_big_blind"] or 0,
                 data["previous_small_blind"] or 0]
    if capacity is not None and max(mentioned) > capacity:
        raise RulingInputError(_("Seat %(seat)s is beyond the table's %(capacity)s seats.")
                               % {"seat": max(mentioned), "capacity": capacity})
    try:
        positions = next_hand(occupied, button=data["button"],
                              previous_big_blind=data["previous_big_blind"],
                              previous_small_blind=data["previous_small_blind"],
                              capacity=capacity)
    except ValueError as error:
        raise RulingInputError(str(error)) from error
    return {"positions": positions}


@dataclass(frozen=True)
class Calculator:
    slug: str
    title: Promise
    blurb: Promise
    rules: tuple[str, ...]
    form: type[forms.Form]
    compute: Callable[[dict, HttpRequest | CalculatorInput], dict]
    # Shown with its default facts before anything is submitted.
    answers_unbound: bool = False


CALCULATORS: dict[str, Calculator] = {
    c.slug: c
    for c in (
        Calculator("betting", gettext_lazy("Betting round"),
                   gettext_lazy("Amount to call, minimum raise, and whether a seat may raise."),
                   ("42", "43", "47", "49"), calc_forms.BettingForm, _betting),
        Calculator("wager", gettext_lazy("Reading a wager"),
                   gettext_lazy("What the player said and pushed: call, raise or bet, and how much."),
                   ("36", "38", "40", "41", "42", "44", "45", "55"), calc_forms.WagerForm, _wager),
        Calculator("pots", gettext_lazy("Pots and odd chips"),
                   gettext_lazy("Main and side pots, winners, chips per seat, the odd chip."),
                   ("11", "18", "19"), calc_forms.PotsForm, _pots),
        Calculator("showdown", gettext_lazy("Showdown order"),
                   gettext_lazy("Who shows first, and when every hand is tabled."),
                   ("14", "15", "16"), calc_forms.ShowdownForm, _showdown),
        Calculator("misdeal", gettext_lazy("Misdeal"),
                   gettext_lazy("Is it a misdeal, or has substantial action happened?"),
                   ("33", "34"), calc_forms.MisdealForm, _misdeal),
        Calculator("chip-race", gettext_lazy("Chip race"),
                   gettext_lazy("Colour up: exchanges, the race deal, nobody raced out."),
                   ("22",), calc_forms.ChipRaceForm, _chip_race),
        Calculator("shot-clock", gettext_lazy("Shot clock"),
                   gettext_lazy("A clock call: the edition's seconds and final countdown."),
                   ("26",), calc_forms.ShotClockForm, _shot_clock, answers_unbound=True),
        Calculator("penalty", gettext_lazy("Penalty"),
                   gettext_lazy("Missed hands, a running timer, the player's history."),
                   ("65",), calc_forms.PenaltyForm, _penalty),
        Calculator("button", gettext_lazy("Button and blinds"),
                   gettext_lazy("Next hand's button and blinds after busts and moves."),
                   ("30", "32"), calc_forms.ButtonForm, _button),
    )
}




# --- Tap-first panels: a table diagram, action words, a keypad ---------------------

TAP_SEATS = tuple(range(1, 11))
CHIP_DENOMINATIONS = (25, 100, 500, 1000, 5000, 25000)


def _word(kind: str, zh: bool) -> str:
    """The action word written into the typed lines: Chinese for a Chinese reader."""
    return KIND_ZH[kind] if zh else kind


def tap_panel(slug: str, lang: str) -> dict[str, Any] | None:
    """What the tap-first panel of a calculator offers, in the reader's language.

    The panel writes the same typed lines a power user would (the form stays
    the single input), so a tapped and a typed dispute read the same.
    """
    zh = language_code(lang) == "zh"
    if slug == "betting":
        kinds = ("post", "check", "call", "bet", "raise", "allin", "fold")
        return {
            "mode": "betting",
            "seats": TAP_SEATS,
            "actions": [
                {"key": kind, "label": ACTION_LABELS[kind], "word": _word(kind, zh),
                 "amount": kind in ("post", "bet", "raise", "allin")}
                for kind in kinds
            ],
        }
    if slug == "pots":
        return {
            "mode": "pots",
            "seats": TAP_SEATS,
            "actions": [
                {"key": "in", "label": gettext_lazy("Chips in"), "word": "", "amount": True},
                {"key": "fold", "label": ACTION_LABELS["fold"], "word": "", "amount": False},
                {"key": "best", "label": gettext_lazy("Next best hand"), "word": "",
                 "amount": False},
                {"key": "tie", "label": gettext_lazy("Ties the last"), "word": "",
                 "amount": False},
            ],
        }
    if slug == "wager":
        # The round so far on the table diagram (as in the betting calculator), then the
        # seat in dispute, its chips and its words.
        kinds = ("post", "check", "call", "bet", "raise", "allin", "fold")
        said = ("call", "check", "fold", "raise", "bet", "allin")
        return {
            "mode": "wager",
            "seats": TAP_SEATS,
            "fields": [
                ("stack", gettext_lazy("Stack")),
                ("big_blind", gettext_lazy("Big blind")),
            ],
            "chips": CHIP_DENOMINATIONS,
            "actions": [
                {"key": kind, "label": ACTION_LABELS[kind], "word": _word(kind, zh),
                 "amount": kind in ("post", "bet", "raise", "allin")}
                for kind in kinds
            ] + [{"key": "dispute", "label": gettext_lazy("In dispute"), "word": "",
                  "amount": False}],
            "said": [
                {"key": kind, "label": ACTION_LABELS[kind], "word": _word(kind, zh),
                 "amount": kind in ("raise", "bet")}
                for kind in said
            ],
        }
    return None


# --- A calculator's answer in one sentence, for the rulings log -----------------------


@dataclass(frozen=True)
class CalculatorInput:
    """What a calculator reads from a request: its query and the user (penalty history)."""

    GET: QueryDict
    user: Any


def _answer_betting(result: dict) -> str:
    state = result["state"]
    parts = [_("To call %(bet)s; minimum raise to %(minimum)s")
             % {"bet": state.current_bet, "minimum": state.min_raise_to}]
    if result["max_raise_to"] is not None:
        parts.append(_("maximum raise to %(maximum)s") % {"maximum": result["max_raise_to"]})
    if result["seat"]:
        parts.append(
            (_("seat %(seat)s may raise") if result["reopened"]
             else _("seat %(seat)s may only call or fold")) % {"seat": result["seat"]}
        )
    return "; ".join(str(part) for part in parts) + "."


def _answer_wager(result: dict) -> str:
    reading = result["reading"]
    text = _("%(action)s, total %(total)s (house rule %(rule)s).") % {
        "action": result["action"], "total": reading.total, "rule": reading.rule}
    if reading.all_in:
        text = _("%(action)s all-in, total %(total)s (house rule %(rule)s).") % {
            "action": result["action"], "total": reading.total, "rule": reading.rule}
    if reading.discretion:
        text += " " + _("Floor's decision.")
    return text


def _answer_pots(result: dict) -> str:
    return "; ".join(_("seat %(seat)s wins %(chips)s") % {"seat": seat, "chips": chips}
                     for seat, chips in result["totals"]) + "."


def _answer_showdown(result: dict) -> str:
    return result["order"].explanation


def _answer_misdeal(result: dict) -> str:
    return result["ruling"].explanation


def _answer_chip_race(result: dict) -> str:
    return result["explanation"]


def _answer_shot_clock(result: dict) -> str:
    edition = result["edition"]
    return _("%(edition)s: %(seconds)s seconds, then a %(countdown)s-second countdown.") % {
        "edition": result["edition_label"], "seconds": edition.clock_seconds,
        "countdown": edition.clock_countdown_seconds}


def _answer_penalty(result: dict) -> str:
    return _("%(step)s: %(hands)s hands missed (offence %(offence)s).") % {
        "step": result["step"], "hands": result["penalty"].hands, "offence": result["offence"]}


def _answer_button(result: dict) -> str:
    positions = result["positions"]
    return _("Button %(button)s, small blind %(small)s, big blind %(big)s.") % {
        "button": positions.button, "small": positions.small_blind, "big": positions.big_blind}


ANSWERS: dict[str, Callable[[dict], str]] = {
    "betting": _answer_betting, "wager": _answer_wager, "pots": _answer_pots,
    "showdown": _answer_showdown, "misdeal": _answer_misdeal, "chip-race": _answer_chip_race,
    "shot-clock": _answer_shot_clock, "penalty": _answer_penalty, "button": _answer_button,
}
MAX_QUERY = 1000
MAX_ANSWER = 500


def calculator_answer(slug: str, query: str, *, user: Any = None) -> tuple[str, str]:
    """Re-run calculator ``slug`` on ``query`` (its GET query string) and say its answer.

    Returns the query that reproduces the answer (a chip race gets its deal
    number) and the answer in one sentence. Raises ``RulingInputError`` when
    the calculator is unknown or the facts do not make an answer, so a
    ruling never carries a link that does not reproduce what it says.
    """
    calculator = CALCULATORS.get(slug)
    if calculator is None:
        raise RulingInputError(_("No such calculator."))
    if len(query) > MAX_QUERY:
        raise RulingInputError(_("The calculator's inputs are too long to keep with a ruling."))
    params = QueryDict(query)
    extra = {"lang": reader_language()} if calculator.form is calc_forms.ShotClockForm else {}
    form = calculator.form(params, **extra)
    if not form.is_valid():
        raise RulingInputError(_("The calculator's inputs do not make an answer."))
    result = calculator.compute(form.cleaned_data, CalculatorInput(GET=params, user=user))
    known = {name for name in calculator.form.base_fields}
    kept = QueryDict(mutable=True)
    for name, values in QueryDict(result.get("replay_query", query)).lists():
        if name in known:
            kept.setlist(name, values)
    answer = " ".join(ANSWERS[slug](result).split())
    return kept.urlencode()[:MAX_QUERY], answer[:MAX_ANSWER]
