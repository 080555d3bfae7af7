import { describe, expect, it } from 'vitest';
import {
  boundValues,
  distinctBounds,
  fairShareSteps,
  tightest,
} from '../../web/src/panels/plots/bounds';
import type { FlowBounds } from '../../web/src/sim/summary';

const base: FlowBounds = {
  flow: 'f1',
  bottleneck_bps: 20e6,
  base_rtt_s: 0.04,
  mtu_bytes: 1500,
  link_bps: 19.4667e6,
  window_bps: null,
  mathis_bps: 12e6,
  mathis_delayed_ack_bps: 8.5e6,
  pftk_bps: 11e6,
  host_bound_bps: 19.4667e6,
  host_bound_printed_bps: 19.4667e6,
  receiver_capacity_bps: 19.4667e6,
  fair_share_bps: 9.7333e6,
  fair_share_steps: [
    { from_s: 0, bps: 19.4667e6 },
    { from_s: 2, bps: 9.7333e6 },
  ],
};

describe('flow bounds for display', () => {
  it('leaves out unlimited bounds and merges equal ones into one line', () => {
    const v = boundValues(base);
    expect(v.window_bps).toBeUndefined();
    expect(v.fair_share_bps).toBe(9.7333e6);
    const lines = distinctBounds(v);
    expect(lines.find((l) => l.kinds.includes('link_bps'))?.kinds).toEqual([
      'link_bps',
      'host_bound_bps',
    ]);
  });

  it('never calls the max-min fair share the tightest bound', () => {
    // The fair share (9.7 Mb/s) is below every bound, but a flow may exceed it.
    expect(tightest(boundValues(base))).toEqual({ kind: 'pftk_bps', bps: 11e6 });
  });

  it('draws a staircase that steps at each flow start and runs to the end', () => {
    const s = fairShareSteps(base, 10);
    expect(s).not.toBeNull();
    expect(Array.from(s!.x)).toEqual([0, 2, 2, 10]);
    expect(Array.from(s!.y)).toEqual([19.4667e6, 19.4667e6, 9.7333e6, 9.7333e6]);
    // One step only: the straight bound line draws it.
    expect(fairShareSteps({ ...base, fair_share_steps: [{ from_s: 0, bps: 1e6 }] }, 10)).toBeNull();
  });
});
