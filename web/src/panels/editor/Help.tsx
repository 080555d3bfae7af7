// A schema description as help under a field, in the reader's language: its first sentence (the
// whole text with `whole`), with the fallback mark when it is English shown in its place.
import { FallbackMark } from '../lessons/FallbackMark';
import { useHelp } from '../hooks/useHelp';
import { firstSentence } from './firstSentence';

export function Help({ text, whole = false }: { text: string; whole?: boolean }) {
  const h = useHelp()(text);
  return (
    <span data-testid="field-help" lang={h.fallback ? 'en' : undefined}>
      {whole ? h.text : firstSentence(h.text)}
      {h.fallback && (
        <>
          {' '}
          <FallbackMark />
        </>
      )}
    </span>
  );
}
