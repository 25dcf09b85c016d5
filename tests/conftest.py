"""Shared fixtures: staff users per role, and a tournament ready to run."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User

from tournament.domain.structures import LevelSpec
from tournament.permissions import DIRECTOR, FLOOR, REGISTRATION, ROLES

TEN_MINUTES = 600


def play(sb: int, bb: int, minutes: float = 10, ante: int = 0) -> LevelSpec:
    return LevelSpec("play", sb, bb, ante, "bba" if ante else "none", int(minutes * 60), ())


def brk(minutes: float = 5, color_up: tuple[int, ...] = ()) -> LevelSpec:
    return LevelSpec("break", 0, 0, 0, "none", int(minutes * 60), color_up)


SIMPLE_LEVELS = (play(100, 200), play(200, 400), brk(5), play(300, 600, ante=600), play(400, 800))


@pytest.fixture
def groups(db):
    return {name: Group.objects.get_or_create(name=name)[0] for name in ROLES}


def _user(groups, username: str, role: str | None) -> User:
    user = User.objects.create_user(username=username, password="pw")
    if role:
        user.groups.add(groups[role])
    return user


@pytest.fixture
def director(groups):
    return _user(groups, "director", DIRECTOR)


@pytest.fixture
def floor_user(groups):
    return _user(groups, "floor", FLOOR)


@pytest.fixture
def cashier(groups):
    return _user(groups, "cashier", REGISTRATION)


@pytest.fixture
def outsider(groups):
    return _user(groups, "outsider", None)


@pytest.fixture
def make_tournament(director):
    from tournament.services.tournaments import tournament_create

    def make(levels=SIMPLE_LEVELS, **values):
        values = {"name": "Test Event", "chip_set": [25, 100, 500, 1000, 5000]} | values
        return tournament_create(actor=director, values=values, levels=levels)

    return make


@pytest.fixture
def tournament(make_tournament):
    return make_tournament()


@pytest.fixture(autouse=True)
def _fresh_cache():
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
