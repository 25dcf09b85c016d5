"""The director's webhook page: add, the delivery log, send again, remove; nobody else."""

from __future__ import annotations

import pytest
from django.test import Client

from tournament.models import AuditEvent, WebhookDelivery, WebhookEndpoint


def login(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_director_adds_a_webhook_and_reads_the_log(tournament, director):
    client = login(director)
    response = client.post(f"/t/{tournament.pk}/webhooks/",
                           {"url": "https://overlay.example/hook", "events": ["bust", "finish"]},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    endpoint = WebhookEndpoint.objects.get()
    html = response.content.decode()
    assert endpoint.secret in html and "https://overlay.example/hook" in html
    assert AuditEvent.objects.filter(kind="webhook_added").exists()
    WebhookDelivery.objects.create(tournament=tournament, endpoint=endpoint, event="bust", payload={}, status="failed",
                                   attempts=6, error="Connection refused",
                                   created_at=endpoint.created_at)
    page = client.get(f"/t/{tournament.pk}/webhooks/").content.decode()
    assert 'data-delivery="failed"' in page and "Connection refused" in page
    client.post(f"/t/{tournament.pk}/webhooks/{endpoint.pk}/remove/")
    assert not WebhookEndpoint.objects.get().active


@pytest.mark.django_db
@pytest.mark.parametrize(("data", "message"), [
    ({"url": "not a url", "events": ["bust"]}, "Enter a valid URL"),
    ({"url": "https://x.example/" + "a" * 600, "events": ["bust"]}, "at most 500"),
    ({"url": "https://x.example/", "events": []}, "This field is required"),
    ({"url": "https://x.example/", "events": ["payday"]}, "Select a valid choice"),
])
def test_bad_webhooks_get_a_message(tournament, director, data, message):
    response = login(director).post(f"/t/{tournament.pk}/webhooks/", data)
    assert response.status_code == 400 and message in response.content.decode()
    assert not WebhookEndpoint.objects.exists()


@pytest.mark.django_db
def test_only_the_director_sees_webhooks(tournament, floor_user, cashier):
    for user in (floor_user, cashier):
        assert login(user).get(f"/t/{tournament.pk}/webhooks/").status_code == 403
