// The tcplab/ns-3 comparison's own logic, without ns-3: every case in content/scenarios/ns3
// translates into the ns-3 program's arguments, settings ns-3 cannot reproduce are refused with
// their field path, and the statistics read from CSV traces count what they should.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CaseError, ns3Args, toArgv } from '../../scripts/lib/ns3-case.mjs';
import { flowStats, jain, queueStats, relDiff } from '../../scripts/lib/ns3-stats.mjs';

const DIR = 'content/scenarios/ns3';
const load = (f: string) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as ScenarioJson;

interface ScenarioJson {
  flows: { id: string; cc?: string; tcp?: Record<string, unknown>; cc_params?: unknown }[];
  topology: { links: { id: string; overhead_bytes?: number; queue?: Record<string, unknown> }[] };
}

describe('ns-3 case translation', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));

  it('has at least five cases', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
  });

  it.each(files)('%s translates', (f) => {
    const s = load(f);
    const args = ns3Args(s, { warmupS: 10 });
    expect(String(args.ids).split(',')).toEqual(s.flows.map((x) => x.id));
    expect(args.mss).toBe(s.flows[0]?.tcp?.timestamps ? 1448 : 1460);
    expect(toArgv(args).every((a) => a.startsWith('--') && a.includes('='))).toBe(true);
  });

  it('maps NewReno to TcpLinuxReno and CUBIC to Linux constants', () => {
    const args = ns3Args(load('6-mixed-fqcodel-rtt.json'), { warmupS: 10 });
    expect(args.cc).toBe('cubic,cubic,linuxreno,linuxreno');
    expect(args.cubicBeta).toBe(717 / 1024);
    expect(args.queue).toBe('fqcodel');
    expect(args.quantum).toBe(1500);
  });

  it('pairs tcplab slow-start and byte-counting rules with the ns-3 NewReno that has them', () => {
    const cc = (tcp: Record<string, unknown>) => {
      const s = load('1-newreno-fifo.json');
      s.flows[0]!.tcp = tcp;
      return ns3Args(s, { warmupS: 10 }).cc;
    };
    // The defaults: SACK recovery, Linux slow start (segments acknowledged), byte counting.
    expect(cc({})).toBe('linuxreno');
    // The older recovery style defaults to RFC 5681's one segment per ACK.
    expect(cc({ recovery: 'newreno', byte_counting: false })).toBe('newreno');
    expect(() => cc({ recovery: 'newreno' })).toThrow('flows[0].tcp.slow_start');
    expect(() => cc({ slow_start: 'rfc3465' })).toThrow('flows[0].tcp.slow_start');
  });

  it("keeps PRR and the handshake on both sides and RACK-TLP on tcplab's only", () => {
    const s = load('1-newreno-fifo.json');
    const args = ns3Args(s, { warmupS: 10 });
    expect(args.recovery).toBe('prr');
    expect(args.sack).toBe(true);
    expect(Object.keys(args).some((k) => /rack|tlp|handshake/i.test(k))).toBe(false);
    s.flows[0]!.tcp = { recovery_rate: 'rfc6675', rack_tlp: false };
    expect(ns3Args(s, { warmupS: 10 }).recovery).toBe('classic');
  });

  it('refuses what ns-3 cannot reproduce, naming the field', () => {
    const bad = (edit: (s: ScenarioJson) => void, path: string) => {
      const s = load('1-newreno-fifo.json');
      edit(s);
      expect(() => ns3Args(s, { warmupS: 10 })).toThrow(CaseError);
      expect(() => ns3Args(s, { warmupS: 10 })).toThrow(path);
    };
    bad((s) => (s.flows[0]!.cc = 'bbr'), 'flows[0].cc');
    bad((s) => (s.flows[0]!.tcp = { pacing: true }), 'flows[0].tcp.pacing');
    bad((s) => (s.flows[0]!.tcp = { handshake: false }), 'flows[0].tcp.handshake');
    bad((s) => (s.topology.links[1]!.overhead_bytes = 0), 'topology.links[1].overhead_bytes');
    bad((s) => (s.topology.links[1]!.queue = { kind: 'red' }), 'topology.links[1].queue.kind');
  });
});

describe('comparison statistics', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ns3-stats-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // 0–10 s slow start; then every 2 s a reduction (state 2 for 0.2 s); one RTO at 15 s.
  const rows = ['t_s,cwnd_segments,ssthresh_segments,delivered_bytes,state_code,timeouts_count'];
  for (let i = 0; i <= 300; i++) {
    const t = i / 10;
    const phase = t % 2;
    let state = t < 10 ? 0 : phase < 0.2 ? 2 : 1;
    if (t >= 15 && t < 15.3) state = 3;
    const cwnd = Math.min(10 * 2 ** t, 100);
    rows.push([t, cwnd, 50, Math.round(t * 1e6), state, t >= 15 ? 1 : 0].join(','));
  }
  writeFileSync(join(dir, 'flow-f.csv'), rows.join('\n'));
  writeFileSync(
    join(dir, 'link-bottleneck_a_b.csv'),
    ['t_s,queue_packets,sojourn_ms,drops_packets', '0,0,0,0', '10,4,2,5', '20,6,4,9'].join('\n'),
  );

  it('counts reductions, the timeout after recovery, goodput and slow start', () => {
    const s = flowStats(dir, 'f', 10);
    // Reductions at 10, 12, 14, 15 (the timeout), 16, … 30: twelve, period (30 − 10) / 11.
    expect(s.reductions).toBe(12);
    expect(s.periodS).toBeCloseTo(20 / 11, 9);
    expect(s.goodputBps).toBeCloseTo(8e6, 3);
    expect(s.timeouts).toBe(1);
    expect(s.slowStartPeak).toBe(100);
    expect(s.firstReductionS).toBe(10);
  });

  it('averages the queue after the warm-up', () => {
    expect(queueStats(dir, 10)).toEqual({ meanQueue: 5, meanSojournMs: 3, drops: 4 });
  });

  it('computes Jain and relative differences', () => {
    expect(jain([1, 1, 1, 1])).toBe(1);
    expect(jain([1, 0, 0, 0])).toBeCloseTo(0.25, 12);
    expect(relDiff(110, 100)).toBeCloseTo(10, 12);
    expect(relDiff(1, 0)).toBeNull();
  });
});
