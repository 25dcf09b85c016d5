"""ruling_log: the ruling and its audit event are written together, or not at all."""

from __future__ import annotations

import pytest

from tournament.models import AuditEvent, Ruling
from tournament.services.base import ServiceError
from tournament.services.rulings import ruling_log


@pytest.mark.django_db
def test_ruling_and_audit_event_in_one_transaction(floor_user, tournament,
                                                   django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        ruling = ruling_log(actor=floor_user, tournament_id=tournament.pk, table_number=5, seats="3",
                            rules=["rule 42", "42", "rp3"], facts="Raise to 300 over 200.",
                            decision="Raise made up to 400.", penalty="")
    assert ruling.rules == ["42", "RP-3"]  # canonical numbers, no repeats
    assert ruling.staff == floor_user and ruling.tournament == tournament
    event = AuditEvent.objects.get(kind="ruling_log")
    assert event.tournament == tournament and event.actor == floor_user
    assert event.payload == {"ruling": ruling.pk, "table": 5, "seats": "3",
                             "rules": ["42", "RP-3"], "penalty": ""}
    assert event.created_at == ruling.created_at
    assert len(callbacks) == 1  # the tournament's screens are told after commit


@pytest.mark.django_db
def test_ruling_without_a_tournament(floor_user):
    ruling = ruling_log(actor=floor_user, facts="Card exposed.", decision="Misdeal.", rules=["33"])
    assert ruling.tournament is None
    assert AuditEvent.objects.filter(kind="ruling_log", tournament=None).count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("values, message", [
    ({"rules": ["42", "77", "RP-9"]}, "No such rule in the rulebook: 77, RP-9."),
    ({"facts": "  "}, "A ruling needs the facts and the decision."),
    ({"tournament_id": 999_999}, "That tournament does not exist."),
    ({"facts": "x" * 4001}, "At most 4000 characters here."),
    ({"decision": "x" * 2001}, "At most 2000 characters here."),
    ({"penalty": "x" * 201}, "At most 200 characters here."),
    ({"facts": "a\x00b"}, "Control characters are not allowed."),
])
def test_refused_rulings_write_nothing(floor_user, values, message):
    args = {"actor": floor_user, "facts": "f", "decision": "d"} | values
    with pytest.raises(ServiceError) as refused:
        ruling_log(**args)
    assert refused.value.message == message
    assert not Ruling.objects.exists() and not AuditEvent.objects.exists()


@pytest.mark.django_db
def test_query_count_is_fixed(floor_user, tournament, django_assert_num_queries):
    # Savepoint, lock the tournament, insert the ruling, insert the audit event, release;
    # however many rules are cited (the catalog is in memory).
    with django_assert_num_queries(5):
        ruling_log(actor=floor_user, tournament_id=tournament.pk, facts="f", decision="d",
                   rules=["1", "2", "3"])


@pytest.mark.django_db
def test_a_ruling_keeps_the_calculator_it_leaned_on(floor_user):
    ruling = ruling_log(actor=floor_user, facts="f", decision="d", rules=["44"], calculator="wager",
                        calculator_query="current_bet=200&big_blind=200&chips=1000",
                        calculator_result="Call, total 200 (house rule 44).")
    ruling.refresh_from_db()
    assert ruling.calculator_url.endswith("/rulebook/calc/wager/?current_bet=200&big_blind=200"
                                          "&chips=1000")
    assert ruling.calculator_result == "Call, total 200 (house rule 44)."
    assert AuditEvent.objects.get(kind="ruling_log").payload["calculator"] == "wager"


@pytest.mark.django_db
@pytest.mark.parametrize("values, message", [
    ({"calculator": "nope"}, "No such calculator."),
    ({"calculator": "wager", "calculator_query": "x" * 1001}, "too long"),
    ({"calculator": "wager", "calculator_result": "x" * 501}, "too long"),
])
def test_a_bad_calculator_is_refused_and_nothing_written(floor_user, values, message):
    with pytest.raises(ServiceError) as refused:
        ruling_log(actor=floor_user, facts="f", decision="d", **values)
    assert message in refused.value.message
    assert not Ruling.objects.exists() and not AuditEvent.objects.exists()
