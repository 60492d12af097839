// The live figure (bench/node_parts.py `run_live`): from a move's acceptance to its arrival at each of
// `subscribers` subscribers of ONE match, its `seats` players and spectators (sockets with no token).
//
// A move's acceptance is read from the server: each event's `at`, when the service took the command in
// (so the figure also holds the move's decide, append and commit: an upper bound). Arrival is when the
// subscriber's handler took the message, on the same machine's wall clock. One sample per update that
// arrived in the window and distinct `at` in it (a move's events share theirs). The seats play at a
// steady pace (`interval_ms` between two moves, whichever seat), as people would, rather than as fast as
// they can: the figure is the fan-out's latency, not a queue's. A match that ends is replaced, and every
// spectator follows the new one before its first move.

import { Window, gated, now, sleep, tell, ticking } from './io.mjs';
import { AT_ONCE, EVENTS, EVENTS_AND_MOVES, Http, Socket, openMatch, register } from './cliffside.mjs';
import { Loop, Record, Seat, Table, round } from './tables.mjs';

const [SENT, CODE] = [1, 3]; // of a recorded move (tables.mjs)

// Milliseconds since the epoch of a server timestamp ("2026-11-27T09:27:33.123456+00:00"), its
// microseconds kept: Date.parse keeps milliseconds only.
export function epochMs(at) {
  const [, second, fraction = '0', zone] = at.match(/^(.+T\d\d:\d\d:\d\d)(?:\.(\d+))?(.*)$/);
  return Date.parse(second + zone) + Number(`0.${fraction}`) * 1000;
}

// Every update with events that any subscriber received, stamped on arrival; turned into samples once
// the run is over, so that a message costs the generator no more than a push while it measures.
class Audience {
  constructor() {
    this.arrivals = []; // [arrival, the events' `at`]
  }

  heard(arrival, update) {
    if (update.events.length > 0) this.arrivals.push([arrival, update.events.map((event) => event.at)]);
  }

  // A spectator following `matchId` until it is over; resolves at its first update (live from then on).
  watch(socket, matchId, fail) {
    return new Promise((live, failed) => {
      const next = (data) => {
        const arrival = now();
        const update = data.matchUpdates;
        this.heard(arrival, update);
        live();
      };
      // Not unsubscribed on the last update: the server completes the stream then (Socket.follow).
      socket.follow(EVENTS, { id: matchId }, next, (error) => {
        failed(error);
        fail(error);
      });
    });
  }

  // Arrival on the wall clock: performance.timeOrigin + now() keeps now()'s sub-millisecond precision.
  samples(window) {
    const samples = [];
    for (const [arrival, stamps] of this.arrivals) {
      if (!window.measures(arrival)) continue;
      const wall = performance.timeOrigin + arrival;
      for (const at of new Set(stamps)) samples.push(round(wall - epochMs(at)));
    }
    return samples;
  }
}

// At most one move per `intervalMs`, whichever seat makes it. A seat that may move takes the next free
// slot and chooses its move when the slot comes, from its latest update (a choice made before the wait
// could be stale by then).
class PacedLoop extends Loop {
  constructor(shape, intervalMs) {
    super(shape);
    this.intervalMs = intervalMs;
    this.free = 0; // when the next slot is
  }

  ready(seat) {
    if (!this.running || !seat.canMove || seat.queued) return;
    seat.queued = true;
    const slot = Math.max(now(), this.free);
    this.free = slot + this.intervalMs;
    setTimeout(() => {
      seat.queued = false;
      if (this.running && seat.canMove) this.fire(seat, slot);
    }, slot - now());
  }
}

// The one match of the figure: every spectator is live on it before its seats follow it, so before its
// first move; when it ends, the next one (Table).
class Round extends Table {
  constructor(seats, { spectators, audience, ...table }) {
    super(seats, table);
    Object.assign(this, { spectators, audience });
  }

  async open() {
    this.matchId = await openMatch(this.http, this.seats.map((seat) => seat.player), this.game);
    await Promise.all(this.spectators.map((socket) => this.audience.watch(socket, this.matchId, this.loop.fail)));
    this.left = 0;
    for (const seat of this.seats) seat.follow(this, this.matchId);
  }
}

// The seats' sockets first (with their tokens), then the spectators'.
async function connect(plan, players) {
  return gated(plan.subscribers, AT_ONCE, async (i) => {
    const socket = new Socket(plan.base, players[i]?.token ?? null);
    await socket.connected;
    return socket;
  });
}

export async function runLive(plan) {
  const http = new Http(plan.base);
  const players = await register(http, plan.seats, 'live');
  const sockets = await connect(plan, players);
  const [audience, record, loop] = [new Audience(), new Record(), new PacedLoop(plan.client, plan.interval_ms)];
  const heard = (arrival, update) => audience.heard(arrival, update);
  const seats = players.map(
    (player, index) =>
      new Seat({ player, socket: sockets[index], index, http, record, seed: index + 1, updates: EVENTS_AND_MOVES, heard }),
  );
  const spectators = sockets.slice(plan.seats);
  const match = new Round(seats, { http, game: plan.game, loop, spectators, audience });
  let window;
  let usage;
  try {
    await loop.guard(match.open());
    tell(`live ${plan.game}, ${plan.subscribers} subscribers: warm-up ${plan.warmup} s, then ${plan.seconds} s measured`);
    await loop.guard(sleep(plan.warmup * 1000));
    window = new Window('live');
    await loop.guard(ticking(`live ${plan.game}`, plan.seconds, () => loop.accepted));
    usage = window.close();
  } finally {
    await loop.drain();
    await match.resign();
    await Promise.all(sockets.map((socket) => socket.close()));
  }
  const accepted = record.moves.filter((move) => move[CODE] === null && window.measures(move[SENT]));
  return { moves: accepted.length, samples: audience.samples(window), window: usage };
}
