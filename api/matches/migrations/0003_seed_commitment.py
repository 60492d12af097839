"""Each match commits to its seed: a per-match salt and SHA-256("cliffside-seed-v1:<seed>:<salt>").

Matches that exist before this migration get theirs here, each its own salt: they were committed at the
upgrade, not at their creation (docs/frontend.md, "Provably fair shuffles").
"""

import hashlib
import secrets

from django.db import migrations, models

import api.matches.commitment

BATCH = 500


def _commit(seed, salt):
    # The v1 format, frozen here: a migration must not change meaning when the module does.
    return hashlib.sha256(f"cliffside-seed-v1:{seed}:{salt}".encode()).hexdigest()


def backfill(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    pending = Match.objects.filter(seed_commitment="").only("id", "seed")
    batch = []
    for match in pending.iterator(chunk_size=BATCH):
        match.seed_salt = secrets.token_hex(16)
        match.seed_commitment = _commit(match.seed, match.seed_salt)
        batch.append(match)
        if len(batch) >= BATCH:
            Match.objects.bulk_update(batch, ["seed_salt", "seed_commitment"])
            batch = []
    Match.objects.bulk_update(batch, ["seed_salt", "seed_commitment"])


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0002_match_end_reason"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="seed_salt",
            field=models.CharField(default=api.matches.commitment.new_salt, max_length=64),
        ),
        migrations.AddField(
            model_name="match",
            name="seed_commitment",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
