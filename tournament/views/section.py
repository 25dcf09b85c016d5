"""The floor section: the range of tables one floor person works, remembered on the device.

One parser for the floor console (``tables/views/floor.py``), the dealers' board
and the chip counts (``tournament/views/festival.py``): ``?first=&last=`` when
asked for, else the ``floorman_floor_section`` cookie ("first-last", either side
may be empty). Anything that is not a table number reads as no bound.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

SECTION_COOKIE = "floorman_floor_section"
MAX_TABLE_NUMBER = 100_000
REMEMBERED_FOR = 30 * 24 * 3600  # seconds


def _table_number(value: str | None) -> int | None:
    """A table number (0 to ``MAX_TABLE_NUMBER``), else None; long input is cut, not parsed."""
    value = (value or "")[:12]
    try:
        number = int(value) if value else None
    except ValueError:
        return None
    return number if number is not None and 0 <= number <= MAX_TABLE_NUMBER else None


def _asked(request: HttpRequest) -> bool:
    return "first" in request.GET or "last" in request.GET


def floor_section(request: HttpRequest) -> tuple[int | None, int | None]:
    """The tables this floor person works (first, last), asked for or remembered on the device."""
    if _asked(request):
        first, last = request.GET.get("first"), request.GET.get("last")
    else:
        first, _sep, last = request.COOKIES.get(SECTION_COOKIE, "").partition("-")
    return _table_number(first), _table_number(last)


def remember_floor_section(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """On a GET that asked for a section, the device keeps it for the next visit."""
    if request.method == "GET" and _asked(request):
        first, last = floor_section(request)
        response.set_cookie(SECTION_COOKIE, f"{'' if first is None else first}-"
                            f"{'' if last is None else last}", max_age=REMEMBERED_FOR,
                            samesite="Lax")
    return response
