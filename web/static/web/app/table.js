// The shell shared by the live table (/play/<id>) and the replay viewer (/replays/<id>): it loads a
// game's drawing module, builds the GraphQL documents from the module's fragments, and draws what every
// game has in common (header, seats, whose turn, the deadline, the outcome, the told events) around the
// module's own Table.
import { Component } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { html, Countdown } from "./kit.js";

const TICK_MS = 250;
const STATUS_WORDS = { LOBBY: "Waiting for players", ACTIVE: "In play", FINISHED: "Finished", ABORTED: "Aborted" };

// ---- drawing modules ---------------------------------------------------------------------------------

const modules = new Map();

// The game's drawing module. Its URL is built from the key, so a new game needs only its own module: the
// web code never lists the games (they come from the `games` query).
export function loadGame(key) {
  if (!modules.has(key)) {
    const loading = import(`/static/web/games/${key}.js`).then((module) => {
      injectCss(key, module.css);
      return module;
    });
    loading.catch(() => modules.delete(key)); // a failed load may be retried by the next page
    modules.set(key, loading);
  }
  return modules.get(key);
}

function injectCss(key, css) {
  if (!css || document.querySelector(`style[data-game="${key}"]`)) return;
  const style = document.createElement("style");
  style.dataset.game = key;
  style.textContent = css;
  document.head.append(style);
}

// The fragment's name, e.g. "BoulderBluffTable" from `fragment BoulderBluffTable on BoulderBluffView {`.
export function fragmentName(fragment) {
  const found = /fragment\s+(\w+)\s+on\s/.exec(fragment || "");
  if (!found) throw new Error("A drawing module's fragment has no name.");
  return found[1];
}

// A document whose `...TABLE` placeholder spreads the module's table fragment (appended once). The
// shell asks for `game` and `version` itself: it labels the table with the version whatever the module selects.
export function withTable(doc, module) {
  return `${doc.replaceAll("...TABLE", `game version ...${fragmentName(module.fragment)}`)}\n${module.fragment}`;
}

// ---- shared bits ---------------------------------------------------------------------------------------

// `now` in ms, re-rendering every 250 ms so countdowns tick.
export function useNow() {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

// The seats as the drawing modules take them: [{index, name, isBot}].
export function seatsOf(match) {
  return (match?.seats || []).map((seat) => ({
    index: seat.index,
    isBot: seat.isBot,
    playerId: seat.player?.id ?? null,
    name: seat.isBot ? `Bot (${seat.botLevel || "heuristic"})` : seat.player?.name || "Open seat",
  }));
}

// The seats a view waits on, for a replay (a live table has Match.waitingOn): the view's own
// `waitingOn` when it has one, else the seat whose turn it is.
export function waitingOfView(view) {
  if (Array.isArray(view?.waitingOn)) return view.waitingOn;
  return typeof view?.active === "number" ? [view.active] : [];
}

// A drawing module's function, guarded: a module's bug must not blank the whole page.
export function tellEvent(module, event, seats) {
  try {
    return module.tell(event, seats) || event.type;
  } catch (error) {
    console.warn("tell failed", event.type, error);
    return `${event.type}.`;
  }
}

// Draws its children, or a note when a drawing module throws while rendering; the next `resetKey` (the
// next version) tries the module again.
export class Guard extends Component {
  componentDidCatch(error) {
    console.warn("a drawing module failed", error);
    this.setState({ error, at: this.props.resetKey });
  }
  render({ children, resetKey }, { error, at }) {
    if (error && at === resetKey) return html`<p class="notice error" role="alert">This table cannot be drawn: ${error.message}</p>`;
    return children;
  }
}

// ---- the parts of a table page -------------------------------------------------------------------------

// `mySeat` is marked "you" on a live table; a replay marks the seat it is seen from (`meLabel`).
export function TableHeader({ info, matchId, status, seats, mySeat, waiting, deadline, now, version, meLabel = "you" }) {
  return html`<header class="table-header">
    <h1>${info?.name || "Match"} <small>#${matchId}</small></h1>
    <p class="status">
      <span class="badge">${STATUS_WORDS[status] || status}</span>
      ${version != null && html` <span class="version">version ${version}</span>`}
      ${deadline && html` <span class="deadline">${deadlineWords(deadline.kind)} <${Countdown} at=${deadline.at} now=${now} /></span>`}
    </p>
    <${SeatList} seats=${seats} mySeat=${mySeat} waiting=${waiting} meLabel=${meLabel} />
  </header>`;
}

function deadlineWords(kind) {
  return kind && kind !== "bot" ? `${kind.replaceAll("_", " ").toLowerCase()}:` : "next:";
}

export function SeatList({ seats, mySeat, waiting = [], meLabel = "you" }) {
  return html`<ol class="seats" aria-label="Seats">
    ${seats.map((seat) => {
      const active = waiting.includes(seat.index);
      const classes = ["seat", active && "active", seat.index === mySeat && "me"].filter(Boolean).join(" ");
      return html`<li class=${classes} key=${seat.index} aria-current=${active ? "true" : undefined}>
        <span class="seat-number">${seat.index}</span> ${seat.name}
        ${seat.isBot && html` <span class="badge">bot</span>`}
        ${seat.standIn && html` <span class="badge" title="A bot plays for this player until they are back">bot stands in</span>`}
        ${!seat.isBot && seat.connected === false && seat.playerId && html` <span class="badge away">away</span>`}
        ${seat.index === mySeat && html` <span class="badge">${meLabel}</span>`}
        ${active && html` <span class="badge turn">to act</span>`}
      </li>`;
    })}
  </ol>`;
}

// The module's Table. `data-version`, `data-moves` and `data-seat` (whose view; empty: every card or a
// spectator's) let a test, or a curious reader, follow the table.
export function GameTable({ module, view, seat, seats, moves = [], play, deadline, now }) {
  if (!view) return html`<p class="notice">Loading the table…</p>`;
  const Table = module.Table;
  return html`<section class="game-table" aria-label="Table" data-version=${view.version} data-moves=${moves.length} data-seat=${seat ?? ""}>
    <${Guard} resetKey=${view.version}><${Table} view=${view} seat=${seat} seats=${seats} moves=${moves} play=${play} deadline=${deadline} now=${now} /></${Guard}>
  </section>`;
}

export function OutcomeView({ outcome, seats }) {
  if (!outcome) return null;
  const byRank = seats.map((seat) => ({ ...seat, rank: outcome.ranks[seat.index], score: outcome.scores?.[seat.index] }))
    .sort((a, b) => a.rank - b.rank);
  return html`<section class="outcome" aria-label="Outcome">
    <h2>Outcome</h2>
    <p>${outcome.reason}</p>
    <ol class="ranks">
      ${byRank.map((seat) => html`<li key=${seat.index} class=${outcome.winners.includes(seat.index) ? "winner" : ""}>
        <strong>${ordinal(seat.rank)}</strong> ${seat.name}
        ${seat.score != null && html` <span class="badge">${seat.score}</span>`}
        ${outcome.winners.includes(seat.index) && html` <span aria-label="winner">🏆</span>`}
      </li>`)}
    </ol>
  </section>`;
}

export function ordinal(rank) {
  if (rank == null) return "";
  const teen = rank % 100 >= 11 && rank % 100 <= 13;
  return `${rank}${teen ? "th" : { 1: "st", 2: "nd", 3: "rd" }[rank % 10] || "th"}`;
}

// The log told in words. `current`: the seq to mark (the replay's position); `onPick(seq)` makes each
// event a button that jumps there. The marked event is kept in sight by scrolling the list only (not
// the page, which the reader may be scrolling).
export function EventLog({ module, events, seats, current = null, onPick = null, title = "Events" }) {
  const list = useRef(null);
  useEffect(() => {
    const box = list.current;
    const marked = box?.querySelector("[aria-current]");
    if (!marked) return;
    const top = marked.offsetTop; // the list is positioned (site.css): offsets are within it
    if (top < box.scrollTop || top + marked.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }
  }, [current, events.length]);
  return html`<section class="events" aria-label=${title}>
    <h2>${title}</h2>
    <ol ref=${list}>
      ${events.map((event) => {
        const words = tellEvent(module, event, seats);
        const marked = event.seq === current;
        return html`<li key=${event.seq} value=${event.seq} aria-current=${marked ? "step" : undefined} class=${marked ? "current" : ""}>
          ${onPick ? html`<button type="button" class="link" onClick=${() => onPick(event.seq)}>${words}</button>` : words}
        </li>`;
      })}
    </ol>
  </section>`;
}

// An error the page shows in place (role=alert), with the service's code; `inline` inside a sentence.
export function ErrorNote({ error, inline = false }) {
  if (!error) return null;
  const code = error.code ? html` <code>${error.code}</code>` : "";
  return inline
    ? html`<span class="notice error" role="alert">${error.message}${code}</span>`
    : html`<p class="notice error" role="alert">${error.message}${code}</p>`;
}
