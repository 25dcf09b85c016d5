"""Festival events: the flights, Day 2 and its draw, the event's entries, pool and places."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournament.domain.names import long_enough
from tournament.forms.festival import Day2Form, EventForm, FlightAddForm, SearchForm
from tournament.models import Entry, Event, Tournament
from tournament.permissions import DIRECTOR, has_role, role_required
from tournament.selectors.clock import lookup_entries
from tournament.selectors.festival import event_overview, event_players_left
from tournament.selectors.money import event_prizes
from tournament.selectors.payouts import field_figures, payout_table
from tournament.services import events
from tournament.views.common import done, form_errors, run_service


@require_http_methods(["GET", "POST"])
def event_list(request: HttpRequest) -> HttpResponse:
    """Every event; the director creates one here."""
    form = EventForm(request.POST or None)
    if request.method == "POST":
        if not has_role(request.user, DIRECTOR):
            return render(request, "festival/event_list.html",
                          {"events": Event.objects.all()[:200], "form": EventForm(),
                           "error": _("Only the director creates events.")}, status=403)
        if form.is_valid():
            event, error = run_service(request, lambda: events.event_create(
                actor=request.user, name=form.cleaned_data["name"],
                advance_rule=form.cleaned_data["advance_rule"],
                day2_late_registration=form.cleaned_data["day2_late_registration"]))
            if error is None:
                return done(request, reverse("event_detail", args=[event.pk]),
                            _("Event created."))
            form.add_error(None, error)
    return render(request, "festival/event_list.html",
                  {"events": Event.objects.all()[:200], "form": form},
                  status=400 if form.errors else 200)


def _event_context(event: Event, **extra) -> dict:
    overview = event_overview(event)
    flights = [row["tournament"] for row in overview["flights"]]
    context = overview | {
        "flight_form": FlightAddForm(tournaments=Tournament.objects.filter(
            event__isnull=True).exclude(day2_of__isnull=False).order_by("-created_at")[:100]),
        "day2_form": Day2Form(flights=flights),
        "settings_form": EventForm(instance=event),
        "error": None,
    }
    if flights:
        context |= _event_places(event, flights[0], overview["day2"])
    return context | extra


PLACES_SHOWN = 200


def _event_places(event: Event, first_flight: Tournament, day2: dict | None) -> dict:
    """The event's payouts and its best places decided so far, on Day 1 or Day 2.

    The payout table is the whole event's (the first flight's settings over the
    event's entries and pool); the prizes are the ledger's over the event
    (``event_prizes``, a Day 2 deal included). A fixed number of queries.
    """
    table = payout_table(first_flight, field_figures(first_flight))
    placed = (Entry.objects.filter(tournament__event=event, finish_place__isnull=False)
              .select_related("player", "tournament").order_by("finish_place"))
    shown = list(placed[:PLACES_SHOWN])
    prizes = event_prizes(event, table)
    day2_id = event.day2_id
    rows = [{"entry": e, "place": e.finish_place, "tied": e.tied_place,
             "day": 2 if e.tournament_id == day2_id else 1,
             "prize": prizes.get(e.pk, 0)} for e in shown]
    day1_placed = placed.exclude(tournament_id=day2_id) if day2_id else placed
    return {"payouts": table, "places": rows, "places_count": placed.count(),
            "day1_places": day1_placed.count(),
            "still_in": None if day2_id else event_players_left(event)}


@require_GET
def event_detail(request: HttpRequest, event_id: int) -> HttpResponse:
    """Public: flights, entries and pool over the event, Day 2 and its seats, places."""
    event = get_object_or_404(Event, pk=event_id)
    return render(request, "festival/event.html", _event_context(event))


EVENT_ACTIONS = ("flight", "new-flight", "settings", "day2", "withdraw")


@require_POST
@role_required(DIRECTOR)
def event_action(request: HttpRequest, event_id: int, action: str) -> HttpResponse:
    """Director: add a flight, change the settings, or draw Day 2."""
    if action not in EVENT_ACTIONS:
        raise Http404
    event = get_object_or_404(Event, pk=event_id)
    error = None
    if action == "flight":
        form = FlightAddForm(request.POST, tournaments=Tournament.objects.filter(
            event__isnull=True))
        if form.is_valid():
            _r, error = run_service(request, lambda: events.event_flight_add(
                actor=request.user, event_id=event.pk,
                tournament_id=form.cleaned_data["tournament"]))
        else:
            error = _("Choose a tournament that is not in an event yet.")
        notice = _("Flight added.")
    elif action == "new-flight":
        form = SearchForm(request.POST)  # one short name field
        if form.is_valid():
            _r, error = run_service(request, lambda: events.event_flight_create(
                actor=request.user, event_id=event.pk, name=form.cleaned_data["name"]))
        else:
            error = form_errors(form)
        notice = _("Flight added.")
    elif action == "settings":
        form = EventForm(request.POST, instance=Event.objects.get(pk=event.pk))
        if form.is_valid():
            _r, error = run_service(request, lambda: events.event_update(
                actor=request.user, event_id=event.pk, name=form.cleaned_data["name"],
                advance_rule=form.cleaned_data["advance_rule"],
                day2_late_registration=form.cleaned_data["day2_late_registration"]))
        else:
            error = form_errors(form)
        notice = _("Settings saved.")
    elif action == "day2":
        flights = list(Tournament.objects.filter(event=event).exclude(day2_of__isnull=False))
        form = Day2Form(request.POST, flights=flights)
        if form.is_valid():
            _r, error = run_service(request, lambda: events.day2_create(
                actor=request.user, event_id=event.pk, flight_ids=form.cleaned_data["flights"],
                name=form.cleaned_data["name"]))
        elif "name" in form.errors:
            error = form_errors(form)
        else:
            error = _("Choose at least one bagged flight.")
        notice = _("Day 2 is drawn: the seats are on the chart and the seat lookup.")
    else:  # withdraw
        _r, error = run_service(request, lambda: events.day2_withdraw(
            actor=request.user, event_id=event.pk))
        notice = _("The Day 2 draw is taken back: the bags can be drawn again.")
    if error is None:
        return done(request, reverse("event_detail", args=[event.pk]), notice)
    event.refresh_from_db()
    return render(request, "festival/event.html", _event_context(event, error=error), status=400)


@require_GET
def event_seat_lookup(request: HttpRequest, event_id: int) -> HttpResponse:
    """Public: a player finds their Day 2 seat by name, as on a tournament's seat lookup
    (one CJK character is enough, Latin near misses found; at most 20, three queries)."""
    event = get_object_or_404(Event, pk=event_id)
    form = SearchForm(request.GET)
    query = " ".join(form.cleaned_data["name"].split()) if form.is_valid() else ""
    found = []
    if event.day2_id:
        found = lookup_entries(event.day2_id, query, related=("carried_from",))
    template = "festival/event_seats.html#seats" if request.htmx else "festival/event_seats.html"
    return render(request, template, {"event": event, "query": query, "found": found,
                                      "searched": long_enough(query)})
