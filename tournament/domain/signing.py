"""Webhook signatures: HMAC-SHA256 over the timestamp and the body (pure).

Header ``X-Floorman-Signature: t=<unix seconds>,v1=<hex>``, where hex is
HMAC-SHA256(secret, "<t>." + body). A receiver recomputes it, compares in
constant time and rejects old timestamps (replays).
"""

from __future__ import annotations

import hashlib
import hmac


def sign(secret: str, body: bytes, timestamp: int) -> str:
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={digest.hexdigest()}"


def verify(secret: str, body: bytes, header: str, *, now: int, tolerance: int = 300) -> bool:
    """True when ``header`` signs ``body`` with ``secret`` within ``tolerance`` seconds of now."""
    try:
        parts = dict(part.split("=", 1) for part in header.split(","))
        timestamp = int(parts["t"])
    except (KeyError, ValueError):
        return False
    if abs(now - timestamp) > tolerance:
        return False
    return hmac.compare_digest(sign(secret, body, timestamp), f"t={timestamp},v1={parts.get('v1', '')}")


def backoff_seconds(attempt: int, *, base: int = 10, cap: int = 600) -> int:
    """Wait before attempt ``attempt + 1``: 10, 20, 40 … seconds, at most ``cap``."""
    return min(cap, base * 2 ** max(0, attempt - 1))
