"""The bench's only code that runs with the service's internals, each module a process of its own
started with the server's environment (``python -m bench.service_side.<module>``), never imported by
the rest of the bench (import-linter, pyproject.toml):

- ``seed`` writes the replay figure's long match (5,000 events) straight into the database through
  ``api.matches.services``: the same moves through the API would take minutes of the run.
- ``deadlines`` reads back from the database when each timeout of the timer figure was due and when it
  fired: the due time the service armed is in no answer a client gets.
"""
