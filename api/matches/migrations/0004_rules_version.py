"""Each match records the rules version of its game (GameSpec.rules_version).

The matches stored before this migration get version 1, the version every game starts at with it:
their logs fold with the engine of that version (the golden logs under tests/golden are such matches).
The backfill is a constant on purpose, not the registry's current version, which a later rules change
would raise: a migration records what held when it ran.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0003_seed_commitment"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="rules_version",
            field=models.PositiveIntegerField(default=1),
        ),
    ]
