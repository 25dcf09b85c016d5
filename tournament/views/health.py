"""/healthz: can this site serve, and what of its background is missing?

For a load balancer: 200 while the database answers (the site then serves every
screen and takes every write, whatever Redis does), 503 when it does not. For
the director: the same report, and for the console (htmx) a banner while Redis
or the background processes are away.
"""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.models import Max
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from tournament.models import Heartbeat, PendingNotification
from tournament.runtime import broker
from tournament.runtime.cache import CACHE_ERRORS, cache_outage
from tournament.runtime.heartbeats import HEARTBEAT_SECONDS

# A worker or beat not heard from in three heartbeats (and a margin) is away.
STALE_AFTER = timedelta(seconds=3 * HEARTBEAT_SECONDS + 5)
# A load balancer and every director console poll this: one check per process
# this often, whatever the number of callers.
REPORT_MEMO_SECONDS = 2.0
_last_report: tuple[float, dict[str, Any]] | None = None


def _timed(check) -> dict[str, Any]:
    started = time.perf_counter()
    try:
        ok = check()
    except Exception:
        ok = False
    return {"ok": bool(ok), "ms": round((time.perf_counter() - started) * 1000, 1)}


def _cache_answers() -> bool:
    from django.core.cache import cache

    try:
        if hasattr(cache, "ping"):  # full mode: for real, whatever the back-off
            ok = cache.ping()
        else:
            cache.set("floorman:healthz", 1, timeout=10)
            ok = cache.get("floorman:healthz") == 1
    except CACHE_ERRORS as exc:
        cache_outage.failed(exc, "health check")
        return False
    cache_outage.succeeded()
    return ok


def _database() -> tuple[dict[str, Any], dict[str, Any]]:
    """SELECT 1, the heartbeats and the pending messages: (check, figures)."""
    figures: dict[str, Any] = {}

    def check() -> bool:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        seen = dict(Heartbeat.objects.values("role").annotate(last=Max("seen_at"))
                    .values_list("role", "last"))
        figures["seen"] = seen
        figures["pending"] = PendingNotification.objects.count()
        return True

    return _timed(check), figures


def _process(role: str, seen: dict | None, now) -> dict[str, Any]:
    if not settings.FULL_MODE:
        return {"ok": True, "in_process": True, "age_seconds": None}
    last = (seen or {}).get(role)
    if last is None:
        return {"ok": False, "age_seconds": None}
    age = (now - last).total_seconds()
    return {"ok": age <= STALE_AFTER.total_seconds(), "age_seconds": round(age, 1)}


def health_report() -> dict[str, Any]:
    global _last_report
    if _last_report is not None and _last_report[0] > time.monotonic():
        return _last_report[1]
    database, figures = _database()
    report: dict[str, Any] = {
        "mode": "full" if settings.FULL_MODE else "embedded",
        "database": database,
        "cache": _timed(_cache_answers),
        "broker": _timed(broker.broker_reachable),
    }
    now = timezone.now()
    report["worker"] = _process("worker", figures.get("seen"), now)
    report["beat"] = _process("beat", figures.get("seen"), now)
    report["pending_notifications"] = figures.get("pending")
    parts = ("database", "cache", "broker", "worker", "beat")
    if not database["ok"]:
        report["status"] = "down"
    elif all(report[part]["ok"] for part in parts):
        report["status"] = "ok"
    else:
        report["status"] = "degraded"
    _last_report = (time.monotonic() + REPORT_MEMO_SECONDS, report)
    return report


@require_GET
@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    report = health_report()
    if getattr(request, "htmx", False):
        return render(request, "health/_banner.html", {"health": report})
    return JsonResponse(report, status=503 if report["status"] == "down" else 200)
