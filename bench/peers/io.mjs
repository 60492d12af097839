// What every script here shares with bench/node.py: the plan comes as JSON on stdin; stdout carries
// one JSON object a line (`{"mark": ...}` as a measured window opens or closes, so the orchestrator
// reads /proc of the server's processes right then, and `{"result": ...}` or `{"error": ...}` last);
// stderr is for people (progress, one line a second).

export const now = () => performance.now(); // milliseconds, this process's clock: every time recorded here

export async function readPlan() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

// One line on stdout; resolves once written (a pipe takes 64 KiB at a time: the rest waits for the reader).
export const say = (message) =>
  new Promise((resolve) => {
    process.stdout.write(`${JSON.stringify(message)}\n`, resolve);
  });

export const tell = (text) => process.stderr.write(`${text}\n`);

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A measured window: marked on stdout as it opens and closes, with this process's own CPU over it
// (process.cpuUsage: user + system, every thread of the process), to show the generator is not the
// bottleneck.
export class Window {
  constructor(name) {
    this.name = name;
    this.start = now();
    this.cpuAtStart = process.cpuUsage();
    this.end = null;
    say({ mark: 'start', window: name });
  }

  measures(moment) {
    return moment >= this.start && (this.end === null || moment < this.end);
  }

  close() {
    this.end = now();
    const used = process.cpuUsage(this.cpuAtStart);
    say({ mark: 'end', window: this.name });
    const share = (used.user + used.system) / 1000 / (this.end - this.start);
    tell(`  load generator CPU over ${this.name}: ${(share * 100).toFixed(1)}% of a core`);
    return {
      start: this.start,
      end: this.end,
      cpu_ms: (used.user + used.system) / 1000,
    };
  }
}

// `seconds` of waiting, with a line a second on stderr: how many moves `count()` grew by, per second.
export async function ticking(label, seconds, count) {
  const end = now() + seconds * 1000;
  while (now() < end) {
    const [began, before] = [now(), count()];
    await sleep(Math.min(1000, end - began));
    const elapsed = (now() - began) / 1000;
    if (elapsed >= 0.5) tell(`  ${label}: ${Math.round((count() - before) / elapsed)} moves/s`);
  }
}

// Seeded choices (mulberry32): a run's moves depend on its seed, not on Math.random.
export function chooser(seed) {
  let state = seed >>> 0;
  return (items) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return items[Math.floor(unit * items.length)];
  };
}

// Run `make(i)` for i < count, at most `atOnce` at a time (a burst, not a stampede), in order.
export async function gated(count, atOnce, make) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      results[index] = await make(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, count) }, worker));
  return results;
}

// The main of a script: its answer on stdout, its failure as {"error"} and exit code 2.
export async function main(run) {
  try {
    const plan = await readPlan();
    const result = await run(plan);
    await say({ result });
    process.exit(0);
  } catch (error) {
    // fetch's own error says only "fetch failed": the socket's error is its cause.
    tell(`load generator: ${error?.stack ?? error}${error?.cause ? `\ncaused by: ${error.cause?.stack ?? error.cause}` : ''}`);
    await say({ error: String(error?.message ?? error) });
    process.exit(2);
  }
}
