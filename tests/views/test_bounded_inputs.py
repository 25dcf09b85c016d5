"""Bounded inputs, the rest of issue 10 item 1: unknown URL words are 404s, a move is not
confirmed from a screen that sent nonsense, integers fit their PostgreSQL columns and
free text carries no control characters."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tables.models import Move
from tables.services import busts
from tournament.models import AuditEvent
from tournament.services.events import event_create

from .test_live_floor import seat_field

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("word", ["banana", "END", "seal-all"])
def test_an_unknown_day_action_is_a_404_and_changes_nothing(tournament, director, word):
    events = AuditEvent.objects.count()
    response = client_for(director).post(reverse("day_action", args=[tournament.pk, word]))
    assert response.status_code == 404
    assert AuditEvent.objects.count() == events


@pytest.mark.parametrize("word", ["banana", "Day2", "flights"])
def test_an_unknown_event_action_is_a_404_and_changes_nothing(director, word):
    event = event_create(actor=director, name="Main")
    events = AuditEvent.objects.count()
    response = client_for(director).post(reverse("event_action", args=[event.pk, word]),
                                         {"name": "1B"})
    assert response.status_code == 404
    assert AuditEvent.objects.count() == events


@pytest.mark.parametrize("shown", [
    {"expected_to_table": "NaN"}, {"expected_to_table": "0"},
    {"expected_to_seat": "13"}, {"expected_to_seat": "inf"},
    {"expected_to_table": "1" + "0" * 30},
])
def test_a_move_is_not_confirmed_from_a_screen_that_sent_nonsense(tournament, director,
                                                                  floor_user, shown):
    entries = seat_field(tournament, director, 20, 3)
    for entry in entries[:3]:  # a break leaves moves to make
        busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=entry.pk)
    move = Move.objects.filter(tournament=tournament, status="pending").first()
    assert move is not None
    events = AuditEvent.objects.count()
    response = client_for(floor_user).post(reverse("move_done", args=[tournament.pk, move.pk]),
                                           shown, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert "the move was not confirmed: reload the page" in response.content.decode()
    assert Move.objects.get(pk=move.pk).status == "pending"
    assert AuditEvent.objects.count() == events


# --- Integers fit their PostgreSQL columns ------------------------------------------------

COLUMN_MAX = {
    "SmallIntegerField": 32_767, "PositiveSmallIntegerField": 32_767,
    "IntegerField": 2_147_483_647, "PositiveIntegerField": 2_147_483_647,
    "BigIntegerField": 2**63 - 1, "PositiveBigIntegerField": 2**63 - 1,
}


def project_forms() -> list[type]:
    from django import forms
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018  (imports every view, and so every form)
    found, pending = [], [forms.BaseForm]
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if cls.__module__.startswith(("tournament.", "tables.")):
            found.append(cls)
    return found


def test_every_whole_number_field_of_every_form_has_a_range_its_column_holds():
    from django import forms

    checked, problems = 0, []
    for form_class in project_forms():
        model = getattr(getattr(form_class, "_meta", None), "model", None)
        for name, field in form_class.base_fields.items():
            if not isinstance(field, forms.IntegerField | forms.DecimalField):
                continue
            checked += 1
            where = f"{form_class.__module__}.{form_class.__name__}.{name}"
            if field.min_value is None or field.max_value is None:
                problems.append(f"{where}: no explicit range")
                continue
            limit = 2**63 - 1
            if model is not None and name in {f.name for f in model._meta.concrete_fields}:
                limit = COLUMN_MAX[model._meta.get_field(name).get_internal_type()]
            if field.max_value > limit or field.min_value < -limit - 1:
                problems.append(f"{where}: {field.min_value}..{field.max_value} > {limit}")
    assert checked > 60
    assert not problems, "\n".join(problems)


def settings_data(tournament) -> dict:
    """What the settings page posts when the director saves it unchanged."""
    from tournament.forms.tournaments import TournamentForm

    form = TournamentForm(instance=tournament)
    data = {}
    for name, field in form.fields.items():
        value = field.prepare_value(form[name].value())
        if value is None or value is False:
            continue
        data[name] = value
    return data


@pytest.mark.parametrize(("field", "value", "limit"), [
    ("late_reg_end_level", 60000, "32767"),
    ("re_entry_limit", 32768, "32767"), ("balance_tight_at_tables", 40000, "32767"),
    ("seats_per_table", 13, "12"), ("hand_for_hand_at", 10_001, "10000"),
    ("reservation_hold_hours", 721, "720"),
])
def test_a_setting_beyond_its_column_is_refused_on_its_field(tournament, director, field, value,
                                                             limit):
    from tournament.models import Tournament

    before = Tournament.objects.filter(pk=tournament.pk).values().get()
    events = AuditEvent.objects.count()
    data = settings_data(tournament) | {field: str(value)}
    response = client_for(director).post(reverse("tournament_edit", args=[tournament.pk]), data)
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert list(errors) == [field]
    assert f"less than or equal to {limit}" in errors[field][0]
    assert Tournament.objects.filter(pk=tournament.pk).values().get() == before
    assert AuditEvent.objects.count() == events


MONEY_AND_CHIPS = ["buy_in", "fee", "rebuy_amount", "rebuy_chips", "addon_amount",
                   "addon_chips", "bounty", "guarantee", "payout_unit", "starting_stack"]


@pytest.mark.parametrize("field", MONEY_AND_CHIPS)
@pytest.mark.parametrize("value", [10**15 + 1, 2**63, 10**30])
def test_money_and_chips_above_the_bound_are_refused_with_the_bound_written_out(
        tournament, director, field, value):
    from tournament.models import Tournament

    before = Tournament.objects.filter(pk=tournament.pk).values().get()
    events = AuditEvent.objects.count()
    data = settings_data(tournament) | {field: str(value)}
    response = client_for(director).post(reverse("tournament_edit", args=[tournament.pk]), data)
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert list(errors) == [field]
    assert errors[field] == ["Enter at most 1,000,000,000,000,000."]
    assert Tournament.objects.filter(pk=tournament.pk).values().get() == before
    assert AuditEvent.objects.count() == events


def test_money_and_chips_above_the_bound_are_refused_in_chinese(tournament, director):
    client = client_for(director)
    client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    data = settings_data(tournament) | {"guarantee": str(10**15 + 1)}
    response = client.post(reverse("tournament_edit", args=[tournament.pk]), data)
    assert response.status_code == 400
    assert "最多为 1,000,000,000,000,000。" in response.content.decode()


def test_money_and_chips_up_to_the_bound_are_saved(tournament, director):
    """Past 32 bits (a ₩3,000,000,000 guarantee) and up to the bound itself: all saved."""
    from tournament.models import Tournament

    data = settings_data(tournament) | {name: str(10**15) for name in MONEY_AND_CHIPS} | {
        "guarantee": "3000000000", "buy_in": str(2**31), "late_reg_end_level": "32767",
        "rebuy_allowed": "on", "addon_allowed": "on"}
    response = client_for(director).post(reverse("tournament_edit", args=[tournament.pk]), data)
    assert response.status_code == 302, response.context["form"].errors
    saved = Tournament.objects.filter(pk=tournament.pk).values(*MONEY_AND_CHIPS).get()
    assert saved == {name: 10**15 for name in MONEY_AND_CHIPS} | {
        "guarantee": 3_000_000_000, "buy_in": 2**31}
    assert Tournament.objects.get(pk=tournament.pk).late_reg_end_level == 32_767


@pytest.mark.parametrize("field", ["buy_in", "guarantee", "starting_stack", "payout_unit"])
def test_the_settings_service_refuses_money_and_chips_above_the_bound(tournament, director,
                                                                     field):
    from tournament.services.base import ServiceError
    from tournament.services.tournaments import tournament_update

    with pytest.raises(ServiceError, match="Enter at most 1,000,000,000,000,000.") as refused:
        tournament_update(actor=director, tournament_id=tournament.pk,
                          values={field: 10**15 + 1})
    assert refused.value.field == field
    assert tournament_update(actor=director, tournament_id=tournament.pk,
                             values={field: 10**15}) is not None


@pytest.mark.parametrize(("field", "value"), [
    ("starting_stack", "1" + "0" * 30), ("starting_stack", str(2**31)),
    ("ante_from_level", str(2**31)), ("break_every_minutes", "99999999"),
])
def test_the_generator_refuses_numbers_beyond_its_range(director, field, value):
    from tournament.models import Structure

    data = {"name": "Sunday Special", "starting_stack": "20000", "target_minutes": "360",
            "level_minutes": "20", "chip_set": "25 100 500 1000 5000", "ante_from_level": "4",
            "ante_type": "bba", "break_every_minutes": "120", "command": "save"} | {field: value}
    response = client_for(director).post(reverse("structure_list"), data)
    assert response.status_code == 400
    assert "less than or equal to" in response.context["form"].errors[field][0]
    assert not Structure.objects.filter(name="Sunday Special").exists()


@pytest.mark.parametrize(("field", "value", "message"), [
    ("levels-0-small_blind", str(10**15 + 1), "Enter at most 1,000,000,000,000,000."),
    ("levels-0-big_blind", "9" * 30, "Enter at most 1,000,000,000,000,000."),
    ("levels-0-ante", str(2**63), "Enter at most 1,000,000,000,000,000."),
    ("levels-0-minutes", "9999", "less than or equal to"),
])
def test_the_structure_editor_refuses_blinds_and_minutes_beyond_their_bounds(
        tournament, director, field, value, message):
    from tournament.services.structures import level_specs

    before = level_specs(tournament.structure_id)
    data = {"levels-TOTAL_FORMS": "1", "levels-INITIAL_FORMS": "1",
            "levels-0-kind": "play", "levels-0-small_blind": "100", "levels-0-big_blind": "200",
            "levels-0-ante": "0", "levels-0-ante_type": "none", "levels-0-minutes": "20",
            "command": "save"} | {field: value}
    response = client_for(director).post(reverse("structure_editor", args=[tournament.pk]), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert level_specs(tournament.structure_id) == before


def test_the_structure_editor_takes_blinds_up_to_the_bound(tournament, director):
    from tournament.services.structures import level_specs

    data = {"levels-TOTAL_FORMS": "1", "levels-INITIAL_FORMS": "1",
            "levels-0-kind": "play", "levels-0-small_blind": str(5 * 10**14),
            "levels-0-big_blind": str(10**15), "levels-0-ante": str(10**15),
            "levels-0-ante_type": "bba", "levels-0-minutes": "20", "command": "save"}
    response = client_for(director).post(reverse("structure_editor", args=[tournament.pk]), data)
    assert response.status_code == 200
    level = level_specs(tournament.structure_id)[0]
    assert (level.small_blind, level.big_blind, level.ante) == (5 * 10**14, 10**15, 10**15)


# --- Free text carries no control characters ----------------------------------------------

HOSTILE_NAME = "Main\x1b[31m\x07Event"
REFUSED = "Control characters are not allowed."


def test_a_tournament_name_with_control_characters_is_refused(tournament, director):
    from tournament.models import Tournament

    data = settings_data(tournament) | {"name": HOSTILE_NAME}
    response = client_for(director).post(reverse("tournament_edit", args=[tournament.pk]), data)
    assert response.status_code == 400
    assert response.context["form"].errors["name"] == [REFUSED]
    assert Tournament.objects.get(pk=tournament.pk).name == "Test Event"


def test_a_name_with_an_ideographic_space_is_plain_text(tournament, director):
    from tournament.models import Tournament

    data = settings_data(tournament) | {"name": "周日\u3000主赛"}
    response = client_for(director).post(reverse("tournament_edit", args=[tournament.pk]), data)
    assert response.status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).name == "周日\u3000主赛"


def test_a_new_tournament_with_control_characters_in_its_name_is_not_created(director):
    from tournament.models import Structure, Tournament
    from tournament.services.structures import ensure_builtin_templates

    ensure_builtin_templates()
    template = Structure.objects.get(is_template=True, name="Turbo")
    data = {"name": "Main\x00Event", "template": template.pk, "game": "nlhe",
            "rulebook_edition": "house", "seats_per_table": "9", "starting_stack": "20000",
            "buy_in": "100", "fee": "0", "re_entry_limit": "0", "rebuy_amount": "0",
            "rebuy_chips": "0", "addon_amount": "0", "addon_chips": "0", "bounty": "0",
            "late_reg_end_level": "6", "chip_set": "25 100 500 1000 5000 25000", "guarantee": "0",
            "payout_unit": "1", "balance_tolerance": "1", "balance_tight_at_tables": "0",
            "hand_for_hand_at": "0", "button_fresh_minutes": "30", "tables": "2"}
    response = client_for(director).post(reverse("tournament_create"), data)
    assert response.status_code == 400
    assert REFUSED in response.content.decode()
    assert not Tournament.objects.exists()
    ok = client_for(director).post(reverse("tournament_create"), data | {"name": "Main Event"})
    assert ok.status_code == 302, ok.context["form"].errors
    assert Tournament.objects.get().name == "Main Event"


def test_a_structure_name_with_control_characters_is_refused(director):
    from tournament.models import Structure

    data = {"name": HOSTILE_NAME, "starting_stack": "20000", "target_minutes": "360",
            "level_minutes": "20", "chip_set": "25 100 500 1000 5000", "ante_from_level": "4",
            "ante_type": "bba", "break_every_minutes": "120", "command": "save"}
    response = client_for(director).post(reverse("structure_list"), data)
    assert response.status_code == 400
    assert response.context["form"].errors["name"] == [REFUSED]
    assert not Structure.objects.filter(name__startswith="Main").exists()


@pytest.mark.parametrize("text", ["Dinner\x07 at 8", "\x1b[2J", "a\u2028b"])
def test_an_announcement_with_control_characters_is_refused(tournament, director, text):
    response = client_for(director).post(reverse("clock_announce", args=[tournament.pk]),
                                         {"text": text}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and REFUSED in response.content.decode()
    assert not AuditEvent.objects.filter(kind="announcement_set").exists()


@pytest.mark.parametrize(("action", "data"), [
    ("settings", {"name": HOSTILE_NAME, "advance_rule": "best"}),
    ("new-flight", {"name": "1B\x00"}),
])
def test_event_and_flight_names_with_control_characters_are_refused(make_tournament, director,
                                                                    action, data):
    from tournament.models import Event, Tournament
    from tournament.services.events import event_flight_add

    event = event_create(actor=director, name="Main")
    event_flight_add(actor=director, event_id=event.pk, tournament_id=make_tournament(name="1A").pk)
    events, tournaments = AuditEvent.objects.count(), Tournament.objects.count()
    response = client_for(director).post(reverse("event_action", args=[event.pk, action]), data)
    assert response.status_code == 400 and REFUSED in response.content.decode()
    assert Event.objects.get(pk=event.pk).name == "Main"
    assert (AuditEvent.objects.count(), Tournament.objects.count()) == (events, tournaments)


def test_a_league_name_with_control_characters_is_refused(director):
    from tournament.models import League

    response = client_for(director).post(reverse("league_create"), {
        "name": HOSTILE_NAME, "scoring": "table", "points_table": "100 70 50",
        "multiplier": "10"})
    assert response.status_code == 400
    assert response.context["form"].errors["name"] == [REFUSED]
    assert not League.objects.exists()


def test_a_webhook_address_with_control_characters_is_refused(tournament, director):
    from tournament.models import WebhookEndpoint

    response = client_for(director).post(reverse("webhooks", args=[tournament.pk]), {
        "url": "https://hooks.example.com/a\x1b[31mb", "events": ["bust"]})
    assert REFUSED in response.content.decode()
    assert not WebhookEndpoint.objects.exists()


def test_a_colour_up_note_with_control_characters_is_refused(tournament, director):
    from tournament.models import ChipRemoval

    response = client_for(director).post(reverse("chips_removed", args=[tournament.pk]),
                                         {"chips": "500", "note": "25s\x07 gone"})
    assert response.status_code == 400 and REFUSED in response.content.decode()
    assert not ChipRemoval.objects.exists()


def test_a_bust_takes_a_starting_stack_past_32_bits_and_refuses_one_above_the_bound(
        tournament, director):
    from tables.forms import BustForm
    from tournament.models import Entry

    assert BustForm({"chips_at_start": str(10**15)}).is_valid()
    refused = BustForm({"chips_at_start": str(10**15 + 1)})
    assert refused.errors["chips_at_start"] == ["Enter at most 1,000,000,000,000,000."]
    entries = seat_field(tournament, director, 9, 1)
    busts.entry_bust(actor=director, tournament_id=tournament.pk,
                              entry_id=entries[0].pk, chips_at_start=3_000_000_000)
    assert Entry.objects.get(pk=entries[0].pk).chips == 3_000_000_000
