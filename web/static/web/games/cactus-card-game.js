// The Cactus Card Game's table: every seat's points and hand size, the three piles, your hand, the open
// STOP window, the See and Steal / Steal a Card pick, and every legal move on the thing it acts on.
// Cards are drawn from their kind alone (CSS + a little SVG); the view holds only what the viewer may see.
import { html, Move, memberOf, Countdown, seatName } from "../app/kit.js";

// ---------------------------------------------------------------------------------------------- data

export const fragment = `fragment CactusTable on CactusView {
  version seat started goal turn active deadline clockLeft turnLimit
  hand { kind name }
  players { seat handSize points playing turns hand { kind name } }
  drawPileSize pointPileSize
  discards { kind name }
  window { action { kind seat targets requested } stops waitingOn answers stands deadline }
  choice { seat kind victim options deadline kinds fan }
  seen { victim cards { kind name } }
  taken { by kind }
  over winner winners reason
}`;

// The replay list spreads every game's summary fragment into one selection: aliases keep these fields
// from clashing with another game's field of the same name and another type.
export const summaryFragment = `fragment CactusSummary on CactusView {
  goal winners reason players { seat points playing }
}`;

// What each kind is, as the rulebook prints it: a colour group, a corner icon and the card's text.
const KINDS = {
  CHARLIE: { name: "Charlie", group: "character", text: "3 Charlies: 1 point" },
  SPIKE: { name: "Spike", group: "character", text: "3 Spikes: 2 points" },
  WALTER: { name: "Walter", group: "character", text: "3 Walters: 3 points" },
  WILD: { name: "Wild", group: "wild", icon: "★", text: "Any character; 3 Wilds: 3 points" },
  FREE_POINT: { name: "Free Point", group: "action", icon: "+1", text: "Earn 1 point. Ends your turn." },
  STEAL_A_POINT: { name: "Steal a Point", group: "action", icon: "−1", text: "Steal 1 point. Ends your turn." },
  SWAP_HANDS: { name: "Swap Hands", group: "action", icon: "⇄", text: "Any two players swap hands." },
  SEE_AND_STEAL: { name: "See and Steal", group: "action", icon: "eye", text: "See a hand, take 1 card." },
  STEAL_A_CARD: { name: "Steal a Card", group: "action", icon: "?", text: "Take 1 card blind." },
  REQUEST_A_CARD: { name: "Request a Card", group: "action", icon: "!", text: "Ask a player for any card." },
  DRAW_3: { name: "Draw 3", group: "action", icon: "+3", text: "Draw 3 cards. Ends your turn." },
  STOP: { name: "STOP", group: "stop", icon: "stop", text: "Stop an action card, or a STOP." },
};
const SET_POINTS = { CHARLIE: 1, SPIKE: 2, WALTER: 3, WILD: 3 };

// A card arrives as a kind name ("SPIKE") or an object ({kind, name} in views, {number, kind} in events).
const kindOf = (card) => (card && typeof card === "object" ? card.kind : card);
const kindName = (card) => {
  const kind = kindOf(card);
  return KINDS[kind]?.name ?? (card && card.name) ?? String(kind ?? "card");
};
const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
// A seat's name in a sentence; two bots share the name "Bot (heuristic)", so a shared name gets its seat.
const nameOf = (seats, seat) => {
  if (seat == null) return "Nobody";
  const name = seatName(seats || [], seat);
  const twins = (seats || []).filter((other) => seatName(seats, other.index) === name).length;
  return twins > 1 ? `${name} #${seat}` : name;
};

// ------------------------------------------------------------------------------------- card drawing

// A cactus character, told apart by shape as well as colour: Charlie one arm, Spike spiky hair,
// Walter two arms and a hat.
function Cactus({ kind }) {
  const arms = {
    CHARLIE: html`<path d="M24 24h6a3 3 0 0 0 3-3v-6" />`,
    SPIKE: html`<path d="M16 26h-5a3 3 0 0 1-3-3v-5M24 22h5a3 3 0 0 0 3-3v-4" />`,
    WALTER: html`<path d="M16 28h-6a3 3 0 0 1-3-3v-8M24 24h6a3 3 0 0 0 3-3v-7" />`,
  }[kind];
  return html`<svg class="cc-art" viewBox="0 0 40 48" aria-hidden="true">
    <rect class="cc-pot" x="11" y="38" width="18" height="9" rx="2" />
    <g class="cc-plant">
      <rect x="14" y="8" width="12" height="32" rx="6" />
      ${arms}
    </g>
    <circle class="cc-eye" cx="17.5" cy="17" r="1.6" /><circle class="cc-eye" cx="22.5" cy="17" r="1.6" />
    ${kind === "SPIKE" && html`<path class="cc-spikes" d="M14 10l-3-5 5 3 2-6 2 6 3-6 1 6 5-3-3 5" />`}
    ${kind === "WALTER" && html`<path class="cc-hat" d="M8 9h24M14 9V3h12v6" />`}
  </svg>`;
}

// The corner icon of an action card (the rulebook: "All ACTION CARDS have an icon in the top left").
function Icon({ kind }) {
  const icon = KINDS[kind]?.icon;
  if (icon === "eye") {
    return html`<svg class="cc-icon" viewBox="0 0 20 20" aria-hidden="true">
      <path d="M1 10q9-9 18 0q-9 9-18 0z" fill="none" stroke="currentColor" stroke-width="2" />
      <circle cx="10" cy="10" r="3" fill="currentColor" /></svg>`;
  }
  if (icon === "stop") {
    return html`<svg class="cc-icon" viewBox="0 0 20 20" aria-hidden="true">
      <path d="M6 1h8l5 5v8l-5 5H6l-5-5V6z" fill="currentColor" /></svg>`;
  }
  return html`<span class="cc-icon" aria-hidden="true">${icon ?? ""}</span>`;
}

// One face-up card. size: "big" (your hand, with the card's text), "mini" (piles, sets, windows) or
// "tile" (the kinds Request a Card may ask for).
function Card({ card, size = "big", note }) {
  const kind = kindOf(card);
  const info = KINDS[kind] ?? { name: kindName(card), group: "action" };
  return html`<span class="cc-card cc-${size} cc-${info.group} cc-k-${kind}" role="img"
      aria-label=${note ? `${info.name} (${note})` : info.name} title=${info.text ?? info.name}>
    ${info.group === "character" ? html`<${Cactus} kind=${kind} />` : html`<${Icon} kind=${kind} />`}
    <span class="cc-name">${info.name}</span>
    ${size === "big" && html`<span class="cc-text">${info.text}</span>`}
  </span>`;
}

// A face-down card: the cactus-green back every playing card shares.
function Back({ size = "mini", label = "Face-down card" }) {
  return html`<span class="cc-card cc-back cc-${size}" role="img" aria-label=${label}></span>`;
}

// A row of face-down cards for a hand size, capped so six seats still fit on a phone.
function Backs({ count, cap = 8 }) {
  const shown = Math.min(count, cap);
  return html`<span class="cc-backs" role="img" aria-label=${plural(count, "card")} title=${plural(count, "card")}>
    ${Array.from({ length: shown }, () => html`<span class="cc-back-sliver"></span>`)}
  </span>`;
}

// Point cards as gold tokens out of the goal, so a glance tells who is close to winning.
function Points({ points, goal }) {
  const tokens = Array.from({ length: Math.max(goal, points) }, (_, i) =>
    html`<span class=${i < points ? "cc-token won" : "cc-token"}></span>`);
  return html`<span class="cc-points" role="img" aria-label=${`${plural(points, "point")} of ${goal}`}>
    <span class="cc-tokens">${tokens}</span><span><b>${points}</b>/${goal}</span>
  </span>`;
}

// --------------------------------------------------------------------------------------- the moves

// Every legal move is drawn exactly once, on the thing it acts on: this sorts the moves into the parts of
// the table before anything is drawn (Preact renders components later, so parts cannot claim as they
// draw). A move whose thing is not on the table goes to the actions bar with DRAW_CARD and LET_IT_STAND,
// so no legal move is ever left unclickable.
const AIMED = { PLAY_STEAL_A_POINT: "STEAL_A_POINT", PLAY_SEE_AND_STEAL: "SEE_AND_STEAL", PLAY_STEAL_A_CARD: "STEAL_A_CARD" };
const CARD_MOVES = { PLAY_FREE_POINT: "FREE_POINT", PLAY_DRAW_THREE: "DRAW_3" };

function allot(moves, view) {
  const parts = { cards: {}, sets: [], stop: [], takes: {}, picks: {}, seats: {}, rest: [] };
  const inHand = new Set((view.hand || []).map(kindOf));
  const seated = new Set((view.players || []).map((p) => p.seat));
  const shown = new Set(choiceCards(view).map(([card]) => kindOf(card)));
  const fanSize = view.choice?.kind === "steal-a-card" ? choiceCards(view).length : 0;
  const seat = (index) => (parts.seats[index] ??= { aimed: [], requests: [], swaps: [] });
  for (const move of moves || []) {
    const m = memberOf(move);
    const kind = CARD_MOVES[m.action];
    if (kind && inHand.has(kind) && !parts.cards[kind]) parts.cards[kind] = move;
    else if (m.action === "PLAY_SET" && view.seat != null) parts.sets.push(move);
    else if (m.action === "STOP" && view.window) parts.stop.push(move);
    else if (m.action === "TAKE_CARD" && shown.has(m.kind) && !parts.takes[m.kind]) parts.takes[m.kind] = move;
    else if (m.action === "PICK_CARD" && m.position < fanSize && !parts.picks[m.position]) parts.picks[m.position] = move;
    else if (AIMED[m.action] && seated.has(m.victim)) seat(m.victim).aimed.push(move);
    else if (m.action === "PLAY_REQUEST_A_CARD" && seated.has(m.victim)) seat(m.victim).requests.push(move);
    else if (m.action === "PLAY_SWAP_HANDS" && seated.has(m.first)) seat(m.first).swaps.push(move);
    else parts.rest.push(move);
  }
  return parts;
}

// The moves aimed at one seat, drawn on that seat: the victim of a steal or request, the first of a swap.
function TargetMoves({ moves, viewer, seats, play }) {
  if (!moves) return null;
  const { aimed, requests, swaps } = moves;
  const whom = (other) => (other === viewer ? "you" : nameOf(seats, other));
  return html`<div class="cc-targets">
    ${aimed.map((move) => {
      const kind = AIMED[memberOf(move).action];
      return html`<${Move} move=${move} play=${play} class="cc-chip"><${Icon} kind=${kind} /> ${KINDS[kind].name}</${Move}>`;
    })}
    ${requests.length > 0 && html`<div class="cc-group"><span class="cc-group-label">Request a Card, ask for:</span>
      ${requests.map((move) => html`<${Move} move=${move} play=${play} class="cc-tile-move">
        <${Card} card=${memberOf(move).kind} size="tile" /></${Move}>`)}</div>`}
    ${swaps.length > 0 && html`<div class="cc-group"><span class="cc-group-label">Swap Hands with:</span>
      ${swaps.map((move) => html`<${Move} move=${move} play=${play} class="cc-chip cc-swap">
        ⇄ ${whom(memberOf(move).second)}</${Move}>`)}</div>`}
  </div>`;
}

// ----------------------------------------------------------------------------------------- the seats

function seatBadges(view, player) {
  const badges = [];
  if (!player.playing) badges.push(["left", "left the match"]);
  if (view.winners?.includes(player.seat)) badges.push(["won", "winner"]);
  if (!view.over && view.active === player.seat) badges.push(["turn", "turn"]);
  if (view.window?.waitingOn?.includes(player.seat)) badges.push(["waits", "may STOP"]);
  if (view.choice?.seat === player.seat) badges.push(["waits", "picking"]);
  return badges;
}

function Seat({ view, player, seats, moves, play }) {
  const me = view.seat === player.seat;
  const badges = seatBadges(view, player);
  const waited = badges.some(([kind]) => kind === "waits");
  const classes = ["seat", "cc-seat", me && "me", !view.over && view.active === player.seat && "active",
    waited && "cc-waited", !player.playing && "cc-gone"].filter(Boolean).join(" ");
  return html`<li class=${classes} aria-label=${`${nameOf(seats, player.seat)}${me ? " (you)" : ""}`}>
    <h3 class="cc-seat-name">${seatName(seats || [], player.seat)}
      <small class="cc-seatno">seat ${player.seat}${me ? " · you" : ""}</small>
      ${badges.map(([kind, text]) => html` <span class="badge cc-badge cc-${kind}">${text}</span>`)}</h3>
    <${Points} points=${player.points} goal=${view.goal} />
    <div class="cc-seat-hand">
      ${player.hand
        ? html`<span class="cc-minis">${player.hand.map((card) => html`<${Card} card=${card} size="mini" />`)}</span>`
        : html`<${Backs} count=${player.handSize} />`}
      <span class="cc-count">${plural(player.handSize, "card")} · ${plural(player.turns, "turn")}</span>
    </div>
    <${TargetMoves} moves=${moves} viewer=${view.seat} seats=${seats} play=${play} />
  </li>`;
}

// ------------------------------------------------------------------------------------- the middle

function Piles({ view }) {
  const [top, ...under] = view.discards || [];
  return html`<div class="cc-piles">
    <figure class="cc-pile">
      ${view.drawPileSize > 0 ? html`<${Back} size="big" label="Draw pile" />` : html`<span class="cc-empty cc-big"></span>`}
      <figcaption>Draw pile <b>${view.drawPileSize}</b></figcaption>
    </figure>
    <figure class="cc-pile">
      ${top ? html`<${Card} card=${top} note="top of the discard pile" />` : html`<span class="cc-empty cc-big"></span>`}
      <figcaption>Discards <b>${(view.discards || []).length}</b></figcaption>
    </figure>
    <figure class="cc-pile">
      <span class="cc-pointpile cc-card cc-big" role="img" aria-label=${`${plural(view.pointPileSize, "point card")} left`}>
        <span class="cc-token won"></span></span>
      <figcaption>Point pile <b>${view.pointPileSize}</b></figcaption>
    </figure>
    ${under.length > 0 && html`<div class="cc-history">
      <span class="cc-group-label">Under it:</span>
      <span class="cc-minis">${under.slice(0, 8).map((card) => html`<${Card} card=${card} size="mini" />`)}</span>
      ${under.length > 8 && html`<span class="cc-more">+${under.length - 8}</span>`}
    </div>`}
  </div>`;
}

// What an action card does, in words: the STOP window's heading and the log's line (``n`` names a seat).
function actionText(action, n) {
  const [a, b] = action.targets || [];
  const played = `${n(action.seat)} plays ${kindName(action.kind)}`;
  switch (action.kind) {
    case "SWAP_HANDS": return `${played}: ${n(a)} and ${n(b)} swap hands`;
    case "REQUEST_A_CARD": return `${played}: asks ${n(a)} for a ${kindName(action.requested)}`;
    case "FREE_POINT": case "DRAW_3": return played;
    default: return `${played} on ${n(a)}`;
  }
}

// The STOP window: the action card, the chain of STOPs on it, who may still answer, and your STOP.
function Window({ view, seats, stop, play, timer }) {
  const w = view.window;
  const chain = w.stops || [];
  return html`<section class="window cc-window" aria-label="STOP window">
    <h3>${actionText(w.action, (seat) => nameOf(seats, seat))}</h3>
    <ol class="cc-chain">
      <li><${Card} card=${w.action.kind} size="mini" /></li>
      ${chain.map((seat) => html`<li><${Card} card="STOP" size="mini" note=${`by ${nameOf(seats, seat)}`} />
        <span class="cc-by">${nameOf(seats, seat)}</span></li>`)}
    </ol>
    <p class=${w.stands ? "cc-verdict" : "cc-verdict cc-stopped"}>
      ${w.stands ? "If nobody STOPs it now, it happens." : `Stopped${chain.length > 1 ? ` (${chain.length} STOPs)` : ""}: it does nothing unless someone STOPs the STOP.`}
    </p>
    <p>Waiting on: ${(w.waitingOn || []).map((seat) => nameOf(seats, seat)).join(", ") || "nobody"} ${timer}</p>
    ${stop.map((move) => html`<${Move} move=${move} play=${play} class="cc-stop-move">
      <${Icon} kind="STOP" /> ${w.answers > 0 ? "STOP the STOP" : "STOP!"}</${Move}>`)}
  </section>`;
}

// The cards of an open pick, each [card or null when face down]. See and Steal: the hand shown to the
// chooser (kind order), else nothing. Steal a Card: the victim's fan, face up to the victim only, face
// down (one per position) to the chooser and everyone else.
function choiceCards(view) {
  const c = view.choice;
  if (!c) return [];
  if (c.kind !== "steal-a-card") return (view.seen?.cards ?? c.kinds ?? []).map((card) => [card]);
  const size = c.fan?.length ?? c.options?.length ?? view.players?.find((p) => p.seat === c.victim)?.handSize ?? 0;
  return Array.from({ length: size }, (_, i) => [c.fan?.[i] ?? null]);
}

function choiceText(c, seats) {
  return c.kind === "steal-a-card"
    ? `${nameOf(seats, c.seat)} picks a card blind from ${nameOf(seats, c.victim)}'s shuffled hand.`
    : `${nameOf(seats, c.seat)} looks at ${nameOf(seats, c.victim)}'s hand and takes a card.`;
}

// The pick: the first card of each kind carries See and Steal's TAKE_CARD, each position Steal a Card's
// PICK_CARD.
function Choice({ view, seats, takes, picks, play, timer }) {
  const cards = choiceCards(view);
  const seen = new Set();
  const moveAt = (card, i) => {
    if (view.choice.kind === "steal-a-card") return picks[i];
    const kind = kindOf(card);
    if (seen.has(kind)) return null;
    seen.add(kind);
    return takes[kind];
  };
  const face = (card, i) => (card ? html`<${Card} card=${card} size="mini" />`
    : html`<${Back} label=${`Face-down card ${i + 1}`} />`);
  return html`<section class="prompt cc-choice" aria-label="Pick a card">
    <h3>${choiceText(view.choice, seats)} ${timer}</h3>
    ${cards.length > 0 ? html`<ul class="cc-fan">
      ${cards.map(([card], i) => {
        const move = moveAt(card, i);
        return html`<li>${move
          ? html`<${Move} move=${move} play=${play} class="cc-card-move">${face(card, i)}</${Move}>`
          : face(card, i)}</li>`;
      })}
    </ul>` : html`<p>Only ${nameOf(seats, view.choice.seat)} sees the hand.</p>`}
  </section>`;
}

// ------------------------------------------------------------------------------------------ your hand

// Your hand, in kind order. Free Point and Draw 3 are played by clicking the card; cards aimed at a
// player are played on that player's seat above; sets are laid from the row below the hand.
function Hand({ view, moves, sets, play }) {
  const hand = view.hand || [];
  const aimed = new Set(["STEAL_A_POINT", "SEE_AND_STEAL", "STEAL_A_CARD", "REQUEST_A_CARD", "SWAP_HANDS"]);
  const myTurn = !view.over && view.active === view.seat && !view.window && !view.choice;
  const left = { ...moves }; // the first copy of a kind carries its move
  const cards = hand.map((card) => {
    const kind = kindOf(card);
    const move = left[kind];
    delete left[kind];
    if (move) return html`<li><${Move} move=${move} play=${play} class="cc-card-move"><${Card} card=${card} /></${Move}></li>`;
    const hint = myTurn && aimed.has(kind) ? "cc-aimed" : "";
    return html`<li class=${hint}><${Card} card=${card} /></li>`;
  });
  return html`<section class="cc-hand" aria-label="Your hand">
    <h3>Your hand <small>(${plural(hand.length, "card")})</small></h3>
    ${hand.length ? html`<ul class="hand cc-cards">${cards}</ul>` : html`<p>No cards.</p>`}
    ${myTurn && hand.some((card) => aimed.has(kindOf(card))) &&
      html`<p class="cc-hint">Cards aimed at a player are played from that player's seat.</p>`}
    ${sets.length > 0 && html`<div class="cc-sets"><span class="cc-group-label">Lay a set:</span>
      ${sets.map((move) => html`<${Move} move=${move} play=${play} class="cc-set-move"><${SetCards} move=${move} /></${Move}>`)}</div>`}
  </section>`;
}

function SetCards({ move }) {
  const { character, wilds } = memberOf(move);
  const cards = [...Array(3 - wilds).fill(character), ...Array(wilds).fill("WILD")];
  return html`<span class="cc-minis">${cards.map((kind) => html`<${Card} card=${kind} size="mini" />`)}</span>
    <b class="cc-plus">+${plural(SET_POINTS[character] ?? 0, "pt", "pts")}</b>`;
}

// ---------------------------------------------------------------------------------- status and result

const REASONS = { "points goal": "reached the points goal", "last player standing": "last player standing",
  "turn limit": "most points at the turn limit" };

function resultText(view, seats) {
  const winners = view.winners?.length ? view.winners : view.winner != null ? [view.winner] : [];
  const names = winners.map((seat) => nameOf(seats, seat)).join(" and ");
  const why = view.reason ? `: ${REASONS[view.reason] ?? view.reason}` : "";
  if (!names) return `The match is over${why}.`;
  return winners.length > 1 ? `${names} share the win${why}.` : `${names} wins${why}.`;
}

function Status({ view, seats, timer }) {
  if (view.over) return html`<p class="cc-status cc-result" role="status">${resultText(view, seats)}</p>`;
  if (!view.started) return html`<p class="cc-status">Waiting for the deal.</p>`;
  const whose = view.active === view.seat ? "Your turn" : `${nameOf(seats, view.active)}'s turn`;
  const paused = view.clockLeft != null
    ? html` · turn clock stopped with ${Math.ceil(view.clockLeft / 1000)} s left ` : "";
  return html`<p class="cc-status" role="status">
    <b>Turn ${view.turn}</b> · ${whose} ${timer} ${paused}
    · first to ${plural(view.goal, "point")}${view.turnLimit ? ` · limit ${view.turnLimit} turns each` : ""}
  </p>`;
}

function Taken({ view, seats }) {
  if (!view.taken) return null;
  return html`<p class="cc-taken">${nameOf(seats, view.taken.by)} took your
    <${Card} card=${view.taken.kind} size="mini" /> (the last card taken from you).</p>`;
}

// ------------------------------------------------------------------------------------------ the table

export function Table({ view, seats, moves, play, deadline, now }) {
  if (!view) return html`<p>Loading the table…</p>`;
  const parts = allot(moves, view);
  // One clock runs at a time (Ruling 3): the pick's, else the window's, else the turn's.
  const timer = deadline ? html`<${Countdown} at=${deadline.at} now=${now} />` : "";
  const where = view.choice ? "choice" : view.window ? "window" : "turn";
  const at = (place) => (place === where ? timer : "");
  return html`<div class="cc-table">
    <${Status} view=${view} seats=${seats} timer=${at("turn")} />
    <ul class="cc-seats" aria-label="Players">
      ${(view.players || []).map((player) => html`<${Seat} key=${player.seat} view=${view} player=${player}
        seats=${seats} moves=${parts.seats[player.seat]} play=${play} />`)}
    </ul>
    <${Piles} view=${view} />
    ${view.window && html`<${Window} view=${view} seats=${seats} stop=${parts.stop} play=${play} timer=${at("window")} />`}
    ${view.choice && html`<${Choice} view=${view} seats=${seats} takes=${parts.takes} picks=${parts.picks}
      play=${play} timer=${at("choice")} />`}
    <${Taken} view=${view} seats=${seats} />
    ${view.seat != null && html`<${Hand} view=${view} moves=${parts.cards} sets=${parts.sets} play=${play} />`}
    <${Actions} moves=${parts.rest} play=${play} />
  </div>`;
}

// Moves with no card or seat to click: drawing to end the turn, letting a card stand.
function Actions({ moves, play }) {
  if (!moves.length) return null;
  return html`<div class="actions cc-actions">
    ${moves.map((move) => html`<${Move} move=${move} play=${play} />`)}
  </div>`;
}

// --------------------------------------------------------------------------------------- the summary

export function Summary({ view, seats }) {
  const players = view?.players || [];
  const winners = view?.winners || [];
  const ranked = [...players].sort((a, b) => b.points - a.points);
  const line = ranked.map((p) => `${nameOf(seats, p.seat)} ${p.points}${p.playing === false ? " (left)" : ""}`).join(" · ");
  const won = winners.map((seat) => nameOf(seats, seat)).join(" and ");
  const reason = view?.reason;
  const goal = view?.goal;
  const head = `${won ? `${won} won` : "No winner"}${reason ? ` (${REASONS[reason] ?? reason})` : ""}`;
  return html`<span class="cc-summary">${head} — points${goal ? ` (goal ${goal})` : ""}: ${line}</span>`;
}

// --------------------------------------------------------------------------------------- the events

const cards = (list) => {
  const names = (list || []).map(kindName);
  return names.length ? names.join(", ") : "";
};

const TURN_ENDS = {
  point: "earning a point", drew: "drawing a card", "draw 3": "drawing 3 cards",
  "zero cards": "drawing 3 cards (no cards at the start of the turn)", timeout: "running out of time",
  resigned: "leaving the match",
};

// One sentence per event type; hidden fields (null) are simply not mentioned.
const TELLERS = {
  CardsShuffled: (d) => `The ${d.size ?? 90} playing cards are shuffled into the draw pile.`,
  HandDealt: (d, n) => d.cards ? `${n(d.seat)} is dealt ${cards(d.cards)}.` : `${n(d.seat)} is dealt ${plural(d.count, "card")}.`,
  FirstPlayerDrawn: (d, n) => `${n(d.seat)} is drawn to go first.`,
  TurnStarted: (d, n) => `Turn ${d.turn}: ${n(d.seat)}'s turn.`,
  CardsDrawn: (d, n) => d.cards ? `${n(d.seat)} draws ${cards(d.cards)}.` : `${n(d.seat)} draws ${plural(d.count, "card")}.`,
  DrawPileRefilled: (d, n) => `${n(d.shuffler)} shuffles the discards into a new draw pile of ${plural(d.size, "card")}.`,
  ActionPlayed: (d, n) => `${actionText({ ...d, kind: kindOf(d.card) }, n)}.`,
  WindowOpened: (d, n) => `The others may STOP ${n(d.actor)}'s card now.`,
  Reacted: (d, n) => (d.answers > 0 ? `${n(d.seat)}'s STOP answers the last STOP.` : `${n(d.seat)}'s STOP answers the action card.`),
  Passed: (d, n) => `${n(d.seat)} lets it stand.`,
  Left: (d, n) => `${n(d.seat)} can no longer answer: they left.`,
  WindowClosed: (d) => (d.cancelled ? "The window closes: the card is cancelled and does nothing." : "The window closes: the card stands."),
  StopPlayed: (d, n) => `${n(d.seat)} plays a STOP!`,
  SetPlayed: (d, n) => `${n(d.seat)} lays a set: ${cards(d.cards)}.`,
  PointsEarned: (d, n) => `${n(d.seat)} earns ${plural(d.points, "point")}${d.source ? ` from ${d.source === "set" ? "a set" : "a Free Point"}` : ""}.`,
  PointStolen: (d, n) => `${n(d.seat)} steals a point from ${n(d.victim)}.`,
  HandsSwapped: (d, n) => `${n(d.first)} and ${n(d.second)} swap hands.`,
  HandShown: (d, n) => d.cards ? `${n(d.victim)}'s hand is shown to ${n(d.seat)}: ${cards(d.cards)}.`
    : `${n(d.victim)}'s hand is shown to ${n(d.seat)} alone.`,
  CardTaken: (d, n) => `${n(d.seat)} takes ${d.card ? `a ${kindName(d.card)}` : "a card"} from ${n(d.victim)}.`,
  HandShuffled: (d, n) => `${n(d.victim)}'s ${plural(d.size, "card")} are shuffled face down for ${n(d.seat)} to pick from${d.order ? ` (in order: ${d.order.map(kindName).join(", ")})` : ""}.`,
  CardStolen: (d, n) => `${n(d.seat)} takes card ${d.position + 1}${d.card ? `, a ${kindName(d.card)},` : ""} from ${n(d.victim)}.`,
  RequestAnswered: (d, n) => d.card ? `${n(d.victim)} hands ${n(d.seat)} a ${kindName(d.card)}.`
    : `${n(d.victim)} has no ${kindName(d.requested)} for ${n(d.seat)}.`,
  Resigned: (d, n) => `${n(d.seat)} leaves the match${d.hand?.length ? `; their hand goes to the discards: ${cards(d.hand)}` : ""}.`,
  TurnEnded: (d, n) => `${n(d.seat)}'s turn ends${TURN_ENDS[d.reason] ? ` by ${TURN_ENDS[d.reason]}` : d.reason ? ` (${d.reason})` : ""}.`,
  TurnClockStopped: (d, n) => `${n(d.seat)}'s turn clock stops with ${Math.ceil((d.left ?? 0) / 1000)} s left.`,
  TurnClockResumed: (d, n) => `${n(d.seat)}'s turn clock runs again.`,
  MatchEnded: (d, n) => `${d.winner != null ? `${n(d.winner)} wins` : "The match ends"}: ${REASONS[d.reason] ?? d.reason}.`,
  TurnLimitReached: (d, n) => `The turn limit is reached: ${(d.winners || []).map(n).join(" and ") || "nobody"} ${d.winners?.length > 1 ? "share the win" : "wins"} on points.`,
};

export function tell(event, seats) {
  const n = (seat) => nameOf(seats, seat);
  try {
    const data = typeof event?.data === "string" ? JSON.parse(event.data) : event?.data || {};
    const teller = TELLERS[event?.type];
    if (teller) return teller(data, n);
  } catch {
    // fall through to the plain sentence: a log line must never break the page
  }
  const who = event?.seat != null ? ` (${n(event.seat)})` : "";
  return `${String(event?.type ?? "Event").replace(/([a-z])([A-Z])/g, "$1 $2")}${who}.`;
}

// ------------------------------------------------------------------------------------------- styles

export const css = `
.cc-table { display: flex; flex-direction: column; gap: .75rem; --cc-ink: #1d2a1f; }
.cc-table h3 { margin: 0 0 .35rem; font-size: 1rem; }
.cc-status { margin: 0; padding: .4rem .6rem; border-radius: .5rem; background: rgba(60,140,80,.12); }
.cc-result { font-weight: 700; font-size: 1.1rem; background: rgba(230,180,40,.25); }
.cc-seats { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .5rem; align-items: flex-start; }
.cc-seat { flex: 1 1 10rem; max-width: 22rem; min-width: 0; padding: .5rem; border: 2px solid rgba(128,128,128,.35);
  border-radius: .6rem; display: flex; flex-direction: column; gap: .3rem; }
.cc-seat.me { font-weight: normal; }
.cc-seat.cc-waited { border-style: dashed; border-color: #c0392b; box-shadow: 0 0 0 2px rgba(192,57,43,.3); }
.cc-seat.cc-gone { opacity: .55; }
.cc-seatno { font-weight: 400; opacity: .75; font-size: .75rem; }
.cc-seat-name { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem; }
.cc-badge { font-size: .7rem; padding: .05rem .4rem; border-radius: 1rem; background: #ddd; color: #222; font-weight: 600; }
.cc-badge.cc-turn { background: #2f8f46; color: #fff; }
.cc-badge.cc-waits { background: #c0392b; color: #fff; }
.cc-badge.cc-won { background: #e0b020; color: #222; }
.cc-badge.cc-left { background: #777; color: #fff; }
.cc-points { display: flex; align-items: center; gap: .3rem; font-size: .85rem; }
.cc-tokens { display: inline-flex; flex-wrap: wrap; gap: 2px; max-width: 9rem; }
.cc-token { width: .6rem; height: .6rem; border-radius: 50%; border: 1px solid #b8901a; display: inline-block; }
.cc-token.won { background: radial-gradient(circle at 35% 35%, #ffe680, #d9a41a); }
.cc-seat-hand { display: flex; flex-wrap: wrap; align-items: center; gap: .35rem; font-size: .8rem; }
.cc-backs { display: inline-flex; align-items: center; }
.cc-back-sliver { width: .8rem; height: 1.5rem; margin-right: -.25rem; border-radius: 3px; border: 1px solid #1f5c2c;
  background: repeating-linear-gradient(45deg, #2f8f46 0 3px, #277a3b 3px 6px); }
.cc-more { margin-left: .45rem; font-size: .75rem; }
.cc-minis { display: inline-flex; flex-wrap: wrap; gap: 2px; }
.cc-targets { display: flex; flex-wrap: wrap; gap: .25rem; }
.cc-group { display: flex; flex-wrap: wrap; gap: .2rem; align-items: center; width: 100%; }
.cc-group-label { font-size: .75rem; opacity: .8; margin-right: .2rem; }
.cc-table button.cc-chip { display: inline-flex; align-items: center; gap: .25rem; font-size: .78rem; min-height: 2rem;
  padding: .15rem .5rem; border-radius: 1rem; border: 1px solid #c77d1a; background: #fff4e0; color: #5a3300; }
.cc-chip .cc-icon { width: 1rem; height: 1rem; font-size: .65rem; }
.cc-table button.cc-chip.cc-swap { border-color: #2a7f86; background: #e3f5f6; color: #114a4f; }
.cc-piles { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-end; }
.cc-pile { margin: 0; display: flex; flex-direction: column; align-items: center; gap: .2rem; font-size: .8rem; }
.cc-history { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem; flex: 1 1 12rem; }
.cc-card { box-sizing: border-box; display: inline-flex; flex-direction: column; align-items: center; position: relative;
  border-radius: .45rem; border: 2px solid #333; background: #fffdf5; color: #1d2a1f; overflow: hidden; text-align: center;
  vertical-align: middle; flex: none; }
.cc-big { width: 4.6rem; height: 6.6rem; padding: 1.4rem .2rem .2rem; }
.cc-mini { width: 2.6rem; height: 3.6rem; padding: 1rem .1rem .1rem; border-width: 1.5px; }
.cc-card .cc-name { font-weight: 700; font-size: .68rem; line-height: 1.05; }
.cc-mini .cc-name { font-size: .5rem; }
.cc-card .cc-text { font-size: .55rem; line-height: 1.1; margin-top: auto; opacity: .85; }
.cc-card .cc-icon { position: absolute; top: .15rem; left: .15rem; }
.cc-icon { display: inline-flex; align-items: center; justify-content: center; width: 1.15rem; height: 1.15rem;
  border-radius: 50%; background: currentColor; font-weight: 800; font-size: .7rem; }
span.cc-icon { background: #1d2a1f; color: #fff; }
svg.cc-icon { background: none; }
.cc-tile { width: 2.5rem; height: 2.3rem; padding: 1.2rem .05rem 0; border-width: 1.5px; border-radius: .3rem; }
.cc-tile .cc-name { font-size: .48rem; }
.cc-tile .cc-icon { left: 50%; transform: translateX(-50%); }
.cc-tile .cc-art { width: 1.3rem; height: 1.2rem; top: 0; }
.cc-tile .cc-art + .cc-name { margin-top: 0; }
.cc-table button.cc-tile-move { min-height: 0; padding: 0; border: 0; background: none; border-radius: .3rem; }
.cc-tile-move:hover .cc-card, .cc-tile-move:focus-visible .cc-card { box-shadow: 0 0 0 2px #7a52b3; }
.cc-mini .cc-icon { width: .8rem; height: .8rem; font-size: .5rem; top: .1rem; left: .1rem; }
.cc-art { width: 2.4rem; height: 2.9rem; position: absolute; top: .1rem; left: 50%; transform: translateX(-50%); }
.cc-big .cc-art + .cc-name { margin-top: 1.7rem; }
.cc-mini .cc-art { width: 1.5rem; height: 1.8rem; }
.cc-mini .cc-art + .cc-name { margin-top: .95rem; }
.cc-art .cc-plant rect { fill: currentColor; }
.cc-art .cc-plant path { fill: none; stroke: currentColor; stroke-width: 5; stroke-linecap: round; }
.cc-art .cc-pot { fill: #b5652b; }
.cc-art .cc-eye { fill: #fff; }
.cc-art .cc-spikes { fill: #e6c229; stroke: #8a6d00; stroke-width: .8; }
.cc-art .cc-hat { fill: #6b4423; stroke: #6b4423; stroke-width: 2.4; }
.cc-k-CHARLIE { color: #2f8f46; border-color: #2f8f46; background: #eaf7ec; }
.cc-k-SPIKE { color: #1f7a8c; border-color: #1f7a8c; background: #e6f4f7; }
.cc-k-WALTER { color: #556b2f; border-color: #556b2f; background: #f2f4e3; }
.cc-card.cc-character .cc-name, .cc-card.cc-character .cc-text { color: #1d2a1f; }
.cc-wild { border-color: #8e44ad; background: linear-gradient(135deg, #ffd1dc, #fff2b3, #c9f2d0, #cfe3ff); }
.cc-wild span.cc-icon { background: #8e44ad; }
.cc-action { border-color: #c77d1a; background: #fff4e0; }
.cc-action span.cc-icon { background: #c77d1a; }
.cc-k-STEAL_A_POINT span.cc-icon, .cc-k-STEAL_A_CARD span.cc-icon { background: #a23b2a; }
.cc-k-REQUEST_A_CARD span.cc-icon { background: #7a52b3; }
.cc-k-SWAP_HANDS span.cc-icon { background: #2a7f86; }
.cc-k-SEE_AND_STEAL svg.cc-icon { color: #a23b2a; }
.cc-stop { border-color: #c0392b; background: #fdeaea; }
.cc-stop svg.cc-icon, .cc-stop-move svg.cc-icon { color: #c0392b; }
.cc-stop .cc-name { color: #c0392b; }
.cc-back { border-color: #1f5c2c; background: repeating-linear-gradient(45deg, #2f8f46 0 6px, #277a3b 6px 12px); }
.cc-empty { display: inline-block; border: 2px dashed rgba(128,128,128,.5); border-radius: .45rem; box-sizing: border-box; }
.cc-pointpile { border-color: #b8901a; background: #fff6d6; justify-content: center; padding: 0; }
.cc-pointpile .cc-token { width: 2rem; height: 2rem; }
.cc-window, .cc-choice { padding: .6rem; border-radius: .6rem; border: 2px solid #c0392b; background: rgba(192,57,43,.07); }
.cc-window p, .cc-choice p { margin: .3rem 0; font-size: .9rem; }
.cc-chain, .cc-fan, .cc-cards { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .35rem; align-items: flex-end; }
.cc-chain li { display: flex; flex-direction: column; align-items: center; font-size: .7rem; }
.cc-verdict { font-weight: 600; }
.cc-stopped { color: #c0392b; }
.cc-table button.cc-stop-move { display: inline-flex; align-items: center; gap: .4rem; font-weight: 800; font-size: 1.1rem;
  padding: .45rem .9rem; border-radius: .5rem; border: 2px solid #c0392b; background: #c0392b; color: #fff; cursor: pointer; }
.cc-stop-move svg.cc-icon { color: #fff; }
.cc-table button.cc-card-move { padding: 0; border: 0; background: none; border-radius: .5rem; min-height: 0; }
.cc-card-move .cc-card { box-shadow: 0 0 0 3px #e0b020; }
.cc-card-move:hover .cc-card, .cc-card-move:focus-visible .cc-card { transform: translateY(-4px); }
.cc-table button.cc-set-move { display: inline-flex; align-items: center; gap: .3rem; padding: .25rem .4rem;
  border: 2px solid #e0b020; background: #fff8de; color: #1d2a1f; }
.cc-plus { font-size: .85rem; }
.cc-sets { display: flex; flex-wrap: wrap; align-items: center; gap: .35rem; margin-top: .5rem; }
.cc-aimed .cc-card { box-shadow: 0 0 0 2px #c77d1a; }
.cc-hint { font-size: .8rem; opacity: .8; margin: .3rem 0 0; }
.cc-taken { display: flex; align-items: center; gap: .3rem; flex-wrap: wrap; margin: 0; font-size: .85rem; }
.cc-actions { display: flex; flex-wrap: wrap; gap: .4rem; }
.cc-table button:disabled { opacity: .5; cursor: progress; }
@media (prefers-color-scheme: dark) {
  .cc-chip, .cc-set-move { filter: brightness(.95); }
  .cc-badge { background: #555; color: #fff; }
}
`;
