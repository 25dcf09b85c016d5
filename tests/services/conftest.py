"""Fixtures of the service tests that share them: the test push service."""

from __future__ import annotations

import pytest

from ..pushservice import PushService


@pytest.fixture
def push_service():
    """A Web Push service on 127.0.0.1 that checks VAPID and decrypts (tests/pushservice.py)."""
    service = PushService()
    yield service
    service.close()


@pytest.fixture
def push_in_line(monkeypatch):
    """Tests that run inside one transaction, which the sender thread's connection cannot
    see: embedded mode's sends run in line (test_push_embedded.py runs the thread)."""
    from tournament.runtime import broker
    from tournament.services import push

    monkeypatch.setattr(push, "send_in_background",
                        lambda batch: broker.enqueue(push.PUSH_SEND, args=(batch,)))
