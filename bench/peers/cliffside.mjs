// Cliffside as a frontend following the README reaches it: GraphQL over HTTP and one
// graphql-transport-ws socket per player (graphql-ws over ws), authenticated in connection_init.
// The documents are those of bench/documents.py.

import http from 'node:http';

import { gated } from './io.mjs';
import { need } from './modules.mjs';

const { createClient } = need('graphql-ws');
const WebSocket = need('ws');

export const ANSWER_MS = 60_000; // a request or an update slower than this is a broken run, not a slow one
export const AT_ONCE = 16; // players registered, lobbies opened, sockets connected at a time while setting up

export const REGISTER = 'mutation($name: String!) { registerPlayer(name: $name) { token player { id } } }';
const CREATE =
  'mutation($game: String!, $options: JSON) { createMatch(game: $game, options: $options) ' +
  '{ match { id } error { code message } } }';
const JOIN = 'mutation($id: ID!) { joinMatch(matchId: $id) { match { id } error { code message } } }';
const START = 'mutation($id: ID!) { startMatch(matchId: $id) { match { version } error { code message } } }';
const RESIGN = 'mutation($id: ID!) { resign(matchId: $id) { error { code } } }';
export const SUBMIT =
  'mutation($id: ID!, $move: MoveInput!, $version: Int, $key: String) ' +
  '{ submitMove(matchId: $id, move: $move, expectedVersion: $version, idempotencyKey: $key) ' +
  '{ __typename ... on MoveAccepted { version } ... on MoveRejected { code message } } }';
export const MOVES = 'query($id: ID!) { match(id: $id) { status version legalMoves { input } } }';
// The live client's subscription: its legal moves come with each update.
export const UPDATES =
  'subscription($id: ID!) { matchUpdates(matchId: $id) { version status legalMoves { input } } }';
// The live figure's: each event's `at` (when the service took the move in); a spectator has no moves.
export const EVENTS = 'subscription($id: ID!) { matchUpdates(matchId: $id) { version status events { seq at } } }';
export const EVENTS_AND_MOVES =
  'subscription($id: ID!) { matchUpdates(matchId: $id) { version status events { seq at } legalMoves { input } } }';

function data(payload, what) {
  if (payload.errors?.length) throw new Error(`${what}: GraphQL errors: ${JSON.stringify(payload.errors)}`);
  return payload.data;
}

// node:http with kept-alive connections, not fetch: with fetch the load generator spent 0.58 ms of CPU
// per move over HTTP (27% of a core at 474 moves/s, Daredevil Rock), on the same two cores as the
// server it measures; with node:http, 0.17-0.24 ms. A browser's requests cost the server the same.
const agent = new http.Agent({ keepAlive: true });

export class Http {
  constructor(base) {
    this.url = new URL(`${base}/graphql/`);
  }

  // A request sent on a kept-alive connection that the server had just closed for idleness never
  // reached it: sent again once, on a new connection, as browsers do. Moves carry no idempotency key,
  // like the peer's: a key costs the server a read and a write per move.
  async execute(query, variables = {}, token = null) {
    try {
      return await this.post(query, variables, token);
    } catch (error) {
      if (!error.reusedSocket || error.code !== 'ECONNRESET') throw error;
      return await this.post(query, variables, token);
    }
  }

  post(query, variables, token) {
    const body = JSON.stringify({ query, variables });
    const headers = { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) };
    if (token) headers.Authorization = `Bearer ${token}`;
    return new Promise((resolve, reject) => {
      const request = http.request(this.url, { method: 'POST', headers, agent, timeout: ANSWER_MS }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200) return reject(new Error(`HTTP ${response.statusCode}: ${text.slice(0, 300)}`));
          try {
            resolve(data(JSON.parse(text), 'HTTP'));
          } catch (error) {
            reject(error);
          }
        });
      });
      request.on('timeout', () => request.destroy(new Error(`no answer over HTTP in ${ANSWER_MS} ms`)));
      request.on('error', (error) => {
        error.reusedSocket = request.reusedSocket;
        reject(error);
      });
      request.end(body);
    });
  }
}

// One player's socket, open once `connected` resolves.
export class Socket {
  constructor(base, token) {
    const url = `${base.replace(/^http/, 'ws')}/graphql/`;
    this.closed = false;
    this.connected = new Promise((resolve, reject) => {
      this.client = createClient({
        url,
        webSocketImpl: WebSocket,
        connectionParams: token ? { authorization: `Bearer ${token}` } : {},
        lazy: false,
        retryAttempts: 0,
        onNonLazyError: (error) => reject(new Error(`socket: ${error?.reason ?? error?.message ?? error}`)),
        on: { connected: () => resolve() },
      });
    });
  }

  // A subscription: `next(data)` on each update (after its arrival is stamped), `failed(error)` once,
  // `completed()` when the server completes it. Never unsubscribe on a match's last update: the server
  // completes the subscription then, and graphql-ws 6.4.2 counts a subscription released twice when
  // its unsubscribe and the server's `complete` come in one read of the socket, and at a count of
  // zero closes the socket under the player's other subscriptions (docs/frontend.md, Live updates).
  follow(query, variables, next, failed, completed = () => {}) {
    return this.client.subscribe(
      { query, variables },
      {
        next: (payload) => {
          try {
            next(data(payload, 'subscription'));
          } catch (error) {
            failed(error);
          }
        },
        error: (error) => failed(new Error(`subscription: ${JSON.stringify(error?.reason ?? error)}`)),
        complete: completed,
      },
    );
  }

  // A query or mutation over the socket: its one result.
  execute(query, variables) {
    return new Promise((resolve, reject) => {
      let answered = false;
      const timer = setTimeout(() => reject(new Error(`no answer over the socket in ${ANSWER_MS} ms`)), ANSWER_MS);
      this.client.subscribe(
        { query, variables },
        {
          next: (payload) => {
            answered = true;
            clearTimeout(timer);
            try {
              resolve(data(payload, 'socket'));
            } catch (error) {
              reject(error);
            }
          },
          error: (error) => {
            clearTimeout(timer);
            reject(new Error(`socket: ${JSON.stringify(error?.reason ?? error)}`));
          },
          complete: () => {
            if (!answered) {
              clearTimeout(timer);
              reject(new Error('socket: completed without a result'));
            }
          },
        },
      );
    });
  }

  async close() {
    this.closed = true;
    await this.client.dispose();
  }
}

export async function register(http, count, name) {
  return gated(count, AT_ONCE, async (number) => {
    const registered = (await http.execute(REGISTER, { name: `${name} ${number}` })).registerPlayer;
    return { id: registered.player.id, token: registered.token };
  });
}

function payload(answer, field) {
  const result = answer[field];
  if (result.error) throw new Error(`${field}: ${result.error.code} ${result.error.message}`);
  return result.match;
}

// A match of `game` hosted by the first player, every other one seated, started.
export async function openMatch(http, players, game) {
  const [host, ...guests] = players;
  const created = await http.execute(CREATE, { game, options: null }, host.token);
  const matchId = payload(created, 'createMatch').id;
  for (const guest of guests) payload(await http.execute(JOIN, { id: matchId }, guest.token), 'joinMatch');
  payload(await http.execute(START, { id: matchId }, host.token), 'startMatch');
  return matchId;
}

// The benchmark is done with a match: resigned, so its timers do not fire into the next figures.
export async function resign(http, player, matchId) {
  await http.execute(RESIGN, { id: matchId }, player.token);
}
