"""The rulings log: a floor decision, written with its audit event in one transaction."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import timedelta

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.models import AuditEvent, RulebookSearch, Ruling, TaughtPhrase
from tournament.rulebook.catalog import rule_by_number
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, acting_user, lock_tournament, now

PENALTY_MAX = Ruling._meta.get_field("penalty").max_length
SEATS_MAX = Ruling._meta.get_field("seats").max_length
MAX_QUERY = Ruling._meta.get_field("calculator_query").max_length
MAX_ANSWER = Ruling._meta.get_field("calculator_result").max_length
# A ruling is read on a phone at the table: room for a full account, not for a file
# (the log's form holds to the same bounds).
FACTS_MAX = 4000
DECISION_MAX = 2000


def _no_calculator(slug: str) -> bool:
    return False


# Whether a calculator's slug is known. The calculators' registry is the web half's
# (``tournament.rulings.registry``, above the services): it tells this module at start-up
# (``TournamentConfig.ready()``), so nothing here imports up.
_calculator_known: Callable[[str], bool] = _no_calculator


def calculators_known_by(check: Callable[[str], bool]) -> None:
    """Set the check of a calculator's slug (``TournamentConfig.ready()``)."""
    global _calculator_known
    _calculator_known = check


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
    actor: Actor,
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
    if calculator and not _calculator_known(calculator):
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
        kind=AuditEvent.Kind.RULING_LOG,
        payload=payload,
        at=at,
    )
    return ruling


# --- Learning from use: searches, the rule chosen, phrases a director teaches (issue 25) ---

SEARCH_MAX = RulebookSearch._meta.get_field("query").max_length
PHRASE_MAX = TaughtPhrase._meta.get_field("phrase").max_length
# Keystrokes of one search closer than this in time stay one logged search.
SEARCH_COALESCE = timedelta(minutes=2)


def search_note(*, actor: Actor, query: str, lang: str, top_rule: str = "") -> RulebookSearch | None:
    """Log a staff member's rulebook search; returns the row, or None when not logged.

    Search as you type sends a request every few keystrokes: a query that
    extends or trims the actor's last open search (no rule chosen, typed in the
    last two minutes) updates that row instead of adding one. Nothing is logged
    for an anonymous reader or an empty query. Not audited: this is itself a
    log of reading, and it changes nothing the search or the floor relies on.
    """
    user = acting_user(actor)
    # Control characters (a NUL, say) are no part of a search and PostgreSQL refuses a NUL.
    query = " ".join("".join(c for c in query if c.isprintable() or c.isspace()).split())
    query = query[:SEARCH_MAX]
    if user is None or not query:
        return None
    at = now()
    last = (RulebookSearch.objects.filter(staff=user, chosen_rule="",
                                          updated_at__gte=at - SEARCH_COALESCE)
            .order_by("-updated_at", "-id").first())
    if last is not None and (query.startswith(last.query) or last.query.startswith(query)):
        last.query, last.lang, last.top_rule, last.updated_at = query, lang[:10], top_rule, at
        last.save(update_fields=["query", "lang", "top_rule", "updated_at"])
        return last
    return RulebookSearch.objects.create(query=query, lang=lang[:10], staff=user, created_at=at,
                                         updated_at=at, top_rule=top_rule)


def search_choice(*, actor: Actor, search_id: int, rule: str) -> bool:
    """Note that the actor opened ``rule`` from the results of their search ``search_id``.

    Only the actor's own search is marked; returns whether one was.
    """
    user = acting_user(actor)
    found = rule_by_number(rule)
    if user is None or found is None:
        return False
    return bool(RulebookSearch.objects.filter(pk=search_id, staff=user)
                .update(chosen_rule=found.number))


@transaction.atomic
def phrase_teach(*, actor: Actor, phrase: str, rule: str) -> TaughtPhrase:
    """Attach a phrase to a rule: the rulebook search then finds that rule for it (Director).

    Teaching a phrase already taught moves it to the new rule. Audited.
    """
    phrase = " ".join(phrase.split())
    if len(phrase) < 2:
        raise ServiceError(_("Write a phrase of at least two characters."), field="phrase")
    if len(phrase) > PHRASE_MAX:
        raise ServiceError(_("At most %(count)s characters here.") % {"count": PHRASE_MAX},
                           field="phrase")
    if not phrase.isprintable():
        raise ServiceError(_("Control characters are not allowed."), field="phrase")
    if not rule.strip():
        raise ServiceError(_("Name the rule this phrase should find."), field="rule")
    try:
        (number,) = cited_rules([rule.strip()])
    except ServiceError as error:
        raise ServiceError(error.message, field="rule") from error
    taught, created = TaughtPhrase.objects.select_for_update().get_or_create(
        phrase=phrase, defaults={"rule": number, "taught_by": acting_user(actor), "created_at": now()}
    )
    before = None if created else taught.rule
    if not created:
        taught.rule, taught.taught_by, taught.created_at = number, acting_user(actor), now()
        taught.save(update_fields=["rule", "taught_by", "created_at"])
    record(tournament=None, actor=actor, kind=AuditEvent.Kind.RULEBOOK_PHRASE_TAUGHT,
           payload={"phrase": phrase, "rule": number, "before": before})
    return taught


@transaction.atomic
def phrase_forget(*, actor: Actor, phrase_id: int) -> None:
    """Remove a taught phrase (Director). Audited."""
    taught = TaughtPhrase.objects.select_for_update().filter(pk=phrase_id).first()
    if taught is None:
        raise ServiceError(_("That phrase was already removed."))
    record(tournament=None, actor=actor, kind=AuditEvent.Kind.RULEBOOK_PHRASE_FORGOTTEN,
           payload={"phrase": taught.phrase, "rule": taught.rule})
    taught.delete()
