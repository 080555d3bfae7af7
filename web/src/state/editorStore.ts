// The scenario being edited (and, in compare mode, its twin B), the selected link or node, and
// the text of fields the user is typing in (drafts), outside React. A field whose text does not
// parse keeps its draft with the problem; the scenario keeps the last good value, and Run stays
// blocked until every draft parses.
import { getAt, setAt } from '../scenario/fieldPath';
import { presetScenario } from '../scenario/presets';
import type { PresetId } from '../scenario/presets';
import type { Scenario } from '../scenario/types';
import { Store } from './store';

export type VariantId = 'A' | 'B';

export type Selection = { kind: 'link' | 'node'; index: number } | null;

export interface Draft {
  text: string;
  /** Why the text is not accepted (an i18n key of `localErrors`), or null when it parsed. */
  problem: string | null;
}

export interface EditorState {
  A: Scenario;
  /** The compare twin; null when compare mode is off. */
  B: Scenario | null;
  active: VariantId;
  selection: Selection;
  /** Keyed `${variant}|${path}`. */
  drafts: Record<string, Draft>;
  preset: PresetId | 'custom';
  /** Bumped when a scenario is replaced wholesale (fields drop their drafts). */
  revision: number;
  /** Bumped by `replaceScenario` only (an import, a preset, a link, a restore): the editor
   * renders a large scenario's diagram and flows table just after the rest of it. */
  loaded: number;
}

export const editor = new Store<EditorState>({
  A: presetScenario('single'),
  B: null,
  active: 'A',
  selection: { kind: 'link', index: 1 },
  drafts: {},
  preset: 'single',
  revision: 0,
  loaded: 0,
});

export const draftKey = (variant: VariantId, path: string) => `${variant}|${path}`;

export function activeScenario(s: EditorState = editor.get()): Scenario {
  return s.active === 'B' && s.B ? s.B : s.A;
}

function withVariant(s: EditorState, v: VariantId, next: Scenario): EditorState {
  return v === 'B' ? { ...s, B: next } : { ...s, A: next };
}

function dropDrafts(drafts: Record<string, Draft>, variant: VariantId): Record<string, Draft> {
  return Object.fromEntries(Object.entries(drafts).filter(([k]) => !k.startsWith(`${variant}|`)));
}

/** Commit a parsed value at `path` of the active variant and forget the field's problem. */
export function setField(path: string, value: unknown, text?: string): void {
  editor.update((s) => {
    const v = s.active;
    const next = setAt(activeScenario(s), path, value);
    const drafts = { ...s.drafts };
    if (text === undefined) delete drafts[draftKey(v, path)];
    else drafts[draftKey(v, path)] = { text, problem: null };
    return { ...withVariant(s, v, next), drafts, preset: v === 'A' ? 'custom' : s.preset };
  });
}

/** Keep text that does not parse, with its problem; the scenario keeps its last good value. */
export function setDraft(path: string, text: string, problem: string): void {
  editor.update((s) => ({
    ...s,
    drafts: { ...s.drafts, [draftKey(s.active, path)]: { text, problem } },
  }));
}

/** Forget the draft of a field (on blur of a field that parsed, so it shows the canonical text). */
export function clearDraft(path: string): void {
  editor.update((s) => {
    const k = draftKey(s.active, path);
    const d = s.drafts[k];
    if (!d || d.problem) return s;
    const drafts = { ...s.drafts };
    delete drafts[k];
    return { ...s, drafts };
  });
}

/** Change several values of the active variant at once (a knob that sets more than one path). */
export function updateScenario(fn: (s: Scenario) => Scenario): void {
  editor.update((s) => {
    const v = s.active;
    return { ...withVariant(s, v, fn(activeScenario(s))), preset: v === 'A' ? 'custom' : s.preset };
  });
}

/** A structural edit of the active variant (add or remove a node, link or flow). */
export function editScenario(fn: (s: Scenario) => Scenario, selection?: Selection): void {
  editor.update((s) => {
    const v = s.active;
    return {
      ...withVariant(s, v, fn(activeScenario(s))),
      drafts: dropDrafts(s.drafts, v),
      selection: selection === undefined ? s.selection : selection,
      preset: v === 'A' ? 'custom' : s.preset,
      revision: s.revision + 1,
    };
  });
}

type ReplaceHook = (previous: { A: Scenario; B: Scenario | null }, next: Scenario) => void;
let replaceHook: ReplaceHook | null = null;

/** Be told before each wholesale replacement (state/recovery.ts keeps the scenario replaced). */
export function onReplace(hook: ReplaceHook): void {
  replaceHook = hook;
}

/** Replace the active variant (a preset, an imported file, a URL). */
export function replaceScenario(next: Scenario, preset: PresetId | 'custom' = 'custom'): void {
  const { A, B } = editor.get();
  replaceHook?.({ A, B }, next);
  editor.update((s) => ({
    ...withVariant(s, s.active, next),
    drafts: dropDrafts(s.drafts, s.active),
    selection: next.topology.links.length > 0 ? { kind: 'link', index: 0 } : null,
    preset: s.active === 'A' ? preset : s.preset,
    revision: s.revision + 1,
    loaded: s.loaded + 1,
  }));
}

export function loadPreset(id: PresetId): void {
  const next = presetScenario(id);
  replaceScenario(next, id);
  // Start on the link most presets are about.
  const b = next.topology.links.findIndex((l) => l.id === 'bottleneck');
  if (b >= 0) select({ kind: 'link', index: b });
}

export function select(selection: Selection): void {
  editor.update((s) => ({ ...s, selection }));
}

export function setActive(active: VariantId): void {
  editor.update((s) => (s.B || active === 'A' ? { ...s, active } : s));
}

/** Compare mode on: B starts as a copy of A (same seed), and the editor switches to B. */
export function startCompare(): void {
  editor.update((s) => ({
    ...s,
    B: structuredClone(s.A),
    active: 'B',
    revision: s.revision + 1,
  }));
}

export function stopCompare(): void {
  editor.update((s) => ({
    ...s,
    B: null,
    active: 'A',
    drafts: dropDrafts(s.drafts, 'B'),
    revision: s.revision + 1,
  }));
}

/** Fields of `variant` whose text does not parse: [path, problem]. */
export function draftProblems(s: EditorState, variant: VariantId): [string, string][] {
  const prefix = `${variant}|`;
  const out: [string, string][] = [];
  for (const [k, d] of Object.entries(s.drafts)) {
    if (k.startsWith(prefix) && d.problem) out.push([k.slice(prefix.length), d.problem]);
  }
  return out;
}

/** The value at `path` of the active variant. */
export function valueAt(path: string, s: EditorState = editor.get()): unknown {
  return getAt(activeScenario(s), path);
}
