"""The permission walk: every URL pattern, every role. No write without the right role."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tournament.permissions import FLOOR, REGISTRATION

SAMPLE_KWARGS = {
    "tournament_id": None,  # filled with the test tournament
    "action": "start",
    "kind": "rebuy",
    "fmt": "csv",
    "structure_id": 1,
    "number": 1,
    "entry_number": 1,
    "entry_id": 1,
    "table_number": 1,
    "move_id": 1,
    "event_id": 1,
    "user_id": 1,
    "ruling_id": 1,
    "rule_number": "42",
    "slug": "betting",
    "calculator": "betting",
    "item_id": 1,
    "payment_id": 1,
    "league_id": 1,
    "webhook_id": 1,
    "player_id": 1,
    "version": 1,
    "day": "2026-01-31",
    "token": "not-a-dealers-link",
    "category_slug": "chips-and-words",
    "situation_slug": "one-chip-silent",
    "phrase_id": 1,
    "spot_id": 1,
    "reservation_id": 1,
}
SKIP_PREFIXES = ("admin/", "i18n/", "accounts/", "static/")
# The players' own POSTs, with no staff role (issue 23): each is the player's, not staff's.
PLAYER_POSTS = {
    # Looking oneself up by name and the code on the receipt: reads, writes nothing.
    "t/<int:tournament_id>/me/",
    # A phone's push subscription: the signed link is the credential (a forged one is a 404).
    "me/<str:token>/push/",
    # Joining the alternate line from a phone: bounded by its form and the service,
    # throttled per address; here refused (the test tournament has no line), nothing kept.
    "t/<int:tournament_id>/line/",
    # The same push subscription for a place in line, by its own signed link.
    "me/line/<str:token>/push/",
    # Reserving an entry before the day (a 404 until the director opens the page): it only
    # adds a reservation, bounded and throttled; no money, no seat, no other row.
    "t/<int:tournament_id>/reserve/",
}


def walk(resolver, prefix=""):
    for p in resolver.url_patterns:
        if isinstance(p, URLResolver):
            route = str(p.pattern)
            if route.startswith(SKIP_PREFIXES):
                continue
            yield from walk(p, prefix + route)
        elif isinstance(p, URLPattern):
            yield prefix + str(p.pattern), p


def app_patterns():
    return [(route, p) for route, p in walk(get_resolver()) if not route.startswith(SKIP_PREFIXES)]


def fill(pattern: URLPattern, tournament_id: int) -> str:
    from django.urls import reverse

    names = pattern.pattern.regex.groupindex
    kwargs = {}
    for name in names:
        kwargs[name] = tournament_id if name == "tournament_id" else SAMPLE_KWARGS[name]
    return reverse(pattern.name, kwargs=kwargs)


def counts() -> dict[str, int]:
    return {m._meta.label: m.objects.count() for m in apps.get_models()
            if m._meta.app_label in ("tournament", "tables", "auth")}


def test_every_pattern_is_named():
    for route, p in app_patterns():
        assert p.name, route


@pytest.mark.django_db
def test_anonymous_users_change_nothing(tournament):
    client = Client(enforce_csrf_checks=False)
    before = counts()
    for route, p in app_patterns():
        url = fill(p, tournament.pk)
        response = client.post(url, {"name": "x", "seconds": "60", "time_left": "1:00",
                                     "player_name": "Mallory"})
        allowed = (302, 403, 405) + ((400, 404) if route in PLAYER_POSTS else ())
        assert response.status_code in allowed, (url, response.status_code)
        if response.status_code == 302:
            assert "/accounts/login/" in response["Location"], url
    assert counts() == before


@pytest.mark.django_db
def test_staff_pages_ask_anonymous_users_to_log_in(tournament):
    client = Client()
    for route, p in app_patterns():
        roles = getattr(p.callback, "required_roles", None)
        if not roles:
            continue
        response = client.get(fill(p, tournament.pk))
        assert response.status_code in (302, 405), route
        if response.status_code == 302:
            assert "/accounts/login/" in response["Location"]


@pytest.mark.django_db
@pytest.mark.parametrize("role", [FLOOR, REGISTRATION, None])
def test_no_write_with_the_wrong_role(role, tournament, floor_user, cashier, outsider):
    user = {FLOOR: floor_user, REGISTRATION: cashier, None: outsider}[role]
    client = Client()
    client.force_login(user)
    before = counts()
    checked = 0
    for route, p in app_patterns():
        roles = getattr(p.callback, "required_roles", None)
        if roles is None or (role is not None and role in roles):
            continue
        checked += 1
        response = client.post(fill(p, tournament.pk), {"seconds": "60", "player_name": "Mallory"})
        assert response.status_code in (403, 405), (route, response.status_code)
    assert checked > 0
    assert counts() == before


@pytest.mark.django_db
def test_every_write_view_declares_its_roles(tournament, director):
    """A view that accepts POST must carry role_required (public views are read-only)."""
    client = Client()
    client.force_login(director)
    public_posts = set()
    for route, p in app_patterns():
        if getattr(p.callback, "required_roles", None):
            continue
        response = Client().post(fill(p, tournament.pk), {})
        if response.status_code not in (403, 405, 302):
            public_posts.add(route)
    assert public_posts == PLAYER_POSTS
