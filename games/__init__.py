"""Pure-Python rules engines for the games Cliffside hosts.

Nothing here imports Django, a clock or a global random source: every game is a set of pure functions
over frozen dataclasses (see ``games.core.spec.GameSpec``), so it runs and tests in microseconds.
"""
