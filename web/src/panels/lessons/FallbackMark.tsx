// The visible mark on English text shown in place of the reader's language. Apart from
// LocalTextView (which renders Markdown and maths) so that the lab's editor help can use it
// without loading markdown-it and KaTeX.
import { useClassroom } from './useClassroom';

export function FallbackMark() {
  const c = useClassroom();
  return (
    <abbr className="lesson-fallback" title={c.fallbackTitle} data-testid="fallback-mark">
      {c.fallbackMark}
    </abbr>
  );
}
