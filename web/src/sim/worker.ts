// The simulation worker: loads the wasm, builds a Simulation, advances it in chunks (yielding
// between chunks so Pause gets through) and posts the drained rows in a few buffers that the page
// sends back (chunkBuffers.ts): when the page holds them all, the worker waits for one.
// In `summary` mode (sweeps) it runs to the end and posts only the summary; in `probe` mode it
// posts the summary at time 0, which carries the analytic bounds, without running. The sweep pool
// sends the next `start` while a job still runs: it waits here and starts as that one ends, so the
// worker never waits for a round trip through the page between two jobs. The lab's own runs use a
// worker each.
import init, {
  last_panic,
  packet_fields,
  path_fields,
  Simulation,
  trigger_panic,
} from './pkg/tcplab_wasm.js';
import { ChunkBuffers, freeNow } from './chunkBuffers';
import { describeThrown } from './errors';
import { Pacer } from './pacer';
import { parseColumns } from './rows';
import type { CaptureRequest, FromWorker, RunMode, ToWorker } from './protocol';

/** At most this much simulated time per chunk, so rows stream out and Pause stays responsive. */
const CHUNK_NS = 0.2e9;
/**
 * At most about this many trace values per chunk: near the trace cap (40,000 columns sampled every
 * millisecond) 0.2 s of rows is 65 MB, held at once in wasm memory, in its copy and in the page.
 * 2 MB a chunk: the IN_FLIGHT buffers with the page and the model's row buffer, which wasm memory
 * keeps at its largest, stay small beside the page's copy of the trace.
 */
const CHUNK_VALUES = 250_000;
/** At most this many events per chunk (a 10 Gb/s path has millions of events per second). */
const CHUNK_EVENTS = 250_000;
/** How long to sleep when the pacer says we are ahead of the wall clock. */
const IDLE_MS = 16;
/** Buffers of rows with the page at most: one it copies, one on the way, one being filled. */
const IN_FLIGHT = 3;

const ready = init();

let sim: Simulation | null = null;
let runId = 0;
let mode: RunMode = 'trace';
let paused = false;
/** When set, run unpaced up to this simulated time (ns) and pause there. */
let stopAtNs: number | null = null;
let pacer = new Pacer(Infinity, 0);
let scheduled = false;
const chunks = new ChunkBuffers(IN_FLIGHT);
/** The run waits for the page to send a rows buffer back. */
let starved = false;
/** Simulated time per chunk for this run (CHUNK_NS, less for a wide trace). */
let chunkNs = CHUNK_NS;
/** Capture mode: the request, the record chunks so far and their count. */
let capture: CaptureRequest | null = null;
let captured: Float64Array[] = [];
let capturedCount = 0;
/** The path log's chunks so far, their passages, and when it filled up (ns). */
let pathChunks: Float64Array[] = [];
let pathCount = 0;
let pathsFullAtNs: number | null = null;
/** A run is being built or is running: a `start` now waits in `waiting`. */
let busy = false;
const waiting: Extract<ToWorker, { type: 'start' }>[] = [];

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

/** The message of a panic in the model, if that is why the last call failed. */
function panicMessage(): string | undefined {
  try {
    return last_panic() ?? undefined;
  } catch {
    return undefined;
  }
}

function fail(e: unknown): void {
  const { message, errors } = describeThrown(e);
  const panic = panicMessage();
  post({ type: 'failed', runId, message: panic ?? message, errors, ...(panic ? { panic } : {}) });
  sim = null;
  // After a panic or a trap the instance is unusable: the page replaces this worker and gives the
  // waiting jobs to another. Field errors leave it sound.
  if (panic !== undefined || errors.length === 0) waiting.length = 0;
  ended();
}

/** The run ended: start the next waiting one. */
function ended(): void {
  busy = false;
  const next = waiting.shift();
  if (next) void start(next);
}

function postRows(s: Simulation): void {
  // wasm-bindgen copies the rows out of wasm memory into a fresh buffer of this thread: it goes
  // as soon as they are copied into a buffer the page sends back.
  const rows = s.drain();
  if (mode !== 'trace' || rows.length === 0) {
    freeNow(rows.buffer);
    return;
  }
  const length = rows.length;
  const buffer = chunks.take(rows.byteLength);
  new Float64Array(buffer, 0, length).set(rows);
  freeNow(rows.buffer);
  post({ type: 'rows', runId, buffer, length, nowNs: s.now_ns(), events: s.events() }, [buffer]);
}

function step(): void {
  if (!sim || paused) return;
  if (mode === 'trace' && chunks.exhausted) {
    starved = true;
    return;
  }
  try {
    const now = sim.now_ns();
    const limit = stopAtNs ?? (mode === 'trace' ? pacer.target(performance.now()) : Infinity);
    // Whole nanoseconds: a fractional target would advance nothing and spin.
    const target = Math.floor(Math.min(limit, now + chunkNs));
    if (target <= now && stopAtNs === null) {
      schedule(IDLE_MS);
      return;
    }
    let finished = target > now ? sim.advance(target, CHUNK_EVENTS) : sim.finished();
    postRows(sim);
    if (capture) finished = collectPackets(sim, capture, finished);
    const nowNs = sim.now_ns();
    const events = sim.events();
    if (finished) {
      post({
        type: 'done',
        runId,
        summary: sim.summary(),
        traceHash: sim.trace_hash(),
        nowNs,
        events,
      });
      sim.free();
      sim = null;
      ended();
      return;
    }
    if (stopAtNs !== null && nowNs >= stopAtNs) {
      stopAtNs = null;
      paused = true;
      post({ type: 'paused', runId, nowNs, events });
      return;
    }
    schedule(0);
  } catch (e) {
    fail(e);
  }
}

/** Run the next model event alone (the same events as a run straight through: the model's
 * `advance` with an event limit of 1), post its rows and what it was, and stay paused. */
function stepOneEvent(s: Simulation): void {
  try {
    const event = s.next_event();
    const finished = s.advance(s.end_ns(), 1);
    postRows(s);
    if (finished) {
      paused = false;
      schedule(0);
      return;
    }
    post({ type: 'stepped', runId, event, nowNs: s.now_ns(), events: s.events() });
  } catch (e) {
    fail(e);
  }
}

/** Keep the chunk of packet records; at the end (or at the cap) post them all. Returns whether the
 * run is over. */
function collectPackets(s: Simulation, req: CaptureRequest, finished: boolean): boolean {
  const fields = JSON.parse(packet_fields()) as string[];
  const chunk = s.drain_packets();
  captured.push(chunk);
  if (req.paths) collectPaths(s, req.paths.maxPassages);
  capturedCount += chunk.length / fields.length;
  const truncated = !finished && capturedCount >= req.maxPackets;
  if (!finished && !truncated) return false;
  const keep = Math.min(capturedCount, req.maxPackets) * fields.length;
  const all = new Float64Array(keep);
  let at = 0;
  for (const c of captured) {
    const part = c.subarray(0, Math.min(c.length, keep - at));
    all.set(part, at);
    at += part.length;
  }
  captured = [];
  const channels = JSON.parse(s.channel_ids()) as string[];
  // The model's pcap writer (world/pcap.rs), the one `tcplab run --pcap` uses.
  const pcap = req.pcap ? (s.pcap(all) as Uint8Array).slice().buffer : undefined;
  const transfer: Transferable[] = pcap ? [all.buffer, pcap] : [all.buffer];
  const paths = req.paths ? joinChunks(pathChunks, pathCount * pathWidth()) : undefined;
  if (paths) transfer.push(paths.buffer);
  post(
    {
      type: 'packets',
      runId,
      buffer: all.buffer,
      fields,
      channels,
      truncated,
      pcap,
      ...(paths ? { paths: paths.buffer, pathFields: pathFieldNames(), pathsFullAtNs } : {}),
    },
    transfer,
  );
  pathChunks = [];
  return true;
}

let pathFieldCache: string[] | null = null;
function pathFieldNames(): string[] {
  pathFieldCache ??= JSON.parse(path_fields()) as string[];
  return pathFieldCache;
}
function pathWidth(): number {
  return pathFieldNames().length;
}

/** Keep the path log's chunk, up to `max` passages in all; note when it filled up. */
function collectPaths(s: Simulation, max: number): void {
  const chunk = s.drain_paths();
  const w = pathWidth();
  const room = Math.max(0, max - pathCount);
  const n = chunk.length / w;
  if (n > room || s.paths_missed() > 0) pathsFullAtNs ??= s.now_ns();
  const keep = Math.min(n, room);
  if (keep > 0) pathChunks.push(keep === n ? chunk : chunk.slice(0, keep * w));
  pathCount += keep;
}

function joinChunks(chunks: Float64Array[], length: number): Float64Array<ArrayBuffer> {
  const all = new Float64Array(length);
  let at = 0;
  for (const c of chunks) {
    all.set(c.subarray(0, Math.min(c.length, length - at)), at);
    at += c.length;
  }
  return all;
}

/** Simulated time per chunk: CHUNK_NS, or as many sample intervals as CHUNK_VALUES allows. */
function chunkFor(scenarioJson: string, width: number): number {
  if (width === 0) return CHUNK_NS;
  let intervalMs = 10;
  try {
    const v = (JSON.parse(scenarioJson) as { sample_interval_ms?: unknown }).sample_interval_ms;
    if (typeof v === 'number' && v > 0) intervalMs = v;
  } catch {
    // The simulation has just accepted this JSON; keep the default if it cannot be read here.
  }
  const rows = Math.max(1, Math.floor(CHUNK_VALUES / width));
  return Math.min(CHUNK_NS, rows * intervalMs * 1e6);
}

async function start(msg: Extract<ToWorker, { type: 'start' }>): Promise<void> {
  busy = true;
  runId = msg.runId;
  mode = msg.mode;
  capture = msg.mode === 'capture' ? (msg.capture ?? null) : null;
  captured = [];
  capturedCount = 0;
  pathChunks = [];
  pathCount = 0;
  pathsFullAtNs = null;
  paused = false;
  stopAtNs = msg.pauseAtNs ?? null;
  chunks.reset();
  starved = false;
  try {
    await ready;
    sim = new Simulation(msg.scenario);
    if (msg.panicForTest !== undefined) trigger_panic(msg.panicForTest);
    if (capture) sim.capture(capture.flow, capture.at);
    if (capture?.paths) sim.log_paths(0, Infinity);
    const columns = mode === 'trace' ? parseColumns(sim.columns()) : [];
    chunkNs = chunkFor(msg.scenario, columns.length);
    post({ type: 'started', runId, columns, endNs: sim.end_ns(), summary: sim.summary() });
    if (mode === 'probe') {
      const nowNs = sim.now_ns();
      post({ type: 'done', runId, summary: sim.summary(), traceHash: '', nowNs, events: 0 });
      sim.free();
      sim = null;
      ended();
      return;
    }
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
      if (busy) waiting.push(msg);
      else void start(msg);
      break;
    case 'pause':
      paused = true;
      stopAtNs = null;
      break;
    case 'resume':
      if (paused && sim) {
        paused = false;
        stopAtNs = null;
        pacer.rebase(performance.now(), sim.now_ns());
        schedule(0);
      }
      break;
    case 'speed':
      pacer.setSpeed(msg.speed, performance.now(), sim ? sim.now_ns() : 0);
      break;
    case 'stepEvent':
      if (sim && paused && !scheduled) stepOneEvent(sim);
      break;
    case 'chunk':
      chunks.give(msg.buffer);
      if (starved) {
        starved = false;
        schedule(0);
      }
      break;
    case 'runTo':
      if (sim && msg.untilNs > sim.now_ns()) {
        stopAtNs = msg.untilNs;
        paused = false;
        schedule(0);
      }
      break;
  }
};
