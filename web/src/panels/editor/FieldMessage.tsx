// The line under a field: its problem (local or from the validator) or its hint.
import type { ReactNode } from 'react';
import { asSentence } from '../../i18n';

interface Props {
  id: string;
  problem?: string | null;
  /** A string, or <Help> for a schema description in the reader's language. */
  hint?: ReactNode;
  testId?: string;
}

export function FieldMessage({ id, problem, hint, testId }: Props) {
  if (problem) {
    return (
      <p id={id} className="field__error" role="alert" data-testid={testId}>
        {asSentence(problem)}
      </p>
    );
  }
  if (!hint) return null;
  return (
    <p id={id} className="field__hint">
      {hint}
    </p>
  );
}
