// The scenario editor: preset, compare A/B, the network diagram with the selected element's
// settings, the flows table, the run settings and the list of problems that block Run.
import { useMemo, useState } from 'react';
import type { FieldError } from '../../sim/protocol';
import { PRESET_IDS, isPresetId } from '../../scenario/presets';
import { diffScenarios } from '../../scenario/diff';
import { errorLine, readScenarioFile } from '../../scenario/reader';
import { withoutMadeBy } from '../../scenario/scenarioFile';
import { noteOpenedFile } from '../../state/linkStore';
import { warmCheckWorker } from '../../sim/checkClient';
import { loadPageWasm } from '../../sim/validator';
import { concreteLabel, valueText } from '../../lessons/valueWords';
import {
  activeScenario,
  editor,
  loadPreset,
  replaceScenario,
  setActive,
  startCompare,
  stopCompare,
} from '../../state/editorStore';
import type { ScenarioCheck } from '../hooks/useChecks';
import { useDeferredMount } from '../hooks/useDeferredMount';
import { VIRTUAL_ABOVE } from '../hooks/useVirtualRows';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { prefs } from '../../state/prefs';
import { nextTask } from '../nextTask';
import { ErrorSummary } from './ErrorSummary';
import { FieldContext } from './fieldContext';
import { FlowsTable } from './FlowsTable';
import { LinkInspector } from './LinkInspector';
import { NodeInspector } from './NodeInspector';
import { RunSettings } from './RunSettings';
import { CANVAS_ABOVE } from './TopologyCanvas';
import { TopologyEditor } from './TopologyEditor';

/** No errors: one array, so that a verdict without errors leaves the fields' context as it was. */
const NO_ERRORS: FieldError[] = [];

/** The diagram's key for useDeferredMount until the flows table has rendered. */
const NOT_YET = Symbol('not yet');

interface Props {
  checks: { A: ScenarioCheck; B: ScenarioCheck | null };
}

export function ScenarioEditor({ checks }: Props) {
  const t = useStrings();
  const lang = useStore(prefs).lang;
  const state = useStore(editor);
  const [openFlow, setOpenFlow] = useState<number | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const scenario = activeScenario(state);
  const check = state.active === 'B' && checks.B ? checks.B : checks.A;
  const errors = check.errors.length > 0 ? check.errors : NO_ERRORS;
  // The same context value while the variant and its errors are the same: the fields (tens of
  // them in the flows table) render again only when their store or their errors change.
  const fieldContext = useMemo(() => ({ variant: state.active, errors }), [state.active, errors]);
  const sel = state.selection;
  const link = sel?.kind === 'link' ? scenario.topology.links[sel.index] : undefined;
  const node = sel?.kind === 'node' ? scenario.topology.nodes[sel.index] : undefined;
  const diffs = state.B ? diffScenarios(state.A, state.B) : [];
  const preset = state.preset !== 'custom' ? t.presets[state.preset] : undefined;
  // A large scenario's flows table renders just after the editor first shows (and just after
  // another scenario is loaded into it), its diagram just after that: three short tasks of the
  // page's thread, not one long one.
  const large =
    scenario.flows.length > VIRTUAL_ABOVE ||
    scenario.topology.nodes.length > CANVAS_ABOVE ||
    scenario.topology.links.length > CANVAS_ABOVE;
  const tableReady = useDeferredMount(!large, state.loaded);
  const diagramReady = useDeferredMount(!large, tableReady ? state.loaded : NOT_YET);

  const onImport = async (file: File | undefined) => {
    if (!file) return;
    try {
      const { reader, readOffThread } = await loadPageWasm();
      // A large file is read in the check worker; the page parses it and renders the editor with
      // it in a task of its own (after a small file's read on the page's thread, too).
      const r = await readScenarioFile(file, reader, readOffThread);
      if (!r.ok) throw new Error(errorLine(r.problem));
      await nextTask();
      // Who wrote the file is kept apart from the scenario (and said when it is another version).
      const { scenario: opened, madeBy } = withoutMadeBy(r.scenario);
      replaceScenario(opened);
      noteOpenedFile(file.name, opened, madeBy, reader.modelVersion);
      setImportError(null);
    } catch (e) {
      setImportError(`${t.editor.importFailed} ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  return (
    <section className="card editor" aria-labelledby="editor-heading">
      <div className="editor__head">
        <h2 id="editor-heading">{t.editor.heading}</h2>
        <button
          type="button"
          className={`button button--small${state.B ? ' is-on' : ''}`}
          aria-pressed={state.B !== null}
          data-testid="compare-toggle"
          onClick={() => (state.B ? stopCompare() : startCompare())}
        >
          {state.B ? t.editor.stopCompare : t.editor.compare}
        </button>
      </div>
      <div className="field">
        <label htmlFor="preset">{t.editor.preset}</label>
        <div className="field__input">
          <select
            id="preset"
            data-testid="preset"
            value={state.preset}
            onChange={(e) => isPresetId(e.target.value) && loadPreset(e.target.value)}
          >
            {state.preset === 'custom' && <option value="custom">{t.editor.custom}</option>}
            {PRESET_IDS.map((id) => (
              <option key={id} value={id}>
                {t.presets[id]?.title ?? id}
              </option>
            ))}
          </select>
        </div>
        <p className="field__hint">{preset?.text ?? scenario.name}</p>
      </div>
      <div className="editor__files">
        <label className="button button--small filebutton">
          {t.editor.importJson}
          <input
            type="file"
            accept="application/json,.json"
            className="visually-hidden"
            data-testid="import-json"
            // The worker that reads a large file starts while the user chooses it.
            onClick={warmCheckWorker}
            onChange={(e) => void onImport(e.target.files?.[0])}
          />
        </label>
        {importError && (
          <p className="field__error" role="alert" data-testid="import-error">
            {importError}
          </p>
        )}
      </div>

      {state.B && (
        <div className="compare">
          <div className="tabs" role="tablist" aria-label={t.editor.variantTabs}>
            {(['A', 'B'] as const).map((v) => (
              <button
                key={v}
                type="button"
                role="tab"
                id={`variant-tab-${v}`}
                aria-selected={state.active === v}
                aria-controls="variant-panel"
                className={`tab tab--${v}`}
                data-testid={`variant-${v}`}
                onClick={() => setActive(v)}
              >
                {t.editor.variant(v)}
              </button>
            ))}
          </div>
          <p className="muted small">{t.editor.compareHint}</p>
          <div className="diff" data-testid="compare-diff">
            <p>{t.editor.differences(diffs.length)}</p>
            {diffs.length > 0 && (
              <ul>
                {diffs.slice(0, 12).map((d) => (
                  <li key={d.path} title={d.path}>
                    {concreteLabel(d.path, state.A, lang)}: {valueText(d.path, d.a, lang)} →{' '}
                    {valueText(d.path, d.b, lang)}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}

      <FieldContext.Provider value={fieldContext}>
        <div
          id="variant-panel"
          role={state.B ? 'tabpanel' : undefined}
          aria-labelledby={state.B ? `variant-tab-${state.active}` : undefined}
        >
          <h3 className="card__subheading">{t.topology.heading}</h3>
          {diagramReady ? (
            <TopologyEditor scenario={scenario} selection={sel} errors={errors} />
          ) : (
            <div className="editor__pending" aria-busy="true" data-testid="topology-pending" />
          )}
          {link && sel ? (
            <LinkInspector link={link} index={sel.index} />
          ) : node && sel ? (
            <NodeInspector node={node} index={sel.index} />
          ) : (
            <p className="muted">{t.topology.nothingSelected}</p>
          )}
          <h3 className="card__subheading">{t.flows.heading}</h3>
          {tableReady ? (
            <FlowsTable scenario={scenario} open={openFlow} onOpen={setOpenFlow} />
          ) : (
            <div className="editor__pending" aria-busy="true" data-testid="flows-pending" />
          )}
          <h3 className="card__subheading">{t.runSettings.heading}</h3>
          <RunSettings />
        </div>
      </FieldContext.Provider>
      <ErrorSummary
        checks={checks.B ? [checks.A, checks.B] : [checks.A]}
        onOpenFlow={setOpenFlow}
      />
    </section>
  );
}
