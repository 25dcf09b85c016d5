from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


def _forget_language(**kwargs: object) -> None:
    from django.utils import translation

    translation.deactivate()


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from django.core.signals import request_finished
        from django.utils.translation import gettext

        from tournament.rulebook import errors

        # The rulebook calculators are pure (no Django import) and translate
        # through a replaceable function; hand them gettext so their errors
        # and explanations come out in the reader's language.
        errors.set_translator(gettext)
        # LocaleMiddleware activates the reader's language for the thread and
        # never resets it: drop it once the response is done, so that whatever
        # runs next on this thread (rulebook calls outside a request, tests)
        # starts from LANGUAGE_CODE instead of the last reader's language.
        request_finished.connect(_forget_language, dispatch_uid="tournament.forget_language")
        # Reactions wired here rather than imported by the modules they follow,
        # which those modules' own writers import (no import cycle): webhooks
        # follow every audit event; a day set to end at a level's end stops as
        # the clock records the next level.
        from tournament.rulings import registry
        from tournament.services import audit, clock, days, line, rulings, webhooks

        audit.after_record(webhooks.webhooks_on_commit)
        # The alternate line follows every change that may open a place for it.
        audit.after_record(line.line_follows)
        clock.at_level_start(days.day_end_at_boundary)
        # The rulings log checks a calculator's slug against the web half's registry.
        rulings.calculators_known_by(registry.calculator_known)
