"""Cliffside's five games as OpenSpiel Python games: importing this module registers them.

    import pyspiel
    import clients.research.openspiel_games  # noqa: F401 - registers cliffside_<game>
    game = pyspiel.load_game("cliffside_racesmack", {"players": 3, "afterYou": True})

Names: ``cliffside_daredevil_rock``, ``cliffside_cactus_card_game``, ``cliffside_racesmack``,
``cliffside_cliffs_n_cactuses``, ``cliffside_boulder_bluff``. Parameters: ``players`` (the seat count,
any the game seats; 2 by default), ``seeds`` (how many equiprobable seeds the opening chance node
offers, 1000 by default), ``max_decisions`` (decision nodes before a match is cut short with every
return 0; 0: the game's own cap), and each of the game's match options under its API name
(``turnLimit``, ``afterYou``...; ``createMatch`` takes the same), defaulting as the API does. OpenSpiel
parameters cannot be empty: an option the API leaves empty (null) is -1 here (``EMPTY``); a choice
spelled as a number is that number (``start=600``). ``parameters(options)`` converts.

How the engine's real-time match becomes a tree (``clients.research.position`` says it in full):

- **Chance** is the seed. The engine draws every shuffle from ``(seed, event seq)`` and never exposes
  the single draws as outcomes, so the first node chooses the match seed among ``seeds`` equiprobable
  ones and the rest is deterministic, exactly as the server would play it with that seed. The only
  other chance node orders simultaneous choices (a uniformly random permutation), for games where
  arrival order matters (Racesmack's taps, answers to a STOP).
- **Dynamics.** Daredevil Rock asks one seat at a time and is registered ``SEQUENTIAL``. The other four
  are ``SIMULTANEOUS`` games with per-node handling: a node where one seat chooses has that seat as
  ``current_player()``; a node where several do (a sealed round, a STOP window, a tap) is a
  simultaneous node, where a seat not asked has no legal action. ``pyspiel.load_game_as_turn_based``
  turns them into sequential games for algorithms that need one (MCTS).
- **Actions** are stable ids per game (``clients.research.actions``): 0 is WAIT (let the clock run),
  then every move the game has, in a fixed order; ``state.action_to_string`` gives the move.
- **Observations** are the seat's view as the API serves it (canonical JSON, camelCase keys); the
  information state adds everything the seat saw, in order: each step's events redacted for it, and its
  own choices. An observer with ``PrivateInfoType.NONE`` gives a spectator's view; ``ALL_PLAYERS``
  (without perfect recall) the whole table. No string is ever built from the state itself.
- **Returns** (terminal only): from the outcome's ranks, (seats ranked below - seats ranked above) /
  (seats - 1): zero-sum in [-1, 1]. Daredevil Rock also seats one climber, so it is general-sum there:
  +1 for reaching the summit alone, -1 for not.
"""

from __future__ import annotations

import itertools
from functools import cached_property
from typing import Any

import pyspiel

from clients.research.actions import TEMPLATES
from clients.research.position import SEQUENTIAL, Position, Setup, start
from games.registry import REGISTRY

PREFIX = "cliffside_"
DEFAULTS = {"players": 2, "seeds": 1_000, "max_decisions": 0}
EMPTY = -1  # an integer option left empty (null in the API): OpenSpiel parameters have no null
Parameter = int | bool | str


def game_name(key: str) -> str:
    """The OpenSpiel name of the Cliffside game ``key``: ``cliffside_cactus_card_game``."""
    return PREFIX + key.replace("-", "_")


def game_type(key: str) -> pyspiel.GameType:
    spec = REGISTRY[key]
    solo = spec.min_players == 1
    return pyspiel.GameType(
        short_name=game_name(key),
        long_name=f"Cliffside {spec.name}",
        dynamics=(
            pyspiel.GameType.Dynamics.SEQUENTIAL
            if key in SEQUENTIAL
            else pyspiel.GameType.Dynamics.SIMULTANEOUS
        ),
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM if solo else pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={
            **DEFAULTS,
            "players": max(2, spec.min_players),
            **parameters(spec.options.defaults()),
        },
    )


def parameters(options: dict[str, Any]) -> dict[str, Parameter]:
    """Match options (the API's JSON) as OpenSpiel parameters: the same names, null as ``EMPTY``, and a
    choice spelled as a number (Cliffs n' Cactuses' ``start``: "600") as that number, for OpenSpiel
    reads ``600`` in a game's name back as an integer."""
    return {name: _parameter(value) for name, value in options.items()}


def _parameter(value: Any) -> Parameter:
    if value is None:
        return EMPTY
    if isinstance(value, str) and value.isdigit():
        return int(value)
    parameter: Parameter = value
    return parameter


def options_of(key: str, given: dict[str, Any]) -> dict[str, Any]:
    """The match options among OpenSpiel parameters: ``EMPTY`` back to null where an option may be
    empty, a numbered choice back to its string."""
    options: dict[str, Any] = {}
    for option in REGISTRY[key].options.fields:
        value = given[option.name]
        if value == EMPTY and getattr(option, "nullable", False):
            value = None
        elif getattr(option, "choices", None) and not isinstance(value, str):
            value = str(value)
        options[option.name] = value
    return options


class CliffsideGame(pyspiel.Game):  # type: ignore[misc]
    """One of the five games at one seat count; each game is a subclass naming its ``key``."""

    key = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        key = self.key
        kind = game_type(key)
        given = {**kind.parameter_specification, **(params or {})}
        options = options_of(key, given)
        self.setup = Setup(
            key, int(given["players"]), options, int(given["seeds"]), int(given["max_decisions"])
        )
        zero_sum = kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=self.setup.actions.size,
            max_chance_outcomes=self.setup.max_chance_outcomes,
            num_players=self.setup.seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.setup.max_decisions,
        )
        super().__init__(kind, info, given)

    def new_initial_state(self) -> CliffsideState:
        return CliffsideState(self, self.first)

    @cached_property
    def first(self) -> Position:
        """The first node, shared: positions are immutable (OpenSpiel makes one for every clone)."""
        return start(self.setup)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> ViewObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return ViewObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class CliffsideState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over an immutable ``Position``."""

    def __init__(self, game: CliffsideGame, position: Position) -> None:
        super().__init__(game)
        self.position = position

    def current_player(self) -> int:
        position = self.position
        if position.terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        if position.chance:
            return int(pyspiel.PlayerId.CHANCE)
        acting = position.acting
        return acting[0] if len(acting) == 1 else int(pyspiel.PlayerId.SIMULTANEOUS)

    def _legal_actions(self, player: int) -> list[int]:
        return self.position.legal(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.position.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        position = self.position
        if position.chance:
            self.position = position.apply_chance(action)
        else:
            (seat,) = position.acting
            self.position = position.choose({seat: action})

    def _apply_actions(self, actions: list[int]) -> None:
        position = self.position
        self.position = position.choose({seat: actions[seat] for seat in position.acting})

    def _action_to_string(self, player: int, action: int) -> str:
        position = self.position
        if player != pyspiel.PlayerId.CHANCE:
            return position.setup.actions.label(action)
        if not position.dealt:
            return f"seed {position.setup.seed(action)}"
        seats = [seat for seat, _ in position.queued]
        order = list(itertools.permutations(seats))[action] if position.queued else ()
        return "arrival order " + ",".join(str(seat) for seat in order)

    def is_terminal(self) -> bool:
        return self.position.terminal

    def returns(self) -> list[float]:
        return self.position.returns()

    def __str__(self) -> str:
        return str(self.position)


class ViewObserver:
    """OpenSpiel's observer interface (strings only) over the API's views."""

    def __init__(self, iig_obs_type: pyspiel.IIGObservationType) -> None:
        if not iig_obs_type.public_info:
            raise ValueError("a view mixes public and private information: public_info must be True")
        private = iig_obs_type.private_info
        self.everyone = private == pyspiel.PrivateInfoType.ALL_PLAYERS
        self.spectator = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = iig_obs_type.perfect_recall
        if self.everyone and self.perfect_recall:
            raise ValueError("no perfect-recall record of everyone's cards: ask for one seat's or none")
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: CliffsideState, player: int) -> None:
        """No tensors: the views are nested JSON of varying size."""

    def string_from(self, state: CliffsideState, player: int) -> str:
        position = state.position
        if self.everyone:
            return position.table()
        viewpoint = None if self.spectator else player
        if self.perfect_recall:
            return position.information_state(viewpoint)
        return position.observation(viewpoint)


def game_class(key: str) -> type[CliffsideGame]:
    """The game's class, which OpenSpiel calls with the parameters. A class rather than a closure: the
    registry outlives the interpreter, and a closure freed after it has gone aborts the process."""
    name = "".join(word.title() for word in key.split("-")) + "Game"
    return type(name, (CliffsideGame,), {"key": key, "__module__": __name__})


def register() -> list[str]:
    """Register every game not registered yet; returns all their OpenSpiel names."""
    known = set(pyspiel.registered_names())
    keys = [key for key in REGISTRY if key in TEMPLATES]  # a test suite's toy game has no action table
    for key in keys:
        if game_name(key) not in known:
            pyspiel.register_game(game_type(key), game_class(key))
    return [game_name(key) for key in keys]


NAMES = register()
