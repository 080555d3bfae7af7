// Builds started early at the lowest CPU priority, for `npm test`: they run on whatever the steps
// in front leave idle (a single-threaded link, wasm-opt, a cargo build's serial tail, pytest) and
// take almost nothing from those steps while they compete. The step that needs a build waits for
// it, prints its output, then runs its own command as before, which finds the work done (or, when
// the build in the background failed, fails in the same way and says why). Node built-ins only.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { env, log } from './proc.mjs';
import { ROOT } from './paths.mjs';

/** The lowest priority (the highest nice value). */
const IDLE_NICE = 19;

/** The jobs running now, ended when npm test exits early (set-up failed). */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill();
});

/** One command run at the lowest priority, its output in a file; resolves to its exit status. */
function runLowPriority(name, cmd, args, opts) {
  const dir = mkdtempSync(join(tmpdir(), 'tcplab-bg-'));
  const outFile = join(dir, 'out.log');
  const fd = openSync(outFile, 'w');
  const started = Date.now();
  return new Promise((resolve) => {
    // `nice` wraps the command so that every process it starts (rustc, the linker) inherits the
    // priority from the start; where there is no `nice`, the priority is set right after spawning.
    const viaNice = process.platform !== 'win32';
    const [c, a] = viaNice ? ['nice', ['-n', String(IDLE_NICE), cmd, ...args]] : [cmd, args];
    const child = spawn(c, a, { cwd: ROOT, env, ...opts, stdio: ['ignore', fd, fd] });
    running.add(child);
    if (!viaNice && child.pid) {
      try {
        setPriority(child.pid, IDLE_NICE);
      } catch {
        // runs at normal priority
      }
    }
    let ended = false;
    const finish = (status, why = '') => {
      if (ended) return;
      ended = true;
      running.delete(child);
      closeSync(fd);
      const output = readFileSync(outFile, 'utf8') + why;
      rmSync(dir, { recursive: true, force: true });
      resolve({ name, cmd: [cmd, ...args].join(' '), status, output, started, ended: Date.now() });
    };
    child.on('error', (e) => finish(127, `cannot run ${cmd}: ${e.message}\n`));
    child.on('close', (code) => finish(code ?? 1));
  });
}

/**
 * Start `jobs` ([name, cmd, args, opts?] each) one after another at the lowest priority, now.
 * Returns `wait(name)`: resolves once that job has ended (and printed its output), to its exit
 * status; `wait.has(name)` says whether there is such a job. A job runs after the one before it ends, whatever its status.
 */
export function startInBackground(jobs, t0 = Date.now()) {
  const results = new Map();
  let previous = Promise.resolve();
  for (const [name, cmd, args, opts = {}] of jobs) {
    const p = previous.then(() => runLowPriority(name, cmd, args, opts));
    results.set(name, p);
    previous = p;
  }
  log(`started in the background, at the lowest priority: ${jobs.map((j) => j.at(0)).join(', ')}`);
  const shown = new Set();
  async function wait(name) {
    const p = results.get(name);
    if (!p) throw new Error(`no background job ${name}`);
    const waitFrom = Date.now();
    const r = await p;
    if (!shown.has(name)) {
      shown.add(name);
      const at = (ms) => ((ms - t0) / 1000).toFixed(0);
      log(
        `── ${name} (in the background from ${at(r.started)} s to ${at(r.ended)} s, ` +
          `waited ${((Date.now() - waitFrom) / 1000).toFixed(1)} s for it, status ${r.status})`,
      );
      log(`$ ${r.cmd}`);
      process.stdout.write(r.output);
    }
    return r.status;
  }
  wait.has = (name) => results.has(name);
  return wait;
}
