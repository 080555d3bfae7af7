#!/usr/bin/env node
// `npm run ns3:compare`: run every dumbbell case of content/scenarios/ns3/ in tcplab and in
// ns-3, and print the comparison table of docs/validation-ns3.md. Not part of `npm test`:
// it needs an ns-3 tree that you have built yourself (see that document). This script only
// copies tcplab's own program (scripts/ns3/dumbbell.cc) into the tree's scratch/ directory,
// builds that one program and runs it. Node built-ins only.
//
// A case with several flows runs --runs times on each side, run r with flow i starting
// r·(i + 1) ms later: per-flow shares in a deterministic simulation hang on the flows'
// relative phases, so each side's spread over these runs is the yardstick for the difference
// between the two.
//
// Usage: NS3_DIR=/path/to/ns-3-dev npm run ns3:compare [-- --case NAME]... [-- --runs N]
//        [-- --out DIR] [-- --update-doc]
//   --case NAME   only this case (file name without .json); repeatable
//   --runs N      runs per side of a case with several flows (default 3)
//   --out DIR     where the traces, results.json and table.md go (default: a temporary dir)
//   --reuse       analyse the traces already in --out instead of running anything
//   --ns3-recovery classic
//                 run ns-3 with TcpClassicRecovery (RFC 6675 without PRR) instead of its
//                 default PRR, to see what PRR accounts for
//   --update-doc  replace the results in docs/validation-ns3.md between its markers
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { CARGO_MANIFEST, CLI_BIN, ROOT } from './lib/paths.mjs';
import { env, log, must } from './lib/proc.mjs';
import { CaseError, ns3Args, toArgv } from './lib/ns3-case.mjs';
import { flowStats, jain, queueStats } from './lib/ns3-stats.mjs';
import { tables } from './lib/ns3-table.mjs';

/** Statistics start here, after slow start and the first reductions (seconds). */
const WARMUP_S = 10;
/** Run r of a case starts flow i r·(i + 1)·SHIFT_MS later. */
const SHIFT_MS = 1;
const CASES_DIR = join(ROOT, 'content', 'scenarios', 'ns3');
const PROGRAM = join(ROOT, 'scripts', 'ns3', 'dumbbell.cc');
const SCRATCH_NAME = 'tcplab-dumbbell';
const DOC = join(ROOT, 'docs', 'validation-ns3.md');
const MARK_START = '<!-- ns3-compare:start -->';
const MARK_END = '<!-- ns3-compare:end -->';
const USAGE =
  'usage: NS3_DIR=/path/to/ns-3-dev npm run ns3:compare [-- --case NAME]... [-- --runs N] ' +
  '[-- --out DIR] [-- --reuse] [-- --ns3-recovery classic] [-- --update-doc]';

function usage(msg) {
  process.stderr.write(`error: ${msg}\n${USAGE}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const o = { cases: [], runs: 3, out: null, reuse: false, recovery: null, updateDoc: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--case') o.cases.push(argv[++i] ?? usage('--case needs a name'));
    else if (a === '--runs') {
      o.runs = Number(argv[++i]);
      if (!Number.isInteger(o.runs) || o.runs < 1) usage('--runs needs a whole number ≥ 1');
    } else if (a === '--out') o.out = argv[++i] ?? usage('--out needs a directory');
    else if (a === '--reuse') o.reuse = true;
    else if (a === '--ns3-recovery') {
      o.recovery = argv[++i];
      if (o.recovery !== 'classic') usage("--ns3-recovery takes 'classic'");
    } else if (a === '--update-doc') o.updateDoc = true;
    else usage(`unknown argument '${a}'`);
  }
  return o;
}

/** Run and return stdout; stop the script with the command's stderr when it fails. */
function output(cmd, args) {
  const r = spawnSync(cmd, args, { env, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.error || r.status !== 0) {
    process.stderr.write(r.stderr ?? '');
    throw new Error(`${cmd} ${args.join(' ')} failed: ${r.error?.message ?? `status ${r.status}`}`);
  }
  return r.stdout;
}

function gitOf(dir, args) {
  const r = spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** Copy the program into the ns-3 tree (when it changed), build it, return its executable. */
function buildProgram(ns3Dir) {
  const dest = join(ns3Dir, 'scratch', `${SCRATCH_NAME}.cc`);
  const text = readFileSync(PROGRAM, 'utf8');
  if (!existsSync(dest) || readFileSync(dest, 'utf8') !== text) copyFileSync(PROGRAM, dest);
  must(join(ns3Dir, 'ns3'), ['build', SCRATCH_NAME], { cwd: ns3Dir });
  const dir = join(ns3Dir, 'build', 'scratch');
  const exe = readdirSync(dir).find(
    (f) => f.includes(`-${SCRATCH_NAME}-`) || f.endsWith(`-${SCRATCH_NAME}`),
  );
  if (!exe) throw new Error(`no ${SCRATCH_NAME} executable in ${dir}`);
  return join(dir, exe);
}

/** The scenario with flow i starting r·(i + 1)·SHIFT_MS later. */
function shiftedScenario(s, r) {
  const flows = s.flows.map((f, i) => ({
    ...f,
    start_s: +((f.start_s ?? 0) + (r * (i + 1) * SHIFT_MS) / 1e3).toFixed(6),
  }));
  return { ...s, flows };
}

/**
 * One run of both sides (exe null: reuse the traces already there): the traces under
 * dir/{tcplab,ns3} and each side's statistics.
 */
function runBoth(scenario, exe, dir, recovery) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'scenario.json');
  const args = ns3Args(scenario, { warmupS: WARMUP_S });
  if (recovery) args.recovery = recovery;
  const [ours, ref] = [join(dir, 'tcplab'), join(dir, 'ns3')];
  if (exe) {
    writeFileSync(file, JSON.stringify(scenario, null, 1));
    log(`   tcplab run ${file}`);
    output(CLI_BIN, ['run', file, '--csv', ours]);
    log(`   ns-3 ${toArgv(args).join(' ')}`);
    output(exe, [...toArgv(args), `--out=${ref}`]);
  }
  const side = (d) => {
    const flows = scenario.flows.map((f) => flowStats(d, f.id, WARMUP_S));
    return { flows, jain: jain(flows.map((f) => f.goodputBps)), queue: queueStats(d, WARMUP_S) };
  };
  return { args, tcplab: side(ours), ns3: side(ref) };
}

/** Every run of one case (one for a single flow; `runs` phase-shifted ones for several). */
function runCase(file, exe, out, { runs, recovery }) {
  const name = basename(file, '.json');
  const scenario = JSON.parse(readFileSync(file, 'utf8'));
  // Refuse what the program cannot reproduce before anything runs.
  ns3Args(scenario, { warmupS: WARMUP_S });
  const n = scenario.flows.length > 1 ? runs : 1;
  log(`── ${name}: ${n} run${n > 1 ? 's' : ''} on each side`);
  const results = [];
  for (let r = 0; r < n; r++) {
    results.push(runBoth(shiftedScenario(scenario, r), exe, join(out, name, `run${r}`), recovery));
  }
  return {
    name,
    flows: scenario.flows.map((f) => ({ id: f.id, cc: f.cc ?? 'newreno' })),
    runs: results,
  };
}

function updateDoc(text) {
  const doc = readFileSync(DOC, 'utf8');
  const [i, j] = [doc.indexOf(MARK_START), doc.indexOf(MARK_END)];
  if (i < 0 || j < i) throw new Error(`${DOC} has no ${MARK_START} … ${MARK_END} section`);
  writeFileSync(DOC, `${doc.slice(0, i + MARK_START.length)}\n\n${text}\n${doc.slice(j)}`);
  // Align the tables as the repository's Prettier check wants them.
  const prettier = join(ROOT, 'node_modules', '.bin', 'prettier');
  if (existsSync(prettier)) must(prettier, ['--write', DOC]);
  log(`updated ${DOC}`);
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const ns3Dir = process.env.NS3_DIR;
  if (!ns3Dir) usage('set NS3_DIR to a built ns-3 tree (docs/validation-ns3.md says how)');
  if (!existsSync(join(ns3Dir, 'ns3')) || !existsSync(join(ns3Dir, 'build', 'lib')))
    usage(`${ns3Dir} is not a built ns-3 tree (no ns3 script or build/lib)`);
  let files = readdirSync(CASES_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(CASES_DIR, f));
  if (opts.cases.length) {
    files = files.filter((f) => opts.cases.includes(basename(f, '.json')));
    if (files.length !== opts.cases.length) usage(`unknown case in ${opts.cases.join(', ')}`);
  }
  const out = opts.out ?? join(tmpdir(), 'tcplab-ns3-compare');
  mkdirSync(out, { recursive: true });
  let exe = null;
  if (!opts.reuse) {
    must('cargo', ['build', '--release', '--manifest-path', CARGO_MANIFEST, '--bin', 'tcplab']);
    exe = buildProgram(ns3Dir);
  }
  const results = [];
  for (const f of files) {
    try {
      results.push(runCase(f, exe, out, opts));
    } catch (e) {
      if (e instanceof CaseError) usage(`${f}: ${e.message}`);
      throw e;
    }
  }
  const ns3Commit = gitOf(ns3Dir, ['rev-parse', 'HEAD']);
  const ns3Describe = gitOf(ns3Dir, ['describe', '--tags', '--always']);
  const tcplabCommit = gitOf(ROOT, ['rev-parse', '--short', 'HEAD']);
  const header =
    `tcplab ${tcplabCommit ?? '(not a git checkout)'} against ns-3 ` +
    `${ns3Describe ?? '(not a git checkout)'} (${ns3Commit ?? 'commit unknown'}); ` +
    `statistics over [${WARMUP_S} s, end]; cases with several flows: mean over ${opts.runs} ` +
    `runs per side, run r starting flow i r·(i + 1)·${SHIFT_MS} ms later, [lowest–highest]` +
    `${opts.recovery ? `; ns-3 with ${opts.recovery} recovery instead of PRR` : ''}.\n\n`;
  const text = header + tables(results);
  writeFileSync(
    join(out, 'results.json'),
    JSON.stringify({ ns3Commit, tcplabCommit, results }, null, 1),
  );
  writeFileSync(join(out, 'table.md'), text);
  process.stdout.write(`\n${text}\nTraces and results.json in ${out}\n`);
  if (opts.updateDoc) updateDoc(text);
}

try {
  main();
} catch (e) {
  process.stderr.write(`error: ${e.message}\n`);
  process.exit(1);
}
