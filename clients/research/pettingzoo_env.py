"""Cliffside's five games as PettingZoo AEC environments.

    from clients.research.pettingzoo_env import env
    table = env("racesmack", players=3)
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else table.action_space(agent).sample(mask)
        table.step(action)

Agents are ``seat_0`` ... ``seat_<players-1>``. The match is the one ``clients.research.position``
describes (the OpenSpiel adapter plays the same tree): ``reset(seed=...)`` draws the match seed from
the environment's generator, and arrival orders the same way.

- **Turns.** ``agent_selection`` is a seat asked to choose now. Where several seats are asked at once (a
  sealed round, a STOP window, a tap), each is selected in turn, seat order, and the choices apply
  together once the last has chosen: a seat's observation never shows another's choice of the same node.
- **Actions** are ``Discrete(n)`` over the game's stable action ids (``clients.research.actions``; 0 is
  WAIT, let the clock run). ``observation["action_mask"]`` (int8, length n) marks the selected seat's
  legal ids, built from the engine's legal moves; any other seat's mask is all zeros. An illegal action
  raises ``ValueError``.
- **Observations.** ``observation["observation"]`` is the seat's view as the API serves it: its
  canonical JSON, UTF-8, zero-padded to ``view_bytes`` (uint8). ``view(observation)`` decodes it; views
  vary in size and shape by game and moment, so turning them into features is the learner's choice.
- **Rewards** arrive once, at the end: the same returns as OpenSpiel (ranks, zero-sum in [-1, 1]).
  Every seat then terminates together; a match cut short at ``max_decisions`` is truncated, rewards 0.
"""

from __future__ import annotations

import json
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from clients.research.position import Position, Setup, start

VIEW_BYTES = 1 << 16  # the largest view of any game at six seats is about a quarter of this
SEEDS = 1 << 31  # match seeds a reset may draw: research-0 ... research-2147483647


def view(observation: Any) -> Any:
    """The view JSON an observation carries (its ``observation`` array, or the whole dict)."""
    array = observation["observation"] if isinstance(observation, dict) else observation
    return json.loads(bytes(np.asarray(array, dtype=np.uint8)).rstrip(b"\0").decode())


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's name for the unwrapped environment
    """One Cliffside game at one seat count, as an AEC environment."""

    def __init__(
        self,
        game: str,
        players: int = 2,
        options: dict[str, Any] | None = None,
        max_decisions: int = 0,
        view_bytes: int = VIEW_BYTES,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is offered")
        self.setup = Setup(game, players, options or {}, SEEDS, max_decisions)
        name = f"cliffside_{game.replace('-', '_')}_v0"
        self.metadata = {"name": name, "render_modes": ["ansi"], "is_parallelizable": False}
        self.render_mode = render_mode
        self.view_bytes = view_bytes
        self.possible_agents = [agent_name(seat) for seat in range(players)]
        size = self.setup.actions.size
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0, 255, shape=(view_bytes,), dtype=np.uint8),
                    "action_mask": spaces.Box(0, 1, shape=(size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.position: Position = start(self.setup)
        self.chosen: dict[int, int] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.np_random, _ = gymnasium.utils.seeding.np_random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.chosen = {}
        self.position = self._past_chance(start(self.setup))
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        text = self.position.observation(seat).encode()
        if len(text) > self.view_bytes:
            raise ValueError(f"{agent}'s view is {len(text)} bytes, over view_bytes={self.view_bytes}")
        observation = np.zeros(self.view_bytes, dtype=np.uint8)
        observation[: len(text)] = np.frombuffer(text, dtype=np.uint8)
        mask = np.zeros(self.setup.actions.size, dtype=np.int8)
        if agent == self.agent_selection and not self._dead(agent):
            mask[self.position.legal(seat)] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self._dead(agent):
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        if action is None:
            raise ValueError(f"{agent} is still playing: None is only for a finished seat")
        choice = int(action)
        if choice not in self.position.legal(seat):
            raise ValueError(f"{agent}: {self.setup.actions.label(choice)} is not legal now")
        self._cumulative_rewards[agent] = 0.0
        self.chosen[seat] = choice
        if set(self.chosen) == set(self.position.acting):
            self.position = self._past_chance(self.position.choose(self.chosen))
            self.chosen = {}
            if self.position.terminal:
                self._finish()
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        return str(self.position)

    def close(self) -> None:
        pass

    def _dead(self, agent: str) -> bool:
        return self.terminations[agent] or self.truncations[agent]

    def _past_chance(self, position: Position) -> Position:
        while position.chance:
            outcomes = position.chance_outcomes() if position.dealt else None
            count = len(outcomes) if outcomes is not None else self.setup.seeds
            position = position.apply_chance(int(self.np_random.integers(count)))
        return position

    def _finish(self) -> None:
        returns = self.position.returns()
        truncated = self.position.truncated
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = float(returns[seat])
            self.terminations[agent] = not truncated
            self.truncations[agent] = truncated

    def _select(self) -> None:
        """The next seat to choose: the first asked seat that has not chosen yet; at the end, seat 0."""
        waiting = [seat for seat in self.position.acting if seat not in self.chosen]
        self.agent_selection = agent_name(waiting[0]) if waiting else self.agents[0]


def env(game: str, **kwargs: Any) -> AECEnv:
    """``raw_env`` with PettingZoo's usual checks: actions in bounds, ``reset`` before ``step``."""
    wrapped: AECEnv = raw_env(game, **kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
