"""The progress bar of the long management commands (rich)."""

from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

PROGRESS_COLUMNS = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
