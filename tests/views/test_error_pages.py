"""403 and 404 answers: the visitor's language, the site's look, a way back; JSON for the
API; one log line for a 403, never a traceback."""

from __future__ import annotations

import logging

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_a_missing_page_is_styled_translated_and_leads_home():
    for language, title, home in (("en", "Page not found", "Go to the home page"),
                                  ("zh-hans", "页面不存在", "返回首页")):
        response = Client(headers={"accept-language": language}).get("/t/999999/nothing/")
        html = response.content.decode()
        assert response.status_code == 404
        assert title in html and home in html and 'href="/"' in html
        assert "floorman.css" in html  # the site's own page, not Django's bare one


def test_a_forbidden_page_says_why_in_the_visitors_language(tournament, floor_user):
    client = Client(headers={"accept-language": "zh-hans"})
    client.force_login(floor_user)
    response = client.get(f"/t/{tournament.pk}/webhooks/")
    assert response.status_code == 403
    html = response.content.decode()
    assert "不允许" in html and "返回首页" in html and "floorman.css" in html


def test_an_htmx_request_gets_the_message_alone():
    response = Client().get("/t/999999/nothing/", headers={"hx-request": "true"})
    html = response.content.decode()
    assert response.status_code == 404
    assert "Page not found" in html and "<html" not in html


def test_api_404s_are_json():
    for path in ("/api/v1/tournaments/999999/", "/api/v1/tournaments/999999/clock/",
                 "/api/v1/no-such-thing/"):
        response = Client().get(path)
        assert response.status_code == 404, path
        assert response["Content-Type"] == "application/json", path
        assert response.json()["error"] == "not_found"


def test_a_403_writes_one_line_without_a_traceback(tournament, floor_user, caplog):
    client = Client()
    client.force_login(floor_user)
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = client.get(f"/t/{tournament.pk}/webhooks/")
    assert response.status_code == 403
    records = [r for r in caplog.records if r.name == "django.request"]
    assert len(records) == 1
    (record,) = records
    assert f"/t/{tournament.pk}/webhooks/" in record.getMessage()
    assert record.exc_info is None and not record.exc_text
    formatted = logging.Formatter().format(record)
    assert "Traceback" not in formatted and "\n" not in formatted
