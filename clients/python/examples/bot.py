"""A complete bot: it registers, quick-matches, follows its match and plays every turn until the end.

    python bot.py [BASE_URL] [GAME] [OPTIONS_JSON]      # http://127.0.0.1:8000 daredevil-rock {}

Write your player in `choose`: it gets the caller's view (ask for more of it in FIELDS) and the legal
moves, and returns one of them. No human joins within the table's wait? A bot takes the other seat.
"""

import asyncio
import json
import random
import sys

from cliffside_client import MATCHED, UPDATE_FIELDS, Client, LegalMove

DEFAULTS = ["http://127.0.0.1:8000", "daredevil-rock", "{}"]
URL, GAME, OPTIONS = sys.argv[1:] + DEFAULTS[len(sys.argv) - 1 :]
FIELDS = UPDATE_FIELDS + " view { ... on DaredevilRockView { turn actionsLeft } }"


def choose(view: dict | None, legal_moves: list[LegalMove]) -> LegalMove:
    return random.choice(legal_moves)


async def main() -> None:
    async with Client(URL) as client:
        client.token = (await client.register("example bot")).token
        table = await client.quick_match(GAME, seats=2, options=json.loads(OPTIONS))
        async for queue in client.quick_match_updates(table.match_id):
            print(f"table {queue.match_id}: {queue.state}, {queue.seated} of {queue.seats} seated")
        if queue.state != MATCHED:
            return
        async for update in client.follow(table.match_id, fields=FIELDS):
            if update.legal_moves:
                move = choose(update.view, update.legal_moves)
                result = await client.submit(table.match_id, move, expected_version=update.version)
                print(f"v{update.version} {move.label}: {'played' if result.accepted else result.code}")
        print(update.status, "winners:", update.outcome.winners if update.outcome else None)


asyncio.run(main())
