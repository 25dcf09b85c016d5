"""Creating tournaments and editing, importing and exporting structures."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tournament.models import Level, Structure, Tournament
from tournament.services.clock import clock_start


def levels_of(t: Tournament) -> list[tuple]:
    return list(Level.objects.filter(structure_id=t.structure_id).order_by("order")
                .values_list("kind", "small_blind", "big_blind", "duration"))


def editor_post(t: Tournament, rows: list[dict], command="save") -> dict:
    data = {"levels-TOTAL_FORMS": str(len(rows)), "levels-INITIAL_FORMS": str(len(rows)),
            "levels-MIN_NUM_FORMS": "0", "levels-MAX_NUM_FORMS": "300", "command": command}
    for i, row in enumerate(rows):
        base = {"kind": "play", "small_blind": 0, "big_blind": 0, "ante": 0, "ante_type": "none",
                "minutes": 20, "color_up": ""} | row
        for k, v in base.items():
            data[f"levels-{i}-{k}"] = str(v)
    return data


@pytest.fixture
def director_client(director):
    client = Client()
    client.force_login(director)
    return client


@pytest.mark.django_db
def test_director_creates_a_tournament_from_a_template(director_client):
    page = director_client.get(reverse("tournament_create"))
    assert page.status_code == 200
    template = Structure.objects.filter(is_template=True, name="Turbo").first()
    assert template is not None
    response = director_client.post(reverse("tournament_create"), {
        "template": template.pk, "name": "Friday Turbo", "game": "nlhe",
        "rulebook_edition": "house", "seats_per_table": 6, "starting_stack": 20000,
        "buy_in": 50, "fee": 10, "late_reg_end_level": 4, "re_entry_limit": 0,
        "rebuy_amount": 0, "rebuy_chips": 0, "addon_amount": 0, "addon_chips": 0, "bounty": 0,
        "chip_set": "25 100 500 1000 5000 25000", "guarantee": 0, "payout_unit": 5, "tables": 3,
        "balance_tolerance": 1, "balance_tight_at_tables": 0,
    })
    assert response.status_code == 302, response.content.decode()[:2000]
    t = Tournament.objects.get(name="Friday Turbo")
    assert t.final_table_size == 6  # house rulebook, six-max
    assert t.tables.count() == 3
    assert len(levels_of(t)) == template.levels.count()
    assert t.structure_id != template.pk  # the tournament owns a copy


@pytest.mark.django_db
def test_bad_settings_are_refused_on_the_form(director_client):
    response = director_client.post(reverse("tournament_create"), {"name": "", "chip_set": "25 abc"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "This field is required." in html
    assert "positive whole numbers" in html
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_editor_saves_with_htmx_and_refuses_decreasing_blinds(tournament, director_client):
    url = reverse("structure_editor", args=[tournament.pk])
    rows = [{"small_blind": 100, "big_blind": 200}, {"small_blind": 50, "big_blind": 100}]
    before = levels_of(tournament)
    response = director_client.post(url, editor_post(tournament, rows), HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    html = response.content.decode()
    assert "<html" not in html and "Nothing was saved" in html
    assert "lower than" in html and "Line 2" in html
    assert levels_of(tournament) == before
    rows = [{"small_blind": 100, "big_blind": 200}, {"kind": "break", "minutes": 10},
            {"small_blind": 200, "big_blind": 400, "minutes": 15}]
    response = director_client.post(url, editor_post(tournament, rows), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert levels_of(tournament) == [("play", 100, 200, 1200), ("break", 0, 0, 600),
                                     ("play", 200, 400, 900)]


@pytest.mark.django_db
def test_add_level_row_continues_the_progression(tournament, director_client):
    url = reverse("structure_editor", args=[tournament.pk])
    rows = [{"small_blind": 100, "big_blind": 200}]
    response = director_client.post(url, editor_post(tournament, rows, "add-level"),
                                    HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert 'name="levels-1-small_blind" value="200"' in html
    assert levels_of(tournament)[0][1:3] == (100, 200)  # nothing saved yet


@pytest.mark.django_db
def test_running_tournament_edits_only_future_levels(tournament, director, director_client):
    clock_start(tournament_id=tournament.pk, actor=director)
    url = reverse("structure_editor", args=[tournament.pk])
    current = levels_of(tournament)
    rows = [{"kind": k, "small_blind": sb, "big_blind": bb, "minutes": d / 60} for k, sb, bb, d in current]
    rows[0]["small_blind"], rows[0]["big_blind"] = 150, 300
    response = director_client.post(url, editor_post(tournament, rows), HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and "cannot change" in response.content.decode()
    rows[0]["small_blind"], rows[0]["big_blind"] = 100, 200
    rows[-1]["minutes"] = 30
    response = director_client.post(url, editor_post(tournament, rows), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert levels_of(tournament)[-1][3] == 1800


@pytest.mark.django_db
def test_export_then_import_round_trips_and_a_bad_file_changes_nothing(tournament, director_client):
    exported = director_client.get(reverse("structure_export", args=[tournament.pk, "csv"]))
    assert exported.status_code == 200 and exported["Content-Type"].startswith("text/csv")
    before = levels_of(tournament)
    bad = "kind,small_blind,big_blind,ante,ante_type,minutes,color_up\nplay,100,200,0,none,20,\nplay,abc,400,0,none,20,\n"
    response = director_client.post(reverse("structure_import", args=[tournament.pk]),
                                    {"file": SimpleUploadedFile("s.csv", bad.encode())},
                                    HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    html = response.content.decode()
    assert "Line 3" in html and "abc" in html
    assert levels_of(tournament) == before
    response = director_client.post(reverse("structure_import", args=[tournament.pk]),
                                    {"file": SimpleUploadedFile("s.csv", exported.content)})
    assert response.status_code == 200
    assert levels_of(tournament) == before
    as_json = director_client.get(reverse("structure_export", args=[tournament.pk, "json"]))
    response = director_client.post(reverse("structure_import", args=[tournament.pk]),
                                    {"file": SimpleUploadedFile("s.json", as_json.content)})
    assert response.status_code == 200 and levels_of(tournament) == before


@pytest.mark.django_db
def test_generator_previews_and_saves_a_template(director_client):
    data = {"name": "Club Friday", "starting_stack": 30000, "target_minutes": 300,
            "level_minutes": 15, "chip_set": "25 100 500 1000 5000", "ante_from_level": 4,
            "ante_type": "bba", "break_every_minutes": 120}
    preview = director_client.post(reverse("structure_list"), data | {"command": "preview"})
    assert preview.status_code == 200 and "300" in preview.content.decode()  # first big blind
    assert not Structure.objects.filter(name="Club Friday").exists()
    saved = director_client.post(reverse("structure_list"), data | {"command": "save"})
    assert saved.status_code == 302
    assert Structure.objects.get(name="Club Friday").levels.count() > 10


# --- Issue 13, item 5: the editor and files as directors make them ------------------

@pytest.mark.django_db
def test_plus_after_any_row_inserts_a_level_there_with_the_big_blind_doubled(director_client,
                                                                             tournament):
    rows = [{"small_blind": 100, "big_blind": 200}, {"small_blind": 200, "big_blind": 400},
            {"kind": "break", "minutes": 10}, {"small_blind": 400, "big_blind": 800}]
    response = director_client.post(reverse("structure_editor", args=[tournament.pk]),
                                    editor_post(tournament, rows, command="insert-after-0"),
                                    HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert "data-dirty" in html  # not saved yet: leaving asks first
    import re

    blinds = re.findall(r'name="levels-(\d+)-big_blind" value="(\d+)"', html)
    assert [int(v) for _i, v in blinds] == [200, 400, 400, 0, 800]
    # After the break: the new level doubles the last play level before it.
    response = director_client.post(reverse("structure_editor", args=[tournament.pk]),
                                    editor_post(tournament, rows, command="insert-after-2"))
    blinds = re.findall(r'name="levels-(\d+)-big_blind" value="(\d+)"', response.content.decode())
    assert [int(v) for _i, v in blinds] == [200, 400, 0, 800, 800]
    # Nothing is written until Save.
    assert len(levels_of(tournament)) == 5


@pytest.mark.django_db
@pytest.mark.parametrize("command", ["insert-after-x", "insert-after-99999999", "drop-table"])
def test_unknown_editor_commands_save_as_usual_or_refuse_cleanly(director_client, tournament,
                                                                 command):
    rows = [{"small_blind": 100, "big_blind": 200}]
    response = director_client.post(reverse("structure_editor", args=[tournament.pk]),
                                    editor_post(tournament, rows, command=command))
    assert response.status_code in (200, 400)


@pytest.mark.django_db
@pytest.mark.parametrize("content", [
    "\ufeffKind;Small blind;Big blind;Ante;Ante type;Minutes;Colour up\r\n"
    "Level;100;200;0;none;20;\r\nBreak;;;;;10;\r\nLevel;200;400;400;bba;12,5;\r\n".encode(),
    "kind,small_blind,big_blind,minutes\n级别,100,200,20\n休息,,,10\nlevel,200,400,12.5\n"
    .encode("gb18030"),
], ids=["excel-semicolons-bom", "chinese-excel-gbk"])
def test_excel_files_import(director_client, tournament, content):
    upload = SimpleUploadedFile("levels.csv", content, content_type="text/csv")
    response = director_client.post(reverse("structure_import", args=[tournament.pk]),
                                    {"file": upload})
    assert response.status_code == 200, response.content.decode()[:3000]
    assert levels_of(tournament) == [("play", 100, 200, 1200), ("break", 0, 0, 600),
                                     ("play", 200, 400, 750)]


@pytest.mark.django_db
def test_break_rows_carry_no_blind_fields_to_see(director_client, tournament):
    html = director_client.get(reverse("structure_editor", args=[tournament.pk])).content.decode()
    assert 'class="level-row break-row"' in html
    assert 'class="play-only"' in html and 'class="break-only"' in html
    assert "js/structure-editor.js" in html


@pytest.mark.django_db
def test_template_names_in_chinese(director_client):
    from tournament.services.structures import ensure_builtin_templates

    ensure_builtin_templates()
    html = director_client.get(reverse("structure_list"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    for chinese in ("超级快速", "深筹码"):
        assert chinese in html
    html = director_client.get(reverse("tournament_create"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "深筹码" in html
