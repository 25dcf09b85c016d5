"""Backups: an event exports to one JSON document and imports back; the database backs up."""

from __future__ import annotations

import io
import json
import random
import re
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.urls import reverse

from tables.models import Move, Table
from tables.services import busts, tables_add
from tables.services.tables import table_set_button
from tests.conftest import SIMPLE_LEVELS
from tournament.models import AuditEvent, Entry, Payment, Player, Ruling, Structure, Tournament
from tournament.runtime import backup, event_backup
from tournament.services.clock import clock_start
from tournament.services.registration import entry_rebuy, entry_register
from tournament.services.reservations import reservation_create
from tournament.services.rulings import ruling_log

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)


def build_event(make_tournament, director, floor_user, players: int = 40) -> Tournament:
    """A tournament in play: tables, entries, rebuys, busts with knockouts, moves, a ruling."""
    rng = random.Random(7)
    t = make_tournament(name="Backup Cup", rebuy_allowed=True, rebuy_amount=50, rebuy_chips=5000,
                        bounty=10, levels=SIMPLE_LEVELS)
    tables_add(actor=director, tournament_id=t.pk, count=5, capacity=9)
    entries = [entry_register(actor=director, tournament_id=t.pk, player_name=f"Player {n} 李",
                              email=f"p{n}@example.com", rng=rng) for n in range(players - 1)]
    # Reservations (issue 23): the last player came from one, another is still waiting.
    reserved = reservation_create(actor=None, tournament_id=t.pk, name="Reserved 李",
                                  email="r@example.com", language="zh-hans", at_kiosk=True,
                                  rng=rng)
    entries.append(entry_register(actor=director, tournament_id=t.pk,
                                  reservation_id=reserved.pk, rng=rng))
    reservation_create(actor=None, tournament_id=t.pk, name="Still Waiting",
                       phone="+1 702 555 0100", at_kiosk=True, rng=rng)
    clock_start(tournament_id=t.pk, actor=director)
    for number in range(1, 6):  # buttons known: balance moves happen at each bust (issue 16)
        table_set_button(actor=floor_user, tournament_id=t.pk, table_number=number, seat=1)
    entry_rebuy(actor=director, tournament_id=t.pk, entry_id=entries[3].pk)
    count = min(12, players // 2 - 1)
    for victim, by in zip(entries[:count], entries[-count:], strict=True):
        busts.entry_bust(actor=floor_user, tournament_id=t.pk, entry_id=victim.pk,
                                  busted_by_id=by.pk, rng=rng)
    ruling_log(actor=floor_user, facts="Card exposed", decision="Misdeal", rules=["35"],
               table_number=1, seats="3", tournament_id=t.pk)
    return t


PUBLIC = ["clock_tv", "clock_phone", "clock_state", "seat_lookup", "seating_chart", "results",
          "results_csv", "leaderboard", "bounties_board", "print_payouts", "print_wall_chart",
          "api_tournament", "api_clock", "api_levels", "api_payouts", "api_seating", "api_chips",
          "api_results", "api_results_export", "api_bounties", "api_reservations"]


def without_id(text: str, pk: int) -> str:
    """The page with the tournament's id written "ID" where it is the id: in its URLs, the
    CSV's file name, a JSON document's own "id" (escaped in the clock's data attribute or
    not) and a "tournament" key. Only there: the same digits elsewhere on the page
    (``maxlength="60"``, a chip count, a seat, another row's id) are the page's own and
    must read the same after the import."""
    for before in (r"/t/", r"/tournaments/", r"results-", r'\A\{"id": ?', r'"tournament": ?',
                   r'data-snapshot="\{&quot;id&quot;:'):
        text = re.sub(rf"({before}){pk}(?![0-9])", r"\1ID", text)
    return text


def test_the_pages_compared_lose_the_id_and_nothing_else():
    """PostgreSQL once gave the event id 60: ``maxlength="60"`` became "ID" before the
    import and not after it (the imported event had another id)."""
    page = ('{"id":60,"tournament":60,"seats":[{"id":60,"seat":60}],"tournament": 601}'
            '<a href="/t/60/seat/">x</a> <input maxlength="60" size="60"> <td>60</td> '
            '<a href="/t/60/results-60.csv">csv</a> /t/600/ /t/160/ /tournaments/60/ '
            '<div data-snapshot="{&quot;id&quot;:60,&quot;level&quot;:60}"> ')
    assert without_id(page, 60) == (
        '{"id":ID,"tournament":ID,"seats":[{"id":60,"seat":60}],"tournament": 601}'
        '<a href="/t/ID/seat/">x</a> <input maxlength="60" size="60"> <td>60</td> '
        '<a href="/t/ID/results-ID.csv">csv</a> /t/600/ /t/160/ /tournaments/ID/ '
        '<div data-snapshot="{&quot;id&quot;:ID,&quot;level&quot;:60}"> ')
    assert without_id('{"id": 60, "name": "Cup"}', 60) == '{"id": ID, "name": "Cup"}'


def public_pages(tournament: Tournament) -> dict[str, str]:
    """What anyone sees, with the tournament's id taken out (an import gets a new one)."""
    client = Client()
    pages = {}
    urls = [reverse(name, args=[tournament.pk]) for name in PUBLIC]
    numbers = list(tournament.entries.order_by("number").values_list("number", flat=True))
    urls += [reverse("entry_seat", args=[tournament.pk, n]) for n in numbers]
    urls += [reverse("seat_lookup", args=[tournament.pk]) + "?q=Player+1"]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        text = without_id(response.content.decode(), tournament.pk)
        # Per-response secrets: the CSP nonce and the CSRF token.
        text = re.sub(r'(nonce="|"inlineStyleNonce":"|"X-CSRFToken": ")[^"]+', r"\1-", text)
        text = re.sub(r'(name="csrfmiddlewaretoken" value=")[^"]+', r"\1-", text)
        pages[url.replace(f"/t/{tournament.pk}/", "/t/ID/").replace(
            f"/tournaments/{tournament.pk}/", "/tournaments/ID/")] = text
    return pages


def wipe() -> None:
    """Everything an event is made of, gone (players and structures too)."""
    for model in (Ruling, Move, Payment, AuditEvent):
        model.objects.all().delete()
    Entry.objects.update(busted_by=None)
    Entry.objects.all().delete()
    Table.objects.all().delete()
    Tournament.objects.all().delete()
    Structure.objects.all().delete()
    Player.objects.all().delete()


def counts(tournament_id: int) -> dict[str, int]:
    return {
        "entries": Entry.objects.filter(tournament_id=tournament_id).count(),
        "knockouts": Entry.objects.filter(tournament_id=tournament_id,
                                          busted_by__isnull=False).count(),
        "payments": Payment.objects.filter(tournament_id=tournament_id).count(),
        "tables": Table.objects.filter(tournament_id=tournament_id).count(),
        "moves": Move.objects.filter(tournament_id=tournament_id).count(),
        "events": AuditEvent.objects.filter(tournament_id=tournament_id).count(),
        "rulings": Ruling.objects.filter(tournament_id=tournament_id).count(),
        "levels": Tournament.objects.get(pk=tournament_id).structure.levels.count(),
    }


def test_export_wipe_import_and_every_public_page_reads_the_same(
    make_tournament, director, floor_user, time_machine, tmp_path
):
    time_machine.move_to(T0, tick=False)
    t = build_event(make_tournament, director, floor_user)
    time_machine.move_to(T0 + timedelta(minutes=7), tick=False)
    before_pages, before_counts = public_pages(t), counts(t.pk)
    assert before_counts["moves"] > 0 and before_counts["knockouts"] == 12
    path = tmp_path / "event.json"
    call_command("export_event", str(t.pk), "--output", str(path))
    assert path.stat().st_mode & 0o777 == 0o600

    wipe()
    assert not Tournament.objects.exists() and not Player.objects.exists()

    call_command("import_event", str(path))
    (restored,) = Tournament.objects.all()
    assert counts(restored.pk) == before_counts
    after_pages = public_pages(restored)
    assert after_pages.keys() == before_pages.keys()
    for url, html in before_pages.items():
        assert after_pages[url] == html, url
    # The audit log keeps its people, and knockouts point inside the restored event.
    assert set(AuditEvent.objects.filter(tournament=restored)
               .values_list("actor__username", flat=True)) >= {"director", "floor"}
    assert not Entry.objects.filter(tournament=restored).exclude(
        busted_by__isnull=True).exclude(busted_by__tournament=restored).exists()


def test_importing_beside_the_original_makes_a_second_copy_and_reuses_the_players(
    make_tournament, director, floor_user
):
    t = build_event(make_tournament, director, floor_user, players=12)
    players = Player.objects.count()
    new_id = event_backup.import_event(event_backup.export_event(t.pk))
    assert new_id != t.pk
    assert counts(new_id) == counts(t.pk)
    assert Player.objects.count() == players
    assert Structure.objects.get(tournament__pk=new_id).pk != t.structure_id


def test_every_model_of_the_project_is_exported_or_deliberately_left_out(
    make_tournament, director, floor_user
):
    """A model added later follows the tournament (a foreign key to it, or a cascade from one
    of its rows): this fails if a new table holds event data the export would drop."""
    t = build_event(make_tournament, director, floor_user, players=12)
    document = event_backup.event_document(t.pk)
    exported = set(document["owned"]) | set(document["shared"])
    # Rulings without a tournament are not an event's; heartbeats are the state of
    # running processes, not of an event.
    # Leagues group many events and are kept with none of them.
    # The venue's dealer rotation rules belong to no event (issue 24); rulebook searches
    # and the phrases taught to the search are the site's, not an event's; so are the
    # failed staff logins that lock an account. Idempotency keys are a day's memory of
    # staff requests, not event data (issue 26).
    global_only = {"tournament.ruling", "tournament.heartbeat", "tournament.league",
                   "tables.dealerrules", "tournament.rulebooksearch", "tournament.taughtphrase",
                   "tournament.loginfailure", "tournament.idempotentrequest"}
    # Not in this event: then it must at least be reachable from a tournament, by a
    # foreign key to one of the event's rows or to a row reachable so (a cascade).
    reachable = {Tournament, Entry, Table, Structure, Player}
    grew = True
    while grew:
        grew = False
        for model in event_backup.project_models():
            if model not in reachable and any(
                    f.related_model in reachable
                    for f in model._meta.concrete_fields if f.is_relation):
                reachable.add(model)
                grew = True
    for model in event_backup.project_models():
        label = model._meta.label_lower
        if label in exported:
            continue
        assert model in reachable or label in global_only, f"{label} would not be exported"
    # No password hash ever leaves.
    assert "pbkdf2" not in json.dumps(document, default=str)
    assert "password" not in json.dumps(document["users"])


@pytest.mark.parametrize("bad", [
    "", "[]", "{}", '{"format": "floorman-event", "version": 99}',
    '{"format": "floorman-event", "version": 1, "owned": {"auth.user": []}}',
    "{" * 5000,
])
def test_a_bad_document_is_refused_and_writes_nothing(bad):
    before = Tournament.objects.count()
    with pytest.raises(backup.BackupError):
        event_backup.import_event(bad)
    assert Tournament.objects.count() == before


def test_the_director_downloads_the_event(make_tournament, director, floor_user):
    t = build_event(make_tournament, director, floor_user, players=6)
    client = Client()
    client.force_login(director)
    response = client.get(reverse("event_backup", args=[t.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    document = json.loads(response.content)
    assert document["format"] == "floorman-event" and document["tournament"] == t.pk
    assert AuditEvent.objects.filter(tournament=t, kind="event_exported").count() == 1
    floor_client = Client()
    floor_client.force_login(floor_user)
    assert floor_client.get(reverse("event_backup", args=[t.pk])).status_code == 403


@pytest.mark.django_db(transaction=True)
def test_a_full_backup_of_the_database_in_use_is_private_and_rotated(
    make_tournament, director, floor_user, settings, tmp_path
):
    """pg_dump on the PostgreSQL run, SQLite's backup API on the SQLite run."""
    settings.BACKUP_DIR = tmp_path / "backups"
    t = build_event(make_tournament, director, floor_user, players=6)
    paths = [backup.backup_database(keep=2) for _ in range(3)]
    folder = settings.BACKUP_DIR
    assert folder.stat().st_mode & 0o777 == 0o700
    kept = sorted(p for p in folder.iterdir())
    assert kept == paths[1:]
    for path in kept:
        assert path.stat().st_mode & 0o777 == 0o600
    if connection.vendor == "sqlite":
        with sqlite3.connect(kept[-1]) as copy:
            (entries,) = copy.execute("SELECT count(*) FROM tournament_entry WHERE tournament_id = ?",
                                      (t.pk,)).fetchone()
        assert entries == 6
    else:
        assert connection.vendor == "postgresql"
        assert kept[-1].suffix == ".pgdump"
        assert kept[-1].read_bytes()[:5] == b"PGDMP"


def test_setup_makes_the_data_folder_private(tmp_path, settings):
    settings.DATA_DIR = tmp_path / "var"
    (tmp_path / "var" / "backups").mkdir(parents=True)
    for name in ("floorman.sqlite3", "floorman.sqlite3-wal", "backups/floorman-1.sqlite3"):
        (tmp_path / "var" / name).write_text("x")
        (tmp_path / "var" / name).chmod(0o644)
    call_command("bootstrap", stdout=io.StringIO())
    for path in [settings.DATA_DIR, *settings.DATA_DIR.rglob("*")]:
        assert path.stat().st_mode & 0o777 == (0o700 if path.is_dir() else 0o600), path
