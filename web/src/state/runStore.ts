// The run's state outside React: status, columns, the trace buffer and the outcome.
// Panels subscribe (useSyncExternalStore); the trace arrays are read directly, not copied.
import { SimRun } from '../sim/bridge';
import type { ColumnInfo, FieldError, Speed } from '../sim/protocol';
import type { RunSummary } from '../sim/summary';
import { TraceBuffer } from './traceBuffer';

export type RunStatus = 'idle' | 'loading' | 'running' | 'paused' | 'done' | 'failed';

export interface RunSnapshot {
  status: RunStatus;
  /** Bumped on every change, including new rows (the trace itself is in `trace`). */
  version: number;
  columns: ColumnInfo[];
  trace: TraceBuffer | null;
  nowS: number;
  endS: number;
  /** Bottleneck rate of the scenario being run, b/s (shown beside the goodput). */
  bottleneckBps: number;
  summary: RunSummary | null;
  traceHash: string | null;
  error: { message: string; errors: FieldError[] } | null;
}

const NS_PER_S = 1e9;

const IDLE: RunSnapshot = {
  status: 'idle',
  version: 0,
  columns: [],
  trace: null,
  nowS: 0,
  endS: 0,
  bottleneckBps: 0,
  summary: null,
  traceHash: null,
  error: null,
};

export class RunStore {
  private snap: RunSnapshot = IDLE;
  private run: SimRun | null = null;
  private readonly listeners = new Set<() => void>();
  private speed: Speed;

  constructor(speed: Speed) {
    this.speed = speed;
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getSnapshot = (): RunSnapshot => this.snap;

  private update(patch: Partial<RunSnapshot>): void {
    this.snap = { ...this.snap, ...patch, version: this.snap.version + 1 };
    for (const fn of this.listeners) fn();
  }

  start(scenarioJson: string, endS: number, bottleneckBps: number): void {
    this.run?.stop();
    this.update({ ...IDLE, status: 'loading', endS, bottleneckBps });
    this.run = new SimRun(scenarioJson, this.speed, {
      started: (columns, endNs) => {
        this.update({
          status: 'running',
          columns,
          trace: new TraceBuffer(columns.length),
          endS: endNs / NS_PER_S,
        });
      },
      rows: (chunk, nowNs) => {
        this.snap.trace?.append(chunk);
        this.update({ nowS: nowNs / NS_PER_S });
      },
      done: (summary, traceHash, nowNs) => {
        this.run = null;
        this.update({ status: 'done', summary, traceHash, nowS: nowNs / NS_PER_S });
      },
      failed: (message, errors) => {
        this.run = null;
        this.update({ status: 'failed', error: { message, errors } });
      },
    });
  }

  pause(): void {
    if (this.snap.status !== 'running') return;
    this.run?.pause();
    this.update({ status: 'paused' });
  }

  resume(): void {
    if (this.snap.status !== 'paused') return;
    this.run?.resume();
    this.update({ status: 'running' });
  }

  reset(): void {
    this.run?.stop();
    this.run = null;
    this.update({ ...IDLE });
  }

  setSpeed(speed: Speed): void {
    this.speed = speed;
    this.run?.setSpeed(speed);
  }

  get currentSpeed(): Speed {
    return this.speed;
  }
}
