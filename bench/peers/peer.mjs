// boardgame.io under Cliffside's closed loop: `matches` matches of our Daredevil Rock (rock.mjs) made
// through its lobby API, one socket.io client per seat speaking boardgame.io's own protocol (what its
// SocketIO transport sends: `sync`, then `update` with the action and the state it was made from), each
// moving on every update that leaves it to play, with a legal move chosen at random from its view.
// A finished match is replaced, as ours are.
//
// A move's latency runs from its `update` to the arrival of the mover's own next state: boardgame.io
// answers a move with nothing else. Recorded as tables.mjs records ours (the version is the _stateID).

import { need } from './modules.mjs';
import { Window, chooser, gated, now, sleep, tell, ticking } from './io.mjs';
import { NAME, legalMoves } from './rock.mjs';

const { io } = need('socket.io-client');

const ANSWER_MS = 60_000;
const AT_ONCE = 16;
const round = (ms) => Math.round(ms * 1000) / 1000;

async function lobby(api, path, body) {
  const response = await fetch(`${api}/games/${NAME}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(ANSWER_MS),
  });
  if (response.status !== 200) throw new Error(`boardgame.io lobby ${path}: HTTP ${response.status}`);
  return response.json();
}

class PeerSeat {
  constructor({ base, index, record, run, seed }) {
    Object.assign(this, { index, record, run });
    this.playerID = String(index);
    this.choose = chooser(seed);
    this.pending = null; // { sent, stateID, matchID, timer }
    this.playing = false;
    this.socket = io(`${base}/${NAME}`, { transports: ['websocket'], forceNew: true, reconnection: false });
    this.connected = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('connect_error', (error) => reject(new Error(`socket.io: ${error.message}`)));
    });
    const arrived = (matchID, state) => this.arrived(matchID, state);
    this.socket.on('sync', (matchID, info) => arrived(matchID, info.state));
    this.socket.on('update', arrived);
  }

  join(table, matchID, credentials) {
    Object.assign(this, { table, matchID, credentials, acted: -1, playing: true });
    this.socket.emit('sync', matchID, this.playerID, credentials, table.seats.length);
  }

  arrived(matchID, state) {
    const arrival = now();
    if (matchID !== this.matchID || !this.playing) return;
    this.record.updates.push([matchID, this.index, state._stateID, round(arrival)]);
    if (this.pending && state._stateID > this.pending.stateID) this.answered(state, arrival);
    if (state.ctx.gameover) {
      this.playing = false;
      this.table.seatLeft();
      return;
    }
    this.state = state;
    this.maybeMove();
  }

  answered(state, arrival) {
    const { sent, matchID, timer } = this.pending;
    clearTimeout(timer);
    this.pending = null;
    this.record.moves.push([round(sent), round(sent), round(arrival - sent), null, matchID, this.index, state._stateID]);
    this.run.accepted += 1;
  }

  maybeMove() {
    const { state } = this;
    if (!this.run.running || this.pending || state._stateID <= this.acted) return;
    const options = legalMoves(state.G, state.ctx, this.playerID);
    if (options.length === 0) return;
    const { move, args } = this.choose(options);
    this.acted = state._stateID;
    const action = { type: 'MAKE_MOVE', payload: { type: move, args, playerID: this.playerID, credentials: this.credentials } };
    const timer = setTimeout(
      () => this.run.fail(new Error(`boardgame.io did not answer ${move} in match ${this.matchID} (it drops a refused move silently)`)),
      ANSWER_MS,
    );
    this.pending = { sent: now(), stateID: state._stateID, matchID: this.matchID, timer };
    this.socket.emit('update', action, state._stateID, this.matchID, this.playerID);
  }

  close() {
    clearTimeout(this.pending?.timer);
    this.socket.close();
  }
}

class PeerTable {
  constructor(seats, { api, run }) {
    Object.assign(this, { seats, api, run });
    this.finished = 0;
    this.left = 0;
  }

  async open() {
    const { matchID } = await lobby(this.api, 'create', { numPlayers: this.seats.length });
    this.left = 0;
    const joined = [];
    for (const seat of this.seats) {
      joined.push(await lobby(this.api, `${matchID}/join`, { playerID: seat.playerID, playerName: `bench ${seat.playerID}` }));
    }
    this.seats.forEach((seat, i) => seat.join(this, matchID, joined[i].playerCredentials));
  }

  seatLeft() {
    this.left += 1;
    if (this.left < this.seats.length) return;
    this.finished += 1;
    if (this.run.running) this.open().catch((error) => this.run.fail(error));
  }
}

export async function runPeer(plan) {
  const record = { moves: [], updates: [] };
  const run = { running: true, accepted: 0 };
  const failed = new Promise((_, reject) => {
    run.fail = reject;
  });
  failed.catch(() => {});
  const guard = (promise) => Promise.race([promise, failed]);
  const seats = Array.from(
    { length: plan.matches * plan.seats },
    (_, i) => new PeerSeat({ base: plan.base, index: i % plan.seats, record, run, seed: i + 1 }),
  );
  const tables = [];
  try {
    await guard(Promise.all(seats.map((seat) => seat.connected)));
    for (let first = 0; first < seats.length; first += plan.seats) {
      tables.push(new PeerTable(seats.slice(first, first + plan.seats), { api: plan.api, run }));
    }
    await guard(gated(tables.length, AT_ONCE, (i) => tables[i].open()));
    tell(`boardgame.io ${NAME}: warm-up ${plan.warmup} s, then ${plan.seconds} s measured`);
    await guard(sleep(plan.warmup * 1000));
    const window = new Window('socketio');
    await guard(ticking('boardgame.io', plan.seconds, () => run.accepted));
    const windows = { socketio: window.close() };
    run.running = false;
    const until = now() + ANSWER_MS;
    while (seats.some((seat) => seat.pending) && now() < until) await sleep(10);
    const finished = tables.reduce((sum, table) => sum + table.finished, 0);
    return { ...record, windows, matches_finished: finished, clients: seats.length };
  } finally {
    run.running = false;
    seats.forEach((seat) => seat.close());
  }
}
