// The line under a field: its problem (local or from the validator) or its hint.
import { asSentence } from '../../i18n';

interface Props {
  id: string;
  problem?: string | null;
  hint?: string;
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
