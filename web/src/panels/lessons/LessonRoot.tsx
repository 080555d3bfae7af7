// The lessons side of the page: the list, one lesson (or a teacher-made assignment), the
// teacher view and the grading page. main.tsx shows this instead of the lab when the fragment
// names a lesson route. Everything here asks the grader (wasm) about the assignment, so it
// waits for the module.
import { Suspense, lazy, useEffect } from 'react';
import { AssignmentError, parseAssignment } from '../../lessons/assignment';
import type { Assignment } from '../../lessons/assignment';
import { lessonProse, loadAssignment } from '../../lessons/catalog';
import type { LessonRoute } from '../../lessons/lessonRoute';
import { problemText } from '../../i18n/problems';
import type { Problem } from '../../sim/boundary';
import { prefs } from '../../state/prefs';
import { usePageWasm } from '../hooks/usePageWasm';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { Masthead } from '../Masthead';
import { LessonIndex } from './LessonIndex';
import { LessonPage } from './LessonPage';
import { TeacherView } from './TeacherView';
import { useClassroom, useLang } from './useClassroom';
import './lessons.css';

const GradePage = lazy(() => import('../grade/GradePage').then((m) => ({ default: m.GradePage })));

/** Body of a teacher-made assignment: the scenario widgets, then the questions. */
function generatedText(a: Assignment): string {
  const widgets = Object.keys(a.scenarios)
    .sort()
    .map((n) => `{{scenario: ${n}}}`);
  const questions = a.questions.filter((q) => !q.predict).map((q) => `{{question: ${q.id}}}`);
  return [...widgets, ...questions].join('\n\n');
}

function tryAssignment(v: unknown): Assignment | Problem[] {
  try {
    return parseAssignment(v);
  } catch (e) {
    if (e instanceof AssignmentError) return e.problems;
    return [{ code: 'json_syntax', path: '', params: { detail: String(e) } }];
  }
}

/** The grader's problems with an assignment, in the reader's language. */
export function ProblemList({ problems, testId }: { problems: Problem[]; testId?: string }) {
  const lang = useLang();
  return (
    <ul className="lesson-problems" data-testid={testId}>
      {problems.map((p, i) => (
        <li key={i}>
          <code>{problemText(p, lang)}</code>
        </li>
      ))}
    </ul>
  );
}

function Body({ route }: { route: LessonRoute }) {
  const t = useStrings();
  const c = useClassroom();
  const lang = useLang();
  switch (route.view) {
    case 'index':
      return <LessonIndex />;
    case 'teacher':
      return <TeacherView />;
    case 'grade':
      return (
        <Suspense fallback={<p className="muted">{c.loadingWasm}</p>}>
          <GradePage lesson={route.lesson} assignment={route.assignment} />
        </Suspense>
      );
    case 'lesson': {
      const prose = lessonProse(route.id, lang);
      let a: Assignment | Problem[] | null;
      try {
        a = loadAssignment(route.id);
      } catch (e) {
        a = e instanceof AssignmentError ? e.problems : [];
      }
      if (!prose || a === null) {
        return (
          <p className="notice notice--error" role="alert">
            {t.lessons.notFound(route.id)} <a href="#lessons">{t.lessons.backToIndex}</a>
          </p>
        );
      }
      if (Array.isArray(a)) {
        return (
          <div className="notice notice--error" role="alert" data-testid="bad-assignment">
            {c.badAssignment} <ProblemList problems={a} />
          </div>
        );
      }
      return (
        <LessonPage
          key={`${a.id}/${route.student}`}
          assignment={a}
          prose={prose}
          student={route.student}
        />
      );
    }
    case 'assignment': {
      const a = tryAssignment(route.assignment);
      if (Array.isArray(a)) {
        return (
          <div className="notice notice--error" role="alert" data-testid="bad-assignment">
            {t.lessons.badAssignment} <ProblemList problems={a} />
          </div>
        );
      }
      const title = typeof a.title === 'string' ? a.title : (a.title[lang] ?? a.title.en ?? '');
      return (
        <LessonPage
          key={`${a.id}/${route.student}`}
          assignment={a}
          prose={{
            text: `# ${title.replace(/[\r\n]/g, ' ')}\n\n${generatedText(a)}`,
            fallback: false,
          }}
          student={route.student}
        />
      );
    }
  }
}

export function LessonRoot({ route }: { route: LessonRoute }) {
  const p = useStore(prefs);
  const wasm = usePageWasm({ grader: true });
  const t = useStrings();
  const c = useClassroom();
  useEffect(() => {
    document.documentElement.dataset.theme = p.theme;
    document.documentElement.lang = p.lang;
  }, [p.theme, p.lang]);
  return (
    <div className="page">
      <Masthead />
      <main className="lesson-main">
        {wasm.state === 'ready' ? (
          <Body route={route} />
        ) : wasm.state === 'failed' ? (
          <p className="notice notice--error" role="alert">
            {t.wasmLoadFailed} {wasm.message}
          </p>
        ) : (
          <p className="muted" role="status">
            {c.loadingWasm}
          </p>
        )}
      </main>
    </div>
  );
}
