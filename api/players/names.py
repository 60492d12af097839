"""What a player's name may be: visible text that reads the same in every frontend.

Names are shown to other players, so a name must not hide itself (zero-width characters only), turn
the text around it backwards (bidi overrides), or smuggle control characters (NUL, which PostgreSQL
refuses outright; newlines; escapes). Names are NFC-normalised so that visually equal names compare
equal, and runs of white space become one space.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 64
# Control, format (zero-width, bidi controls), surrogate, private-use and unassigned code points.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def clean_name(raw: object) -> str | None:
    """The name as stored, or None when ``raw`` is not an acceptable name."""
    if not isinstance(raw, str):
        return None
    text = unicodedata.normalize("NFC", raw)
    if any(unicodedata.category(char) in REFUSED_CATEGORIES for char in text if not char.isspace()):
        return None
    if any(char.isspace() and unicodedata.category(char) == "Cc" and char not in " \t" for char in text):
        return None  # newlines, carriage returns and other line controls
    name = " ".join(text.split())
    if not 1 <= len(name) <= MAX_NAME:
        return None
    if not any(unicodedata.category(char)[0] in "LNS" for char in name):
        return None  # punctuation and marks only: nothing anyone can read as a name
    return name
