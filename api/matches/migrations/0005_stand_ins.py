"""Issue 24: the seats a bot plays while their player is away. Existing matches get ``{}``: nobody
stood in for anyone, so their ratings and logs read as before."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0004_rules_version"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="stand_ins",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
