"""Redis sorted sets whose members lapse: each member is scored with the moment (Redis's clock) it lapses,
and its holder renews it while it lives, so the members of a process that died without a word (SIGKILL,
out of memory) drop out on their own. Presence (api/matches/presence.py) and the WebSocket ceilings
(api/realtime/ceilings.py) both keep their members this way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

# KEYS: the sorted sets; ARGV[1]: lapse ms, then for each key the count of its members and the members.
RENEW = """
local now = redis.call('TIME')
local lapses = now[1] * 1000 + math.floor(now[2] / 1000) + tonumber(ARGV[1])
local at = 2
for _, key in ipairs(KEYS) do
  local count = tonumber(ARGV[at])
  for j = 1, count do redis.call('ZADD', key, lapses, ARGV[at + j]) end
  at = at + count + 1
  redis.call('PEXPIRE', key, tonumber(ARGV[1]))
end
return 1
"""


def renewal(held: Mapping[str, Iterable[str]], lapse_ms: int) -> tuple[list[str], list[Any]]:
    """RENEW's keys and arguments: every member of ``held`` (key -> members) lapses ``lapse_ms`` from now."""
    keys: list[str] = []
    arguments: list[Any] = [lapse_ms]
    for key, members in held.items():
        listed = sorted(members)
        keys.append(key)
        arguments += [len(listed), *listed]
    return keys, arguments
