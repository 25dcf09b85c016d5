from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = _("Tables")

    def ready(self) -> None:
        # The tournament calls the floor through its port and never imports
        # this app (tournament/services/floor_port.py): connect the floor's side.
        from tables import port
        from tournament.services import floor_port

        floor_port.connect(port)
