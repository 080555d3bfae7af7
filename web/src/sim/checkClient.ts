// The page's side of the check worker (checkWorker.ts): `checkOffThread(json)` resolves with the
// verdict the page's own wasm would give, computed in a worker. The worker starts with the first
// request and ends after IDLE_MS without one (its wasm memory goes with it). When a worker cannot
// be had (no Worker, or it fails to load) the check runs on the page's thread instead.
import type { FieldError } from './protocol';
import type { WorkEstimate } from './boundary';

export interface CheckRequest {
  id: number;
  json: string;
}

export type CheckReply =
  | { id: number; ok: true; errors: FieldError[]; estimate: WorkEstimate | null }
  | { id: number; ok: false; message: string };

export interface CheckResult {
  errors: FieldError[];
  estimate: WorkEstimate | null;
}

/** The worker ends after this long without a request. */
const IDLE_MS = 10_000;

let worker: Worker | null = null;
let broken = false;
let nextId = 1;
let idleTimer: ReturnType<typeof setTimeout> | null = null;
const waiting = new Map<
  number,
  { json: string; resolve(r: CheckResult): void; reject(e: unknown): void }
>();

function startWorker(fallback: (json: string) => CheckResult): Worker | null {
  if (worker || broken) return worker;
  if (typeof Worker === 'undefined') {
    broken = true;
    return null;
  }
  try {
    worker = new Worker(new URL('./checkWorker.ts', import.meta.url), { type: 'module' });
  } catch {
    broken = true;
    return null;
  }
  worker.onmessage = (e: MessageEvent<CheckReply>) => {
    const r = e.data;
    const job = waiting.get(r.id);
    if (!job) return;
    waiting.delete(r.id);
    job.resolve(
      r.ok
        ? { errors: r.errors, estimate: r.estimate }
        : { errors: [{ path: '', message: r.message }], estimate: null },
    );
    armIdle();
  };
  worker.onerror = () => {
    // The worker did not load: what it was asked is checked here, and so is all that follows.
    broken = true;
    worker?.terminate();
    worker = null;
    for (const [id, job] of waiting) {
      waiting.delete(id);
      try {
        job.resolve(fallback(job.json));
      } catch (e) {
        job.reject(e);
      }
    }
  };
  return worker;
}

function armIdle(): void {
  if (idleTimer !== null) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    idleTimer = null;
    if (waiting.size > 0) return armIdle();
    worker?.terminate();
    worker = null;
  }, IDLE_MS);
}

/** The check of `json` in the worker; `fallback` (the page's own check) when there is none. It
 * rejects only when the fallback throws. */
export async function checkOffThread(
  json: string,
  fallback: (json: string) => CheckResult,
): Promise<CheckResult> {
  const w = startWorker(fallback);
  if (!w) return fallback(json);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { json, resolve, reject });
    w.postMessage({ id, json } satisfies CheckRequest);
    armIdle();
  });
}
