"""What each API resource holds, read in a fixed number of queries whatever the field size.

Codes, not translated labels: a client shows them in its own language.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.db.models import Count

from tournament.floor_port import floor
from tournament.models import ChipCount, Entry, LineSpot, Reservation, Tournament
from tournament.selectors.festival import chips_in_play
from tournament.selectors.money import (
    bounties_on_heads,
    bounties_won,
    deal_in_force,
    deal_payouts,
    prizes_due,
)
from tournament.selectors.payouts import field_figures, payout_table
from tournament.selectors.reservations import status_of

LIVE = Entry.LIVE_STATUSES
# The most reservations a tournament takes (services.reservations.RESERVATIONS_MAX).
RESERVATIONS_MAX = 10_000


def _iso(value: datetime | None) -> str | None:
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z") if value else None


def tournament_summary(t: Tournament) -> dict[str, Any]:
    return {"id": t.pk, "name": t.name, "status": t.status, "game": t.game,
            "created_at": _iso(t.created_at), "finished_at": _iso(t.finished_at),
            "links": {name: f"/api/v1/tournaments/{t.pk}/{name}/"
                      for name in ("clock", "levels", "payouts", "seating", "chips", "results",
                                   "bounties", "line", "reservations")}}


def tournaments_list() -> dict[str, Any]:
    """Every tournament, newest first (one query)."""
    return {"tournaments": [tournament_summary(t) for t in Tournament.objects.all()[:500]]}


def tournament_detail(t: Tournament) -> dict[str, Any]:
    figures = field_figures(t)
    return tournament_summary(t) | {
        "seats_per_table": t.seats_per_table, "final_table_size": t.final_table_size,
        "starting_stack": t.starting_stack, "buy_in": t.buy_in, "fee": t.fee,
        "bounty": t.bounty, "progressive_knockout": t.bounty_progressive,
        "guarantee": t.guarantee, "late_registration_ends_after_level": t.late_reg_end_level,
        "entries": figures.entries, "players_left": figures.players_left,
        "unique_players": figures.unique_players, "rebuys": figures.rebuys,
        "addons": figures.addons, "chips_in_play": figures.chips_in_play,
        "average_stack": figures.average_stack, "prize_pool": figures.prize_pool,
        "overlay": figures.overlay, "entry_cap": t.entry_cap,
        "line_call_minutes": t.line_call_minutes,
    }


def _levels(snapshot: dict[str, Any]) -> list[dict[str, Any]]:
    start = 0
    levels = []
    for index, level in enumerate(snapshot["levels"]):
        levels.append({
            "index": index, "number": level["n"], "is_break": level["brk"],
            "small_blind": level["sb"], "big_blind": level["bb"], "ante": level["ante"],
            "ante_type": level["at"], "duration": level["d"], "starts_at_elapsed": start,
            "color_up": level["cu"],
        })
        start += level["d"]
    return levels


def clock_resource(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The anchor every screen uses: a client computes the time left itself.

    Elapsed structure time now = ``elapsed_at_anchor`` + (now − ``anchor_at``)
    while ``running``, else ``elapsed_at_anchor``; the level is the one whose
    ``starts_at_elapsed`` range holds it. Nothing here changes by the passing
    of time, so the ETag changes only when the clock or the field does.
    """
    return {
        "tournament": snapshot["id"], "status": snapshot["status"],
        "running": snapshot["running"], "started": snapshot["started"],
        "anchor_at": snapshot["anchor"], "elapsed_at_anchor": snapshot["elapsed"],
        "version": snapshot["version"],
        "late_registration_closes_at_elapsed": snapshot["late_close"],
        "entries": snapshot["entries"], "players_left": snapshot["players_left"],
        "average_stack": snapshot["average"], "prize_pool": snapshot["prize_pool"],
        "levels": _levels(snapshot),
    }


def levels_resource(snapshot: dict[str, Any]) -> dict[str, Any]:
    return {"tournament": snapshot["id"], "levels": _levels(snapshot)}


def payouts_resource(t: Tournament) -> dict[str, Any]:
    figures = field_figures(t)
    table = payout_table(t, figures)
    deal = deal_in_force(t)
    deal_data = None
    if deal is not None:
        deal_data = {"method": deal.method, "money_left": deal.money_left, "keep": deal.keep,
                     "shares": [{"entry": number, "name": name, "amount": amount}
                                for number, name, amount in deal.shares.values_list(
                                    "entry__number", "entry__player__name", "amount")]}
    return {"tournament": t.pk, "prize_pool": figures.prize_pool, "overlay": figures.overlay,
            "places_paid": len(table), "payouts": table, "deal": deal_data}


def seating_resource(t: Tournament) -> dict[str, Any]:
    tables = list(floor().open_tables(t)
                  .values_list("pk", "number", "capacity", "button"))
    rows = list(Entry.objects.filter(tournament=t, status__in=LIVE)
                .values_list("number", "player__name", "status", "table_id", "seat")
                .order_by("table_id", "seat", "number"))
    seats: dict[int, list[dict[str, Any]]] = {pk: [] for pk, *_rest in tables}
    waiting = []
    for number, name, status, table_id, seat in rows:
        if status == Entry.Status.SEATED and table_id in seats:
            seats[table_id].append({"seat": seat, "entry": number, "name": name})
        else:
            waiting.append({"entry": number, "name": name})
    return {"tournament": t.pk,
            "tables": [{"number": number, "capacity": capacity, "button": button,
                        "seats": seats[pk]} for pk, number, capacity, button in tables],
            "waiting": waiting}


def chips_resource(t: Tournament) -> dict[str, Any]:
    """The players still in with their current counted stack, biggest first (two queries).

    Also the chips in play (less colour-up removals) and the difference from the
    counts, as the room's own screens show them.
    """
    rows = (ChipCount.objects.filter(tournament=t, current=True,
                                     entry__status__in=Entry.LIVE_STATUSES)
            .order_by("-chips", "entry__number")
            .values_list("entry__number", "entry__player__name", "chips", "counted_at",
                         "entry__table__number", "entry__seat"))
    counts = [{"entry": number, "name": name, "chips": chips, "counted_at": _iso(at),
               "table": table, "seat": seat} for number, name, chips, at, table, seat in rows]
    in_play = chips_in_play(t)
    counted = sum(c["chips"] for c in counts)
    return {"tournament": t.pk, "chips_in_play": in_play, "counted": counted,
            "difference": counted - in_play, "counts": counts}


def results_rows(t: Tournament) -> list[dict[str, Any]]:
    """Placed entries: place, name, country, prize (deal shares included), knockouts, bounties."""
    due = prizes_due(t)
    deal = deal_payouts(t)
    bounties = bounties_won(t)
    knockouts = dict(Entry.objects.filter(tournament=t, busted_by__isnull=False)
                     .values("busted_by").annotate(n=Count("id")).values_list("busted_by", "n"))
    placed = (Entry.objects.filter(tournament=t, finish_place__isnull=False)
              .order_by("finish_place")
              .values_list("pk", "number", "finish_place", "tied_place", "player__name",
                           "player__country"))
    return [{"place": place, "tied_from": tied, "entry": number, "name": name,
             "country": country, "prize": due.get(pk, 0), "deal": pk in deal,
             "knockouts": knockouts.get(pk, 0), "bounties": bounties.get(pk, 0)}
            for pk, number, place, tied, name, country in placed]


def results_resource(t: Tournament) -> dict[str, Any]:
    return {"tournament": t.pk, "status": t.status, "results": results_rows(t)}


def bounties_resource(t: Tournament) -> dict[str, Any]:
    return {"tournament": t.pk, "progressive": t.bounty_progressive,
            "bounties": [{"entry": r["entry"].number, "name": r["entry"].player.name,
                          "bounty": r["bounty"]} for r in bounties_on_heads(t, limit=20)]}


LINE_SHOWN = 500


def line_resource(t: Tournament) -> dict[str, Any]:
    """The alternate line (players not yet paid): the called with their deadline, then those
    waiting in order (one query). Names only, as the desk calls them out: never a contact."""
    spots = list(LineSpot.objects.filter(tournament=t, status__in=LineSpot.OPEN_STATUSES)
                 .order_by("joined_at", "id")
                 .values("pk", "name", "status", "joined_at", "called_at",
                         "call_deadline")[:LINE_SHOWN])
    waiting = [s for s in spots if s["status"] == LineSpot.Status.WAITING]
    return {"tournament": t.pk, "entry_cap": t.entry_cap,
            "call_minutes": t.line_call_minutes,
            "called": [{"spot": s["pk"], "name": s["name"], "called_at": _iso(s["called_at"]),
                        "deadline": _iso(s["call_deadline"])}
                       for s in spots if s["status"] == LineSpot.Status.CALLED],
            "waiting": [{"spot": s["pk"], "position": i, "name": s["name"],
                         "joined_at": _iso(s["joined_at"])}
                        for i, s in enumerate(waiting, start=1)]}


def reservations_resource(t: Tournament, *, registration_closed: bool, now: datetime
                          ) -> dict[str, Any]:
    """Reservations made before the day, newest first (one query): who, when, their state
    and the entry the desk made of each. Never a contact: this is public."""
    rows = list(Reservation.objects.filter(tournament=t).select_related("entry")
                .order_by("-made_at", "-id")[:RESERVATIONS_MAX])
    items = []
    for r in rows:
        state = status_of(r, registration_closed=registration_closed, now=now)
        items.append({"name": r.name, "language": r.language, "status": state,
                      "at_kiosk": r.at_kiosk, "made_at": _iso(r.made_at),
                      "expires_at": _iso(r.expires_at),
                      "entry": r.entry.number if state == "used" else None})
    counts = {state: sum(1 for i in items if i["status"] == state)
              for state in ("active", "used", "expired", "cancelled")}
    return {"tournament": t.pk, "open": t.reservations_open, "counts": counts,
            "reservations": items}
