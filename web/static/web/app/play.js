// /play/ (choose a name, create or join a match: lobby.js) and /play/<id> (the lobby, then the live table).
import { useCallback, useEffect, useState } from "preact/hooks";
import { html } from "./kit.js";
import * as api from "./api.js";
import { mount, routeMatchId } from "./page.js";
import { ErrorNote, EventLog, GameTable, OutcomeView, TableHeader, loadGame, seatsOf, useNow, withTable } from "./table.js";
import { Home, Lobby, usePlayer } from "./lobby.js";

const LOBBY_POLL_MS = 2000; // seats change without a new version: a lobby is polled, a match subscribed
const RECENT_EVENTS = 30;
const MATCH = `query Match($id: ID!) { match(id: $id) {
  id game status version mySeat host { id name } seats { index isBot botLevel player { id name } } } }`;

// ---- /play/<id> -------------------------------------------------------------------------------------

function MatchPage({ id }) {
  const [player, setPlayer] = usePlayer();
  const [match, setMatch] = useState(null);
  const [info, setInfo] = useState(null);
  const [module, setModule] = useState(null);
  const [error, setError] = useState(null);

  const refresh = useCallback(() => api.query(MATCH, { id }).then((data) => {
    if (!data.match) throw new api.ApiError("graphql", "MATCH_NOT_FOUND", `There is no match ${id}.`);
    setMatch(data.match);
  }).catch(setError), [id]);

  useEffect(() => { refresh(); }, [refresh, player?.id]);
  useEffect(() => {
    if (!match?.game || module) return;
    Promise.all([api.games(), loadGame(match.game)]).then(([games, loaded]) => {
      setInfo(games.find((game) => game.key === match.game));
      setModule(loaded);
    }, setError);
  }, [match?.game]);
  useEffect(() => {
    if (match?.status !== "LOBBY") return undefined;
    const timer = setInterval(refresh, LOBBY_POLL_MS);
    return () => clearInterval(timer);
  }, [match?.status, refresh]);
  useEffect(() => {
    if (info) document.title = `${info.name} #${id} · Cliffside`;
  }, [info]);

  if (error) return html`<${ErrorNote} error=${error} /><p><a href="/play/">Back to the tables</a></p>`;
  if (!match || !info || !module) return html`<p class="notice">Loading match ${id}…</p>`;
  // Subscribed from the lobby on (keyed by the player: the socket authenticates as them), so whoever
  // watches a lobby sees every version from the start on.
  return html`<${LiveMatch} key=${player?.id ?? "spectator"} match=${match} info=${info} module=${module}
    player=${player} setPlayer=${setPlayer} refresh=${refresh} />`;
}

function LiveMatch({ match, info, module, player, setPlayer, refresh }) {
  const ready = match.status !== "LOBBY" || match.seats.length >= info.minPlayers;
  const [live, clock, streamError] = useLiveMatch(match, module, ready);
  useEffect(() => {
    if (live.status && live.status !== match.status) refresh(); // started (seats are final) or ended
  }, [live.status]);
  if (match.status === "LOBBY" && live.status !== "ACTIVE") {
    return html`<${Lobby} match=${match} info=${info} player=${player} setPlayer=${setPlayer} refresh=${refresh} following=${live.version != null} />`;
  }
  return html`<${LiveTable} match=${match} info=${info} module=${module} live=${live} clock=${clock} streamError=${streamError} />`;
}

// ---- the live table -----------------------------------------------------------------------------------

const UPDATES = `subscription Live($id: ID!, $afterVersion: Int) { matchUpdates(matchId: $id, afterVersion: $afterVersion) {
  version status outcome { ranks scores reason winners } seats { index connected standIn }
  events { seq type seat data } legalMoves { label input } view { ...TABLE } } }`;
// What MatchUpdate does not carry, asked after each update.
const CLOCK = "query Clock($id: ID!) { match(id: $id) { version waitingOn deadline { at kind } } }";
const RECLAIM = "mutation Reclaim($id: ID!) { reclaimSeat(matchId: $id) { error { code message } } }";
const SUBMIT = `mutation Move($id: ID!, $move: MoveInput!, $version: Int) {
  submitMove(matchId: $id, move: $move, expectedVersion: $version) {
    __typename ... on MoveAccepted { version } ... on MoveRejected { code message retryAfter } } }`;

// The match's stream of updates, from `ready` on. A lobby is followed only once it has enough seats to
// start: the service cannot build the view of a lobby with fewer (it answers INTERNAL_SERVER_ERROR).
function useLiveMatch(match, module, ready) {
  const [live, setLive] = useState({ version: null, status: null, view: null, moves: [], outcome: null, events: [], seats: [] });
  const [clock, setClock] = useState({ version: -1, waitingOn: [], deadline: null });
  const [error, setError] = useState(null);
  useEffect(() => {
    if (!ready) return undefined;
    const afterVersion = Math.max(0, match.version - RECENT_EVENTS); // the recent events come with the first update
    return api.subscribe(withTable(UPDATES, module), { id: match.id, afterVersion }, ({ matchUpdates: update }) => {
      setLive((old) => ({
        version: update.version, status: update.status, view: update.view, moves: update.legalMoves,
        outcome: update.outcome, events: [...old.events, ...newer(update.events, old.events)].slice(-RECENT_EVENTS),
        seats: update.seats || old.seats, // who is here and who is stood in for (an update comes when that changes)
      }));
      // Answers may cross: an older version's clock never replaces a newer one's.
      api.query(CLOCK, { id: match.id }).then(({ match: now }) => setClock((old) => (now.version >= old.version ? now : old)), () => {});
    }, setError);
  }, [match.id, module, ready]); // not on every version: the stream resumes from the last one itself
  return [live, clock, error];
}

// The drawing modules' seats with the live presence: `connected` and `standIn` of each seat.
function withPresence(seats, live) {
  return seats.map((seat) => ({ ...seat, ...(live.find((each) => each.index === seat.index) || {}) }));
}

function newer(events, known) {
  const last = known.at(-1)?.seq ?? 0;
  return events.filter((event) => event.seq > last);
}

function LiveTable({ match, info, module, live, clock, streamError }) {
  const [refusal, setRefusal] = useState(null);
  const now = useNow();
  const seats = withPresence(seatsOf(match), live.seats);
  const standIn = live.seats.find((seat) => seat.index === match.mySeat)?.standIn;
  const reclaim = () => api.mutate(RECLAIM, { id: match.id }).then(() => setRefusal(null), setRefusal);
  const play = async (move) => {
    try {
      await api.mutate(SUBMIT, { id: match.id, move, version: live.version });
      setRefusal(null);
    } catch (failure) {
      setRefusal(failure); // shown; the table stays as it is until the next update
      throw failure;
    }
  };
  const status = live.status || match.status;
  const active = status === "ACTIVE";
  return html`<${TableHeader} info=${info} matchId=${match.id} status=${status} seats=${seats} mySeat=${match.mySeat}
      waiting=${active ? clock.waitingOn : []} deadline=${active ? clock.deadline : null} now=${now} version=${live.version} />
    ${match.mySeat == null && html`<p class="notice">You are watching as a spectator.</p>`}
    ${standIn && active && html`<p class="notice">A bot played your seat while you were away.
      <button type="button" onClick=${reclaim}>Take my seat back</button> (or just make your move)</p>`}
    <${ErrorNote} error=${streamError} />
    <div class="refusal">${refusal && html`<${ErrorNote} error=${refusal} />`}</div>
    <${OutcomeView} outcome=${live.outcome} seats=${seats} />
    ${status === "FINISHED" && html`<p><a href=${`/replays/${match.id}`}>Watch the replay</a></p>`}
    <div class="table-layout">
      <${GameTable} module=${module} view=${live.view} seat=${match.mySeat} seats=${seats} moves=${live.moves}
        play=${play} deadline=${active ? clock.deadline : null} now=${now} />
      <${EventLog} module=${module} events=${[...live.events].reverse()} seats=${seats} title="Recent events" />
    </div>`;
}

// ---- the page --------------------------------------------------------------------------------------

const matchId = routeMatchId();
mount(matchId ? html`<${MatchPage} id=${matchId} />` : html`<${Home} />`);
