import { describe, expect, it } from 'vitest';
import {
  binding,
  boundGap,
  boundValues,
  distinctBounds,
  fairShareSteps,
  hasHostModel,
  tightest,
} from '../../web/src/panels/plots/bounds';
import { presetScenario } from '../../web/src/scenario/presets';
import type { FlowBounds } from '../../web/src/sim/summary';

const base: FlowBounds = {
  flow: 'f1',
  bottleneck_bps: 20e6,
  base_rtt_s: 0.04,
  mtu_bytes: 1500,
  link_bps: 19.4667e6,
  window_bps: null,
  loss_p: 0,
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

describe('bounds that read right', () => {
  const noLoss: FlowBounds = {
    ...base,
    mathis_bps: null,
    pftk_bps: null,
    mathis_measured_bps: null,
    pftk_measured_bps: null,
    measured_loss_p: null,
  };

  it('says Mathis and PFTK need a loss rate until one is measured', () => {
    const ctx = { hostModel: false };
    expect(boundValues(noLoss, ctx).mathis_bps).toBeUndefined();
    expect(boundGap(noLoss, 'mathis_bps', ctx)).toBe('needsLoss');
    expect(boundGap(noLoss, 'pftk_bps', ctx)).toBe('needsLoss');
    const measured = {
      ...noLoss,
      measured_loss_p: 0.004,
      mathis_measured_bps: 30e6,
      pftk_measured_bps: 25e6,
    };
    expect(boundValues(measured, ctx).mathis_bps).toBe(30e6);
    expect(boundGap(measured, 'pftk_bps', ctx)).toBeNull();
  });

  it('leaves the host bound out without a host model', () => {
    expect(boundValues(base, { hostModel: false }).host_bound_bps).toBeUndefined();
    expect(boundGap(base, 'host_bound_bps', { hostModel: false })).toBe('noHost');
    expect(boundValues(base, { hostModel: true }).host_bound_bps).toBe(19.4667e6);
    expect(hasHostModel(presetScenario('single'), 'flow1')).toBe(false);
    expect(hasHostModel(presetScenario('lanHost'), presetScenario('lanHost').flows[0]!.id)).toBe(
      true,
    );
  });

  it('holds a flow to its fair share when that is the lowest', () => {
    // Ten flows on one link: each is compared with its share, not with the whole link.
    expect(binding(boundValues(noLoss, { hostModel: false }))).toEqual({
      kind: 'fair_share_bps',
      bps: 9.7333e6,
    });
    expect(binding(boundValues(base, { hostModel: false }))).toEqual({
      kind: 'fair_share_bps',
      bps: 9.7333e6,
    });
    const alone = { ...noLoss, fair_share_bps: 19.4667e6 };
    expect(binding(boundValues(alone, { hostModel: false }))?.kind).toBe('link_bps');
  });
});
