// The page's side of the check worker (checkWorker.ts): `checkOffThread(json)` resolves with the
// verdict the page's own wasm would give, computed in a worker, and `readOffThread(bytes)` with
// the reader's verdict on an imported file's bytes. The worker starts with the first request and
// ends after IDLE_MS without one (its wasm memory goes with it). When a worker cannot be had (no
// Worker, or it fails to load) the page's own wasm answers instead.
import type { FieldError } from './protocol';
import type { WorkEstimate } from './boundary';
import type { ReadVerdict } from '../scenario/reader';

/** What the worker is asked: check a scenario's JSON, or read a file's bytes. */
type Question = { kind: 'check'; json: string } | { kind: 'read'; bytes: Uint8Array };

export type CheckRequest = Question & { id: number };

export type CheckReply =
  | { id: number; ok: true; errors: FieldError[]; estimate: WorkEstimate | null }
  | { id: number; ok: true; readable: boolean; errors: FieldError[] }
  | { id: number; ok: false; message: string };

export interface CheckResult {
  errors: FieldError[];
  estimate: WorkEstimate | null;
}

/** The worker ends after this long without a request. */
const IDLE_MS = 10_000;

/** A request waiting for the worker: what to do with its reply, or without a worker. */
interface Job {
  answer(reply: CheckReply): void;
  /** The page's own answer (the worker did not load). */
  fallback(): void;
}

let worker: Worker | null = null;
let broken = false;
let nextId = 1;
let idleTimer: ReturnType<typeof setTimeout> | null = null;
const waiting = new Map<number, Job>();

function startWorker(): Worker | null {
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
    const job = waiting.get(e.data.id);
    if (!job) return;
    waiting.delete(e.data.id);
    job.answer(e.data);
    armIdle();
  };
  worker.onerror = () => {
    // The worker did not load: what it was asked is answered here, and so is all that follows.
    broken = true;
    worker?.terminate();
    worker = null;
    for (const [id, job] of waiting) {
      waiting.delete(id);
      job.fallback();
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

/** Starts the worker ahead of a request that is likely soon (the user is choosing a file to
 * import): its wasm is ready by the time the file is. It ends after IDLE_MS if none comes. */
export function warmCheckWorker(): void {
  if (startWorker()) armIdle();
}

/** Sends `request` (less its id) to the worker; `page` answers when there is no worker. */
function ask<T>(request: Question, fromReply: (reply: CheckReply) => T, page: () => T): Promise<T> {
  const w = startWorker();
  if (!w) return Promise.resolve().then(page);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const settle = (f: () => T) => {
      try {
        resolve(f());
      } catch (e) {
        reject(e);
      }
    };
    waiting.set(id, {
      answer: (reply) => settle(() => fromReply(reply)),
      fallback: () => settle(page),
    });
    w.postMessage({ ...request, id } satisfies CheckRequest);
    armIdle();
  });
}

/** The check of `json` in the worker; `fallback` (the page's own check) when there is none. It
 * rejects only when the fallback throws. */
export function checkOffThread(
  json: string,
  fallback: (json: string) => CheckResult,
): Promise<CheckResult> {
  return ask(
    { kind: 'check', json },
    (r) =>
      !r.ok
        ? { errors: [{ path: '', message: r.message }], estimate: null }
        : 'estimate' in r
          ? { errors: r.errors, estimate: r.estimate }
          : { errors: r.errors, estimate: null },
    () => fallback(json),
  );
}

/** The reader's verdict on `bytes` without validation (an imported file's: the editor checks it
 * once it shows), in the worker; `fallback` (the page's own reader) when there is none, or when
 * the worker's reader failed. It rejects only when the fallback throws. */
export function readOffThread(
  bytes: Uint8Array,
  fallback: (bytes: Uint8Array) => ReadVerdict,
): Promise<ReadVerdict> {
  return ask(
    { kind: 'read', bytes },
    (r) => (r.ok && 'readable' in r ? { readable: r.readable, errors: r.errors } : fallback(bytes)),
    () => fallback(bytes),
  );
}
