"""Full mode for real: a webhook whose receiver is down is retried by Celery and arrives later.

A real redis-server and a real Celery worker; the receiver is an HTTP server
in this test process that starts only after the first attempt has failed.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from tests.system.helpers import ROOT, free_port, wait_for

pytestmark = pytest.mark.system


def delivery(stack) -> tuple[str, int, int | None] | None:
    rows = stack.query("SELECT status, attempts, response_code FROM tournament_webhookdelivery")
    return rows[0] if rows else None


def test_a_receiver_down_at_first_gets_the_bust_on_a_retry(make_stack):
    from tournament.domain.signing import verify

    stack = make_stack()
    stack.start_worker("worker1")
    port = free_port()  # nothing listens here yet: the first attempt is refused
    out = stack.run(str(ROOT / "tests" / "system" / "webhook_tool.py"),
                    f"http://127.0.0.1:{port}/hook")
    secret = json.loads(out.strip().splitlines()[-1])["secret"]
    first = wait_for("the first, refused attempt",
                     lambda: (d := delivery(stack)) and d[1] >= 1 and d, timeout=30)
    assert first[0] == "retrying", first
    failed_at = time.monotonic()

    received: list[tuple[dict, bytes]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802
            body = self.rfile.read(int(self.headers["Content-Length"]))
            received.append((dict(self.headers), body))
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        done = wait_for("the retry to deliver",
                        lambda: (d := delivery(stack)) and d[0] == "delivered" and d, timeout=40)
    finally:
        server.shutdown()
        server.server_close()
    waited = time.monotonic() - failed_at
    assert done == ("delivered", 2, 200)
    assert 5 <= waited <= 35, waited  # the first backoff is 10 s
    assert len(received) == 1
    headers, body = received[0]
    assert json.loads(body)["event"] == "bust"
    assert verify(secret, body, headers["X-Floorman-Signature"], now=int(time.time()))
