"""Hostile input on every URL pattern: never a server error, and a refusal changes nothing.

Walks the URLconf (as the permission test does) and, as a director (who may do
everything), sends each pattern's view hostile values in every field the site's
forms use: empty, negative, 10^30, 2^31, 10^15 + 1 (one above the bound of money and
chips), 2^63, NaN, inf, 1e309, 5,000 digits,
NUL and control characters, 100 KB strings, emoji, "-0:30"; the same values as
duplicated fields and in query strings; and hostile files (deep JSON, huge
numbers, binary) to the imports. Runs on SQLite and, in the PostgreSQL leg, on
PostgreSQL, whose column ranges and NUL handling differ.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.views.test_permissions import SAMPLE_KWARGS, app_patterns

pytestmark = pytest.mark.django_db

HOSTILE = [
    "", "-1", "0", "1" + "0" * 30, str(2**31), str(10**15 + 1), str(2**63), "-" + str(2**63), "NaN", "inf",
    "-inf", "1e309", "9" * 5000, "a\x00b", "\x00", "tab\there\x1b[31m", "x" * 100_000,
    "\U0001f0a1\U0001f600", "-0:30", "99999999:00", "1:00\x00", "0x1F", "1.5", "' OR 1=1 --",
]

FIELDS = sorted({
    # tournament settings (the edit and new forms)
    "name", "status", "game", "rulebook_edition", "seats_per_table", "final_table_size",
    "starting_stack", "buy_in", "fee", "re_entry_allowed", "re_entry_limit", "rebuy_allowed",
    "rebuy_amount", "rebuy_chips", "addon_allowed", "addon_amount", "addon_chips", "bounty",
    "late_reg_end_level", "chip_set", "guarantee", "payout_unit", "payout_percentages",
    "balance_tolerance", "balance_tight_at_tables", "template", "tables",
    # structures and the generator
    "target_minutes", "level_minutes", "ante_from_level", "ante_type",
    "break_every_minutes", "form-TOTAL_FORMS", "form-INITIAL_FORMS", "form-MAX_NUM_FORMS",
    "form-0-kind", "form-0-small_blind", "form-0-big_blind", "form-0-ante", "form-0-ante_type",
    "form-0-minutes", "form-0-color_up", "form-0-DELETE",
    # the structure editor's rows (its formset's prefix is "levels")
    "levels-TOTAL_FORMS", "levels-INITIAL_FORMS", "levels-0-kind", "levels-0-small_blind",
    "levels-0-big_blind", "levels-0-ante", "levels-0-ante_type", "levels-0-minutes",
    "levels-0-color_up", "levels-0-DELETE",
    # clock, registration, floor, tables
    "time_left", "seconds", "player", "email", "method", "confirm_new", "q", "busted_by",
    "chips_at_start", "table", "seat", "capacity", "count", "break_order", "order", "button",
    # rulings, rulebook calculators, staff
    "facts", "decision", "rules", "penalty", "seats", "table_number", "tournament", "cite",
    "rule", "said", "actions", "board", "hands", "kind", "players_at_table", "offence_number",
    "old_denomination", "new_denomination", "chip_unit", "heads_up", "facing_raise", "limit",
    "username", "roles", "active", "page", "view", "theme", "command", "seed",
})



def project_form_fields() -> set[str]:
    """Every field name of every form the project defines (the URLconf's views import
    them), so a form added later is fuzzed too."""
    from django import forms
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018  (imports every view, and so every form)
    names: set[str] = set()
    pending = [forms.BaseForm]
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if cls.__module__.startswith(("tournament.", "tables.")):
            names |= set(getattr(cls, "base_fields", {}))
    return names


FIELDS = sorted(set(FIELDS) | project_form_fields() | {
    "expected_seat", "expected_table", "action", "names", "chips"})

LONG_FIELDS = ["name", "facts", "decision", "penalty", "rules", "seats", "q", "time_left",
               "username", "player", "email", "said", "board", "hands", "chip_set",
               "payout_percentages", "form-0-color_up", "actions"]
HTMX_VALUES = {"NaN", "a\x00b", "1" + "0" * 30, str(2**31)}

HOSTILE_FILES = {
    "nested.json": b"[" * 150_000 + b"]" * 150_000,
    "deep-object.json": b'{"levels":' * 50_000 + b"1" + b"}" * 50_000,
    "big-int.json": b'{"levels": [{"kind": "play", "small_blind": ' + b"9" * 5000 + b"}]}",
    "huge-int.csv": ("kind,small_blind,big_blind,ante,ante_type,minutes,color_up\n"
                     "play,1" + "0" * 30 + ",2" + "0" * 30 + ",0,none,20,\n").encode(),
    "two31.csv": (f"kind,small_blind,big_blind,ante,ante_type,minutes,color_up\n"
                  f"play,{2**31},{2**31},0,none,{2**31},\n").encode(),
    "nan.csv": b"kind,small_blind,big_blind,ante,ante_type,minutes,color_up\nplay,NaN,inf,0,none,1e309,\n",
    "nul.csv": b"kind,small_blind\x00,big_blind\nplay,1\x00,2\n",
    "binary.csv": bytes(range(256)) * 64,
    "rows.csv": b"name\n" + b"Player\n" * 200_000,
    "empty.csv": b"",
}


def digest() -> str:
    """Every row of the project's tables (and staff accounts), hashed."""
    h = hashlib.sha256()
    for model in sorted(apps.get_models(), key=lambda m: m._meta.label):
        if model._meta.app_label not in ("tournament", "tables", "auth"):
            continue
        for row in model.objects.order_by("pk").values_list():
            h.update(repr(row).encode())
    return h.hexdigest()


@pytest.fixture
def event(make_tournament, director, floor_user):
    """A tournament in play, so that ids in URLs point at real rows."""
    from tables.services import busts, tables_add
    from tournament.services.clock import clock_start
    from tournament.services.registration import entry_register
    from tournament.services.rulings import ruling_log

    # The public registration page open: its anonymous form is fuzzed too (issue 23).
    t = make_tournament(rebuy_allowed=True, rebuy_amount=50, rebuy_chips=5000,
                        reservations_open=True)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    entries = [entry_register(actor=director, tournament_id=t.pk, player_name=f"Fuzz {n}")
               for n in range(14)]
    clock_start(tournament_id=t.pk, actor=director)
    busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=entries[0].pk,
                              busted_by_id=entries[1].pk)
    ruling = ruling_log(actor=floor_user, facts="f", decision="d", tournament_id=t.pk)
    move = t.moves.first()
    return {
        "tournament_id": t.pk, "entry_id": entries[2].pk, "number": entries[2].number,
        "entry_number": entries[2].number, "table_number": 1,
        "event_id": t.events.filter(kind="entry_busted").get().pk,
        "move_id": move.pk if move else 1, "ruling_id": ruling.pk, "user_id": floor_user.pk,
        "structure_id": t.structure_id,
    }


SAMPLE = {"action": "start", "kind": "rebuy", "fmt": "csv", "rule_number": "42",
          "slug": "betting", "calculator": "betting"}


def url_of(pattern, ids: dict) -> str:
    """The pattern's URL with this event's ids (else the permission walk's samples, else 1)."""
    kwargs = {name: ids.get(name, SAMPLE.get(name, SAMPLE_KWARGS.get(name, 1)))
              for name in pattern.pattern.regex.groupindex}
    return reverse(pattern.name, kwargs=kwargs)


ROUTES = {route: p for route, p in app_patterns()}


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_hostile_values_never_cause_a_server_error_and_refusals_change_nothing(
    route, event, director
):
    pattern = ROUTES[route]
    url = url_of(pattern, event)
    client = Client(raise_request_exception=False)
    client.force_login(director)
    failures, tried = [], 0
    state = {"digest": digest()}

    def send(method: str, data, what: str, **extra) -> None:
        nonlocal tried
        response = getattr(client, method)(url, data, **extra)
        tried += 1
        if response.status_code >= 500:
            failures.append(f"{method.upper()} {url} {what}: {response.status_code}")
        after = digest()
        if 400 <= response.status_code < 500 and method == "post" and after != state["digest"]:
            failures.append(f"POST {url} {what}: refused ({response.status_code}) but wrote")
        state["digest"] = after

    for value in HOSTILE:
        label = repr(value[:20]) + (f"… ({len(value)} chars)" if len(value) > 20 else "")
        # A long value goes in the text fields only (every field at once would pass the
        # request size limit and be refused before any view reads it).
        fields = LONG_FIELDS if len(value) > 1000 else FIELDS
        send("get", {field: value for field in fields},
             f"query {label}")
        send("post", {field: value for field in fields}, f"every field = {label}")
        send("post", {field: [value, "1"] for field in fields}, f"duplicated {label}")
        if value in HTMX_VALUES:
            send("post", {field: value for field in fields}, f"every field = {label} (htmx)",
                 HTTP_HX_REQUEST="true")
    files = HOSTILE_FILES if "import" in pattern.name else {"empty.csv": b""}
    for name, content in files.items():
        send("post", {"file": SimpleUploadedFile(name, content)}, f"file {name}")
    send("post", b"\xff\xfe" + b"\x00" * 1000, "a binary body",
         content_type="application/x-www-form-urlencoded")
    send("post", json.dumps({"a": 1}), "a JSON body", content_type="application/json")
    print(f"{route}: {tried} requests")
    assert not failures, "\n".join(failures[:40])


def test_the_fuzz_covers_every_pattern_that_accepts_input():
    """Every named pattern of the site is in the walk (a new view is fuzzed without a change)."""
    assert len(ROUTES) >= 40
    assert all(p.name for p in ROUTES.values())
