"""Creating and editing tournaments."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.bounds import amount_refusal
from tournament.domain import clock as clock_domain
from tournament.domain.structures import LevelSpec
from tournament.floor_port import floor
from tournament.models import AuditEvent, Clock, Entry, Structure, Tournament
from tournament.rulebook.editions import EDITIONS
from tournament.runtime.cache import changed_on_commit
from tournament.selectors.money import prize_pool_fixed_reason
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, lock_tournament, now
from tournament.services.clock import clock_state
from tournament.services.finishes import payouts_store
from tournament.services.structures import _validate, _write_levels

EDITABLE_FIELDS = (
    "name", "game", "rulebook_edition", "seats_per_table", "final_table_size", "starting_stack",
    "buy_in", "fee", "re_entry_allowed", "re_entry_limit", "rebuy_allowed", "rebuy_amount",
    "rebuy_chips", "addon_allowed", "addon_amount", "addon_chips", "bounty",
    "bounty_progressive",
    "late_reg_end_level", "chip_set", "guarantee", "payout_unit", "payout_percentages",
    "balance_tolerance", "balance_tight_at_tables", "hand_for_hand_at",
    "hand_for_hand_pauses_clock", "button_fresh_minutes", "scheduled_start",
    "entry_cap", "line_call_minutes",
    "reservations_open", "reservation_hold_hours",
)
# Settings that shape seating and the prize pool: fixed once players are in.
FIXED_ONCE_ENTRIES = ("seats_per_table", "buy_in", "starting_stack")
# Money and chips: whole numbers from 0 to AMOUNT_MAX (bigint columns).
AMOUNT_FIELDS = ("starting_stack", "buy_in", "fee", "rebuy_amount", "rebuy_chips", "addon_amount",
                 "addon_chips", "bounty", "guarantee", "payout_unit")
# What decides the prizes of a festival event's one pool: the same in every flight and Day 2.
EVENT_WIDE = ("guarantee", "payout_unit", "payout_percentages")


def default_final_table_size(edition: str, seats_per_table: int) -> int:
    return EDITIONS[edition].final_table_size(seats_per_table)


def _check_settings(values: Mapping[str, Any]) -> None:
    if not 2 <= values.get("seats_per_table", 9) <= 12:
        raise ServiceError(_("Tables seat between 2 and 12 players."), field="seats_per_table")
    final = values.get("final_table_size")
    # The final table may seat more than the event's tables (TDA 2024 RP-9: a
    # six-max event's final table is seven-handed); a table seats at most 12.
    if final is not None and not 2 <= final <= 12:
        raise ServiceError(
            _("The final table seats between 2 and 12 players."), field="final_table_size"
        )
    for name in AMOUNT_FIELDS:
        if name in values and (refusal := amount_refusal(values[name])):
            label = Tournament._meta.get_field(name).verbose_name
            raise ServiceError(f"{label}: {refusal}", field=name)
    if values.get("payout_unit", 1) < 1:
        raise ServiceError(_("Payouts must be rounded to an amount above 0."), field="payout_unit")
    if values.get("starting_stack", 1) < 1:
        raise ServiceError(_("Players start with at least one chip."), field="starting_stack")
    if not 0 <= int(values.get("hand_for_hand_at") or 0) <= 10_000:
        raise ServiceError(_("Prompt hand-for-hand at between 0 and 10000 players left."),
                           field="hand_for_hand_at")
    fresh = values.get("button_fresh_minutes")
    if fresh is not None and not 1 <= int(fresh) <= 1440:
        raise ServiceError(_("A button counts as known for 1 to 1440 minutes."),
                           field="button_fresh_minutes")
    cap = values.get("entry_cap")
    if cap is not None and not 1 <= int(cap) <= 100_000:
        raise ServiceError(_("A flight is capped at 1 to 100000 entries, or left without a cap."),
                           field="entry_cap")
    if not 1 <= int(values.get("line_call_minutes") or 5) <= 60:
        raise ServiceError(_("A called alternate has 1 to 60 minutes to pay."),
                           field="line_call_minutes")
    if not 0 <= int(values.get("reservation_hold_hours") or 0) <= 720:
        raise ServiceError(_("A reservation holds for 0 to 720 hours (0: until late "
                             "registration closes)."), field="reservation_hold_hours")
    chips = values.get("chip_set") or []
    if any((not isinstance(c, int)) or c <= 0 for c in chips):
        raise ServiceError(_("Chip denominations must be positive whole numbers."), field="chip_set")


def _normalised(values: Mapping[str, Any]) -> dict[str, Any]:
    values = {k: v for k, v in values.items() if k in EDITABLE_FIELDS}
    if "hand_for_hand_at" in values and values["hand_for_hand_at"] in (None, ""):
        values["hand_for_hand_at"] = 0  # left empty: the bubble
    if "line_call_minutes" in values and values["line_call_minutes"] in (None, ""):
        del values["line_call_minutes"]  # left empty: as it was (5 by default)
    if "entry_cap" in values and values["entry_cap"] == "":
        values["entry_cap"] = None
    if "reservation_hold_hours" in values and values["reservation_hold_hours"] in (None, ""):
        values["reservation_hold_hours"] = 0  # left empty: until late registration closes
    if "button_fresh_minutes" in values and values["button_fresh_minutes"] in (None, ""):
        del values["button_fresh_minutes"]  # left empty: as it was (30 by default)
    return values


@transaction.atomic
def tournament_create(
    *, actor: Actor, values: Mapping[str, Any], levels: Sequence[LevelSpec],
    structure_name: str | None = None,
) -> Tournament:
    """Create a tournament with its own copy of the levels and a stopped clock.

    ``structure_name`` (the template the levels come from) is named in a refusal, with the
    level and the field: “Deep stack”, level 30, Colour-up: …
    """
    values = _normalised(values)
    if not str(values.get("name", "")).strip():
        raise ServiceError(_("A tournament needs a name."), field="name")
    values.setdefault("rulebook_edition", Tournament.Edition.HOUSE)
    values.setdefault("seats_per_table", 9)
    if not values.get("final_table_size"):
        values["final_table_size"] = default_final_table_size(
            values["rulebook_edition"], values["seats_per_table"]
        )
    _check_settings(values)
    if not levels:
        raise ServiceError(_("Choose a structure with at least one level."), field="structure")
    _validate(levels, values.get("chip_set"), structure=structure_name)
    structure = Structure.objects.create(name=str(values["name"]).strip())
    _write_levels(structure, levels)
    tournament = Tournament.objects.create(structure=structure, **values)
    Clock.objects.create(tournament=tournament)
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.TOURNAMENT_CREATED,
           payload={"name": tournament.name, "levels": len(levels)}, at=now())
    return tournament


def _plain(values: Mapping[str, Any]) -> dict[str, Any]:
    """Values as the audit payload's JSON holds them (a time as ISO 8601)."""
    return {k: v.isoformat() if hasattr(v, "isoformat") else v for k, v in values.items()}


@transaction.atomic
def tournament_update(*, actor: Actor, tournament_id: int, values: Mapping[str, Any]) -> AuditEvent | None:
    """Change settings; returns the audit event, or None when nothing changed."""
    tournament = lock_tournament(tournament_id)
    changes = {k: v for k, v in _normalised(values).items() if getattr(tournament, k) != v}
    if not changes:
        return None
    if tournament.entries.exists():
        fixed = [name for name in FIXED_ONCE_ENTRIES if name in changes]
        if fixed:
            raise ServiceError(
                _("%(fields)s cannot change once players have entered.")
                % {"fields": ", ".join(str(Tournament._meta.get_field(f).verbose_name) for f in fixed)}
            )
    merged = {name: getattr(tournament, name) for name in EDITABLE_FIELDS} | changes
    _check_settings(merged)
    pool_rules = {k: v for k, v in changes.items() if k in EVENT_WIDE}
    if pool_rules and (reason := prize_pool_fixed_reason(tournament)):
        raise ServiceError(reason)
    before = {k: getattr(tournament, k) for k in changes}
    for name, value in changes.items():
        setattr(tournament, name, value)
    tournament.save(update_fields=list(changes))
    payload = {"before": _plain(before), "after": _plain(changes)}
    if pool_rules and tournament.event_id:
        # One pool, one payout table: every flight and Day 2 of the event follow.
        others = list(Tournament.objects.filter(event_id=tournament.event_id)
                      .exclude(pk=tournament.pk).values_list("pk", flat=True))
        Tournament.objects.filter(pk__in=others).update(**pool_rules)
        for other in others:
            changed_on_commit(other)
        payload["event_tournaments"] = others
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.TOURNAMENT_UPDATED, payload=payload)


def tournament_finish(*, tournament: Tournament) -> dict:
    """The last player standing wins: places, payouts stored, clock stopped, tables closed.

    A step of the action that leaves one player (the bust), inside its
    transaction with the tournament locked; returns what it did for that
    action's audit event, which ``tournament_reopen`` reads to undo it.
    """
    winner = Entry.objects.select_related("player", "table").get(
        tournament=tournament, status__in=Entry.LIVE_STATUSES)
    seat = [winner.table.number, winner.seat] if winner.table else None
    winner.status = Entry.Status.BUSTED  # out of play, as the winner
    winner.finish_place = 1
    winner.table, winner.seat = None, None
    winner.save(update_fields=["status", "finish_place", "table", "seat"])
    closed = floor().room_close(tournament=tournament)
    payouts_store(tournament)  # a copy of the ledger's prizes, for exports
    at = now()
    clock = Clock.objects.filter(tournament=tournament).first()
    clock_was_running = bool(clock and clock.running)
    if clock is not None and clock.running:
        state = clock_domain.pause(clock_state(clock), at)
        clock.running, clock.anchor_at = state.running, state.anchor_at
        clock.elapsed_at_anchor, clock.version = state.elapsed_at_anchor, state.version
        clock.save(update_fields=["elapsed_at_anchor", "anchor_at", "running", "version"])
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = at
    tournament.save(update_fields=["status", "finished_at"])
    return {"winner": winner.pk, "name": winner.player.name, "seat": seat,
            "tables": closed.tables, "moves_cancelled": closed.moves_cancelled,
            "clock_was_running": clock_was_running}


def tournament_reopen(*, tournament: Tournament, finished: dict) -> None:
    """Undo ``tournament_finish`` (its payload ``finished``): running again, the winner
    back in the seat, the tables open, the stored payouts withdrawn until the next
    finish. The clock stays paused for the director to resume."""
    floor().room_reopen(tournament=tournament, tables=finished.get("tables") or [])
    winner = Entry.objects.get(tournament=tournament, pk=finished["winner"])
    seat = finished.get("seat")
    table = floor().open_tables(tournament).filter(number=seat[0]).first() if seat else None
    winner.status, winner.finish_place = Entry.Status.SEATED, None
    winner.table, winner.seat = (table, seat[1]) if table else (None, None)
    if table is None:  # pragma: no cover - a winner always sat somewhere
        winner.status = Entry.Status.WAITING
    winner.save(update_fields=["status", "finish_place", "table", "seat"])
    Entry.objects.filter(tournament=tournament, payout_paid=False).exclude(payout=0).update(
        payout=0)
    tournament.status, tournament.finished_at = Tournament.Status.RUNNING, None
    tournament.save(update_fields=["status", "finished_at"])


ANNOUNCEMENT_MAX = 200
ANNOUNCEMENT_MAX_MINUTES = 24 * 60


def clean_line(text: str, *, limit: int) -> str:
    """One line of display text: no control characters, spaces collapsed, at most `limit`."""
    text = "".join(" " if unicodedata.category(c).startswith("C") else c for c in text)
    text = " ".join(text.split())
    if len(text) > limit:
        raise ServiceError(
            _("Keep it to %(limit)s characters.") % {"limit": limit}, field="text"
        )
    return text


@transaction.atomic
def tournament_announce(
    *, actor: Actor, tournament_id: int, text: str, minutes: int | None = None
) -> Tournament:
    """Put a line on every TV (empty text clears it), with an optional countdown."""
    tournament = lock_tournament(tournament_id)
    text = clean_line(text, limit=ANNOUNCEMENT_MAX)
    if minutes is not None and not 1 <= minutes <= ANNOUNCEMENT_MAX_MINUTES:
        raise ServiceError(
            _("A countdown runs from 1 minute to 24 hours."), field="minutes"
        )
    tournament.announcement = text
    tournament.announcement_until = now() + timedelta(minutes=minutes) if text and minutes else None
    tournament.save(update_fields=["announcement", "announcement_until"])
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.ANNOUNCEMENT_SET,
           payload={"text": text, "minutes": minutes if text else None})
    return tournament


LOGO_MAX_BYTES = 512 * 1024
# Raster formats only: an SVG may carry scripts.
LOGO_SIGNATURES = {
    b"\x89PNG\r\n\x1a\n": "image/png",
    b"\xff\xd8\xff": "image/jpeg",
    b"GIF87a": "image/gif",
    b"GIF89a": "image/gif",
}


def logo_type_of(data: bytes) -> str | None:
    for signature, content_type in LOGO_SIGNATURES.items():
        if data.startswith(signature):
            return content_type
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


@transaction.atomic
def tournament_logo_set(*, actor: Actor, tournament_id: int, data: bytes | None) -> Tournament:
    """Store the event's logo (PNG, JPEG, GIF or WebP, at most 512 KB); None removes it."""
    tournament = lock_tournament(tournament_id)
    content_type = ""
    if data is not None:
        if len(data) > LOGO_MAX_BYTES:
            raise ServiceError(_("A logo is at most 512 KB."), field="logo")
        content_type = logo_type_of(data) or ""
        if not content_type:
            raise ServiceError(
                _("A logo is a PNG, JPEG, GIF or WebP image."), field="logo"
            )
    tournament.logo = data
    tournament.logo_type = content_type
    tournament.logo_version += 1
    tournament.save(update_fields=["logo", "logo_type", "logo_version"])
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.LOGO_SET if data else AuditEvent.Kind.LOGO_REMOVED,
           payload={"bytes": len(data) if data else 0, "type": content_type})
    return tournament
