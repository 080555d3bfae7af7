// Lessons in real Chromium: predict, run, answer and get feedback; the teacher view makes an
// assignment that opens as a lesson; hostile lesson text and links stay inert.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { seriousViolations } from './helpers';
import { lessonAssignment, studentRuns } from './lessonRuns';

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return problems;
}

const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

test('a student predicts, runs, answers and gets feedback', async ({ page }) => {
  const problems = watch(page);
  const mine = studentRuns(lessonAssignment('01-sawtooth'), 'alice');
  await page.goto('./?lang=en&theme=light#lessons');
  await page.getByTestId('lesson-link-01-sawtooth').click();
  await expect(page.getByTestId('lesson').getByRole('heading', { level: 1 })).toContainText(
    'Slow start',
  );
  await page.getByTestId('student-id').fill('Alice ');
  await page.getByTestId('student-apply').click();
  // The id is normalised, and says so.
  await expect(page).toHaveURL(/student=alice/);
  await expect(page.getByTestId('variant')).toContainText('Link bottleneck: one-way delay = 19 ms');
  // Math is typeset by KaTeX.
  await expect(page.locator('.lesson__prose math').first()).toBeVisible();
  // Settings in words, the algorithm chosen from a list.
  await expect(page.getByTestId('control-topology_links_bottleneck_queue')).toContainText(
    'DropTail, 50 packets',
  );
  await expect(page.getByTestId('control-flows_flow1_cc')).toHaveJSProperty('tagName', 'SELECT');

  const run = page.getByTestId('run-main');
  await expect(run).toBeDisabled();
  await page.getByTestId('prediction-goodput_guess').fill('10');
  await expect(run).toBeEnabled();
  await run.click();
  await expect(page.getByTestId('lesson-results')).toBeVisible({ timeout: 60_000 });
  // The prediction beside what the run gave (no scored question asks for the goodput).
  const verdict = page.getByTestId('prediction-result-goodput_guess');
  await expect(verdict).toContainText('You predicted 10; the run gave 19');
  await expect(verdict).toHaveAttribute('data-state', 'wrong');
  // The same trace as the simulator gives in Node.
  await expect(page.getByTestId('hash-main')).toHaveText(mine.hashes.main ?? '');

  // The mean window is hidden until its question is answered; a wrong answer does not show it.
  const cwndCell = page.locator('[data-place="flows[0].mean_cwnd_segments"]');
  await expect(cwndCell).toHaveAttribute('data-masked', 'true');
  const cwnd = mine.expected.cwnd ?? NaN;
  await page.getByTestId('answer-cwnd').fill(String(Math.round(cwnd * 2)));
  await page.getByTestId('check-cwnd').click();
  await expect(page.getByTestId('feedback-cwnd')).toHaveAttribute('data-state', 'wrong');
  await expect(cwndCell).toHaveAttribute('data-masked', 'true');
  await page.getByTestId('answer-cwnd').fill(String(Math.round(cwnd)));
  await page.getByTestId('check-cwnd').click();
  await expect(page.getByTestId('feedback-cwnd')).toHaveAttribute('data-state', 'correct');
  await expect(cwndCell).not.toHaveAttribute('data-masked', 'true');
  await expect(cwndCell).toHaveText(cwnd.toFixed(1));

  // Giving up shows the value and makes the answer final.
  await page.getByTestId('answer-teeth').fill('50');
  await page.getByTestId('check-teeth').click();
  await page.getByTestId('show-teeth').click();
  await expect(page.getByTestId('feedback-teeth')).toHaveAttribute('data-state', 'shown');
  await expect(page.getByTestId('answer-teeth')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('score')).toContainText('1 of 3');
  await expect(page.getByTestId('result-code')).toHaveValue(/^TL1\.[A-Za-z0-9_-]+\.[0-9a-f]{16}$/);
  // The discussion waits for the last question.
  await expect(page.getByTestId('after-locked')).toBeVisible();

  // Changing a setting is allowed but flagged; answers are checked against the assigned run.
  await page.getByTestId('control-flows_flow1_cc').selectOption('cubic');
  await expect(page.getByTestId('modified-main')).toBeVisible();
  expect(problems).toEqual([]);
});

test('the teacher view turns a scenario into an assignment that opens as a lesson', async ({
  page,
}) => {
  const problems = watch(page);
  await page.goto('./?lang=en&theme=light#teacher');
  await page.getByTestId('teacher-scenario').selectOption('default');
  await page.getByTestId('teacher-id').fill('my-sawtooth');
  await page
    .getByTestId('teacher-control-topology_links_bottleneck_delay_ms')
    .selectOption('locked');
  await page.getByTestId('teacher-prompt-0').fill('How many packets did the bottleneck drop?');
  // Metrics in words, units from a list.
  await page
    .getByTestId('teacher-metric-0')
    .selectOption({ label: 'Packets dropped at Link bottleneck (a → b)' });
  await expect(page.getByTestId('teacher-unit-0')).toHaveValue('packets');
  await page.getByTestId('teacher-abs-0').fill('1');
  await page.getByTestId('teacher-control-flows_flow1_cc').selectOption('variant');
  await page.getByTestId('teacher-values-flows_flow1_cc').getByLabel('CUBIC').check();
  const json = JSON.parse(await page.getByTestId('teacher-json').inputValue()) as {
    format: string;
    id: string;
    locked: string[];
    variants: { seed: { min: number; max: number }; params: { path: string; values: unknown[] }[] };
    questions: { metric: string; unit: unknown; tolerance: { abs?: number } }[];
    scenarios: { main: { name: string } };
  };
  expect(json.format).toBe('tcplab-assignment/1');
  expect(json.id).toBe('my-sawtooth');
  expect(json.locked).toEqual(['topology.links[bottleneck].delay_ms']);
  expect(json.questions[0]?.metric).toBe('links[bottleneck/a>b].drops');
  expect(json.questions[0]?.unit).toEqual({ en: 'packets', ja: 'パケット' });
  expect(json.questions[0]?.tolerance.abs).toBe(1);
  expect(json.scenarios.main.name).toBe('Single bottleneck');
  expect(json.variants.seed).toEqual({ min: 1, max: 1000 });
  expect(json.variants.params).toEqual([{ path: 'flows[flow1].cc', values: ['newreno', 'cubic'] }]);
  await expect(page.getByTestId('teacher-link')).toHaveValue(/#assignment=[A-Za-z0-9_-]+$/);

  await page.getByTestId('teacher-preview').click();
  await expect(page.getByTestId('lesson')).toHaveAttribute('data-assignment', 'my-sawtooth');
  await expect(page.getByTestId('question-q1')).toContainText('How many packets');
  await expect(page.getByTestId('control-topology_links_bottleneck_delay_ms')).toHaveAttribute(
    'data-locked',
    'true',
  );
  // Without a student id there is no code to hand in.
  await expect(page.getByTestId('result-needs-id')).toBeVisible();
  await page.getByTestId('run-main').click();
  await expect(page.getByTestId('lesson-results')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('variant')).toContainText('Flow flow1: algorithm');
  await expect(page.getByTestId('control-flows_flow1_cc')).toHaveAttribute('data-locked', 'true');
  // The drops are hidden until answered.
  await expect(page.locator('[data-place="links[2].drops"]')).toHaveAttribute(
    'data-masked',
    'true',
  );
  await page.getByTestId('answer-q1').fill('100000');
  await page.getByTestId('check-q1').click();
  await expect(page.getByTestId('feedback-q1')).toHaveAttribute('data-state', 'wrong');
  expect(problems).toEqual([]);
});

test('hostile lesson text and links never inject markup or script', async ({ page }) => {
  const problems = watch(page);
  const evil = {
    format: 'tcplab-assignment/1',
    id: 'evil',
    title: '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
    scenarios: { main: 'default' },
    controls: ['name'],
    questions: [
      {
        id: 'q',
        prompt:
          '<svg onload="window.__pwned=3"></svg> [click](javascript:window.__pwned=4) $\\href{javascript:alert(1)}{x}$',
        metric: 'jain_index',
        unit: '<b>u</b>',
        tolerance: { abs: 0.1 },
      },
    ],
  };
  await page.goto(
    `./?lang=en&theme=light#assignment=${b64url(JSON.stringify(evil))}&student=${encodeURIComponent('<i>x</i>')}`,
  );
  await expect(page.getByTestId('lesson')).toBeVisible();
  await expect(page.getByTestId('lesson').getByRole('heading', { level: 1 })).toContainText(
    '<img src=x',
  );
  await expect(page.getByTestId('question-q')).toContainText('<svg onload');
  await expect(page.getByTestId('question-q')).toContainText('<b>u</b>');
  const lesson = page.getByTestId('lesson');
  expect(await lesson.locator('img, script, svg, iframe, [onload], [onerror]').count()).toBe(0);
  expect(await lesson.locator('a[href^="javascript"]').count()).toBe(0);
  await page.getByTestId('answer-q').fill('1');
  await page.getByTestId('check-q').click();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  // A damaged link and an unknown lesson are explained, not blank pages.
  await page.goto('./?lang=en#assignment=not-json');
  await expect(page.getByTestId('bad-assignment')).toBeVisible();
  await page.goto('./?lang=en#lesson=no-such-lesson');
  await expect(page.getByRole('alert')).toContainText('no-such-lesson');
  expect(problems).toEqual([]);
});

test('no serious axe violations in a lesson after a run (Japanese, dark) and the teacher view', async ({
  page,
}) => {
  await page.goto('./?lang=ja&theme=dark#lesson=09-paper003-wfq&student=s01');
  await page.getByTestId('prediction-jain_guess').fill('0.7');
  await page.getByTestId('run-fifo').click();
  await expect(page.getByTestId('lesson-results')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('answer-jain_fifo').fill('0.5');
  await page.getByTestId('check-jain_fifo').click();
  // The lesson is in Japanese.
  await expect(page.getByTestId('lesson').getByRole('heading', { level: 1 })).toContainText(
    '論文 003',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('./?lang=en&theme=light#teacher');
  await expect(page.getByTestId('teacher')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
