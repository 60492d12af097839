"""``make bench``: the service measured in production mode, from a separate load-generator process.

The orchestrator (``run``, behind ``manage.py benchmark``) measures the engine in-process, then starts
the service the way the README's "Running in production" says (``stack``: a database of its own, Redis
under a key prefix of its own, uvicorn workers and a timer worker) and hands each scenario to the load
generator (``python -m api.bench.load``), a plain client that talks to the service only over HTTP and
WebSocket and answers with JSON. ``report`` holds every figure against ``targets`` (the one place the
targets live) and writes ``bench/results.json`` and ``bench/results.md``.

Orchestrator side (Django): run, stack, engine, seed, views, report.
Load-generator side (no Django): load, client, documents, lobby, seat, service, live, timers, memory,
replay, reference, stats. ``games`` (what each game is measured with) and ``targets`` serve both.
"""
