"""One parser for the floor section (issue 27): the floor console, the dealers' board and the counts."""

from __future__ import annotations

from django.http import HttpResponse
from django.test import RequestFactory

from tournament.views.section import SECTION_COOKIE, floor_section, remember_floor_section

rf = RequestFactory()


def _cookie(value: str):
    request = rf.get("/")
    request.COOKIES[SECTION_COOKIE] = value
    return request


def test_the_section_asked_for_wins_over_the_remembered_one():
    request = rf.get("/", {"first": "3", "last": "7"})
    request.COOKIES[SECTION_COOKIE] = "10-12"
    assert floor_section(request) == (3, 7)
    assert floor_section(_cookie("10-12")) == (10, 12)
    assert floor_section(_cookie("-12")) == (None, 12)


def test_anything_but_a_table_number_is_no_bound():
    assert floor_section(_cookie("x-9" * 1000)) == (None, None)
    assert floor_section(rf.get("/", {"first": "-4", "last": "100001"})) == (None, None)
    assert floor_section(rf.get("/", {"first": "9" * 40})) == (None, None)
    assert floor_section(rf.get("/")) == (None, None)


def test_the_device_remembers_a_section_asked_for_on_a_get_only():
    remembered = remember_floor_section(rf.get("/", {"first": "2"}), HttpResponse())
    assert remembered.cookies[SECTION_COOKIE].value == "2-"
    assert SECTION_COOKIE not in remember_floor_section(rf.get("/"), HttpResponse()).cookies
    posted = remember_floor_section(rf.post("/?first=2"), HttpResponse())
    assert SECTION_COOKIE not in posted.cookies
