"""Staff accounts: login throttling, and the director's management of staff and roles.

Throttling counts failed logins in the database (`LoginFailure`), per account and
per address: one count for every web process and server, which a Redis outage
can neither lift nor split per process. Past the limit, logins stop for
``LOGIN_LOCKOUT_SECONDS``, the right password included, and one audit event says
so. A successful login clears its account's count.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import LoginFailure
from tournament.permissions import DIRECTOR, ROLES, has_role
from tournament.services.audit import ServiceError, record

User = get_user_model()


# --- throttling ------------------------------------------------------------------


def client_address(request: HttpRequest | None) -> str:
    """The caller's address: the proxy's last X-Forwarded-For hop when behind a TLS proxy."""
    if request is None:
        return "unknown"
    if getattr(settings, "SECURE_PROXY_SSL_HEADER", None):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if hops := [hop.strip() for hop in forwarded.split(",") if hop.strip()]:
            return hops[-1][:64]
    return request.META.get("REMOTE_ADDR", "unknown")[:64]


def _keys(username: str, address: str) -> tuple[str, str]:
    # The username as typed, case-folded, bounded: hostile input cannot make a long key.
    account = (username or "").strip().casefold()[:150]
    return f"user:{account}", f"addr:{address[:64]}"


def login_locked(request: HttpRequest | None, username: str) -> bool:
    """True when this account, or this address, has failed too often lately (one query)."""
    user_key, addr_key = _keys(username, client_address(request))
    counts = dict(LoginFailure.objects.filter(key__in=(user_key, addr_key),
                                              expires_at__gt=timezone.now())
                  .values_list("key", "count"))
    return (counts.get(user_key, 0) >= settings.LOGIN_FAILURES_PER_ACCOUNT
            or counts.get(addr_key, 0) >= settings.LOGIN_FAILURES_PER_ADDRESS)


def _bump(key: str) -> int:
    """One more failure under ``key``; its count in the window, every process's included.

    The UPDATE takes the row's lock, so failures at the same instant on other
    processes count one after the other, never over each other.
    """
    now = timezone.now()
    # Windows that ended count nothing: dropped, so the table holds only live windows.
    LoginFailure.objects.filter(expires_at__lte=now).delete()
    LoginFailure.objects.get_or_create(
        key=key, defaults={"expires_at": now + timedelta(seconds=settings.LOGIN_LOCKOUT_SECONDS)})
    LoginFailure.objects.filter(key=key).update(count=F("count") + 1)
    return LoginFailure.objects.values_list("count", flat=True).get(key=key)


@transaction.atomic
def login_failed(*, request: HttpRequest | None, username: str) -> None:
    """Count one failed login; the attempt that reaches a limit writes one audit event."""
    address = client_address(request)
    user_key, addr_key = _keys(username, address)
    by_account = _bump(user_key)
    by_address = _bump(addr_key)
    reached = []
    if by_account == settings.LOGIN_FAILURES_PER_ACCOUNT:
        reached.append("account")
    if by_address == settings.LOGIN_FAILURES_PER_ADDRESS:
        reached.append("address")
    if reached:
        record(tournament=None, actor=None, kind="login_locked", payload={
            "username": (username or "")[:150], "address": address, "by": reached,
            "failures": max(by_account, by_address),
            "minutes": settings.LOGIN_LOCKOUT_SECONDS // 60,
        })


def login_succeeded(*, request: HttpRequest | None, username: str) -> None:
    LoginFailure.objects.filter(key=_keys(username, client_address(request))[0]).delete()


# --- staff management ------------------------------------------------------------------


def _director_check(actor) -> None:
    if not has_role(actor, DIRECTOR):
        raise ServiceError(_("Only a director manages staff accounts."))


def _roles(roles) -> list[str]:
    chosen = [r for r in ROLES if r in set(roles)]
    if not chosen:
        raise ServiceError(_("Choose at least one role."), field="roles")
    return chosen


def _active_directors_besides(user) -> int:
    return (User.objects.filter(is_active=True)
            .filter(groups__name=DIRECTOR).exclude(pk=user.pk).distinct().count()
            + User.objects.filter(is_active=True, is_superuser=True)
            .exclude(groups__name=DIRECTOR).exclude(pk=user.pk).count())


def new_password() -> str:
    """A password to hand over once: 12 characters a person can read out."""
    return secrets.token_urlsafe(9)


@transaction.atomic
def staff_create(*, actor, username: str, roles, password: str | None = None) -> tuple[object, str]:
    """A new staff account with its roles; returns it and its first password."""
    _director_check(actor)
    chosen = _roles(roles)
    if User.objects.filter(username__iexact=username).exists():
        raise ServiceError(_("That user name is taken."), field="username")
    password = password or new_password()
    user = User(username=username)
    try:
        validate_password(password, user)
    except ValidationError as error:
        raise ServiceError(" ".join(error.messages), field="password") from error
    user.set_password(password)
    user.save()
    user.groups.set(Group.objects.filter(name__in=chosen))
    record(tournament=None, actor=actor, kind="staff_created",
           payload={"username": username, "roles": chosen})
    return user, password


def _staff(user_id: int):
    user = User.objects.select_for_update().filter(pk=user_id).first()
    if user is None:
        raise ServiceError(_("That account does not exist."))
    return user


@transaction.atomic
def staff_set_roles(*, actor, user_id: int, roles) -> object:
    _director_check(actor)
    user = _staff(user_id)
    chosen = _roles(roles)
    if DIRECTOR not in chosen and not user.is_superuser and _active_directors_besides(user) == 0:
        raise ServiceError(_("The site needs an active director: keep this one."), field="roles")
    before = sorted(user.groups.values_list("name", flat=True))
    user.groups.set(Group.objects.filter(name__in=chosen))
    user._floorman_roles = None
    record(tournament=None, actor=actor, kind="staff_roles_changed",
           payload={"username": user.username, "before": before, "after": chosen})
    return user


@transaction.atomic
def staff_set_active(*, actor, user_id: int, active: bool) -> object:
    """Disable (or enable again) an account; a disabled one is logged out everywhere."""
    _director_check(actor)
    user = _staff(user_id)
    if not active:
        if user.pk == actor.pk:
            raise ServiceError(_("You cannot disable your own account."))
        if _active_directors_besides(user) == 0:
            raise ServiceError(_("The site needs an active director: keep this one."))
    if user.is_active == active:
        return user
    user.is_active = active
    # A disabled account's sessions stop working at once (the auth backend refuses them).
    user.save(update_fields=["is_active"])
    record(tournament=None, actor=actor, kind="staff_enabled" if active else "staff_disabled",
           payload={"username": user.username})
    return user


@transaction.atomic
def staff_reset_password(*, actor, user_id: int) -> tuple[object, str]:
    """A new password for a staff member (shown once to the director); their sessions end."""
    _director_check(actor)
    user = _staff(user_id)
    password = new_password()
    # A new password ends the account's other sessions (their hash no longer matches).
    user.set_password(password)
    user.save(update_fields=["password"])
    LoginFailure.objects.filter(key=_keys(user.username, "")[0]).delete()  # unlocked
    record(tournament=None, actor=actor, kind="staff_password_reset",
           payload={"username": user.username})
    return user, password


def password_changed(*, actor) -> None:
    record(tournament=None, actor=actor, kind="password_changed",
           payload={"username": actor.username})
