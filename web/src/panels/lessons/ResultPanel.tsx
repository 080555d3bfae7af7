// What a student hands in: the score so far, the result code and a CSV the grader reads (both
// made by the grader, in wasm), or a note that a student id is needed first.
import { useState } from 'react';
import type { Assignment } from '../../lessons/assignment';
import type { LessonState } from '../../sim/boundary';
import { safeName, saveText } from '../../export/download';
import { useStrings } from '../hooks/useStrings';
import { useClassroom } from './useClassroom';

interface Props {
  assignment: Assignment;
  /** The normalised student id. */
  student: string;
  state: LessonState;
}

export function ResultPanel({ assignment: a, student, state }: Props) {
  const t = useStrings();
  const c = useClassroom();
  const [copied, setCopied] = useState(false);
  if (a.questions.length === 0) return null;
  const code = state.code ?? null;
  const csv = state.csv ?? null;
  return (
    <section className="lesson-result" data-testid="result-panel">
      <h3>{t.lessons.codeHeading}</h3>
      <p data-testid="score">{t.lessons.score(String(state.score), String(state.max_score))}</p>
      {code === null || csv === null ? (
        <p className="notice" data-testid="result-needs-id">
          {c.student.needed}
        </p>
      ) : (
        <>
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
              onClick={() => saveText(`${safeName(`${a.id}-${student}`)}.csv`, csv, 'text/csv')}
            >
              {t.lessons.codeCsv}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
