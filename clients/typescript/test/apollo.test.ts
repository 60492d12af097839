// Apollo Client 4 against the real server, with and without the cache settings that ship here
// (src/cache.ts): GameView fields survive the cache only with the generated possibleTypes, a move's
// answer updates the page's cached view without a refetch, and a refusal arrives as GraphQL errors
// with their code (application/graphql-response+json), not as an opaque ServerError.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ApolloClient, CombinedGraphQLErrors, HttpLink, InMemoryCache, gql } from "@apollo/client";

import { cacheConfig } from "../src/cache.js";
import type { LegalMove, SubmitMoveMutationVariables } from "../src/generated/graphql.js";
import { httpUrl, soloMatch } from "./server.js";

// The page's view of a match: a fragment on the interface, and one on the game's view.
const VIEW = gql`
  fragment TableView on GameView {
    game
    version
    ... on DaredevilRockView { active turn actionsLeft }
  }
`;

const TABLE = gql`
  query Table($id: ID!) {
    match(id: $id) { id version status view { ...TableView } legalMoves { label input } }
  }
  ${VIEW}
`;

// The move's answer brings the match back with the same selection: the cache updates Match:<id>.
const SUBMIT = gql`
  mutation SubmitMove($id: ID!, $move: MoveInput!, $version: Int) {
    submitMove(matchId: $id, move: $move, expectedVersion: $version) {
      __typename
      ... on MoveAccepted { version match { id version status view { ...TableView } legalMoves { label input } } }
      ... on MoveRejected { code message }
    }
  }
  ${VIEW}
`;

interface Table {
  match: {
    id: string;
    version: number;
    status: string;
    view: { __typename: string; game?: string; version?: number; active?: number } | null;
    legalMoves: Pick<LegalMove, "label" | "input">[];
  } | null;
}

function apollo(token: string, cache: InMemoryCache) {
  const sent: string[] = [];
  const link = new HttpLink({
    uri: httpUrl,
    headers: { authorization: `Bearer ${token}` },
    fetch: (url, init) => {
      sent.push(JSON.parse(String(init?.body)).operationName);
      return fetch(url, init);
    },
  });
  return { client: new ApolloClient({ link, cache }), sent };
}

test("without possibleTypes Apollo drops the GameView fields; with them it keeps them", async () => {
  const { id, token } = await soloMatch();
  const bare = apollo(token, new InMemoryCache());
  const warnings: unknown[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args);
  try {
    const without = await bare.client.query<Table>({ query: TABLE, variables: { id }, fetchPolicy: "network-only" });
    const view = without.data?.match?.view;
    assert.ok(view === undefined || view?.game === undefined, `kept ${JSON.stringify(view)}`);
  } finally {
    console.warn = warn;
  }
  const set = apollo(token, new InMemoryCache(cacheConfig));
  const kept = await set.client.query<Table>({ query: TABLE, variables: { id } });
  assert.equal(kept.data?.match?.view?.game, "daredevil-rock");
  assert.equal(kept.data?.match?.view?.version, kept.data?.match?.version);
});

test("a move's answer updates the cached view: the page's query is not sent again", async () => {
  const { id, token } = await soloMatch();
  const { client, sent } = apollo(token, new InMemoryCache(cacheConfig));
  const seen: Table[] = [];
  const watched = client.watchQuery<Table>({ query: TABLE, variables: { id } });
  const subscription = watched.subscribe((result) => {
    if (result.data && result.dataState === "complete") seen.push(result.data as Table);
  });
  try {
    const first = (await watched.refetch()).data as Table;
    const before = first.match!;
    const legal = before.legalMoves[0]!;
    // LegalMove.input is typed MoveInput: it goes back as $move unchanged, no cast.
    const variables: SubmitMoveMutationVariables = { id, move: legal.input, version: before.version };
    const answer = await client.mutate<{ submitMove: { __typename: string } }>({ mutation: SUBMIT, variables });
    assert.equal(answer.data?.submitMove.__typename, "MoveAccepted");
    const after = seen.at(-1)!.match!;
    assert.ok(after.version > before.version, `still at ${after.version}`);
    assert.equal(after.view?.version, after.version);
    assert.deepEqual(
      sent.filter((name) => name === "Table").length,
      1,
      `requests: ${sent.join(", ")}`,
    );
  } finally {
    subscription.unsubscribe();
    client.stop();
  }
});

test("deadlines and cards are no entities: each match keeps its own", async () => {
  // A Deadline's id ("turn-1") is per match: normalized, two matches' deadlines would be one object.
  const DEADLINE = gql`query Deadline($id: ID!) { match(id: $id) { id deadline { id at kind } } }`;
  const one = await soloMatch({ turnSeconds: 300 });
  const two = await soloMatch({ turnSeconds: 900 });
  for (const [config, shared] of [[{ possibleTypes: cacheConfig.possibleTypes }, true], [cacheConfig, false]] as const) {
    const { client } = apollo(one.token, new InMemoryCache(config));
    type Answer = { match: { deadline: { id: string; at: string } | null } | null };
    const first = await client.query<Answer>({ query: DEADLINE, variables: { id: one.id } });
    const other = await client.query<Answer>({ query: DEADLINE, variables: { id: two.id } });
    const again = await client.query<Answer>({ query: DEADLINE, variables: { id: one.id } });
    const [before, after] = [first.data?.match?.deadline, again.data?.match?.deadline];
    assert.equal(before?.id, other.data?.match?.deadline?.id); // "turn-1" in both matches
    assert.equal(after?.at === before?.at, !shared, `${before?.at} then ${after?.at}`);
    client.stop();
  }
});

test("a refused token is a GraphQL error with its code, not a ServerError", async () => {
  const { client } = apollo("not-a-token", new InMemoryCache(cacheConfig));
  const failure = await client
    .query({ query: gql`query Me { me { id } }`, fetchPolicy: "network-only" })
    .then(
      (result) => result.error,
      (error: unknown) => error,
    );
  assert.ok(CombinedGraphQLErrors.is(failure), `got ${String(failure)}`);
  assert.equal(failure.errors[0]?.extensions?.code, "INVALID_TOKEN");
});
