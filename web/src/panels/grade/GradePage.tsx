// The grading page (`#grade`): a teacher picks the assignment (a lesson, or a teacher-made one
// by its JSON file or link), gives the students' CSV (file, drop or paste), and the page grades
// the class with the grader and the simulation worker pool, with progress and the time left;
// then a table of every student and answer, and the grade files to download for a gradebook.
import { useEffect, useMemo, useRef, useState } from 'react';
import { AssignmentError, parseAssignment } from '../../lessons/assignment';
import type { Assignment } from '../../lessons/assignment';
import { LESSON_IDS, lessonJson, lessonTitleIn, resolveScenarios } from '../../lessons/catalog';
import { gradeClass } from '../../lessons/gradeClass';
import type { GradeProgress } from '../../lessons/gradeClass';
import { parseLessonRoute } from '../../lessons/lessonRoute';
import { plainText } from '../../lessons/text';
import { safeName, saveText } from '../../export/download';
import type { Graded, Problem } from '../../sim/boundary';
import { RunPool } from '../../sim/pool';
import { ProblemList } from '../lessons/LessonRoot';
import { useClassroom, useLang } from '../lessons/useClassroom';
import { AnswerKey } from './AnswerKey';
import { GradeTable } from './GradeTable';
import './grade.css';

type Source = { kind: 'lesson'; id: string } | { kind: 'other'; value: unknown } | null;

type Status =
  | { state: 'idle' }
  | { state: 'running'; progress: GradeProgress }
  | { state: 'done'; graded: Graded; ms: number }
  | { state: 'cancelled' }
  | { state: 'failed'; problems: Problem[] };

/** An assignment from pasted text: its JSON, or a link to it (or to a lesson). */
export function assignmentFromText(text: string): Source {
  const t = text.trim();
  if (t === '') return null;
  if (t.startsWith('{')) {
    try {
      return { kind: 'other', value: JSON.parse(t) as unknown };
    } catch {
      return { kind: 'other', value: t };
    }
  }
  const hash = t.includes('#') ? t.slice(t.indexOf('#')) : `#${t}`;
  const r = parseLessonRoute(hash);
  if (r?.view === 'lesson') return { kind: 'lesson', id: r.id };
  if (r?.view === 'assignment' || r?.view === 'grade') {
    if (r.view === 'grade' && r.lesson) return { kind: 'lesson', id: r.lesson };
    return { kind: 'other', value: r.assignment };
  }
  return { kind: 'other', value: t };
}

/** Minutes and seconds: 75 300 ms → "1:15". */
export function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function checked(source: Source): Assignment | Problem[] | null {
  if (source === null) return null;
  const v = source.kind === 'lesson' ? lessonJson(source.id) : source.value;
  try {
    return parseAssignment(v);
  } catch (e) {
    return e instanceof AssignmentError
      ? e.problems
      : [{ code: 'json_syntax', path: '', params: { detail: String(e) } }];
  }
}

interface Props {
  /** A lesson chosen by the link. */
  lesson: string | null;
  /** A teacher-made assignment given by the link. */
  assignment: unknown;
}

export function GradePage({ lesson, assignment }: Props) {
  const c = useClassroom();
  const g = c.grade;
  const lang = useLang();
  const [source, setSource] = useState<Source>(
    lesson
      ? { kind: 'lesson', id: lesson }
      : assignment
        ? { kind: 'other', value: assignment }
        : null,
  );
  const [pasted, setPasted] = useState('');
  const [csv, setCsv] = useState('');
  const [csvName, setCsvName] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [dragging, setDragging] = useState(false);
  const pool = useMemo(() => new RunPool(), []);
  const cancelled = useRef(false);
  useEffect(() => () => pool.cancel(), [pool]);

  const a = useMemo(() => checked(source), [source]);
  const ready = a !== null && !Array.isArray(a) && csv.trim() !== '';
  const running = status.state === 'running';

  const readCsvFile = (file: File) => {
    void file.text().then((text) => {
      setCsv(text);
      setCsvName(file.name);
      setStatus({ state: 'idle' });
    });
  };

  const grade = async () => {
    if (!a || Array.isArray(a)) return;
    cancelled.current = false;
    const t0 = performance.now();
    setStatus({ state: 'running', progress: { done: 0, total: 0, elapsedMs: 0, leftMs: null } });
    pool.warm();
    const r = await gradeClass(
      { assignment: a, scenarios: resolveScenarios(a), csv },
      pool,
      (progress) => setStatus({ state: 'running', progress }),
      () => performance.now(),
      () => cancelled.current,
    );
    pool.close();
    if (r === null) setStatus({ state: 'cancelled' });
    else if ('problems' in r) setStatus({ state: 'failed', problems: r.problems });
    else setStatus({ state: 'done', graded: r.ok, ms: performance.now() - t0 });
  };

  const fileBase = a && !Array.isArray(a) ? safeName(a.id) : 'grades';
  const lines = csv === '' ? 0 : csv.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '').length;

  return (
    <section className="card grade" data-testid="grade">
      <p className="lesson__back">
        <a href="#teacher" data-testid="grade-back">
          ← {c.teacherLinks.backToTeacher}
        </a>
      </p>
      <h2>{g.heading}</h2>
      <p>{g.intro}</p>

      <h3>{g.assignment}</h3>
      <div className="grade__field">
        <select
          aria-label={g.assignment}
          data-testid="grade-lesson"
          value={source?.kind === 'lesson' ? source.id : source ? '(other)' : ''}
          onChange={(e) => {
            const v = e.target.value;
            setStatus({ state: 'idle' });
            if (v === '') setSource(null);
            else if (v === '(other)')
              setSource(assignmentFromText(pasted) ?? { kind: 'other', value: null });
            else setSource({ kind: 'lesson', id: v });
          }}
        >
          <option value="">{g.pickLesson}</option>
          {LESSON_IDS.map((id) => (
            <option key={id} value={id}>
              {lessonTitleIn(id, lang).text}
            </option>
          ))}
          <option value="(other)">{g.otherAssignment}</option>
        </select>
      </div>
      {source?.kind !== 'lesson' && (
        <div className="grade__other">
          <label className="grade__field">
            <span>{g.assignmentFile}</span>
            <input
              type="file"
              accept=".json,application/json"
              data-testid="grade-assignment-file"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f)
                  void f.text().then((text) => {
                    setPasted('');
                    setSource(assignmentFromText(text) ?? { kind: 'other', value: text });
                    setStatus({ state: 'idle' });
                  });
              }}
            />
          </label>
          <label className="grade__field">
            <span>{g.assignmentPaste}</span>
            <textarea
              rows={3}
              value={pasted}
              data-testid="grade-assignment-text"
              onChange={(e) => {
                setPasted(e.target.value);
                setSource(assignmentFromText(e.target.value));
                setStatus({ state: 'idle' });
              }}
            />
          </label>
        </div>
      )}
      {a !== null && !Array.isArray(a) && (
        <p className="muted" data-testid="grade-assignment-ok">
          {g.assignmentOk(plainText(a.title, lang), a.questions.length)}
        </p>
      )}
      {Array.isArray(a) && (
        <div className="notice notice--error" role="alert" data-testid="grade-assignment-problems">
          {c.badAssignment} <ProblemList problems={a} />
        </div>
      )}

      <h3>{g.students}</h3>
      <p className="muted">{g.studentsHint}</p>
      <div
        className={`grade__drop${dragging ? ' grade__drop--over' : ''}`}
        data-testid="grade-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          const f = e.dataTransfer.files[0];
          if (f) readCsvFile(f);
        }}
      >
        <p>{g.studentsDrop}</p>
        <label className="grade__field">
          <span>{g.studentsFile}</span>
          <input
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            data-testid="grade-csv-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) readCsvFile(f);
            }}
          />
        </label>
      </div>
      <label className="grade__field">
        <span>{g.studentsPaste}</span>
        <textarea
          rows={4}
          value={csv}
          spellCheck={false}
          data-testid="grade-csv-text"
          onChange={(e) => {
            setCsv(e.target.value);
            setCsvName('');
            setStatus({ state: 'idle' });
          }}
        />
      </label>
      {csv !== '' && (
        <p className="muted" data-testid="grade-csv-read">
          {g.studentsRead(csvName || g.studentsPaste, lines)}
        </p>
      )}

      <div className="grade__bar">
        <button
          type="button"
          className="button button--primary"
          disabled={!ready || running}
          data-testid="grade-run"
          onClick={() => void grade()}
        >
          {g.grade}
        </button>
        {running && (
          <button
            type="button"
            className="button"
            data-testid="grade-cancel"
            onClick={() => {
              cancelled.current = true;
              pool.cancel();
            }}
          >
            {g.cancel}
          </button>
        )}
      </div>
      {status.state === 'running' && (
        <div className="grade__progress" role="status" data-testid="grade-progress">
          <progress value={status.progress.done} max={Math.max(1, status.progress.total)} />
          <span>
            {g.runs(status.progress.done, status.progress.total)} ·{' '}
            {g.elapsed(clock(status.progress.elapsedMs))}
            {status.progress.leftMs !== null && <> · {g.left(clock(status.progress.leftMs))}</>}
          </span>
        </div>
      )}
      {status.state === 'cancelled' && (
        <p className="notice" role="status" data-testid="grade-cancelled">
          {g.cancelled}
        </p>
      )}
      {status.state === 'failed' && (
        <div className="notice notice--error" role="alert" data-testid="grade-failed">
          {c.badAssignment} <ProblemList problems={status.problems} />
        </div>
      )}
      {status.state === 'done' && (
        <div data-testid="grade-done" data-ms={Math.round(status.ms)}>
          <GradeTable graded={status.graded} assignment={a && !Array.isArray(a) ? a : null} />
          <h3>{g.downloads}</h3>
          <div className="grade__downloads">
            {(
              [
                ['full', g.dlFull, 'grades'],
                ['scores', g.dlScores, 'scores'],
                ['per_question', g.dlPerQuestion, 'per-question'],
                ['canvas', g.dlCanvas, 'canvas'],
              ] as const
            ).map(([key, label, suffix]) => (
              <button
                key={key}
                type="button"
                className="button"
                data-testid={`grade-download-${key}`}
                onClick={() =>
                  saveText(`${fileBase}-${suffix}.csv`, status.graded.files[key], 'text/csv')
                }
              >
                {label}
              </button>
            ))}
          </div>
          <p className="muted small">{g.downloadsHint}</p>
        </div>
      )}
      {a !== null && !Array.isArray(a) && <AnswerKey assignment={a} pool={pool} />}
    </section>
  );
}
