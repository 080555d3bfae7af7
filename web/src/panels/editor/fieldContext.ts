// What every field of the editor needs besides its own path: which variant is edited and the
// validator's errors for it (so a field shows the messages that belong to it).
import { createContext, useContext } from 'react';
import type { FieldError } from '../../sim/protocol';
import { pathWithin } from '../../scenario/fieldPath';
import type { VariantId } from '../../state/editorStore';
import { useStrings } from '../hooks/useStrings';

export interface FieldContextValue {
  variant: VariantId;
  errors: FieldError[];
}

export const FieldContext = createContext<FieldContextValue>({ variant: 'A', errors: [] });

/** Validator messages for `path` in the reader's language: exactly there, or (unless `exact`)
 * anywhere inside it. */
export function useFieldErrors(path: string, exact = false): string[] {
  const { errors } = useContext(FieldContext);
  const t = useStrings();
  return errors
    .filter((e) => (exact ? e.path === path : pathWithin(e.path, path)))
    .map((e) => t.scenarioError(e));
}

export function useVariant(): VariantId {
  return useContext(FieldContext).variant;
}
