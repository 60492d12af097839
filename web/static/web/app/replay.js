// /replays/<id>: step through a match event by event, from a seat or with every card shown. The position
// is the version (0: before the first event; v: after event v); `?v=` and `?seat=` keep it in the URL.
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "./kit.js";
import * as api from "./api.js";
import { mount, routeMatchId } from "./page.js";
import { ErrorNote, EventLog, GameTable, OutcomeView, TableHeader, loadGame, seatsOf, waitingOfView, withTable } from "./table.js";

const EVENTS_PAGE = 200; // the service's page cap (GRAPHQL_EVENTS_PAGE_MAX)
const SPEEDS = [0.5, 1, 2, 4];
const STEP_MS = 1000; // one event a second at 1x

const META = `query Replay($id: ID!) { match(id: $id) {
  id game status version createdAt finishedAt seats { index isBot botLevel player { id name } }
  outcome { ranks scores reason winners } } }`;

// Asked apart from META: checking the shuffles folds the whole log on the server, and the table need not wait.
const FAIRNESS = `query Fairness($id: ID!) { match(id: $id) { seedCommitment seed seedSalt
  verification { verified commitmentMatches eventsReproduced events problem } } }`;

// `asSeat` is only sent when a seat is chosen: "every card" is the default view of a finished match.
const seatArg = (seat) => (seat == null ? ["", ""] : [", $seat: Int", ", asSeat: $seat"]);

function eventsDocument(seat) {
  const [declare, pass] = seatArg(seat);
  return `query Events($id: ID!, $after: Int${declare}) { match(id: $id) {
    events(after: $after, first: ${EVENTS_PAGE}${pass}) { seq type seat data at } } }`;
}

function viewDocument(module, seat) {
  const [declare, pass] = seatArg(seat);
  return withTable(`query View($id: ID!, $v: Int${declare}) { match(id: $id) { view(atVersion: $v${pass}) { ...TABLE } } }`, module);
}

// Every event, a page at a time (the service caps a page).
async function allEvents(id, seat) {
  const events = [];
  for (;;) {
    const data = await api.query(eventsDocument(seat), { id, after: events.at(-1)?.seq ?? null, seat });
    const page = data.match?.events || [];
    events.push(...page);
    if (page.length < EVENTS_PAGE) return events;
  }
}

function readPosition() {
  const params = new URLSearchParams(location.search);
  const number = (name) => (params.get(name) === null || params.get(name) === "" ? null : Number.parseInt(params.get(name), 10));
  return { v: number("v"), seat: number("seat") };
}

function writePosition(v, seat) {
  const params = new URLSearchParams(location.search);
  params.set("v", v);
  if (seat == null) params.delete("seat");
  else params.set("seat", seat);
  history.replaceState(null, "", `?${params}`);
}

function useMatch(id) {
  const [state, setState] = useState({ match: null, info: null, module: null, error: null });
  useEffect(() => {
    api.query(META, { id }).then(async ({ match }) => {
      if (!match) throw new api.ApiError("graphql", "MATCH_NOT_FOUND", `There is no match ${id}.`);
      const [games, module] = await Promise.all([api.games(), loadGame(match.game)]);
      setState({ match, module, info: games.find((game) => game.key === match.game), error: null });
      document.title = `Replay: ${match.game} #${id} · Cliffside`;
    }).catch((error) => setState((old) => ({ ...old, error })));
  }, [id]);
  return state;
}

// The view at (seat, v), fetched once each; the last one shown stays up while the next loads, and the
// next version is fetched ahead, so stepping and playing wait on no request.
function useViewAt(match, module, seat, v) {
  const cache = useRef(new Map());
  const [shown, setShown] = useState({ view: null, seat: null, error: null });
  const fetchView = (at) => {
    const key = `${seat}:${at}`;
    if (!cache.current.has(key)) {
      const request = api.query(viewDocument(module, seat), { id: match.id, v: at, seat }).then((data) => data.match.view);
      request.catch(() => cache.current.delete(key)); // a failed fetch is tried again next time
      cache.current.set(key, request);
    }
    return cache.current.get(key);
  };
  useEffect(() => {
    if (!match || !module || v == null) return undefined;
    let current = true;
    fetchView(v).then(
      (view) => {
        if (current) setShown({ view, seat, error: null }); // the seat travels with its view
        if (v < match.version) fetchView(v + 1).catch(() => {});
      },
      (error) => current && setShown((old) => ({ ...old, error })),
    );
    return () => (current = false);
  }, [match, module, seat, v]);
  return shown;
}

function useEvents(match, seat) {
  const [state, setState] = useState({ events: [], error: null });
  useEffect(() => {
    if (!match) return;
    allEvents(match.id, seat).then((events) => setState({ events, error: null }), (error) => setState({ events: [], error }));
  }, [match, seat]);
  return state;
}

// Play: one step every STEP_MS / speed until the last version.
function usePlayback(playing, speed, step, atEnd, stop) {
  useEffect(() => {
    if (!playing) return undefined;
    if (atEnd) {
      stop();
      return undefined;
    }
    const timer = setTimeout(step, STEP_MS / speed);
    return () => clearTimeout(timer);
  });
}

// Arrow keys step, Home / End jump, unless a form control has the keys.
function useKeys(handlers) {
  useEffect(() => {
    const onKey = (event) => {
      if (event.target.closest?.("input, select, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
      const handler = handlers[event.key];
      if (handler) {
        event.preventDefault();
        handler();
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  });
}

function ReplayPage({ id }) {
  const { match, info, module, error } = useMatch(id);
  const initial = readPosition();
  const [seat, setSeat] = useState(initial.seat);
  const [v, setV] = useState(initial.v);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const last = match?.version ?? 0;
  const position = v == null ? last : Math.max(0, Math.min(v, last)); // default: the end of the match
  const { view, seat: viewSeat, error: viewError } = useViewAt(match, module, seat, match ? position : null);
  const { events, error: eventsError } = useEvents(match, seat);
  // The clock stands where the match stood: a countdown on the table shows the time left at that event.
  const now = Date.parse(events.find((event) => event.seq === position)?.at ?? match?.createdAt ?? "") || Date.now();

  const go = (next) => {
    const clamped = Math.max(0, Math.min(next, last));
    setV(clamped);
    writePosition(clamped, seat);
  };
  const chooseSeat = (next) => {
    setSeat(next);
    writePosition(position, next);
  };
  usePlayback(playing, speed, () => go(position + 1), position >= last, () => setPlaying(false));
  useKeys({ ArrowLeft: () => go(position - 1), ArrowRight: () => go(position + 1), Home: () => go(0), End: () => go(last) });

  if (error) return html`<${ErrorNote} error=${error} /><p><a href="/replays/">All replays</a></p>`;
  if (!match || !module) return html`<p class="notice">Loading replay ${id}…</p>`;
  const seats = seatsOf(match);
  return html`<${TableHeader} info=${info} matchId=${match.id} status=${match.status} seats=${seats} mySeat=${viewSeat}
      meLabel="seen from here" waiting=${waitingOfView(view)} now=${now} />
    <p><a href="/replays/">All replays</a></p>
    <${Controls} position=${position} last=${last} go=${go} playing=${playing} setPlaying=${setPlaying}
      speed=${speed} setSpeed=${setSpeed} seat=${seat} seats=${seats} chooseSeat=${chooseSeat} />
    <${Fairness} id=${match.id} />
    <${ErrorNote} error=${viewError || eventsError} />
    ${position === last && html`<${OutcomeView} outcome=${match.outcome} seats=${seats} />`}
    <div class="table-layout">
      <${GameTable} module=${module} view=${view} seat=${viewSeat} seats=${seats} moves=${[]} play=${noPlay} deadline=${null} now=${now} />
      <${EventLog} module=${module} events=${events} seats=${seats} current=${position} onPick=${go} title="Events" />
    </div>`;
}

// The seed's commitment, and once the match is over whether its seed opens it and reproduces every event.
function Fairness({ id }) {
  const [state, setState] = useState({ match: null, error: null });
  useEffect(() => {
    api.query(FAIRNESS, { id }).then(({ match }) => setState({ match, error: null }), (error) => setState({ match: null, error }));
  }, [id]);
  const { match, error } = state;
  if (error) return html`<p class="fairness notice error" data-fairness="error">Shuffles not checked: ${error.message}</p>`;
  if (!match) return html`<p class="fairness notice" data-fairness="checking">Checking the shuffles…</p>`;
  const commitment = html`<code class="commitment" title=${match.seedCommitment}>${match.seedCommitment.slice(0, 12)}…</code>`;
  const check = match.verification;
  if (!check) {
    return html`<p class="fairness notice" data-fairness="committed">Seed commitment ${commitment}: the seed and its salt are revealed when the match ends.</p>`;
  }
  if (!check.verified) {
    return html`<p class="fairness bad" role="alert" data-fairness="failed">Shuffles not verified: ${check.problem}</p>`;
  }
  return html`<details class="fairness ok" data-fairness="verified">
    <summary>Shuffles verified: commitment ${commitment} matches; all ${check.events} events reproduced.</summary>
    <p>seed <code>${match.seed}</code>, salt <code>${match.seedSalt}</code>:
      SHA-256("cliffside-seed-v1:<i>seed</i>:<i>salt</i>") is <code>${match.seedCommitment}</code>.</p>
  </details>`;
}

const noPlay = () => Promise.reject(new Error("A replay takes no moves."));

function Controls({ position, last, go, playing, setPlaying, speed, setSpeed, seat, seats, chooseSeat }) {
  return html`<div class="replay-controls" role="group" aria-label="Replay controls">
    <div class="row buttons">
      <button type="button" name="first" aria-label="First" onClick=${() => go(0)} disabled=${position === 0}><span aria-hidden="true">|◀</span> First</button>
      <button type="button" name="prev" aria-label="Previous" onClick=${() => go(position - 1)} disabled=${position === 0}><span aria-hidden="true">◀</span> Previous</button>
      <button type="button" name="play" class="primary" aria-label=${playing ? "Pause" : "Play"} onClick=${() => setPlaying(!playing)}
        disabled=${!playing && position >= last}><span aria-hidden="true">${playing ? "❚❚" : "▶"}</span> ${playing ? "Pause" : "Play"}</button>
      <button type="button" name="next" aria-label="Next" onClick=${() => go(position + 1)} disabled=${position >= last}>Next <span aria-hidden="true">▶</span></button>
      <button type="button" name="last" aria-label="Last" onClick=${() => go(last)} disabled=${position >= last}>Last <span aria-hidden="true">▶|</span></button>
    </div>
    <div class="row">
      <label for="replay-position">Version <output for="replay-position" data-position=${position}>${position}</output> of ${last}</label>
      <input id="replay-position" type="range" min="0" max=${last} step="1" value=${position}
        onInput=${(e) => go(Number(e.currentTarget.value))} />
    </div>
    <div class="row">
      <label for="replay-speed">Speed</label>
      <select id="replay-speed" value=${speed} onChange=${(e) => setSpeed(Number(e.currentTarget.value))}>
        ${SPEEDS.map((s) => html`<option value=${s} key=${s}>${s}×</option>`)}
      </select>
      <label for="replay-seat">View</label>
      <select id="replay-seat" value=${seat ?? ""} onChange=${(e) => chooseSeat(e.currentTarget.value === "" ? null : Number(e.currentTarget.value))}>
        <option value="">Every card</option>
        ${seats.map((s) => html`<option value=${s.index} key=${s.index}>Seat ${s.index} (${s.name})</option>`)}
      </select>
    </div>
  </div>`;
}

mount(html`<${ReplayPage} id=${routeMatchId()} />`);
