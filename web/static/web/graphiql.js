// GraphiQL for /graphql/, from the vendored React, ReactDOM and GraphiQL (UMD globals; see
// vendor/README.md). Queries go over HTTP; subscriptions over a WebSocket (graphql-transport-ws) to the
// same URL, whose connection_init payload carries the Headers pane, so
// {"Authorization": "Bearer <token>"} acts as that player on both.
// The URL keeps the editors: ?q=<query>&variables=<json> (as strawberry's own page; not ?query=, which
// /graphql/ runs as a GET query).
(function () {
  "use strict";
  const root = document.getElementById("graphiql");
  const url = new URL(root.dataset.graphqlUrl, window.location.href);
  const subscriptionUrl = new URL(url);
  subscriptionUrl.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  const parameters = new URLSearchParams(window.location.search);

  const fetcher = GraphiQL.createFetcher({ url: url.href, subscriptionUrl: subscriptionUrl.href });

  function remember(name, value) {
    if (value) parameters.set(name, value);
    else parameters.delete(name);
    const search = parameters.toString();
    window.history.replaceState(null, "", search ? "?" + search : window.location.pathname);
  }

  function Page() {
    return React.createElement(GraphiQL, {
      fetcher: fetcher,
      defaultQuery: "# Cliffside's API. Run with Ctrl-Enter.\n{\n  games { key name minPlayers maxPlayers }\n}\n",
      query: parameters.get("q") || undefined,
      variables: parameters.get("variables") || undefined,
      onEditQuery: function (query) { remember("q", query); },
      onEditVariables: function (variables) { remember("variables", variables); },
      defaultEditorToolsVisibility: true,
      isHeadersEditorEnabled: true,
      // A bearer token typed in the Headers pane stays in this browser tab only.
      shouldPersistHeaders: false,
      inputValueDeprecation: true,
    });
  }

  ReactDOM.createRoot(root).render(React.createElement(Page));
})();
