"""Tokens get a sliding lifetime: ``token_used_at`` starts every existing token's idle clock at the
migration, so a token issued before it keeps working until it goes TOKEN_IDLE_DAYS unused."""

from django.db import migrations, models
from django.utils import timezone


def start_idle_clocks(apps, schema_editor):
    """Every existing token counts as used now: none expires because of the upgrade itself."""
    apps.get_model("players", "Player").objects.update(token_used_at=timezone.now())


class Migration(migrations.Migration):
    dependencies = [("players", "0001_initial")]

    operations = [
        migrations.AddField("player", "token_used_at", models.DateTimeField(null=True)),
        migrations.RunPython(start_idle_clocks, migrations.RunPython.noop),
        migrations.AlterField("player", "token_used_at", models.DateTimeField(default=timezone.now)),
        migrations.AddField("player", "tokens_revoked_at", models.DateTimeField(blank=True, null=True)),
        migrations.AlterModelOptions(
            name="player",
            options={
                "ordering": ("id",),
                "permissions": (("revoke_tokens", "Can revoke players' tokens (and issue new ones)"),),
            },
        ),
    ]
