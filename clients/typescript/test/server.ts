// What the tests share: the server under test (CLIFFSIDE_URL, set by tests/clients/typescript) and a
// few plain GraphQL-over-HTTP calls to set a match up.
import WebSocket from "ws";
import { createClient, type Client, type ClientOptions } from "graphql-ws";

import type { MoveInput } from "../src/generated/graphql.js";

export const base = process.env.CLIFFSIDE_URL ?? "http://127.0.0.1:8000";
export const httpUrl = `${base}/graphql/`;
export const wsUrl = httpUrl.replace(/^http/, "ws");

export async function graphql<T = any>(
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const response = await fetch(httpUrl, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/graphql-response+json, application/json;q=0.9",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (!response.ok || body.errors?.length) {
    throw new Error(`${response.status} ${JSON.stringify(body.errors ?? body)}`);
  }
  return body.data as T;
}

let players = 0;

export async function register(): Promise<string> {
  const name = `ts-${process.pid}-${Date.now() % 100000}-${++players}`;
  const data = await graphql<{ registerPlayer: { token: string } }>(
    "mutation Register($name: String!) { registerPlayer(name: $name) { token } }",
    { name },
  );
  return data.registerPlayer.token;
}

/** A started solitaire Daredevil Rock match of a new player: its id and the player's token. */
export async function soloMatch(options: Record<string, unknown> = {}): Promise<{ id: string; token: string }> {
  const token = await register();
  const created = await graphql<{ createMatch: { match: { id: string } } }>(
    `mutation Create($options: JSON) { createMatch(game: "daredevil-rock", options: $options) {
      match { id } error { code message } } }`,
    { options },
    token,
  );
  const id = created.createMatch.match.id;
  await graphql(
    "mutation Start($id: ID!) { startMatch(matchId: $id) { match { status } error { code message } } }",
    { id },
    token,
  );
  return { id, token };
}

/** Makes the first legal move; the match's version after it (null: the player has none, e.g. the
 * match is over). */
export async function playFirstMove(id: string, token: string): Promise<number | null> {
  const now = await graphql<{ match: { version: number; legalMoves: { input: MoveInput }[] } }>(
    "query Moves($id: ID!) { match(id: $id) { version legalMoves { input } } }",
    { id },
    token,
  );
  const move = now.match.legalMoves[0];
  if (!move) return null;
  const played = await graphql<{ submitMove: { __typename: string; version?: number; code?: string } }>(
    `mutation Play($id: ID!, $move: MoveInput!, $version: Int, $key: String) {
      submitMove(matchId: $id, move: $move, expectedVersion: $version, idempotencyKey: $key) {
        __typename ... on MoveAccepted { version } ... on MoveRejected { code message } } }`,
    { id, move: move.input, version: now.match.version, key: `${id}-${now.match.version}` },
    token,
  );
  if (played.submitMove.__typename !== "MoveAccepted") throw new Error(JSON.stringify(played));
  return played.submitMove.version!;
}

export async function resign(id: string, token: string): Promise<void> {
  await graphql(
    "mutation Resign($id: ID!) { resign(matchId: $id) { match { status } error { code message } } }",
    { id },
    token,
  );
}

export async function matchVersion(id: string): Promise<{ version: number; status: string }> {
  const data = await graphql<{ match: { version: number; status: string } }>(
    "query Version($id: ID!) { match(id: $id) { version status } }",
    { id },
  );
  return data.match;
}

/** The official client, on Node's `ws`. */
export function wsClient(options: Partial<ClientOptions> = {}): Client {
  return createClient({ url: wsUrl, webSocketImpl: WebSocket, lazy: true, ...options });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check()` is true; fails after `ms`. */
export async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
