"""The OpenAPI 3.1 description of /api/v1/, served at /api/v1/openapi.json."""

from __future__ import annotations

from typing import Any


def _obj(properties: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    return schema


INT = {"type": "integer"}
NUM = {"type": "number"}
STR = {"type": "string"}
BOOL = {"type": "boolean"}
NULLABLE_INT = {"type": ["integer", "null"]}
NULLABLE_NUM = {"type": ["number", "null"]}
NULLABLE_STR = {"type": ["string", "null"]}


def _array(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": items}


LEVEL = _obj({
    "index": INT, "number": NULLABLE_INT, "is_break": BOOL, "small_blind": INT,
    "big_blind": INT, "ante": INT, "ante_type": {"enum": ["none", "bba", "classic"]},
    "duration": {**INT, "description": "seconds"},
    "starts_at_elapsed": {**INT, "description": "structure seconds at which the level starts"},
    "color_up": _array(INT),
})
SUMMARY = _obj({"id": INT, "name": STR, "status": {"enum": ["planned", "running", "finished"]},
                "game": STR, "created_at": STR, "finished_at": NULLABLE_STR,
                "links": {"type": "object", "additionalProperties": STR}})

SCHEMAS: dict[str, dict[str, Any]] = {
    "TournamentList": _obj({"tournaments": _array({"$ref": "#/components/schemas/Summary"})}),
    "Summary": SUMMARY,
    "Tournament": {"allOf": [{"$ref": "#/components/schemas/Summary"}, _obj({
        "seats_per_table": INT, "final_table_size": INT, "starting_stack": INT,
        "buy_in": INT, "fee": INT, "bounty": INT, "progressive_knockout": BOOL,
        "guarantee": INT, "late_registration_ends_after_level": INT, "entries": INT,
        "players_left": INT, "unique_players": INT, "rebuys": INT, "addons": INT,
        "chips_in_play": INT, "average_stack": INT, "prize_pool": INT, "overlay": INT,
        "entry_cap": NULLABLE_INT, "line_call_minutes": INT})]},
    "Clock": _obj({
        "tournament": INT, "status": STR, "running": BOOL, "started": BOOL,
        "anchor_at": {**NULLABLE_NUM,
                      "description": "POSIX seconds when elapsed_at_anchor was true"},
        "elapsed_at_anchor": {**NUM, "description": "structure seconds played at anchor_at"},
        "version": INT, "late_registration_closes_at_elapsed": NULLABLE_INT,
        "entries": INT, "players_left": INT, "average_stack": INT, "prize_pool": INT,
        "levels": _array(LEVEL),
    }, ["running", "anchor_at", "elapsed_at_anchor", "levels"]),
    "Levels": _obj({"tournament": INT, "levels": _array(LEVEL)}),
    "Payouts": _obj({
        "tournament": INT, "prize_pool": INT, "overlay": INT, "places_paid": INT,
        "payouts": _array(_obj({"place": INT, "amount": INT})),
        "deal": {"oneOf": [{"type": "null"}, _obj({
            "method": {"enum": ["icm", "chip"]}, "money_left": INT, "keep": INT,
            "shares": _array(_obj({"entry": INT, "name": STR, "amount": INT}))})]},
    }),
    "Seating": _obj({
        "tournament": INT,
        "tables": _array(_obj({"number": INT, "capacity": INT, "button": NULLABLE_INT,
                               "seats": _array(_obj({"seat": INT, "entry": INT, "name": STR}))})),
        "waiting": _array(_obj({"entry": INT, "name": STR})),
    }),
    "Chips": _obj({"tournament": INT, "chips_in_play": INT, "counted": INT, "difference": INT,
                   "counts": _array(_obj({
                       "entry": INT, "name": STR, "chips": INT, "counted_at": STR,
                       "table": NULLABLE_INT, "seat": NULLABLE_INT}))}),
    "Results": _obj({"tournament": INT, "status": STR, "results": _array(_obj({
        "place": INT, "tied_from": NULLABLE_INT, "entry": INT, "name": STR, "country": STR,
        "prize": INT, "deal": BOOL, "knockouts": INT, "bounties": INT}))}),
    "Bounties": _obj({"tournament": INT, "progressive": BOOL, "bounties": _array(_obj({
        "entry": INT, "name": STR, "bounty": INT}))}),
    "Line": _obj({"tournament": INT, "entry_cap": NULLABLE_INT, "call_minutes": INT,
                  "called": _array(_obj({"spot": INT, "name": STR, "called_at": STR,
                                         "deadline": STR})),
                  "waiting": _array(_obj({"spot": INT, "position": INT, "name": STR,
                                          "joined_at": STR}))}),
    "Reservations": _obj({
        "tournament": INT, "open": {**BOOL, "description": "the public registration page"},
        "counts": _obj({"active": INT, "used": INT, "expired": INT, "cancelled": INT}),
        "reservations": _array(_obj({
            "name": STR, "language": STR,
            "status": {"enum": ["active", "used", "expired", "cancelled"]},
            "at_kiosk": BOOL, "made_at": STR, "expires_at": NULLABLE_STR,
            "entry": {**NULLABLE_INT, "description": "the entry number the desk registered"},
        }))}),
}

RESOURCES = [
    ("", "Tournament", "One tournament: settings and the field's figures."),
    ("clock/", "Clock", "The clock anchor: compute the level and time left locally."),
    ("levels/", "Levels", "The structure."),
    ("payouts/", "Payouts", "Prize pool, payout table and the deal in force."),
    ("seating/", "Seating", "Open tables with their seats, and the waiting list."),
    ("chips/", "Chips", "The last counted stacks of the players still in."),
    ("results/", "Results", "Finishing places with prizes, knockouts and bounties."),
    ("bounties/", "Bounties", "The biggest bounties still in play."),
    ("line/", "Line", "The alternate line: players not yet paid, called or waiting."),
    ("reservations/", "Reservations",
     "Reservations made before the day (no contact): state and the entry made of each."),
]

ID_PARAMETER = {"name": "tournament_id", "in": "path", "required": True, "schema": INT}
CONDITIONAL = {"name": "If-None-Match", "in": "header", "required": False, "schema": STR,
               "description": "The ETag of a copy you hold: 304 when it is still current."}


def _get(summary: str, schema_name: str | None, *, media: str = "application/json",
         with_id: bool = True) -> dict[str, Any]:
    content = ({media: {"schema": {"$ref": f"#/components/schemas/{schema_name}"}}}
               if schema_name else {media: {"schema": STR}})
    responses = {
        "200": {"description": "OK", "headers": {"ETag": {"schema": STR}}, "content": content},
        "304": {"description": "Not modified since the ETag sent in If-None-Match"},
    }
    if with_id:
        responses["404"] = {"description": "No such tournament"}
    return {"get": {"summary": summary, "parameters": [*([ID_PARAMETER] if with_id else []),
                                                        CONDITIONAL],
                    "responses": responses}}


def schema() -> dict[str, Any]:
    paths: dict[str, Any] = {
        "/api/v1/tournaments/": _get("Every tournament, newest first.", "TournamentList",
                                     with_id=False),
        "/api/v1/tournaments/{tournament_id}/results.csv": _get(
            "Results for public results databases: place, name, country, prize.", None,
            media="text/csv"),
    }
    for suffix, name, summary in RESOURCES:
        paths[f"/api/v1/tournaments/{{tournament_id}}/{suffix}"] = _get(summary, name)
    return {
        "openapi": "3.1.0",
        "info": {"title": "Floorman data API", "version": "1",
                 "description": "Read-only. Every response carries an ETag; send it back in "
                                "If-None-Match to get 304 while nothing changed. Any origin "
                                "may read (CORS), without credentials."},
        "paths": paths,
        "components": {"schemas": SCHEMAS},
    }
