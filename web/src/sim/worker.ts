// The simulation worker: loads the wasm, builds a Simulation, advances it in chunks (yielding
// between chunks so Pause gets through) and posts the drained rows as transferred buffers.
import init, { Simulation } from './pkg/tcplab_wasm.js';
import { describeThrown } from './errors';
import { Pacer } from './pacer';
import { parseColumns } from './rows';
import type { FromWorker, ToWorker } from './protocol';

/** At most this much simulated time per chunk, so rows stream out and Pause stays responsive. */
const CHUNK_NS = 0.2e9;
/** At most this many events per chunk (a 10 Gb/s path has millions of events per second). */
const CHUNK_EVENTS = 250_000;
/** How long to sleep when the pacer says we are ahead of the wall clock. */
const IDLE_MS = 16;

const ready = init();

let sim: Simulation | null = null;
let runId = 0;
let paused = false;
let pacer = new Pacer(Infinity, 0);
let scheduled = false;

function post(msg: FromWorker, transfer: Transferable[] = []): void {
  self.postMessage(msg, { transfer });
}

// A MessageChannel message is a macrotask without setTimeout's 4 ms clamp.
const tick = new MessageChannel();
tick.port1.onmessage = () => {
  scheduled = false;
  step();
};

function schedule(delayMs: number): void {
  if (scheduled) return;
  scheduled = true;
  if (delayMs > 0) {
    setTimeout(() => {
      scheduled = false;
      step();
    }, delayMs);
  } else {
    tick.port2.postMessage(null);
  }
}

function fail(e: unknown): void {
  const { message, errors } = describeThrown(e);
  post({ type: 'failed', runId, message, errors });
  sim = null; // after a trap the instance is unusable; the page starts a new worker per run
}

function step(): void {
  if (!sim || paused) return;
  try {
    const now = sim.now_ns();
    const target = Math.min(pacer.target(performance.now()), now + CHUNK_NS);
    if (target <= now) {
      schedule(IDLE_MS);
      return;
    }
    const finished = sim.advance(target, CHUNK_EVENTS);
    const rows = sim.drain();
    const nowNs = sim.now_ns();
    if (rows.length > 0) {
      // wasm-bindgen copies the rows out of wasm memory into a fresh buffer: transfer it.
      const buffer = rows.buffer instanceof ArrayBuffer ? rows.buffer : rows.slice().buffer;
      post({ type: 'rows', runId, buffer, nowNs }, [buffer]);
    }
    if (finished) {
      post({ type: 'done', runId, summary: sim.summary(), traceHash: sim.trace_hash(), nowNs });
      sim.free();
      sim = null;
      return;
    }
    schedule(0);
  } catch (e) {
    fail(e);
  }
}

async function start(msg: Extract<ToWorker, { type: 'start' }>): Promise<void> {
  runId = msg.runId;
  paused = false;
  try {
    await ready;
    sim = new Simulation(msg.scenario);
    post({
      type: 'started',
      runId,
      columns: parseColumns(sim.columns()),
      endNs: sim.end_ns(),
    });
    pacer = new Pacer(msg.speed, performance.now(), sim.now_ns());
    schedule(0);
  } catch (e) {
    fail(e);
  }
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  switch (msg.type) {
    case 'start':
      void start(msg);
      break;
    case 'pause':
      paused = true;
      break;
    case 'resume':
      if (paused && sim) {
        paused = false;
        pacer.rebase(performance.now(), sim.now_ns());
        schedule(0);
      }
      break;
    case 'speed':
      pacer.setSpeed(msg.speed, performance.now(), sim ? sim.now_ns() : 0);
      break;
  }
};
