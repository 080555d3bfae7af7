// One run's state outside React: status, columns, the trace buffer, the bounds and the outcome.
// Panels subscribe (useSyncExternalStore); the trace arrays are read directly, not copied.
// Seeking re-runs the scenario deterministically: back in time means a fresh run paused there.
import { SimRun } from '../sim/bridge';
import type { ColumnInfo, FieldError, Speed } from '../sim/protocol';
import type { RunSummary } from '../sim/summary';
import type { Scenario } from '../scenario/types';
import { Store } from './store';
import { TraceBuffer } from './traceBuffer';

export type RunStatus =
  'idle' | 'loading' | 'running' | 'paused' | 'seeking' | 'done' | 'failed' | 'cancelled';

export interface RunSnapshot {
  status: RunStatus;
  /** Bumped on every change, including new rows (the trace itself is in `trace`). */
  version: number;
  /** The scenario being run (what the plots label flows and hosts with). */
  scenario: Scenario | null;
  columns: ColumnInfo[];
  trace: TraceBuffer | null;
  nowS: number;
  endS: number;
  /** Events processed so far, and the recent rate per wall-clock second. */
  events: number;
  eventsPerSecond: number;
  /** The summary at time 0: the analytic bounds of each flow, known before the run. */
  initial: RunSummary | null;
  summary: RunSummary | null;
  traceHash: string | null;
  /** `panic`: the model panicked (a bug in tcplab), with its message. */
  error: { message: string; errors: FieldError[]; panic?: string } | null;
  /** A live re-run: the run it replaces, drawn dashed until this one is done. */
  previous: RunSnapshot | null;
}

export interface StartOptions {
  /** Run unpaced to this time and pause there (seeking). */
  pauseAtS?: number;
  /** A live re-run: as fast as possible, keeping the old run to draw until this one is done. */
  live?: boolean;
}

const NS_PER_S = 1e9;

/** An event run on its own (Step event): the model's `next_event()`. */
export interface SteppedEvent {
  timeS: number;
  kind: string;
  target: string;
}
/** Events kept in the list at most (the oldest go). */
const MAX_STEPPED = 500;

function parseStepped(json: string): SteppedEvent {
  const e = JSON.parse(json) as { time: number; kind: string; target: string } | null;
  return e
    ? { timeS: e.time / NS_PER_S, kind: e.kind, target: e.target }
    : { timeS: NaN, kind: 'end', target: '' };
}
/** Smoothing of the events-per-second meter (weight of the newest measurement). */
const METER_WEIGHT = 0.3;
/** New rows are announced to the panels at most this often (they recompute derived series)… */
const ROWS_NOTIFY_MS = 60;
/** …or this often for a trace of more than LARGE_TRACE values (rows × columns), whose every
 * announcement derives series of up to a thousand flows and leaves their arrays to collect. */
const LARGE_ROWS_NOTIFY_MS = 250;
const LARGE_TRACE = 5_000_000;

export const IDLE_RUN: RunSnapshot = {
  status: 'idle',
  version: 0,
  scenario: null,
  columns: [],
  trace: null,
  nowS: 0,
  endS: 0,
  events: 0,
  eventsPerSecond: 0,
  initial: null,
  summary: null,
  traceHash: null,
  error: null,
  previous: null,
};

/** Rows a run will sample (the grid from 0 to the end, both included), so the buffer never grows. */
export function expectedRows(s: Scenario): number {
  const interval = (s.sample_interval_ms ?? 10) / 1000;
  const rows = interval > 0 ? Math.ceil(s.duration_s / interval) + 2 : 1024;
  return Math.max(16, Math.min(1_100_000, Number.isFinite(rows) ? rows : 1024));
}

export class RunStore {
  private snap: RunSnapshot = IDLE_RUN;
  private run: SimRun | null = null;
  private readonly listeners = new Set<() => void>();
  private speed: Speed;
  private meter = { wallMs: 0, events: 0 };
  private pendingRows: Partial<RunSnapshot> | null = null;
  private notifyMs = ROWS_NOTIFY_MS;
  private rowsTimer: ReturnType<typeof setTimeout> | null = null;

  /** The events stepped one at a time (`stepEvent`) since the run started: the event list. */
  readonly stepped = new Store<SteppedEvent[]>([]);

  constructor(speed: Speed) {
    this.speed = speed;
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getSnapshot = (): RunSnapshot => this.snap;

  private update(patch: Partial<RunSnapshot>): void {
    const rows = this.pendingRows;
    this.pendingRows = null;
    if (this.rowsTimer !== null) clearTimeout(this.rowsTimer);
    this.rowsTimer = null;
    this.snap = { ...this.snap, ...rows, ...patch, version: this.snap.version + 1 };
    for (const fn of this.listeners) fn();
  }

  /** Rows arrive many times a frame at full speed: announce them together. */
  private updateRows(patch: Partial<RunSnapshot>): void {
    this.pendingRows = { ...this.pendingRows, ...patch };
    this.rowsTimer ??= setTimeout(() => this.update({}), this.notifyMs);
  }

  private measure(events: number): number {
    const now = performance.now();
    const dt = now - this.meter.wallMs;
    let rate = this.snap.eventsPerSecond;
    if (dt > 0 && events >= this.meter.events) {
      const fresh = ((events - this.meter.events) / dt) * 1000;
      rate = rate > 0 ? rate + METER_WEIGHT * (fresh - rate) : fresh;
    }
    this.meter = { wallMs: now, events };
    return rate;
  }

  /** Start `scenario` from time 0; with `pauseAtS`, run unpaced to that time and pause. */
  start(scenario: Scenario, options: StartOptions = {}): void {
    const { pauseAtS, live = false } = options;
    this.run?.stop();
    this.stepped.set([]);
    this.meter = { wallMs: performance.now(), events: 0 };
    const old = this.snap.previous ?? this.snap;
    this.update({
      ...IDLE_RUN,
      status: pauseAtS !== undefined ? 'seeking' : 'loading',
      scenario,
      endS: scenario.duration_s,
      previous: live && old.trace && old.trace.length > 0 ? { ...old, previous: null } : null,
    });
    this.run = new SimRun(
      JSON.stringify(scenario),
      {
        speed: live ? Infinity : this.speed,
        mode: 'trace',
        pauseAtNs: pauseAtS !== undefined ? pauseAtS * NS_PER_S : undefined,
      },
      {
        started: (columns, endNs, initial) => {
          const values = columns.length * expectedRows(scenario);
          this.notifyMs = values > LARGE_TRACE ? LARGE_ROWS_NOTIFY_MS : ROWS_NOTIFY_MS;
          this.update({
            status: this.snap.status === 'seeking' ? 'seeking' : 'running',
            columns,
            trace: new TraceBuffer(columns.length, expectedRows(scenario)),
            endS: endNs / NS_PER_S,
            initial,
          });
        },
        rows: (chunk, nowNs, events) => {
          this.snap.trace?.append(chunk);
          this.updateRows({
            nowS: nowNs / NS_PER_S,
            events,
            eventsPerSecond: this.measure(events),
          });
        },
        stepped: (event, nowNs, events) => {
          this.stepped.update((l) => [...l, parseStepped(event)].slice(-MAX_STEPPED));
          this.update({ status: 'paused', nowS: nowNs / NS_PER_S, events });
        },
        paused: (nowNs, events) => {
          this.update({ status: 'paused', nowS: nowNs / NS_PER_S, events, eventsPerSecond: 0 });
        },
        done: (summary, traceHash, nowNs, events) => {
          this.run = null;
          this.update({
            status: 'done',
            summary,
            traceHash,
            nowS: nowNs / NS_PER_S,
            events,
            eventsPerSecond: 0,
            previous: null,
          });
        },
        failed: (message, errors, panic) => {
          this.run = null;
          const error = panic ? { message, errors, panic } : { message, errors };
          this.update({ status: 'failed', error, eventsPerSecond: 0, previous: null });
        },
      },
    );
  }

  pause(): void {
    if (this.snap.status !== 'running') return;
    this.run?.pause();
    this.update({ status: 'paused', eventsPerSecond: 0 });
  }

  resume(): void {
    if (this.snap.status !== 'paused') return;
    this.meter = { wallMs: performance.now(), events: this.snap.events };
    this.run?.resume();
    this.update({ status: 'running' });
  }

  /** While paused: run the next model event alone. */
  stepEvent(): void {
    if (this.snap.status === 'paused') this.run?.stepEvent();
  }

  /** Advance by `dtS` of simulated time and pause (from idle: start paused at `dtS`). */
  step(scenario: Scenario, dtS: number): void {
    const s = this.snap;
    if (s.status === 'idle' || s.status === 'failed' || s.status === 'cancelled') {
      this.start(scenario, { pauseAtS: dtS });
    } else if (s.status === 'paused') this.seek(scenario, s.nowS + dtS);
  }

  /**
   * Show the run at simulated time `tS`. Forward in a live run: advance unpaced to it. Backward,
   * or after the run ended: run again from the start (same scenario, same seed, so the same
   * trace) unpaced to `tS`, and pause there.
   */
  seek(scenario: Scenario, tS: number): void {
    const s = this.snap;
    const live = this.run !== null && (s.status === 'running' || s.status === 'paused');
    const target = Math.max(0, tS);
    if (live && target > s.nowS) {
      this.meter = { wallMs: performance.now(), events: s.events };
      this.run?.runTo(target * NS_PER_S);
      this.update({ status: 'seeking' });
    } else if (s.scenario && target < s.endS) {
      this.start(s.scenario, { pauseAtS: target });
    } else if (!s.scenario) {
      this.start(scenario, { pauseAtS: target });
    }
  }

  /** Stop a run now (terminate its worker); the trace so far stays on the plots. */
  cancel(): void {
    if (!this.run) return;
    this.run.stop();
    this.run = null;
    this.update({ status: 'cancelled', eventsPerSecond: 0, previous: null });
  }

  reset(): void {
    this.run?.stop();
    this.run = null;
    this.update({ ...IDLE_RUN });
  }

  setSpeed(speed: Speed): void {
    this.speed = speed;
    this.run?.setSpeed(speed);
  }

  get currentSpeed(): Speed {
    return this.speed;
  }
}
