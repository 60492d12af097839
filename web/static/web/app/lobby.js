// The lobby side of /play/: the player's name, the list of games to set a match up, the open tables and
// the player's matches (/play/), and a match's lobby before it starts (/play/<id>).
import { useEffect, useState } from "preact/hooks";
import { html } from "./kit.js";
import * as api from "./api.js";
import { ErrorNote, TableHeader, seatsOf } from "./table.js";
import { OptionsFields, readOptions } from "./options.js";

const SEAT_FIELDS = "seats { index isBot botLevel player { id name } }";

// ---- the player ---------------------------------------------------------------------------------------

// The player of this browser: the stored one at once, then the service's word on it.
export function usePlayer() {
  const [player, setPlayer] = useState(api.storedPlayer());
  useEffect(() => {
    api.me().then(setPlayer, () => {});
  }, []);
  return [player, setPlayer];
}

function NameForm({ onPlayer, prompt = "Choose a name to play" }) {
  const [error, setError] = useState(null);
  const onSubmit = async (event) => {
    event.preventDefault();
    const name = new FormData(event.currentTarget).get("name").trim();
    try {
      setError(null);
      onPlayer(await api.register(name));
    } catch (failure) {
      setError(failure);
    }
  };
  return html`<form class="name-form" onSubmit=${onSubmit}>
    <label for="player-name">${prompt}</label>
    <div class="row">
      <input id="player-name" name="name" required maxlength="40" autocomplete="nickname" />
      <button type="submit">Play as this name</button>
    </div>
    <${ErrorNote} error=${error} />
  </form>`;
}

function PlayerBox({ player, setPlayer }) {
  if (!player) return html`<${NameForm} onPlayer=${setPlayer} />`;
  const logout = () => {
    api.logout();
    setPlayer(null);
  };
  return html`<p class="player-box">Playing as <strong data-player-id=${player.id}>${player.name}</strong>.${" "}
    <button type="button" class="link" onClick=${logout}
      title="This browser forgets the token it holds for this name: you will not play as it again here.">Use another name</button></p>`;
}

// ---- /play/ -----------------------------------------------------------------------------------------

export function Home() {
  const [player, setPlayer] = usePlayer();
  const [games, setGames] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    api.games().then(setGames, setError);
  }, []);
  return html`<h1>Play</h1>
    <section aria-labelledby="you"><h2 id="you">You</h2><${PlayerBox} player=${player} setPlayer=${setPlayer} /></section>
    <${ErrorNote} error=${error} />
    <${OpenMatches} player=${player} games=${games} />
    ${games && html`<${NewMatch} games=${games} player=${player} />`}
    ${player && html`<${MyMatches} player=${player} games=${games} />`}`;
}

function gameName(games, key) {
  return games?.find((game) => game.key === key)?.name || key;
}

function NewMatch({ games, player }) {
  const [key, setKey] = useState(games[0]?.key);
  const [error, setError] = useState(null);
  const game = games.find((g) => g.key === key);
  const pick = (chosen) => {
    setKey(chosen);
    document.getElementById("game")?.focus(); // the form is below the list: take the reader there
  };
  const onSubmit = async (event) => {
    event.preventDefault();
    try {
      const options = readOptions(game.optionsSchema, event.currentTarget);
      const payload = await api.mutate(
        "mutation Create($game: String!, $options: JSON) { createMatch(game: $game, options: $options) { match { id } error { code message } } }",
        { game: key, options },
      );
      location.assign(`/play/${payload.match.id}`);
    } catch (failure) {
      setError(failure);
    }
  };
  return html`<section aria-labelledby="new-match"><h2 id="new-match">New match</h2>
    <ul class="games">${games.map((g) => html`<li key=${g.key}>
      <strong>${g.name}</strong>${g.designer && ` by ${g.designer}`} <span class="badge">${players(g)}</span>
      <p>${g.summary}</p>
      <button type="button" class="link" onClick=${() => pick(g.key)} aria-pressed=${g.key === key}>Set up ${g.name}</button>
    </li>`)}</ul>
    <form class="create" onSubmit=${onSubmit} aria-labelledby="create-title">
      <h3 id="create-title">Set up a match</h3>
      <label for="game">Game</label>
      <select id="game" name="game" value=${key} onChange=${(e) => setKey(e.currentTarget.value)}>
        ${games.map((g) => html`<option value=${g.key} key=${g.key}>${g.name}</option>`)}
      </select>
      <${OptionsFields} key=${key} schema=${game.optionsSchema} />
      <button type="submit" class="primary" disabled=${!player}>Create match</button>
      ${!player && html`<small> Choose a name first.</small>`}
      <${ErrorNote} error=${error} />
    </form>
  </section>`;
}

function players(game) {
  return game.minPlayers === game.maxPlayers ? `${game.minPlayers} players` : `${game.minPlayers}–${game.maxPlayers} players`;
}

// A list of matches from `matches(...)`, refreshed when `player` changes.
function useMatches(variables, deps) {
  const [matches, setMatches] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    api.query(
      `query Matches($status: MatchStatus, $player: ID) { matches(status: $status, player: $player, first: 20) {
        edges { node { id game status createdAt host { name } ${SEAT_FIELDS} } } } }`,
      variables,
    ).then((data) => setMatches(data.matches.edges.map((edge) => edge.node)), setError);
  }, deps);
  return [matches, error];
}

function OpenMatches({ player, games }) {
  const [matches, error] = useMatches({ status: "LOBBY" }, [player?.id]);
  const join = async (id) => {
    await api.mutate("mutation Join($id: ID!) { joinMatch(matchId: $id) { match { id } error { code message } } }", { id });
    location.assign(`/play/${id}`);
  };
  return html`<section aria-labelledby="open"><h2 id="open">Open tables</h2>
    <${ErrorNote} error=${error} />
    ${matches?.length === 0 && html`<p>No open table right now: create one.</p>`}
    <ul class="matches">${(matches || []).map((match) => {
      const seated = match.seats.some((seat) => seat.player?.id === player?.id);
      return html`<li key=${match.id}>
        <a href=${`/play/${match.id}`}>${gameName(games, match.game)} #${match.id}</a>${" "}
        hosted by ${match.host?.name || "?"} · ${match.seats.length} seated
        ${player && !seated && html` <${AsyncButton} onClick=${() => join(match.id)}>Join</${AsyncButton}>`}
      </li>`;
    })}</ul>
  </section>`;
}

function MyMatches({ player, games }) {
  const [matches, error] = useMatches({ player: player.id }, [player.id]);
  return html`<section aria-labelledby="mine"><h2 id="mine">My matches</h2>
    <${ErrorNote} error=${error} />
    ${matches?.length === 0 && html`<p>None yet.</p>`}
    <ul class="matches">${(matches || []).map((match) => html`<li key=${match.id}>
      <a href=${match.status === "FINISHED" ? `/replays/${match.id}` : `/play/${match.id}`}>${gameName(games, match.game)} #${match.id}</a>${" "}
      <span class="badge">${match.status.toLowerCase()}</span>
    </li>`)}</ul>
  </section>`;
}

// A button that runs an async action, disabled meanwhile, and shows its refusal next to it.
export function AsyncButton({ onClick, children, ...rest }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await onClick();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return html`<button type="button" ...${rest} disabled=${busy || rest.disabled} onClick=${run}>${children}</button>
    ${error && html` <${ErrorNote} error=${error} inline />`}`;
}

export function Lobby({ match, info, player, setPlayer, refresh, following }) {
  const seats = seatsOf(match);
  const isHost = player && match.host?.id === player.id;
  const seated = match.mySeat != null;
  const act = (field, extra = "", variables = {}) => async () => {
    await api.mutate(
      `mutation Lobby($id: ID!${extra}) { ${field} { match { id } error { code message } } }`,
      { id: match.id, ...variables },
    );
    await refresh();
  };
  return html`<${TableHeader} info=${info} matchId=${match.id} status=${match.status} seats=${seats} mySeat=${match.mySeat} />
    <section class="lobby" aria-labelledby="lobby-title" data-following=${following}><h2 id="lobby-title">Lobby</h2>
      <p>${info.name}${info.designer && ` by ${info.designer}`}: ${players(info)}. ${seats.length} seated.</p>
      ${!player && html`<${NameForm} onPlayer=${setPlayer} prompt="Choose a name to join this match" />`}
      ${player && !seated && html`<${AsyncButton} onClick=${act("joinMatch(matchId: $id)")}>Join this match</${AsyncButton}>`}
      ${isHost && html`<${HostControls} match=${match} info=${info} seats=${seats} act=${act} />`}
      ${seated && !isHost && html`<p>Waiting for the host to start. <${AsyncButton} class="secondary" onClick=${act("leaveMatch(matchId: $id)")}>Leave</${AsyncButton}></p>`}
      <${ShareLink} />
    </section>`;
}

function HostControls({ match, info, seats, act }) {
  const [level, setLevel] = useState(info.bots.includes("heuristic") ? "heuristic" : info.bots[0]);
  const full = seats.length >= info.maxPlayers;
  return html`<div class="actions host">
    <label for="bot-level">Bot level</label>
    <select id="bot-level" value=${level} onChange=${(e) => setLevel(e.currentTarget.value)}>
      ${info.bots.map((bot) => html`<option value=${bot} key=${bot}>${bot}</option>`)}
    </select>
    <${AsyncButton} disabled=${full} onClick=${act("addBot(matchId: $id, level: $level)", ", $level: String", { level })}>Add bot</${AsyncButton}>
    <${AsyncButton} class="primary" disabled=${seats.length < info.minPlayers} onClick=${act("startMatch(matchId: $id)")}>Start match</${AsyncButton}>
    ${seats.filter((seat) => seat.index !== match.mySeat).map((seat) => html`<${AsyncButton} key=${seat.index} class="secondary"
      onClick=${act("removeSeat(matchId: $id, seat: $seat)", ", $seat: Int!", { seat: seat.index })}>Remove ${seat.name} (seat ${seat.index})</${AsyncButton}>`)}
  </div>`;
}

function ShareLink() {
  const [copied, setCopied] = useState(false);
  const copy = () => navigator.clipboard?.writeText(location.href).then(() => setCopied(true), () => {});
  return html`<p class="share"><label for="share">Share this link to invite players and spectators</label>
    <span class="row"><input id="share" readonly value=${location.href} onFocus=${(e) => e.currentTarget.select()} />
    <button type="button" class="secondary" onClick=${copy}>${copied ? "Copied" : "Copy"}</button></span></p>`;
}
