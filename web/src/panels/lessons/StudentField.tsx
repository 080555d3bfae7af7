// The student id: it picks the student's variant and goes into the result code. The grader
// normalises it (case, spaces, full-width letters) and refuses a blank one; a new id with
// answers typed asks first, because it gives another variant and clears them.
import { useState } from 'react';
import { problemText } from '../../i18n/problems';
import type { Problem } from '../../sim/boundary';
import { studentId } from '../../sim/grader';
import { useStrings } from '../hooks/useStrings';
import { useClassroom, useLang } from './useClassroom';

interface Props {
  /** The id in the link (as typed). */
  student: string;
  /** The grader's reading of it. */
  normalised: string;
  /** Why it cannot hand in (blank, too long). */
  problem: Problem | null;
  /** Answers typed so far (a new id clears them). */
  answered: number;
  onApply(id: string): void;
}

export function StudentField({ student, normalised, problem, answered, onApply }: Props) {
  const t = useStrings();
  const c = useClassroom();
  const lang = useLang();
  const [text, setText] = useState(student);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<string | null>(null);
  const submit = () => {
    const r = studentId(text);
    if ('problems' in r) {
      setError(r.problems.map((p) => problemText(p, lang)).join('; '));
      return;
    }
    setError(null);
    if (r.ok === normalised) return;
    if (answered > 0) setConfirm(r.ok);
    else onApply(r.ok);
  };
  return (
    <form
      className="lesson__student"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label>
        <span>{t.lessons.studentId}</span>
        <input
          type="text"
          value={text}
          maxLength={80}
          autoComplete="off"
          aria-describedby="student-hint"
          aria-invalid={error !== null}
          data-testid="student-id"
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
            setConfirm(null);
          }}
        />
      </label>
      <button type="submit" className="button button--small" data-testid="student-apply">
        {t.lessons.studentApply}
      </button>
      <p id="student-hint" className="muted">
        {normalised && !problem ? c.student.normalised(normalised) : c.student.hint}
      </p>
      {error && (
        <p className="notice notice--error" role="alert" data-testid="student-error">
          {error}
        </p>
      )}
      {!error && problem && !confirm && (
        <p className="notice" data-testid="student-needed">
          {c.student.needed}
        </p>
      )}
      {confirm !== null && (
        <div className="notice" role="alert" data-testid="student-confirm">
          <p>{c.student.confirmChange(answered)}</p>
          <div className="lesson-result__buttons">
            <button
              type="button"
              className="button button--small"
              data-testid="student-confirm-yes"
              onClick={() => {
                const id = confirm;
                setConfirm(null);
                onApply(id);
              }}
            >
              {c.student.confirmYes}
            </button>
            <button
              type="button"
              className="button button--small"
              data-testid="student-confirm-no"
              onClick={() => {
                setConfirm(null);
                setText(student);
              }}
            >
              {c.student.confirmNo}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
