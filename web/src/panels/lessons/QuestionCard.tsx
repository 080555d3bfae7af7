// One question: the prompt (inline Markdown with math), the answer field, Check, and feedback.
import { useState } from 'react';
import { questionScenario } from '../../lessons/assignment';
import type { Assignment, Question } from '../../lessons/assignment';
import { checkAnswer } from '../../lessons/grading';
import type { AssignedRun, Feedback } from '../../lessons/grading';
import { renderInline } from '../../lessons/markdown';
import { formatNumber } from '../../i18n/format';
import { useStrings } from '../hooks/useStrings';

export function toleranceText(q: Question): string {
  const parts: string[] = [];
  if (q.tolerance.abs !== undefined)
    parts.push(`± ${q.tolerance.abs}${q.unit ? ` ${q.unit}` : ''}`);
  if (q.tolerance.rel !== undefined) parts.push(`± ${Math.round(q.tolerance.rel * 1000) / 10} %`);
  return parts.join(' / ');
}

export function showNumber(x: number, unit?: string): string {
  return `${formatNumber(x)}${unit ? ` ${unit}` : ''}`;
}

interface Props {
  assignment: Assignment;
  question: Question;
  value: string;
  onChange(v: string): void;
  runs: Record<string, AssignedRun>;
}

export function QuestionCard({ assignment, question: q, value, onChange, runs }: Props) {
  const t = useStrings();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const inputId = `answer-${q.id}`;
  return (
    <section className="question" data-testid={`question-${q.id}`}>
      {/* Safe: renderInline has raw HTML off (markdown.ts). */}
      <label
        htmlFor={inputId}
        className="question__prompt"
        dangerouslySetInnerHTML={{ __html: renderInline(q.prompt) }}
      />
      <div className="question__answer">
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          value={value}
          data-testid={`answer-${q.id}`}
          onChange={(e) => {
            onChange(e.target.value);
            setFeedback(null);
          }}
        />
        {q.unit && <span className="question__unit">{q.unit}</span>}
        <button
          type="button"
          className="button button--small"
          data-testid={`check-${q.id}`}
          onClick={() => setFeedback(checkAnswer(q, value, runs[questionScenario(assignment, q)]))}
        >
          {t.lessons.check}
        </button>
        <span className="muted question__tol">{t.lessons.tolerance(toleranceText(q))}</span>
      </div>
      {feedback && (
        <p
          className={`question__feedback question__feedback--${feedback.state}`}
          role="status"
          data-testid={`feedback-${q.id}`}
          data-state={feedback.state}
        >
          {feedback.state === 'correct' &&
            `✓ ${t.lessons.correct(showNumber(feedback.expected, q.unit))}`}
          {feedback.state === 'wrong' && `✗ ${t.lessons.wrong}`}
          {feedback.state === 'noRun' && t.lessons.needRun}
          {feedback.state === 'notNumber' && t.lessons.notNumber}
          {feedback.state === 'error' && feedback.message}
        </p>
      )}
    </section>
  );
}
