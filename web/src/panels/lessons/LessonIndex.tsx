// The list of lessons in content/lessons, titled in the reader's language.
import { LESSON_IDS, lessonTitleIn } from '../../lessons/catalog';
import { lessonHash } from '../../lessons/lessonRoute';
import { useStrings } from '../hooks/useStrings';
import { FallbackMark } from './LocalTextView';
import { useLang } from './useClassroom';

export function LessonIndex() {
  const t = useStrings();
  const lang = useLang();
  return (
    <section className="card lesson" data-testid="lesson-index">
      <h2>{t.lessons.indexHeading}</h2>
      <p>{t.lessons.indexIntro}</p>
      <ol className="lesson-index">
        {LESSON_IDS.map((id) => {
          const title = lessonTitleIn(id, lang);
          return (
            <li key={id}>
              <a href={lessonHash(id)} data-testid={`lesson-link-${id}`}>
                {title.text}
              </a>
              {title.fallback && (
                <>
                  {' '}
                  <FallbackMark />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
