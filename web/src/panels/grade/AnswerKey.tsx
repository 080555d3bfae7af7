// The teacher's answer key: every combination of the assignment's variant values is run here
// and each question's answer computed from the run, so "what the lab shows" never has to be
// written into a lesson a student reads (and follows the model when it changes). Seeds that
// differ per student are not enumerated: the key uses the scenario's own seed, and the grading
// above checks each student against their own.
import { useState } from 'react';
import type { Assignment } from '../../lessons/assignment';
import { resolveScenarios } from '../../lessons/catalog';
import { localText } from '../../lessons/text';
import { metricLabel, settingLabel, valueText } from '../../lessons/words';
import { formatNumber } from '../../i18n/format';
import type { KeyVariant, LessonState } from '../../sim/boundary';
import { keyVariants, lessonState } from '../../sim/grader';
import type { AssignedRun } from '../../sim/grader';
import type { JobResult } from '../../sim/job';
import type { JobPool } from '../../lessons/gradeClass';
import { useClassroom, useLang } from '../lessons/useClassroom';

interface Row {
  variant: KeyVariant;
  state: LessonState | null;
  failed: string | null;
}

/** Run every combination and check an empty answer sheet against each: its expected values. */
export async function answerKey(a: Assignment, pool: JobPool): Promise<Row[]> {
  const r = keyVariants(a, resolveScenarios(a));
  if ('problems' in r) return [];
  const jobs = r.ok.flatMap((v, vi) =>
    v.scenarios.map((s) => ({ vi, name: s.name, json: JSON.stringify(s.scenario) })),
  );
  const results: JobResult[] = [];
  await pool.run(
    jobs.map((j) => ({ scenarioJson: j.json, mode: 'summary' as const })),
    (i, res) => {
      results[i] = res;
    },
  );
  return r.ok.map((variant, vi) => {
    const runs: Record<string, AssignedRun> = {};
    let failed: string | null = null;
    jobs.forEach((j, i) => {
      if (j.vi !== vi) return;
      const res = results[i];
      if (res?.ok) runs[j.name] = { summary: res.summary, trace_hash: res.summary.trace_hash };
      else failed = res ? res.message : 'not run';
    });
    const s = lessonState(a, '', {}, runs);
    return { variant, state: 'ok' in s ? s.ok : null, failed };
  });
}

export function AnswerKey({ assignment: a, pool }: { assignment: Assignment; pool: JobPool }) {
  const c = useClassroom();
  const k = c.key;
  const lang = useLang();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [busy, setBusy] = useState(false);
  const scored = a.questions;
  return (
    <section className="grade__key" data-testid="answer-key">
      <h3>{k.heading}</h3>
      <p className="muted">{a.variants?.seed ? k.introSeeds : k.intro}</p>
      <button
        type="button"
        className="button"
        disabled={busy}
        data-testid="answer-key-run"
        onClick={() => {
          setBusy(true);
          void answerKey(a, pool).then((r) => {
            setRows(r);
            setBusy(false);
            pool.close();
          });
        }}
      >
        {busy ? k.running : k.run}
      </button>
      {rows && (
        <div className="grade__scroll" tabIndex={0} role="region" aria-label={k.heading}>
          <table className="table grade__table" data-testid="answer-key-table">
            <thead>
              <tr>
                <th scope="col">{k.variant}</th>
                {scored.map((q) => (
                  <th scope="col" key={q.id} title={localText(q.prompt, lang).text}>
                    {q.id}
                    <span className="muted small grade__metric">
                      {' '}
                      {metricLabel(q.metric, lang)}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  <th scope="row">
                    {row.variant.params.length === 0
                      ? k.only
                      : row.variant.params
                          .map(
                            (p) =>
                              `${settingLabel(p.path, lang)} = ${valueText(p.path, p.value, lang)}`,
                          )
                          .join(' · ')}
                  </th>
                  {scored.map((q) => {
                    const qs = row.state?.questions.find((x) => x.id === q.id);
                    const x = qs?.check.expected;
                    const unit = localText(q.unit, lang).text;
                    return (
                      <td key={q.id} data-testid={`key-${i}-${q.id}`}>
                        {x === null || x === undefined
                          ? (row.failed ?? '–')
                          : `${formatNumber(x, 4)}${unit ? ` ${unit}` : ''}`}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
