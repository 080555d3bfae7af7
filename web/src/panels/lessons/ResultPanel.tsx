// What a student hands in: the score so far, the result code, and a CSV for `tcplab grade`.
import { useState } from 'react';
import type { Assignment } from '../../lessons/assignment';
import { resultCodeFor, score, submissionCsv } from '../../lessons/grading';
import type { AssignedRun } from '../../lessons/grading';
import { safeName, saveText } from '../../export/download';
import { useStrings } from '../hooks/useStrings';

interface Props {
  assignment: Assignment;
  student: string;
  answers: Record<string, string>;
  runs: Record<string, AssignedRun>;
}

export function ResultPanel({ assignment: a, student, answers, runs }: Props) {
  const t = useStrings();
  const [copied, setCopied] = useState(false);
  if (a.questions.length === 0) return null;
  const code = resultCodeFor(a, student, answers, runs);
  const s = score(a, answers, runs);
  return (
    <section className="lesson-result" data-testid="result-panel">
      <h3>{t.lessons.codeHeading}</h3>
      <p data-testid="score">{t.lessons.score(String(s.got), String(s.max))}</p>
      <p className="muted">{t.lessons.codeHint}</p>
      <textarea
        readOnly
        rows={3}
        value={code}
        data-testid="result-code"
        aria-label={t.lessons.codeHeading}
      />
      <div className="lesson-result__buttons">
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            void navigator.clipboard?.writeText(code).then(() => setCopied(true));
          }}
        >
          {copied ? t.lessons.codeCopied : t.lessons.codeCopy}
        </button>
        <button
          type="button"
          className="button button--small"
          data-testid="result-csv"
          onClick={() =>
            saveText(
              `${safeName(`${a.id}-${student || 'anonymous'}`)}.csv`,
              submissionCsv(a, student, answers, code),
              'text/csv',
            )
          }
        >
          {t.lessons.codeCsv}
        </button>
      </div>
    </section>
  );
}
