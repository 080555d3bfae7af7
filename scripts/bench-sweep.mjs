#!/usr/bin/env node
// `npm run bench:sweep`: builds the Python package into .venv (as `npm run test:python` does)
// and runs scripts/bench_sweep.py, which times a 64-point sweep serially, on local processes
// and on a 2-worker Dask LocalCluster. Node built-ins only.
import { join } from 'node:path';
import { ROOT } from './lib/paths.mjs';
import { run } from './lib/proc.mjs';
import { buildExtension, ensureVenv, VENV } from './test-python.mjs';

for (const step of [ensureVenv, buildExtension]) {
  const s = step();
  if (s !== 0) process.exit(s);
}
process.exit(run(join(VENV, 'bin', 'python'), [join(ROOT, 'scripts', 'bench_sweep.py')]));
