// Boulder Bluff's table: the boulder row, the piles, the climb under way (who climbs with what, the
// chalk they drew, what Boar Assault cancelled), the last tally, every climber's claimed boulders and
// injuries, and the viewer's hand. Every legal move is clicked on the thing it acts on: a boulder of the
// row (climb it), a card of the hand (play it face up; its "face down" tab plays it face down), a card in
// the climb (Boar Assault cancels its value), a claimed boulder (the injury goes there). The rest (prep,
// chalk up, join, stay off, stay, withdraw, cancel nothing) sit in the prompt's actions bar.
import { html, Move, memberOf, Countdown, seatName, Pile } from "../app/kit.js";

// The seat's name; with its number when another seat has the same name (two "Bot (heuristic)").
function nameOf(seats, index) {
  const name = seatName(seats, index);
  const same = (seats || []).filter((s) => seatName(seats, s.index) === name).length;
  return same > 1 ? `${name} #${index}` : name;
}

const CARD = "number name value colours title animal";
const BOULDER = "number points colours title";

export const fragment = `fragment BoulderBluffTable on BoulderBluffView {
  seat started animalKingdom injuriesAffectClimbing
  hand { ${CARD} }
  players { seat handSize score resigned hand { ${CARD} } claimed { injury boulder { ${BOULDER} } } }
  row { ${BOULDER} }
  bouldersLeft deckSize discardPileSize chalkInBag active turn
  climb {
    number seat final cancelled boulder { ${BOULDER} }
    climbers { seat faceDownCount chalk faceUp { ${CARD} } hidden { ${CARD} } added { ${CARD} } }
  }
  tally { seat chalk raw technique fatigue animals total }
  step waitingOn boarOptions deadline over reason
}`;

// `players` is aliased: the replay list asks every game's summary in one document, where another
// game's `players` of another shape would clash (the server allows few aliases: one is enough).
export const summaryFragment = `fragment BoulderBluffSummary on BoulderBluffView {
  reason
  players { seat score resigned claimed { boulder { points } } }
}`;

// ---- card data ---------------------------------------------------------------------------------

const COLOURS = { GREEN: "#2e7d4f", ORANGE: "#d9730d", PURPLE: "#7a4bb0", RED: "#c62828", BLUE: "#1f63b4" };
const ANIMAL_TINT = "#7a5a3a";
const lower = (word) => String(word ?? "").toLowerCase();

// What each animal does, in a few words, so the card says it at the table (the rulebook's texts).
const ANIMALS = {
  ANGRY_BEAR: "−1 to every rival",
  BOAR_ASSAULT: "cancel a card's value",
  CUTE_SQUIRREL: "no technique bonus",
  HOWLY_WOLVES: "hurt only 3+ short",
  LUCKY_DEER: "triple your chalk",
  MESSY_MEERKAT: "draw one more chalk",
  ANNOYING_ANTS: "every 1 is worth 2",
  BORING_BADGER: "all play their 3s",
  CRAZY_CHAMELEON: "technique bonus for all",
  RARE_RABBIT: "no fatigue",
  TACTICAL_TROUT: "+2 cards, +1 to rivals",
  SNEAKY_SNAKE: "stay or withdraw!",
};

// Events name a cancelled card and an injured boulder by number only. These mirror cards.py (the
// CHOSEN card data of GAMES.md), so the log can say which: plain cards 1-33 are 11 per title colour,
// as value and colours counted in steps from the title colour; then the animals; boulders 5 per title.
const CYCLE = ["GREEN", "ORANGE", "PURPLE"];
const PLAIN = [[1, [0, 1]], [1, [1, 2]], [2, [2, 0]], [2, [0]], [2, [1]], [3, [0]], [3, [1]], [3, [2]], [4, [0]], [4, [2]], [5, [1]]];
const ANIMAL_NUMBERS = ["Angry Bear", "Boar Assault", "Cute Squirrel", "Howly Wolves", "Lucky Deer", "Messy Meerkat",
  "Annoying Ants", "Boring Badger", "Crazy Chameleon", "Rare Rabbit", "Tactical Trout"];
const BOULDER_KINDS = [[4, [0]], [5, [1]], [6, [2]], [9, [0, 1]], [12, [0, 2]]];

function cardName(number) {
  if (number >= 1 && number <= 33) {
    const title = Math.floor((number - 1) / 11);
    const [value, steps] = PLAIN[(number - 1) % 11];
    return `${value} ${steps.map((s) => lower(CYCLE[(title + s) % 3])).join("/")} (${lower(CYCLE[title])} title)`;
  }
  return ANIMAL_NUMBERS[number - 34] ?? (number >= 45 || number === 0 ? "Sneaky Snake" : `card ${number}`);
}

function boulderOf(number) {
  if (!(number >= 1 && number <= 15)) return null;
  const title = Math.floor((number - 1) / 5);
  const [points, steps] = BOULDER_KINDS[(number - 1) % 5];
  return { number, points, title: CYCLE[title], colours: steps.map((s) => CYCLE[(title + s) % 3]) };
}

function boulderText(boulder) {
  if (!boulder) return "a boulder";
  const colours = (boulder.colours || []).map(lower).join(" or ");
  return `the ${boulder.points}-point ${lower(boulder.title)} boulder (${colours})`;
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const chalkText = (token) => (token > 0 ? `+${token}` : token < 0 ? `−${-token}` : "0");
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

// ---- cards, boulders, tokens ---------------------------------------------------------------------

function Dots({ colours }) {
  return html`<span class="bb-dots" aria-hidden="true">${(colours || []).map(
    (c) => html`<span class="bb-dot" style=${`--c:${COLOURS[c] || "#777"}`}>${c[0]}</span>`,
  )}</span>`;
}

// A paw print marks every animal card (no image files: a few SVG circles).
function Paw() {
  return html`<svg class="bb-paw" viewBox="0 0 24 24" aria-hidden="true">
    <ellipse cx="12" cy="16" rx="5.5" ry="4.5" /><circle cx="5.5" cy="10" r="2.3" /><circle cx="9.5" cy="6" r="2.3" />
    <circle cx="14.5" cy="6" r="2.3" /><circle cx="18.5" cy="10" r="2.3" />
  </svg>`;
}

// A climb card from its data: title colour band, value and the colours it adds to, or the animal.
// `note` says how it lies ("face down", "Trout"); a cancelled card has its value struck out; a `target`
// is one Boar Assault may cancel now.
function Card({ card, note, cancelled, target, small }) {
  const label = [card.name, note, cancelled && "value cancelled", target && "Boar Assault may cancel it"]
    .filter(Boolean).join(", ");
  const tint = card.title ? COLOURS[card.title] || "#777" : ANIMAL_TINT;
  const flags = `${card.animal ? " bb-animal" : ""}${cancelled ? " bb-cancelled" : ""}${target ? " bb-target" : ""}`;
  const cls = `card bb-card${flags}${small ? " bb-small" : ""}`;
  return html`<span class=${cls} style=${`--tint:${tint}`} role="img" aria-label=${label} title=${label}>
    <span class="bb-band">${card.animal ? "animal" : html`${lower(card.title)}<span class="bb-word"> title</span>`}</span>
    ${note ? html`<span class="bb-note">${note}</span>` : null}
    ${card.animal
      ? html`<${Paw} /><span class="bb-name">${card.name}</span><span class="bb-effect">${ANIMALS[card.animal] || ""}</span>`
      : html`<span class="bb-value">${card.value}</span><${Dots} colours=${card.colours} />`}
  </span>`;
}

function Back() {
  return html`<span class="card back bb-card bb-back" role="img" aria-label="a face-down climb card"></span>`;
}

// What an injury costs: points, or in the variant strength (fatigue on this boulder's title colour).
const PENALTY = { FINGER: 1, SHOULDER: 2 };
const injuryText = (injury, variant) => `${lower(injury)}${variant ? "" : ` −${PENALTY[injury] ?? "?"}`}`;

// A boulder: a rock in its title colour with its points, and the colours that climb it below.
function Boulder({ boulder, injury, variant, small }) {
  const tint = COLOURS[boulder.title] || "#777";
  const label = `${boulderText(boulder)}${injury ? `, ${lower(injury)} injury` : ""}`;
  return html`<span class=${`bb-boulder${small ? " bb-small" : ""}`} style=${`--tint:${tint}`} role="img" aria-label=${label} title=${label}>
    <svg viewBox="0 0 60 40" aria-hidden="true"><path d="M4 38 L10 16 L22 5 L38 3 L50 13 L57 38 Z" /><text x="30" y="31">${boulder.points}</text></svg>
    <span class="bb-needs"><${Dots} colours=${boulder.colours} /></span>
    ${injury ? html`<span class="bb-injury">${injuryText(injury, variant)}</span>` : null}
  </span>`;
}

function Chalk({ token }) {
  return html`<span class="bb-chalk" role="img" aria-label=${`chalk ${chalkText(token)}`}>${chalkText(token)}</span>`;
}

// Wraps `child` in the move's button when there is one (the element is what the move acts on).
function pickable(move, play, child) {
  return move ? html`<${Move} move=${move} play=${play} class="bb-pick">${child}</${Move}>` : child;
}

// ---- where each legal move is clicked --------------------------------------------------------------

function climbCards(climb) {
  return (climb?.climbers || []).flatMap((c) => [...c.faceUp, ...(c.hidden || []), ...c.added]);
}

// Sorts the moves onto the table: each move once, on its element when the view draws that element,
// else in the actions bar (so a move is never lost, whatever the server offers).
function placeMoves(view, moves) {
  const place = { climb: new Map(), up: new Map(), down: new Map(), cancel: new Map(), injury: new Map(), rest: [] };
  const row = new Set(view.row.map((b) => b.number));
  const hand = new Set(view.hand.map((c) => c.number));
  const inClimb = new Set(climbCards(view.climb).map((c) => c.number));
  const mine = view.players.find((p) => p.seat === view.seat);
  const claimed = new Set((mine?.claimed || []).map((c) => c.boulder.number));
  for (const move of moves || []) {
    const { action, boulder, card, faceDown } = memberOf(move);
    const [where, key] =
      action === "CLIMB_BOULDER" && row.has(boulder) ? [place.climb, boulder]
      : action === "PLAY_CARD" && hand.has(card) ? [faceDown ? place.down : place.up, card]
      : action === "CANCEL_VALUE" && inClimb.has(card) ? [place.cancel, card]
      : action === "PLACE_INJURY" && claimed.has(boulder) ? [place.injury, boulder]
      : [null, null];
    if (where && !where.has(key)) where.set(key, move);
    else place.rest.push(move);
  }
  return place;
}

// ---- the parts of the table ------------------------------------------------------------------------

function names(seats, list, me) {
  return list.map((s) => (s === me ? "you" : nameOf(seats, s))).join(", ") || "nobody";
}

// What the match waits on, in words, addressed to the viewer when it is the one asked.
function stepText(view, seats) {
  const me = view.seat;
  const asked = me != null && view.waitingOn.includes(me);
  const who = names(seats, view.waitingOn, me);
  const leader = view.climb ? nameOf(seats, view.climb.seat) : "";
  const boulder = view.climb ? boulderText(view.climb.boulder) : "";
  switch (view.step) {
    case "turn":
      return asked ? "Your turn: prep (draw a card) or click a boulder to climb it."
        : `${nameOf(seats, view.active)} has the chalk bag: prep or climb.`;
    case "play":
      return asked ? `Climb ${boulder}: click a card to play it face up, or its "face down" tab; one face up at least, then chalk up.`
        : `${who} plays climb cards on ${boulder}.`;
    case "join":
      return asked ? `Join ${leader}'s climb of ${boulder}?` : `${who}: join ${leader}'s climb of ${boulder}?`;
    case "snake":
      return "Sneaky Snake! Every climber chooses in secret: stay in the climb or withdraw (silence stays).";
    case "boar":
      return asked ? "Boar Assault: click a card in the climb to cancel its value."
        : `Boar Assault: ${who} picks a card whose value is cancelled.`;
    case "injury":
      return asked ? "You are injured: click one of your boulders to place the injury on."
        : `${who} places an injury on a claimed boulder.`;
    default:
      return view.over ? `The match is over${view.reason ? ` (${view.reason})` : ""}.` : "";
  }
}

function Status({ view, seats, place, play, deadline, now }) {
  const asked = view.seat != null && view.waitingOn.includes(view.seat);
  const at = deadline?.at || (view.deadline && Date.parse(view.deadline) > now ? view.deadline : null);
  const text = view.started ? stepText(view, seats) : "The cards are not dealt yet.";
  // A question to the viewer is a prompt; Sneaky Snake's countdown is a window open to every climber.
  const kind = asked ? " prompt" : view.step === "snake" ? " window" : "";
  return html`<section class=${`bb-status${kind}`} aria-label="What happens now">
    <p>
      <strong>Turn ${view.turn}</strong>${" "}
      ${view.climb?.final ? html`<span class="badge bb-final">last climb</span> ` : null}
      ${text}${at && !view.over ? html` <${Countdown} at=${at} now=${now} />` : null}
    </p>
    ${place.rest.length
      ? html`<div class="actions">${place.rest.map((m) => html`<${Move} move=${m} play=${play} />`)}</div>`
      : null}
    <p class="bb-options">
      ${view.animalKingdom ? html`<span class="badge">Animal Kingdom</span>` : null}
      ${view.injuriesAffectClimbing ? html`<span class="badge">variant: injuries cost strength</span>` : null}
    </p>
  </section>`;
}

function Supply({ view, place, play }) {
  return html`<section class="bb-supply" aria-labelledby="bb-row-h">
    <h3 id="bb-row-h">Boulders to climb</h3>
    <div class="bb-supply-body">
    <ul class="row bb-list">
      ${view.row.map((b) => html`<li key=${b.number}>${pickable(place.climb.get(b.number), play, html`<${Boulder} boulder=${b} />`)}</li>`)}
    </ul>
    <div class="bb-piles">
      <${Pile} label="Boulder deck" count=${view.bouldersLeft} />
      <${Pile} label="Climb deck" count=${view.deckSize} />
      <${Pile} label="Discards" count=${view.discardPileSize} />
      <span class="bb-bag" role="img" aria-label=${`chalk bag: ${view.chalkInBag} tokens`}>
        <svg viewBox="0 0 40 44" aria-hidden="true"><path d="M12 8 Q20 14 28 8 L34 38 Q20 46 6 38 Z" /></svg>
        <span>Chalk bag <span class="badge">${view.chalkInBag}</span></span>
      </span>
    </div>
    </div>
  </section>`;
}

// One climber's played cards: face up, then face down (backs, or the cards, marked "face down", when
// the viewer may see them: its own, or after the reveal), then Tactical Trout's. Boar Assault's
// options are marked for everyone, and clickable for its player.
function ClimberCards({ climber, view, place, play }) {
  const cancelled = new Set(view.climb.cancelled);
  const targets = new Set(view.step === "boar" ? view.boarOptions : []);
  const card = (c, note) => html`<li>${pickable(place.cancel.get(c.number), play,
    html`<${Card} card=${c} note=${note} cancelled=${cancelled.has(c.number)} target=${targets.has(c.number)} />`)}</li>`;
  const down = climber.hidden
    ? climber.hidden.map((c) => card(c, "face down"))
    : Array.from({ length: climber.faceDownCount }, () => html`<li><${Back} /></li>`);
  const none = !climber.faceUp.length && !down.length && !climber.added.length;
  return none ? html`<p class="bb-line bb-quiet">no card played yet</p>` : html`<ul class="bb-cards">
    ${climber.faceUp.map((c) => card(c, ""))}${down}${climber.added.map((c) => card(c, "Trout"))}
  </ul>`;
}

function Climb({ view, seats, place, play }) {
  const climb = view.climb;
  if (!climb) return null;
  return html`<section class="bb-climb" aria-labelledby="bb-climb-h">
    <h3 id="bb-climb-h">Climb ${climb.number}: ${nameOf(seats, climb.seat)} leads${climb.final ? " (the last climb)" : ""}</h3>
    <div class="bb-climb-body">
      <${Boulder} boulder=${climb.boulder} />
      <ul class="bb-climbers">
        ${climb.climbers.map((c) => html`<li key=${c.seat} class=${view.waitingOn.includes(c.seat) ? "bb-waited" : ""}>
          <h4>${nameOf(seats, c.seat)}${c.seat === view.seat ? " (you)" : ""}
            ${c.chalk.map((t) => html` <${Chalk} token=${t} />`)}</h4>
          <${ClimberCards} climber=${c} view=${view} place=${place} play=${play} />
        </li>`)}
      </ul>
    </div>
  </section>`;
}

function Tally({ view, seats }) {
  if (!view.tally.length) return null;
  return html`<section class="bb-tally" aria-labelledby="bb-tally-h">
    <h3 id="bb-tally-h">Last contested climb</h3>
    <div class="bb-scroll"><table>
      <thead><tr><th scope="col">Climber</th><th scope="col">Chalk</th><th scope="col">Raw</th>
        <th scope="col"><abbr title="Technique bonus">Tech.</abbr></th><th scope="col"><abbr title="Fatigue">Fatig.</abbr></th>
        <th scope="col"><abbr title="Angry Bears">Bears</abbr></th><th scope="col">Total</th></tr></thead>
      <tbody>${view.tally.map((s) => html`<tr key=${s.seat}><th scope="row">${nameOf(seats, s.seat)}</th>
        <td>${signed(s.chalk)}</td><td>${s.raw}</td><td>${signed(s.technique)}</td><td>${signed(s.fatigue)}</td>
        <td>${signed(s.animals)}</td><td><strong>${s.total}</strong></td></tr>`)}</tbody>
    </table></div>
  </section>`;
}

function Player({ player, view, seats, place, play }) {
  const me = player.seat === view.seat;
  const seat = (seats || []).find((s) => s.index === player.seat);
  const cls = `seat${view.waitingOn.includes(player.seat) ? " active" : ""}${me ? " me" : ""}${player.resigned ? " bb-out" : ""}`;
  return html`<li class=${cls}>
    <h4>${nameOf(seats, player.seat)}${me ? " (you)" : ""}
      ${view.active === player.seat ? html` <span class="badge">chalk bag</span>` : null}
      ${seat?.isBot ? html` <span class="badge">bot</span>` : null}
      ${player.resigned ? html` <span class="badge">resigned</span>` : null}
    </h4>
    <p class="bb-line"><strong>${player.score} pts</strong> · ${player.handSize} ${player.handSize === 1 ? "card" : "cards"} in hand</p>
    ${player.hand ? html`<ul class="bb-cards">${player.hand.map((c) => html`<li><${Card} card=${c} small /></li>`)}</ul>` : null}
    ${player.claimed.length
      ? html`<ul class="bb-cards" aria-label="claimed boulders">${player.claimed.map((c) => html`<li>${pickable(
          me ? place.injury.get(c.boulder.number) : null, play,
          html`<${Boulder} boulder=${c.boulder} injury=${c.injury} variant=${view.injuriesAffectClimbing} small />`)}</li>`)}</ul>`
      : html`<p class="bb-line bb-quiet">no boulder yet</p>`}
  </li>`;
}

// The viewer's hand: a click plays a card face up; its tab plays it face down (a Snake: face down only).
function Hand({ view, place, play }) {
  if (view.seat == null) return null;
  return html`<section class="bb-hand" aria-labelledby="bb-hand-h">
    <h3 id="bb-hand-h">Your hand</h3>
    ${view.hand.length ? null : html`<p class="bb-quiet">No cards.</p>`}
    <ul class="hand bb-cards">
      ${view.hand.map((c) => {
        const up = place.up.get(c.number);
        const down = place.down.get(c.number);
        const face = html`<${Card} card=${c} />`;
        return html`<li key=${c.number} class="bb-handcard">
          ${pickable(up || down, play, face)}
          ${up && down ? html`<${Move} move=${down} play=${play} class="bb-down">face down</${Move}>` : null}
        </li>`;
      })}
    </ul>
  </section>`;
}

export function Table({ view, seat, seats, moves, play, deadline, now }) {
  const place = placeMoves(view, moves);
  const ctx = { view, seats, place, play };
  return html`<div class="bb-table" data-seat=${seat ?? ""}>
    <${Status} ...${ctx} deadline=${deadline} now=${now ?? Date.now()} />
    <${Supply} ...${ctx} />
    <${Climb} ...${ctx} />
    <${Hand} ...${ctx} />
    <section class="bb-seats" aria-labelledby="bb-seats-h">
      <h3 id="bb-seats-h">Climbers</h3>
      <ul class="bb-players">${view.players.map((p) => html`<${Player} key=${p.seat} player=${p} ...${ctx} />`)}</ul>
    </section>
    <${Tally} ...${ctx} />
  </div>`;
}

// ---- the replay list -------------------------------------------------------------------------------

// Scores, highest first, resigned players last (they rank below everyone still in). A winner is marked
// only when the score alone decides it: ties go to the last claim, which the view does not carry.
export function Summary({ view, seats }) {
  const players = [...(view.players || [])].sort(
    (a, b) => a.resigned - b.resigned || b.score - a.score,
  );
  const top = players.filter((p) => !p.resigned);
  const unique = top.length > 0 && top.filter((p) => p.score === top[0].score).length === 1;
  return html`<span class="bb-summary">
    ${players.map((p, i) => {
      const boulders = `${p.claimed.length} ${p.claimed.length === 1 ? "boulder" : "boulders"}${p.resigned ? ", resigned" : ""}`;
      const winner = unique && i === 0;
      return html`${i ? " · " : ""}<span class=${winner ? "bb-winner" : ""}>${`${winner ? "★ " : ""}${nameOf(seats, p.seat)} ${p.score} (${boulders})`}</span>`;
    })}${view.reason ? ` — ${view.reason}` : ""}
  </span>`;
}

// ---- the log in words ------------------------------------------------------------------------------

const cardList = (cards) => (cards || []).map((c) => c.name).join(", ");
const STAGES = {
  PLAY: (who) => `${who} plays`, ASK: (who) => `ask ${who}`, SETTLE: () => "settle", SNAKE: () => "Sneaky Snake countdown",
  REVEAL: () => "reveal", BOAR: (who) => `${who}'s Boar Assault`, TROUT: () => "Tactical Trout", TALLY: () => "tally",
  INJURY: (who) => `${who}'s injury`, CLEANUP: () => "clean up",
};
const ENDINGS = { "last climb": "the last climb is done", "turn limit": "the turn limit is reached", resigned: "only one climber is left" };
const TURN_ENDS = { prepped: "prepped", climbed: "climbed", timeout: "ran out of time", resigned: "resigned" };

function story(type, d, who) {
  switch (type) {
    case "DeckShuffled": return `The climb deck is shuffled (${d.size} cards).`;
    case "BouldersShuffled": return `The boulder deck is shuffled (${d.size} boulders).`;
    case "BoulderRevealed": return `${capital(boulderText(d.boulder))} is revealed into the row.`;
    case "CardsDrawn":
      return `${who} draws ${d.count} ${d.count === 1 ? "card" : "cards"}${d.cards?.length ? `: ${cardList(d.cards)}` : ""}.`;
    case "StartPlayerDrawn": return `${who} is drawn to hold the chalk bag first.`;
    case "TurnStarted": return `Turn ${d.turn}: ${who} has the chalk bag.`;
    case "TurnEnded": return `${who}'s turn ends (${TURN_ENDS[d.reason] || d.reason}).`;
    case "ClimbStarted": return `${who} climbs ${boulderText(d.boulder)}${d.final ? ": the last climb!" : "."}`;
    case "PlayOpened": return `${who} plays climb cards.`;
    case "CardPlayedFaceUp": return `${who} plays ${d.card?.name || "a card"} face up.`;
    case "CardPlayedFaceDown": return `${who} plays a card face down${d.card ? ` (${d.card.name})` : ""}.`;
    case "ChalkedUp": return `${who} chalks up.`;
    case "ChalkDrawn": return `${who} draws the ${chalkText(d.token)} chalk token.`;
    case "ClimbCalledOff": return `${who} calls the climb off and takes the cards back.`;
    case "JoinAsked": return `${who} is asked whether to join the climb.`;
    case "JoinAnswered": return d.joins ? `${who} joins the climb.` : `${who} stays off the climb.`;
    case "SnakeShown": return `${who}'s Sneaky Snake is shown: every climber must stay or withdraw!`;
    case "RoundOpened": case "QuietRoundOpened": return "The Sneaky Snake countdown starts: stay or withdraw.";
    case "SeatReady": return `${who} has chosen.`;
    case "RoundClosed": return "The countdown ends.";
    case "StayChosen": case "CountdownChoice": return `${who} chooses in secret to ${d.choice ? "stay" : "withdraw"}.`;
    case "Withdrew": return `${who} withdraws and takes the played cards back.`;
    case "CardsRevealed": return `${who} reveals ${d.cards?.length ? cardList(d.cards) : "no face-down card"}.`;
    case "ThreesPlayed": return `Boring Badger: ${who} adds the 3s from hand: ${cardList(d.cards) || "none"}.`;
    case "BoarAsked": return `Boar Assault: ${who} picks a card whose value is cancelled.`;
    case "ValueCancelled": return `${who}'s Boar Assault cancels the value of ${cardName(d.card)}.`;
    case "NothingCancelled": return `${who}'s Boar Assault cancels nothing.`;
    case "TroutAdded": return `Tactical Trout adds ${cardList(d.cards)} to ${who}'s climb.`;
    case "BoulderClaimed":
      return `${who} claims ${boulderText(d.boulder)}${d.solo ? " alone, unrevealed" : ""}.`;
    case "InjuryAsked": return `${who} gets a ${lower(d.injury)} injury and chooses a boulder to put it on.`;
    case "InjuryTaken":
      return `${who} gets a ${lower(d.injury)} injury${d.boulder == null ? ", not kept" : `, on ${boulderText(boulderOf(d.boulder))}`}.`;
    case "ClimbCleared": return "The chalk goes back in the bag and the played cards are discarded.";
    case "Resigned": return `${who} resigns.`;
    case "HandDiscarded": return `${who}'s hand of ${d.count} ${d.count === 1 ? "card" : "cards"} is discarded face down.`;
    case "MatchEnded": return `The match ends: ${ENDINGS[d.reason] || d.reason}.`;
    case "StepsDropped": return "The rest of the climb is called off.";
    default: return undefined;
  }
}

function tellSteps(d, seats) {
  const steps = (d.steps || []).map((s) => (STAGES[s.stage] || (() => lower(s.stage)))(s.seat == null ? "" : nameOf(seats, s.seat)));
  return `Next in the climb: ${steps.join(", ")}.`;
}

function tellTally(d, seats) {
  const parts = (d.strengths || []).map((s) => `${nameOf(seats, s.seat)} ${s.total} (chalk ${signed(s.chalk)}, raw ${s.raw}, technique ${signed(s.technique)}, fatigue ${signed(s.fatigue)}${s.animals ? `, bears ${signed(s.animals)}` : ""})`);
  return `Climb strength: ${parts.join("; ")}.`;
}

function tellChoices(d, seats) {
  const parts = Object.entries(d.choices || {}).map(([s, stay]) => `${nameOf(seats, Number(s))} ${stay ? "stays" : "withdraws"}`);
  return `The choices are shown: ${parts.join(", ") || "everyone stays"}.`;
}

export function tell(event, seats) {
  try {
    const d = event.data || {};
    const seat = d.seat ?? event.seat;
    const who = seat == null ? "Someone" : nameOf(seats, seat);
    switch (event.type) {
      case "ClimbPlanned": return tellSteps(d, seats);
      case "ClimbTallied": return tellTally(d, seats);
      case "StaysRevealed": return tellChoices(d, seats);
      case "StepWaiting": return `Waiting on ${(d.seats || []).map((s) => nameOf(seats, s)).join(", ")}.`;
      case "StepDone": return "A step of the climb is done.";
    }
    return story(event.type, d, who) ?? `${event.type}${seat == null ? "" : ` (${who})`}.`;
  } catch {
    return `${event?.type || "Something"} happens.`;
  }
}

// ---- styles ----------------------------------------------------------------------------------------

export const css = `
.bb-table { display: flex; flex-direction: column; gap: .75rem; }
.bb-table h3 { margin: 0 0 .35rem; font-size: 1rem; }
.bb-table h4 { margin: 0 0 .3rem; font-size: .95rem; display: flex; flex-wrap: wrap; gap: .25rem; align-items: center; }
.bb-table ul { list-style: none; margin: 0; padding: 0; }
.bb-table section { min-width: 0; }
.bb-status p { margin: 0 0 .35rem; }
.bb-status .actions { display: flex; flex-wrap: wrap; gap: .4rem; margin: .4rem 0; }
.bb-options { display: flex; flex-wrap: wrap; gap: .3rem; }
.bb-options:empty { display: none; }
.bb-final { background: #b3261e; color: #fff; }
.bb-list, .bb-cards, .bb-players, .bb-climbers { display: flex; flex-wrap: wrap; gap: .4rem; align-items: flex-end; }
.bb-table .bb-players, .bb-table .bb-climbers { align-items: stretch; }
.bb-supply-body { display: flex; flex-wrap: wrap; gap: .75rem 1.5rem; align-items: flex-end; }
.bb-piles { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-end; }
.bb-bag { display: inline-flex; flex-direction: column; align-items: center; font-size: .85rem; }
.bb-bag svg { width: 34px; height: 38px; fill: #c9b79c; stroke: #6b5536; stroke-width: 2; }
.bb-table .bb-card { box-sizing: border-box; width: 60px; height: 86px; margin: 0; padding: 0 0 3px; border-radius: 7px;
  border: 2px solid var(--tint); background: #fffdf6; color: #1d1d1d; display: inline-flex; flex-direction: column;
  align-items: center; justify-content: space-between; overflow: hidden; position: relative; font-size: 11px; line-height: 1.1;
  vertical-align: bottom; }
.bb-table .bb-card.bb-small { width: 44px; height: 62px; font-size: 9px; }
.bb-band { align-self: stretch; background: var(--tint); color: #fff; text-align: center; font-size: 8px; font-weight: 600;
  padding: 1px 0; white-space: nowrap; overflow: hidden; }
.bb-value { font-size: 28px; font-weight: 800; }
.bb-small .bb-value { font-size: 20px; }
.bb-dots { display: inline-flex; gap: 2px; }
.bb-dot { width: 14px; height: 14px; border-radius: 50%; background: var(--c); color: #fff; font-size: 8px; font-weight: 700;
  display: inline-grid; place-items: center; }
.bb-table .bb-animal { background: #f4ead6; }
.bb-paw { width: 18px; height: 18px; fill: var(--tint); }
.bb-name { font-weight: 700; font-size: 10px; text-align: center; overflow-wrap: anywhere; }
.bb-small .bb-name { font-size: 8px; }
.bb-small .bb-band { font-size: 7px; letter-spacing: 0; }
.bb-small .bb-word { display: none; }
.bb-effect { font-size: 8.5px; text-align: center; padding: 0 2px; }
.bb-small .bb-paw, .bb-small .bb-effect { display: none; }
.bb-note { align-self: stretch; text-align: center; font-size: 8px; background: #1d1d1dcc; color: #fff; }
.bb-cancelled .bb-value, .bb-cancelled .bb-dots { text-decoration: line-through; opacity: .35; }
.bb-cancelled::after { content: "cancelled"; position: absolute; top: 38%; left: -6px; right: -6px; transform: rotate(-25deg);
  text-align: center; background: #b3261e; color: #fff; font-size: 9px; font-weight: 700; }
.bb-table .bb-target { outline: 2px dashed #b3261e; outline-offset: 1px; }
.bb-table .bb-back { border-color: #3b5b7a; background: repeating-linear-gradient(45deg, #3b5b7a 0 6px, #4d7398 6px 12px); }
.bb-boulder { display: inline-flex; flex-direction: column; align-items: center; width: 76px; position: relative; }
.bb-boulder svg { width: 76px; height: 50px; }
.bb-boulder path { fill: var(--tint); stroke: #2a2a2a; stroke-width: 1.5; }
.bb-boulder text { fill: #fff; font: 700 18px system-ui, sans-serif; text-anchor: middle; }
.bb-boulder.bb-small { width: auto; min-width: 52px; }
.bb-boulder.bb-small svg { width: 52px; height: 35px; }
.bb-injury { white-space: nowrap; font-size: 9px; font-weight: 700; color: #fff; background: #b3261e; border-radius: 3px; padding: 0 3px; margin-top: 2px; }
.bb-chalk { display: inline-grid; place-items: center; min-width: 24px; height: 24px; border-radius: 50%; background: #f2f2f2;
  color: #1d1d1d; border: 2px solid #9a9a9a; font-size: 11px; font-weight: 700; }
.bb-climb-body { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-start; }
.bb-climbers > li { padding: .4rem; border: 1px solid #8884; border-radius: 8px; min-width: 0; max-width: 100%; }
.bb-climbers > li.bb-waited { border-color: #f5b700; box-shadow: 0 0 0 2px #f5b70066; }
.bb-players > li { flex: 1 1 200px; max-width: 360px; box-sizing: border-box; }
.bb-line { margin: 0 0 .3rem; font-size: .9rem; }
.bb-quiet { opacity: .7; }
.bb-out { opacity: .6; }
.bb-table .hand { align-items: flex-start; }
.bb-handcard { display: inline-flex; flex-direction: column; align-items: center; gap: 2px; }
.bb-table .move.bb-pick { padding: 0; margin: 0; border: 0; background: none; color: inherit; font: inherit; cursor: pointer;
  border-radius: 9px; display: inline-flex; line-height: 1.1; box-shadow: 0 0 0 3px #f5b700; }
.bb-table .move.bb-pick:hover, .bb-table .move.bb-pick:focus-visible { box-shadow: 0 0 0 4px #ff8f00; transform: translateY(-2px); }
.bb-table .move.bb-pick[disabled] { opacity: .6; }
.bb-table .move.bb-down { width: 60px; min-height: 1.9rem; padding: 0; font-size: 10px; }
.bb-table .seat { font-weight: normal; }
.bb-scroll { overflow-x: auto; }
.bb-tally table { border-collapse: collapse; font-size: .8rem; }
.bb-tally th, .bb-tally td { padding: 2px 4px; text-align: right; border-bottom: 1px solid #8884; }
.bb-tally th[scope=row] { text-align: left; }
.bb-winner { font-weight: 700; }
@media (max-width: 480px) {
  .bb-table .bb-card, .bb-table .move.bb-down { width: 52px; }
  .bb-table .bb-card { height: 76px; }
  .bb-word { display: none; }
  .bb-value { font-size: 24px; }
  .bb-boulder, .bb-boulder svg { width: 64px; }
  .bb-boulder svg { height: 42px; }
}
`;
