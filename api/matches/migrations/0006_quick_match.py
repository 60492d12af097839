# Quick-match tables (api/matches/quick.py): a new table, nothing existing changes.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("matches", "0005_stand_ins"),
    ]

    operations = [
        migrations.CreateModel(
            name="QuickTable",
            fields=[
                (
                    "match",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="quick",
                        serialize=False,
                        to="matches.match",
                    ),
                ),
                ("pairing", models.CharField(max_length=96)),
                ("seats", models.SmallIntegerField()),
                ("rating", models.FloatField()),
                ("opened_at_ms", models.BigIntegerField()),
                ("fill_at_ms", models.BigIntegerField()),
            ],
            options={
                "indexes": [models.Index(fields=["pairing", "fill_at_ms"], name="quick_table_queue")],
            },
        ),
    ]
