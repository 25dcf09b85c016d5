from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = _("Tables")

    def ready(self) -> None:
        # The tournament calls the floor through its port and never imports
        # this app (tournament/floor_port.py): connect the floor's side.
        from tables import port
        from tournament import floor_port

        floor_port.connect(port)
        # Tables change, the dealers' rotation follows (on commit of the floor's change).
        from tables.services.dealers import follow_on_commit
        from tournament.services.audit import after_record

        after_record(follow_on_commit)
