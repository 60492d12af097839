"""Issue 26, must-hold 5: ``manage.py export_trajectories`` writes finished matches as JSON Lines of
steps, with hidden information only where the chosen perspective may see it."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from api.matches import commitment, selectors, services
from api.matches.management.commands.export_trajectories import rank_returns
from api.matches.models import Match, MatchDeadline
from api.players.services import register_player
from clients.research.position import rank_returns as adapters_rank_returns
from games.core import engine
from tests.api.conftest import T0, count
from tests.toys import count_to_n

pytestmark = pytest.mark.django_db

DRAW = {"action": "DRAW"}


@pytest.fixture(autouse=True)
def _no_timer_store(mirrored: Any) -> None:
    """Deadlines are never fired here but by the tests themselves."""


def export(*args: str) -> list[dict[str, Any]]:
    out, err = io.StringIO(), io.StringIO()
    call_command("export_trajectories", *args, stdout=out, stderr=err)
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.fixture
def finished(active: Match, alice: Any, bob: Any) -> Match:
    """A toy match to 10: Alice (seat 0) draws a secret card, then the seats count 3, 3, 3, 1."""
    services.submit_move(match_id=active.pk, player=alice, move=DRAW, now_ms=T0 + 500)
    for step, (player, amount) in enumerate(((alice, 3), (bob, 3), (alice, 3), (bob, 1))):
        count(active, player, amount, at=T0 + 1000 * (step + 1))
    match = selectors.get_match(match_id=active.pk)
    assert match.status == "FINISHED"
    return match


def alices_card(match: Match) -> int:
    game = selectors.load_game(match=match)
    (card,) = game.state.hands[0]
    return card


def test_all_gives_every_seat_its_view_every_move_and_the_returns(finished):
    lines = export("--game", count_to_n.KEY)
    assert [line["step"] for line in lines] == list(range(6))
    assert [line["seat"] for line in lines] == [None, 0, 0, 1, 0, 1]
    assert [line["action"] for line in lines] == [
        {"action": "BEGIN"},
        DRAW,
        *({"action": "COUNT", "amount": amount} for amount in (3, 3, 3, 1)),
    ]
    begin, draw, *_, last = lines
    assert begin["legalActions"] is None and begin["version"] == 0
    assert sorted(draw["observations"]) == ["0", "1"]
    assert DRAW in draw["legalActions"]
    assert {"action": "COUNT", "amount": 3} in draw["legalActions"]
    assert draw["observations"]["0"]["hand"] == []
    assert lines[2]["observations"]["0"]["hand"] == [alices_card(finished)]
    assert lines[2]["observations"]["1"]["hand"] == []  # Bob never sees Alice's card
    assert begin["events"][0]["type"] == "DeckShuffled"  # the full log, deck order and all
    assert all(line["returns"] is None and not line["done"] for line in lines[:-1])
    assert last["done"] and last["returns"] == [-1.0, 1.0]
    assert last["outcome"] == {"ranks": [2, 1], "scores": [1.0, 0.0], "reason": "target reached"}
    assert all(line["match"] == finished.pk and line["game"] == count_to_n.KEY for line in lines)


def test_a_seat_sees_its_own_moves_and_only_the_public_form_of_the_others(finished):
    card = alices_card(finished)
    bobs = export("--game", count_to_n.KEY, "--perspective", "1")
    assert all(sorted(line["observations"]) == ["1"] for line in bobs)
    draw = bobs[1]
    assert (draw["seat"], draw["action"], draw["legalActions"]) == (0, None, None)
    assert [event["type"] for event in draw["events"]] == ["CardTaken"]
    assert bobs[0]["events"][0]["type"] == "DeckReady"  # not the deck's order
    assert bobs[3]["action"] == {"action": "COUNT", "amount": 3} and bobs[3]["legalActions"]
    for line in bobs:
        assert line["observations"]["1"]["hand"] == []
        assert not {"CardDrawn", "DeckShuffled"} & {event["type"] for event in line["events"]}
    alices = export("--game", count_to_n.KEY, "--perspective", "0")
    assert alices[1]["action"] == DRAW
    assert alices[1]["events"] == [{"seq": 3, "type": "CardDrawn", "data": {"seat": 0, "card": card}}]


def test_a_spectator_sees_no_seats_moves(finished):
    lines = export("--game", count_to_n.KEY, "--perspective", "spectator")
    assert all(sorted(line["observations"]) == ["spectator"] for line in lines)
    assert lines[0]["action"] == {"action": "BEGIN"}  # the server's steps are public
    assert all(line["action"] is None and line["legalActions"] is None for line in lines[1:])
    assert lines[-1]["returns"] == [-1.0, 1.0]


def test_all_is_only_for_matches_whose_log_is_revealed(finished):
    options = {**finished.options, "revealAfterEnd": False}
    Match.objects.filter(pk=finished.pk).update(options=options)
    assert export("--game", count_to_n.KEY) == []
    assert len(export("--game", count_to_n.KEY, "--perspective", "0")) == 6


def test_since_and_out_and_unfinished_matches(finished, lobby, tmp_path: Path):
    assert export("--game", count_to_n.KEY, "--since", "2999-01-01") == []
    assert len(export("--game", count_to_n.KEY, "--since", "2000-01-01T00:00:00Z")) == 6
    target = tmp_path / "steps.jsonl"
    call_command("export_trajectories", "--game", count_to_n.KEY, "--out", str(target), stderr=io.StringIO())
    assert len(target.read_text().splitlines()) == 6  # the lobby is not finished: not exported
    assert export("--game", count_to_n.KEY, "--perspective", "5") == []  # a two-seat match has no seat 5


def test_bad_arguments_are_refused():
    with pytest.raises(CommandError, match="Unknown game"):
        export("--game", "chess")
    with pytest.raises(CommandError, match="perspective"):
        export("--game", count_to_n.KEY, "--perspective", "north")
    with pytest.raises(CommandError, match="since"):
        export("--game", count_to_n.KEY, "--since", "last week")


def test_a_real_game_exports_every_decision_and_its_resignation(mirrored: Any):
    """Racesmack from a fixed seed, a human host against a bot, deadlines fired as they fall due, then
    the host resigns: each step's action is one of its legal moves, and the steps hold the whole log."""
    host, _token = register_player(name="researcher")
    match = services.create_match(player=host, game="racesmack")
    services.add_bot(match_id=match.pk, player=host)
    seed = "export-1"
    Match.objects.filter(pk=match.pk).update(
        seed=seed, seed_commitment=commitment.commit(seed, match.seed_salt)
    )
    services.start_match(match_id=match.pk, player=host, now_ms=T0)
    now = T0
    for _ in range(25):
        match = selectors.get_match(match_id=match.pk)
        game = selectors.load_game(match=match)
        now += 700
        if 0 in engine.waiting_on(game):
            move = game.spec.moves.dump(engine.legal_moves(game, 0)[0])
            services.submit_move(match_id=match.pk, player=host, move=move, now_ms=now)
            continue
        due = MatchDeadline.objects.filter(match=match).order_by("at_ms", "deadline_id").first()
        now = max(now, due.at_ms + 3)
        services.fire_deadline(match_id=match.pk, deadline_id=due.deadline_id, now_ms=now)
    services.resign(match_id=match.pk, player=host, now_ms=now + 700)
    lines = export("--game", "racesmack")
    assert lines[-1]["action"] == {"action": "RESIGN"} and lines[-1]["seat"] == 0
    assert lines[-1]["returns"] == [-1.0, 1.0]
    assert lines[0]["action"] == {"action": "BEGIN"}
    assert {line["action"]["action"] for line in lines if line["seat"] is None} <= {"BEGIN", "TIMEOUT"}
    assert {line["seat"] for line in lines} == {None, 0, 1}  # the bot's moves are steps too
    for line in lines:
        if line["seat"] is not None and line["action"] != {"action": "RESIGN"}:
            assert line["action"] in line["legalActions"]
    match = selectors.get_match(match_id=match.pk)
    assert sum(len(line["events"]) for line in lines) == match.version


def test_the_returns_are_the_adapters():
    for ranks in ((1, 2), (2, 1, 3), (1, 1, 3, 4), (1,)):
        for scores in ((None,) * len(ranks), (1.0,) * len(ranks)):
            assert rank_returns(ranks, scores) == adapters_rank_returns(ranks, scores)
