"""`manage.py export_schema_file`: write the live schema to schema.graphql (what `make schema` runs).

Not `export_schema`: strawberry_django already ships a command by that name.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser


def schema_text() -> str:
    """The schema in SDL (strawberry's printer: types in name order), ending in one newline."""
    from strawberry.printer import print_schema

    from api.graphql.schema import schema

    return print_schema(schema).rstrip("\n") + "\n"


def default_path() -> Path:
    return Path(settings.BASE_DIR) / "schema.graphql"


class Command(BaseCommand):
    help = "Write the GraphQL schema (SDL) to schema.graphql at the repository root."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--path", type=Path, default=None, help="Write here instead of schema.graphql.")
        parser.add_argument(
            "--check", action="store_true", help="Write nothing; exit 1 when the file is out of date."
        )

    def handle(self, *args: Any, path: Path | None = None, check: bool = False, **options: Any) -> None:
        target = path or default_path()
        text = schema_text()
        if check:
            current = target.read_text(encoding="utf-8") if target.exists() else ""
            if current != text:
                self.stderr.write(f"{target} is out of date: run `make schema`.")
                raise SystemExit(1)
            self.stdout.write(f"{target} is up to date.")
            return
        target.write_text(text, encoding="utf-8")
        self.stdout.write(f"Wrote {target}.")
