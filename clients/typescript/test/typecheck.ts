// Compiled, never run: `tsc --strict` over this file is the test. What a page does with the generated
// types must typecheck without a cast.
import type {
  FollowMatchSubscription,
  MatchViewQuery,
  MoveMutationVariables,
  SubmitMoveMutationVariables,
} from "../src/generated/graphql.js";

/** The docs' walkthrough: a legal move's input goes back as `$move` unchanged. */
export function docsMove(view: MatchViewQuery): MoveMutationVariables | null {
  const legal = view.match?.legalMoves[0];
  return legal ? { move: legal.input } : null;
}

/** The play page's SubmitMove, from a live update's legal moves. */
export function pageMove(update: FollowMatchSubscription, id: string): SubmitMoveMutationVariables | null {
  const legal = update.matchUpdates.legalMoves[0];
  return legal ? { id, move: legal.input, version: update.matchUpdates.version } : null;
}

/** A view narrows by its __typename to the game's fields. */
export function activeSeat(view: MatchViewQuery): number | null {
  const shown = view.match?.view;
  return shown?.__typename === "DaredevilRockView" ? shown.active : null;
}
