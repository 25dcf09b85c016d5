"""The New tournament form as a director meets it: it submits as it comes, shows the settings
set every time first, and a structure it refuses is named with its level and field."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from tournament.models import Structure, Tournament
from tournament.services.structures import ensure_builtin_templates


class FormValues(HTMLParser):
    """What a browser submits for the page's settings form (the first ``grid-form``), left as
    it comes."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self.options: dict[str, list[str]] = {}
        self._form = 0
        self._select: str | None = None
        self._textarea: str | None = None
        self._in_details = False
        self.in_details: set[str] = set()
        self.order: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and "grid-form" in (a.get("class") or "").split() and not self._form:
            self._form = 1
        if self._form != 1:
            return
        if tag == "details":
            self._in_details = True
        name = a.get("name")
        if name and tag in ("input", "select", "textarea"):
            self.order.append(name)
            if self._in_details:
                self.in_details.add(name)
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.values[name] = a.get("value", "on")
            elif kind not in ("submit", "button", "file"):
                self.values[name] = a.get("value", "")
        elif tag == "select":
            self._select = name
            self.options[name] = []
        elif tag == "option" and self._select:
            self.options[self._select].append(a.get("value", ""))
            # The selected option, else the first one.
            if "selected" in a or self._select not in self.values:
                self.values[self._select] = a.get("value", "")
        elif tag == "textarea":
            self._textarea = name
            self.values[name] = ""

    def handle_data(self, data):
        if self._textarea:
            self.values[self._textarea] += data

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None
        elif tag == "details":
            self._in_details = False
        elif tag == "form" and self._form == 1:
            self._form = 2


def form_of(html: str) -> FormValues:
    parser = FormValues()
    parser.feed(html)
    return parser


@pytest.fixture
def director_client(director):
    client = Client()
    client.force_login(director)
    return client


@pytest.mark.django_db
def test_the_new_tournament_form_submits_as_it_comes(director_client):
    """Issue 22.1: type a name, press Create: "Line 30: Colouring up here would leave no
    chips in play" (the default structure and the default chips did not fit)."""
    form = form_of(director_client.get(reverse("tournament_create")).content.decode())
    data = form.values | {"name": "Friday Deepstack"}
    response = director_client.post(reverse("tournament_create"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    tournament = Tournament.objects.get(name="Friday Deepstack")
    assert tournament.tables.count() == 2


@pytest.mark.django_db
def test_every_built_in_structure_takes_the_default_settings(director_client):
    ensure_builtin_templates()
    form = form_of(director_client.get(reverse("tournament_create")).content.decode())
    templates = Structure.objects.filter(is_template=True)
    assert set(form.options["template"]) == {str(pk) for pk in templates.values_list("pk", flat=True)}
    for template in templates:
        name = f"Event on {template.name}"
        response = director_client.post(reverse("tournament_create"),
                                         form.values | {"name": name, "template": template.pk})
        assert response.status_code == 302, (template.name, response.content.decode()[:3000])
    assert Tournament.objects.count() == templates.count()


@pytest.mark.django_db
def test_the_settings_set_every_time_come_first_and_the_rest_is_one_tap_away(director_client):
    form = form_of(director_client.get(reverse("tournament_create")).content.decode())
    every_time = ["name", "template", "buy_in", "starting_stack", "scheduled_start", "tables"]
    shown = [name for name in form.order if name not in form.in_details
             and name != "csrfmiddlewaretoken"]
    assert shown == every_time
    assert {"fee", "chip_set", "seats_per_table", "late_reg_end_level",
            "payout_percentages"} <= form.in_details


@pytest.mark.django_db
def test_a_refused_structure_names_the_structure_the_level_and_the_field(director_client):
    ensure_builtin_templates()
    form = form_of(director_client.get(reverse("tournament_create")).content.decode())
    deep = Structure.objects.get(is_template=True, name="Deep stack")
    response = director_client.post(reverse("tournament_create"), form.values | {
        "name": "Too few chips", "template": deep.pk, "chip_set": "25 100 500 1000 5000"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "“Deep stack”" in html
    assert "level 30" in html.lower() or "line 30" in html.lower()
    assert "Colour-up" in html
    assert "would leave no chips in play" in html
    assert not Tournament.objects.exists()
    # The settings with the error are open, not hidden behind the tap.
    assert "<details class=\"more-settings\" open" in html
