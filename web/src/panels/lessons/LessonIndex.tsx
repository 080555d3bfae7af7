// The list of lessons in content/lessons.
import { LESSON_IDS, loadLesson } from '../../lessons/catalog';
import { lessonHash } from '../../lessons/lessonRoute';
import { useStrings } from '../hooks/useStrings';

export function LessonIndex() {
  const t = useStrings();
  return (
    <section className="card lesson" data-testid="lesson-index">
      <h2>{t.lessons.indexHeading}</h2>
      <p>{t.lessons.indexIntro}</p>
      <ol className="lesson-index">
        {LESSON_IDS.map((id) => {
          const l = loadLesson(id);
          return (
            <li key={id}>
              <a href={lessonHash(id)} data-testid={`lesson-link-${id}`}>
                {l?.title ?? id}
              </a>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
