// One question: the prompt (inline Markdown with math, in the reader's language), an optional
// hint, the answer field, Check, and feedback. The verdict is the grader's (the page's
// LessonState); the value the run gave is shown only once the answer is correct, or when the
// student gives up and asks for it (the answer is then final).
import { useState } from 'react';
import type { Question } from '../../lessons/assignment';
import { localText } from '../../lessons/text';
import { formatNumber } from '../../i18n/format';
import { problemText } from '../../i18n/problems';
import type { QuestionState, Text } from '../../sim/boundary';
import { useStrings } from '../hooks/useStrings';
import { LocalMarkdown, LocalTextView } from './LocalTextView';
import { useClassroom, useLang } from './useClassroom';

/** How an answer came to be given: checked correct, or the value shown on request. */
export type Revealed = 'correct' | 'shown';

export function toleranceText(q: Question, unit: string): string {
  const parts: string[] = [];
  if (q.tolerance.abs !== undefined && q.tolerance.abs !== null)
    parts.push(`± ${q.tolerance.abs}${unit ? ` ${unit}` : ''}`);
  if (q.tolerance.rel !== undefined && q.tolerance.rel !== null)
    parts.push(`± ${Math.round(q.tolerance.rel * 1000) / 10} %`);
  return parts.join(' / ');
}

export function showNumber(x: number, unit?: string): string {
  return `${formatNumber(x, 4)}${unit ? ` ${unit}` : ''}`;
}

export function unitText(unit: Text | null | undefined, lang: string): string {
  return localText(unit, lang).text;
}

interface Props {
  question: Question;
  state: QuestionState;
  value: string;
  onChange(v: string): void;
  revealed: Revealed | null;
  onReveal(how: Revealed): void;
}

export function QuestionCard({ question: q, state, value, onChange, revealed, onReveal }: Props) {
  const t = useStrings();
  const c = useClassroom();
  const lang = useLang();
  const [checked, setChecked] = useState<string | null>(null);
  const inputId = `answer-${q.id}`;
  const unit = unitText(q.unit, lang);
  const check = state.check;
  const shown = checked !== null && checked === value;
  const final = revealed === 'shown';
  const expected = check.expected ?? null;
  return (
    <section className="question" data-testid={`question-${q.id}`}>
      <LocalMarkdown text={q.prompt} as="label" id={inputId} className="question__prompt" />
      {q.hint && (
        <details className="question__hint">
          <summary>{c.reveal.hint}</summary>
          <LocalMarkdown text={q.hint} />
        </details>
      )}
      <div className="question__answer">
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          value={value}
          readOnly={final}
          aria-readonly={final}
          data-testid={`answer-${q.id}`}
          onChange={(e) => {
            onChange(e.target.value);
            setChecked(null);
          }}
        />
        {q.unit && (
          <span className="question__unit">
            <LocalTextView text={q.unit} />
          </span>
        )}
        <button
          type="button"
          className="button button--small"
          data-testid={`check-${q.id}`}
          disabled={final}
          onClick={() => {
            setChecked(value);
            if (check.verdict === 'correct') onReveal('correct');
          }}
        >
          {t.lessons.check}
        </button>
        <span className="muted question__tol">{t.lessons.tolerance(toleranceText(q, unit))}</span>
      </div>
      {final && expected !== null && (
        <p
          className="question__feedback"
          role="status"
          data-testid={`feedback-${q.id}`}
          data-state="shown"
        >
          {c.reveal.shownFinal(showNumber(expected, unit))}
        </p>
      )}
      {!final && shown && (
        <p
          className={`question__feedback question__feedback--${check.verdict}`}
          role="status"
          data-testid={`feedback-${q.id}`}
          data-state={check.verdict}
        >
          {check.verdict === 'correct' &&
            expected !== null &&
            `✓ ${t.lessons.correct(showNumber(expected, unit))}`}
          {check.verdict === 'wrong' && `✗ ${t.lessons.wrong}`}
          {check.verdict === 'no_expected' && t.lessons.needRun}
          {check.verdict === 'missing' && t.lessons.notNumber}
          {check.verdict === 'not_number' && t.lessons.notNumber}
          {check.verdict === 'out_of_range' &&
            check.problem &&
            c.range.refused(problemText(check.problem, lang))}
        </p>
      )}
      {!final && shown && check.verdict === 'wrong' && (
        <p className="question__give-up">
          <button
            type="button"
            className="button button--small"
            data-testid={`show-${q.id}`}
            onClick={() => onReveal('shown')}
          >
            {c.reveal.showAnswer}
          </button>{' '}
          <span className="muted">{c.reveal.showAnswerHint}</span>
        </p>
      )}
    </section>
  );
}
