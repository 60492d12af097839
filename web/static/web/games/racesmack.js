// Racesmack (Pandaqi): everyone plays a card face down, all are revealed at once, then everyone taps the
// card they think is correct; correct tappers win cards into their Race, wrong ones lose Race cards.
// The table draws the round under way (the cards played, face down then revealed, and who tapped what),
// the viewer's hand, every seat's Race with its finish requirement, the questions asked after the taps
// and what the last round was judged. Moves are clicked where they act: a hand card (play it, or lose
// it), a played card (tap it), a Race card (lose it), a won card (lay it at the left or right end), the
// blind pile (After You: reveal); the "rest to one end" and the Time Penalty choices sit in the prompt.
import { html, Move, memberOf, Countdown, seatName, Pile } from "../app/kit.js";

const CARD = "id rules display icons { shape colour }";

export const fragment = `fragment RacesmackTable on RacesmackView {
  seat started variants round active step drawPileSize
  hand { ${CARD} } played { ${CARD} } faceDown { ${CARD} }
  players { seat handSize playing ready race { ${CARD} } hand { ${CARD} } pile { ${CARD} } }
  row { seat card { ${CARD} } } taps { seat playedBy }
  rule correctSeats right racingRule { ${CARD} }
  asks { seat kind count hand options deadline cards { ${CARD} } }
  rulesCards { number says }
  over winners reason
}`;

export const summaryFragment = `fragment RacesmackSummary on RacesmackView {
  over winners reason players { seat playing race { id } }
}`;

// ---- cards --------------------------------------------------------------------------------------------

const COLOURS = { RED: "#d62828", GREEN: "#2a9d3f", BLUE: "#1d6fd6", PURPLE: "#7b3fb5", ORANGE: "#e07b12" };
const VARIANTS = {
  racingRules: "Racing Rules", timePenalty: "Time Penalty", noiseCanceling: "Noise Canceling",
  tiebreaker: "Tiebreaker", afterYou: "After You", shiftingGears: "Shifting Gears",
};
// GAMES.md's regular cards R01-R36 (public card data), so the log can name a card an event gives by id.
const REGULAR = `bc gc pr pr bs gs rt rt bc+bs bc+ps bc+rs rc+ps br+gr pr+gc bs+pr gs+bs gs+gs gt+rc gt+pt rt+gc
  bc+gr+br bc+rt+gr pr+pc+pr pr+gt+rr rr+rs+bs gs+bt+gt gs+gt+br ps+pt+rs rs+bc+br rs+pc+rt pt+gs+rc pt+bt+br
  gr+pr+br+rc rs+rc+pc+rr gt+pc+bt+pt rt+rc+gt+pc`.trim().split(/\s+/);
const LETTERS = { b: "blue", g: "green", p: "purple", r: "red", c: "circle", s: "star", t: "triangle" };
const FIRST_RULES_ID = 37;

const lower = (word) => String(word).toLowerCase();
// "blue circle + red star": one card's icons, joined so a list of cards can still use commas.
const iconWords = (icons) => icons.map((i) => `${lower(i.colour)} ${lower(i.shape)}`).join(" + ");

// A card in words: "Rules Card 7", "blue circle + red star"; from the view, an event, or an id alone.
function cardWords(card) {
  if (card == null) return "a card";
  if (typeof card === "number") return idWords(card);
  if (card.rules != null) return `Rules Card ${card.rules}`;
  return card.icons?.length ? iconWords(card.icons) : idWords(card.id);
}

function idWords(id) {
  if (id >= FIRST_RULES_ID) return `Rules Card ${id - FIRST_RULES_ID + 1}`;
  const code = REGULAR[id - 1];
  // Id 0: a copy shown at the table by its kind only; the event alone cannot say which kind.
  if (!code) return "a card printed twice (a purple rectangle or a red triangle)";
  return code.split("+").map(([c, s]) => `${LETTERS[c]} ${s === "r" ? "rectangle" : LETTERS[s]}`).join(" + ");
}

// A seat's name; seats sharing one (two "Bot (heuristic)") are told apart by their seat number.
function nameOf(seats, index) {
  const name = seatName(seats, index);
  return (seats ?? []).some((s) => s.index !== index && s.name === name) ? `${name} #${index}` : name;
}

const list = (words) => (words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`);

// The icons as SVG shapes (a 20x20 box each), filled in their colour.
function Shape({ shape, colour }) {
  const fill = COLOURS[colour] ?? "#555";
  const props = { fill, stroke: "#0007", "stroke-width": 1 };
  const body = {
    CIRCLE: html`<circle cx="10" cy="10" r="8" ...${props} />`,
    RECTANGLE: html`<rect x="1.5" y="5" width="17" height="10" rx="1" ...${props} />`,
    TRIANGLE: html`<polygon points="10,1.5 18.5,18 1.5,18" ...${props} />`,
    STAR: html`<polygon points="10,1 12.6,7.2 19.5,7.6 14.2,12 15.9,18.8 10,15.1 4.1,18.8 5.8,12 0.5,7.6 7.4,7.2" ...${props} />`,
  }[shape];
  return html`<svg class="rs-icon" viewBox="0 0 20 20" aria-hidden="true">${body}</svg>`;
}

// Shifting Gears prints the number four ways (Ruling 17); the plain card just shows its icons.
const PIPS = { 1: [[10, 10]], 2: [[5, 5], [15, 15]], 3: [[5, 5], [10, 10], [15, 15]], 4: [[5, 5], [15, 5], [5, 15], [15, 15]] };
function Gear({ display, number }) {
  if (display === "NUMBER") return html`<span class="rs-gear">${number}×</span>`;
  if (display === "ROMAN") return html`<span class="rs-gear">${"I".repeat(number)}</span>`;
  if (display === "DICE") {
    return html`<svg class="rs-gear" viewBox="0 0 20 20" aria-hidden="true"><rect x="1" y="1" width="18" height="18" rx="3" fill="#fff" stroke="#333" />
      ${(PIPS[number] ?? []).map(([x, y]) => html`<circle cx=${x} cy=${y} r="2" fill="#333" />`)}</svg>`;
  }
  if (display === "HAND") {
    return html`<svg class="rs-gear" viewBox="0 0 20 20" aria-hidden="true"><rect x="3" y="10" width="14" height="9" rx="3" fill="#f2c79b" stroke="#8a5a2b" />
      ${[0, 1, 2, 3].map((i) => html`<rect x=${3.5 + i * 3.4} y=${i < number ? 1 : 7} width="2.6" height=${i < number ? 11 : 5} rx="1.3" fill="#f2c79b" stroke="#8a5a2b" />`)}</svg>`;
  }
  return null;
}

// One card face up ("mini" in Races and piles), or its back when `card` is null. A Rules Card shows its
// number and, full size, its rule for "correct"; the whole text is in its label.
function Card({ card, says, mini = false, extra = "" }) {
  const size = mini ? " rs-mini" : "";
  if (!card) return html`<span class=${`rs-card rs-back${size} ${extra}`} role="img" aria-label="face-down card"></span>`;
  if (card.rules != null) {
    const [rule, finish] = (says ?? "").split(" · ");
    const label = `Rules Card ${card.rules}${rule ? `: correct is "${rule}"; finish: ${finish}` : ""}`;
    return html`<span class=${`rs-card rs-rules${size} ${extra}`} role="img" aria-label=${label} title=${label}>
      <b>${card.rules}</b>${!mini && rule && html`<small>${rule}</small>`}</span>`;
  }
  const gears = card.display && card.display !== "ICONS" ? `, printed as ${lower(card.display)}` : "";
  const label = `${card.icons.length}: ${iconWords(card.icons)}${gears}`;
  return html`<span class=${`rs-card${size} ${extra}`} role="img" aria-label=${label} title=${label}>
    <${Gear} display=${card.display} number=${card.icons.length} />
    <span class="rs-icons">${card.icons.map((icon) => html`<${Shape} ...${icon} />`)}</span>
    ${card.id > 0 && !mini && html`<i class="rs-id">#${card.id}</i>`}
  </span>`;
}

// ---- moves: each legal move gets one place on the table -------------------------------------------------

// A move whose element is missing from the view (or taken by another move) falls back to the actions bar,
// so every legal move stays clickable exactly once.
function placeMoves(view, me, moves) {
  const at = { hand: new Map(), tap: new Map(), race: new Map(), won: new Map(), reveal: null, ask: [], bar: [] };
  const mine = view.players.find((p) => p.seat === me);
  const myAsk = view.asks.find((a) => a.seat === me);
  const put = (map, key, move, there) => (there && !map.has(key) ? map.set(key, move) : at.bar.push(move));
  for (const move of moves) {
    const m = memberOf(move);
    switch (m.action) {
      case "PLAY_CARD":
      case "LOSE_CARD": put(at.hand, m.card, move, view.hand.some((c) => c.id === m.card)); break;
      case "TAP": put(at.tap, m.seat, move, view.row.some((r) => r.seat === m.seat)); break;
      case "LOSE_RACE_CARD": put(at.race, m.position, move, mine && m.position < mine.race.length); break;
      case "PLACE_CARD":
        if (myAsk && m.position < myAsk.cards.length) at.won.set(m.position, [...(at.won.get(m.position) ?? []), move]);
        else at.bar.push(move);
        break;
      case "REVEAL_CARD": if (mine && !at.reveal) at.reveal = move; else at.bar.push(move); break;
      case "PLACE_CARDS":
      case "CHOOSE_PENALTY": (myAsk ? at.ask : at.bar).push(move); break;
      default: at.bar.push(move);
    }
  }
  return at;
}

// The children, wrapped in the move's button when there is a move.
const Act = ({ move, play, children, extra = "" }) =>
  move ? html`<${Move} move=${move} play=${play} class=${`rs-move ${extra}`}>${children}<//>` : children;

// ---- who is waited on, in the view's words ---------------------------------------------------------------

function waitedOn(view) {
  const tapped = new Set(view.taps.map((t) => t.seat));
  const inPlay = view.players.filter((p) => p.playing);
  switch (view.step) {
    case "play": return inPlay.filter((p) => !p.ready).map((p) => p.seat);
    case "tap": // After You: only players with a pile on the table tap (Ruling 23)
      return inPlay.filter((p) => !tapped.has(p.seat) && (!view.variants.includes("afterYou") || p.pile.length > 0)).map((p) => p.seat);
    case "answer": return view.asks.map((a) => a.seat);
    case "reveal": return view.active != null ? [view.active] : [];
    default: return [];
  }
}

const STEPS = {
  play: "Everyone picks a card and plays it face down.",
  tap: "Tap! Tap the card you think is correct.",
  answer: "The taps are judged: winners lay their cards, wrong tappers pay.",
};
const ENDINGS = {
  finish: "meeting the finish requirement of their Race's Rules Card",
  "no one can play": "the longest Race, for no one can play",
  "last player standing": "being the last player left",
};

function Status({ ctx }) {
  const { view, seats, deadline, now } = ctx;
  const names = (seatList) => list(seatList.map((s) => nameOf(seats, s)));
  let words;
  if (view.over) {
    const why = ENDINGS[view.reason] ?? view.reason ?? "";
    words = view.winners.length ? `${names(view.winners)} ${view.winners.length > 1 ? "win" : "wins"}${why ? ` by ${why}` : ""}.` : "The match is over.";
  } else if (!view.started) words = "The cards are not dealt yet.";
  else if (view.step === "reveal") words = `${nameOf(seats, view.active)} turns the top card of their blind pile face up.`;
  else words = STEPS[view.step] ?? "Between rounds.";
  const waiting = waitedOn(view);
  return html`<div class=${`rs-status ${view.over ? "prompt" : ""}`}>
    <p><strong>${view.round > 0 ? `Round ${view.round}` : view.variants.includes("afterYou") ? "After You" : "Racesmack"}</strong> · ${words}
      ${deadline && !view.over && html` <span class="rs-clock"><${Countdown} at=${deadline.at} now=${now} /> left</span>`}</p>
    ${waiting.length > 0 && html`<p class="rs-waiting">Waiting for ${names(waiting)}.</p>`}
    <p class="rs-badges">${view.variants.map((v) => html`<span class="badge">${VARIANTS[v] ?? v}</span> `)}</p>
  </div>`;
}

// ---- the round under way: played cards, taps, the judgement ----------------------------------------------

function Row({ ctx }) {
  const { view, seats, me, placed, play, says } = ctx;
  const afterYou = view.variants.includes("afterYou");
  const judged = view.step === "answer";
  if (view.row.length === 0) return view.step === "play" ? html`<${Sealed} ctx=${ctx} />` : null;
  return html`<section class="rs-section" aria-label="The played cards">
    <h3>${afterYou ? "Top cards of the piles" : "Played cards"}</h3>
    <ol class="rs-row">${view.row.map(({ seat, card }) => {
      const tappers = view.taps.filter((t) => t.playedBy === seat).map((t) => nameOf(seats, t.seat));
      const correct = judged && view.correctSeats.includes(seat);
      const pile = view.players.find((p) => p.seat === seat)?.pile ?? [];
      return html`<li key=${seat} class=${`rs-played ${correct ? "rs-correct" : ""} ${seat === me ? "rs-mine" : ""}`}>
        <span class="rs-owner">${nameOf(seats, seat)}</span>
        <${Act} move=${placed.tap.get(seat)} play=${play}><${Card} card=${card} says=${says.get(card.rules)} /><//>
        ${afterYou && pile.length > 1 && html`<small>on a pile of ${pile.length}</small>`}
        ${correct && html`<span class="badge rs-ok">✓ correct</span>`}
        ${tappers.length > 0 && html`<small class="rs-taps">tapped by ${list(tappers)}</small>`}
      </li>`;
    })}</ol>
    ${view.taps.some((t) => t.playedBy == null) && html`<p><small>${list(view.taps.filter((t) => t.playedBy == null)
      .map((t) => nameOf(seats, t.seat)))} tapped a card no longer on the table.</small></p>`}
  </section>`;
}

// Before the reveal: a back for each card played, your own shown to you alone.
function Sealed({ ctx }) {
  const { view, seats, me, says } = ctx;
  return html`<section class="rs-section" aria-label="Cards played face down">
    <h3>Played face down</h3>
    <ol class="rs-row">${view.players.filter((p) => p.playing).map((p) => {
      const own = p.seat === me && view.played;
      return html`<li key=${p.seat} class="rs-played">
        <span class="rs-owner">${nameOf(seats, p.seat)}</span>
        ${own ? html`<${Card} card=${view.played} says=${says.get(view.played.rules)} extra="rs-down" />`
          : p.ready ? html`<${Card} card=${null} /><small>ready</small>` : html`<span class="rs-card rs-slot">choosing…</span>`}
        ${own && html`<small>yours, face down</small>`}
      </li>`;
    })}</ol>
  </section>`;
}

function ruleWords(view, number) {
  if (number == null) return "the default rule: the shape that appears most often";
  const says = view.rulesCards.find((r) => r.number === number)?.says ?? "";
  return `Rules Card ${number}: ${says.split(" · ")[0]}`;
}

// What the last judged round found: the rule that held, the correct cards and the correct tappers.
function Judged({ ctx }) {
  const { view, seats } = ctx;
  if (!view.started || (view.step !== "answer" && view.right.length === 0 && view.correctSeats.length === 0 && view.rule == null)) return null;
  const names = (list_) => list(list_.map((s) => nameOf(seats, s)));
  return html`<section class="rs-section rs-judged" aria-label="Last judged round">
    <h3>Last judged</h3>
    <p>Judged by ${ruleWords(view, view.rule)}.</p>
    <p>Correct cards: ${view.correctSeats.length ? `played by ${names(view.correctSeats)}` : "none (so tapping your own card counted)"}.
      Right: ${view.right.length ? `${names(view.right)}${view.right.length > 1 ? ` (${nameOf(seats, view.right[0])} fastest)` : ""}` : "nobody"}.</p>
  </section>`;
}

// ---- questions after the taps -------------------------------------------------------------------------

const PENALTIES = { RACE_CARDS: "Lose 2 Race cards", HAND_CARDS: "Lose 2 hand cards", TIES: "Be incorrect on ties next round" };

function askWords(ask, name, mine) {
  const who = mine ? "You" : name;
  if (ask.kind === "place") return `${who} won ${ask.cards.length === 1 ? "a card" : `${ask.cards.length} cards`}: lay each at an end of the Race.`;
  if (ask.kind === "lose") {
    const where = ask.hand ? "hand" : "Race";
    return `${who} must give up ${ask.count === 1 ? "a card" : `${ask.count} cards`} of the ${where}${mine ? ` — click the card in your ${where}` : ""}.`;
  }
  return `${who} tapped wrongly and ${mine ? "pick" : "picks"} a Time Penalty.`;
}

function Asks({ ctx }) {
  const { view, seats, me, deadline, now } = ctx;
  if (view.asks.length === 0) return null;
  return html`<section class="rs-section window" aria-label="Questions">
    <h3>Questions</h3>
    <ul class="rs-asks">${view.asks.map((ask) => html`<li class=${ask.seat === me ? "prompt" : ""}>
      <p>${askWords(ask, nameOf(seats, ask.seat), ask.seat === me)}
        ${deadline && ask.deadline && html` <${Countdown} at=${ask.deadline} now=${now} />`}</p>
      ${ask.kind === "place" && html`<${Won} ctx=${ctx} ask=${ask} />`}
      ${ask.seat === me && html`<p class="rs-choices">${ctx.placed.ask.map((move) => html`<${Move} move=${move} play=${ctx.play}>${choiceWords(move)}<//>`)}</p>`}
    </li>`)}</ul>
  </section>`;
}

function choiceWords(move) {
  const m = memberOf(move);
  if (m.action === "CHOOSE_PENALTY") return PENALTIES[m.penalty] ?? move.label;
  return m.end === "LEFT" ? "◀ All the rest to the left end" : "All the rest to the right end ▶";
}

// The won cards still to lay, each with its "left end" / "right end" buttons for the winner.
function Won({ ctx, ask }) {
  const { placed, play, says, me } = ctx;
  return html`<ol class="rs-row">${ask.cards.map((card, position) => {
    const ends = ask.seat === me ? placed.won.get(position) ?? [] : [];
    return html`<li class="rs-played"><${Card} card=${card} says=${says.get(card.rules)} mini=${ask.seat !== me} />
      ${ends.length > 0 && html`<span class="rs-ends">${ends.map((move) => html`<${Move} move=${move} play=${play} class="rs-end">
        ${memberOf(move).end === "LEFT" ? "◀ left" : "right ▶"}<//>`)}</span>`}
    </li>`;
  })}</ol>`;
}

// ---- the viewer's hand, and every seat ------------------------------------------------------------------

function Hand({ ctx }) {
  const { view, me, placed, play, says } = ctx;
  // A spectator's (or an every-card) view has no own hand: the seats show what there is to see.
  if (me == null || view.seat !== me || !view.started) return null;
  const mine = view.players.find((p) => p.seat === me);
  const blind = view.variants.includes("afterYou");
  return html`<section class="rs-section rs-hand" aria-label="Your hand">
    <h3>${blind ? "Your blind pile" : "Your hand"}</h3>
    ${blind ? html`<p class="rs-blind"><${Act} move=${placed.reveal} play=${play}>${mine?.handSize ? html`<${Card} card=${null} />` : html`<span class="rs-card rs-slot">empty</span>`}<//>
        <span>${mine?.handSize ?? 0} face down, unseen even by you${placed.reveal ? " — click it to turn the top card face up" : ""}.</span></p>`
      : html`<ol class="hand rs-row">${view.hand.map((card) => html`<li key=${card.id}>
          <${Act} move=${placed.hand.get(card.id)} play=${play}><${Card} card=${card} says=${says.get(card.rules)} /><//></li>`)}
          ${view.hand.length === 0 && html`<li><small>No cards in hand.</small></li>`}</ol>`}
    ${view.faceDown.length > 0 && html`<p class="rs-facedown"><small>Given up face down:</small>
      ${view.faceDown.map((card) => html`<${Card} card=${card} mini=${true} />`)}</p>`}
  </section>`;
}

function finishWords(ctx, race) {
  const rules = race.find((c) => c.rules != null);
  if (!rules) return "No Rules Card yet: this Race cannot finish.";
  return `Finish (Rules Card ${rules.rules}): ${(ctx.says.get(rules.rules) ?? "").split(" · ")[1] ?? ""}`;
}

function SeatPanel({ ctx, player, waiting }) {
  const { view, seats, me, placed, play, says } = ctx;
  const name = nameOf(seats, player.seat);
  const classes = ["seat", "rs-seat", waiting && "active", player.seat === me && "me", !player.playing && "rs-out"];
  const winner = view.winners.includes(player.seat);
  return html`<li class=${classes.filter(Boolean).join(" ")} aria-current=${waiting ? "true" : undefined}>
    <p class="rs-name"><strong>${name}</strong>
      ${player.seat === me && html` <span class="badge">you</span>`}
      ${winner && html` <span class="badge rs-ok">winner</span>`}
      ${!player.playing && html` <span class="badge">left</span>`}
      ${waiting && html` <span class="badge">to act</span>`}
      ${view.step === "play" && player.ready && html` <span class="badge">card down</span>`}
      <span class="rs-count">${player.handSize} in ${view.variants.includes("afterYou") ? "blind pile" : "hand"}</span></p>
    <div class="rs-race" role="group" aria-label=${`${name}'s Race, left end first: ${player.race.length} cards`}>
      <span class="rs-label">Race ${player.race.length}</span>
      ${player.race.map((card, position) => html`<${Act} move=${player.seat === me ? placed.race.get(position) : null} play=${play}>
        <${Card} card=${card} says=${says.get(card.rules)} mini=${true} /><//>`)}
    </div>
    <small class="rs-finish">${finishWords(ctx, player.race)}</small>
    ${player.pile.length > 0 && html`<div class="rs-race" role="group" aria-label=${`${name}'s pile, top last`}><span class="rs-label">Pile</span>
      ${player.pile.map((card) => html`<${Card} card=${card} says=${says.get(card.rules)} mini=${true} />`)}</div>`}
    ${player.hand && player.hand.length > 0 && html`<div class="rs-race" role="group" aria-label=${`${name}'s hand`}><span class="rs-label">Hand</span>
      ${player.hand.map((card) => html`<${Card} card=${card} says=${says.get(card.rules)} mini=${true} />`)}</div>`}
  </li>`;
}

function Piles({ ctx }) {
  const { view, says } = ctx;
  return html`<section class="rs-section rs-piles" aria-label="Draw pile and default rule">
    <${Pile} label="Draw pile" count=${view.drawPileSize ?? 0} />
    ${view.racingRule && html`<figure class="rs-racing"><${Card} card=${view.racingRule} says=${says.get(view.racingRule.rules)} />
      <figcaption>Racing Rules: this round's default rule</figcaption></figure>`}
  </section>`;
}

function RulesList({ view }) {
  return html`<details class="rs-section rs-ruleslist"><summary>The 18 Rules Cards: correct · finish</summary>
    <ol>${view.rulesCards.map((r) => html`<li value=${r.number}>${r.says}</li>`)}</ol></details>`;
}

export function Table({ view, seat, seats, moves = [], play, deadline, now }) {
  const me = seat ?? null;
  const says = new Map(view.rulesCards.map((r) => [r.number, r.says]));
  const ctx = { view, seats, me, play, deadline, now, says, placed: placeMoves(view, me, moves) };
  const waiting = new Set(waitedOn(view));
  return html`<div class="rs-table">
    <${Status} ctx=${ctx} />
    <div class="rs-layout">
      <div class="rs-main">
        <${Asks} ctx=${ctx} />
        <${Row} ctx=${ctx} />
        <${Hand} ctx=${ctx} />
        <${Judged} ctx=${ctx} />
      </div>
      <div class="rs-side">
        <section class="rs-section" aria-label="Seats and Races"><h3>Races</h3>
          <ol class="rs-seats">${view.players.map((p) => html`<${SeatPanel} key=${p.seat} ctx=${ctx} player=${p} waiting=${waiting.has(p.seat)} />`)}</ol>
        </section>
        <${Piles} ctx=${ctx} />
      </div>
    </div>
    ${ctx.placed.bar.length > 0 && html`<div class="actions">${ctx.placed.bar.map((m) => html`<${Move} move=${m} play=${play} />`)}</div>`}
    <${RulesList} view=${view} />
  </div>`;
}

// ---- the replay list's line ---------------------------------------------------------------------------

export function Summary({ view, seats }) {
  const races = [...view.players].sort((a, b) => b.race.length - a.race.length)
    .map((p) => `${nameOf(seats, p.seat)} ${p.race.length}${p.playing ? "" : " (left)"}`);
  const won = view.winners.length ? `${list(view.winners.map((s) => nameOf(seats, s)))} won` : view.over ? "No winner" : "In play";
  const why = { finish: "Race finished", "no one can play": "longest Race", "last player standing": "last one left" }[view.reason] ?? view.reason;
  return html`<span class="rs-summary">${won}${why ? ` (${why})` : ""} · Races: ${races.join(" · ")}</span>`;
}

// ---- the log in words ---------------------------------------------------------------------------------

const roundOf = (name) => /(\d+)$/.exec(name ?? "")?.[1] ?? "";
const cardsWords = (cards) => list((cards ?? []).map(cardWords));
const endWords = (end) => `${lower(end ?? "right")} end`;

export function tell(event, seats) {
  const d = event.data ?? {};
  const who = nameOf(seats, d.seat ?? event.seat);
  const names = (seatList) => list((seatList ?? []).map((s) => nameOf(seats, s)));
  switch (event.type) {
    case "DeckShuffled": return `The deck of ${d.size} cards is shuffled.`;
    case "RacingDeckSetAside": return `Racing Rules: ${d.size} Rules Cards are set aside face down as the deck of default rules.`;
    case "RacingDeckShuffled": return `Racing Rules: the ${d.size} set-aside Rules Cards are shuffled for the next rounds.`;
    case "HandDealt":
      if (d.blind) return `${who} is dealt ${d.count} cards as a blind pile, unseen by all.`;
      return `${who} is dealt ${d.count} cards${d.cards ? `: ${cardsWords(d.cards)}` : ""}.`;
    case "RacingRuleRevealed": return `This round's default rule is ${cardWords(d.card)}.`;
    case "RoundOpened": return `Round ${roundOf(d.round)}: everyone plays a card face down.`;
    case "SeatReady": return `${who} has played a card face down.`;
    case "CardPlayed": return `${who} plays ${cardWords(d.choice?.card)} face down.`;
    case "RoundClosed": return d.silent?.length ? `${names(d.silent)} chose no card in time.` : "Every card is down.";
    case "CardsRevealed":
      if (!Object.keys(d.choices ?? {}).length) return "No card was chosen: nothing is revealed.";
      return `The cards are revealed: ${list(Object.entries(d.choices ?? {}).map(([s, c]) => `${nameOf(seats, Number(s))}'s ${cardWords(c.card)}`))}.`;
    case "SilentCardPlayed": return `${who} chose nothing in time: the first card of their hand, ${cardWords(d.card)}, is played.`;
    case "TurnStarted": return `Turn ${d.turn}: ${who} reveals the top card of their blind pile.`;
    case "TurnEnded": return `${who}'s turn ends${d.reason === "timeout" ? " at the time limit" : ""}.`;
    case "CardRevealed": return `${who} turns up ${cardWords(d.card)} on their pile.`;
    case "TapsOpened":
    case "SeatTapsOpened": return `Tap! ${names(d.seats)} may each tap the card they think is correct.`;
    // Today a tap names the seat whose card it taps (older matches named a card id: told the same way).
    case "Tapped": {
      const whose = d.target == null ? "a card" : d.target === (d.seat ?? event.seat) ? "their own card" : `${nameOf(seats, d.target)}'s card`;
      return `${who} taps ${whose}.`;
    }
    case "TapsClosed": return "The taps are over.";
    case "TapsJudged": return judgedWords(d, names);
    case "PlacementAsked": return `${who} won ${cardsWords(d.cards)} and lays ${d.cards?.length === 1 ? "it" : "them"} in their Race.`;
    case "CardsPlaced":
      return `${who} lays ${cardsWords(d.cards)} at the ${endWords(d.end)} of their Race${replacedWords(d.replaced)}.`;
    case "CardLaid": return `${who} lays ${cardWords(d.card)} at the ${endWords(d.end)} of their Race${replacedWords(d.replaced)}.`;
    case "LeftoversDiscarded": return `Nobody tapped a correct card: ${cardsWords(d.cards)} leave the game.`;
    case "PenaltyAsked": return `${who} tapped wrongly and picks a Time Penalty.`;
    case "PenaltyChosen": return `${who} chooses the penalty: ${PENALTIES[d.penalty]?.toLowerCase().replace("race", "Race") ?? d.penalty}.`;
    case "LossAsked": return `${who} must give up ${d.count === 1 ? "a card" : `${d.count} cards`} of their ${d.hand ? "hand" : "Race"}.`;
    case "CardLost": return `${who} loses ${cardWords(d.card)} from their ${d.hand ? "hand" : "Race"}; it leaves the game.`;
    case "HandCardLost":
      return `${who} gives up ${d.card ? cardWords(d.card) : d.blind ? "a card taken at random from their blind pile" : "a hand card"}, face down.`;
    case "CardDrawn":
      return `${who} draws ${d.card ? cardWords(d.card) : "a card"}${d.blind ? " to the bottom of their blind pile" : ""}.`;
    case "Resigned": return `${who} leaves the match; their hand (${cardsWords(d.hand)}) leaves the game.`;
    case "PlayerLeft":
      return `${who} leaves the match; ${d.hand ? cardsWords(d.hand) : `${d.count} ${d.count === 1 ? "card" : "cards"}`} of their hand leave the game face down.`;
    case "MatchEnded": {
      const why = ENDINGS[d.reason] ?? d.reason;
      return d.winners?.length ? `${names(d.winners)} ${d.winners.length > 1 ? "win" : "wins"} by ${why}.` : "The match ends with no winner.";
    }
    default: return `${event.type.replace(/([a-z])([A-Z])/g, "$1 $2")}${event.seat != null ? ` (${who})` : ""}.`;
  }
}

function judgedWords(d, names) {
  const rule = d.rule == null ? "the default rule" : `Rules Card ${d.rule}`;
  const count = (d.correct ?? []).length;
  // Ruling 7: with no card correct, tapping your own card is.
  const cards = count === 0 ? "no card is correct, so each own card counts" : `${count === 1 ? "1 card is" : `${count} cards are`} correct`;
  const right = d.winners?.length ? `${names(d.winners)} tapped correctly${d.winners.length > 1 ? `, ${names([d.winners[0]])} fastest` : ""}` : "nobody tapped correctly";
  return `Judged by ${rule}: ${cards}; ${right}.`;
}

const replacedWords = (replaced) => (replaced?.length ? `, and ${cardsWords(replaced)} leaves the game` : "");

// ---- styles ---------------------------------------------------------------------------------------------

export const css = `
.rs-table { display: flex; flex-direction: column; gap: .6rem; }
.rs-table h3 { margin: 0 0 .3rem; font-size: 1rem; }
.rs-status p { margin: .15rem 0; }
.rs-waiting { font-size: .9rem; opacity: .85; }
.rs-badges:empty { display: none; }
.rs-layout { display: flex; flex-wrap: wrap; gap: .8rem; align-items: flex-start; }
.rs-main { flex: 2 1 20rem; min-width: 0; display: flex; flex-direction: column; gap: .6rem; }
.rs-side { flex: 1 1 17rem; min-width: 0; display: flex; flex-direction: column; gap: .6rem; }
.rs-section { min-width: 0; }
.rs-row, .rs-seats, .rs-asks { list-style: none; margin: 0; padding: 0; }
.rs-row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: flex-start; }
.rs-played { display: flex; flex-direction: column; align-items: center; gap: .15rem; max-width: 6.5rem; text-align: center; }
.rs-played small { font-size: .72rem; line-height: 1.15; }
.rs-owner { font-size: .8rem; font-weight: 600; line-height: 1.15; overflow-wrap: anywhere; }
.rs-mine .rs-owner { text-decoration: underline; }
.rs-card { position: relative; box-sizing: border-box; display: inline-flex; flex-direction: column; align-items: center;
  justify-content: center; width: 4.4rem; height: 6.2rem; padding: .25rem; border-radius: .45rem; background: #fffdf7;
  border: 1px solid #9a927f; color: #222; box-shadow: 0 1px 2px #0003; vertical-align: middle; flex: none; }
.rs-icons { display: flex; flex-wrap: wrap; justify-content: center; align-content: center; gap: .15rem; width: 100%; }
.rs-icon { width: 1.45rem; height: 1.45rem; }
.rs-gear { position: absolute; top: .15rem; left: .2rem; width: 1rem; height: 1rem; font-size: .72rem; font-weight: 700; line-height: 1; }
.rs-id { position: absolute; bottom: .1rem; right: .25rem; font-size: .6rem; font-style: normal; color: #777; }
.rs-rules { background: linear-gradient(160deg, #26304a, #3d4a73); border: 2px solid #e9c46a; color: #fff; justify-content: flex-start; }
.rs-rules b { font-size: 1.35rem; line-height: 1.1; color: #e9c46a; }
.rs-rules b::before { content: "R"; font-size: .7em; margin-right: 1px; }
.rs-rules small { font-size: .62rem; line-height: 1.15; text-align: center; overflow-wrap: anywhere; color: #f3eedf; }
.rs-back { background: repeating-linear-gradient(45deg, #8c1c13 0 5px, #b8321f 5px 10px); border: 2px solid #fff; box-shadow: 0 0 0 1px #5a120c; }
.rs-slot { background: none; border: 1px dashed #999; color: #777; font-size: .7rem; box-shadow: none; }
.rs-down { outline: 3px dashed #b8321f; outline-offset: 1px; }
.rs-mini { width: 2.5rem; height: 3.5rem; padding: .12rem; border-radius: .3rem; }
.rs-mini .rs-icon { width: .85rem; height: .85rem; }
.rs-mini .rs-icons { gap: 1px; }
.rs-mini .rs-gear { width: .7rem; height: .7rem; font-size: .55rem; top: 1px; left: 2px; }
.rs-mini.rs-rules b { font-size: 1rem; margin-top: .6rem; }
.rs-move { padding: 0; border: 0; background: none; font: inherit; color: inherit; cursor: pointer; border-radius: .5rem; }
.rs-move .rs-card { outline: 3px solid #f4c430; outline-offset: 1px; }
.rs-move:hover .rs-card, .rs-move:focus-visible .rs-card { transform: translateY(-3px); box-shadow: 0 4px 8px #0004; }
.rs-move[disabled] { opacity: .6; cursor: wait; }
.rs-correct .rs-card { box-shadow: 0 0 0 3px #2a9d3f; }
.rs-ok { background: #2a9d3f; color: #fff; }
.rs-taps { color: #444; }
.rs-ends { display: flex; gap: .2rem; }
.rs-end { font-size: .75rem; padding: .15rem .35rem; }
.rs-choices { display: flex; flex-wrap: wrap; gap: .3rem; margin: .3rem 0 0; }
.rs-choices:empty { display: none; }
.rs-asks > li { padding: .3rem .4rem; margin-bottom: .3rem; border-radius: .35rem; }
.rs-asks p { margin: .1rem 0 .3rem; }
.rs-facedown { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem; margin: .4rem 0 0; }
.rs-blind { display: flex; align-items: center; gap: .5rem; margin: 0; font-size: .85rem; }
.rs-seat { display: block; padding: .35rem .45rem; margin-bottom: .35rem; border-radius: .4rem; }
.rs-name { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem; margin: 0 0 .25rem; }
.rs-count { margin-left: auto; font-size: .8rem; opacity: .8; }
.rs-race { display: flex; flex-wrap: wrap; align-items: center; gap: .2rem; margin-top: .2rem; }
.rs-label { font-size: .72rem; font-weight: 600; min-width: 2.6rem; }
.rs-finish { display: block; font-size: .75rem; opacity: .85; margin-top: .15rem; }
.rs-out { opacity: .6; }
.rs-piles { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.rs-racing { margin: 0; display: flex; flex-direction: column; align-items: center; gap: .2rem; max-width: 8rem; text-align: center; font-size: .75rem; }
.rs-judged p { margin: .15rem 0; font-size: .9rem; }
.rs-ruleslist summary { cursor: pointer; font-weight: 600; }
.rs-ruleslist ol { margin: .3rem 0; padding-left: 1.8rem; font-size: .85rem; }
`;
