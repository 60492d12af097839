"""Issue 24, must-hold 1: commit-reveal. A match publishes SHA-256 over its seed and salt from the lobby
on; the seed and salt are shown only with the full log; ``verify`` (``manage.py verify_match``, the
GraphQL ``Match.verification``) says whether the seed opens the commitment and whether the engine, from
that seed, gives exactly the logged events, and a tampered seed, salt or event fails saying which.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.base import CommandError

from api.matches import commitment, fairness, selectors, services
from api.matches.models import Match, MatchDeadline, MatchEvent
from api.matches.reproduce import Reproduction, exported_log, reproduce
from api.players.services import register_player
from config.asgi import application
from games.core import engine
from games.core.chance import Chance
from games.core.visibility import seat_viewer
from games.registry import REGISTRY
from tests.api.conftest import T0

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]

# A long match is played this far, then its host resigns: enough for deals, draws, bots' turns and
# timeouts, in the time a test may take (the conformance suite plays thousands to the end).
MAX_COMMANDS = 150
TIMER_LATE_MS = 3  # a timer worker fires a little after the deadline, never on it
GAMES = sorted(REGISTRY)
FAIR_DOC = """query($id: ID!) { match(id: $id) { status seedCommitment seed seedSalt
  verification { verified commitmentMatches eventsReproduced events problem }
  events { seq type seat data } view { __typename } } }"""


@pytest.fixture(autouse=True)
def _no_timer_store(mirrored: Any) -> None:
    """Deadlines are fired by the tests themselves, from their rows."""


def seeded(match: Match, seed: str) -> Match:
    """``match`` with a fixed seed (and the commitment to it), for a reproducible test."""
    sealed = commitment.commit(seed, match.seed_salt)
    Match.objects.filter(pk=match.pk).update(seed=seed, seed_commitment=sealed)
    return selectors.get_match(match_id=match.pk)


def play_to_the_end(match: Match, host: Any) -> Match:
    """The host's seat plays the game's heuristic bot's choices; every deadline (bots' turns, timeouts)
    fires when it is due. As the service plays it: lazy timeouts and all. After ``MAX_COMMANDS`` the
    host resigns."""
    now = T0
    for _ in range(MAX_COMMANDS):
        match = selectors.get_match(match_id=match.pk)
        if match.status != "ACTIVE":
            return match
        game = selectors.load_game(match=match)
        legal = engine.legal_moves(game, 0)
        now += 700
        if 0 in engine.waiting_on(game) and legal:
            bot = game.spec.bots["heuristic"]
            move = bot.choose(engine.view(game, seat_viewer(0)), legal, Chance("host", game.version))
            services.submit_move(match_id=match.pk, player=host, move=game.spec.moves.dump(move), now_ms=now)
            continue
        due = MatchDeadline.objects.filter(match=match).order_by("at_ms", "deadline_id").first()
        assert due is not None, "nobody may act and nothing is due"
        now = max(now, due.at_ms + TIMER_LATE_MS)
        services.fire_deadline(match_id=match.pk, deadline_id=due.deadline_id, now_ms=now)
    services.resign(match_id=match.pk, player=host, now_ms=now + 700)
    return selectors.get_match(match_id=match.pk)


def played(game: str, seed: str = "fair-1") -> Match:
    """A finished match of ``game``: a human host in seat 0 and a heuristic bot, from ``seed``."""
    host, _token = register_player(name=f"host of {game}")
    match = services.create_match(player=host, game=game)
    services.add_bot(match_id=match.pk, player=host)
    match = seeded(match, seed)
    services.start_match(match_id=match.pk, player=host, now_ms=T0)
    return play_to_the_end(match, host)


def tampered(data: dict[str, Any]) -> dict[str, Any] | None:
    """``data`` with two different items of its first list swapped (a deal's cards), or None."""
    for key, value in data.items():
        if isinstance(value, list) and len({json.dumps(item) for item in value}) > 1:
            first = next(i for i, item in enumerate(value) if item != value[0])
            return {**data, key: [value[first], *value[1:first], value[0], *value[first + 1 :]]}
    return None


def tamper_event(match: Match) -> int:
    """Tamper with the first event that has a list to swap; its seq."""
    for row in MatchEvent.objects.filter(match=match).order_by("seq"):
        changed = tampered(row.data)
        if changed is not None:
            # Around the model's append-only guard, as someone with the database would.
            MatchEvent.objects.filter(pk=row.pk).update(data=changed)
            return row.seq
    raise AssertionError("no list to tamper with")


# --- the commitment ------------------------------------------------------------------------------------


def test_the_commitment_is_sha256_of_the_documented_bytes():
    expected = hashlib.sha256(b"cliffside-seed-v1:abc:def").hexdigest()
    assert commitment.commit("abc", "def") == expected


def test_a_new_lobby_is_already_committed_to_its_seed_with_its_own_salt():
    host, _ = register_player(name="Host")
    first = services.create_match(player=host, game="daredevil-rock")
    second = services.create_match(player=register_player(name="Other")[0], game="daredevil-rock")
    assert first.status == "LOBBY"
    assert first.seed_commitment == commitment.commit(first.seed, first.seed_salt)
    assert len(first.seed_salt) == 32 and first.seed_salt != second.seed_salt


# --- verification --------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_played_match_of_every_game_is_verified(game):
    match = played(game)
    result = fairness.verify(match)
    assert result == fairness.Verification(True, True, match.version, None), result.problem
    assert match.version > 2


@pytest.fixture
def finished() -> Match:
    """A daredevil-rock match dealt, played a little, and resigned."""
    host, _ = register_player(name="Host")
    match = services.create_match(player=host, game="daredevil-rock")
    services.add_bot(match_id=match.pk, player=host)
    services.start_match(match_id=match.pk, player=host, now_ms=T0)
    due = MatchDeadline.objects.filter(match=match).order_by("at_ms").first()  # a bot's move or a timeout
    services.fire_deadline(match_id=match.pk, deadline_id=due.deadline_id, now_ms=due.at_ms)
    # Late: the resignation applies the turn's overdue timeout first (lazy enforcement).
    return services.resign(match_id=match.pk, player=host, now_ms=T0 + 600_000)


def test_a_tampered_seed_fails_as_the_seed_against_the_commitment(finished):
    Match.objects.filter(pk=finished.pk).update(seed="0" * 32)
    result = fairness.verify(selectors.get_match(match_id=finished.pk))
    assert not result.commitment_matches and not result.events_reproduced
    assert result.problem.startswith("the seed does not match the commitment")
    assert "event #1 differs: expected" in result.problem


def test_a_tampered_salt_fails_as_the_salt_and_the_events_still_reproduce(finished):
    Match.objects.filter(pk=finished.pk).update(seed_salt="f" * 32)
    result = fairness.verify(selectors.get_match(match_id=finished.pk))
    assert (result.commitment_matches, result.events_reproduced) == (False, True)
    assert result.problem.startswith("the salt does not match the commitment: sha256(")


def test_a_tampered_event_fails_naming_the_event_expected_and_got(finished):
    seq = tamper_event(finished)
    result = fairness.verify(selectors.get_match(match_id=finished.pk))
    assert (result.commitment_matches, result.events_reproduced) == (True, False)
    assert result.problem.startswith(f"event #{seq} differs: expected ")
    assert ", got " in result.problem


def test_verify_match_prints_the_verdict_and_exits_1_when_it_fails(finished, capsys):
    call_command("verify_match", str(finished.pk))
    printed = capsys.readouterr().out
    assert "commitment matches: yes" in printed and printed.rstrip().endswith("verified")
    tamper_event(finished)
    with pytest.raises(CommandError, match="not verified: event #") as failed:
        call_command("verify_match", str(finished.pk))
    assert failed.value.returncode == 1
    with pytest.raises(CommandError, match="No match 999999"):
        call_command("verify_match", "999999")


def test_the_upgrade_commits_existing_matches_each_with_its_own_salt_and_they_play_on():
    """The data migration's backfill, on matches stored before it (no commitment yet): an active match
    keeps going and, once over, verifies against the commitment made at the upgrade."""
    alice, _ = register_player(name="Alice")
    match = services.create_match(player=alice, game="daredevil-rock")
    services.add_bot(match_id=match.pk, player=alice)
    services.start_match(match_id=match.pk, player=alice, now_ms=T0)
    lobby = services.create_match(player=register_player(name="Bob")[0], game="racesmack")
    Match.objects.update(seed_salt="", seed_commitment="")  # as the rows were before the upgrade
    importlib.import_module("api.matches.migrations.0003_seed_commitment").backfill(apps, None)
    upgraded = {row.pk: row for row in Match.objects.all()}
    assert upgraded[match.pk].seed_salt != upgraded[lobby.pk].seed_salt
    for row in upgraded.values():
        assert row.seed_commitment == commitment.commit(row.seed, row.seed_salt)
    ended = play_to_the_end(selectors.get_match(match_id=match.pk), alice)
    assert ended.status == "FINISHED" and fairness.verify(ended).verified


# --- what each surface shows, before and after the end -------------------------------------------------


@pytest.fixture
async def http() -> Any:
    transport = httpx.ASGITransport(app=application)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        yield client


async def graphql(http: httpx.AsyncClient, match_id: int, token: str | None) -> tuple[dict[str, Any], str]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = await http.post(
        "/graphql/", json={"query": FAIR_DOC, "variables": {"id": match_id}}, headers=headers
    )
    body = response.json()
    assert not body.get("errors"), body
    return body["data"]["match"], response.text


async def replay_json(
    http: httpx.AsyncClient, match_id: int, token: str | None
) -> tuple[dict[str, Any], str]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = await http.get(f"/api/matches/{match_id}/replay.json", headers=headers)
    return response.json(), response.text


def sync(function: Any) -> Any:
    from asgiref.sync import sync_to_async

    return sync_to_async(function)


def two_player_table(options: dict[str, Any] | None = None) -> dict[str, Any]:
    alice, alice_token = register_player(name="Alice")
    bob, _ = register_player(name="Bob")
    match = services.create_match(player=alice, game="daredevil-rock", options=options)
    services.join_match(match_id=match.pk, player=bob)
    return {"match": match, "alice": alice, "bob": bob, "token": alice_token}


async def test_before_the_end_every_surface_shows_the_commitment_and_no_seed_or_salt(http):
    table = await sync(two_player_table)()
    match = table["match"]
    secrets = (match.seed, match.seed_salt)
    for stage in ("lobby", "active"):
        if stage == "active":
            await sync(services.start_match)(match_id=match.pk, player=table["alice"], now_ms=T0)
        for token in (table["token"], None):  # a seat and a spectator
            shown, text = await graphql(http, match.pk, token)
            assert shown["seedCommitment"] == match.seed_commitment
            assert (shown["seed"], shown["seedSalt"], shown["verification"]) == (None, None, None)
            body, raw = await replay_json(http, match.pk, token)
            assert body["seedCommitment"] == match.seed_commitment
            assert "seed" not in body and "seedSalt" not in body
            assert not any(secret in text or secret in raw for secret in secrets), stage


async def test_after_the_end_the_seed_and_salt_open_the_commitment_and_the_match_is_verified(http):
    table = await sync(two_player_table)()
    match = table["match"]
    await sync(services.start_match)(match_id=match.pk, player=table["alice"], now_ms=T0)
    await sync(services.resign)(match_id=match.pk, player=table["bob"], now_ms=T0 + 1000)
    shown, _ = await graphql(http, match.pk, None)
    assert shown["status"] == "FINISHED"
    assert commitment.commit(shown["seed"], shown["seedSalt"]) == shown["seedCommitment"]
    assert shown["verification"] == {
        "verified": True,
        "commitmentMatches": True,
        "eventsReproduced": True,
        "events": len(shown["events"]),
        "problem": None,
    }
    body, _ = await replay_json(http, match.pk, None)
    assert (body["seed"], body["seedSalt"]) == (shown["seed"], shown["seedSalt"])
    # The README's recipe: anyone checks the export with the published engine, no server code.
    replayed = reproduce(
        spec=REGISTRY[body["match"]["game"]],
        options=body["match"]["options"],
        seats=len(body["match"]["seats"]),
        seed=body["seed"],
        log=exported_log(body),
    )
    assert replayed == Reproduction(len(body["events"]), None)


def test_the_recipe_runs_without_the_server_s_code():
    """api.matches.reproduce needs the engine only: no Django, no settings, no database."""
    probe = "import sys, api.matches.reproduce; print(sorted({m.split('.')[0] for m in sys.modules} & {'django', 'api'}))"
    ran = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert ran.stdout.strip() == "['api']"


async def test_a_match_that_keeps_its_log_hidden_keeps_its_seed_and_verdict_hidden(http):
    table = await sync(two_player_table)({"revealAfterEnd": False})
    match = table["match"]
    await sync(services.start_match)(match_id=match.pk, player=table["alice"], now_ms=T0)
    await sync(services.resign)(match_id=match.pk, player=table["bob"], now_ms=T0 + 1000)
    shown, text = await graphql(http, match.pk, table["token"])
    assert shown["status"] == "FINISHED" and shown["seedCommitment"] == match.seed_commitment
    assert (shown["seed"], shown["seedSalt"], shown["verification"]) == (None, None, None)
    assert match.seed not in text and match.seed_salt not in text
