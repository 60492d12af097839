import django.db.models.deletion
from django.db import migrations, models

# The index Django made for the foreign key (its name is a hash of table and column, the same on every
# database). Dropped by name rather than by AlterField, which would also drop and re-add the foreign
# key: a scan of every event under lock, for nothing.
INDEX = "matches_matchevent_match_id_87d4c5de"


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0006_quick_match"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="matchevent",
                    name="match",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="events",
                        to="matches.match",
                    ),
                ),
            ],
            database_operations=[
                migrations.RunSQL(
                    f"DROP INDEX IF EXISTS {INDEX}",
                    reverse_sql=f"CREATE INDEX IF NOT EXISTS {INDEX} ON matches_matchevent (match_id)",
                ),
            ],
        ),
    ]
