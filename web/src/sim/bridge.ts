// The page's handle on one simulation run: a fresh worker per run (so Reset can always stop it,
// even mid-chunk, and a trap cannot poison the next run), typed messages both ways.
import type { ColumnInfo, FieldError, FromWorker, Speed, ToWorker } from './protocol';
import { parseSummary } from './summary';
import type { RunSummary } from './summary';

export interface RunListener {
  started(columns: ColumnInfo[], endNs: number): void;
  rows(chunk: Float64Array, nowNs: number): void;
  done(summary: RunSummary, traceHash: string, nowNs: number): void;
  failed(message: string, errors: FieldError[]): void;
}

let nextRunId = 1;

export class SimRun {
  private worker: Worker | null;
  private readonly runId = nextRunId++;

  constructor(
    scenarioJson: string,
    speed: Speed,
    private readonly listener: RunListener,
  ) {
    this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<FromWorker>) => this.receive(e.data);
    this.worker.onerror = (e: ErrorEvent) => {
      this.listener.failed(e.message || 'the simulation worker failed to load', []);
      this.stop();
    };
    this.send({ type: 'start', runId: this.runId, scenario: scenarioJson, speed });
  }

  private send(msg: ToWorker): void {
    this.worker?.postMessage(msg);
  }

  private receive(msg: FromWorker): void {
    if (msg.runId !== this.runId || !this.worker) return;
    switch (msg.type) {
      case 'started':
        this.listener.started(msg.columns, msg.endNs);
        break;
      case 'rows':
        this.listener.rows(new Float64Array(msg.buffer), msg.nowNs);
        break;
      case 'done':
        try {
          this.listener.done(parseSummary(msg.summary), msg.traceHash, msg.nowNs);
        } catch (e) {
          this.listener.failed(e instanceof Error ? e.message : String(e), []);
        }
        this.stop();
        break;
      case 'failed':
        this.listener.failed(msg.message, msg.errors);
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

  /** Terminate the worker; no message of this run is delivered afterwards. */
  stop(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
