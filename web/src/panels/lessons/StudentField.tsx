// The student id: it picks the student's variant and goes into the result code.
import { useState } from 'react';
import { cleanStudentId } from '../../lessons/lessonRoute';
import { useStrings } from '../hooks/useStrings';

export function StudentField({ student, onApply }: { student: string; onApply(s: string): void }) {
  const t = useStrings();
  const [text, setText] = useState(student);
  return (
    <form
      className="lesson__student"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(cleanStudentId(text));
      }}
    >
      <label>
        <span>{t.lessons.studentId}</span>
        <input
          type="text"
          value={text}
          maxLength={64}
          autoComplete="off"
          data-testid="student-id"
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <button type="submit" className="button button--small" data-testid="student-apply">
        {t.lessons.studentApply}
      </button>
      <p className="muted">{t.lessons.studentHint}</p>
    </form>
  );
}
