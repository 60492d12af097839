// The GraphQL-over-HTTP reference audits (graphql-http's serverAudits) against the real server: every
// MUST and SHOULD holds (no error, no warning). Three audits use `__type`, so the server under test
// runs with GRAPHQL_INTROSPECTION on.
import assert from "node:assert/strict";
import { test } from "node:test";

import { serverAudits } from "graphql-http";

import { httpUrl } from "./server.js";

for (const audit of serverAudits({ url: httpUrl })) {
  test(`${audit.id} ${audit.name}`, async () => {
    const result = await audit.fn();
    assert.equal(result.status, "ok", "reason" in result ? result.reason : "");
  });
}
