"""Durable match timers: MatchDeadline rows mirrored into a store that workers claim them from.

``mirror`` (called by the services after each commit), ``run_due`` (claim and fire what is due),
``rearm_all`` (rebuild the store from the database) and ``TimerLoop`` (what `manage.py run_timers`
and the embedded server run). The store is Redis when REDIS_URL is set, else this process's memory;
while Redis cannot be reached, the loop fires due deadlines straight from the database (``sweep``).
"""

from api.matches.timers.dispatch import mirror, rearm_all, run_due
from api.matches.timers.loop import TimerLoop
from api.matches.timers.store import Claim, TimerStore, get_store

__all__ = ["Claim", "TimerLoop", "TimerStore", "get_store", "mirror", "rearm_all", "run_due"]
