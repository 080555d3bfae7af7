// The page's link and autosave state outside React: whether start-up is done, the lesson flags a
// link brought (passed on, unread, to every link the page writes), the message about the link,
// and saved work on offer. The actions load what the reader chooses.
import { bottleneckLink } from '../scenario/knobs';
import { decodeLink, hasLink } from '../scenario/link/linkCodec';
import type { MadeBy } from '../scenario/scenarioFile';
import type { Scenario } from '../scenario/types';
import type { LessonFlags, LinkState } from '../scenario/link/linkState';
import type { ScenarioReader } from '../scenario/reader';
import {
  AUTOSAVE_KEY,
  DRAFT_KEY,
  PREVIOUS_KEY,
  readSaved,
  saveStatus,
  saveTarget,
  savedByOtherTab,
  writeSaved,
} from './autosave';
import type { Saved } from './autosave';
import { editor, replaceScenario, select } from './editorStore';
import type { Selection } from './editorStore';
import { chooseStart } from './pageStart';
import { keepSaved, scenarioValid, setValidity } from './recovery';
import type { LinkNotice } from './pageStart';
import { Store } from './store';
import { checkNow, verdictComing } from './verdicts';
import type { Checker } from './verdicts';
import { setDomain, setPlots, timeView } from './viewStore';

export interface LinkStoreState {
  ready: boolean;
  lesson: LessonFlags | undefined;
  notice: LinkNotice | null;
  offer: Saved | null;
  /** Where the scenario the page started with came from. */
  opened: 'link' | 'autosave' | null;
  /** The open link (or, with `file`, the opened scenario file) was made by another model
   * version (`ours` is this page's), with the trace hash its maker saw, if it carries one. */
  otherModel: OtherModel | null;
}

export const linkStore = new Store<LinkStoreState>({
  ready: false,
  lesson: undefined,
  notice: null,
  offer: null,
  opened: null,
  otherModel: null,
});

export interface OtherModel {
  theirs: string;
  ours: string;
  traceHash: string | null;
  /** A scenario file's name, and its scenario as JSON (a run of exactly it has a hash to
   * compare); absent for a link. */
  file?: { name: string; scenario: string };
}

/** The note for a scenario file another model version wrote, or null. */
export function otherModelOfFile(
  name: string,
  scenario: Scenario,
  madeBy: MadeBy | null,
  ours: string,
): OtherModel | null {
  return madeBy && madeBy.model !== ours
    ? {
        theirs: madeBy.model,
        ours,
        traceHash: madeBy.trace_hash ?? null,
        file: { name, scenario: JSON.stringify(scenario) },
      }
    : null;
}

/** Opening a scenario file: note it when another model version wrote it (and drop an older
 * note, which was about what the editor held before). */
export function noteOpenedFile(
  name: string,
  scenario: Scenario,
  madeBy: MadeBy | null,
  ours: string,
): void {
  linkStore.update((s) => ({ ...s, otherModel: otherModelOfFile(name, scenario, madeBy, ours) }));
}

/** The note for a link made by another model version, or null. */
export function otherModelOf(
  link: { model: string | null; state: LinkState },
  ours: string,
): LinkStoreState['otherModel'] {
  return link.model !== null && link.model !== ours
    ? { theirs: link.model, ours, traceHash: link.state.traceHash ?? null }
    : null;
}

const AUTOSAVE_MS = 300;
/** A save whose scenario is being checked off the page's thread waits for the verdict this much
 * at a time, and at most WAIT_MAX_MS in all (then it checks on the page's thread). */
const WAIT_MS = 50;
const WAIT_MAX_MS = 3000;

/** What the editor selects in a scenario nobody has clicked in yet: its bottleneck link. */
export function defaultSelection(s: Scenario): Selection {
  const b = bottleneckLink(s);
  return b >= 0 ? { kind: 'link', index: b } : null;
}

/** `link:1` → the second link; null when absent, malformed or out of range. */
export function parseSelection(
  text: string | undefined,
  counts: { links: number; nodes: number },
): Selection {
  const m = /^(link|node):(\d+)$/.exec(text ?? '');
  if (!m) return null;
  const kind = m[1] as 'link' | 'node';
  const index = Number(m[2]);
  return index < (kind === 'link' ? counts.links : counts.nodes) ? { kind, index } : null;
}

function loadState(state: LinkState): void {
  replaceScenario(state.scenario);
  const sel = parseSelection(state.view?.selection, {
    links: state.scenario.topology.links.length,
    nodes: state.scenario.topology.nodes.length,
  });
  select(sel ?? defaultSelection(state.scenario));
  setPlots(state.view?.plots ?? null);
  setDomain(state.view?.domain ?? null);
  linkStore.update((s) => ({ ...s, lesson: state.lesson }));
}

function loadSaved(saved: Saved): void {
  replaceScenario(saved.A);
  if (saved.B) editor.update((s) => ({ ...s, B: saved.B, revision: s.revision + 1 }));
}

/** The state a link made now would carry. */
export function currentLinkState(): LinkState {
  const v = timeView.get();
  const { A, selection: sel } = editor.get();
  const usual = defaultSelection(A);
  const moved = sel && !(usual && sel.kind === usual.kind && sel.index === usual.index);
  const view = {
    ...(v.plots ? { plots: v.plots } : {}),
    ...(v.domain ? { domain: v.domain } : {}),
    ...(sel && moved ? { selection: `${sel.kind}:${sel.index}` } : {}),
  };
  const lesson = linkStore.get().lesson;
  return {
    scenario: editor.get().A,
    ...(Object.keys(view).length > 0 ? { view } : {}),
    ...(lesson ? { lesson } : {}),
  };
}

let started = false;

/**
 * Read the link in `hash` (if any) and the autosaved work, decide what to show, then keep
 * autosaving. `wasm` is the page's scenario reader and check, or null if the wasm failed to load
 * (then a link cannot be read, and says so).
 */
export async function startFromUrl(
  hash: string,
  wasm: { reader: ScenarioReader; check: Checker } | null,
): Promise<void> {
  if (started) return;
  started = true;
  const reader = wasm?.reader ?? null;
  const link = !hasLink(hash)
    ? null
    : reader
      ? await decodeLink(hash, reader)
      : ({ ok: false, reason: 'content', detail: 'the simulator did not load' } as const);
  const linkErrors = link?.ok ? link.errors : null;
  // Through the editor's verdicts: what autosave or the history checks, the editor need not.
  if (wasm) setValidity((s) => checkNow(s, wasm.check).errors.length === 0);
  // An edit that failed validation and was kept apart from the saved work: to the history.
  const draft = readSaved(DRAFT_KEY);
  if (draft) {
    await keepSaved(draft, 'draft');
    writeSaved(DRAFT_KEY, null);
  }
  const plan = chooseStart({
    link,
    linkErrors,
    saved: readSaved(AUTOSAVE_KEY),
    previous: readSaved(PREVIOUS_KEY),
  });
  if (plan.load?.from === 'link') loadState(plan.load.state);
  if (plan.load?.from === 'autosave') loadSaved(plan.load.saved);
  // Keep the offered work apart, so autosaving the link's scenario cannot overwrite it.
  writeSaved(PREVIOUS_KEY, plan.offer);
  linkStore.update((s) => ({
    ...s,
    ready: true,
    notice: plan.notice,
    offer: plan.offer,
    opened: plan.load?.from ?? null,
    otherModel:
      plan.load?.from === 'link' && link?.ok && reader
        ? otherModelOf(link, reader.modelVersion)
        : null,
  }));
  startAutosave();
}

/** This page's mark on what it saves (another tab has another). */
const TAB = Math.random().toString(36).slice(2, 10);

function startAutosave(): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  // What was saved when this page started counts as seen: only later saves are another tab's.
  let lastWrite = readSaved(AUTOSAVE_KEY)?.savedAt ?? 0;
  let waited = 0;
  const save = (urgent = false) => {
    timer = null;
    const { A, B } = editor.get();
    // A large scenario's check is under way in a worker: its verdict decides where the save goes,
    // and checking here too would hold the page's thread.
    if (!urgent && waited < WAIT_MAX_MS && (verdictComing(A) || (B !== null && verdictComing(B)))) {
      waited += WAIT_MS;
      timer = setTimeout(save, WAIT_MS);
      return;
    }
    waited = 0;
    const valid = scenarioValid(A) && (B === null || scenarioValid(B));
    const stored = readSaved(AUTOSAVE_KEY);
    if (savedByOtherTab(stored, TAB, lastWrite) && stored) {
      // Two tabs on one lab: keep the other's work before this one's replaces it.
      void keepSaved(stored, 'otherTab');
      saveStatus.update((s) => ({ ...s, otherTab: true }));
    }
    const now = Math.max(Date.now(), lastWrite + 1);
    const record = { A, B, savedAt: now, valid, tab: TAB };
    const ok =
      saveTarget(valid, stored) === 'draft'
        ? writeSaved(DRAFT_KEY, record)
        : writeSaved(AUTOSAVE_KEY, record) && writeSaved(DRAFT_KEY, null);
    lastWrite = now;
    if (ok !== !saveStatus.get().failed) saveStatus.update((s) => ({ ...s, failed: !ok }));
  };
  editor.subscribe(() => {
    if (timer === null) timer = setTimeout(save, AUTOSAVE_MS);
  });
  globalThis.addEventListener?.('pagehide', () => {
    if (timer !== null) {
      clearTimeout(timer);
      save(true);
    }
  });
  // Another tab saved: say so now (its work is kept when this tab next saves).
  globalThis.addEventListener?.('storage', (e: StorageEvent) => {
    if (e.key !== AUTOSAVE_KEY) return;
    if (savedByOtherTab(readSaved(AUTOSAVE_KEY), TAB, lastWrite)) {
      saveStatus.update((s) => ({ ...s, otherTab: true }));
    }
  });
}

/**
 * A link pasted into the address bar of the open lab (a `hashchange` the page did not make):
 * open it as at start. The scenario it replaces goes to the history with Undo
 * (state/recovery.ts); a link that cannot be opened says why and changes nothing.
 */
export async function openPastedLink(hash: string, reader: ScenarioReader): Promise<void> {
  if (!hasLink(hash)) return;
  const link = await decodeLink(hash, reader);
  if (!link.ok) {
    linkStore.update((s) => ({
      ...s,
      notice: { kind: 'failed', reason: link.reason, detail: link.detail },
    }));
  } else if (link.errors.length > 0) {
    linkStore.update((s) => ({
      ...s,
      notice: { kind: 'invalid', errors: link.errors, state: link.state },
    }));
  } else {
    loadState(link.state);
    linkStore.update((s) => ({ ...s, otherModel: otherModelOf(link, reader.modelVersion) }));
  }
}

/** Set (or with undefined, clear) the lesson flags every link the page writes carries. */
export function setLessonFlags(lesson: LessonFlags | undefined): void {
  linkStore.update((s) => ({ ...s, lesson }));
}

/** Put the offered saved work back in the editor (the link's scenario is replaced). */
export function restoreOffer(): void {
  const offer = linkStore.get().offer;
  if (!offer) return;
  loadSaved(offer);
  writeSaved(PREVIOUS_KEY, null);
  linkStore.update((s) => ({ ...s, offer: null }));
}

/** Forget the offered saved work, on the reader's word. */
export function discardOffer(): void {
  writeSaved(PREVIOUS_KEY, null);
  linkStore.update((s) => ({ ...s, offer: null }));
}

/** Open the scenario of a link that did not validate, to fix it in the editor. */
export function openInvalidLink(): void {
  const n = linkStore.get().notice;
  if (n?.kind === 'invalid') loadState(n.state);
  dismissNotice();
}

export function dismissNotice(): void {
  linkStore.update((s) => ({ ...s, notice: null }));
}
