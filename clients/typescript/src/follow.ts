// Following a match over the official graphql-ws client, across reconnects, with nothing twice.
//
// graphql-ws retries a dropped connection on its own (retryAttempts, default 5) and then sends every
// active subscription again, with the payload it was first given. For matchUpdates that is the original
// `afterVersion`: the first update after a reconnect would repeat every event since then. Here the
// payload's `afterVersion` is a getter that reads the last version received: graphql-ws serializes the
// payload each time it (re)subscribes, so its own retry resubscribes from where the client is. As a
// guard (an update already in flight when the socket dropped), an update older than the last one is
// dropped, and events whose `seq` was already delivered are filtered out: `onUpdate` sees every event
// once, in order.
//
// The server completes matchUpdates after the update that brings the match to FINISHED or ABORTED:
// `onComplete` is called then. A refusal (GraphQL errors, or a close graphql-ws does not retry, such as
// 4401 INVALID_TOKEN) reaches `onError`, and the following stops.
import type { Client } from "graphql-ws";

/** What the helper reads of an update: select at least `version` and `events { seq }`. */
export interface FollowedUpdate {
  version: number;
  events: ReadonlyArray<{ seq: number }>;
}

export interface FollowOptions<TUpdate extends FollowedUpdate> {
  /**
   * A matchUpdates subscription taking `$matchId: ID!` and `$afterVersion: Int`, e.g. the frontend
   * guide's FollowMatch (its type: FollowMatchSubscription["matchUpdates"]).
   */
  query: string;
  matchId: string;
  /** The last version the caller already has (0: from the first event; null: from now on). */
  afterVersion?: number | null;
  /** Other variables of `query`. */
  variables?: Record<string, unknown>;
  /** Each update, with only the events not delivered before. */
  onUpdate: (update: TUpdate) => void;
  /** The match is over: its last update came (FINISHED or ABORTED). */
  onComplete?: () => void;
  /** A refusal or a connection graphql-ws gave up on; nothing more comes. */
  onError?: (error: unknown) => void;
}

export interface Following {
  /** The last version received (null: none yet, and no afterVersion given). */
  readonly version: number | null;
  /** Stop following. */
  stop(): void;
}

export function followMatch<TUpdate extends FollowedUpdate>(
  client: Client,
  options: FollowOptions<TUpdate>,
): Following {
  let last: number | null = options.afterVersion ?? null;
  let stopped = false;
  const variables = {
    ...options.variables,
    matchId: options.matchId,
    // Read whenever graphql-ws sends the subscription: at first, and again after each reconnect.
    get afterVersion(): number | null {
      return last;
    },
  };
  const dispose = client.subscribe<{ matchUpdates: TUpdate }>(
    { query: options.query, variables },
    {
      next(result) {
        if (stopped) return;
        if (result.errors?.length) {
          finish();
          options.onError?.(result.errors);
          return;
        }
        const update = result.data?.matchUpdates;
        if (!update) return;
        const seen = last;
        if (seen !== null && update.version < seen) return; // a replay of what came before
        const events = seen === null ? update.events : update.events.filter((event) => event.seq > seen);
        last = seen === null ? update.version : Math.max(seen, update.version);
        options.onUpdate(events === update.events ? update : { ...update, events });
      },
      error(error) {
        if (stopped) return;
        finish();
        options.onError?.(error);
      },
      complete() {
        if (stopped) return;
        finish();
        options.onComplete?.();
      },
    },
  );
  const finish = () => {
    stopped = true;
  };
  return {
    get version() {
      return last;
    },
    stop() {
      if (stopped) return;
      finish();
      dispose();
    },
  };
}
