// The scenario at the documented limits (docs/reliability.md, "Limits, and why"): 1,000 nodes and
// 1,000 flows, for `npm run bench:limits` and the browser test that imports it. A dumbbell:
// 499 senders on one router, 499 receivers on another, one bottleneck between them; flow i goes
// from sender i mod 499 to receiver i mod 499, so every host carries two or three flows.

export const PAIRS = 499;
export const FLOWS = 1000;

/**
 * The scenario as a plain object. `sampleIntervalMs` and `durationS` set the trace's size (rows
 * = duration / interval; columns grow with flows and links), so a caller can bring it near the
 * trace cap; `flowCount` and `pairs` make a smaller one of the same shape (the browser test of the
 * plots with many flows).
 */
export function limitsScenario({
  durationS = 1,
  sampleIntervalMs = 10,
  flowCount = FLOWS,
  pairs = PAIRS,
} = {}) {
  const nodes = [
    { id: 'left', kind: 'router' },
    { id: 'right', kind: 'router' },
  ];
  const links = [
    {
      id: 'bottleneck',
      a: 'left',
      b: 'right',
      rate_bps: 1e9,
      delay_ms: 10,
      mtu_bytes: 1500,
      queue: { kind: 'drop_tail', limit_packets: 2000 },
    },
  ];
  for (let i = 0; i < pairs; i++) {
    nodes.push({ id: `s${i}`, kind: 'host' }, { id: `d${i}`, kind: 'host' });
    for (const [host, router] of [
      [`s${i}`, 'left'],
      [`d${i}`, 'right'],
    ]) {
      links.push({
        id: `${host}-${router}`,
        a: host,
        b: router,
        rate_bps: 1e8,
        delay_ms: 1 + (i % 10),
        mtu_bytes: 1500,
        queue: { kind: 'drop_tail', limit_packets: 100 },
      });
    }
  }
  const flows = [];
  for (let i = 0; i < flowCount; i++) {
    flows.push({
      id: `f${i}`,
      src: `s${i % pairs}`,
      dst: `d${i % pairs}`,
      protocol: 'tcp',
      cc: i % 2 === 0 ? 'cubic' : 'newreno',
      start_s: (i % 100) / 1000,
    });
  }
  return {
    version: 1,
    name: `Limits: ${nodes.length} nodes, ${flowCount} flows`,
    description: 'The documented limits of a scenario, for the responsiveness benchmark.',
    seed: 1,
    duration_s: durationS,
    sample_interval_ms: sampleIntervalMs,
    topology: { nodes, links },
    flows,
  };
}
