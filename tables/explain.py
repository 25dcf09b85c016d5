"""Why a player moves, in a few words with the rule: what every screen and the move email say.

Players trust what they can check: each reason names the rule it applies
(house rulebook numbers, DESIGN §5). `Move.why`, the floor, the TV's move list
(from the snapshot's plain dicts, made by ``move_facts``), the seat page and the
move email all read ``explain_move``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

# The rule each kind of move applies when the move row names none.
DEFAULT_RULES = {"break": "house:9-B", "balance": "house:9-C", "final": "house:10"}


def rule_label(rule: str) -> str:
    """A rule stored as "<edition>:<number>", translated: "house rule 9-C", "TDA 2024 rule 11"."""
    edition, _sep, number = rule.partition(":")
    if not number:
        return ""
    if edition == "tda2024":
        return str(_("TDA 2024 rule %(number)s") % {"number": number})
    return str(_("house rule %(number)s") % {"number": number})


def move_why(reason: str, *, from_table: int | None = None, random_pick: bool = False,
             rule: str | None = None, no_accessible_seat: bool = False,
             before_first_hand: bool = False, wait_for_button: bool = False) -> str:
    """The reason of a move (``Move.Reason``) as players read it, with its rule: the one
    explanation of a move, which the floor, the TV, the seat page, the move email and
    the log all print (``explain_move`` reads its facts from a move or a snapshot row).

    ``rule``: the rule of the rulebook edition in force when the move was made
    ("tda2024:11"); None falls back to the house rule of the reason.
    ``wait_for_button``: the new seat lies between the small blind and the button
    (house rules 7 and 9 / TDA 2024 8 and 10): dealt in once the button has passed.

    ``before_first_hand``: the balance at the clock's start, when no hand has
    been dealt and no table has a button; house rule 9-C then leaves the mover
    to a random draw, which is what the move says (not "the button was not known").

    ``no_accessible_seat``: the player needs an accessible seat and none was open
    (house rule 8 / TDA 2024 9), said after the reason.
    """
    if reason == "break":
        text = _("Table %(table)s breaks in the posted order") % {"table": from_table}
    elif reason == "balance" and random_pick and before_first_hand:
        text = _("Balancing before the first hand: no button yet, the mover was drawn at random")
    elif reason == "balance" and random_pick:
        text = _("Balancing: picked at random, the button was not known")
    elif reason == "balance":
        text = _("Balancing: due the big blind next")
    elif reason == "final":
        text = _("Final-table redraw")
    else:
        text = _("Moved by the floor")
    label = rule_label(DEFAULT_RULES.get(reason, "") if rule is None else rule)
    why = f"{text} ({label})" if label else str(text)
    if wait_for_button:
        why += " · " + _("dealt in once the button has passed")
    if no_accessible_seat:
        why += " · " + _("no accessible seat was open")
    return why


def move_facts(*, reason: str, from_table: int, broken_table: int | None, random_pick: bool,
               rule: str, no_accessible_seat: bool, before_first_hand: bool,
               wait_for_button: bool) -> dict:
    """A move's facts as plain values (the TV's snapshot is JSON): what ``explain_move``
    needs to say why, exactly as it says it for the move itself."""
    return {"reason": reason, "from_table": from_table, "broken_table": broken_table,
            "random": random_pick, "rule": rule, "no_accessible_seat": no_accessible_seat,
            "before_first_hand": before_first_hand, "wait_for_button": wait_for_button}


def explain_move(move) -> str:
    """Why a player moves: a ``Move`` (its ``from_table`` selected) or a snapshot row
    made by ``move_facts``; the same words either way."""
    if isinstance(move, dict):
        from_table = move.get("broken_table") or move.get("from_table") or (
            move["from"][0] if move.get("from") else None)
        return move_why(move.get("reason", ""), from_table=from_table,
                        random_pick=move.get("random", False), rule=move.get("rule") or None,
                        no_accessible_seat=move.get("no_accessible_seat", False),
                        before_first_hand=move.get("before_first_hand", False),
                        wait_for_button=move.get("wait_for_button", False))
    return move_why(move.reason, from_table=move.broken_table or move.from_table.number,
                    random_pick=move.random_pick, rule=move.rule or None,
                    no_accessible_seat=move.no_accessible_seat,
                    before_first_hand=move.before_first_hand,
                    wait_for_button=move.wait_for_button)


def no_accessible_seat_action() -> str:
    """What the floor does for a mover who needs an accessible seat and got none."""
    return str(_("Move them to an accessible seat when one frees (house rule 8)."))


def no_accessible_seat_notice(names: list[str]) -> str:
    """The floor's notice after a break or final redraw that found no accessible seat."""
    return str(_("No accessible seat was open for %(names)s: move them to one when it frees "
                 "(house rule 8).") % {"names": ", ".join(names)})
