"""Day 1 places become event places.

Before, a bust in a Day 1 flight finished in the flight's own count, a place
that meant nothing over the event (and won nothing). Now a Day 1 bust has a
place only from the event's money on: the old flight places are cleared.
"""

from django.db import migrations


def clear_flight_places(apps, schema_editor):
    Entry = apps.get_model("tournament", "Entry")
    Event = apps.get_model("tournament", "Event")
    day2s = Event.objects.exclude(day2=None).values_list("day2_id", flat=True)
    (Entry.objects.filter(tournament__event__isnull=False, finish_place__isnull=False)
     .exclude(tournament_id__in=list(day2s))
     .update(finish_place=None, tied_place=None))


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0012_level_amounts_64bit"),
    ]

    operations = [
        migrations.RunPython(clear_flight_places, migrations.RunPython.noop),
    ]
