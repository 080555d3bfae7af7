#!/usr/bin/env node
// `npm run bench:grade`: grading a class in the page, timed in headless Chromium on the built
// site (run `npm run build` first): 200 students of a 20 s single-bottleneck assignment (the
// default scenario, a seed per student so that no two runs are alike), given as a CSV of
// answers; from the click on Grade to the table, as the page reports it. The target is under
// 2 minutes on a 2-core laptop: the page runs one worker per core the browser reports (printed
// as `cores`). Also times `tcplab grade` on the same files when the native CLI is built.
// A benchmark, not a test: it reports and never fails. Prints JSON.
// Environment: TCPLAB_BENCH_PORT (default 4184) for the static server; TCPLAB_BENCH_STUDENTS.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchHeadless, serveDist } from './lib/headless.mjs';
import { CLI_BIN, ROOT } from './lib/paths.mjs';

const PORT = Number(process.env.TCPLAB_BENCH_PORT ?? 4184);
const STUDENTS = Number(process.env.TCPLAB_BENCH_STUDENTS ?? 200);
const TARGET_S = 120;

const scenario = JSON.parse(
  readFileSync(join(ROOT, 'content', 'scenarios', 'default.json'), 'utf8'),
);
const assignment = {
  format: 'tcplab-assignment/1',
  id: 'bench-grade',
  title: 'Grading benchmark',
  scenarios: { main: scenario },
  variants: { seed: { min: 1, max: 1_000_000 } },
  controls: [],
  questions: [
    {
      id: 'goodput',
      prompt: 'Goodput?',
      metric: 'flows[flow1].goodput_bps',
      scale: 1e-6,
      unit: 'Mb/s',
      tolerance: { rel: 0.02 },
    },
    { id: 'drops', prompt: 'Drops?', metric: 'links[bottleneck/a>b].drops', tolerance: { abs: 2 } },
  ],
};
const rows = ['student,goodput,drops'];
for (let i = 1; i <= STUDENTS; i++) rows.push(`s${String(i).padStart(3, '0')},19,${100 + i}`);
const csv = `${rows.join('\n')}\n`;

const dir = mkdtempSync(join(tmpdir(), 'tcplab-bench-grade-'));
const aFile = join(dir, 'assignment.json');
const cFile = join(dir, 'students.csv');
writeFileSync(aFile, JSON.stringify(assignment));
writeFileSync(cFile, csv);

const result = {
  students: STUDENTS,
  scenario: 'default (20 s, one bottleneck)',
  target_s: TARGET_S,
};

const server = await serveDist(PORT);
const { page, close } = await launchHeadless('tcplab-bench-grade-', {
  viewport: { width: 1366, height: 768 },
});
try {
  await page.goto(`http://127.0.0.1:${PORT}/lab/sub/?lang=en#grade`);
  await page.getByTestId('grade-lesson').selectOption('(other)');
  await page.getByTestId('grade-assignment-file').setInputFiles(aFile);
  await page.getByTestId('grade-assignment-ok').waitFor();
  await page.getByTestId('grade-csv-file').setInputFiles(cFile);
  await page.getByTestId('grade-csv-read').waitFor();
  result.cores = await page.evaluate(() => navigator.hardwareConcurrency);
  await page.getByTestId('grade-run').click();
  const done = page.getByTestId('grade-done');
  await done.waitFor({ timeout: 30 * 60_000 });
  const ms = Number(await done.getAttribute('data-ms'));
  result.runs = await page.getByTestId('grade-table').locator('tbody tr').count();
  result.page_wall_s = Math.round(ms / 100) / 10;
  result.page_s_per_student = Math.round((ms / STUDENTS) * 10) / 10000;
  result.met = result.page_wall_s < TARGET_S;
} finally {
  await close();
  server.kill();
}

if (existsSync(CLI_BIN)) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(CLI_BIN, ['grade', aFile, cFile], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status === 0) result.cli_wall_s = Math.round(s * 10) / 10;
}
console.log(JSON.stringify(result, null, 2));
