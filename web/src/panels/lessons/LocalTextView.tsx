// Text in the reader's language; English shown in its place carries a visible mark.
import type { Text } from '../../sim/boundary';
import { localText } from '../../lessons/text';
import { renderInline } from '../../lessons/markdown';
import { FallbackMark } from './FallbackMark';
import { useLang } from './useClassroom';

export { FallbackMark };

/** A lesson text as plain text (inserted as React text, never as HTML). */
export function LocalTextView({ text }: { text: Text | null | undefined }) {
  const lang = useLang();
  const t = localText(text, lang);
  return (
    <>
      {t.text}
      {t.fallback && (
        <>
          {' '}
          <FallbackMark />
        </>
      )}
    </>
  );
}

/** A lesson text as inline Markdown (prompts: math, emphasis, code), rendered safely. */
export function LocalMarkdown({
  text,
  id,
  as = 'span',
  className,
}: {
  text: Text | null | undefined;
  id?: string;
  as?: 'span' | 'label';
  className?: string;
}) {
  const lang = useLang();
  const t = localText(text, lang);
  const Tag = as;
  return (
    <Tag className={className} {...(as === 'label' && id ? { htmlFor: id } : {})}>
      {/* Safe: renderInline has raw HTML off (markdown.ts). */}
      <span dangerouslySetInnerHTML={{ __html: renderInline(t.text) }} />
      {t.fallback && (
        <>
          {' '}
          <FallbackMark />
        </>
      )}
    </Tag>
  );
}
