"""English and Simplified Chinese: the pages follow the browser or the language switch,
and the Chinese catalogue is complete, compiled and keeps every placeholder."""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

LC_MESSAGES = Path(settings.BASE_DIR) / "tournament" / "locale" / "zh_Hans" / "LC_MESSAGES"
PO_FILE = LC_MESSAGES / "django.po"
MO_FILE = LC_MESSAGES / "django.mo"

# What the clock screens say, in each language.
ENGLISH = ("Players", "Prize pool", 'data-l-level="Level"')
CHINESE = ("选手", "奖池", 'data-l-level="级别"')


def assert_chinese(html: str) -> None:
    for word in CHINESE:
        assert word in html, f"{word!r} missing from the Chinese page"
    for word in ENGLISH:
        assert word not in html, f"{word!r} left in English on the Chinese page"


def assert_english(html: str) -> None:
    for word in ENGLISH:
        assert word in html, f"{word!r} missing from the English page"
    for word in CHINESE:
        assert word not in html, f"{word!r} on the English page"


@pytest.mark.django_db
@pytest.mark.parametrize("view", ["clock_tv", "clock_phone"])
def test_clock_screens_follow_the_browser_language(tournament, view):
    url = reverse(view, args=[tournament.pk])

    chinese = Client().get(url, HTTP_ACCEPT_LANGUAGE="zh-Hans")
    english = Client().get(url, HTTP_ACCEPT_LANGUAGE="en")

    assert chinese.status_code == 200
    assert chinese["Content-Language"] == "zh-hans"
    assert '<html lang="zh-hans"' in chinese.text
    assert_chinese(chinese.text)
    assert english.status_code == 200
    assert_english(english.text)


@pytest.mark.django_db
def test_the_clock_state_partial_follows_the_browser_language(tournament):
    url = reverse("clock_state", args=[tournament.pk])

    chinese = Client().get(url, HTTP_ACCEPT_LANGUAGE="zh-Hans")
    english = Client().get(url, HTTP_ACCEPT_LANGUAGE="en")

    # The partial is cached per change and language: each gets its own words.
    assert "奖池" in chinese.text and "Prize pool" not in chinese.text
    assert "Prize pool" in english.text and "奖池" not in english.text


@pytest.mark.django_db
def test_switching_to_chinese_and_back(tournament):
    client = Client()
    tv = reverse("clock_tv", args=[tournament.pk])
    assert_english(client.get(tv, HTTP_ACCEPT_LANGUAGE="en").text)

    response = client.post("/i18n/setlang/", {"language": "zh-hans", "next": tv})

    assert response.status_code == 302
    assert response["Location"] == tv
    # The choice wins over the browser's English from now on, on every screen.
    assert_chinese(client.get(tv, HTTP_ACCEPT_LANGUAGE="en").text)
    assert_chinese(client.get(reverse("clock_phone", args=[tournament.pk])).text)

    client.post("/i18n/setlang/", {"language": "en", "next": tv})
    assert_english(client.get(tv, HTTP_ACCEPT_LANGUAGE="zh-Hans").text)


@pytest.mark.django_db
def test_staff_pages_switch_too(tournament, director):
    client = Client()
    client.force_login(director)
    client.post("/i18n/setlang/", {"language": "zh-hans"})

    html = client.get(reverse("tournament_console", args=[tournament.pk])).text

    assert "开始计时" in html  # Start clock
    assert "Start clock" not in html


# --- The catalogue ---------------------------------------------------------------------


def _unquote(line: str) -> str:
    return ast.literal_eval(line)


def parse_po(path: Path) -> list[dict]:
    """Entries of a .po file: flags, msgid, msgid_plural and msgstr per index."""
    entries: list[dict] = []
    entry: dict = {}
    key: tuple | None = None

    def flush() -> None:
        nonlocal entry, key
        if "msgid" in entry:
            entries.append(entry)
        entry, key = {}, None

    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            flush()
        elif line.startswith("#~"):
            continue
        elif line.startswith("#,"):
            if "msgid" in entry:
                flush()
            entry.setdefault("flags", set()).update(
                flag.strip() for flag in line[2:].split(",") if flag.strip()
            )
        elif line.startswith("#"):
            if "msgid" in entry:
                flush()
            entry.setdefault("line", number)
        elif match := re.match(r"(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])? (\".*\")$", line):
            if match.group(1) in ("msgid", "msgctxt") and "msgid" in entry:
                flush()
            entry.setdefault("line", number)
            entry.setdefault("flags", set())
            if match.group(1) == "msgstr":
                key = ("msgstr", int(match.group(2) or 0))
                entry.setdefault("msgstr", {})[key[1]] = _unquote(match.group(3))
            else:
                key = (match.group(1),)
                entry[key[0]] = _unquote(match.group(3))
        elif line.startswith('"') and key:
            if key[0] == "msgstr":
                entry["msgstr"][key[1]] += _unquote(line)
            else:
                entry[key[0]] += _unquote(line)
        else:
            raise AssertionError(f"{path.name}:{number}: can't read {line!r}")
    flush()
    return entries


CATALOGUE = parse_po(PO_FILE)
HEADER = next(e for e in CATALOGUE if e["msgid"] == "")
MESSAGES = [e for e in CATALOGUE if e["msgid"] != ""]


# Names that stay as they are: a language's own name, a rulebook's title.
SAME_IN_BOTH = {"English", "Poker TDA 2024"}


def placeholders(text: str) -> list[str]:
    """%(name)s, %s and %d, and {name} fields, sorted; a lone % as in "15% of" is text."""
    named = re.findall(r"%\((\w+)\)[sdif]", text)
    positional = re.findall(r"%[sdif]", re.sub(r"%%|%\(\w+\)[sdif]", "", text))
    braces = re.findall(r"(?<!\{)\{(\w*)\}(?!\})", text)
    return sorted([f"%({n})" for n in named] + positional + [f"{{{n}}}" for n in braces])


def entry_id(entry: dict) -> str:
    return f"line {entry['line']}: {entry['msgid'][:50]}"


def test_the_catalogue_is_for_simplified_chinese():
    header = HEADER["msgstr"][0]
    assert "Plural-Forms: nplurals=1; plural=0;" in header
    assert "charset=UTF-8" in header
    assert "Language: zh_Hans" in header
    assert "fuzzy" not in HEADER["flags"]
    assert len(MESSAGES) > 500


@pytest.mark.parametrize("entry", MESSAGES, ids=entry_id)
def test_every_entry_is_translated_with_its_placeholders(entry):
    assert "fuzzy" not in entry["flags"], "fuzzy translations are not used"
    assert set(entry["msgstr"]) == {0}, "Chinese has one plural form: msgstr[0] only"
    translation = entry["msgstr"][0]
    assert translation.strip(), "not translated"
    if translation == entry["msgid"]:
        assert entry["msgid"] in SAME_IN_BOTH, "left in English"
    sources = [entry["msgid"]] + ([entry["msgid_plural"]] if "msgid_plural" in entry else [])
    for source in sources:
        assert placeholders(translation) == placeholders(source)
    if "<" in entry["msgid"]:
        assert re.findall(r"</?\w+", translation) == re.findall(r"</?\w+", entry["msgid"])


def test_the_compiled_catalogue_matches_the_po_file():
    with MO_FILE.open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    stale = []
    for entry in MESSAGES:
        if "msgid_plural" in entry:
            got = compiled.ngettext(entry["msgid"], entry["msgid_plural"], 1)
        else:
            got = (compiled.pgettext(entry["msgctxt"], entry["msgid"]) if entry.get("msgctxt")
                   else compiled.gettext(entry["msgid"]))
        if got != entry["msgstr"][0]:
            stale.append(entry["msgid"])
    assert not stale, f"django.mo is out of date; run compilemessages ({len(stale)}: {stale[:5]})"
