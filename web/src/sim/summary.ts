// The run summary (the JSON `tcplab run` prints), typed by the Rust types it is serialised
// from (web/src/sim/boundary.ts, generated). The analytic bounds are the simulator's
// (wasm/sim/src/metrics/bounds.rs); the page only draws them.
import type { Summary } from './boundary';

export type {
  DelayStatsSummary,
  FairShareStep,
  FlowBounds,
  FlowSummary,
  HostSummary,
  LinkSummary,
} from './boundary';
export type RunSummary = Summary;

/** Parse summary JSON; throws when the shape is not a summary. */
export function parseSummary(text: string): RunSummary {
  const v: unknown = JSON.parse(text);
  if (
    typeof v !== 'object' ||
    v === null ||
    !Array.isArray((v as { flows?: unknown }).flows) ||
    !Array.isArray((v as { links?: unknown }).links) ||
    typeof (v as { trace_hash?: unknown }).trace_hash !== 'string'
  ) {
    throw new Error('the simulator returned a malformed summary');
  }
  return v as RunSummary;
}
