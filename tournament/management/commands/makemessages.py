"""makemessages that also collects N_("...") marks: messages of the pure domain modules.

The domain stays free of Django, so it marks its user-facing messages with an
identity function N_; the services translate them when they show them.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
