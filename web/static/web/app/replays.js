// /replays/: finished matches, newest first, filtered by game and by player, a page at a time. Each row
// shows its game's Summary of the final view; all rows' views come in ONE request, whose document spreads
// every game's summary fragment in `view { ... }` (the views' shared field names make that legal).
import { useEffect, useState } from "preact/hooks";
import { html } from "./kit.js";
import * as api from "./api.js";
import { mount } from "./page.js";
import { ErrorNote, Guard, fragmentName, loadGame, ordinal, seatsOf } from "./table.js";

const PAGE = 10;

// The list's document, from every game's module.
function listDocument(modules) {
  const spreads = modules.map((module) => `...${fragmentName(module.summaryFragment)}`).join(" ");
  const fragments = modules.map((module) => module.summaryFragment).join("\n");
  return `query Replays($game: String, $player: ID, $after: String, $first: Int) {
  matches(status: FINISHED, game: $game, player: $player, first: $first, after: $after) {
    edges { node { id game createdAt finishedAt seats { index isBot botLevel player { id name } }
      outcome { ranks scores reason winners } view { __typename ${spreads} } } }
    pageInfo { hasNextPage endCursor } } }
${fragments}`;
}

// Filters and page live in the URL, so a filtered list can be shared and reloaded.
function readFilters() {
  const params = new URLSearchParams(location.search);
  return { game: params.get("game") || null, player: params.get("player") || null, after: params.get("after") || null };
}

function writeFilters(filters) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const search = params.toString();
  history.replaceState(null, "", search ? `?${search}` : location.pathname);
}

// Every game's info and drawing module, loaded before the list's one request.
function useCatalog() {
  const [catalog, setCatalog] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    api.games().then(async (games) => {
      const modules = await Promise.all(games.map((game) => loadGame(game.key)));
      setCatalog({ games, modules: Object.fromEntries(games.map((game, i) => [game.key, modules[i]])) });
    }).catch(setError);
  }, []);
  return [catalog, error];
}

function useReplays(catalog, filters) {
  const [page, setPage] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    if (!catalog) return;
    setPage(null);
    setError(null);
    const doc = listDocument(Object.values(catalog.modules));
    api.query(doc, { game: filters.game, player: filters.player, after: filters.after, first: PAGE })
      .then((data) => setPage(data.matches), setError);
  }, [catalog, filters.game, filters.player, filters.after]);
  return [page, error];
}

// The players seen on the pages shown so far (a select needs names; ids come from the rows).
function useSeenPlayers(page, filters) {
  const [seen, setSeen] = useState(new Map());
  useEffect(() => {
    const more = new Map(seen);
    for (const edge of page?.edges || []) for (const seat of edge.node.seats) if (seat.player) more.set(seat.player.id, seat.player.name);
    if (filters.player && !more.has(filters.player)) {
      api.query("query P($id: ID!) { player(id: $id) { id name } }", { id: filters.player })
        .then((data) => data.player && setSeen((now) => new Map(now).set(data.player.id, data.player.name)), () => {});
    }
    setSeen(more);
  }, [page]);
  return seen;
}

function Replays() {
  const [filters, setFilters] = useState(readFilters());
  const [cursors, setCursors] = useState([]); // the `after` of each earlier page, for "Newer"
  const [catalog, catalogError] = useCatalog();
  const [page, error] = useReplays(catalog, filters);
  const seen = useSeenPlayers(page, filters);
  const change = (next, keepPages = false) => {
    const merged = { ...filters, ...next };
    if (!keepPages) setCursors([]);
    setFilters(merged);
    writeFilters(merged);
  };
  const older = () => {
    setCursors([...cursors, filters.after]);
    change({ after: page.pageInfo.endCursor }, true);
  };
  const newer = () => {
    setCursors(cursors.slice(0, -1));
    change({ after: cursors.at(-1) ?? null }, true);
  };
  return html`<h1>Replays</h1>
    <p>Finished matches, newest first. Open one to step through it event by event.</p>
    <${Filters} catalog=${catalog} filters=${filters} seen=${seen} change=${change} />
    <${ErrorNote} error=${catalogError || error} />
    ${!page && !error && !catalogError && html`<p class="notice">Loading…</p>`}
    ${page && html`<${ReplayList} page=${page} catalog=${catalog} pick=${(player) => change({ player, after: null })} />`}
    <nav class="pager" aria-label="Pages">
      ${(cursors.length > 0 || filters.after) && html`<button type="button" class="secondary" onClick=${cursors.length ? newer : () => change({ after: null })}>${cursors.length ? "Newer" : "Newest"}</button>`}
      ${page?.pageInfo.hasNextPage && html`<button type="button" class="secondary" onClick=${older}>Older</button>`}
    </nav>`;
}

function Filters({ catalog, filters, seen, change }) {
  return html`<form class="filters row" onSubmit=${(e) => e.preventDefault()} aria-label="Filters">
    <div class="field"><label for="filter-game">Game</label>
      <select id="filter-game" value=${filters.game || ""} onChange=${(e) => change({ game: e.currentTarget.value || null, after: null })}>
        <option value="">Every game</option>
        ${(catalog?.games || []).map((game) => html`<option value=${game.key} key=${game.key}>${game.name}</option>`)}
      </select></div>
    <div class="field"><label for="filter-player">Player</label>
      <select id="filter-player" value=${filters.player || ""} onChange=${(e) => change({ player: e.currentTarget.value || null, after: null })}>
        <option value="">Every player</option>
        ${[...seen].sort((a, b) => a[1].localeCompare(b[1])).map(([id, name]) => html`<option value=${id} key=${id}>${name}</option>`)}
      </select></div>
  </form>`;
}

function ReplayList({ page, catalog, pick }) {
  if (!page.edges.length) return html`<p>No finished match matches these filters.</p>`;
  return html`<ol class="replays">${page.edges.map(({ node }) => html`<${ReplayRow} key=${node.id} match=${node} catalog=${catalog} pick=${pick} />`)}</ol>`;
}

function ReplayRow({ match, catalog, pick }) {
  const info = catalog.games.find((game) => game.key === match.game);
  const module = catalog.modules[match.game];
  const seats = seatsOf(match);
  const Summary = module?.Summary;
  const when = new Date(match.finishedAt || match.createdAt);
  return html`<li class="replay" data-match-id=${match.id} data-game=${match.game}>
    <h2><a href=${`/replays/${match.id}`}>${info?.name || match.game} #${match.id}</a></h2>
    <p class="meta"><time datetime=${when.toISOString()}>${when.toLocaleString()}</time>${match.outcome && ` · ${match.outcome.reason}`}</p>
    <ul class="seats inline" aria-label="Seats">${seats.map((seat) => html`<li key=${seat.index} class=${match.outcome?.winners.includes(seat.index) ? "seat winner" : "seat"}>
      ${seat.playerId ? html`<button type="button" class="link" title=${`Only ${seat.name}'s matches`} onClick=${() => pick(seat.playerId)}>${seat.name}</button>` : seat.name}
      ${match.outcome && html` <span class="badge">${ordinal(match.outcome.ranks[seat.index])}</span>`}
    </li>`)}</ul>
    ${Summary && match.view && html`<div class="summary"><${Guard} resetKey=${match.id}><${Summary} view=${match.view} seats=${seats} /></${Guard}></div>`}
  </li>`;
}

mount(html`<${Replays} />`);
