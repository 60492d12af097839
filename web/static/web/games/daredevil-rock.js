// Daredevil Rock (Phil Leduc): climbers race up a cliff of playing cards to hang from the rock above it.
// The table draws the cliff top row first (the summit above it, the base below it), every climber and
// cam on it, the draw deck and discards, and one line per climber. Moves are clicked where they act:
// a space of the cliff (examine, climb, probe, repel, the free climb), the climber's own card (cams),
// the summit (hang), the base (repel to it); only "End your turn" lives in the actions bar.
import { html, Move, memberOf, Countdown, seatName, Pile } from "../app/kit.js";

const CARD = "rank suit isJoker name";

export const fragment = `fragment DaredevilRockTable on DaredevilRockView {
  seat started columns levels
  spaces { level column faceUp card { ${CARD} } climber cams }
  climbers { seat level column eliminated cams { level column } reserve actions turns mustExamine }
  deckSize deck { ${CARD} } discards { ${CARD} }
  active turn actionsLeft freeClimb { level column } mustExamine deadline
  over winner limitedCams blindMansBluff turnLimit
}`;

export const summaryFragment = `fragment DaredevilRockSummary on DaredevilRockView {
  over winner levels
  climbers { seat level eliminated actions }
}`;

// The rulebook's four climber colours, one per seat.
const COLOURS = ["#d62828", "#1d6fd8", "#1b9a4b", "#c99700"];
const colour = (seat) => COLOURS[seat % COLOURS.length];
const RANKS = { 1: "A", 11: "J", 12: "Q", 13: "K" };
const RANK_WORDS = { 1: "Ace", 11: "Jack", 12: "Queen", 13: "King" };
const SUITS = { Spades: "♠", Hearts: "♥", Diamonds: "♦", Clubs: "♣" };

// Cards arrive from the view ({rank, suit, name, isJoker}) and from events ({rank, suit, copy}):
// both are named here from rank and suit, so the log and the table write a card the same way.
const isJoker = (card) => card.rank == null;
const cardName = (card) => (isJoker(card) ? "Joker" : (RANKS[card.rank] ?? String(card.rank)) + (SUITS[card.suit] ?? ""));
const named = (card) => (isJoker(card) ? "a Joker" : cardName(card));
const cardWords = (card) => (isJoker(card) ? "Joker" : `${RANK_WORDS[card.rank] ?? card.rank} of ${card.suit}`);
const isRed = (card) => card.suit === "Hearts" || card.suit === "Diamonds";
const at = (level, column) => `level ${level}, column ${column + 1}`;
const key = (level, column) => `${level}:${column}`;

// Which verb a move shows on the table; the first of a space's moves wraps its card (ORDER).
const VERBS = {
  FREE_CLIMB: "Free climb", CLIMB: "Climb", EXAMINE: "Examine", REPEL: "Repel",
  PROBE: "Probe", SET_CAM: "Set cam", RETRIEVE_CAM: "Retrieve",
};
const ORDER = Object.keys(VERBS);
const byOrder = (a, b) => ORDER.indexOf(memberOf(a).action) - ORDER.indexOf(memberOf(b).action);

// Every legal move gets exactly one place: a space, the summit, the base, or the actions bar.
function placeMoves(view, seat, moves) {
  const spaces = new Map();
  const summit = [], base = [], bar = [];
  const mover = view.climbers.find((c) => c.seat === (seat ?? view.active));
  const put = (k, m) => spaces.set(k, [...(spaces.get(k) ?? []), m]);
  for (const m of moves) {
    const { action, level, column } = memberOf(m);
    if (level != null && column != null) put(key(level, column), m);
    else if (action === "FREE_CLIMB" && view.freeClimb) put(key(view.freeClimb.level, view.freeClimb.column), m);
    else if (action === "REPEL" && level === 0) base.push(m);
    else if (action === "REPEL" && mover?.column != null) put(key(level, mover.column), m);
    else if ((action === "SET_CAM" || action === "RETRIEVE_CAM") && mover?.column != null) put(key(mover.level, mover.column), m);
    else if (action === "HANG") summit.push(m);
    else bar.push(m);
  }
  // A move aimed at a space the view does not draw still gets a button, in the bar.
  const drawn = new Set(view.spaces.map((s) => key(s.level, s.column)));
  for (const [k, list] of spaces) if (!drawn.has(k)) bar.push(...list), spaces.delete(k);
  for (const list of spaces.values()) list.sort(byOrder);
  return { spaces, summit, base, bar };
}

function Card({ card, faceUp }) {
  if (!faceUp) {
    // Face down; an omniscient view (a finished match's replay) also knows the card: shown as a peek.
    const peek = card ? html`<span class="dr-peek">${cardName(card)}</span>` : null;
    return html`<span class="dr-card dr-back" role="img" aria-label=${card ? `face-down ${cardWords(card)}` : "face-down card"}>${peek}</span>`;
  }
  const tone = isJoker(card) ? "dr-joker" : isRed(card) ? "dr-red" : "dr-black";
  return html`<span class="dr-card ${tone}" role="img" aria-label=${cardWords(card)}>
    <b>${isJoker(card) ? "★" : RANKS[card.rank] ?? card.rank}</b><i>${isJoker(card) ? "Joker" : SUITS[card.suit]}</i>
  </span>`;
}

// A climber token in its seat's colour, numbered like the shell's seat list (bots share one name).
function Climber({ seat, seats }) {
  const name = seatName(seats, seat);
  return html`<span class="dr-climber" role="img" style=${`--c:${colour(seat)}`} title=${`${name}'s climber`}
    aria-label=${`${name}'s climber`}>${seat}</span>`;
}

const Cams = ({ cams, seats }) => cams.length ? html`<span class="dr-cams">${cams.map((s) =>
  html`<span class="dr-cam" role="img" style=${`--c:${colour(s)}`} title=${`${seatName(seats, s)}'s cam`} aria-label=${`${seatName(seats, s)}'s cam`}></span>`)}</span>` : null;

// One space: the card (wrapped by its first move, captioned with that move's verb) with its climber
// and cams, then the other moves that act on it as small chips.
function Space({ space, seats, moves, play, free }) {
  const [first, ...rest] = moves;
  const face = html`<${Card} card=${space.card} faceUp=${space.faceUp} />
    ${space.climber != null && html`<${Climber} seat=${space.climber} seats=${seats} />`}
    <${Cams} cams=${space.cams} seats=${seats} />`;
  const verb = (m) => VERBS[memberOf(m).action] ?? m.label;
  return html`<li class="dr-space ${free ? "dr-free" : ""}" aria-label=${`Level ${space.level}, column ${space.column + 1}`}>
    ${first ? html`<${Move} move=${first} play=${play} class="dr-main">${face}<span class="dr-verb">${verb(first)}</span><//>`
      : html`<span class="dr-main">${face}</span>`}
    ${rest.length > 0 && html`<span class="dr-chips">${rest.map((m) => html`<${Move} move=${m} play=${play} class="dr-chip">${verb(m)}<//>`)}</span>`}
  </li>`;
}

function Cliff({ view, seats, placed, play }) {
  const rows = [];
  for (let level = view.levels; level >= 1; level--) {
    const row = view.spaces.filter((s) => s.level === level).sort((a, b) => a.column - b.column);
    rows.push(html`<li class="dr-level"><span class="dr-num" aria-hidden="true">${level}</span>
      <ol class="dr-row" aria-label=${`Level ${level}`}>${row.map((space) => html`<${Space} space=${space} seats=${seats} play=${play}
        moves=${placed.spaces.get(key(space.level, space.column)) ?? []}
        free=${view.freeClimb?.level === space.level && view.freeClimb?.column === space.column} />`)}</ol></li>`);
  }
  const atBase = view.climbers.filter((c) => !c.eliminated && c.level === 0);
  return html`<section class="dr-cliff" style=${`--cols:${view.columns}`} aria-label="The cliff">
    <div class="dr-summit">
      ${placed.summit.length ? placed.summit.map((m) => html`<${Move} move=${m} play=${play} class="dr-rock">▲ Daredevil Rock: hang<//>`)
        : html`<span class="dr-rock">▲ Daredevil Rock</span>`}
    </div>
    <ol class="dr-levels">${rows}</ol>
    <div class="dr-base" aria-label="The base">
      <span>Base</span>${atBase.map((c) => html`<${Climber} seat=${c.seat} seats=${seats} />`)}
      ${placed.base.map((m) => html`<${Move} move=${m} play=${play} class="dr-chip">Repel to the base<//>`)}
    </div>
  </section>`;
}

function where(view, c) {
  if (c.eliminated) return "out of the game";
  if (view.over && view.winner === c.seat && c.level === view.levels) return "on the summit";
  return c.level === 0 ? "at the base" : `on ${at(c.level, c.column)}`;
}

function ClimberLine({ view, c, seats, seat }) {
  const cams = c.cams.map((s) => `L${s.level} C${s.column + 1}`).join(", ") || "none set";
  const classes = ["seat", "dr-seat", view.active === c.seat && !view.over && "active", seat === c.seat && "me", c.eliminated && "dr-out"];
  return html`<li class=${classes.filter(Boolean).join(" ")}>
    <${Climber} seat=${c.seat} seats=${seats} />
    <strong>${seatName(seats, c.seat)}</strong>${view.winner === c.seat && html` <span class="badge">winner</span>`}
    <span> ${where(view, c)}</span>
    <small>${[`Cams: ${cams}`, view.limitedCams != null && `${c.reserve} in reserve`, `${c.actions} actions`,
      `${c.turns} turns`, c.mustExamine && "hangs over a face-down card"].filter(Boolean).join(" · ")}</small>
  </li>`;
}

function Pips({ left }) {
  return html`<span class="dr-pips" aria-label=${`${left} of 4 actions left`}>${[0, 1, 2, 3].map((i) => html`<span class=${i < left ? "on" : ""}></span>`)}</span>`;
}

// Whose turn, the actions left, the countdown and any open prompt (free climb, a card to examine).
function Turn({ view, seats, seat, deadline, now }) {
  if (view.over) {
    const text = view.winner != null ? `${seatName(seats, view.winner)} wins.` : "The match ended without a winner.";
    return html`<p class="prompt dr-turn">${text}</p>`;
  }
  if (!view.started || view.active == null) return html`<p class="dr-turn">The cliff is not dealt yet.</p>`;
  const mine = seat === view.active;
  const free = view.freeClimb;
  return html`<div class="dr-turn ${mine ? "prompt" : ""}">
    <p><strong>${mine ? "Your turn" : `${seatName(seats, view.active)}'s turn`}</strong> (turn ${view.turn})
      <${Pips} left=${view.actionsLeft} /> ${view.actionsLeft} left
      ${deadline && html` · <${Countdown} at=${deadline.at} now=${now} />`}</p>
    ${free && html`<p class="window">Free climb open onto ${at(free.level, free.column)}: take it before the next move.</p>`}
    ${view.mustExamine && html`<p class="window">Hanging over a face-down card: examine it or repel.</p>`}
  </div>`;
}

function Piles({ view }) {
  const [top, ...under] = view.discards;
  return html`<section class="dr-piles row" aria-label="Draw deck and discards">
    <div><${Pile} label="Draw deck" count=${view.deckSize} />
      ${view.deck && html`<small class="dr-list">Top first: ${view.deck.map(cardName).join(" ")}</small>`}</div>
    <div class="dr-discards"><span>Discards (${view.discards.length})</span>
      ${top ? html`<${Card} card=${top} faceUp=${true} />` : html`<span class="dr-card dr-empty">empty</span>`}
      ${under.length > 0 && html`<small class="dr-list">Below: ${under.map(cardName).join(" ")}</small>`}</div>
  </section>`;
}

function Variants({ view }) {
  const badges = [
    view.limitedCams != null ? `Limited cams: ${view.limitedCams}` : "One moving cam",
    view.blindMansBluff && "Blind Man's Bluff",
    view.turnLimit != null && `Turn limit: ${view.turnLimit} each`,
  ].filter(Boolean);
  return html`<p class="dr-variants">${badges.map((b) => html`<span class="badge">${b}</span> `)}</p>`;
}

export function Table({ view, seat, seats, moves, play, deadline, now }) {
  const placed = placeMoves(view, seat, moves ?? []);
  return html`<div class="dr-table">
    <${Turn} view=${view} seats=${seats} seat=${seat} deadline=${deadline} now=${now} />
    <div class="dr-layout">
      ${view.started ? html`<${Cliff} view=${view} seats=${seats} placed=${placed} play=${play} />` : null}
      <div class="dr-side">
        <h3>Climbers</h3>
        <ol class="dr-seats">${view.climbers.map((c) => html`<${ClimberLine} view=${view} c=${c} seats=${seats} seat=${seat} />`)}</ol>
        <${Piles} view=${view} />
        <${Variants} view=${view} />
      </div>
    </div>
    ${placed.bar.length > 0 && html`<div class="actions">${placed.bar.map((m) => html`<${Move} move=${m} play=${play} />`)}</div>`}
  </div>`;
}

export function Summary({ view, seats }) {
  const parts = [...view.climbers].sort((a, b) => rankKey(view, b) - rankKey(view, a)).map((c) => {
    const name = seatName(seats, c.seat);
    if (c.seat === view.winner && c.level === view.levels) {
      return view.climbers.length === 1 ? `${name} reached the summit in ${c.actions} actions` : `${name} reached the summit`;
    }
    if (c.seat === view.winner) return `${name} won, last on the cliff (level ${c.level})`;
    return c.eliminated ? `${name} out` : `${name} level ${c.level}`;
  });
  return html`<span class="dr-summary">${view.winner == null ? "No winner · " : ""}${parts.join(" · ")}</span>`;
}

// The winner first, then the highest climbers, then those out of the game (as the outcome ranks them).
const rankKey = (view, c) => (c.seat === view.winner ? 1000 : c.eliminated ? -1 : c.level);

const ENDS = {
  actions: "after four actions", ended: "", fell: "after the fall", eliminated: "", hang: "after the Joker from the rock",
  timeout: "at the time limit", resigned: "",
};

export function tell(event, seats) {
  const d = event.data ?? {};
  const who = seatName(seats, d.seat ?? event.seat);
  const spot = d.level != null && d.column != null ? at(d.level, d.column) : "";
  switch (event.type) {
    case "CliffDealt":
      return `The cliff is dealt face down, ${d.columns} columns of ${d.levels} levels, with ${d.deckSize} cards in the draw deck. ${seatName(seats, d.firstClimber)} climbs first.`;
    case "TurnStarted": return `Turn ${d.turn}: ${who} climbs.`;
    case "Examined":
      return d.card && isJoker(d.card) ? `${who} examines ${spot} and turns up a Joker!` : `${who} examines ${spot}: ${d.card ? cardName(d.card) : "a card"}.`;
    case "FreeClimbOffered": return `Same rank: ${who} may climb onto ${spot} for free.`;
    case "FreeClimbed": return `${who} takes the free climb onto ${spot}.`;
    case "Climbed": return `${who} climbs to ${spot}.`;
    case "CamSet":
      return `${who} sets a cam on ${spot}${d.movedFrom ? `, moved from ${at(d.movedFrom[0], d.movedFrom[1])}` : ""}.`;
    case "CamRetrieved": return `${who} retrieves the cam from ${spot}.`;
    case "Probed":
      return `${who} probes ${spot}: ${d.discarded ? named(d.discarded) : "the card"} goes to the discards and ${d.placed ? cardName(d.placed) : "the top card of the deck"} takes its place face down.`;
    case "Repelled": return d.level === 0 ? `${who} repels down to the base.` : `${who} repels down to level ${d.level}.`;
    case "Slipped": return `${who} slips, but the cam holds: only the action is lost.`;
    case "Fell": return d.level === 0 ? `${who} falls to the base.` : `${who} falls to ${spot}.`;
    case "Eliminated": return `${who} hits the ground and is out of the game.`;
    case "Resigned": return `${who} resigns; the climber and its cams leave the cliff.`;
    case "DeckRefreshed": return refreshed(d);
    case "HungFromRock":
      return d.card && isJoker(d.card) ? `${who} hangs from Daredevil Rock and turns up a Joker!`
        : `${who} hangs from Daredevil Rock and turns up ${d.card ? cardName(d.card) : "a card"}.`;
    case "Summited": return `${who} reaches the summit!`;
    case "CliffTurnedFaceDown": {
      const n = (d.spaces ?? []).length;
      return `Blind Man's Bluff: ${n} ${n === 1 ? "card turns" : "cards turn"} face down.`;
    }
    case "TurnEnded":
      if (d.reason === "ended") return `${who} ends the turn.`;
      return `${who}'s turn ends${ENDS[d.reason] ? ` ${ENDS[d.reason]}` : ""}.`;
    case "MatchEnded": return ended(d, seats);
    default: return `${event.type}${event.seat != null ? ` (${who})` : ""}.`;
  }
}

function refreshed(d) {
  const why = d.reason === "empty" ? "The draw deck ran out: the discards are" : "The Joker, the discards and the draw deck are";
  const refill = d.refilled ? ` ${d.refill ? cardName(d.refill) : "Its top card"} fills ${at(d.refilled[0], d.refilled[1])} face down.` : "";
  return `${why} shuffled into a new draw deck of ${d.size} cards.${refill}`;
}

function ended(d, seats) {
  const reasons = { summit: "reaching the summit", "last climber standing": "being the last climber on the cliff" };
  if (d.winner != null) return `${seatName(seats, d.winner)} wins by ${reasons[d.reason] ?? d.reason}.`;
  const why = { fell: "the climber fell off the cliff", resigned: "the climber resigned", "turn limit": "the turn limit is reached" };
  return `The match ends without a winner: ${why[d.reason] ?? d.reason}.`;
}

export const css = `
.dr-table { display: flex; flex-direction: column; gap: .75rem; }
.dr-layout { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.dr-side { flex: 1 1 16rem; min-width: 0; max-width: 22rem; display: flex; flex-direction: column; gap: .5rem; }
.dr-side h3 { margin: 0; font-size: 1rem; }
.dr-turn p { margin: .2rem 0; }
.dr-pips { display: inline-flex; gap: 3px; vertical-align: middle; margin: 0 .25rem; }
.dr-pips span { width: .6rem; height: .6rem; border-radius: 50%; border: 1px solid currentColor; }
.dr-pips span.on { background: currentColor; }
.dr-cliff { flex: 0 1 auto; min-width: 0; max-width: 100%; display: flex; flex-direction: column; gap: 2px;
  padding: .4rem; border-radius: .5rem; background: linear-gradient(#9aa5b1, #6b5a4a); }
.dr-summit, .dr-base { display: flex; align-items: center; gap: .4rem; flex-wrap: wrap; justify-content: center;
  padding: .3rem; border-radius: .35rem; color: #fff; font-weight: 600; }
.dr-summit { background: #3d4550; }
.dr-base { background: #4a3b2c; min-height: 2rem; }
.dr-rock { font: inherit; color: inherit; background: none; border: 0; padding: .2rem .5rem; }
button.dr-rock { min-height: 2.2rem; background: #f4c430; color: #222; border-radius: .3rem; cursor: pointer; }
.dr-levels, .dr-row, .dr-seats { list-style: none; margin: 0; padding: 0; }
.dr-levels { display: flex; flex-direction: column; gap: 2px; }
.dr-level { display: flex; align-items: stretch; gap: 2px; }
.dr-num { width: 1.3rem; flex: none; align-self: center; text-align: right; font-size: .7rem; color: #fff; }
.dr-row { display: grid; grid-template-columns: repeat(var(--cols), minmax(0, 4.5rem)); justify-content: center; gap: 2px; flex: 1; }
.dr-space { display: flex; flex-direction: column; gap: 1px; min-width: 0; }
.dr-main { position: relative; display: block; padding: 0; border: 0; background: none; font: inherit;
  color: inherit; width: 100%; min-height: 0; border-radius: .3rem; }
button.dr-main { cursor: pointer; outline: 2px solid #f4c430; outline-offset: -2px; }
button.dr-main .dr-card { padding-bottom: .7rem; } /* the verb caption must not hide the suit */
.dr-free button.dr-main, .dr-free .dr-main { outline: 3px solid #2ecc71; }
.dr-verb { position: absolute; left: 0; right: 0; bottom: 0; font-size: .62rem; line-height: 1.2; background: #f4c430;
  color: #222; border-radius: 0 0 .3rem .3rem; text-align: center; }
.dr-card { display: flex; flex-direction: column; align-items: center; justify-content: center; height: 2.9rem;
  border-radius: .3rem; background: #fffdf6; border: 1px solid #8a8170; line-height: 1; box-sizing: border-box; }
.dr-card b { font-size: 1.05rem; line-height: 1.15; } /* room for the J's descender above the suit */
.dr-card i { font-style: normal; font-size: .8rem; }
.dr-red { color: #c1121f; }
.dr-black { color: #1b1b1b; }
.dr-joker { color: #6a1b9a; background: #f3e8ff; }
.dr-joker i { font-size: .6rem; }
.dr-back { background: repeating-linear-gradient(45deg, #1f3c88 0 4px, #2b54b8 4px 8px); border-color: #10244f; }
.dr-peek { font-size: .7rem; color: #fff; background: #0008; padding: 0 .2rem; border-radius: .2rem; }
.dr-empty { width: 2.4rem; color: #777; font-size: .7rem; background: none; border-style: dashed; }
.dr-climber { display: inline-flex; align-items: center; justify-content: center; width: 1.25rem; height: 1.25rem;
  border-radius: 50%; background: var(--c); color: #fff; font-size: .7rem; font-weight: 700; border: 2px solid #fff;
  box-shadow: 0 0 0 1px #0006; }
.dr-space .dr-climber { position: absolute; top: -2px; right: -2px; }
.dr-cams { position: absolute; top: 2px; left: 2px; display: flex; gap: 1px; }
.dr-cam { width: .6rem; height: .6rem; background: var(--c); transform: rotate(45deg); border: 1px solid #fff; }
.dr-chips { display: flex; flex-wrap: wrap; gap: 1px; }
.dr-chip { flex: 1; min-height: 1.4rem; font-size: .62rem; padding: .1rem .15rem; border-radius: .25rem; border: 1px solid #f4c430;
  background: #fff6d6; color: #222; cursor: pointer; }
.dr-seat { display: flex; flex-wrap: wrap; align-items: center; gap: .3rem; padding: .25rem .35rem; }
.dr-seat small { flex-basis: 100%; opacity: .8; }
.dr-out { opacity: .55; }
.dr-piles { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-start; }
.dr-piles > div { display: flex; flex-direction: column; gap: .2rem; min-width: 0; }
.dr-discards .dr-card { width: 2.6rem; }
.dr-list { display: block; max-width: 14rem; overflow-wrap: anywhere; }
.dr-variants { margin: 0; }
`;
