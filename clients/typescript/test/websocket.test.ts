// The official graphql-ws client against the server's WebSocket: a refused token fails at once with a
// close the client does not retry (its reason names the code), and matchUpdates completes once a match
// is over.
import assert from "node:assert/strict";
import { test } from "node:test";

import { graphql, playFirstMove, register, resign, soloMatch, until, wsClient } from "./server.js";

const FOLLOW = `subscription Follow($id: ID!, $after: Int) {
  matchUpdates(matchId: $id, afterVersion: $after) { version status events { seq } } }`;

interface Closed {
  code: number;
  reason: string;
}

/** Subscribes with the client's default retry policy (5 attempts); how it ends, and when. */
async function refusedWithin(connectionParams: Record<string, unknown>, id: string, act?: () => Promise<void>) {
  let tries = 0;
  const client = wsClient({ connectionParams, on: { connecting: () => void (tries += 1) } });
  const started = Date.now();
  let ended: { error: unknown; ms: number } | null = null;
  let nexts = 0;
  client.subscribe(
    { query: FOLLOW, variables: { id, after: 0 } },
    {
      next: () => void (nexts += 1),
      error: (error) => void (ended = { error, ms: Date.now() - started }),
      complete: () => void (ended = { error: "completed", ms: Date.now() - started }),
    },
  );
  if (act) {
    await until(() => nexts > 0, 10_000, "the first update");
    await act();
  }
  await until(() => ended !== null, 10_000, "the subscription to end");
  await client.dispose();
  return { ...(ended as unknown as { error: Closed; ms: number }), tries };
}

test("a bad token in connection_init: 4401 INVALID_TOKEN within 2 s, never retried", async () => {
  const { id } = await soloMatch();
  const result = await refusedWithin({ authorization: "Bearer not-a-token" }, id);
  assert.equal(result.error.code, 4401);
  assert.equal(JSON.parse(result.error.reason).code, "INVALID_TOKEN");
  assert.ok(result.ms < 2000, `failed after ${result.ms} ms`);
  assert.equal(result.tries, 1);
});

test("a token rotated away closes its sockets: 4401 TOKEN_REVOKED, never retried", async () => {
  const { id, token } = await soloMatch();
  const result = await refusedWithin({ authorization: `Bearer ${token}` }, id, async () => {
    await graphql("mutation Rotate { rotateToken { token error { code } } }", {}, token);
  });
  assert.equal(result.error.code, 4401);
  assert.equal(JSON.parse(result.error.reason).code, "TOKEN_REVOKED");
  assert.equal(result.tries, 1);
});

test("matchUpdates completes after the final update of a match", async () => {
  const { id, token } = await soloMatch();
  await playFirstMove(id, token);
  const client = wsClient({ connectionParams: { authorization: `Bearer ${await register()}` } });
  const statuses: string[] = [];
  let completed = false;
  let failed: unknown = null;
  client.subscribe<{ matchUpdates: { status: string } }>(
    { query: FOLLOW, variables: { id, after: 0 } },
    {
      next: (result) => void statuses.push(result.data!.matchUpdates.status),
      error: (error) => void (failed = error),
      complete: () => void (completed = true),
    },
  );
  try {
    await until(() => statuses.length > 0, 10_000, "the first update");
    assert.equal(completed, false);
    await resign(id, token);
    await until(() => completed || failed !== null, 15_000, "complete");
    assert.equal(failed, null);
    assert.equal(statuses.at(-1), "FINISHED");
    // A subscriber who comes after the end gets the final update, then complete.
    const late: string[] = [];
    let lateDone = false;
    client.subscribe<{ matchUpdates: { status: string } }>(
      { query: FOLLOW, variables: { id, after: 0 } },
      { next: (r) => void late.push(r.data!.matchUpdates.status), error: () => {}, complete: () => void (lateDone = true) },
    );
    await until(() => lateDone, 10_000, "the late subscriber's complete");
    assert.deepEqual(late, ["FINISHED"]);
  } finally {
    await client.dispose();
  }
});
