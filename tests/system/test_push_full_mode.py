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
    done = wait_for("the retry of the failed one",
                    lambda: [r for r in push_service.delivered() if r.path == "/flaky/bo"],
                    timeout=45)
    waited = time.monotonic() - started
    # At least once: a send the push service took but answered too late for the worker
    # (a loaded machine) is sent again, and the phone shows the one notice (its tag).
    by_path = {path: [r.status for r in push_service.received if r.path == path]
               for path in ("/ok/ann", "/flaky/bo")}
    assert by_path["/ok/ann"] and set(by_path["/ok/ann"]) == {201}, by_path
    assert by_path["/flaky/bo"][:2] == [500, 201], by_path
    assert not push_service.refused
    ann = next(r for r in push_service.delivered() if r.path == "/ok/ann")
    assert ann.message["kind"] == "out" and ann.message["title"] == "You finished in place 11."
    assert done[0].message["title"] == "您的最终名次为第 12 名。"
    assert waited >= 8, waited  # the first backoff is 10 s
