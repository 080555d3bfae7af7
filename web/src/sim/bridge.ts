// The page's handle on one simulation run: a fresh worker per run (so Reset can always stop it,
// even mid-chunk, and a trap cannot poison the next run), typed messages both ways.
import type {
  CaptureRequest,
  ColumnInfo,
  FieldError,
  FromWorker,
  RunMode,
  Speed,
  ToWorker,
} from './protocol';
import { parseSummary } from './summary';
import type { RunSummary } from './summary';

export interface RunListener {
  started(columns: ColumnInfo[], endNs: number, initial: RunSummary): void;
  rows(chunk: Float64Array, nowNs: number, events: number): void;
  paused(nowNs: number, events: number): void;
  done(summary: RunSummary, traceHash: string, nowNs: number, events: number): void;
  /** `panic`: the model panicked (a bug in tcplab), with its message. */
  failed(message: string, errors: FieldError[], panic?: string): void;
  /** Capture mode: the packet records, just before `done`. */
  packets?(records: Float64Array, fields: string[], truncated: boolean): void;
}

export interface RunOptions {
  speed: Speed;
  mode: RunMode;
  /** Run unpaced to this simulated time (ns), then pause. */
  pauseAtNs?: number;
  capture?: CaptureRequest;
}

let nextRunId = 1;

export class SimRun {
  private worker: Worker | null;
  private readonly runId = nextRunId++;

  constructor(
    scenarioJson: string,
    options: RunOptions,
    private readonly listener: RunListener,
  ) {
    this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<FromWorker>) => this.receive(e.data);
    this.worker.onerror = (e: ErrorEvent) => {
      this.listener.failed(e.message || 'the simulation worker failed to load', []);
      this.stop();
    };
    // Tests set this global to check what the page does when the model panics.
    const panicForTest = (globalThis as { __tcplabPanicForTest?: unknown }).__tcplabPanicForTest;
    this.send({
      type: 'start',
      runId: this.runId,
      scenario: scenarioJson,
      ...options,
      ...(typeof panicForTest === 'string' ? { panicForTest } : {}),
    });
  }

  private send(msg: ToWorker): void {
    this.worker?.postMessage(msg);
  }

  private guard(fn: () => void): void {
    try {
      fn();
    } catch (e) {
      this.listener.failed(e instanceof Error ? e.message : String(e), []);
      this.stop();
    }
  }

  private receive(msg: FromWorker): void {
    if (msg.runId !== this.runId || !this.worker) return;
    switch (msg.type) {
      case 'started':
        this.guard(() => this.listener.started(msg.columns, msg.endNs, parseSummary(msg.summary)));
        break;
      case 'rows':
        this.listener.rows(new Float64Array(msg.buffer), msg.nowNs, msg.events);
        break;
      case 'paused':
        this.listener.paused(msg.nowNs, msg.events);
        break;
      case 'packets':
        this.guard(() =>
          this.listener.packets?.(new Float64Array(msg.buffer), msg.fields, msg.truncated),
        );
        break;
      case 'done':
        this.guard(() =>
          this.listener.done(parseSummary(msg.summary), msg.traceHash, msg.nowNs, msg.events),
        );
        this.stop();
        break;
      case 'failed':
        this.listener.failed(msg.message, msg.errors, msg.panic);
        this.stop();
        break;
    }
  }

  pause(): void {
    this.send({ type: 'pause' });
  }

  resume(): void {
    this.send({ type: 'resume' });
  }

  setSpeed(speed: Speed): void {
    this.send({ type: 'speed', speed });
  }

  /** Advance unpaced to `untilNs`, then pause. */
  runTo(untilNs: number): void {
    this.send({ type: 'runTo', untilNs });
  }

  /** Terminate the worker; no message of this run is delivered afterwards. */
  stop(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
