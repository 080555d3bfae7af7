// The lessons side of the page: the list, one lesson (or a teacher-made assignment), the
// teacher view. main.tsx shows this instead of the lab when the fragment names a lesson route.
import { useEffect } from 'react';
import { parseAssignment } from '../../lessons/assignment';
import type { Assignment } from '../../lessons/assignment';
import { loadLesson } from '../../lessons/catalog';
import type { LessonRoute } from '../../lessons/lessonRoute';
import { prefs } from '../../state/prefs';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { Masthead } from '../Masthead';
import { LessonIndex } from './LessonIndex';
import { LessonPage } from './LessonPage';
import { TeacherView } from './TeacherView';
import './lessons.css';

/** Body of a teacher-made assignment: the scenario widgets, then the questions. */
function generatedText(a: Assignment): string {
  const widgets = Object.keys(a.scenarios)
    .sort()
    .map((n) => `{{scenario: ${n}}}`);
  const questions = a.questions.filter((q) => !q.predict).map((q) => `{{question: ${q.id}}}`);
  return [...widgets, ...questions].join('\n\n');
}

function tryAssignment(v: unknown): Assignment | string {
  try {
    return parseAssignment(v);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

function Body({ route }: { route: LessonRoute }) {
  const t = useStrings();
  switch (route.view) {
    case 'index':
      return <LessonIndex />;
    case 'teacher':
      return <TeacherView />;
    case 'lesson': {
      let lesson;
      try {
        lesson = loadLesson(route.id);
      } catch (e) {
        return <p className="notice notice--error">{String(e)}</p>;
      }
      if (!lesson) {
        return (
          <p className="notice notice--error" role="alert">
            {t.lessons.notFound(route.id)} <a href="#lessons">{t.lessons.backToIndex}</a>
          </p>
        );
      }
      return (
        <LessonPage
          key={`${lesson.id}/${route.student}`}
          assignment={lesson.assignment}
          text={lesson.text}
          student={route.student}
        />
      );
    }
    case 'assignment': {
      const a = tryAssignment(route.assignment);
      if (typeof a === 'string') {
        return (
          <p className="notice notice--error" role="alert" data-testid="bad-assignment">
            {t.lessons.badAssignment} <code>{a}</code>
          </p>
        );
      }
      return (
        <LessonPage
          key={`${a.id}/${route.student}`}
          assignment={a}
          text={`# ${a.title.replace(/[\r\n]/g, ' ')}\n\n${generatedText(a)}`}
          student={route.student}
        />
      );
    }
  }
}

export function LessonRoot({ route }: { route: LessonRoute }) {
  const p = useStore(prefs);
  useEffect(() => {
    document.documentElement.dataset.theme = p.theme;
    document.documentElement.lang = p.lang;
  }, [p.theme, p.lang]);
  return (
    <div className="page">
      <Masthead />
      <main className="lesson-main">
        <Body route={route} />
      </main>
    </div>
  );
}
