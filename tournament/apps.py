from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from django.utils.translation import gettext

        from tournament.rulebook import errors

        # The rulebook calculators are pure (no Django import) and translate
        # through a replaceable function; hand them gettext so their errors
        # and explanations come out in the reader's language.
        errors.set_translator(gettext)
