"""A deliberately leaky build of the server, to prove the leak oracle fails when something leaks.

Not part of the service: tests/reliability/test_leak_oracle.py starts a server process with this folder on
PYTHONPATH, so Python runs this module before anything else, and CLIFFSIDE_PLANTED_LEAK says what to break:

- ``view``: every seat's view is drawn as if it saw everything (others' hands, the deck);
- ``events``: events reach every viewer unredacted (sealed choices, cards dealt to others).
"""

import os

PLANT = os.environ.get("CLIFFSIDE_PLANTED_LEAK", "")

if PLANT == "view":
    from games.core import engine
    from games.core.visibility import OMNISCIENT

    _view = engine.view

    def _omniscient_view(game, viewer):  # type: ignore[no-untyped-def]
        return _view(game, OMNISCIENT)

    engine.view = _omniscient_view
elif PLANT == "events":
    from games.core import visibility

    # Before api.matches.selectors imports it by name: this module runs before any of the service's.
    visibility.redact = lambda event, viewer: event
elif PLANT:
    raise SystemExit(f"unknown CLIFFSIDE_PLANTED_LEAK {PLANT!r}")
