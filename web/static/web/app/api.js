// The service's public GraphQL API, as any third-party frontend calls it: queries and mutations over
// fetch, live updates over graphql-ws. The player's token lives in localStorage, so a page reload (or a
// second tab) stays the same player.
import { createClient } from "graphql-ws";

const TOKEN_KEY = "cliffside.token";
const PLAYER_KEY = "cliffside.player";
const RETRY_MS = [500, 1000, 2000, 5000]; // back-off of a dropped subscription, then every 5 s

// The page tells us where the API is (base.html puts it on <main>); the default is the service's own.
const GRAPHQL_URL = document.getElementById("app")?.dataset.graphqlUrl || "/graphql/";

// One error type the pages can show: `code` is the service's stable code (UserError, MoveRejected, a
// GraphQL error's extensions.code), `kind` tells where it came from.
export class ApiError extends Error {
  constructor(kind, code, message, retryAfter = null) {
    super(message);
    this.name = "ApiError";
    this.kind = kind; // "graphql" | "user" | "move" | "network"
    this.code = code || "ERROR";
    this.retryAfter = retryAfter;
  }
}

export const token = () => localStorage.getItem(TOKEN_KEY);

// The player this browser registered as ({id, name}), or null.
export function storedPlayer() {
  try {
    return JSON.parse(localStorage.getItem(PLAYER_KEY) || "null");
  } catch {
    return null;
  }
}

function authHeaders() {
  const bearer = token();
  return bearer ? { Authorization: `Bearer ${bearer}` } : {};
}

function fromGraphQLErrors(errors) {
  const first = errors[0] || {};
  const extensions = first.extensions || {};
  return new ApiError("graphql", extensions.code, first.message || "The request failed.", extensions.retryAfter);
}

// POST one document; resolves to `data`, rejects with an ApiError.
export async function query(doc, variables = {}) {
  let response;
  try {
    response = await fetch(GRAPHQL_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...authHeaders() },
      body: JSON.stringify({ query: doc, variables }),
    });
  } catch (error) {
    throw new ApiError("network", "NETWORK", `The service cannot be reached (${error.message}).`);
  }
  const body = await response.json().catch(() => null);
  if (body?.errors?.length) throw fromGraphQLErrors(body.errors);
  if (!response.ok || !body) throw new ApiError("network", `HTTP_${response.status}`, `The service answered ${response.status}.`);
  return body.data;
}

// A mutation payload's typed refusal becomes a thrown ApiError, so pages handle every failure alike:
// `{match, error: UserError}` payloads and the `MoveRejected` member of SubmitMoveResult.
export function checked(payload) {
  if (payload?.error) throw new ApiError("user", payload.error.code, payload.error.message, payload.error.retryAfter);
  if (payload?.__typename === "MoveRejected") throw new ApiError("move", payload.code, payload.message, payload.retryAfter);
  return payload;
}

// A mutation whose single root field returns a payload: its data, or the thrown refusal.
export async function mutate(doc, variables = {}) {
  const data = await query(doc, variables);
  return checked(Object.values(data)[0]);
}

// ---- the player --------------------------------------------------------------------------------------

export async function me() {
  if (!token()) return null;
  const data = await query("query Me { me { id name } }");
  if (!data.me) logout(); // a token the service no longer knows: forget it
  return data.me;
}

export async function register(name) {
  const data = await query(
    "mutation Register($name: String!) { registerPlayer(name: $name) { player { id name } token } }",
    { name },
  );
  const { player, token: issued } = data.registerPlayer;
  localStorage.setItem(TOKEN_KEY, issued); // shown once by the service: this is the only copy
  localStorage.setItem(PLAYER_KEY, JSON.stringify(player));
  restartSocket(); // the socket authenticates at connection_init: a new player needs a new one
  return player;
}

export function logout() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(PLAYER_KEY);
  restartSocket();
}

// The games the service hosts, asked once per page.
let gamesPromise = null;
export function games() {
  gamesPromise ??= query(
    "query Games { games { key name designer minPlayers maxPlayers summary optionsSchema bots } }",
  ).then(
    (data) => data.games,
    (error) => {
      gamesPromise = null; // asked again by the next caller
      throw error;
    },
  );
  return gamesPromise;
}

// ---- subscriptions -----------------------------------------------------------------------------------

let client = null;

function socketUrl() {
  const url = new URL(GRAPHQL_URL, location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

function socket() {
  // retryAttempts 0: graphql-ws would resubscribe with the first variables; we resubscribe ourselves
  // with afterVersion = the last version seen, so nothing is missed and nothing comes twice.
  client ??= createClient({
    url: socketUrl(),
    lazy: true,
    retryAttempts: 0,
    connectionParams: () => (token() ? { authorization: `Bearer ${token()}` } : {}),
  });
  return client;
}

function restartSocket() {
  const old = client;
  client = null;
  old?.dispose();
}

// Subscribe to `doc`; `onNext(data)` for each message. The root field's `version` is remembered, and a
// dropped connection resubscribes with `afterVersion` = that version. `onError(ApiError)` for a refusal
// (the subscription then stops). Returns the function that stops it.
export function subscribe(doc, variables, onNext, onError = () => {}) {
  let run = 0; // each (re)subscription's number: callbacks of a cancelled one are ignored
  let cancel = () => {};
  let failures = 0;
  let last = variables.afterVersion ?? null;

  const stop = () => {
    run = -1;
    cancel();
  };
  const start = () => {
    if (run < 0) return;
    const mine = ++run;
    const live = (handler) => (value) => mine === run && handler(value);
    cancel = socket().subscribe(
      { query: doc, variables: { ...variables, afterVersion: last } },
      {
        next: live((message) => {
          failures = 0;
          if (message.errors?.length) return fail(fromGraphQLErrors(message.errors));
          const root = Object.values(message.data || {})[0];
          if (typeof root?.version === "number") last = root.version;
          onNext(message.data);
        }),
        // An array is the server's refusal; anything else (a CloseEvent) is a dropped connection.
        error: live((error) => (Array.isArray(error) ? fail(fromGraphQLErrors(error)) : retry())),
        // The server completes matchUpdates after a match's last update (FINISHED or ABORTED), and
        // quickMatchUpdates after MATCHED or CANCELLED: nothing more will come.
        complete: live(() => stop()),
      },
    );
  };
  const fail = (error) => {
    if (error.code === "SERVICE_UNAVAILABLE" || error.retryAfter) return retry();
    stop();
    onError(error);
  };
  const retry = () => {
    run += 1; // the old subscription's late callbacks no longer count
    cancel();
    const wait = RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)];
    setTimeout(start, wait);
  };
  start();
  return stop;
}
