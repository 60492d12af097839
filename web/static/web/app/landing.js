// /: what Cliffside is, its games (from the `games` query, so a new game shows up by itself) and where
// to go next.
import { useEffect, useState } from "preact/hooks";
import { html } from "./kit.js";
import * as api from "./api.js";
import { main, mount } from "./page.js";
import { ErrorNote } from "./table.js";

// The server says whether GraphiQL is served (settings.GRAPHQL_IDE): only then is it linked.
const graphiql = main.dataset.graphiql === "true";

function players(game) {
  return game.minPlayers === game.maxPlayers ? `${game.minPlayers}` : `${game.minPlayers}–${game.maxPlayers}`;
}

function Games() {
  const [games, setGames] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    api.games().then(setGames, setError);
  }, []);
  if (error) return html`<${ErrorNote} error=${error} />`;
  if (!games) return html`<p class="notice">Loading the games…</p>`;
  return html`<ul class="game-cards">${games.map((game) => html`<li class="game-card" key=${game.key}>
    <h3>${game.name}</h3>
    <p class="meta">${game.designer && `by ${game.designer} · `}${players(game)} players</p>
    <p>${game.summary}</p>
  </li>`)}</ul>`;
}

function Landing() {
  return html`<section class="hero">
      <h1>Cliffside</h1>
      <p>A game server for card games: it keeps the rules, the secrets and the clock; a frontend draws the
        table. Every match is an event log you can replay to any moment, from any seat.</p>
      <nav aria-label="Start here"><ul class="links">
        <li><a class="button primary" href="/play/">Play a match</a></li>
        <li><a class="button" href="/replays/">Watch replays</a></li>
        ${graphiql && html`<li><a class="button" href="/graphql/">GraphiQL</a></li>`}
        <li><a class="button" href=${main.dataset.adminUrl || "/admin/"}>Admin</a></li>
      </ul></nav>
    </section>
    <section aria-labelledby="games-title">
      <h2 id="games-title">The games</h2>
      <${Games} />
    </section>`;
}

mount(html`<${Landing} />`);
