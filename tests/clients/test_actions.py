"""The action tables: one stable id per move, covering every move a game can make."""

from __future__ import annotations

import pytest

from clients.research.actions import TEMPLATES, WAIT, MoveOutsideTable, actions_for
from clients.research.position import Setup, start
from clients.research.views import canonical, jsonable
from games.core import engine
from games.core.codec import camel_keys, encode
from games.core.decisions import Rejected
from games.core.visibility import OMNISCIENT, SPECTATOR, seat_viewer
from games.registry import REGISTRY
from tests.clients.lean import GAMES


def test_every_game_has_a_table_of_exactly_its_moves():
    assert sorted(TEMPLATES) == GAMES
    for key in GAMES:
        assert [action for action, _ in TEMPLATES[key]] == list(REGISTRY[key].moves.actions), key


@pytest.mark.parametrize("key", GAMES)
def test_every_id_is_a_move_the_game_reads_and_maps_back_to_itself(key):
    actions, codec = actions_for(key), REGISTRY[key].moves
    assert actions.move(WAIT) is None and actions.label(WAIT) == "WAIT"
    labels = set()
    for action in range(1, actions.size):
        move = actions.move(action)
        assert not isinstance(codec.load(move), Rejected), move
        assert codec.dump(codec.load(move)) == move  # the API's own spelling of it
        assert actions.id(move) == action
        labels.add(actions.label(action))
    assert len(labels) == actions.size - 1


def test_ids_are_stable():
    """Ids are a published contract (docs/research.md): these must not move."""
    racesmack = actions_for("racesmack")
    assert racesmack.id({"action": "PLAY_CARD", "card": 1}) == 1
    assert racesmack.id({"action": "REVEAL_CARD"}) == 55
    assert racesmack.id({"action": "TAP", "seat": 2}) == 58
    cactus = actions_for("cactus-card-game")
    assert cactus.id({"action": "PLAY_FREE_POINT"}) == 1
    assert cactus.id({"action": "PLAY_STEAL_A_POINT", "victim": 1}) == 3
    assert cactus.label(cactus.id({"action": "TAKE_CARD", "kind": "WILD"})) == 'TAKE_CARD kind="WILD"'
    assert [actions_for(key).size for key in GAMES] == [179, 260, 1792, 343, 283]


def test_a_move_outside_the_table_is_an_error_not_a_silent_drop():
    with pytest.raises(MoveOutsideTable):
        actions_for("racesmack").id({"action": "PLAY_CARD", "card": 55})
    with pytest.raises(ValueError):
        actions_for("racesmack").move(10_000)


@pytest.mark.parametrize("key", GAMES)
def test_views_are_written_as_the_api_writes_them(key):
    """``jsonable`` is the codec's ``camel_keys(encode(...))`` in one pass: same JSON, all along a match."""
    spec = REGISTRY[key]
    position = start(Setup(key, spec.max_players, {}))
    position = position.deal(3)
    for _ in range(20):
        if position.terminal:
            break
        game = position.game
        for viewer in (SPECTATOR, OMNISCIENT, *(seat_viewer(seat) for seat in range(spec.max_players))):
            view = engine.view(game, viewer)
            assert jsonable(view) == camel_keys(encode(view))
        assert position.observation(0) == canonical(camel_keys(encode(engine.view(game, seat_viewer(0)))))
        if position.chance:
            position = position.apply_chance(0)
        else:
            position = position.choose({seat: position.legal(seat)[-1] for seat in position.acting})
