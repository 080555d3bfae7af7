#!/usr/bin/env node
// `npm run fuzz`: run the cargo-fuzz targets in wasm/fuzz (scenario_decode, scenario_simulate)
// for a bounded time each, starting from the committed seed corpus (wasm/fuzz/seeds) and the
// local working corpus (wasm/fuzz/corpus, not committed), and the link decoder's target
// (link_decode: TypeScript in Node, scripts/fuzz-link.mjs). The cargo targets need a nightly toolchain and
// cargo-fuzz: the gate installs them when they are missing (rustup and cargo install) and fails
// when it cannot; a plain run says what is missing and exits 1.
//
//   node scripts/fuzz.mjs                      each target for 60 s, random libFuzzer seed
//   node scripts/fuzz.mjs --seed 1             the same with a fixed seed
//   node scripts/fuzz.mjs --gate               what npm test runs: a fixed seed and a fixed number of
//                                              inputs per target after every seed once, in a fresh
//                                              corpus, so every machine tries the same inputs
//                                              (about 13 s a target; 15 s at most); the link target
//                                              runs beside the cargo build, the two cargo targets
//                                              side by side
//   node scripts/fuzz.mjs --seconds 3600       the long run (docs/reliability.md)
//   node scripts/fuzz.mjs --seconds 3600 --jobs 4 scenario_simulate
//
// Exit status: 0 when no target failed, 1 when one did (or the tools are missing); the
// failing input is kept in wasm/fuzz/artifacts/<target>/ and the command to replay it is printed.
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, WASM_DIR } from './lib/paths.mjs';
import { env, log, output, run, capture } from './lib/proc.mjs';
import { spawn, spawnSync } from 'node:child_process';

export const FUZZ_DIR = join(WASM_DIR, 'fuzz');
/** The cargo-fuzz targets (Rust), and the link decoder's target (TypeScript, in Node). */
export const CARGO_TARGETS = ['scenario_decode', 'scenario_simulate'];
export const LINK_TARGET = 'link_decode';
export const TARGETS = [...CARGO_TARGETS, LINK_TARGET];
/** Build flags shared by build and run: debug assertions (and overflow checks) on, no sanitizer
 * (the model is safe Rust; ASan would only slow it down). */
const BUILD_FLAGS = ['--debug-assertions', '--sanitizer', 'none'];
/** The build of the cargo targets, as [command, arguments, options] (npm test starts it early). */
export const CARGO_FUZZ_BUILD = [
  'cargo',
  ['+nightly', 'fuzz', 'build', ...BUILD_FLAGS],
  { cwd: WASM_DIR },
];
/** The gate's inputs per target (about 13 s each on an idle 2-core machine), and a time cap per
 * target that keeps the whole step under a minute, so a slow machine stops early rather than
 * holding up CI. The long run is `npm run fuzz -- --seconds 3600` (docs/reliability.md). */
export const GATE = {
  seed: 1,
  runs: { scenario_decode: 1_000_000, scenario_simulate: 30_000, link_decode: 5_000 },
  seconds: 15,
};

/** Why fuzzing cannot run here, or null when it can. */
export function fuzzUnavailable() {
  if (capture('cargo', ['+nightly', '--version']) === null) {
    return 'no nightly toolchain (rustup toolchain install nightly --profile minimal)';
  }
  if (capture('cargo', ['+nightly', 'fuzz', '--version']) === null) {
    return 'cargo-fuzz is not installed (cargo install cargo-fuzz --locked)';
  }
  return null;
}

/** Install what fuzzing needs (a nightly toolchain, cargo-fuzz); null when it is there. */
export function ensureFuzzTools() {
  if (capture('cargo', ['+nightly', '--version']) === null) {
    log('installing a nightly toolchain for fuzzing (rustup)');
    run('rustup', ['toolchain', 'install', 'nightly', '--profile', 'minimal']);
  }
  if (capture('cargo', ['+nightly', 'fuzz', '--version']) === null) {
    log('installing cargo-fuzz (cargo install)');
    if (run('cargo', ['install', 'cargo-fuzz', '--locked']) !== 0) {
      run('cargo', ['install', 'cargo-fuzz']);
    }
  }
  return fuzzUnavailable();
}

function parseArgs(argv) {
  const opts = { seconds: 60, jobs: 1, seed: undefined, targets: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--gate') {
      opts.gate = true;
    } else if (a === '--seconds' || a === '--jobs' || a === '--seed') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${a} needs a whole number ≥ 1`);
      opts[a.slice(2)] = n;
    } else if (TARGETS.includes(a)) {
      opts.targets.push(a);
    } else {
      throw new Error(`unknown argument '${a}' (targets: ${TARGETS.join(', ')})`);
    }
  }
  if (opts.targets.length === 0) opts.targets = [...TARGETS];
  return opts;
}

/**
 * The link decoder's target (scripts/fuzz-link.mjs): the gate's fixed inputs, or `seconds` of
 * new ones. Resolves to { ok, line, detail } with its summary line. Runs beside the cargo build
 * (its output goes to a file, so it never waits on a full pipe while the build holds the loop).
 */
function fuzzLinks({ gate, seconds, seed }) {
  const args = gate
    ? ['--inputs', String(GATE.runs[LINK_TARGET]), '--seed', String(GATE.seed)]
    : ['--seconds', String(seconds), ...(seed === undefined ? [] : ['--seed', String(seed)])];
  log(`$ node scripts/fuzz-link.mjs ${args.join(' ')}`);
  const dir = mkdtempSync(join(tmpdir(), `tcplab-${LINK_TARGET}-`));
  const outFile = join(dir, 'out.txt');
  const fd = openSync(outFile, 'w');
  return spawnAsync(process.execPath, [join(ROOT, 'scripts', 'fuzz-link.mjs'), ...args], {
    stdio: ['ignore', fd, 'inherit'],
  }).then((status) => {
    closeSync(fd);
    const out = readFileSync(outFile, 'utf8');
    rmSync(dir, { recursive: true, force: true });
    (output.toStderr ? process.stderr : process.stdout).write(out);
    const line = out.split('\n')[0] ?? '';
    return { ok: status === 0, line, detail: out };
  });
}

/** A command started without waiting; resolves to its exit status (127 if it cannot start). */
function spawnAsync(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, ...opts });
    child.on('error', (e) => {
      process.stderr.write(`cannot run ${cmd}: ${e.message}\n`);
      resolve(127);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/**
 * Build once, then run each target; resolves to the exit status (with a note for npm test). The
 * gate runs the link target beside the cargo build and the two cargo targets side by side (each
 * libFuzzer process is single-threaded, the machines it runs on have two cores); the long runs
 * take one target at a time.
 */
export async function fuzz({
  seconds = 60,
  jobs = 1,
  seed,
  targets = TARGETS,
  gate = false,
  built = null,
} = {}) {
  const linksRun = targets.includes(LINK_TARGET) ? fuzzLinks({ gate, seconds, seed }) : null;
  const linkFailure = (links) => ({
    status: 1,
    note: `failure in ${LINK_TARGET}`,
    detail: links.detail,
  });
  if (!gate && linksRun) {
    const links = await linksRun;
    if (!links.ok) return linkFailure(links);
  }
  targets = targets.filter((t) => t !== LINK_TARGET);
  let cargoResult = { status: 0, note: '' };
  if (targets.length > 0) {
    const missing = gate ? ensureFuzzTools() : fuzzUnavailable();
    if (missing) {
      process.stderr.write(`fuzzing cannot run: ${missing}\n`);
      cargoResult = { status: 1, note: `missing: ${missing.split(' (')[0]}` };
    } else {
      // A build started earlier (npm test's, in the background) is waited for; the build below
      // then finds it done, or fails as it did.
      if (built) await built;
      cargoResult = await fuzzCargo({ seconds, jobs, seed, targets, gate });
    }
  }
  const links = linksRun ? await linksRun : null;
  if (links && !links.ok) {
    const f = linkFailure(links);
    return cargoResult.status === 0
      ? f
      : {
          status: 1,
          note: `${f.note}, ${cargoResult.note}`,
          detail: [f.detail, cargoResult.detail].filter(Boolean).join('\n'),
        };
  }
  if (cargoResult.status !== 0) return cargoResult;
  const linkNote = links
    ? links.line.replace(/^link_decode: /, 'links: ').split(', refused')[0]
    : '';
  return { status: 0, note: [cargoResult.note, linkNote].filter(Boolean).join('; ') };
}

/** The cargo-fuzz targets: one build, then each target (side by side in the gate). */
async function fuzzCargo({ seconds, jobs, seed, targets, gate }) {
  const cwd = WASM_DIR;
  const [buildCmd, buildArgs, buildOpts] = CARGO_FUZZ_BUILD;
  if (run(buildCmd, buildArgs, buildOpts) !== 0) {
    return { status: 1, note: 'build failed' };
  }
  const crashed = [];
  /** The gate: inputs each target actually tried (null when the log did not say). */
  const tried = [];
  const fuzzOne = async (target) => {
    // The gate starts from the seeds alone; the long runs grow the working corpus.
    const corpus = gate
      ? mkdtempSync(join(tmpdir(), `tcplab-${target}-`))
      : join(FUZZ_DIR, 'corpus', target);
    mkdirSync(corpus, { recursive: true });
    const libfuzzer = [
      `-dict=${join(FUZZ_DIR, 'scenario.dict')}`,
      `-max_total_time=${gate ? GATE.seconds : seconds}`,
      '-max_len=8192',
      '-timeout=20',
      '-rss_limit_mb=2048',
      '-print_final_stats=1',
    ];
    // -reload=0: libFuzzer otherwise re-reads the corpus every second, a timing-dependent input.
    if (gate) libfuzzer.push(`-seed=${GATE.seed}`, `-runs=${GATE.runs[target]}`, '-reload=0');
    else if (seed !== undefined) libfuzzer.push(`-seed=${seed}`);
    if (jobs > 1) libfuzzer.push(`-fork=${jobs}`);
    const args = ['+nightly', 'fuzz', 'run', ...BUILD_FLAGS, target, corpus];
    args.push(join(FUZZ_DIR, 'seeds'), '--', ...libfuzzer);
    const started = Date.now();
    if (gate) {
      // libFuzzer's log goes to a file (shown once the target ends, whole, so two targets' logs
      // never interleave) so the summary can say how many inputs were tried: fewer than planned
      // when the time cap stopped the target.
      const logFile = join(corpus, '..', `${target}-${process.pid}.log`);
      const fd = openSync(logFile, 'w');
      const [cmd, cmdArgs] = withoutAslr('cargo', args);
      log(`$ ${[cmd, ...cmdArgs].join(' ')}`);
      const status = await spawnAsync(cmd, cmdArgs, {
        cwd,
        stdio: ['ignore', fd, fd],
      });
      closeSync(fd);
      const text = readFileSync(logFile, 'utf8');
      rmSync(logFile, { force: true });
      log(`── ${target}`);
      process.stderr.write(text);
      tried.push({ target, runs: inputsTried(text) });
      if (status !== 0) crashed.push(describeCrash(target, started));
      rmSync(corpus, { recursive: true, force: true });
    } else {
      log(`$ cargo ${args.join(' ')}`);
      if ((await spawnAsync('cargo', args, { cwd, stdio: 'inherit' })) !== 0) {
        crashed.push(describeCrash(target, started));
      }
    }
  };
  if (gate) {
    await Promise.all(targets.map(fuzzOne));
    // In the order of the targets, whichever ended first.
    tried.sort((x, y) => targets.indexOf(x.target) - targets.indexOf(y.target));
  } else {
    for (const target of targets) await fuzzOne(target);
  }
  if (crashed.length > 0) {
    const names = crashed.map((c) => c.target);
    process.stderr.write(
      `\nfuzzing found a failure in ${names.join(', ')}. The input is in ` +
        `wasm/fuzz/artifacts/<target>/; replay it with\n` +
        `  cd wasm && cargo +nightly fuzz run ${BUILD_FLAGS.join(' ')} <target> fuzz/artifacts/<target>/<file>\n` +
        `and shrink it with \`cargo +nightly fuzz tmin ${BUILD_FLAGS.join(' ')} <target> <file>\`.\n`,
    );
    return {
      status: 1,
      note: crashed.map((c) => `${c.kind} in ${c.target}`).join(', '),
      detail: crashed.map((c) => c.detail).join('\n'),
    };
  }
  return { status: 0, note: gate ? gateNote(tried) : `${targets.length} × ${seconds} s` };
}

/**
 * The inputs a libFuzzer run tried, from its final statistics (`-print_final_stats=1`) or its
 * closing "Done N runs" line; null when the log has neither (it failed before fuzzing).
 */
export function inputsTried(log) {
  const stat = /stat::number_of_executed_units:\s*(\d+)/.exec(log);
  const done = /Done (\d+) runs in/.exec(log);
  const m = stat ?? done;
  return m ? Number(m[1]) : null;
}

/** The gate's summary note: each target's inputs tried, and the plan when the cap stopped it. */
export function gateNote(tried) {
  return tried
    .map(({ target, runs }) => {
      const planned = GATE.runs[target];
      if (runs === null) return `${target}: inputs unknown`;
      if (runs >= planned) return `${runs} inputs`;
      return `${runs} of ${planned} inputs (stopped at ${GATE.seconds} s)`;
    })
    .join(' + ');
}

/**
 * The command run with address-space randomisation off (`setarch -R`, inherited by the fuzz
 * binary), when that is available: libFuzzer's comparison tables are indexed by code address, so
 * with a fixed seed the inputs it tries are the same from run to run only at fixed addresses.
 */
function withoutAslr(cmd, args) {
  const arch = capture('uname', ['-m']);
  if (arch === null || capture('setarch', [arch, '-R', 'true']) === null) return [cmd, args];
  return ['setarch', [arch, '-R', cmd, ...args]];
}

/** libFuzzer names an artifact after what went wrong: crash-, timeout-, oom-, slow-unit-… */
function artifactKind(file) {
  return file.split('-')[0];
}

/**
 * What a failed target left: the kind, the newest artifact written since `since`, the panic
 * message (from replaying the input once) and the input itself, so that a CI log whose tail is
 * all one sees still tells what broke and how to reproduce it.
 */
export function describeCrash(target, since) {
  const dir = join(FUZZ_DIR, 'artifacts', target);
  let files = [];
  try {
    files = readdirSync(dir)
      .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
      .filter(({ t }) => t >= since - 1000)
      .sort((a, b) => b.t - a.t);
  } catch {
    // no artifacts directory: libFuzzer failed before fuzzing
  }
  if (files.length === 0) {
    return { target, kind: 'failure', detail: `${target}: exited with an error and left no input` };
  }
  const file = join(dir, files[0].f);
  const kind = artifactKind(files[0].f);
  const replay = spawnSync(
    'cargo',
    ['+nightly', 'fuzz', 'run', ...BUILD_FLAGS, target, file, '--', '-runs=1'],
    { cwd: WASM_DIR, env, encoding: 'utf8', timeout: 120_000 },
  );
  const out = `${replay.stdout ?? ''}${replay.stderr ?? ''}`.split('\n');
  const at = out.findIndex((l) => /panicked at|ERROR: libFuzzer/.test(l));
  const why = at < 0 ? '(no panic message on replay)' : out.slice(at, at + 4).join('\n');
  const input = readFileSync(file).toString('utf8');
  const shown = input.length > 1500 ? `${input.slice(0, 1500)}…` : input;
  return {
    target,
    kind,
    detail: `${target}: ${kind} ${file}\n${why}\ninput (${input.length} chars): ${JSON.stringify(shown)}`,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  }
  const result = await fuzz(opts);
  log(`fuzz: ${result.status === 0 ? 'ok' : 'FAILED'} (${result.note})`);
  process.exit(result.status);
}
