"""Webhook deliveries carry their tournament (the event export follows it)."""

import django.db.models.deletion
from django.db import migrations, models


def fill_tournament(apps, schema_editor):
    WebhookDelivery = apps.get_model("tournament", "WebhookDelivery")
    for delivery in WebhookDelivery.objects.select_related("endpoint").iterator():
        delivery.tournament_id = delivery.endpoint.tournament_id
        delivery.save(update_fields=["tournament"])


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0008_tv_schedule_announcement_logo"),
    ]

    operations = [
        migrations.AddField(
            model_name="webhookdelivery",
            name="tournament",
            field=models.ForeignKey(
                null=True, on_delete=django.db.models.deletion.CASCADE,
                related_name="webhook_deliveries", to="tournament.tournament"),
        ),
        migrations.RunPython(fill_tournament, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="webhookdelivery",
            name="tournament",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="webhook_deliveries", to="tournament.tournament"),
        ),
    ]
