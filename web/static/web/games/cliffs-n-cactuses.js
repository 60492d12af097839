// Cliffs n' Cactuses: racers play cards face down onto each other's queues, then reveal them one by
// one and run down a 1200 m cliff. The table draws the cliff with every racer on it, the phase and
// stage, any open prompt (rock-paper-scissors, an ANY target, Last-Ditch Larry's last call), one lane
// per racer (its queue left to right, the special lifted out of it, what the viewer knows of its hand),
// the deck and discards, and the viewer's hand.
// Moves are clicked where they act: under each racer's queue a "play here" row shows your hand in small
// (a card there puts it face down on that queue), Larry sits on each racer's lane, the deck draws, an ANY
// target is the card or lane it names (outlined), a throw is in the rock-paper-scissors box; what is
// left (keeping Larry) goes to the actions bar. Each legal move is drawn exactly once.
import { html, Move, memberOf, Countdown, seatName } from "../app/kit.js";

const CARD = "id printed { kind name metres card racer theirCard count }";

export const fragment = `fragment CliffsNCactusesTable on CliffsNCactusesView {
  seat phase stack round stage { number plays defaultMovement } leader order revealing deadline
  hand { ${CARD} }
  racers {
    seat position handSize larry playing playsLeft done moved
    queue { card { ${CARD} } revealed flipped playedBy larry }
    hand { ${CARD} } known { ${CARD} }
  }
  deckSize discards { ${CARD} }
  lifted { seat card { ${CARD} } flipped index triggers done }
  question { seat aims { card { seat index } racer their { seat index } } default deadline }
  lastCall
  tiebreak { purpose entrants contenders bestOf wins thrown pairs through }
  winners reason
}`;

// The replay list spreads every game's summary fragment in one selection: aliased names keep ours
// from clashing with another view's field of the same name and a different type.
export const summaryFragment = `fragment CliffsNCactusesSummary on CliffsNCactusesView {
  round winners racers { seat position playing }
}`;

// ---- Card faces (Ruling 2: upside down, a Bonus reads as a Sabotage and directions mirror) ----

const MIRROR = { LEFT: "RIGHT", RIGHT: "LEFT", LEFT_MOST: "RIGHT_MOST", RIGHT_MOST: "LEFT_MOST" };
const UPSIDE_DOWN = { BONUS: "SABOTAGE", SABOTAGE: "BONUS" };
const mirror = (target) => (target == null ? target : MIRROR[target] ?? target);

// What a card reads as now: its printed face, or that face upside down.
function faceOf(card, flipped) {
  const p = card.printed;
  if (!flipped) return p;
  return { ...p, kind: UPSIDE_DOWN[p.kind] ?? p.kind, card: mirror(p.card), racer: mirror(p.racer), theirCard: mirror(p.theirCard) };
}

// The reference card's symbols, and the same in words.
const SYMBOL = { LEFT: "<", RIGHT: ">", LEFT_MOST: "«", RIGHT_MOST: "»", ANY: "*" };
const CARD_WORDS = { LEFT: "the card to its left", RIGHT: "the card to its right", LEFT_MOST: "the left-most card", RIGHT_MOST: "the right-most card", ANY: "any card" };
const THEIR_WORDS = { LEFT_MOST: "left-most card", RIGHT_MOST: "right-most card", ANY: "any card", LEFT: "card to the left", RIGHT: "card to the right" };
const RACER_WORDS = { LEFT: "the left racer", RIGHT: "the right racer", ANY: "any racer" };
const RACER_SHORT = { LEFT: "left racer", RIGHT: "right racer", ANY: "any racer" };
const ICON = { VAPORIZE: "✸", GIFT: "➜", SWAP: "⇄", STEAL: "↩", DRAW: "✚", FLIP: "↻" };
const TITLE = { BONUS: "Bonus", SABOTAGE: "Sabotage", MULTIPLIER: "Multiplier", VAPORIZE: "Vaporize", GIFT: "Gift", SWAP: "Swap", STEAL: "Steal", DRAW: "Draw", FLIP: "Flip" };

// A face in words, as the rulebook's cards read: "Coffee (100 m down)", "Steal the right racer's right-most card".
function faceWords(f) {
  const racer = RACER_WORDS[f.racer] ?? "a racer";
  switch (f.kind) {
    case "BONUS": return `${f.name} (${f.metres} m down)`;
    case "SABOTAGE": return `${f.name} (${f.metres} m up)`;
    case "MULTIPLIER": return `Multiplier: doubles ${CARD_WORDS[f.card]}`;
    case "VAPORIZE": return `Vaporize ${CARD_WORDS[f.card]}`;
    case "FLIP": return `Flip ${CARD_WORDS[f.card]}`;
    case "GIFT": return `Gift ${CARD_WORDS[f.card]} to ${racer}`;
    case "SWAP": return `Swap ${CARD_WORDS[f.card]} with ${racer}'s ${THEIR_WORDS[f.theirCard]}`;
    case "STEAL": return `Steal ${racer}'s ${THEIR_WORDS[f.theirCard]}`;
    case "DRAW": return f.racer == null ? `Draw ${f.count} from the deck` : `Draw ${f.count} from ${racer}'s hand`;
  }
  return TITLE[f.kind] ?? "a card";
}

const cardWords = (card, flipped = false) =>
  card ? faceWords(faceOf(card, flipped)) + (flipped ? ", upside down" : "") : "a face-down card";

// The two lines printed big and small in the middle of a card.
function faceLines(f) {
  const sym = (t) => SYMBOL[t] ?? "?";
  switch (f.kind) {
    case "BONUS": return [`↓${f.metres}`, f.name];
    case "SABOTAGE": return [`↑${f.metres}`, f.name];
    case "MULTIPLIER": return [`×2 ${sym(f.card)}`, `doubles ${sym(f.card)}`];
    case "VAPORIZE": case "FLIP": return [`${ICON[f.kind]} ${sym(f.card)}`, CARD_WORDS[f.card]?.replace("the ", "")];
    case "GIFT": return [`${ICON.GIFT} ${sym(f.card)}`, `to ${RACER_SHORT[f.racer]}`];
    case "SWAP": return [`${sym(f.card)} ${ICON.SWAP} ${sym(f.theirCard)}`, `with ${RACER_SHORT[f.racer]}`];
    case "STEAL": return [`${ICON.STEAL} ${sym(f.theirCard)}`, `from ${RACER_SHORT[f.racer]}`];
    case "DRAW": return [`${ICON.DRAW}${f.count}`, f.racer == null ? "from the deck" : `${RACER_SHORT[f.racer]}'s hand`];
  }
  return ["?", ""];
}

// ---- Seats ----

// One colour per seat (up to six racers), used for the racer's token, lane and the cards it played.
const COLOURS = ["#c0392b", "#1f6fb2", "#2e8b57", "#b7791f", "#7d3c98", "#2c3e50"];
const colour = (seat) => COLOURS[seat % COLOURS.length];

// The seat's name, with its number when another seat bears the same one (two "Bot (heuristic)").
function who(seats, index) {
  const name = seatName(seats, index);
  return (seats || []).filter((s) => s.name === name).length > 1 ? `${name} #${index}` : name;
}

// A short name for buttons: the first word of the seat's name, with its number when two seats share it.
function shortName(seats, index, me) {
  if (index === me) return "you";
  const first = (name) => String(name).split(/\s/)[0].slice(0, 10);
  const word = first(seatName(seats, index));
  const twins = (seats || []).filter((s) => first(s.name) === word).length > 1;
  return twins ? `${word} ${index}` : word;
}

const ordinal = (n) => `${n}${["th", "st", "nd", "rd"][(n % 100 > 10 && n % 100 < 14) || n % 10 > 3 ? 0 : n % 10]}`;
const spotKey = (spot) => `${spot.seat}:${spot.index ?? "empty"}`;
const spotWords = (seats, spot) =>
  spot.index == null ? `${who(seats, spot.seat)}'s empty card` : `${who(seats, spot.seat)}'s card ${spot.index + 1}`;

// ---- Where each legal move is drawn: every move gets exactly one place ----

// An ANY target is hosted by what it names on the table: the other racer's card (Swap, Steal), else
// the racer (Gift, Draw), else the card (Vaporize, Flip). When several aims share a host (a Swap of
// any of your cards with one card), they become small chips on it, told apart by your card.
function aimHost(aim) {
  if (aim.their) return { key: `spot:${spotKey(aim.their)}`, rest: aim.card };
  if (aim.racer != null) return { key: `racer:${aim.racer}`, rest: aim.card };
  if (aim.card) return { key: `spot:${spotKey(aim.card)}`, rest: null };
  return null;
}

function placeMoves(view, moves) {
  const place = { plays: new Map(), larry: new Map(), aims: new Map(), draw: null, throws: [], bar: [] };
  const add = (map, key, item) => map.set(key, [...(map.get(key) ?? []), item]);
  for (const move of moves || []) {
    const m = memberOf(move);
    if (m.action === "PLAY_CARD") add(place.plays, m.racer, move);
    else if (m.action === "PLAY_LARRY" && !place.larry.has(m.racer)) place.larry.set(m.racer, move);
    else if (m.action === "DRAW" && !place.draw) place.draw = move;
    else if (m.action === "THROW" && view.tiebreak) place.throws.push(move);
    else if (m.action === "CHOOSE_TARGET" && placeAim(view, move, m.option, place, add)) continue;
    else place.bar.push(move);
  }
  return place;
}

function placeAim(view, move, option, place, add) {
  const aim = view.question?.aims?.[option];
  const host = aim && aimHost(aim);
  if (!host) return false;
  add(place.aims, host.key, { move, rest: host.rest, option, isDefault: option === view.question.default });
  return true;
}

// Every host the open question names, clickable or not, so everyone sees where the special may act.
function aimedKeys(view) {
  return new Set((view.question?.aims ?? []).map(aimHost).filter(Boolean).map((h) => h.key));
}

// ---- Cards ----

function CardFace({ card, flipped = false, secret = false, by = null, seats }) {
  const f = faceOf(card, flipped);
  const [big, small] = faceLines(f);
  const label = (secret ? "face down: " : "") + cardWords(card, flipped) + byWords(seats, by);
  const classes = ["card", "cnc-card", `k-${f.kind.toLowerCase()}`, flipped && "flipped", secret && "secret"];
  return html`<span class=${classes.filter(Boolean).join(" ")} role="img" aria-label=${label} title=${label}
      style=${by != null ? `--played:${colour(by)}` : ""}>
    <span class="cnc-kind">${TITLE[f.kind]}</span>
    <span class="cnc-big">${big}</span>
    <span class="cnc-small">${small}</span>
    ${flipped && html`<span class="cnc-flipmark" aria-hidden="true">↻ upside down</span>`}
    ${secret && html`<span class="cnc-secretmark" aria-hidden="true">face down</span>`}
  </span>`;
}

const byWords = (seats, by) => (by == null ? "" : `, played by ${who(seats, by)}`);

// A face-down card: its back points right, the way queues grow; its stripe names who played it.
function CardBackCnc({ slot, seats }) {
  const from = slot.larry ? `from ${who(seats, slot.playedBy)}'s Last-Ditch Larry` : `played by ${who(seats, slot.playedBy)}`;
  const label = `face-down card${slot.playedBy != null ? `, ${from}` : ""}${slot.flipped ? ", upside down" : ""}`;
  return html`<span class=${`card back cnc-back${slot.flipped ? " flipped" : ""}`} role="img" aria-label=${label} title=${label}
      style=${slot.playedBy != null ? `--played:${colour(slot.playedBy)}` : ""}>
    <span class="cnc-arrow" aria-hidden="true">${slot.flipped ? "◀" : "▶"}</span>
    ${slot.larry && html`<span class="cnc-larry-mark" aria-hidden="true">Larry</span>`}
  </span>`;
}

function QueueCard({ slot, seats }) {
  if (!slot.card) return html`<${CardBackCnc} slot=${slot} seats=${seats} />`;
  return html`<${CardFace} card=${slot.card} flipped=${slot.flipped} secret=${!slot.revealed} by=${slot.playedBy} seats=${seats} />`;
}

// A card (or the empty card) some aims host: the card itself is the button when one aim lands on it,
// else chips under it name the revealer's card each one pairs it with.
function Aimed({ entries, play, children, verb }) {
  if (!entries?.length) return children;
  if (entries.length === 1) {
    const e = entries[0];
    return html`<${Move} move=${e.move} play=${play} class=${`cnc-aim${e.isDefault ? " default" : ""}`}>${children}</${Move}>`;
  }
  return html`<span class="cnc-stack">${children}<span class="cnc-chips">
    ${entries.map((e) => html`<${Move} key=${e.option} move=${e.move} play=${play} class=${`cnc-chip${e.isDefault ? " default" : ""}`}>
      ${verb} ${e.rest ? (e.rest.index == null ? "your empty" : `your #${e.rest.index + 1}`) : `option ${e.option}`}</${Move}>`)}
  </span></span>`;
}

// ---- A racer's lane ----

function Queue({ view, racer, place, aimed, play, seats }) {
  const lifted = view.lifted?.seat === racer.seat ? view.lifted : null;
  const slots = racer.queue.map((slot, index) => {
    const key = `spot:${racer.seat}:${index}`;
    const card = html`<${QueueCard} slot=${slot} seats=${seats} />`;
    return html`<li key=${index} class=${`cnc-slot${aimed.has(key) ? " aimed" : ""}`}>
      <span class="cnc-index" aria-hidden="true">${index + 1}</span>
      <${Aimed} entries=${place.aims.get(key)} play=${play} verb=${verbOf(view)}>${card}</${Aimed}>
    </li>`;
  });
  if (lifted) slots.splice(Math.min(lifted.index, slots.length), 0, html`<li key="lifted" class="cnc-slot lifted"><${Lifted} lifted=${lifted} seats=${seats} /></li>`);
  if (!racer.queue.length) slots.push(html`<li key="empty" class=${`cnc-slot${aimed.has(`spot:${racer.seat}:empty`) ? " aimed" : ""}`}>
    <${Aimed} entries=${place.aims.get(`spot:${racer.seat}:empty`)} play=${play} verb=${verbOf(view)}>
      <span class="card cnc-emptycard" role="img" aria-label="the empty card (no card in this queue)">empty</span></${Aimed}></li>`);
  const direction = view.stack ? "revealed right to left" : "revealed left to right";
  return html`<ol class="row cnc-queue" aria-label=${`${who(seats, racer.seat)}'s queue, ${direction}`}>
    <li class="cnc-ref" aria-hidden="true" style=${`--by:${colour(racer.seat)}`}>${view.stack ? "◀" : "▶"}</li>${slots}</ol>`;
}

const verbOf = (view) => ICON[faceOf(view.lifted?.card ?? { printed: { kind: "" } }, view.lifted?.flipped).kind] ?? "◎";

function Lifted({ lifted, seats }) {
  const times = lifted.triggers === 1 ? "acts once" : `acts ${lifted.triggers}×, ${lifted.done} done`;
  return html`<span class="cnc-lifted" role="group" aria-label=${`lifted out of the queue, ${times}`}>
    <${CardFace} card=${lifted.card} flipped=${lifted.flipped} seats=${seats} />
    <span class="badge">${times}</span></span>`;
}

// What the viewer may see of a racer's hand: every card (an omniscient replay) or the cards a Draw took.
function HandPeek({ racer, seats }) {
  const cards = racer.hand ?? racer.known;
  if (!cards?.length) return null;
  const title = racer.hand ? "Hand" : "You know they hold";
  return html`<div class="cnc-peek"><span class="cnc-peek-title">${title}:</span>
    <ul class="row" aria-label=${`${title}: ${who(seats, racer.seat)}`}>
      ${cards.map((card, i) => html`<li key=${i}><${CardFace} card=${card} seats=${seats} /></li>`)}
    </ul></div>`;
}

// Your hand in small, at the end of a racer's queue: each card is the move that puts it there, face down.
function Tray({ moves, hand, play }) {
  if (!moves?.length) return null;
  const cardOf = (m) => hand.find((c) => c.id === memberOf(m).card);
  return html`<div class="cnc-tray"><span class="cnc-tray-title">play here:</span>
    ${moves.map((m) => {
      const card = cardOf(m), f = card ? faceOf(card, false) : { kind: "" };
      const [big, small] = card ? faceLines(f) : ["?", ""];
      return html`<${Move} key=${m.label} move=${m} play=${play} class=${`cnc-mini k-${f.kind.toLowerCase()}`}>
        <b>${big}</b><small>${f.kind === "BONUS" || f.kind === "SABOTAGE" ? small : TITLE[f.kind]}</small></${Move}>`;
    })}</div>`;
}

function isActive(view, racer) {
  if (!racer.playing) return false;
  switch (view.phase) {
    case "RACE": return !racer.done;
    case "RESOLUTION": return view.question ? view.question.seat === racer.seat : view.revealing === racer.seat;
    case "LAST_CALL": return view.lastCall.includes(racer.seat);
    case "TIEBREAK": return (view.tiebreak?.contenders ?? []).includes(racer.seat) && !view.tiebreak.thrown.includes(racer.seat);
  }
  return false;
}

function RacerBadges({ view, racer }) {
  const b = [];
  if (view.winners.includes(racer.seat)) b.push("winner");
  if (!racer.playing) b.push("left the race");
  if (view.leader === racer.seat && view.phase !== "OVER") b.push("1st place");
  const turn = view.order.indexOf(racer.seat);
  if (turn >= 0 && ["RACE", "RESOLUTION", "LAST_CALL"].includes(view.phase)) b.push(`resolves ${ordinal(turn + 1)}`);
  if (view.revealing === racer.seat && view.phase === "RESOLUTION") b.push("revealing");
  b.push(`${racer.handSize} in hand`);
  if (racer.larry) b.push("has Larry");
  if (view.phase === "RACE" && racer.playing) b.push(racer.done ? "drawn, done" : `${racer.playsLeft} to play`);
  if (racer.moved != null) b.push(racer.moved >= 0 ? `last: ${racer.moved} m ↓` : `last: ${-racer.moved} m ↑`);
  return b.map((text) => html`<span key=${text} class=${`badge${text === "winner" || text === "revealing" ? " hot" : ""}`}>${text}</span>`);
}

function Lane({ view, racer, me, place, aimed, play, seats }) {
  const larry = place.larry.get(racer.seat);
  const classes = ["seat", "cnc-lane", isActive(view, racer) && "active", racer.seat === me && "me", !racer.playing && "out",
    aimed.has(`racer:${racer.seat}`) && "aimed"];
  return html`<li class=${classes.filter(Boolean).join(" ")} style=${`--by:${colour(racer.seat)}`}>
    <header class="cnc-lane-head">
      <span class="cnc-token" aria-hidden="true">${racer.seat}</span>
      <h3>${who(seats, racer.seat)}${racer.seat === me ? " (you)" : ""}</h3>
      <strong class="cnc-pos">${racer.position} m</strong>
      <${RacerBadges} view=${view} racer=${racer} />
      ${larry && html`<${Move} move=${larry} play=${play} class="cnc-larry">Larry ➜ here</${Move}>`}
      <${Aimed} entries=${place.aims.get(`racer:${racer.seat}`)} play=${play} verb=${verbOf(view)}>
        ${place.aims.has(`racer:${racer.seat}`) ? html`<span>◎ aim here</span>` : null}</${Aimed}>
    </header>
    <${Queue} view=${view} racer=${racer} place=${place} aimed=${aimed} play=${play} seats=${seats} />
    <${Tray} moves=${place.plays.get(racer.seat)} hand=${view.hand} play=${play} />
    <${HandPeek} racer=${racer} seats=${seats} />
  </li>`;
}

// ---- The cliff: a slope from 1200 m (top left) to 0 m (bottom right), coloured by stage ----
// The slope is an SVG stretched to the box (any width, 375 px or desktop); the numbers and the racers'
// tokens are HTML placed on it in percent, so they keep their size and shape.

const xAt = (m) => 3 + ((1200 - m) / 1200) * 94;
const yAt = (m) => 85 - (m / 1200) * 65;
const STAGES = [[1200, 925, "#e9c46a", 1], [925, 625, "#f4a261", 2], [625, 0, "#e76f51", 3]];
const at = (m, dy = 0) => `left:${xAt(m)}%;top:calc(${yAt(m)}% + ${dy}rem)`;

function Cliff({ view, seats }) {
  const label = `The cliff: ${view.racers.map((r) => `${who(seats, r.seat)} at ${r.position} m`).join(", ")}`;
  const together = (m) => view.racers.filter((r) => r.position === m);
  return html`<div class="cnc-cliff" role="img" aria-label=${label}>
    <svg viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
      <polygon points="3,20 97,85 100,85 100,100 3,100" fill="#8d6e63" />
      ${STAGES.map(([hi, lo, stroke, n]) => html`<line key=${n} x1=${xAt(hi)} y1=${yAt(hi)} x2=${xAt(lo)} y2=${yAt(lo)}
        stroke=${stroke} stroke-width="6" vector-effect="non-scaling-stroke" />`)}
    </svg>
    ${STAGES.map(([hi, lo, , n]) => html`<span key=${n} class="cnc-stage-label" style=${`left:${(xAt(hi) + xAt(lo)) / 2}%`}>stage ${n}</span>`)}
    ${[1200, 900, 600, 300, 0].map((m) => html`<span key=${m} class=${`cnc-tick m${m}`} style=${at(m, 0.8)}>${m} m</span>`)}
    <span class="cnc-cactus" aria-hidden="true"></span>
    ${view.racers.map((r) => {
      const row = together(r.position), n = row.indexOf(r);
      const style = `${at(r.position, -0.9)};margin-left:${(n - (row.length - 1) / 2) * 1.35}rem;background:${colour(r.seat)}`;
      return html`<span key=${r.seat} class=${`cnc-runner${r.playing ? "" : " gone"}`} style=${style}
        title=${`${who(seats, r.seat)}: ${r.position} m`}>${r.seat}</span>`;
    })}
  </div>`;
}

// ---- Prompts: the phase, rock-paper-scissors, the ANY question, the last call ----

const PHASES = {
  DEALING: "Dealing", TIEBREAK: "Rock-paper-scissors", RACE: "Race phase: play cards, then draw!",
  RESOLUTION: "Resolution: revealing the queues", LAST_CALL: "Last call for Last-Ditch Larry", OVER: "The race is over",
};

function Status({ view, seats, clock }) {
  const stage = view.stage;
  const order = view.order.map((s) => html`<li key=${s} class=${s === view.revealing ? "current" : ""}>
    <span class="cnc-dot" style=${`background:${colour(s)}`}></span>${shortName(seats, s, null)}</li>`);
  return html`<header class="cnc-status">
    <h2>${PHASES[view.phase] ?? view.phase}</h2>
    ${view.round > 0 && html`<span class="badge">round ${view.round}</span>`}
    ${stage && html`<span class="badge" title="set by the 1st-place racer">stage ${stage.number}: up to ${stage.plays} cards, empty queue ${stage.defaultMovement} m ↓</span>`}
    ${view.stack && html`<span class="badge">Stack rule: queues reveal right to left</span>`}
    ${clock}
    ${order.length > 0 && html`<ol class="cnc-order" aria-label="Resolution order">${order}</ol>`}
    ${view.phase === "OVER" && html`<p class="cnc-over"><strong>${view.winners.map((s) => who(seats, s)).join(" and ") || "Nobody"}</strong>
      ${view.winners.length === 1 ? " wins" : " win"}${view.reason ? `: ${view.reason}` : "."}</p>`}
  </header>`;
}

const SHAPES = { ROCK: "● Rock", PAPER: "▭ Paper", SCISSORS: "✂ Scissors" };

function Tiebreak({ view, seats, place, play, clock }) {
  const t = view.tiebreak;
  const what = t.purpose === "finish" ? "for the win" : "for 1st place";
  return html`<section class="window cnc-tiebreak" aria-label="Rock-paper-scissors">
    <h3>Rock-paper-scissors ${what} (best of ${t.bestOf}) ${clock}</h3>
    <ul class="row">${t.entrants.map((s, i) => html`<li key=${s} class=${`seat${t.contenders.includes(s) ? " active" : ""}`} style=${`--by:${colour(s)}`}>
      ${who(seats, s)} <span class="badge">${t.wins[i] ?? 0} pt</span>
      ${t.contenders.includes(s) && html` <span class="badge">${t.thrown.includes(s) ? "thrown ✓" : "throwing…"}</span>`}
      ${t.through.includes(s) && html` <span class="badge">through</span>`}</li>`)}</ul>
    ${t.pairs.length > 0 && html`<p>Bracket: ${t.pairs.map(([a, b]) => `${who(seats, a)} vs ${who(seats, b)}`).join("; then ")}</p>`}
    ${place.throws.length > 0 && html`<div class="cnc-throws">${place.throws.map((m) => html`<${Move} key=${m.label} move=${m} play=${play} class="cnc-throw">
      ${SHAPES[memberOf(m).shape] ?? memberOf(m).shape}</${Move}>`)}</div>`}
  </section>`;
}

function aimWords(aim, seats) {
  const parts = [];
  if (aim.card) parts.push(spotWords(seats, aim.card));
  if (aim.racer != null && !aim.their) parts.push(`to ${who(seats, aim.racer)}`);
  if (aim.their) parts.push(`${parts.length ? "with " : ""}${spotWords(seats, aim.their)}`);
  if (aim.racer != null && !aim.their && !aim.card) return who(seats, aim.racer);
  return parts.join(" ") || "the deck";
}

function Question({ view, seats, me, clock, chips }) {
  const q = view.question;
  const special = view.lifted ? cardWords(view.lifted.card, view.lifted.flipped) : "the special";
  const fallback = q.aims[q.default];
  return html`<section class="prompt cnc-question" aria-label="Choosing a target">
    <h3>${q.seat === me ? "You choose" : `${who(seats, q.seat)} chooses`} where ${special} acts ${clock}</h3>
    <p>${q.aims.length} possible targets, outlined on the table${q.seat === me ? ": click one" : ""}.
      If time runs out: ${fallback ? aimWords(fallback, seats) : "the default"}.</p>
    ${chips && html`<p>"your #n" under a card or racer: your queue's card n goes with it.</p>`}
  </section>`;
}

function LastCall({ view, seats, clock }) {
  return html`<section class="window cnc-lastcall" aria-label="Last call">
    <h3>Last call for Last-Ditch Larry ${clock}</h3>
    <p>${view.lastCall.map((s) => who(seats, s)).join(", ")} may still play him onto any queue before the tally.</p>
  </section>`;
}

// ---- The deck, the discards, your hand, the actions bar ----

function Piles({ view, place, play, seats }) {
  const top = view.discards.slice(-3);
  const deck = html`<span class="card back cnc-back" aria-hidden="true"><span class="cnc-arrow">▶</span></span>
    <span class="cnc-pile-label">Deck <span class="badge">${view.deckSize}</span></span>`;
  return html`<div class="cnc-piles">
    ${place.draw ? html`<${Move} move=${place.draw} play=${play} class="cnc-deck">${deck}<span>Draw up to 5</span></${Move}>`
      : html`<figure class="cnc-deck" aria-label=${`Deck: ${view.deckSize} cards`}>${deck}</figure>`}
    <figure class="cnc-discards" aria-label=${`Discards: ${view.discards.length} cards`}>
      <ul class="row">${top.map((card, i) => html`<li key=${i}><${CardFace} card=${card} seats=${seats} /></li>`)}
        ${!top.length && html`<li><span class="card cnc-emptycard" aria-hidden="true">none</span></li>`}</ul>
      <figcaption>Discards <span class="badge">${view.discards.length}</span> (latest right)</figcaption>
      ${view.discards.length > top.length && html`<details class="cnc-all"><summary>All discards</summary>
        <ol>${view.discards.map((card, i) => html`<li key=${i}>${cardWords(card)}</li>`)}</ol></details>`}
    </figure>
  </div>`;
}

function Hand({ view, me, place, seats }) {
  if (me == null || !view.hand) return null;
  return html`<section class="cnc-hand" aria-label="Your hand">
    <h3>Your hand <span class="badge">${view.hand.length}</span></h3>
    ${place.plays.size > 0 && html`<p class="cnc-hint">To play a card, click it in the "play here" row of the racer whose queue it goes to.</p>`}
    <ul class="hand row">${view.hand.map((card) => html`<li key=${card.id}><${CardFace} card=${card} seats=${seats} /></li>`)}</ul>
  </section>`;
}

function Actions({ moves, play }) {
  if (!moves.length) return null;
  return html`<div class="actions">${moves.map((m) => html`<${Move} key=${m.label} move=${m} play=${play} />`)}</div>`;
}

// ---- The table ----

export function Table({ view, seat, seats, moves = [], play, deadline, now }) {
  const me = seat ?? view.seat ?? null;
  const place = placeMoves(view, moves);
  const aimed = aimedKeys(view);
  const clock = deadline?.at ? html`<${Countdown} at=${deadline.at} now=${now} />` : null;
  const prompt = view.tiebreak ? "tiebreak" : view.question ? "question" : view.lastCall.length ? "lastCall" : null;
  return html`<div class="cnc" lang="en" data-phase=${view.phase}>
    <${Status} view=${view} seats=${seats} clock=${prompt ? null : clock} />
    <${Cliff} view=${view} seats=${seats} />
    ${prompt === "tiebreak" && html`<${Tiebreak} view=${view} seats=${seats} place=${place} play=${play} clock=${clock} />`}
    ${prompt === "question" && html`<${Question} view=${view} seats=${seats} me=${me} clock=${clock}
      chips=${[...place.aims.values()].some((entries) => entries.length > 1)} />`}
    ${prompt === "lastCall" && html`<${LastCall} view=${view} seats=${seats} clock=${clock} />`}
    <${Actions} moves=${place.bar} play=${play} />
    <ol class="cnc-lanes" aria-label="Racers">${view.racers.map((racer) => html`<${Lane} key=${racer.seat} view=${view} racer=${racer}
      me=${me} place=${place} aimed=${aimed} play=${play} seats=${seats} />`)}</ol>
    <${Piles} view=${view} place=${place} play=${play} seats=${seats} />
    <${Hand} view=${view} me=${me} place=${place} seats=${seats} />
  </div>`;
}

export function Summary({ view, seats }) {
  const racers = [...(view.racers ?? [])].sort((a, b) => a.position - b.position);
  const winners = (view.winners ?? []).map((s) => who(seats, s)).join(" and ");
  const line = racers.map((r) => `${who(seats, r.seat)} ${r.position} m${r.playing ? "" : " (left)"}`).join(", ");
  return html`<span class="cnc-summary">${winners ? html`<strong>${winners}</strong> won · ` : ""}${`${line} · ${view.round ?? 0} rounds`}</span>`;
}

// ---- The log in words ----

const names = (seats, list) => (list ?? []).map((s) => who(seats, Number(s))).join(", ") || "nobody";
const quoted = (card, flipped) => `“${cardWords(card, flipped)}”`;
const cardsIn = (cards) => (cards?.length ? `: ${cards.map((c) => quoted(c)).join(", ")}` : "");
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const metres = (m) => (m >= 0 ? `${m} m down` : `${-m} m up`);
const spotIn = (seats, spot) => (spot ? spotWords(seats, spot) : "a card");

// One sentence per event type; `d` is the event's data (hidden fields null when the viewer may not see).
const TELL = {
  DeckShuffled: (d) => `The deck is shuffled (${plural(d.size ?? d.pile?.length ?? 0, "card")}).`,
  HandDealt: (d, s) => `${who(s, d.seat)} is dealt ${plural(d.count, "card")}${cardsIn(d.cards)}.`,
  CardsDrawn: (d, s) => `${who(s, d.seat)} draws ${plural(d.count, "card")}${cardsIn(d.cards)}.`,
  RoundStarted: (d, s) => `Round ${String(d.round).replace(/\D+/g, "") || d.round}: ${who(s, d.leader)} is in 1st place and resolves first (order: ${names(s, d.order)}).`,
  QuotaOpened: (d) => `The Race phase begins: each racer may play up to ${plural(Math.max(0, ...Object.values(d.quotas ?? {})), "card")}, then draw.`,
  CardPlayed: (d, s) => `${who(s, d.seat)} plays ${d.play ? quoted(d.play) : "a card"} face down onto ${d.racer === d.seat ? "their own" : `${who(s, d.racer)}'s`} queue.`,
  LarryPlayed: (d, s) => `${who(s, d.seat)} plays Last-Ditch Larry: the top card of the deck${d.card ? `, ${quoted(d.card)},` : ""} goes face down onto ${who(s, d.racer)}'s queue.`,
  SeatDone: (d, s) => `${who(s, d.seat)} is done for this Race phase.`,
  QuotaClosed: (d) => (d.timedOut ? "Time's up! Everyone must stop: the Race phase is over." : "Every racer has drawn: the Race phase is over."),
  TurnPassed: (d) => `Resolution moves on to the ${ordinal((d.turn ?? 0) + 1)} queue in the order.`,
  CardRevealed: (d, s) => `${who(s, d.seat)} reveals card ${d.index + 1}: ${quoted(d.card, d.flipped)}.`,
  SpecialLifted: (d, s) => `${who(s, d.seat)} lifts the special out of the queue; it acts ${d.triggers === 1 ? "once" : `${d.triggers} times`}.`,
  TargetAsked: (d, s) => `${who(s, d.seat)} chooses where the special acts (${plural(d.aims?.length ?? 0, "option")}).`,
  TargetChosen: (d, s, e) => (e.seat != null ? `${who(s, e.seat)} picks target ${d.option}.` : `Time's up: target ${d.option} is taken.`),
  Vaporized: (d, s) => `${spotIn(s, d.spot)} is vaporized: ${d.card ? quoted(d.card) : "it"} goes to the discards.`,
  CardFlipped: (d, s) => `${spotIn(s, d.spot)} is flipped upside down.`,
  CardMoved: (d, s) => `${spotIn(s, d.spot)} moves to the end of ${who(s, d.racer)}'s queue.`,
  CardsSwapped: (d, s) => `${spotIn(s, d.first)} and ${spotIn(s, d.second)} swap places.`,
  HandRaided: (d, s) => `${who(s, d.seat)} draws ${plural(d.count, "card")} at random from ${who(s, d.racer)}'s hand${cardsIn(d.cards)}.`,
  Missed: (d, s) => `${who(s, d.seat)}'s special misses: ${d.reason}.`,
  TriggerResolved: (d, s) => `${who(s, d.seat)}'s special has acted.`,
  SpecialDiscarded: (d, s) => `${who(s, d.seat)}'s special goes to the discards.`,
  RevealPaused: () => "A moment to play Last-Ditch Larry before the next card is revealed.",
  RevealResumed: () => "The next card is revealed.",
  LastCallOpened: (d, s) => `Every card is revealed. Last call for Last-Ditch Larry: ${names(s, d.waiting)}.`,
  LarryKept: (d, s) => `${who(s, d.seat)} keeps Last-Ditch Larry.`,
  Tallied: (d, s) => `Tally: ${(d.movements ?? []).map((m, i) => `${who(s, i)} ${metres(m)} to ${d.positions?.[i]} m`).join(", ")}.`,
  QueuesCleared: () => "Every card left in a queue goes to the discards.",
  TiebreakStarted: (d, s) => `Rock-paper-scissors ${d.purpose === "finish" ? "for the win" : "for 1st place"} (best of ${d.bestOf}): ${names(s, d.contenders)}.`,
  BracketDrawn: (d, s) => `The bracket: ${(d.pairs ?? []).map(([a, b]) => `${who(s, a)} vs ${who(s, b)}`).join("; ")}${d.bye != null ? `; ${who(s, d.bye)} has a bye` : ""}.`,
  RoundOpened: (d, s) => `${names(s, d.seats)} throw rock, paper or scissors.`,
  ThrowSealed: (d, s) => `${who(s, d.seat)} throws ${d.choice?.shape ? d.choice.shape.toLowerCase() : "in secret"}.`,
  SeatReady: (d, s) => `${who(s, d.seat)} has thrown.`,
  RoundClosed: (d, s) => (d.silent?.length ? `The throws are in; ${names(s, d.silent)} did not throw.` : "The throws are in."),
  ThrowsShown: (d, s) => {
    const shown = Object.entries(d.choices ?? {}).map(([seat, c]) => `${who(s, Number(seat))} ${String(c?.shape ?? "?").toLowerCase()}`);
    return shown.length ? `Throws: ${shown.join(", ")}.` : "Nobody threw.";
  },
  ThrowWon: (d, s) => (d.remaining?.length === 1 ? `${who(s, d.remaining[0])} wins the throw.` : `Still in: ${names(s, d.remaining)}.`),
  PairWon: (d, s) => (d.seat == null ? "Both racers of the pair left the race." : `${who(s, d.seat)} goes through.`),
  TiebreakWon: (d, s) => (d.settled ? `${who(s, d.seat)} wins the tiebreak.` : `${who(s, d.seat)} wins a point.`),
  Resigned: (d, s) => `${who(s, d.seat)} leaves the race.`,
  MatchEnded: (d, s) => `${names(s, d.winners)} ${d.winners?.length === 1 ? "wins" : "win"}: ${d.reason}.`,
};

export function tell(event, seats) {
  try {
    const data = typeof event.data === "string" ? JSON.parse(event.data) : event.data ?? {};
    const told = TELL[event.type]?.(data, seats, event);
    if (told) return told;
  } catch {
    // A malformed or unexpected event still gets its plain sentence below.
  }
  return `${event.seat != null ? `${who(seats, event.seat)}: ` : ""}${event.type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()}.`;
}

// ---- Styles (the shell injects them once) ----

export const css = `
.cnc { display: flex; flex-direction: column; gap: .6rem; }
.cnc h2, .cnc h3 { margin: 0; font-size: 1rem; }
.cnc .row { display: flex; flex-wrap: wrap; gap: .3rem; list-style: none; margin: 0; padding: 0; align-items: flex-start; }
.cnc-status { display: flex; flex-wrap: wrap; gap: .35rem .5rem; align-items: center; }
.cnc-status h2 { font-size: 1.1rem; }
.cnc-order { display: flex; flex-wrap: wrap; gap: .2rem; margin: 0; padding: 0; list-style: none; font-size: .85rem; }
.cnc-order::before { content: "Order:"; opacity: .75; margin-right: .2rem; }
.cnc-order li + li::before { content: "→ "; opacity: .6; }
.cnc-order li.current { font-weight: 700; }
.cnc-over { flex-basis: 100%; margin: 0; font-size: 1.05rem; }
.cnc-cliff { position: relative; height: 8.5rem; border-radius: 8px; overflow: hidden; background: linear-gradient(#bde0fe, #fefae0 70%); }
.cnc-cliff svg { position: absolute; inset: 0; width: 100%; height: 100%; }
.cnc-cliff > span { position: absolute; transform: translate(-50%, -50%); white-space: nowrap; }
.cnc-cliff > .cnc-tick.m1200 { transform: translate(0, -50%); } .cnc-cliff > .cnc-tick.m0 { transform: translate(-100%, -50%); }
.cnc-tick { font-size: .7rem; font-weight: 700; color: #fff; text-shadow: 0 0 2px #0008; }
.cnc-stage-label { bottom: .1rem; transform: translateX(-50%) !important; font-size: .7rem; color: #fff; }
.cnc-runner { display: grid; place-items: center; width: 1.25rem; height: 1.25rem; border-radius: 50%; color: #fff; font: 700 .75rem system-ui, sans-serif; border: 2px solid #fff; box-shadow: 0 1px 3px #0006; }
.cnc-runner.gone { opacity: .35; }
.cnc-cliff > .cnc-cactus { transform: none; left: calc(100% - 1.1rem); top: calc(85% - 1.6rem); width: .45rem; height: 1.6rem; background: #2d6a4f; border-radius: .25rem; }
.cnc-cactus::before, .cnc-cactus::after { content: ""; position: absolute; width: .3rem; height: .7rem; background: #2d6a4f; border-radius: .2rem; }
.cnc-cactus::before { left: -.4rem; top: .3rem; } .cnc-cactus::after { right: -.4rem; top: .1rem; }
.cnc-lanes { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: .4rem; }
.cnc-lane.seat { border-left: 6px solid var(--by); padding: .4rem .5rem; }
.cnc-lane.seat.active { background: var(--surface); border-color: var(--active-line); box-shadow: 0 0 0 2px var(--active-line); }
.cnc-lane.seat.me { font-weight: inherit; }
.cnc-lane h3 { font-size: .95rem; }
.cnc-lane.out { opacity: .55; }
.cnc-lane.aimed { outline: 2px dashed #e76f51; }
.cnc-lane-head { display: flex; flex-wrap: wrap; gap: .25rem .4rem; align-items: center; margin-bottom: .35rem; }
.cnc-token { display: inline-grid; place-items: center; width: 1.4rem; height: 1.4rem; border-radius: 50%; background: var(--by); color: #fff; font-weight: 700; font-size: .8rem; }
.cnc-pos { font-variant-numeric: tabular-nums; }
.cnc .badge.hot { background: #e76f51; color: #fff; }
.cnc-queue { align-items: flex-end; }
.cnc-ref { width: 1.1rem; align-self: stretch; display: grid; place-items: center; color: #fff; background: var(--by); border-radius: 4px; font-size: .7rem; }
.cnc-slot { position: relative; display: flex; flex-direction: column; align-items: center; }
.cnc-slot.aimed > .cnc-card, .cnc-slot.aimed > .card, .cnc-slot.aimed .cnc-stack > .card { outline: 2px dashed #e76f51; outline-offset: 1px; }
.cnc-slot.lifted { transform: translateY(-10px); }
.cnc-index { font-size: .65rem; opacity: .7; line-height: 1; }
.cnc-card, .cnc-back, .cnc-emptycard { box-sizing: border-box; width: 4.4rem; min-height: 5.9rem; border-radius: 7px; padding: .2rem;
  display: flex; flex-direction: column; align-items: center; justify-content: space-between; text-align: center;
  font: 12px/1.15 system-ui, sans-serif; color: #222; border: 2px solid #0003; border-bottom: 5px solid var(--played, #0003); position: relative; }
.cnc-kind { font-size: .6rem; text-transform: uppercase; letter-spacing: .04em; font-weight: 700; }
.cnc-big { font-size: 1.15rem; font-weight: 800; white-space: nowrap; }
.cnc-small { font-size: .6rem; overflow-wrap: break-word; hyphens: auto; }
.cnc .k-bonus { background: #d8f3dc ; } .cnc .k-bonus .cnc-big, .cnc .k-bonus b { color: #1b7a43; }
.cnc .k-sabotage { background: #ffd6d6 ; } .k-sabotage .cnc-big, .k-sabotage b { color: #b3261e; }
.cnc .k-multiplier { background: #fff1b8 ; } .k-multiplier .cnc-big, .k-multiplier b { color: #8a5a00; }
.cnc .k-vaporize { background: #e0d4ff ; } .cnc .k-gift { background: #ffe0f0 ; } .cnc .k-swap { background: #d4ecff ; }
.cnc .k-steal { background: #ffe5cc ; } .cnc .k-draw { background: #e2f7f4 ; } .cnc .k-flip { background: #ececec ; }
.cnc-card.flipped { border-style: dashed; }
.cnc-flipmark, .cnc-secretmark { position: absolute; top: -.55rem; font-size: .55rem; background: #333; color: #fff; border-radius: 3px; padding: 0 .2rem; white-space: nowrap; }
.cnc-secretmark { top: auto; bottom: -.6rem; background: #6d4c41; }
.cnc-card.secret { filter: saturate(.55); box-shadow: inset 0 0 0 3px #6d4c4166; }
.cnc-back { background: repeating-linear-gradient(45deg, #6d4c41 0 6px, #7b5a4e 6px 12px); color: #fde68a; justify-content: center; }
.cnc-back.flipped { border-style: dashed; }
.cnc-arrow { font-size: 1.4rem; }
.cnc-larry-mark { font-size: .6rem; background: #fde68a; color: #6d4c41; border-radius: 3px; padding: 0 .2rem; font-weight: 700; }
.cnc-emptycard { border: 2px dashed #8888; color: #888; background: transparent; justify-content: center; font-size: .7rem; }
.cnc-lifted { display: inline-flex; flex-direction: column; align-items: center; gap: .1rem; }
.cnc-lifted .cnc-card { box-shadow: 0 4px 10px #0005; }
.cnc-stack { display: flex; flex-direction: column; align-items: center; gap: .2rem; }
.cnc-chips { display: flex; flex-direction: column; gap: .15rem; align-items: center; }
.cnc .cnc-chip { font-size: .7rem; white-space: nowrap; padding: .1rem .4rem; border-radius: 999px; display: inline-flex; align-items: center; gap: .2rem; min-height: 1.8rem; }
.cnc .cnc-chip.default, .cnc .cnc-aim.default { box-shadow: 0 0 0 2px #2a9d8f; }
.cnc-dot { width: .55rem; height: .55rem; border-radius: 50%; display: inline-block; }
.cnc .cnc-aim { padding: 0; border: 0; background: none; border-radius: 8px; outline: 3px solid #e76f51; }
.cnc .cnc-aim:hover, .cnc .cnc-aim:focus-visible { outline-color: #2a9d8f; }
.cnc .cnc-aim { position: relative; }
.cnc .cnc-aim.default::after { content: "default"; position: absolute; right: -.3rem; top: -.55rem; font-size: .55rem; background: #2a9d8f; color: #fff; border-radius: 3px; padding: 0 .25rem; }
.cnc .cnc-larry, .cnc .cnc-lane-head .move { font-size: .8rem; padding: .15rem .5rem; min-height: 2rem; }
.cnc-tray { display: flex; flex-wrap: wrap; gap: .25rem; align-items: center; margin-top: .35rem; }
.cnc-tray-title, .cnc-hint { font-size: .75rem; color: var(--muted); margin: 0; }
.cnc .cnc-mini { display: inline-flex; flex-direction: column; align-items: center; justify-content: center; width: 3.3rem; min-height: 2.6rem;
  padding: .1rem; border-radius: 6px; border: 1px solid #0003; color: #222; line-height: 1.1; }
.cnc-mini b { font-size: .85rem; white-space: nowrap; } .cnc-mini small { font-size: .55rem; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.cnc .cnc-mini:hover:not(:disabled) { border-color: #000; box-shadow: 0 0 0 2px var(--accent); }
.cnc-peek { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; margin-top: .35rem; font-size: .8rem; }
.cnc-peek .cnc-card { transform: scale(.85); transform-origin: top left; }
.cnc-piles { display: flex; flex-wrap: wrap; gap: .8rem; align-items: flex-end; }
.cnc-piles figure { margin: 0; }
.cnc-deck { display: inline-flex; flex-direction: column; align-items: center; gap: .2rem; }
.cnc button.cnc-deck { padding: .3rem; }
.cnc-pile-label, .cnc-discards figcaption, .cnc-all { font-size: .8rem; }
.cnc-all ol { max-height: 10rem; overflow-y: auto; margin: .2rem 0; }
.cnc-hand h3 { margin-bottom: .3rem; }
.cnc-tiebreak .row { margin: .3rem 0; }
.cnc-tiebreak .seat { border-left: 4px solid var(--by); padding: .1rem .4rem; }
.cnc-throws { display: flex; flex-wrap: wrap; gap: .4rem; }
.cnc .cnc-throw { font-size: 1rem; padding: .4rem .8rem; }
.cnc-question p, .cnc-lastcall p, .cnc-tiebreak p { margin: .25rem 0 0; }
@media (max-width: 480px) {
  .cnc-card, .cnc-back, .cnc-emptycard { width: 4.2rem; min-height: 5.3rem; padding: .15rem; }
  .cnc-lane-head .badge { font-size: .72rem; }
  .cnc-big { font-size: 1rem; }
}
`;
