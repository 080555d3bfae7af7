// Builds started early at the lowest CPU priority, for `npm test`: they run on whatever the steps
// in front leave idle (a single-threaded link, wasm-opt, a cargo build's serial tail, pytest) and
// take almost nothing from those steps while they compete. The step that needs a build waits for
// it, prints its output, then runs its own command as before, which finds the work done (or, when
// the build in the background failed, fails in the same way and says why). While a step waits,
// the build gets this process's priority back (when the system allows it), so that on a machine
// busy with other work it is not left to the idle time alone.
//
// The jobs run one after another in one shell, not sequenced from here: npm test's steps run
// with spawnSync, which holds Node's event loop, so a job started from an event would wait for
// the step in front to end. Linux and macOS (a POSIX shell); elsewhere there is no background.
// Node built-ins only.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { env, log } from './proc.mjs';
import { ROOT } from './paths.mjs';

/** The lowest priority (the highest nice value). */
const IDLE_NICE = 19;

const quote = (s) => `'${String(s).replaceAll("'", `'\\''`)}'`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Set the priority of every process in process group `pgid` (Linux: from /proc); elsewhere of
 * the group's leader only. Failures (not allowed to raise a priority) are ignored. */
function setGroupPriority(pgid, nice) {
  let pids = [pgid];
  try {
    pids = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pgid;
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    // no /proc
  }
  for (const pid of pids) {
    try {
      setPriority(pid, nice);
    } catch {
      // not allowed, or already ended
    }
  }
}

/**
 * Start `jobs` ([name, cmd, args, { cwd }?] each) now, one after another at the lowest priority
 * (a job runs after the one before it ends, whatever its status). Returns `wait(name)`, which
 * resolves once that job has ended (and printed its output) to its exit status, and
 * `wait.has(name)`; or null where there is no POSIX shell (Windows).
 */
export function startInBackground(jobs, t0 = Date.now()) {
  if (process.platform === 'win32') return null;
  const dir = mkdtempSync(join(tmpdir(), 'tcplab-bg-'));
  const file = (i, what) => join(dir, `${i}.${what}`);
  // Each job's output in i.log; its status written to i.tmp and renamed to i.status (so a status
  // file is never read half-written); its start time in i.start.
  const script = jobs
    .map(([, cmd, args, { cwd = ROOT } = {}], i) =>
      [
        `date +%s > ${quote(file(i, 'start'))}`,
        `(cd ${quote(cwd)} && exec ${[cmd, ...args].map(quote).join(' ')}) > ${quote(file(i, 'log'))} 2>&1`,
        `echo $? > ${quote(file(i, 'tmp'))}`,
        `mv ${quote(file(i, 'tmp'))} ${quote(file(i, 'status'))}`,
      ].join('\n'),
    )
    .join('\n');
  // Its own process group (detached), so that its priority and its end reach every process in it.
  const shell = spawn('nice', ['-n', String(IDLE_NICE), 'sh', '-c', script], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: 'ignore',
  });
  let ended = false;
  const stop = () => {
    if (!ended) {
      ended = true;
      try {
        process.kill(-shell.pid, 'SIGTERM');
      } catch {
        // already ended
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  shell.on('close', () => {
    ended = true;
  });
  shell.on('error', (e) => process.stderr.write(`cannot start the background builds: ${e}\n`));
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      stop();
      process.exit(130);
    });
  }
  log(`started in the background, at the lowest priority: ${jobs.map((j) => j[0]).join(', ')}`);

  const names = jobs.map((j) => j[0]);
  const shown = new Set();
  const ownNice = getPriority();
  async function wait(name) {
    const i = names.indexOf(name);
    if (i < 0) throw new Error(`no background job ${name}`);
    const waitFrom = Date.now();
    if (!existsSync(file(i, 'status'))) {
      // Waiting: the build is in front now, at this process's own priority.
      setGroupPriority(shell.pid, ownNice);
      while (!existsSync(file(i, 'status')) && !ended) {
        await sleep(500);
      }
      // The next job, if any, goes back to the idle time.
      if (i < jobs.length - 1) setGroupPriority(shell.pid, IDLE_NICE);
    }
    const status = existsSync(file(i, 'status'))
      ? Number(readFileSync(file(i, 'status'), 'utf8').trim())
      : 1;
    if (!shown.has(name)) {
      shown.add(name);
      const started = existsSync(file(i, 'start'))
        ? Number(readFileSync(file(i, 'start'), 'utf8')) * 1000
        : t0;
      const at = (ms) => Math.max(0, (ms - t0) / 1000).toFixed(0);
      log(
        `── ${name} (in the background from ${at(started)} s, ` +
          `waited ${((Date.now() - waitFrom) / 1000).toFixed(1)} s for it at ${at(waitFrom)} s, status ${status})`,
      );
      const [, cmd, args] = jobs[i];
      log(`$ ${[cmd, ...args].join(' ')}`);
      if (existsSync(file(i, 'log'))) process.stdout.write(readFileSync(file(i, 'log'), 'utf8'));
    }
    return status;
  }
  wait.has = (name) => names.includes(name);
  return wait;
}
