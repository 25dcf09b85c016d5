"""Browser fixtures: Playwright on the system Chromium against pytest-django's live_server."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

# A loaded CI machine answers slower than a laptop: an expectation without a timing
# claim of its own waits as long as an action does. Claims like "within 2 s" pass
# their own timeout and are not loosened by this.
expect.set_options(timeout=10_000)

# Playwright's sync API keeps an event loop running in the test thread; the ORM
# calls the tests make around it are still plain synchronous ones.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}


def pytest_collection_modifyitems(items):
    # A browser test taps and waits like a person; on a loaded 2-core machine a tap
    # can land on a list htmx is redrawing and be lost (seen once per full run, each
    # time another test, each passing alone). One rerun, reported as such ("rerun"
    # in the summary): a real fault fails twice.
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.flaky(reruns=1))


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: the browser tests need the system Chromium "
                    "(run `make test-deps`, which installs the Debian package chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser):
    """Open pages, each in its own browser context (its own cookies); closed at teardown.

    A script or style the Content-Security-Policy blocks fails the test.
    """
    contexts = []
    blocked: list[str] = []

    def note_csp(message) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            blocked.append(message.text)

    def open_page(**context_options):
        context = browser.new_context(**context_options)
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.on("console", note_csp)
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert not blocked, f"the Content-Security-Policy blocked: {blocked}"


@pytest.fixture
def log_in(live_server):
    def log_in(page, username: str, password: str = "pw", next_path: str = "/") -> None:
        page.goto(f"{live_server.url}/accounts/login/?next={next_path}")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", password)
        page.click("form.stack button[type=submit]")
        page.wait_for_url(f"{live_server.url}{next_path}")

    return log_in


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
