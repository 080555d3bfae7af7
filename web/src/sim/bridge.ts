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
  /** `chunk` is valid during the call only: its buffer then goes back to the worker. */
  rows(chunk: Float64Array, nowNs: number, events: number): void;
  paused(nowNs: number, events: number): void;
  done(summary: RunSummary, traceHash: string, nowNs: number, events: number): void;
  /** `panic`: the model panicked (a bug in tcplab), with its message. */
  failed(message: string, errors: FieldError[], panic?: string): void;
  /** One model event was run (`stepEvent`): `event` is its JSON ({time, kind, target}). */
  stepped?(event: string, nowNs: number, events: number): void;
  /** Capture mode: the packet records, just before `done`. */
  packets?(capture: PacketCapture): void;
}

export interface RunOptions {
  speed: Speed;
  mode: RunMode;
  /** Run unpaced to this simulated time (ns), then pause. */
  pauseAtNs?: number;
  capture?: CaptureRequest;
}

/** A capture run's packets (world/capture.rs): `fields.length` values per record. */
export interface PacketCapture {
  records: Float64Array;
  fields: string[];
  /** The link directions a record's `channel` indexes. */
  channels: string[];
  /** The run stopped at the packet cap before the end of the scenario. */
  truncated: boolean;
  /** The libpcap file, when asked for. */
  pcap: Uint8Array | null;
  /** With `CaptureRequest.paths`: the path log (world/capture_paths.rs). */
  paths: { records: Float64Array; fields: string[]; fullAtNs: number | null } | null;
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
        try {
          this.listener.rows(new Float64Array(msg.buffer, 0, msg.length), msg.nowNs, msg.events);
        } finally {
          // Copied into the trace: back to the worker, which fills it again.
          this.worker?.postMessage({ type: 'chunk', buffer: msg.buffer } satisfies ToWorker, [
            msg.buffer,
          ]);
        }
        break;
      case 'paused':
        this.listener.paused(msg.nowNs, msg.events);
        break;
      case 'stepped':
        this.listener.stepped?.(msg.event, msg.nowNs, msg.events);
        break;
      case 'packets':
        this.guard(() =>
          this.listener.packets?.({
            records: new Float64Array(msg.buffer),
            fields: msg.fields,
            channels: msg.channels,
            truncated: msg.truncated,
            pcap: msg.pcap ? new Uint8Array(msg.pcap) : null,
            paths:
              msg.paths && msg.pathFields
                ? {
                    records: new Float64Array(msg.paths),
                    fields: msg.pathFields,
                    fullAtNs: msg.pathsFullAtNs ?? null,
                  }
                : null,
          }),
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

  /** While paused: run one model event. */
  stepEvent(): void {
    this.send({ type: 'stepEvent' });
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
