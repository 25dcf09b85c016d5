"""Full mode for real: a bust's push goes through Redis to a real Celery worker, which signs
(VAPID), encrypts (RFC 8291) and sends it; a push service that fails is retried after the
backoff. The push service is tests/pushservice.py, in this test process."""

from __future__ import annotations

import json
import time

import pytest

from tests.pushservice import PushService
from tests.system.helpers import ROOT, wait_for

pytestmark = pytest.mark.system


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.close()


def test_a_bust_is_pushed_by_the_worker_and_a_failing_push_service_is_tried_again(
        make_stack, push_service):
    stack = make_stack()
    stack.start_worker("worker1")
    subscriptions = [push_service.subscription("ann"),
                     push_service.subscription("bo", path="flaky") | {"language": "zh-hans"}]
    started = time.monotonic()
    stack.run(str(ROOT / "tests" / "system" / "push_tool.py"), json.dumps(subscriptions))
    first = wait_for("both first sends", lambda: len(push_service.received) >= 2, timeout=30)
    assert first
    failed = wait_for("a first, failed send to the flaky service",
                      lambda: [r for r in push_service.received if r.path == "/flaky/bo"],
                      timeout=30)[0]
    assert failed.status == 500
    retried = wait_for("its retry", lambda: [
        r for r in push_service.delivered()
        if r.path == "/flaky/bo" and r.message["kind"] == failed.message["kind"]], timeout=45)
    waited = time.monotonic() - started
    assert retried[0].message == failed.message and waited >= 8, waited  # backoff: 10 s
    # The busts (other notices, moves, may come too): each player's "out", once delivered.
    wait_for("both outs", lambda: {r.path for r in push_service.delivered()
                                   if r.message["kind"] == "out"} == {"/ok/ann", "/flaky/bo"},
             timeout=45)
    outs = {r.path: r.message["title"] for r in push_service.delivered()
            if r.message["kind"] == "out"}
    assert outs == {"/ok/ann": "You finished in place 11.", "/flaky/bo": "您的最终名次为第 12 名。"}
    # At least once: a send the push service took but answered too late for the worker
    # (a loaded machine) may be sent again; the phone shows one notice (its tag).
    assert {r.status for r in push_service.received if r.path == "/ok/ann"} == {201}
    assert not push_service.refused
