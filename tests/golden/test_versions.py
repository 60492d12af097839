"""A game's rules version changes whenever its behaviour does: the golden check fails on a change of
behaviour at the same version, and says to fix it or raise the version; it passes a refactor that
changes nothing (no hash of the source, which any refactor would trip); after a raise, the old logs
must still replay as they were, and the new version needs its own logs.

Each test plays a changed Racesmack (a spec with one function swapped) against its committed
five-seat log, the shortest one.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from games.core.chance import Chance
from games.core.spec import GameSpec
from games.registry import REGISTRY
from tests.golden.check import missing_logs, problems
from tests.golden.record import path_for

RACESMACK = REGISTRY["racesmack"]
LOG = json.loads(path_for("racesmack", 5, RACESMACK.rules_version).read_text())


def changed(**functions: Any) -> GameSpec[Any]:
    return dataclasses.replace(RACESMACK, **functions)


def reversed_moves(state: Any, seat: int) -> tuple[Any, ...]:
    return tuple(reversed(RACESMACK.legal_moves(state, seat)))


def labelled_view(state: Any, viewer: Any) -> Any:
    return dataclasses.replace(RACESMACK.player_view(state, viewer), deadline=None)


def dealt_otherwise(state: Any, command: Any, chance: Chance) -> Any:
    return RACESMACK.decide(state, command, Chance("another shuffle", 0))


def test_the_committed_log_passes_as_it_is():
    assert problems(RACESMACK, LOG, "racesmack-5") == []


def test_a_refactor_that_changes_no_behaviour_passes():
    same = changed(
        legal_moves=lambda state, seat: RACESMACK.legal_moves(state, seat),
        decide=lambda state, command, chance: RACESMACK.decide(state, command, chance),
    )
    assert problems(same, LOG, "racesmack-5") == []


def test_new_legal_moves_without_a_new_version_fail_and_say_to_raise_it():
    found = problems(changed(legal_moves=reversed_moves), LOG, "racesmack-5")
    assert found and all("legal moves" in problem or "playout" in problem for problem in found)
    assert "raise rules_version in games/racesmack/spec.py to 2" in found[0]


def test_a_new_way_to_deal_without_a_new_version_fails_through_the_playout():
    found = problems(changed(decide=dealt_otherwise), LOG, "racesmack-5")
    assert len(found) == 1 and "events of the seeded playout changed in events 1 to 50" in found[0]
    assert "If that is a regression, fix it" in found[0]


def test_a_new_view_without_a_new_version_fails_and_says_which_viewer():
    found = problems(changed(player_view=labelled_view), LOG, "racesmack-5")
    assert any(
        problem.startswith("racesmack-5: the view for seat 3 changed in events 1 to") for problem in found
    ), found


def test_after_a_raise_the_old_log_answers_for_its_history_only():
    raised = changed(rules_version=2, legal_moves=reversed_moves, decide=dealt_otherwise)
    assert problems(raised, LOG, "racesmack-5") == []
    assert "racesmack-5.v2.json" in missing_logs({"racesmack": raised})


def test_after_a_raise_old_matches_must_still_show_what_they_showed():
    found = problems(changed(rules_version=2, player_view=labelled_view), LOG, "racesmack-5")
    assert found and all("Stored racesmack matches would replay differently" in problem for problem in found)


def test_a_log_newer_than_its_game_is_refused():
    found = problems(RACESMACK, {**LOG, "rules_version": RACESMACK.rules_version + 1}, "racesmack-5")
    assert found == [f"racesmack-5 is of rules version 2, newer than racesmack's {RACESMACK.rules_version}."]
