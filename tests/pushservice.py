"""A Web Push service for the tests, on 127.0.0.1: it checks what a real one checks.

Each POST must carry a VAPID JWT (RFC 8292) signed ES256 by the key it names,
for this service's origin, not expired; the body is decrypted as RFC 8291
(aes128gcm) with the browser's keys. Paths choose the answer: ``/gone/...``
410, ``/missing/...`` 404, ``/flaky/...`` 500 the first time, else 201.
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """A browser's side of a subscription: its ECDH key pair and auth secret."""

    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        return b64url(self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))

    @property
    def auth_b64(self) -> str:
        return b64url(self.auth)


@dataclass
class Received:
    path: str
    status: int
    message: dict | None
    vapid_key: str
    claims: dict
    ttl: str | None


class PushService:
    def __init__(self) -> None:
        self.browsers: dict[str, Browser] = {}
        self.received: list[Received] = []
        self.refused: list[str] = []
        self._flaky_seen: set[str] = set()
        self._lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                status, received = service.handle(self.path, self.headers, body)
                if received is not None:
                    with service._lock:
                        service.received.append(received)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def subscription(self, name: str, *, path: str = "ok") -> dict:
        browser = Browser()
        endpoint = f"{self.origin}/{path}/{name}"
        self.browsers[endpoint] = browser
        return {"endpoint": endpoint, "keys": {"p256dh": browser.p256dh,
                                               "auth": browser.auth_b64}}

    def _refuse(self, why: str) -> tuple[int, None]:
        self.refused.append(why)
        return 401, None

    def handle(self, path: str, headers, body: bytes) -> tuple[int, Received | None]:
        endpoint = self.origin + path
        browser = self.browsers.get(endpoint)
        if browser is None:
            return 404, None
        authorization = headers.get("Authorization", "")
        if not authorization.startswith("vapid "):
            return self._refuse("no vapid authorization")
        parts = dict(p.strip().split("=", 1) for p in authorization[6:].split(","))
        token, key = parts.get("t", ""), parts.get("k", "")
        try:
            signing_input, _dot, signature = token.rpartition(".")
            header = json.loads(unb64url(signing_input.split(".")[0]))
            claims = json.loads(unb64url(signing_input.split(".")[1]))
            raw = unb64url(signature)
            public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
            public.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"),
                                               int.from_bytes(raw[32:], "big")),
                          signing_input.encode(), ec.ECDSA(hashes.SHA256()))
        except Exception as exc:  # any flaw of the token is a refusal
            return self._refuse(f"bad vapid token: {exc!r}")
        if header.get("alg") != "ES256":
            return self._refuse("not ES256")
        if claims.get("aud") != self.origin:
            return self._refuse(f"audience {claims.get('aud')}")
        if not (time.time() < claims.get("exp", 0) <= time.time() + 24 * 3600):
            return self._refuse("expired or too far")
        if not claims.get("sub", "").startswith(("mailto:", "https:")):
            return self._refuse("no contact")
        if headers.get("Content-Encoding") != "aes128gcm":
            return self._refuse("not aes128gcm")
        message = json.loads(http_ece.decrypt(body, private_key=browser.key,
                                              auth_secret=browser.auth, version="aes128gcm"))
        status = 201
        if path.startswith("/gone/"):
            status = 410
        elif path.startswith("/missing/"):
            status = 404
        elif path.startswith("/flaky/") and path not in self._flaky_seen:
            self._flaky_seen.add(path)
            status = 500
        return status, Received(path=path, status=status, message=message, vapid_key=key,
                                claims=claims, ttl=headers.get("TTL"))

    def delivered(self) -> list[Received]:
        return [r for r in self.received if 200 <= r.status < 300]
