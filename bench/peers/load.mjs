// The load generator: `node load.mjs` reads one scenario's plan (JSON) on stdin and drives a server
// over HTTP and WebSocket only (bench/node.py runs it; bench/loops.py reads what it records).
//
//   closed: Cliffside, `matches` tables of `seats` clients, each moving on every update; one measured
//           window per client shape of `shapes` ("ws", "http"), one after the other on the same tables.
//   open:   Cliffside, the same tables, moves sent at a fixed rate (tables.mjs, `Loop`), one window per
//           rate of `rates`; it stops after the first rate whose submitMove p99 exceeds `limit_ms` or
//           whose moves could not all be sent.
//   live:   Cliffside, one match followed by `subscribers` sockets (its seats and spectators), moves
//           paced `interval_ms` apart (live.mjs): from each move's acceptance to each arrival.
//   peer:   boardgame.io (peer.mjs), the closed loop over socket.io.

import { Window, gated, main, sleep, tell, ticking } from './io.mjs';
import { AT_ONCE, Http, Socket, register } from './cliffside.mjs';
import { Loop, Record, seatTables } from './tables.mjs';
import { runLive } from './live.mjs';
import { runPeer } from './peer.mjs';

const SUSTAINED = 0.95; // an open-loop step sent at least this share of its arrivals in its window

async function setUp(plan, loop, record) {
  const http = new Http(plan.base);
  const players = await register(http, plan.matches * plan.seats, 'bench');
  const sockets = await gated(players.length, AT_ONCE, async (i) => {
    const socket = new Socket(plan.base, players[i].token);
    await socket.connected;
    return socket;
  });
  const tables = seatTables({ players, sockets, http, game: plan.game, seats: plan.seats, loop, record });
  return { http, sockets, tables };
}

async function tearDown({ sockets, tables }, loop) {
  await loop.drain();
  await gated(tables.length, AT_ONCE, (i) => tables[i].resign());
  await Promise.all(sockets.map((socket) => socket.close()));
}

// Window `name` measured for `seconds`, with a line a second on stderr.
async function measure(loop, name, label, seconds) {
  const window = new Window(name);
  await loop.guard(ticking(label, seconds, () => loop.accepted));
  return window.close();
}

async function closed(plan) {
  const record = new Record();
  const loop = new Loop(plan.shapes[0]);
  const run = await setUp(plan, loop, record);
  const windows = {};
  try {
    await loop.guard(gated(run.tables.length, AT_ONCE, (i) => run.tables[i].open()));
    for (const shape of plan.shapes) {
      loop.shape = shape;
      tell(`${plan.game}, moves over ${shape}: warm-up ${plan.warmup} s, then ${plan.seconds} s measured`);
      await loop.guard(sleep(plan.warmup * 1000));
      windows[shape] = await measure(loop, shape, `${plan.game} ${shape}`, plan.seconds);
    }
  } finally {
    await tearDown(run, loop);
  }
  const finished = run.tables.reduce((sum, table) => sum + table.finished, 0);
  return { ...record, windows, matches_finished: finished, clients: run.sockets.length };
}

function percentile(values, fraction) {
  if (values.length === 0) return null;
  const ordered = [...values].sort((a, b) => a - b);
  return ordered[Math.min(ordered.length, Math.max(1, Math.ceil(fraction * ordered.length))) - 1];
}

// Did this step hold (bench/loops.py decides again from the same records, for the report)?
function held(record, window, rate, plan) {
  const sent = record.moves.filter((move) => move[1] >= window.start && move[1] < window.end);
  const p99 = percentile(sent.map((move) => move[2]), 0.99);
  return p99 !== null && p99 <= plan.limit_ms && sent.length >= SUSTAINED * rate * plan.seconds;
}

async function open(plan) {
  const record = new Record();
  const loop = new Loop(plan.shape);
  loop.rate = 0; // nobody moves until the first step's arrivals
  const run = await setUp(plan, loop, record);
  const windows = {};
  try {
    await loop.guard(gated(run.tables.length, AT_ONCE, (i) => run.tables[i].open()));
    for (const rate of plan.rates) {
      tell(`${plan.game}, open loop at ${rate} moves/s: warm-up ${plan.warmup} s, then ${plan.seconds} s measured`);
      loop.startArrivals(rate);
      await loop.guard(sleep(plan.warmup * 1000));
      windows[rate] = await measure(loop, String(rate), `${plan.game} ${rate}/s`, plan.seconds);
      loop.stopArrivals();
      if (!held(record, windows[rate], rate, plan)) break;
    }
  } finally {
    await tearDown(run, loop);
  }
  return { ...record, windows, clients: run.sockets.length };
}

const SCENARIOS = { closed, open, live: runLive, peer: runPeer };

main(async (plan) => {
  const scenario = SCENARIOS[plan.scenario];
  if (!scenario) throw new Error(`unknown scenario ${plan.scenario}`);
  return scenario(plan);
});
