// The messages between the page and the simulation worker: plain, typed data only.
import type { Column, ErrorCode, ValidationError } from './boundary';

/** One trace column, as described by the wasm `Simulation.columns()` (a generated type). */
export type ColumnInfo = Column;

/** Which part of the model a trace column describes. */
export type ColumnEntity = Column['entity'];

/**
 * An error with the scenario field path it belongs to (e.g. `duration_s`): the simulator's
 * (`ValidationError`, with its code and parameters, rendered in the reader's language by
 * web/src/i18n/scenarioErrors.ts), or one of the page's own (English, no code).
 */
export interface FieldError {
  path: string;
  message: string;
  code?: ErrorCode;
  params?: ValidationError['params'];
}

/** Simulated seconds per wall-clock second; `Infinity` runs as fast as possible. */
export type Speed = number;

/**
 * `trace`: stream the sampled rows (the lab); `summary`: run to the end as fast as possible and
 * send only the summary (sweeps); `probe`: build the world and send its summary at time 0 (the
 * analytic bounds of a scenario, without running it); `capture`: run as fast as possible with a
 * packet capture of one flow and send its records (the pcap export re-runs the scenario: runs
 * are deterministic, so it sees exactly the packets of the run on screen).
 */
export type RunMode = 'trace' | 'summary' | 'probe' | 'capture';

/** Which flow to capture, where, and how many packets at most (the run stops there). */
export interface CaptureRequest {
  flow: string;
  at: 'sender' | 'receiver';
  maxPackets: number;
  /** Also write the records as a libpcap file (the model's writer, as `tcplab run --pcap`). */
  pcap?: boolean;
  /** Also log every packet's passage through every link direction (all flows), at most
   * `maxPassages` of them (world/capture_paths.rs): what the animated diagram draws. */
  paths?: { maxPassages: number };
}

export type ToWorker =
  | {
      type: 'start';
      runId: number;
      scenario: string;
      speed: Speed;
      mode: RunMode;
      /** Run unpaced to this simulated time (ns), then pause: seeking by re-running. */
      pauseAtNs?: number;
      /** With mode `capture`. */
      capture?: CaptureRequest;
      /** Tests only: panic inside the wasm with this message right after building the run. */
      panicForTest?: string;
    }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'speed'; speed: Speed }
  /** Advance unpaced to `untilNs`, then pause (Step and forward seeks). */
  | { type: 'runTo'; untilNs: number }
  /** While paused: run exactly one model event, then pause again. */
  | { type: 'stepEvent' }
  /** A `rows` buffer back from the page, which has copied its rows: the worker fills it again. */
  | { type: 'chunk'; buffer: ArrayBuffer };

export type FromWorker =
  | {
      type: 'started';
      runId: number;
      columns: ColumnInfo[];
      endNs: number;
      /** The summary at time 0: it already carries the analytic bounds of every flow. */
      summary: string;
    }
  /** The first `length` float64 values of `buffer` are `rows × columns.length` values,
   * row-major (transferred; the page sends the buffer back in a `chunk` message). */
  | {
      type: 'rows';
      runId: number;
      buffer: ArrayBuffer;
      length: number;
      nowNs: number;
      events: number;
    }
  | { type: 'paused'; runId: number; nowNs: number; events: number }
  /** One event was run (`stepEvent`): what it was, as `Simulation.next_event()` said before. */
  | { type: 'stepped'; runId: number; event: string; nowNs: number; events: number }
  /** Capture mode, just before `done`: `packet_fields()`-wide records (transferred). */
  | {
      type: 'packets';
      runId: number;
      buffer: ArrayBuffer;
      fields: string[];
      /** The link directions a record's `channel` field indexes, as `bottleneck:a>b`. */
      channels: string[];
      /** The run stopped at `maxPackets`, before the end of the scenario. */
      truncated: boolean;
      /** With `CaptureRequest.pcap`: the libpcap file of the records (transferred). */
      pcap?: ArrayBuffer;
      /** With `CaptureRequest.paths`: `pathFields`-wide passages (transferred), and the simulated
       * time (ns) where the log reached `maxPassages` (null: it holds the whole run). */
      paths?: ArrayBuffer;
      pathFields?: string[];
      pathsFullAtNs?: number | null;
    }
  | {
      type: 'done';
      runId: number;
      summary: string;
      traceHash: string;
      nowNs: number;
      events: number;
    }
  /** `panic`: the model panicked (a bug), with `last_panic()`'s message. */
  | { type: 'failed'; runId: number; message: string; errors: FieldError[]; panic?: string };
