"""One calculator record in one registry: a calculator registered there, and nowhere else,
is on the search page, has its page (in both languages) and is kept with a ruling."""

from __future__ import annotations

import pytest
from django import forms
from django.test import Client
from django.urls import reverse

from tournament.models import Ruling
from tournament.rulebook.catalog import Text
from tournament.rulings import registry
from tournament.rulings.calculators.base import Calculator


class SplitForm(forms.Form):
    chips = forms.IntegerField(label="Chips to split", min_value=1, max_value=10**6)


def _split(data: dict, request) -> dict:
    return {"each": data["chips"] // 2, "odd": data["chips"] % 2}


def _answer(result: dict) -> str:
    return f"Each gets {result['each']}; {result['odd']} odd chip."


SPLIT = Calculator(
    slug="split-test", name=Text("Splitting a pot in two", "平分底池"),
    about=Text("Two winners: the halves and the odd chip.", "两位赢家：各一半和零头筹码。"),
    rules=("18", "19"), form=SplitForm, compute=_split, answer=_answer, order=999)


@pytest.fixture
def split(monkeypatch):
    monkeypatch.setitem(registry.CALCULATORS, SPLIT.slug, SPLIT)
    return SPLIT


@pytest.fixture
def floor_client(floor_user):
    client = Client()
    client.force_login(floor_user)
    return client


def text(response) -> str:
    return response.content.decode()


def test_the_registry_finds_every_calculator_module_in_order():
    assert list(registry.CALCULATORS) == [
        "betting", "wager", "pots", "showdown", "misdeal", "chip-race", "shot-clock", "penalty",
        "button"]
    assert all(c.name.en and c.name.zh and c.about.en and c.about.zh and c.rules
               for c in registry.CALCULATORS.values())


@pytest.mark.django_db
def test_a_calculator_not_registered_has_no_page_and_is_not_kept(floor_client):
    assert floor_client.get(reverse("rulebook_calc", args=["split-test"])).status_code == 404
    assert "Splitting a pot in two" not in text(floor_client.get(reverse("rulebook_search")))
    response = floor_client.post(reverse("ruling_create"), {
        "facts": "f", "decision": "d", "calculator": "split-test", "calculator_query": "chips=5"})
    assert response.status_code == 400 and "No such calculator." in text(response)
    assert not Ruling.objects.exists()


@pytest.mark.django_db
def test_a_calculator_registered_shows_on_the_search_and_its_own_page(client, split):
    search = text(client.get(reverse("rulebook_search")))
    assert "Splitting a pot in two" in search
    assert reverse("rulebook_calc", args=["split-test"]) in search
    page = client.get(reverse("rulebook_calc", args=["split-test"]), {"chips": "7"})
    assert page.status_code == 200
    html = text(page)
    assert "Two winners: the halves and the odd chip." in html
    assert "Chips to split" in html
    assert "Each gets 3; 1 odd chip." in html  # its answer, without a template of its own
    assert reverse("rulebook_rule", args=["18"]) in html
    refused = client.get(reverse("rulebook_calc", args=["split-test"]), {"chips": "0"})
    assert refused.status_code == 400 and "Each gets" not in text(refused)


@pytest.mark.django_db
def test_a_calculator_registered_is_titled_in_chinese_for_a_chinese_reader(client, split):
    client.cookies["django_language"] = "zh-hans"
    page = text(client.get(reverse("rulebook_calc", args=["split-test"]),
                           headers={"accept-language": "zh-hans"}))
    assert "平分底池" in page and "两位赢家" in page
    assert "平分底池" in text(client.get(reverse("rulebook_search"),
                                      headers={"accept-language": "zh-hans"}))


@pytest.mark.django_db
def test_a_calculator_registered_is_kept_with_a_ruling_and_reproduces(floor_client, split):
    page = text(floor_client.get(reverse("rulebook_calc", args=["split-test"]), {"chips": "9"}))
    assert "calc=split-test" in page and "cite=18+19" in page
    floor_client.post(reverse("ruling_create"), {
        "facts": "Two winners, 9 chips.", "decision": "4 each, the odd chip by rule 19.",
        "rules": "19", "calculator": "split-test", "calculator_query": "chips=9"})
    ruling = Ruling.objects.get()
    assert (ruling.calculator, ruling.calculator_result) == ("split-test",
                                                             "Each gets 4; 1 odd chip.")
    assert "Each gets 4; 1 odd chip." in text(floor_client.get(ruling.calculator_url))
    slip = text(floor_client.get(reverse("ruling_slip", args=[ruling.pk])))
    assert "Splitting a pot in two" in slip
