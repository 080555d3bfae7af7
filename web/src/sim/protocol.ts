// The messages between the page and the simulation worker: plain, typed data only.

/** One trace column, as described by the wasm `Simulation.columns()`. */
export interface ColumnInfo {
  key: string;
  entity: 'time' | 'flow' | 'link' | 'host';
  id: string;
  metric: string;
  unit: string;
}

/** A validation error with the scenario field path it belongs to (e.g. `duration_s`). */
export interface FieldError {
  path: string;
  message: string;
}

/** Simulated seconds per wall-clock second; `Infinity` runs as fast as possible. */
export type Speed = number;

export type ToWorker =
  | { type: 'start'; runId: number; scenario: string; speed: Speed }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'speed'; speed: Speed };

export type FromWorker =
  | { type: 'started'; runId: number; columns: ColumnInfo[]; endNs: number }
  /** `buffer` holds `rows × columns.length` float64 values, row-major (transferred). */
  | { type: 'rows'; runId: number; buffer: ArrayBuffer; nowNs: number }
  | { type: 'done'; runId: number; summary: string; traceHash: string; nowNs: number }
  | { type: 'failed'; runId: number; message: string; errors: FieldError[] };
