// JobWorker (the pool's handle on one simulation worker) against a fake Worker: what it sends,
// which reports it takes, and when it says the worker can take another job.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobResult } from '../../web/src/sim/job';
import { JobWorker } from '../../web/src/sim/jobWorker';
import type { FromWorker, ToWorker } from '../../web/src/sim/protocol';

class FakeWorker {
  static all: FakeWorker[] = [];
  readonly sent: ToWorker[] = [];
  terminated = false;
  onmessage: ((e: { data: FromWorker }) => void) | null = null;
  onerror: ((e: { message: string }) => void) | null = null;

  constructor() {
    FakeWorker.all.push(this);
  }

  postMessage(msg: ToWorker): void {
    this.sent.push(msg);
  }

  terminate(): void {
    this.terminated = true;
  }

  reply(msg: FromWorker): void {
    this.onmessage?.({ data: msg });
  }

  lastRunId(): number {
    const last = this.sent.at(-1);
    if (last?.type !== 'start') throw new Error('no job started');
    return last.runId;
  }
}

const SUMMARY = JSON.stringify({ flows: [], links: [], jain_index: 1, trace_hash: 'abc' });
const done = (runId: number): FromWorker => ({
  type: 'done',
  runId,
  summary: SUMMARY,
  traceHash: 'abc',
  nowNs: 1,
  events: 1,
});

function start(w: JobWorker, scenarioJson = '{}') {
  const calls: [JobResult, boolean][] = [];
  w.run({ scenarioJson, mode: 'summary' }, (r, reusable) => calls.push([r, reusable]));
  return calls;
}

beforeEach(() => {
  FakeWorker.all = [];
  vi.stubGlobal('Worker', FakeWorker);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('JobWorker', () => {
  it('runs jobs one after another on one worker, unpaced', () => {
    const w = new JobWorker();
    const first = start(w, '{"a":1}');
    const fake = FakeWorker.all[0]!;
    expect(fake.sent[0]).toMatchObject({ type: 'start', scenario: '{"a":1}', mode: 'summary' });
    expect(fake.sent[0]).toMatchObject({ speed: Infinity });
    fake.reply(done(fake.lastRunId()));
    expect(first).toHaveLength(1);
    expect(first[0]![0].ok).toBe(true);
    expect(first[0]![1]).toBe(true);
    const second = start(w, '{"b":2}');
    fake.reply(done(fake.lastRunId()));
    expect(second).toHaveLength(1);
    expect(FakeWorker.all).toHaveLength(1);
    expect(fake.sent.map((m) => (m.type === 'start' ? m.scenario : m.type))).toEqual([
      '{"a":1}',
      '{"b":2}',
    ]);
  });

  it('sends a second job at once, while the first runs, and reports both in order', () => {
    const w = new JobWorker();
    const first = start(w, '{"a":1}');
    const second = start(w, '{"b":2}');
    const fake = FakeWorker.all[0]!;
    expect(fake.sent.map((m) => m.type)).toEqual(['start', 'start']);
    const [a, b] = fake.sent.map((m) => (m.type === 'start' ? m.runId : -1));
    fake.reply(done(b!)); // not the running job: ignored
    expect(second).toHaveLength(0);
    fake.reply(done(a!));
    fake.reply(done(b!));
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
  });

  it('after a panic the waiting job is dropped, never reported (the pool gives it elsewhere)', () => {
    const w = new JobWorker();
    const first = start(w);
    const second = start(w);
    const fake = FakeWorker.all[0]!;
    const [a, b] = fake.sent.map((m) => (m.type === 'start' ? m.runId : -1));
    fake.reply({ type: 'failed', runId: a!, message: 'boom', errors: [], panic: 'boom' });
    expect(first).toEqual([[{ ok: false, message: 'boom', errors: [] }, false]]);
    fake.reply(done(b!));
    expect(second).toHaveLength(0);
  });

  it('ignores reports of another run id (a late message of an earlier job)', () => {
    const w = new JobWorker();
    const first = start(w);
    const fake = FakeWorker.all[0]!;
    const firstId = fake.lastRunId();
    fake.reply(done(firstId));
    const second = start(w);
    fake.reply(done(firstId));
    expect(second).toHaveLength(0);
    fake.reply(done(fake.lastRunId()));
    expect(second).toHaveLength(1);
    expect(first).toHaveLength(1);
  });

  it('keeps the worker after field errors, not after a panic or an error without fields', () => {
    const w = new JobWorker();
    const fake = FakeWorker.all[0]!;
    const cases: [FromWorker & { type: 'failed' }, boolean][] = [
      [
        {
          type: 'failed',
          runId: 0,
          message: 'duration_s: must be positive',
          errors: [{ path: 'duration_s', message: 'must be positive' }],
        },
        true,
      ],
      [
        {
          type: 'failed',
          runId: 0,
          message: 'tcplab panicked',
          errors: [],
          panic: 'tcplab panicked',
        },
        false,
      ],
      [{ type: 'failed', runId: 0, message: 'RuntimeError: unreachable', errors: [] }, false],
    ];
    for (const [msg, reusable] of cases) {
      const calls = start(w);
      fake.reply({ ...msg, runId: fake.lastRunId() });
      expect(calls).toEqual([[{ ok: false, message: msg.message, errors: msg.errors }, reusable]]);
    }
  });

  it('a worker that fails to load fails its job and every later one at once', () => {
    const w = new JobWorker();
    const calls = start(w);
    FakeWorker.all[0]!.onerror?.({ message: '' });
    expect(calls).toEqual([
      [{ ok: false, message: 'the simulation worker failed to load', errors: [] }, false],
    ]);
    const later = start(w);
    expect(later).toHaveLength(1);
    expect(later[0]![1]).toBe(false);
  });

  it('reports nothing after terminate()', () => {
    const w = new JobWorker();
    const calls = start(w);
    const fake = FakeWorker.all[0]!;
    w.terminate();
    expect(fake.terminated).toBe(true);
    fake.reply(done(fake.lastRunId()));
    expect(calls).toHaveLength(0);
  });
});
