// Daredevil Rock as a boardgame.io game: the peer's side of the service comparison (bench/peer.py).
//
// What it does: the rules of games/daredevil_rock for two climbers, as boardgame.io writes a game. A cliff
// of 42 face-down cards (3 columns x 14 levels) dealt from a shuffled 54-card deck (Jokers included) with
// a 12-card draw deck; each turn up to four actions (examine a touching face-down card, climb to a
// touching face-up card within three ranks, the climb bonus, set the cam, probe a touching card with the
// draw deck, hang from the summit), a Joker makes the climber slip, fall to below its cam, fall to the
// base or hit the ground (out), and reshuffles the discards into the draw deck; the match ends at the
// summit, when a climber is left alone, or after 60 turns each (ranked by level), as ours does with its
// default options. Chance goes through boardgame.io's seeded `random` plugin; `playerView` hides every
// face-down card and the draw deck, as our redaction does.
//
// Why its cost is comparable: the same state (54 cards, two climbers and their cams), the same moves
// and checks (8-neighbour touching, cyclic rank reach, falls) and one redacted view per seat and
// update. In both servers the rules are a few microseconds of a move's time; what a move costs is the
// server around them (storage, state handling, the update to each seat), which is what is compared.
// Simplified from ours, in the peer's favour: no turn timer, no Limited Cams or Blind Man's Bluff
// variants, no event log of our kind (boardgame.io keeps its own action log).

import { need } from './modules.mjs';

const { INVALID_MOVE } = need('boardgame.io/core');

export const NAME = 'daredevil-rock';
export const COLUMNS = 3;
export const LEVELS = 14;
const DRAW_DECK = 12;
const ACTIONS = 4;
const RANKS = 13;
const REACH = 3;
const TURN_LIMIT = 60;
const JOKER = 0; // a card is its rank, 1 (Ace) to 13 (King); 0 is a Joker

const deck = () => [...Array.from({ length: 52 }, (_, i) => (i % RANKS) + 1), JOKER, JOKER];

export const spot = (level, column) => (level - 1) * COLUMNS + column;
export const levelOf = (index) => Math.floor(index / COLUMNS) + 1;
const columnOf = (index) => index % COLUMNS;

function rankDistance(a, b) {
  const gap = Math.abs(a - b) % RANKS;
  return Math.min(gap, RANKS - gap);
}

// A Joker, or a card nobody has seen (null), is never within reach.
const withinReach = (a, b) => Boolean(a) && Boolean(b) && rankDistance(a, b) <= REACH;

// The cards a climber at `here` (null: the base) touches: the 8-neighbourhood, or level 1 from the base.
export function touching(here) {
  if (here === null) return Array.from({ length: COLUMNS }, (_, column) => spot(1, column));
  const near = [];
  for (let level = levelOf(here) - 1; level <= levelOf(here) + 1; level += 1) {
    for (let column = columnOf(here) - 1; column <= columnOf(here) + 1; column += 1) {
      if (level >= 1 && level <= LEVELS && column >= 0 && column < COLUMNS && spot(level, column) !== here) {
        near.push(spot(level, column));
      }
    }
  }
  return near;
}

const occupied = (G, index) => G.climbers.some((climber) => climber.at === index);
// The rank a climber stands on, once seen: a fall can leave it on a face-down card.
const rankAt = (G, climber) => (climber.at !== null && G.cliff[climber.at].up ? G.cliff[climber.at].rank : null);

function canClimb(G, climber, index) {
  const card = G.cliff[index];
  if (!card.up || occupied(G, index) || !touching(climber.at).includes(index)) return false;
  return climber.at === null || withinReach(rankAt(G, climber), card.rank);
}

const canExamine = (G, climber, index) =>
  !G.cliff[index].up && !occupied(G, index) && touching(climber.at).includes(index);

const canProbe = (G, climber, index) =>
  !occupied(G, index) && touching(climber.at).includes(index) && G.deckSize > 0;

function reshuffle(G, random) {
  G.deck = random.Shuffle([...G.deck, ...G.discards]);
  G.discards = [];
  G.deckSize = G.deck.length;
}

function draw(G, random) {
  if (G.deck.length === 0) reshuffle(G, random);
  const card = G.deck.shift();
  G.deckSize = G.deck.length;
  return card;
}

// A Joker under the climber: a slip, a fall to below its cam or to the base, or out of the game.
function fall(G, climber) {
  if (climber.at === null) return;
  const here = climber.at;
  if (climber.cam === null) {
    if (levelOf(here) === 1) climber.at = null;
    else climber.out = true;
    return;
  }
  const cam = climber.cam;
  if (columnOf(cam) === columnOf(here) && levelOf(here) <= levelOf(cam)) return; // guarded: a slip
  const drop = Math.max(Math.abs(levelOf(cam) - levelOf(here)), Math.abs(columnOf(cam) - columnOf(here)));
  let level = levelOf(cam) - drop;
  while (level >= 1 && occupied(G, spot(level, columnOf(cam)))) level -= 1;
  if (level < 1) climber.out = true;
  else climber.at = spot(level, columnOf(cam));
}

function jokerRevealed(G, ctx, random, events, card) {
  G.discards.push(card);
  reshuffle(G, random);
  fall(G, G.climbers[+ctx.currentPlayer]);
  G.actions = ACTIONS; // the turn ends
  events.endTurn();
}

function spend(G, events) {
  G.actions += 1;
  if (G.actions >= ACTIONS) events.endTurn();
}

const climberOf = (G, playerID) => G.climbers[+playerID];

const moves = {
  examine: ({ G, ctx, playerID, random, events }, index) => {
    const climber = climberOf(G, playerID);
    if (!canExamine(G, climber, index)) return INVALID_MOVE;
    const card = G.cliff[index];
    card.up = true;
    G.free = null;
    if (card.rank === JOKER) {
      G.cliff[index] = { rank: draw(G, random), up: false };
      jokerRevealed(G, ctx, random, events, JOKER);
      return undefined;
    }
    if (climber.at !== null && card.rank === rankAt(G, climber)) G.free = index;
    spend(G, events);
    return undefined;
  },
  climb: ({ G, playerID, events }, index) => {
    const climber = climberOf(G, playerID);
    if (!canClimb(G, climber, index)) return INVALID_MOVE;
    climber.at = index;
    G.free = null;
    spend(G, events);
    return undefined;
  },
  freeClimb: ({ G, playerID }) => {
    const climber = climberOf(G, playerID);
    if (G.free === null || occupied(G, G.free)) return INVALID_MOVE;
    climber.at = G.free;
    G.free = null;
    return undefined;
  },
  setCam: ({ G, playerID, events }) => {
    const climber = climberOf(G, playerID);
    if (climber.at === null || climber.cam === climber.at) return INVALID_MOVE;
    climber.cam = climber.at;
    spend(G, events);
    return undefined;
  },
  probe: ({ G, ctx, playerID, random, events }, index) => {
    const climber = climberOf(G, playerID);
    if (!canProbe(G, climber, index)) return INVALID_MOVE;
    const taken = G.cliff[index].rank;
    G.cliff[index] = { rank: draw(G, random), up: false };
    G.free = null;
    if (taken === JOKER) {
      jokerRevealed(G, ctx, random, events, JOKER);
      return undefined;
    }
    G.discards.push(taken);
    spend(G, events);
    return undefined;
  },
  hang: ({ G, ctx, playerID, random, events }) => {
    const climber = climberOf(G, playerID);
    if (climber.at === null || levelOf(climber.at) !== LEVELS) return INVALID_MOVE;
    const card = draw(G, random);
    if (card === JOKER) {
      jokerRevealed(G, ctx, random, events, card);
      return undefined;
    }
    G.discards.push(card);
    if (withinReach(rankAt(G, climber), card)) G.summit = +playerID;
    spend(G, events);
    return undefined;
  },
  endTurn: ({ G, events }) => {
    G.actions = ACTIONS;
    events.endTurn();
  },
};

// What `playerID` may do now, from what its view shows: the client's choice, and the server's checks.
export function legalMoves(G, ctx, playerID) {
  if (ctx.gameover || ctx.currentPlayer !== playerID || G.actions >= ACTIONS) return [];
  const climber = climberOf(G, playerID);
  if (climber.out) return [];
  const found = [{ move: 'endTurn', args: [] }];
  for (const index of touching(climber.at)) {
    if (canExamine(G, climber, index)) found.push({ move: 'examine', args: [index] });
    if (canClimb(G, climber, index)) found.push({ move: 'climb', args: [index] });
    if (canProbe(G, climber, index)) found.push({ move: 'probe', args: [index] });
  }
  if (G.free !== null && !occupied(G, G.free)) found.push({ move: 'freeClimb', args: [] });
  if (climber.at !== null && climber.cam !== climber.at) found.push({ move: 'setCam', args: [] });
  if (climber.at !== null && levelOf(climber.at) === LEVELS) found.push({ move: 'hang', args: [] });
  return found;
}

function gameover(G, ctx) {
  if (G.summit !== null) return { winner: String(G.summit), reason: 'summit' };
  const standing = G.climbers.filter((climber) => !climber.out);
  if (standing.length === 1) return { winner: String(standing[0].seat), reason: 'last climber' };
  if (standing.length === 0) return { draw: true, reason: 'everyone fell' };
  if (G.turns >= TURN_LIMIT * ctx.numPlayers) {
    const level = (climber) => (climber.out || climber.at === null ? 0 : levelOf(climber.at));
    const ranked = [...G.climbers].sort((a, b) => level(b) - level(a));
    return { ranks: ranked.map((climber) => climber.seat), reason: 'turn limit' };
  }
  return undefined;
}

export const Rock = {
  name: NAME,
  minPlayers: 2,
  maxPlayers: 2,
  setup: ({ ctx, random }) => {
    const cards = random.Shuffle(deck());
    const cliff = cards.slice(DRAW_DECK).map((rank) => ({ rank, up: false }));
    const drawDeck = cards.slice(0, DRAW_DECK);
    return {
      cliff,
      deck: drawDeck,
      deckSize: drawDeck.length,
      discards: [],
      climbers: Array.from({ length: ctx.numPlayers }, (_, seat) => ({ seat, at: null, cam: null, out: false })),
      actions: 0,
      free: null,
      summit: null,
      turns: 0,
    };
  },
  turn: {
    onBegin: ({ G }) => {
      G.actions = 0;
      G.free = null;
      G.turns += 1;
    },
    // An eliminated climber's turns pass by.
    order: {
      first: () => 0,
      next: ({ G, ctx }) => {
        for (let step = 1; step <= ctx.numPlayers; step += 1) {
          const seat = (ctx.playOrderPos + step) % ctx.numPlayers;
          if (!G.climbers[seat].out) return seat;
        }
        return ctx.playOrderPos;
      },
    },
  },
  moves,
  endIf: ({ G, ctx }) => gameover(G, ctx),
  // Every face-down card and the draw deck are hidden from everyone, as ours hides them.
  playerView: ({ G }) => ({
    ...G,
    cliff: G.cliff.map((card) => (card.up ? card : { rank: null, up: false })),
    deck: [],
  }),
};
