// follow.ts against the real server: the socket is cut mid-match, graphql-ws reconnects on its own, and
// the events seen are still exactly 1..N, each once, in order; the stream completes when the match ends.
import assert from "node:assert/strict";
import { test } from "node:test";
import type WebSocket from "ws";

import { followMatch } from "../src/follow.js";
import type { FollowMatchSubscription } from "../src/generated/graphql.js";
import { matchVersion, playFirstMove, resign, soloMatch, until, wsClient } from "./server.js";

// The frontend guide's FollowMatch (operations/docs.graphql), whose generated type the updates have.
const FOLLOW_MATCH = `subscription FollowMatch($matchId: ID!, $afterVersion: Int) {
  matchUpdates(matchId: $matchId, afterVersion: $afterVersion) {
    version
    status
    outcome { winners reason }
    events { seq type seat data byStandIn }
    seats { index connected standIn }
    view { version ... on DaredevilRockView { active turn actionsLeft } }
    legalMoves { label input }
  }
}`;

type Update = FollowMatchSubscription["matchUpdates"];

test("followMatch sees every event once, in order, across a cut socket", async () => {
  const { id, token } = await soloMatch();
  const sockets: WebSocket[] = [];
  const client = wsClient({
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 20,
    retryWait: () => new Promise((resolve) => setTimeout(resolve, 100)),
    on: { connected: (socket) => void sockets.push(socket as WebSocket) },
  });
  const seqs: number[] = [];
  const updates: Update[] = [];
  let completed = false;
  let failed: unknown = null;
  const following = followMatch<Update>(client, {
    query: FOLLOW_MATCH,
    matchId: id,
    afterVersion: 0,
    onUpdate: (update) => {
      updates.push(update);
      seqs.push(...update.events.map((event) => event.seq));
    },
    onComplete: () => void (completed = true),
    onError: (error) => void (failed = error),
  });
  try {
    await until(() => updates.length > 0, 10_000, "the first update");
    let version = 0;
    for (let move = 0; move < 12; move += 1) {
      const played = await playFirstMove(id, token);
      // A solo climb can end the match after as few as 6 moves (the deal decides): the cuts come first.
      if (played === null) break;
      version = played;
      if (move === 1 || move === 3) {
        // Cut the connection under the client, as a network would: no close frame, no goodbye.
        await until(() => following.version === version, 10_000, `version ${version}`);
        sockets.at(-1)!.terminate();
      }
    }
    await resign(id, token);
    await until(() => completed || failed !== null, 20_000, "the stream's end");
    assert.equal(failed, null);
    const final = await matchVersion(id);
    assert.notEqual(final.status, "ACTIVE");
    assert.ok(sockets.length >= 3, `reconnected twice (${sockets.length} connections)`);
    assert.deepEqual(
      seqs,
      Array.from({ length: final.version }, (_, index) => index + 1),
    );
    assert.equal(updates.at(-1)!.status, final.status);
  } finally {
    following.stop();
    await client.dispose();
  }
});
