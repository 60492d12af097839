"""Cliffside's games for game-AI research: OpenSpiel games and PettingZoo environments over the engine.

- ``clients.research.openspiel_games``: importing it registers ``cliffside_<game>`` with OpenSpiel.
- ``clients.research.pettingzoo_env``: ``env(game, players=...)``, an AEC environment per game.
- ``clients.research.actions``: the stable action ids both use.
- ``clients.research.position``: how a real-time match becomes a tree (chance, turns, time, views).

They run on the pure engine (``games``), never on the service; docs/research.md shows them in use.
"""
