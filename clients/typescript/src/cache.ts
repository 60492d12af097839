// Apollo Client (3 and 4) cache settings for the Cliffside schema: `new InMemoryCache(cacheConfig)`.
//
// possibleTypes: Match.view and MatchUpdate.view are a GameView (an interface) and submitMove answers a
// union. Without the map, Apollo cannot tell that a DaredevilRockView is a GameView: the fields of a
// fragment on GameView are dropped from the cache without a word, the query reads back incomplete, and
// Apollo goes to the network again. Introspection is off in production, so the map is generated from
// schema.graphql (src/generated/possibleTypes.ts) and ships here.
//
// Identity. A Match (and a Player) is an entity: `Match:<id>`, Apollo's default. A view is not: it is
// what one caller may see of one match at one version, with no id of its own (a view's `version` is the
// same number in every match), so the view types have `keyFields: false` and live inside their Match,
// under `view` (and `view({"atVersion":…})` for a replay's). What a move changes then lands where the
// page reads it: a submitMove whose MoveAccepted selects `match { id version view { …the page's fields… }
// legalMoves { label input } }` rewrites Match:<id> in place, and the page's query is answered from the
// cache with no refetch. Merging the view: the same version is the same view (the fields of both
// selections are kept); a new version replaces the old one whole, so no field of an older version
// survives beside a newer one's.
//
// Not entities either, though they have an `id` that would make Apollo normalize them: a Deadline's id
// ("turn", "lobby", …) is per match, and a card's id is per game and often 0 for a hidden copy
// (Racesmack, Cliffs n' Cactuses): normalized, every match's "turn" deadline and every hidden card would
// be one object.
import type { FieldMergeFunction, InMemoryCacheConfig, TypePolicies } from "@apollo/client";

import generated from "./generated/possibleTypes.js";

export const possibleTypes: Record<string, string[]> = generated.possibleTypes;

/** Same view (type and version): keep the fields of both; else the incoming view, whole. */
export const mergeView: FieldMergeFunction = (existing, incoming, { readField, mergeObjects }) => {
  if (
    existing &&
    incoming &&
    readField("__typename", existing) === readField("__typename", incoming) &&
    readField("version", existing) === readField("version", incoming)
  ) {
    return mergeObjects(existing, incoming);
  }
  return incoming;
};

const embedded = { keyFields: false } as const;

export const typePolicies: TypePolicies = {
  Match: {
    fields: {
      view: { merge: mergeView },
      // Lists of values without identity: the newest answer is the whole answer.
      legalMoves: { merge: false },
      seats: { merge: false },
      waitingOn: { merge: false },
    },
  },
  MatchUpdate: embedded,
  Deadline: embedded,
  CliffsNCactusesCard: embedded,
  RacesmackCard: embedded,
  ...Object.fromEntries((possibleTypes.GameView ?? []).map((name) => [name, embedded])),
};

/** `new InMemoryCache(cacheConfig)`; spread it to add settings of your own. */
export const cacheConfig = { possibleTypes, typePolicies } satisfies InMemoryCacheConfig;
