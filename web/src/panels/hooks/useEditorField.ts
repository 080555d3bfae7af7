// One field's share of the editor's store: the value at its path and its draft. A field renders
// again when these change, not on every edit of the scenario (a windowed flows table has tens of
// fields on screen; an edit of one left the others to render for nothing).
import { useSyncExternalStore } from 'react';
import { draftKey, editor, valueAt } from '../../state/editorStore';
import type { VariantId } from '../../state/editorStore';

/** The value at `path` of the scenario being edited. */
export function useValueAt(path: string): unknown {
  return useSyncExternalStore(editor.subscribe, () => valueAt(path, editor.getSnapshot()));
}

/** The text typed into `path` of `variant` that does not parse yet, with its problem. */
export function useDraft(variant: VariantId, path: string) {
  return useSyncExternalStore(
    editor.subscribe,
    () => editor.getSnapshot().drafts[draftKey(variant, path)],
  );
}
