/* Generated from public/schema/scenario.v1.json by scripts/gen-schema.mjs. Do not edit:
 * change the Rust types in wasm/sim/src/scenario/types.rs and run `npm run gen:schema`. */

/**
 * A queue discipline and its parameters.
 */
export type QueueSpec = {
  kind: 'drop_tail';
  /**
   * Capacity in bytes (give this or limit_packets).
   */
  limit_bytes?: number | null;
  /**
   * Capacity in packets (give this or limit_bytes).
   */
  limit_packets?: number | null;
};
export type NodeKind = 'host' | 'router';

/**
 * A complete experiment: topology, flows, seed and duration.
 */
export interface Scenario {
  /**
   * What the scenario shows, in a sentence or two.
   */
  description?: string;
  /**
   * Simulated time to run, in seconds.
   */
  duration_s: number;
  flows: Flow[];
  /**
   * A short title shown in the UI.
   */
  name?: string;
  /**
   * Spacing of the sampled traces, in milliseconds of simulated time.
   */
  sample_interval_ms?: number;
  /**
   * Seed of every random stream in the run (0 to 4294967295).
   */
  seed?: number;
  topology: Topology;
  /**
   * Schema version; this build reads version 1.
   */
  version: number;
}
/**
 * One transfer between two hosts.
 */
export interface Flow {
  /**
   * Congestion-control algorithm (TCP only).
   */
  cc?: 'newreno';
  /**
   * Receiving host (node id).
   */
  dst: string;
  id: string;
  protocol?: 'tcp';
  /**
   * Sending host (node id).
   */
  src: string;
  /**
   * When the flow opens, seconds after the start of the run.
   */
  start_s?: number;
}
/**
 * Nodes and the links between them; packets follow static shortest paths.
 */
export interface Topology {
  links: Link[];
  nodes: Node[];
}
/**
 * A duplex link. The settings apply to both directions unless `reverse`
 * overrides them for the b→a direction.
 */
export interface Link {
  /**
   * One end (node id).
   */
  a: string;
  /**
   * The other end (node id).
   */
  b: string;
  /**
   * One-way propagation delay, milliseconds.
   */
  delay_ms: number;
  id: string;
  /**
   * Largest IP packet the link carries, bytes.
   */
  mtu_bytes?: number;
  /**
   * The queue in front of the link, in each direction.
   */
  queue?: {
    kind: 'drop_tail';
    /**
     * Capacity in bytes (give this or limit_packets).
     */
    limit_bytes?: number | null;
    /**
     * Capacity in packets (give this or limit_bytes).
     */
    limit_packets?: number | null;
  };
  /**
   * Transmission rate, bits per second.
   */
  rate_bps: number;
  /**
   * Overrides for the b→a direction.
   */
  reverse?: DirectionOverride | null;
}
/**
 * Settings of the b→a direction that differ from a→b.
 */
export interface DirectionOverride {
  queue?: QueueSpec | null;
  rate_bps?: number | null;
}
export interface Node {
  /**
   * Unique name, used by links and flows.
   */
  id: string;
  kind: NodeKind;
}
