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


PRIVATE_TARGETS = [
    "http://127.0.0.1:9/hook",            # loopback
    "http://localhost:8000/hook",         # a name for loopback
    "http://10.1.2.3/hook",               # private
    "http://192.168.0.10/hook",
    "http://169.254.169.254/latest/",     # link-local (a cloud's metadata)
    "http://0.0.0.0/hook",
    "http://[::1]:9/hook",                # IPv6 loopback
    "http://[fe80::1]/hook",              # IPv6 link-local
    "http://[fd00::5]/hook",              # IPv6 unique local (private)
    "http://[::ffff:127.0.0.1]/hook",     # IPv4 loopback written as IPv6
]


@pytest.mark.django_db
@pytest.mark.parametrize("url", PRIVATE_TARGETS)
def test_a_webhook_to_this_machine_or_a_private_network_is_refused(tournament, director, url):
    response = login(director).post(f"/t/{tournament.pk}/webhooks/",
                                    {"url": url, "events": ["bust"]})
    assert response.status_code == 400
    assert "a webhook goes to a public address" in response.content.decode()
    assert not WebhookEndpoint.objects.exists()


@pytest.mark.django_db
def test_a_room_may_allow_webhooks_to_its_own_network(tournament, director, settings):
    settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS = True
    response = login(director).post(f"/t/{tournament.pk}/webhooks/",
                                    {"url": "http://192.168.0.10/hook", "events": ["bust"]})
    assert response.status_code == 200
    assert WebhookEndpoint.objects.get().url == "http://192.168.0.10/hook"


@pytest.mark.django_db
def test_a_delivery_to_a_private_address_is_refused_without_a_request(tournament, director,
                                                                       settings):
    from tests.services.test_webhooks import Receiver
    from tournament.services import webhooks

    receiver = Receiver()
    try:
        # Allowed when added; no longer allowed when the delivery goes (or the name
        # now resolves elsewhere): nothing is sent, and the log says why.
        endpoint = WebhookEndpoint.objects.create(
            tournament=tournament, url=receiver.url, secret="s" * 32, events=["bust"],
            created_at=tournament.created_at)
        delivery = WebhookDelivery.objects.create(
            tournament=tournament, endpoint=endpoint, event="bust", payload={"event": "bust"},
            created_at=tournament.created_at)
        assert webhooks.webhook_attempt(delivery_id=delivery.pk) is None
        delivery.refresh_from_db()
        assert delivery.status == WebhookDelivery.Status.FAILED
        assert "127.0.0.1 is a private address" in delivery.error
        assert receiver.received == []
    finally:
        receiver.close()
