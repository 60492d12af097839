// Cliffside's tables: one match each, one client per seat following `matchUpdates` (its legal moves
// pushed with each update) and sending `submitMove` with `expectedVersion`, over the socket ("ws") or
// as an HTTP POST ("http", Apollo's usual split: subscriptions over the socket, mutations over HTTP).
// A table whose match ends opens the next one, so the number of live matches stays the same.
//
// When a seat may move is the loop's business (`Loop`): at once on each update (the closed loop), or
// when the next arrival of a fixed-rate schedule comes (the open loop).
//
// What is recorded, for bench/loops.py (times in ms on this process's clock):
//   moves:   [due, sent, took, code, matchId, seat, version]  (code null: accepted; version: the match's
//            version after it); `due` is when the loop meant it to leave (the open loop's arrival)
//   updates: [matchId, seat, version, arrival]

import { chooser, now } from './io.mjs';
import { MOVES, SUBMIT, UPDATES, openMatch, resign } from './cliffside.mjs';

const ACTIVE = 'ACTIVE';
const VERSION_MISMATCH = 'VERSION_MISMATCH';
const REFUSALS_IN_A_ROW = 3; // a legal move refused this often with the match standing still is the service's bug

export const round = (ms) => Math.round(ms * 1000) / 1000; // to the microsecond

export class Record {
  constructor() {
    this.moves = [];
    this.updates = [];
  }
}

// `updates` is its subscription's document; `heard(arrival, update)` sees each update of its match (the
// live figure's seats are subscribers too).
export class Seat {
  constructor({ player, socket, index, http, record, seed, updates = UPDATES, heard = () => {} }) {
    Object.assign(this, { player, socket, index, http, record, updates, heard });
    this.choose = chooser(seed);
    this.table = null;
    this.matchId = null;
    this.position = null; // { status, version, moves } from the last update (or query)
    this.acted = -1; // the version it last moved at: never twice from one version
    this.busy = false; // a move in flight
    this.queued = false; // waiting in the open loop's queue
    this.playing = false;
    this.refused = 0;
    this.unsubscribe = null;
  }

  follow(table, matchId) {
    Object.assign(this, { table, matchId, position: null, acted: -1, playing: true, refused: 0 });
    const failed = (error) => table.loop.fail(error);
    // Completed while still playing this match: the server ended a live match's stream, and the seat
    // would wait for ever.
    const completed = () => {
      if (this.playing && this.matchId === matchId) {
        failed(new Error(`match ${matchId}: seat ${this.index}'s matchUpdates completed before the match ended`));
      }
    };
    this.unsubscribe = this.socket.follow(this.updates, { id: matchId }, (data) => this.updated(matchId, data.matchUpdates), failed, completed);
  }

  updated(matchId, update) {
    const arrival = now();
    if (update === null || matchId !== this.matchId) return; // "live" marker, or a match it left
    this.record.updates.push([matchId, this.index, update.version, round(arrival)]);
    this.heard(arrival, update);
    this.position = { status: update.status, version: update.version, moves: update.legalMoves };
    if (update.status !== ACTIVE) {
      this.leave();
      return;
    }
    this.table.loop.ready(this);
  }

  get canMove() {
    const at = this.position;
    return this.playing && !this.busy && at?.status === ACTIVE && at.moves.length > 0 && at.version > this.acted;
  }

  async move(due, shape) {
    const { matchId } = this;
    const version = this.position.version;
    this.acted = version;
    this.busy = true;
    const variables = { id: matchId, move: this.choose(this.position.moves).input, version };
    const sent = now();
    const answer =
      shape === 'ws'
        ? await this.socket.execute(SUBMIT, variables)
        : await this.http.execute(SUBMIT, variables, this.player.token);
    const took = now() - sent;
    const result = answer.submitMove;
    const code = result.__typename === 'MoveAccepted' ? null : result.code;
    this.record.moves.push([round(due), round(sent), round(took), code, matchId, this.index, result.version ?? null]);
    if (code !== null && code !== VERSION_MISMATCH) await this.requery(matchId, code);
    else this.refused = 0; // accepted, or the next update says what now
    // An update from before its own move (another seat's, which landed first) is overtaken already:
    // acting on it would send a choice already made.
    if (code === null) this.acted = Math.max(this.acted, result.version - 1);
    this.busy = false;
    if (matchId === this.matchId) this.table.loop.ready(this);
    return code;
  }

  async requery(matchId, code) {
    const sentAt = this.acted;
    const { match } = await this.http.execute(MOVES, { id: matchId }, this.player.token);
    // A race lost (TARGET_TAKEN: another player tapped first) leaves the match moved on; a legal move
    // refused where nothing moved is the service's bug.
    this.refused = match.version > sentAt ? 0 : this.refused + 1;
    if (this.refused >= REFUSALS_IN_A_ROW) {
      throw new Error(`match ${matchId}: legal moves refused ${this.refused} times (${code})`);
    }
    if (matchId !== this.matchId) return;
    this.position = { status: match.status, version: match.version, moves: match.legalMoves };
    this.acted = -1;
  }

  // The match's last update came: the server completes the subscription itself (see Socket.follow).
  leave() {
    if (!this.playing) return;
    this.playing = false;
    this.unsubscribe = null;
    this.table.seatLeft();
  }
}

export class Table {
  constructor(seats, { http, game, loop }) {
    Object.assign(this, { seats, http, game, loop });
    this.matchId = null;
    this.finished = 0;
    this.left = 0;
  }

  async open() {
    this.matchId = await openMatch(this.http, this.seats.map((seat) => seat.player), this.game);
    this.left = 0;
    for (const seat of this.seats) seat.follow(this, this.matchId);
  }

  seatLeft() {
    this.left += 1;
    if (this.left < this.seats.length) return;
    this.finished += 1;
    if (this.loop.running) this.open().catch((error) => this.loop.fail(error));
  }

  async resign() {
    for (const seat of this.seats) {
      seat.playing = false;
      seat.unsubscribe?.();
    }
    if (this.matchId !== null) await resign(this.http, this.seats[0].player, this.matchId).catch(() => {});
  }
}

// When ready seats move. Closed (no rate): at once. Open: a seat that may move waits in a queue (first
// come, first served, so every match gets its turn) until the next arrival of the schedule; arrival k
// of a step is due at the step's start + k / rate, and takes the seat that has waited longest. An
// arrival that finds no seat waiting is kept (the backlog) and sent as soon as a seat may move, so a
// server that falls behind shows as moves sent late (`sent` - `due`), not as a lower offered rate.
export class Loop {
  constructor(shape) {
    this.shape = shape;
    this.running = true;
    this.rate = null;
    this.queue = [];
    this.backlog = [];
    this.inFlight = 0;
    this.accepted = 0; // for the progress line
    this.failed = new Promise((_, reject) => {
      this.fail = reject;
    });
    this.failed.catch(() => {}); // awaited through `guard`; not an unhandled rejection meanwhile
  }

  ready(seat) {
    if (!this.running || !seat.canMove) return;
    if (this.rate === null) {
      this.fire(seat, now());
    } else if (this.backlog.length > 0) {
      this.fire(seat, this.backlog.shift());
    } else if (!seat.queued) {
      seat.queued = true;
      this.queue.push(seat);
    }
  }

  fire(seat, due) {
    this.inFlight += 1;
    seat
      .move(due, this.shape)
      .then((code) => {
        if (code === null) this.accepted += 1;
      })
      .catch((error) => this.fail(error))
      .finally(() => {
        this.inFlight -= 1;
      });
  }

  arrive(due) {
    while (this.queue.length > 0) {
      const seat = this.queue.shift();
      seat.queued = false;
      if (seat.canMove) {
        this.fire(seat, due);
        return;
      }
    }
    this.backlog.push(due);
  }

  startArrivals(rate) {
    this.rate = rate;
    const start = now();
    let next = 0;
    const tick = () => {
      while (start + (next * 1000) / rate <= now()) {
        this.arrive(start + (next * 1000) / rate);
        next += 1;
      }
      this.timer = setTimeout(tick, Math.max(0, start + (next * 1000) / rate - now()));
    };
    tick();
  }

  stopArrivals() {
    clearTimeout(this.timer);
    this.backlog = [];
  }

  // `promise`, unless the loop fails first (then its error).
  guard(promise) {
    return Promise.race([promise, this.failed]);
  }

  async drain() {
    this.running = false;
    this.stopArrivals();
    const until = now() + 60_000;
    while (this.inFlight > 0 && now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function seatTables({ players, sockets, http, game, seats, loop, record }) {
  const clients = players.map(
    (player, index) => new Seat({ player, socket: sockets[index], index: index % seats, http, record, seed: index + 1 }),
  );
  const tables = [];
  for (let first = 0; first < clients.length; first += seats) {
    tables.push(new Table(clients.slice(first, first + seats), { http, game, loop }));
  }
  return tables;
}
