"""Webhooks: the events they carry, the HMAC signature, retries while the receiver is down."""

from __future__ import annotations

import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from tables.services import busts
from tests.services.test_floor import field
from tournament.domain.signing import backoff_seconds, sign, verify
from tournament.models import WebhookDelivery
from tournament.services import webhooks
from tournament.services.base import ServiceError
from tournament.services.clock import clock_next_level, clock_record_boundaries, clock_start


class Receiver:
    """A real HTTP server on localhost that records what it gets and answers ``status``."""

    def __init__(self) -> None:
        self.received: list[tuple[dict, bytes]] = []
        self.status = 204
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.received.append((dict(self.headers), body))
                self.send_response(receiver.status)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(autouse=True)
def _local_receiver_allowed(settings):
    # The receiver listens on 127.0.0.1, a loopback address webhooks are otherwise refused.
    settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS = True


@pytest.fixture
def receiver():
    r = Receiver()
    yield r
    r.close()


@pytest.fixture
def waits(monkeypatch):
    """Run deliveries in line; record the backoff waits instead of sleeping them."""
    recorded: list[int] = []

    def run(delivery_id):
        while (wait := webhooks.webhook_attempt(delivery_id=delivery_id)) is not None:
            recorded.append(wait)

    monkeypatch.setattr(webhooks, "start_background", run)
    return recorded


def closed_port_url() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/hook"  # nothing listens there once the socket is closed


@pytest.mark.django_db
def test_a_bust_is_posted_signed_to_the_endpoint(tournament, director, receiver, waits,
                                                 django_capture_on_commit_callbacks):
    entries = field(tournament, director, 12, 2)
    endpoint = webhooks.webhook_add(actor=director, tournament_id=tournament.pk,
                                    url=receiver.url, events=["bust"])
    with django_capture_on_commit_callbacks(execute=True):
        busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=entries[0].pk)
    assert len(receiver.received) == 1
    headers, body = receiver.received[0]
    payload = json.loads(body)
    assert payload["event"] == "bust" and payload["data"]["place"] == 12
    assert "plan" in payload["data"]  # the payload as committed, not as first written
    assert verify(endpoint.secret, body, headers["X-Floorman-Signature"], now=int(time.time()))
    assert not verify("other secret", body, headers["X-Floorman-Signature"],
                      now=int(time.time()))
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts, delivery.response_code) == ("delivered", 1, 204)


@pytest.mark.django_db
def test_only_the_events_chosen_are_sent(tournament, director, receiver, waits,
                                         django_capture_on_commit_callbacks):
    webhooks.webhook_add(actor=director, tournament_id=tournament.pk, url=receiver.url,
                         events=["level", "break"])
    entries = field(tournament, director, 12, 2)
    with django_capture_on_commit_callbacks(execute=True):
        clock_start(tournament_id=tournament.pk, actor=director)
    with django_capture_on_commit_callbacks(execute=True):
        busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=entries[0].pk)
    for _ in range(2):  # level 2, then the break
        with django_capture_on_commit_callbacks(execute=True):
            clock_next_level(tournament_id=tournament.pk, actor=director)
    events = [json.loads(body)["event"] for _headers, body in receiver.received]
    assert events == ["level", "level", "break"]


@pytest.mark.django_db
def test_a_reservation_made_and_cancelled_is_sent_without_the_contact(
        tournament, director, receiver, waits, django_capture_on_commit_callbacks):
    from tournament.services.reservations import reservation_cancel, reservation_create

    webhooks.webhook_add(actor=director, tournament_id=tournament.pk, url=receiver.url,
                         events=["reservation"])
    with django_capture_on_commit_callbacks(execute=True):
        reservation = reservation_create(actor=None, tournament_id=tournament.pk, at_kiosk=True,
                                         name="Ana Souza", email="ana@example.com")
    with django_capture_on_commit_callbacks(execute=True):
        reservation_cancel(actor=director, tournament_id=tournament.pk,
                           reservation_id=reservation.pk)
    sent = [json.loads(body) for _headers, body in receiver.received]
    assert [(p["event"], p["data"]["reservation"]) for p in sent] == [
        ("reservation", reservation.pk), ("reservation", reservation.pk)]
    assert sent[0]["data"]["name"] == "Ana Souza" and sent[0]["data"]["at_kiosk"] is True
    assert not any("ana@example.com" in body.decode() for _h, body in receiver.received)


@pytest.mark.django_db
def test_a_level_the_clock_runs_into_is_sent(tournament, director, receiver, waits,
                                            time_machine, django_capture_on_commit_callbacks):
    webhooks.webhook_add(actor=director, tournament_id=tournament.pk, url=receiver.url,
                         events=["level"])
    time_machine.move_to("2026-01-01 12:00:00Z", tick=False)
    with django_capture_on_commit_callbacks(execute=True):
        clock_start(tournament_id=tournament.pk, actor=director)
    time_machine.move_to("2026-01-01 12:10:01Z", tick=False)
    with django_capture_on_commit_callbacks(execute=True):
        clock_record_boundaries(tournament_id=tournament.pk)
    last = json.loads(receiver.received[-1][1])
    assert (last["event"], last["data"]["level"]) == ("level", 2)


@pytest.mark.django_db
def test_a_receiver_that_is_down_is_retried_with_backoff_then_failed(
        tournament, director, waits, django_capture_on_commit_callbacks):
    entries = field(tournament, director, 12, 2)
    webhooks.webhook_add(actor=director, tournament_id=tournament.pk, url=closed_port_url(),
                         events=["bust"])
    with django_capture_on_commit_callbacks(execute=True):
        busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=entries[0].pk)
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts) == ("failed", webhooks.MAX_ATTEMPTS)
    assert "refused" in delivery.error.lower()
    assert waits == [10, 20, 40, 80, 160]


@pytest.mark.django_db
def test_a_503_is_retried_and_delivered_when_the_receiver_recovers(
        tournament, director, receiver, monkeypatch, django_capture_on_commit_callbacks):
    entries = field(tournament, director, 12, 2)
    webhooks.webhook_add(actor=director, tournament_id=tournament.pk, url=receiver.url,
                         events=["bust"])
    receiver.status = 503
    monkeypatch.setattr(webhooks, "start_background", lambda delivery_id: None)
    with django_capture_on_commit_callbacks(execute=True):
        busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=entries[0].pk)
    delivery = WebhookDelivery.objects.get()
    assert webhooks.webhook_attempt(delivery_id=delivery.pk) == 10
    receiver.status = 200
    assert webhooks.webhook_attempt(delivery_id=delivery.pk) is None
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("delivered", 2)
    assert len(receiver.received) == 2
    # Delivered: a late duplicate task sends nothing.
    assert webhooks.webhook_attempt(delivery_id=delivery.pk) is None
    assert len(receiver.received) == 2


@pytest.mark.django_db
def test_a_refusal_fails_at_once_and_can_be_sent_again(
        tournament, director, receiver, waits, django_capture_on_commit_callbacks):
    entries = field(tournament, director, 12, 2)
    webhooks.webhook_add(actor=director, tournament_id=tournament.pk, url=receiver.url,
                         events=["bust"])
    receiver.status = 400
    with django_capture_on_commit_callbacks(execute=True):
        busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=entries[0].pk)
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts, waits) == ("failed", 1, [])
    receiver.status = 200
    with django_capture_on_commit_callbacks(execute=True):
        webhooks.webhook_redeliver(actor=director, tournament_id=tournament.pk,
                                   delivery_id=delivery.pk)
    delivery.refresh_from_db()
    assert delivery.status == "delivered"


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "events", "message"), [
    ("ftp://example.com/x", ["bust"], "http:// or https://"),
    ("https://example.com/x", [], "at least one event"),
    ("https://example.com/x", ["payday"], "at least one event"),
])
def test_bad_webhooks_are_refused(tournament, director, url, events, message):
    with pytest.raises(ServiceError, match=message):
        webhooks.webhook_add(actor=director, tournament_id=tournament.pk, url=url, events=events)


def test_signature_and_backoff_rules():
    header = sign("s3cret", b"{}", 1_700_000_000)
    assert verify("s3cret", b"{}", header, now=1_700_000_100)
    assert not verify("s3cret", b"{}", header, now=1_700_001_000)  # too old: a replay
    assert not verify("s3cret", b"{ }", header, now=1_700_000_100)
    assert not verify("s3cret", b"{}", "garbage", now=1_700_000_100)
    assert [backoff_seconds(n) for n in range(1, 9)] == [10, 20, 40, 80, 160, 320, 600, 600]


@pytest.mark.django_db
def test_reconcile_sends_again_only_what_is_overdue(tournament, director, monkeypatch,
                                                   time_machine,
                                                   django_capture_on_commit_callbacks):
    sent: list[int] = []
    monkeypatch.setattr(webhooks, "start_background", sent.append)
    time_machine.move_to("2026-01-01 12:00:00Z", tick=False)
    entries = field(tournament, director, 12, 2)
    webhooks.webhook_add(actor=director, tournament_id=tournament.pk, url=closed_port_url(),
                         events=["bust"])
    with django_capture_on_commit_callbacks(execute=True):
        busts.entry_bust(actor=director, tournament_id=tournament.pk, entry_id=entries[0].pk)
    delivery = WebhookDelivery.objects.get()
    assert sent == [delivery.pk]  # queued once at the bust; its task is lost (say)
    time_machine.move_to("2026-01-01 12:01:00Z", tick=False)
    assert webhooks.webhooks_reconcile() == 0  # not late yet
    time_machine.move_to("2026-01-01 12:02:30Z", tick=False)
    assert webhooks.webhooks_reconcile() == 1
    delivery.refresh_from_db()
    assert delivery.attempts >= 1 and delivery.last_attempt_at is not None  # sent again
    assert webhooks.webhooks_reconcile() == 0  # once per interval, not at every round
    WebhookDelivery.objects.filter(pk=delivery.pk).update(status="delivered")
    time_machine.move_to("2026-01-01 13:00:00Z", tick=False)
    assert webhooks.webhooks_reconcile() == 0
