"""``manage.py`` commands: bootstrap, database backup, an event's export and import, makemessages."""
