"""The rulebook for the floor: search, rule pages and the calculators (all public, read-only).

Calculators are GET forms: the answer is a pure function of the facts typed,
so a result is a link that can be shared, and nothing here writes.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.functional import Promise
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from tables.domain.button import next_hand
from tournament import forms_rulebook as calc_forms
from tournament.models import Ruling
from tournament.permissions import STAFF, has_role
from tournament.rulebook import hands, misdeal, penalties, pots, showdown
from tournament.rulebook.betting import round_state
from tournament.rulebook.catalog import Rule, language_code, load_rules, rule_by_number
from tournament.rulebook.chiprace import chip_race
from tournament.rulebook.editions import EDITIONS
from tournament.rulebook.errors import RulingInputError
from tournament.rulebook.search import search
from tournament.rulebook.wager import read_wager


def _lang() -> str:
    return get_language() or "en"


# --- Rules as the templates see them ------------------------------------------------


@dataclass(frozen=True)
class RuleView:
    """A rule's text in the reader's language, ready for a template."""

    number: str
    label: str
    title: str
    section: str
    summary: str
    tda2024: str | None
    tda2024_differs: str | None
    examples: tuple[tuple[str, str], ...]
    see_also: tuple[tuple[str, str], ...]
    calculator: str | None
    parts: tuple[tuple[str, str], ...]


def rule_view(rule: Rule, lang: str) -> RuleView:
    related = []
    for number in rule.see_also:
        other = rule_by_number(number)
        if other is not None:
            related.append((other.number, other.label(lang)))
    return RuleView(
        number=rule.number,
        label=rule.label(lang),
        title=rule.text(lang, "title"),
        section=rule.text(lang, "section"),
        summary=rule.text(lang, "summary"),
        tda2024=rule.tda2024,
        tda2024_differs=rule.tda2024_differs.get(lang) if rule.tda2024_differs else None,
        examples=tuple((e.title.get(lang), e.summary.get(lang)) for e in rule.examples),
        see_also=tuple(related),
        calculator=rule.calculator if rule.calculator in CALCULATORS else None,
        parts=tuple((p.number, p.label(lang)) for p in load_rules() if p.parent == rule.number),
    )


def snippet(text: str, query: str, width: int = 170) -> SafeString:
    """A piece of ``text`` around the first query word found in it, that word marked."""
    lowered = text.lower()
    terms = sorted({t for t in re.split(r"\s+", query.strip().lower()) if len(t) >= 2},
                   key=len, reverse=True)
    position, found = -1, ""
    for term in terms:
        position = lowered.find(term)
        if position >= 0:
            found = text[position : position + len(term)]
            break
    start = max(0, position - 60) if position >= 0 else 0
    piece = text[start : start + width]
    html = escape(piece)
    if found and found in piece:
        html = html.replace(escape(found), f"<mark>{escape(found)}</mark>", 1)
    prefix = "…" if start > 0 else ""
    suffix = "…" if start + width < len(text) else ""
    return mark_safe(prefix + html + suffix)  # noqa: S308 - every piece escaped above


# --- Search and rule pages ---------------------------------------------------------


@require_GET
@vary_on_headers("HX-Request")
def rulebook_search(request: HttpRequest) -> HttpResponse:
    """Search as you type (htmx swaps the results); a plain GET form without JavaScript."""
    form = calc_forms.SearchForm(request.GET)
    query = form.cleaned_data["q"].strip() if form.is_valid() else ""
    lang = _lang()
    results = [
        {"rule": rule_view(hit.rule, lang), "snippet": snippet(hit.rule.text(lang), query)}
        for hit in search(query, lang=lang, limit=15)
    ]
    context = {"form": form, "query": query, "results": results}
    if request.htmx:
        return render(request, "rulebook/_results.html", context)
    if not query:
        context["all_rules"] = [(r.number, r.label(lang), r.text(lang, "section"))
                                for r in load_rules()]
    context["calculators"] = CALCULATORS.values()
    return render(request, "rulebook/search.html", context)


@require_GET
def rulebook_rule(request: HttpRequest, rule_number: str) -> HttpResponse:
    rule = rule_by_number(rule_number)
    if rule is None:
        raise Http404(_("No such rule."))
    rulings = None
    if has_role(request.user, *STAFF):
        rulings = (Ruling.objects.filter(rules__icontains=f'"{rule.number}"')
                   .select_related("staff", "tournament")[:25])
    context = {"rule": rule_view(rule, _lang()), "rulings": rulings,
               "calculator": CALCULATORS.get(rule.calculator or "")}
    return render(request, "rulebook/rule.html", context)


# --- Calculators -------------------------------------------------------------------

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


def _betting(data: dict, request: HttpRequest) -> dict:
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


def _wager(data: dict, request: HttpRequest) -> dict:
    reading = read_wager(
        current_bet=data["current_bet"], big_blind=data["big_blind"], said=data["said"] or None,
        chips=data["chips"], already_in=data["already_in"] or 0, stack=data["stack"],
        raise_size=data["raise_size"] or None, spoke_first=data["order"] == "words",
        heads_up=data["heads_up"],
        facing_opening_bet=not data["facing_raise"] and not data.get("opening_bet"),
        wanted_change=data["wanted_change"], opening_bet=data.get("opening_bet") or None,
    )
    return {"reading": reading, "action": ACTION_LABELS.get(reading.action, reading.action)}


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


def _pots(data: dict, request: HttpRequest) -> dict:
    contributions, folded = data["contributions"], set(data["folded"])
    pot_list = pots.split(contributions, folded)
    live = sorted(s for s in contributions if s not in folded)
    values, shown = _hand_values(data, live)
    groups = data["low_ranking"]
    lows = {seat: len(groups) - rank for rank, group in enumerate(groups) for seat in group}
    stud = data["game"] == "stud"
    order = pots.high_card_order({s: v.cards for s, v in shown.items()}) if stud else None
    per_pot = []
    totals: dict[int, int] = {}
    for index, pot in enumerate(pot_list):
        won = pots.award([pot], values, button=data["button"], chip_unit=data["chip_unit"],
                         low_values=lows or None, odd_chip_order=order)
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
        "split": bool(lows),
        "stud": stud,
    }


def _showdown(data: dict, request: HttpRequest) -> dict:
    return {"order": showdown.showdown_order(
        data["in_hand"], button=data["button"], last_aggressor=data["last_aggressor"],
        all_in=data["all_in"])}


def _misdeal(data: dict, request: HttpRequest) -> dict:
    return {"ruling": misdeal.misdeal(**data)}


def _chip_race(data: dict, request: HttpRequest) -> dict:
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


def _shot_clock(data: dict, request: HttpRequest) -> dict:
    edition = EDITIONS[data.get("edition") or "house"]
    return {"edition": edition, "edition_label": edition.label_for(_lang())}


def _penalty(data: dict, request: HttpRequest) -> dict:
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


def _button(data: dict, request: HttpRequest) -> dict:
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
    compute: Callable[[dict, HttpRequest], dict]
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


@require_GET
@vary_on_headers("HX-Request")
def rulebook_calc(request: HttpRequest, slug: str) -> HttpResponse:
    """One calculator: a GET form; htmx swaps the form and its answer in place."""
    calculator = CALCULATORS.get(slug)
    if calculator is None:
        raise Http404(_("No such calculator."))
    extra = {"lang": _lang()} if calculator.form is calc_forms.ShotClockForm else {}
    submitted = any(name in request.GET for name in calculator.form.base_fields)
    form = calculator.form(request.GET if submitted else None, **extra)
    result, status = None, 200
    if submitted and form.is_valid():
        data = form.cleaned_data
    elif not submitted and calculator.answers_unbound:
        data = {name: field.initial for name, field in form.fields.items()}
    else:
        data = None
        status = 400 if submitted else 200
    if data is not None:
        try:
            result = calculator.compute(data, request)
        except RulingInputError as error:
            form.add_error(None, str(error))
            status = 400
    lang = language_code(_lang())
    context = {
        "calculator": calculator,
        "form": form,
        "result": result,
        "rules": [(n, r.label(lang)) for n in calculator.rules if (r := rule_by_number(n))],
        "result_template": f"rulebook/calc/{calculator.slug}.html",
    }
    template = "rulebook/_calc.html" if request.htmx else "rulebook/calc.html"
    return render(request, template, context, status=status)
