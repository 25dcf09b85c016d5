"""The production switch: `check --deploy` is clean, and what a browser receives is locked down."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]

PRODUCTION_ENV = {
    "FLOORMAN_PRODUCTION": "1",
    "SECRET_KEY": "a-production-key-that-is-long-and-random-enough-" + "x" * 30,
    "ALLOWED_HOSTS": "poker.example.com",
    "PUBLIC_URL": "https://poker.example.com",
    "EMAIL_HOST": "smtp.example.com",
    "BEHIND_TLS_PROXY": "1",
}


def manage(tmp_path, *args: str, **env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items()
            if k not in PRODUCTION_ENV
            # A test run's own switches (the browser tests allow async-unsafe
            # calls) would make `check --deploy` warn about them.
            and k not in {"DJANGO_SETTINGS_MODULE", "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, capture_output=True, text=True,
        env=base | {"DJANGO_SETTINGS_MODULE": "tournament.config.settings",
                    "FLOORMAN_DATA_DIR": str(tmp_path)} | env, timeout=120,
    )


def test_check_deploy_in_production_settings_has_no_error_and_no_warning(tmp_path):
    done = manage(tmp_path, "check", "--deploy", "--fail-level", "WARNING", **PRODUCTION_ENV)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues (0 silenced)." in done.stdout


@pytest.mark.parametrize(("change", "message"), [
    ({"ALLOWED_HOSTS": ""}, "needs ALLOWED_HOSTS"),
    ({"ALLOWED_HOSTS": "*"}, "needs ALLOWED_HOSTS"),
    ({"PUBLIC_URL": ""}, "needs PUBLIC_URL"),
    ({"PUBLIC_URL": "http://poker.example.com"}, "needs PUBLIC_URL"),
    ({"PUBLIC_URL": "https://poker.example.com/some/path"}, "PUBLIC_URL must be"),
    ({"EMAIL_HOST": ""}, "needs EMAIL_HOST"),
    ({"SECRET_KEY": ""}, "needs SECRET_KEY"),
    ({"SECRET_KEY": "abc"}, "needs a strong SECRET_KEY"),
    ({"SECRET_KEY": "ab" * 40}, "needs a strong SECRET_KEY"),
    ({"SECRET_KEY": "django-insecure-" + "k3Jx9-qPz_Lm2" * 5}, "needs a strong SECRET_KEY"),
])
def test_production_refuses_to_start_without_what_it_needs(tmp_path, change, message):
    env = PRODUCTION_ENV | change
    env = {k: v for k, v in env.items() if v}
    done = manage(tmp_path, "check", **env)
    assert done.returncode != 0
    assert message in done.stderr


def test_the_embedded_default_still_checks_clean(tmp_path):
    done = manage(tmp_path, "check")
    assert done.returncode == 0, done.stderr


def test_the_secret_key_file_and_data_folder_are_private(tmp_path):
    data = tmp_path / "data"
    done = manage(tmp_path, "check", FLOORMAN_DATA_DIR=str(data))
    assert done.returncode == 0, done.stderr
    assert (data / "secret_key").stat().st_mode & 0o777 == 0o600
    assert data.stat().st_mode & 0o777 == 0o700


# --- what a browser receives (in-process, with the production values applied) ---------------


@pytest.fixture
def production(settings):
    settings.ALLOWED_HOSTS = ["poker.example.com"]
    settings.PUBLIC_URL = "https://poker.example.com"
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 31536000
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SESSION_COOKIE_SECURE = True
    settings.CSRF_COOKIE_SECURE = True
    return {"HTTP_HOST": "poker.example.com", "HTTP_X_FORWARDED_PROTO": "https"}


def test_plain_http_is_redirected_and_https_gets_hsts(client, production, tournament):
    url = reverse("clock_phone", args=[tournament.pk])
    plain = client.get(url, HTTP_HOST="poker.example.com")
    assert plain.status_code == 301
    assert plain["Location"] == f"https://poker.example.com{url}"
    secure = client.get(url, **production)
    assert secure.status_code == 200
    assert secure["Strict-Transport-Security"].startswith("max-age=31536000")


def test_a_spoofed_host_is_refused(client, production, tournament):
    response = client.get(reverse("clock_phone", args=[tournament.pk]),
                          HTTP_HOST="evil.example.net", HTTP_X_FORWARDED_PROTO="https")
    assert response.status_code == 400


def test_pages_carry_a_csp_with_a_fresh_nonce_and_refuse_framing(client, production, director,
                                                                 tournament):
    client.force_login(director)
    nonces = []
    for _ in range(2):
        response = client.get(reverse("tournament_console", args=[tournament.pk]), **production)
        assert response.status_code == 200
        assert response["X-Frame-Options"] == "DENY"
        policy = response["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in policy
        (script_src,) = re.findall(r"script-src [^;]+", policy)
        assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in policy
        (nonce,) = re.findall(r"script-src 'self' 'nonce-([^']+)'", policy)
        # The page's nonce is the one on its script tags.
        assert f'nonce="{nonce}"' in response.content.decode()
        nonces.append(nonce)
    assert nonces[0] != nonces[1]


def test_the_tv_clock_may_be_framed_by_the_site_and_the_configured_hosts(
    client, production, settings, tournament
):
    settings.CLOCK_FRAME_ANCESTORS = ["https://signage.example.com"]
    response = client.get(reverse("clock_tv", args=[tournament.pk]), **production)
    assert response.status_code == 200
    assert "X-Frame-Options" not in response
    assert "frame-ancestors 'self' https://signage.example.com" in (
        response["Content-Security-Policy"])


def test_the_seat_card_qr_code_points_at_the_public_url_not_the_request_host(
    client, production, settings, director, tournament
):
    from tournament.services.registration import entry_register

    settings.ALLOWED_HOSTS = ["poker.example.com", "10.0.0.5"]
    entry = entry_register(actor=director, tournament_id=tournament.pk, player_name="Ann",
                           method="cash")
    client.force_login(director)
    response = client.get(reverse("seat_card", args=[tournament.pk, entry.number]),
                          HTTP_HOST="10.0.0.5", HTTP_X_FORWARDED_PROTO="https")
    assert response.status_code == 200
    # The card's QR is the player's own page, by its signed link (issue 23).
    from tournament.player_links import player_page_path

    page_path = player_page_path(tournament_id=tournament.pk, entry_id=entry.pk)
    assert response.context["url"] == f"https://poker.example.com{page_path}"
    assert "10.0.0.5" not in response.content.decode()


def test_the_readme_says_what_the_content_security_policy_allows(client, production, tournament):
    """The README quotes the policy's script and style sources as the site sends them."""
    from pathlib import Path

    from django.conf import settings as django_settings

    policy = client.get(reverse("clock_tv", args=[tournament.pk]), **production)[
        "Content-Security-Policy"]
    readme = " ".join((Path(django_settings.BASE_DIR) / "README.md").read_text().split())
    (style_src,) = re.findall(r"style-src [^;]+", policy)
    assert f"`{style_src}`" in readme
    (script_src,) = re.findall(r"script-src 'self' 'nonce-", policy)
    assert f"`{script_src}…'`" in readme
