"""`manage.py verify_match ID`: whether the match's seed opens its commitment and whether the engine,
from that seed, gives exactly its logged events (api/matches/fairness.py). Exits 1 when it does not.

An operator's tool: it checks any match, finished or not, and prints its seed and salt.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from api.matches import fairness, selectors


class Command(BaseCommand):
    help = "Check a match's seed against its commitment and re-derive its log from the seed."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("match_id", help="The match's id.")

    def handle(self, *args: Any, **opts: Any) -> None:
        match = selectors.get_match(match_id=opts["match_id"])
        if match is None:
            raise CommandError(f"No match {opts['match_id']}.")
        result = fairness.verify(match)
        self.stdout.write(f"match {match.pk} ({match.game}, {match.status})")
        self.stdout.write(f"commitment {match.seed_commitment or '(none)'}")
        self.stdout.write(f"seed {match.seed}  salt {match.seed_salt}")
        self.stdout.write(f"commitment matches: {'yes' if result.commitment_matches else 'NO'}")
        reproduced = "all" if result.events_reproduced else "NOT all"
        self.stdout.write(f"events reproduced: {reproduced} of {result.events}")
        if result.problem is not None:
            raise CommandError(f"not verified: {result.problem}")
        self.stdout.write(self.style.SUCCESS("verified"))
