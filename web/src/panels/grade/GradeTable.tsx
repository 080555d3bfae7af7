// The graded class: one row per student (the CSV's order) with the score, each answer's verdict
// (the answer and the value of the student's own run in its tooltip), whether the result code's
// runs are the student's variant, and every problem in the reader's language.
import type { Assignment } from '../../lessons/assignment';
import { formatNumber } from '../../i18n/format';
import { problemText } from '../../i18n/problems';
import type { Checked, Graded } from '../../sim/boundary';
import { useClassroom, useLang } from '../lessons/useClassroom';

const MARKS: Record<string, string> = {
  correct: '✓',
  wrong: '✗',
  missing: '–',
  not_number: '?',
  out_of_range: '!',
  no_expected: '⚠',
};

function num(x: number | null | undefined): string {
  return x === null || x === undefined ? '–' : formatNumber(x, 4);
}

export function GradeTable({
  graded,
  assignment,
}: {
  graded: Graded;
  assignment: Assignment | null;
}) {
  const c = useClassroom();
  const g = c.grade;
  const lang = useLang();
  const r = graded.report;
  const mean = r.rows.length > 0 ? r.rows.reduce((s, x) => s + x.score, 0) / r.rows.length : 0;
  const verdict = (ck: Checked) =>
    `${g.verdict[ck.verdict] ?? ck.verdict}: ${num(ck.answer)} / ${num(ck.expected)}`;
  return (
    <div className="grade__result">
      <p data-testid="grade-summary">
        {g.summary(r.rows.length, formatNumber(mean, 3), formatNumber(r.max_score, 3))}
      </p>
      {r.problems.length > 0 && (
        <div className="notice" data-testid="grade-file-problems">
          {g.fileProblems}
          <ul>
            {r.problems.map((p, i) => (
              <li key={i}>{problemText(p, lang)}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="grade__scroll" tabIndex={0} role="region" aria-label={g.heading}>
        <table className="table grade__table" data-testid="grade-table">
          <thead>
            <tr>
              <th scope="col">{g.colStudent}</th>
              <th scope="col">{g.colScore}</th>
              {r.questions.map((q) => (
                <th
                  scope="col"
                  key={q.id}
                  title={q.predict ? g.prediction : undefined}
                  className={q.predict ? 'grade__predict' : undefined}
                >
                  {q.id}
                </th>
              ))}
              <th scope="col">{g.colTrace}</th>
              <th scope="col">{g.colProblems}</th>
            </tr>
          </thead>
          <tbody>
            {r.rows.map((row) => (
              <tr key={row.line} data-testid={`grade-row-${row.line}`} data-student={row.student}>
                <th scope="row">
                  {row.student || '–'}
                  <span className="muted small grade__line">
                    {' '}
                    {g.colLine} {row.line}
                  </span>
                </th>
                <td data-testid="grade-score">
                  {formatNumber(row.score, 3)} / {formatNumber(r.max_score, 3)}
                </td>
                {row.answers.map((ck, i) => (
                  <td
                    key={i}
                    className={`grade__verdict grade__verdict--${ck.verdict}`}
                    data-verdict={ck.verdict}
                    title={verdict(ck)}
                  >
                    <span aria-hidden="true">{MARKS[ck.verdict] ?? '?'}</span>
                    <span className="visually-hidden">{verdict(ck)}</span>
                  </td>
                ))}
                <td data-testid="grade-trace" data-trace={String(row.trace_match ?? 'none')}>
                  {row.trace_match === null || row.trace_match === undefined
                    ? g.traceNone
                    : row.trace_match
                      ? g.traceYes
                      : g.traceNo}
                </td>
                <td className="grade__problems">
                  {row.problems.map((p, i) => (
                    <div key={i}>{problemText(p, lang)}</div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {assignment && (
        <p className="muted small">
          {Object.entries(MARKS)
            .map(([k, m]) => `${m} ${g.verdict[k] ?? k}`)
            .join(' · ')}
        </p>
      )}
    </div>
  );
}
