"""Staff accounts: throttled logins, the director's staff page, password change, bootstrap."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tables.models import Move
from tournament.models import AuditEvent, Entry, Tournament

pytestmark = pytest.mark.django_db

LOCKED = "Too many failed logins"


def attempt(client: Client, username: str, password: str, address: str = "10.0.0.7"):
    return client.post(reverse("login"), {"username": username, "password": password},
                       REMOTE_ADDR=address)


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_wrong_passwords_lock_the_account_then_even_the_right_one_is_refused(director, settings):
    client = Client()
    for n in range(1, settings.LOGIN_FAILURES_PER_ACCOUNT + 1):
        response = attempt(client, "director", f"wrong-{n}")
        assert response.status_code == 200 and not logged_in(client)
    # The attempt that reached the limit already says so.
    assert LOCKED in response.content.decode()
    response = attempt(client, "director", "pw")
    assert not logged_in(client)
    assert LOCKED in response.content.decode()
    # From another address too: the account is locked, not only the address.
    response = attempt(Client(), "director", "pw", address="10.0.0.99")
    assert LOCKED in response.content.decode()
    (event,) = AuditEvent.objects.filter(kind="login_locked")
    assert event.payload["username"] == "director" and event.payload["by"] == ["account"]


def test_the_lock_ends_after_its_time(director, settings, time_machine):
    from datetime import timedelta

    from django.utils import timezone

    settings.LOGIN_LOCKOUT_SECONDS = 60
    time_machine.move_to(timezone.now(), tick=False)
    for n in range(settings.LOGIN_FAILURES_PER_ACCOUNT):
        attempt(Client(), "director", f"wrong-{n}")
    assert LOCKED in attempt(Client(), "director", "pw").content.decode()
    time_machine.move_to(timezone.now() + timedelta(seconds=61), tick=False)
    client = Client()
    attempt(client, "director", "pw")
    assert logged_in(client)


def test_one_address_trying_many_accounts_is_locked(director, floor_user, settings):
    settings.LOGIN_FAILURES_PER_ADDRESS = 8
    for n in range(8):
        attempt(Client(), f"guess{n}", "x")
    response = attempt(Client(), "floor", "pw")
    assert LOCKED in response.content.decode()
    # Another address still logs in.
    other = Client()
    attempt(other, "floor", "pw", address="10.0.0.8")
    assert logged_in(other)
    assert AuditEvent.objects.get(kind="login_locked").payload["by"] == ["address"]


def test_the_admin_login_is_throttled_too(director, settings):
    for n in range(settings.LOGIN_FAILURES_PER_ACCOUNT):
        attempt(Client(), "director", f"wrong-{n}")
    client = Client()
    client.post("/admin/login/", {"username": "director", "password": "pw"},
                REMOTE_ADDR="10.0.0.50")
    assert not logged_in(client)


def test_a_success_clears_the_account_count(director, settings):
    client = Client()
    for n in range(settings.LOGIN_FAILURES_PER_ACCOUNT - 1):
        attempt(client, "director", f"wrong-{n}")
    attempt(client, "director", "pw")
    assert logged_in(client)
    for n in range(settings.LOGIN_FAILURES_PER_ACCOUNT - 1):
        attempt(Client(), "director", f"wrong-{n}")
    again = Client()
    attempt(again, "director", "pw")
    assert logged_in(again)


def test_a_hostile_username_is_refused_without_error(director):
    for username in ["a" * 100_000, "nul\x00byte", "\U0001f0cf" * 50, ""]:
        response = attempt(Client(), username, "x")
        assert response.status_code == 200


# --- the director's staff page -------------------------------------------------------------


@pytest.fixture
def director_client(director):
    client = Client()
    client.force_login(director)
    return client


def test_the_director_adds_a_staff_member_who_can_log_in_with_the_shown_password(
    director_client, groups
):
    response = director_client.post(reverse("staff_create"),
                                    {"username": "dealer1", "roles": ["Floor"]})
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    username, password = response.context["handed_over"]
    assert username == "dealer1" and password in response.content.decode()
    user = User.objects.get(username="dealer1")
    assert list(user.groups.values_list("name", flat=True)) == ["Floor"]
    client = Client()
    attempt(client, "dealer1", password)
    assert logged_in(client)
    assert AuditEvent.objects.filter(kind="staff_created").count() == 1


@pytest.mark.parametrize("data", [
    {"username": "", "roles": ["Floor"]},
    {"username": "x" * 151, "roles": ["Floor"]},
    {"username": "bad name!", "roles": ["Floor"]},
    {"username": "nul\x00", "roles": ["Floor"]},
    {"username": "ok", "roles": []},
    {"username": "ok", "roles": ["Owner"]},
    {"username": "director", "roles": ["Floor"]},
])
def test_bad_staff_input_is_refused_and_writes_nothing(director_client, groups, data):
    before = User.objects.count()
    response = director_client.post(reverse("staff_create"), data)
    assert response.status_code == 400
    assert User.objects.count() == before
    assert not AuditEvent.objects.filter(kind="staff_created").exists()


def test_disabling_ends_the_staff_members_sessions(director_client, floor_user):
    floor_client = Client()
    floor_client.force_login(floor_user)
    assert floor_client.get(reverse("password_change")).status_code == 200
    response = director_client.post(reverse("staff_active", args=[floor_user.pk]), {"active": "0"})
    assert response.status_code == 302
    floor_user.refresh_from_db()
    assert not floor_user.is_active
    # The open session no longer works, and the password no longer logs in.
    assert floor_client.get(reverse("password_change")).status_code == 302
    client = Client()
    attempt(client, "floor", "pw")
    assert not logged_in(client)
    assert AuditEvent.objects.filter(kind="staff_disabled").count() == 1


def test_a_reset_password_replaces_the_old_one(director_client, floor_user):
    response = director_client.post(reverse("staff_password", args=[floor_user.pk]))
    assert response.status_code == 200
    _name, password = response.context["handed_over"]
    old, new = Client(), Client()
    attempt(old, "floor", "pw")
    attempt(new, "floor", password)
    assert not logged_in(old) and logged_in(new)


def test_roles_change_and_the_last_director_stays(director_client, director, floor_user):
    response = director_client.post(reverse("staff_roles", args=[floor_user.pk]),
                                    {"roles": ["Floor", "Registration"]})
    assert response.status_code == 302
    assert set(floor_user.groups.values_list("name", flat=True)) == {"Floor", "Registration"}
    response = director_client.post(reverse("staff_roles", args=[director.pk]),
                                    {"roles": ["Floor"]})
    assert response.status_code == 400
    assert director.groups.filter(name="Director").exists()
    response = director_client.post(reverse("staff_active", args=[director.pk]), {"active": "0"})
    assert response.status_code == 400
    director.refresh_from_db()
    assert director.is_active


@pytest.mark.parametrize("who", ["floor_user", "cashier", "outsider"])
def test_only_a_director_manages_staff(request, who, floor_user):
    user = request.getfixturevalue(who)
    client = Client()
    client.force_login(user)
    assert client.get(reverse("staff_list")).status_code == 403
    assert client.post(reverse("staff_create"),
                       {"username": "sneaky", "roles": ["Director"]}).status_code == 403
    assert client.post(reverse("staff_password", args=[floor_user.pk])).status_code == 403
    assert not User.objects.filter(username="sneaky").exists()


def test_the_staff_page_costs_the_same_whatever_the_number_of_accounts(
    director_client, groups, django_assert_max_num_queries
):
    with django_assert_max_num_queries(8) as few:
        assert director_client.get(reverse("staff_list")).status_code == 200
    for n in range(30):
        User.objects.create_user(username=f"s{n}").groups.add(groups["Floor"])
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert director_client.get(reverse("staff_list")).status_code == 200


def test_staff_change_their_own_password(floor_user):
    client = Client()
    client.force_login(floor_user)
    response = client.post(reverse("password_change"), {
        "old_password": "pw", "new_password1": "a-Long-new-pass-42",
        "new_password2": "a-Long-new-pass-42"})
    assert response.status_code == 302
    floor_user.refresh_from_db()
    assert floor_user.check_password("a-Long-new-pass-42")
    assert AuditEvent.objects.filter(kind="password_changed", actor=floor_user).count() == 1


# --- the first director password -----------------------------------------------------------------


def test_bootstrap_writes_the_first_password_to_a_private_file_not_to_the_log(
    settings, tmp_path
):
    settings.DATA_DIR = tmp_path
    out = io.StringIO()
    call_command("bootstrap", stdout=out)
    path = tmp_path / "director-password.txt"
    assert path.stat().st_mode & 0o777 == 0o600
    password = path.read_text().split("password: ")[1].strip()
    assert password not in out.getvalue()
    assert str(path) in out.getvalue()
    assert User.objects.get(username="director").check_password(password)


def test_bootstrap_demo_opens_a_running_tournament_with_everyone_in_their_seat(settings, tmp_path):
    """``make run`` shows a first-time user a room in play: seats drawn, no move left to make."""
    settings.DATA_DIR = tmp_path
    out = io.StringIO()
    call_command("bootstrap", "--demo", stdout=out)
    tournament = Tournament.objects.get()
    assert f"Demo tournament loaded: {tournament.name}" in out.getvalue()
    assert tournament.status == Tournament.Status.RUNNING
    entries = Entry.objects.filter(tournament=tournament)
    assert entries.count() == 30
    assert not entries.exclude(status=Entry.Status.SEATED).exists()
    assert not Move.objects.filter(tournament=tournament, status=Move.Status.PENDING).exists()
    call_command("bootstrap", "--demo", stdout=io.StringIO())  # once only
    assert Tournament.objects.count() == 1
