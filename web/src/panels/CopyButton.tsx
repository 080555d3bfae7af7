// A button that copies text to the clipboard and says so; where the clipboard is refused or
// missing (permissions, an http page, an old browser) it shows the text selected in a read-only
// field instead, so the reader can copy it by hand.
import { useEffect, useRef, useState } from 'react';

interface Props {
  label: string;
  copied: string;
  fallback: string;
  fieldLabel: string;
  testId: string;
  multiline?: boolean;
  /** The text to copy; null: nothing to copy (the caller explains why). */
  text(): Promise<string | null> | string | null;
}

type Shown = { kind: 'idle' } | { kind: 'copied' } | { kind: 'fallback'; text: string };

const COPIED_MS = 4000;

async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (!globalThis.navigator?.clipboard?.writeText) return false;
    await globalThis.navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function CopyButton({
  label,
  copied,
  fallback,
  fieldLabel,
  testId,
  multiline,
  text,
}: Props) {
  const [shown, setShown] = useState<Shown>({ kind: 'idle' });
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);

  useEffect(() => {
    if (shown.kind === 'fallback') field.current?.select();
    if (shown.kind !== 'copied') return;
    const id = setTimeout(() => setShown({ kind: 'idle' }), COPIED_MS);
    return () => clearTimeout(id);
  }, [shown]);

  const onClick = async () => {
    const value = await text();
    if (value === null) {
      setShown({ kind: 'idle' });
      return;
    }
    setShown(
      (await writeClipboard(value)) ? { kind: 'copied' } : { kind: 'fallback', text: value },
    );
  };

  const Field = multiline ? 'textarea' : 'input';
  return (
    <span className="copy">
      <button
        type="button"
        className="button button--small"
        data-testid={testId}
        onClick={() => void onClick()}
      >
        {label}
      </button>
      <span role="status" className="copy__status" data-testid={`${testId}-status`}>
        {shown.kind === 'copied' ? copied : ''}
      </span>
      {shown.kind === 'fallback' && (
        <span className="copy__fallback">
          <span className="small">{fallback}</span>
          <Field
            ref={field}
            className="copy__field"
            readOnly
            aria-label={fieldLabel}
            data-testid={`${testId}-field`}
            value={shown.text}
            onFocus={(e) => e.currentTarget.select()}
          />
        </span>
      )}
    </span>
  );
}
