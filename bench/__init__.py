"""``make bench`` (``python -m bench``): the service measured in production mode, from a separate
load-generator process. A tool beside the product, not a part of it: nothing in ``api``, ``config``,
``games`` or ``web`` imports it, and it is no Django app.

Its contract (enforced by import-linter, pyproject.toml): the bench speaks to the service only over HTTP
and WebSocket, and starts it as a user would, through ``manage.py`` subprocesses (``migrate``,
``serve``, ``run_timers``) and environment variables (``stack``); it imports neither ``api`` nor
``config`` nor Django. It may import ``games``, the pure engine, for the in-process engine figure.
The one exception is ``service_side``: two helpers run as processes of their own with the server's
environment, because they need what only the database holds (see ``bench/service_side/__init__.py``).

The orchestrator (``cli`` and ``run``) measures the engine in-process, then starts the service the way
the README's "Running in production" says (``stack``: a database of its own, Redis under a key prefix
of its own, uvicorn workers and a timer worker) and hands each scenario to a load generator: Node's
(``bench/peers/load.mjs``) or Python's (``python -m bench.load``), a plain client that answers with
JSON. ``report`` holds every figure against ``targets`` (the one place the targets live) and writes
``bench/results.json`` and ``bench/results.md``.

Orchestrator side: cli, run, options, parts, node_parts, stack, backends, node, peer, engine, report.
Load-generator side: load, lobby (the project's Python client, ``cliffside_client``, as the bench uses
it), documents, seat, timers, memory, replay, reference, stats, views. ``games`` (what each game is
measured with) and ``targets`` serve both; so does ``reference``'s commit probe, which the orchestrator
runs between the Node generator's marks for the live figure.
"""
