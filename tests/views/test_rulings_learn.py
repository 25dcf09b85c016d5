"""Learning from use (issue 25): staff searches are logged with the rule chosen; a director
sees the searches that ended without one and attaches their words to a rule, which
teaches the site's search. Audited and exportable."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournament.models import AuditEvent, RulebookSearch, TaughtPhrase
from tournament.rulebook.search import search
from tournament.selectors.rulings import taught_phrases, unchosen_searches
from tournament.services.base import ServiceError
from tournament.services.rulings import phrase_forget, phrase_teach, search_note

ODD = "the pink elephant move"  # words no rule or situation knows


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def htmx_search(client: Client, q: str):
    return client.get(reverse("rulebook_search"), {"q": q}, headers={"HX-Request": "true"})


@pytest.mark.django_db
def test_typing_one_search_logs_one_row_and_opening_a_result_marks_the_rule(floor_user):
    client = logged_in(floor_user)
    for typed in ("gu", "guy thr", "guy threw one big chip in and said nothing"):
        htmx_search(client, typed)
    (row,) = RulebookSearch.objects.all()
    assert row.query == "guy threw one big chip in and said nothing"
    assert row.top_rule == "44" and row.chosen_rule == ""
    html = htmx_search(client, row.query).content.decode()
    link = reverse("rulebook_rule", args=["44"]) + f"?s={row.pk}"
    assert link in html
    client.get(link)
    row.refresh_from_db()
    assert row.chosen_rule == "44"


@pytest.mark.django_db
def test_anonymous_searches_are_not_logged(client):
    htmx_search(client, "undercall")
    assert not RulebookSearch.objects.exists()


@pytest.mark.django_db
def test_a_search_without_a_chosen_rule_shows_to_the_director_once_it_ended(director, floor_user):
    htmx_search(logged_in(floor_user), ODD)
    assert unchosen_searches() == []  # still typing, perhaps
    with time_machine.travel(timezone.now() + timedelta(minutes=5)):
        (found,) = unchosen_searches()
        assert found.query == ODD and found.times == 1
        html = logged_in(director).get(reverse("ruling_learn")).content.decode()
    assert ODD in html


@pytest.mark.django_db
def test_floor_staff_cannot_open_or_teach(floor_user):
    client = logged_in(floor_user)
    assert client.get(reverse("ruling_learn")).status_code == 403
    assert client.post(reverse("ruling_teach"), {"phrase": ODD, "rule": "44"}).status_code == 403
    assert not TaughtPhrase.objects.exists()


@pytest.mark.django_db
def test_director_attaches_a_phrase_and_the_search_finds_that_rule(director):
    assert not search(ODD) or search(ODD)[0].rule.number != "63"
    response = logged_in(director).post(reverse("ruling_teach"), {"phrase": ODD, "rule": "63"})
    assert response.status_code == 302
    assert taught_phrases() == [(ODD, "63")]
    event = AuditEvent.objects.get(kind="rulebook_phrase_taught")
    assert event.actor == director and event.payload == {"phrase": ODD, "rule": "63", "before": None}
    # The site's search now answers with rule 63, for the phrase inside a longer query too.
    html = htmx_search(Client(), f"again {ODD} at table 4").content.decode()
    first = html.index('class="rb-hit"')
    assert reverse("rulebook_rule", args=["63"]) in html[first : first + 400]
    # Taught searches leave the list of unchosen ones.
    RulebookSearch.objects.create(query=ODD, staff=director, created_at=timezone.now(),
                                  updated_at=timezone.now() - timedelta(hours=1))
    assert unchosen_searches() == []


@pytest.mark.django_db
def test_teaching_refuses_an_unknown_rule_or_an_empty_phrase_and_changes_nothing(director):
    client = logged_in(director)
    response = client.post(reverse("ruling_teach"), {"phrase": ODD, "rule": "999"})
    assert response.status_code == 400 and "No such rule" in response.content.decode()
    with pytest.raises(ServiceError):
        phrase_teach(actor=director, phrase=" ", rule="44")
    with pytest.raises(ServiceError):
        phrase_teach(actor=director, phrase="ok\x00", rule="44")
    assert not TaughtPhrase.objects.exists()
    assert not AuditEvent.objects.filter(kind="rulebook_phrase_taught").exists()


@pytest.mark.django_db
def test_reteaching_moves_the_phrase_and_forgetting_is_audited(director):
    phrase_teach(actor=director, phrase=ODD, rule="63")
    taught = phrase_teach(actor=director, phrase=ODD, rule="64")
    assert taught_phrases() == [(ODD, "64")]
    assert AuditEvent.objects.filter(kind="rulebook_phrase_taught").order_by("pk").last().payload["before"] == "63"
    phrase_forget(actor=director, phrase_id=taught.pk)
    assert taught_phrases() == []
    assert AuditEvent.objects.get(kind="rulebook_phrase_forgotten").payload == {
        "phrase": ODD, "rule": "64"}
    with pytest.raises(ServiceError):
        phrase_forget(actor=director, phrase_id=taught.pk)


@pytest.mark.django_db
def test_taught_phrases_export_as_csv(director):
    phrase_teach(actor=director, phrase="=cmd|stuff", rule="44")
    response = logged_in(director).get(reverse("ruling_phrases_export"))
    body = response.content.decode("utf-8-sig")
    assert response["Content-Type"].startswith("text/csv")
    assert "'=cmd|stuff,44,director" in body  # a formula-looking phrase is defused


@pytest.mark.django_db
def test_search_note_keeps_separate_searches_apart(floor_user):
    first = search_note(actor=floor_user, query="undercall", lang="en")
    second = search_note(actor=floor_user, query="dead button", lang="en")
    assert first.pk != second.pk
    assert search_note(actor=None, query="x", lang="en") is None


def test_a_search_with_a_nul_character_is_logged_without_it(director):
    """A NUL pasted into the search box is no part of the search (PostgreSQL refuses it)."""
    from tournament.models import RulebookSearch
    from tournament.services.rulings import search_note

    row = search_note(actor=director, query="string\x00 bet", lang="en")
    assert row is not None
    assert RulebookSearch.objects.get(pk=row.pk).query == "string bet"
