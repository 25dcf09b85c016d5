"""The rulings log: a floor decision, written with its audit event in one transaction."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.models import Ruling
from tournament.rulebook.catalog import rule_by_number
from tournament.rulings.calculators import CALCULATORS, MAX_ANSWER, MAX_QUERY
from tournament.rulings.forms import DECISION_MAX, FACTS_MAX
from tournament.services.audit import record
from tournament.services.base import ServiceError, acting_user, lock_tournament, now

PENALTY_MAX = Ruling._meta.get_field("penalty").max_length
SEATS_MAX = Ruling._meta.get_field("seats").max_length


def cited_rules(numbers: Sequence[str]) -> list[str]:
    """Canonical numbers of the rules cited ("9c" → "9-C"), in order, without repeats.

    Raises ServiceError naming every number the house rulebook does not have.
    """
    canonical: list[str] = []
    unknown: list[str] = []
    for number in numbers:
        rule = rule_by_number(number)
        if rule is None:
            unknown.append(number)
        elif rule.number not in canonical:
            canonical.append(rule.number)
    if unknown:
        raise ServiceError(
            _("No such rule in the rulebook: %(numbers)s.") % {"numbers": ", ".join(unknown)},
            field="rules",
        )
    return canonical


@transaction.atomic
def ruling_log(
    *,
    actor,
    facts: str,
    decision: str,
    rules: Sequence[str] = (),
    table_number: int | None = None,
    seats: str = "",
    penalty: str = "",
    tournament_id: int | None = None,
    calculator: str = "",
    calculator_query: str = "",
    calculator_result: str = "",
) -> Ruling:
    """Log a floor ruling (DESIGN §3 ``Ruling``); the staff member is the actor.

    ``calculator``, ``calculator_query`` and ``calculator_result`` attach the
    rulebook calculator the floor used: its slug, the query that reproduces
    it and its answer (the view re-runs the calculator to get them).
    """
    facts, decision = facts.strip(), decision.strip()
    if not facts or not decision:
        raise ServiceError(_("A ruling needs the facts and the decision."))
    for text, limit, field in ((facts, FACTS_MAX, "facts"), (decision, DECISION_MAX, "decision"),
                               (penalty, PENALTY_MAX, "penalty"), (seats, SEATS_MAX, "seats")):
        if len(text) > limit:
            raise ServiceError(_("At most %(count)s characters here.") % {"count": limit},
                               field=field)
        if not all(c.isprintable() or c in "\n\r\t" for c in text):
            raise ServiceError(_("Control characters are not allowed."), field=field)
    if calculator and calculator not in CALCULATORS:
        raise ServiceError(_("No such calculator."), field="calculator")
    if len(calculator_query) > MAX_QUERY or len(calculator_result) > MAX_ANSWER:
        raise ServiceError(_("The calculator's inputs are too long to keep with a ruling."))
    numbers = cited_rules(rules)
    tournament = lock_tournament(tournament_id) if tournament_id is not None else None
    at = now()
    ruling = Ruling.objects.create(
        tournament=tournament,
        table_number=table_number,
        seats=seats.strip(),
        rules=numbers,
        facts=facts,
        decision=decision,
        penalty=penalty.strip(),
        staff=acting_user(actor),
        created_at=at,
        calculator=calculator,
        calculator_query=calculator_query if calculator else "",
        calculator_result=calculator_result if calculator else "",
    )
    payload = {
        "ruling": ruling.pk,
        "table": table_number,
        "seats": ruling.seats,
        "rules": numbers,
        "penalty": ruling.penalty,
    }
    if calculator:
        payload["calculator"] = calculator
    record(
        tournament=tournament,
        actor=actor,
        kind="ruling_log",
        payload=payload,
        at=at,
    )
    return ruling
