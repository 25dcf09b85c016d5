"""Staff actions through bad Wi-Fi: every one done exactly once (issue 26's soak).

Phones (threads) send registrations, busts and clock pauses/resumes to a served
site through `FlakyProxy`. Each action has its own idempotency key and is sent
again with that key until an answer comes back, as the consoles' queue does.
Then the database is read: each action recorded once, none twice, none lost,
and the room's invariants hold. Used by tests/system/test_flaky_network.py (small)
and bench/flaky_network.py (1,000 actions).
"""

from __future__ import annotations

import http.client
import secrets
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

CSRF = "soakcsrfsecret0123456789abcdefgh"  # a 32-character secret, sent as cookie and header


@dataclass
class Phone:
    base_url: str
    session: str
    sent: int = 0
    answers: Counter = field(default_factory=Counter)

    def post(self, path: str, data: dict[str, str], *, timeout: float = 15) -> tuple[int, str]:
        """Send one action until an answer comes back; the same key every time."""
        key = secrets.token_hex(16)
        body = urlencode(data)
        url = urlsplit(self.base_url)
        while True:
            self.sent += 1
            connection = http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)
            try:
                connection.request("POST", path, body=body, headers={
                    "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                    "Idempotency-Key": key, "X-CSRFToken": CSRF, "Connection": "close",
                    "Cookie": f"sessionid={self.session}; csrftoken={CSRF}",
                    "Referer": self.base_url + "/", "Origin": self.base_url})
                response = connection.getresponse()
                status, text = response.status, response.read().decode()
                replayed = response.getheader("Idempotent-Replayed") == "true"
            except (OSError, http.client.HTTPException):
                self.answers["lost"] += 1
                time.sleep(0.05)
                continue
            finally:
                connection.close()
            if status >= 500 or (status == 409 and "Try again" in text):
                self.answers[f"retry {status}"] += 1
                time.sleep(0.2)
                continue
            self.answers["replayed" if replayed else "first"] += 1
            return status, text


def _alert(html: str) -> str:
    start = html.find('role="alert"')
    return html[start:start + 200] if start >= 0 else html[:200]


def session_for(user) -> str:
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def _parallel(jobs: list, count: int) -> None:
    errors: list[BaseException] = []

    def run(part):
        try:
            for job in part:
                job()
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            from django.db import connections

            connections.close_all()

    threads = [threading.Thread(target=run, args=(jobs[i::count],)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]


def soak(base_url: str, *, tournament_id: int, floor_session: str, desk_session: str,
         director_session: str, actions: int, phones: int = 4) -> dict:
    """Send ``actions`` staff actions; return what the database recorded of them."""
    from tournament.models import AuditEvent, Entry

    registrations = actions // 2
    toggles = max(2, actions // 10) // 2 * 2
    busts = actions - registrations - toggles
    assert busts < registrations, "someone must be left standing"
    names = [f"Soak {i:04d}" for i in range(registrations)]
    desks = [Phone(base_url, desk_session) for _ in range(phones)]
    floors = [Phone(base_url, floor_session) for _ in range(phones)]
    director = Phone(base_url, director_session)
    refused: list[str] = []

    def register(i: int):
        def job():
            status, text = desks[i % phones].post(
                f"/t/{tournament_id}/registration/", {"name": names[i], "method": "cash", "confirm_new": "on"})
            if status != 200 or 'role="alert"' in text:
                refused.append(f"registration {names[i]}: {status} {_alert(text)}")
        return job

    _parallel([register(i) for i in range(registrations)], phones)

    entries = list(Entry.objects.filter(tournament_id=tournament_id, player__name__in=names)
                   .order_by("number").values_list("pk", flat=True))[:busts]

    def bust(i: int, entry_id: int):
        def job():
            status, text = floors[i % phones].post(
                f"/t/{tournament_id}/floor/entries/{entry_id}/bust/", {})
            if status != 200 or "is out in place" not in text:
                refused.append(f"bust {entry_id}: {status} {_alert(text)}")
        return job

    def clock():
        for i in range(toggles):
            action = "pause" if i % 2 == 0 else "resume"
            status, text = director.post(f"/t/{tournament_id}/clock/{action}/", {})
            if status >= 400:
                refused.append(f"clock {action}: {status} {_alert(text)}")

    _parallel([bust(i, pk) for i, pk in enumerate(entries)] + [clock], phones + 1)

    recorded = Counter()
    registered = Counter(Entry.objects.filter(tournament_id=tournament_id, player__name__in=names)
                         .values_list("player__name", flat=True))
    recorded.update(registered[name] for name in names)
    busted = Counter(AuditEvent.objects.filter(tournament_id=tournament_id, kind="entry_busted")
                     .values_list("payload__entry", flat=True))
    recorded.update(busted[pk] for pk in entries)
    pauses = AuditEvent.objects.filter(tournament_id=tournament_id, kind="clock_pause").count()
    resumes = AuditEvent.objects.filter(tournament_id=tournament_id, kind="clock_resume").count()
    for count in (pauses, resumes):  # each half of the toggles: pauses, then resumes
        recorded[1] += min(count, toggles // 2)
        recorded[0] += max(0, toggles // 2 - count)
        recorded[2] += max(0, count - toggles // 2)
    sent = sum(p.sent for p in [*desks, *floors, director])
    answers = sum((p.answers for p in [*desks, *floors, director]), Counter())
    return {"actions": registrations + len(entries) + toggles, "once": recorded[1],
            "twice": sum(n for k, n in recorded.items() if k > 1), "lost": recorded[0],
            "refused": refused, "requests": sent, "answers": dict(answers),
            "invariants": invariants(tournament_id)}


def invariants(tournament_id: int) -> list[str]:
    """What must hold in any room: the broken ones, described."""
    from tournament.models import Entry

    broken = []
    entries = list(Entry.objects.filter(tournament_id=tournament_id)
                   .values("status", "table_id", "seat", "finish_place", "number"))
    seats = [(e["table_id"], e["seat"]) for e in entries if e["status"] == "seated"]
    if len(seats) != len(set(seats)):
        broken.append("two players share a seat")
    places = sorted(e["finish_place"] for e in entries if e["finish_place"] is not None)
    if places != list(range(len(entries) - len(places) + 1, len(entries) + 1)):
        broken.append(f"places are not the last {len(places)}: {places[:5]}...")
    numbers = sorted(e["number"] for e in entries)
    if numbers != list(range(1, len(entries) + 1)):
        broken.append("entry numbers are not 1..n")
    return broken
