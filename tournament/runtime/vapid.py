"""The site's VAPID key pair (RFC 8292): generated once, kept in the data dir (0600).

``make run`` (bin/run) creates it before the site starts; a process that finds
none creates it too, so a fresh checkout pushes without a step of its own.
"""

from __future__ import annotations

import base64
import os
from functools import lru_cache
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings

KEY_FILE = "vapid_private.pem"


def key_path() -> Path:
    return Path(settings.DATA_DIR) / KEY_FILE


def ensure_vapid_key(path: Path | None = None) -> Path:
    """The key file, created 0600 from the start when missing (never readable by others)."""
    path = path or key_path()
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    pem = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption())
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first
        return path
    with os.fdopen(fd, "wb") as handle:
        handle.write(pem)
    return path


@lru_cache(maxsize=1)
def vapid_private_pem() -> str:
    return ensure_vapid_key().read_text()


def vapid_public_key() -> str:
    """The application server key the browser subscribes with (base64url, uncompressed point)."""
    key = serialization.load_pem_private_key(vapid_private_pem().encode(), password=None)
    raw = key.public_key().public_bytes(serialization.Encoding.X962,
                                        serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")
