// The lab page: the run controls and the main knobs (or the full scenario editor) beside the cwnd
// and goodput plots, then the run's story, the other plots and the sweep (LabLayout places them).
// Compare mode runs A and B together and overlays them; live mode re-runs after every change.
// `?present` and `?embed` show a chosen few plots and knobs (state/pageMode.ts).
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { activeScenario, editor, loadPreset } from '../state/editorStore';
import { live, liveOn } from '../state/live';
import { pageMode } from '../state/pageMode';
import { prefs } from '../state/prefs';
import type { RunSnapshot } from '../state/runStore';
import { plotShown, timeView } from '../state/viewStore';
import { DEFAULT_SPEED, resetAll, runA, runB } from '../state/runs';
import type { Scenario } from '../scenario/types';
import { ErrorSummary } from './editor/ErrorSummary';
import { FieldContext } from './editor/fieldContext';
import { ScenarioEditor } from './editor/ScenarioEditor';
import { ErrorBoundary } from './ErrorBoundary';
import { useChecks } from './hooks/useChecks';
import { useLiveRun } from './hooks/useLiveRun';
import { usePageWasm } from './hooks/usePageWasm';
import { usePresentKeys } from './hooks/usePresentKeys';
import { useStore } from './hooks/useStore';
import { useStrings } from './hooks/useStrings';
import { useLinkSync } from './hooks/useLinkSync';
import { KNOB_IDS, Knobs } from './knobs/Knobs';
import type { KnobId } from './knobs/Knobs';
import { LabLayout } from './LabLayout';
import { LinkNotices } from './LinkNotices';
import { WorkNotices } from './WorkNotices';
import { Masthead } from './Masthead';
import { BoundsTable } from './plots/BoundsTable';
import { CcInternalsPanel } from './plots/CcInternalsPanel';
import { CwndPanel } from './plots/CwndPanel';
import { FairnessPanel } from './plots/FairnessPanel';
import { HostPanel } from './plots/HostPanel';
import { PacketsPanel } from './packets/PacketsPanel';
import { PlotPicker } from './plots/PlotPicker';
import { QdiscInternalsPanel } from './plots/QdiscInternalsPanel';
import { QueuePanel } from './plots/QueuePanel';
import { RttPanel } from './plots/RttPanel';
import type { RunView } from './plots/series';
import { ThroughputPanel } from './plots/ThroughputPanel';
import { EmbedFooter } from './EmbedFooter';
import { ExportBar } from './run/ExportBar';
import { RunBar } from './run/RunBar';
import { RunError } from './run/RunError';
import { RunStory } from './run/RunStory';
import { SweepPanel } from './sweep/SweepPanel';

/** The plots presentation and embed modes show unless `plots=` names others. */
const FOCUS_PLOTS = ['cwnd', 'goodput'];
/** The knobs presentation mode shows unless `controls=` names others (embed: none). */
const PRESENT_KNOBS: KnobId[] = ['rtt', 'buffer', 'cc'];

/** Does the run show another scenario than the one in the editor? */
function outOfDate(snap: RunSnapshot, scenario: Scenario | null): boolean {
  if (!scenario || !snap.scenario || snap.status === 'idle') return false;
  return snap.scenario !== scenario && JSON.stringify(snap.scenario) !== JSON.stringify(scenario);
}

export function App() {
  const t = useStrings();
  /** Each panel behind its own boundary: one that throws shows why and leaves the rest working. */
  const guard = (id: string, node: ReactNode) => (
    <ErrorBoundary key={id} title={t.renderFailed} resetLabel={t.run.reset} onReset={resetAll}>
      {node}
    </ErrorBoundary>
  );
  const p = useStore(prefs);
  const state = useStore(editor);
  const a = useStore(runA);
  const b = useStore(runB);
  const mode = useStore(pageMode);
  const liveChoice = useStore(live).choice;
  const wasm = usePageWasm();
  const checks = useChecks(wasm);
  const [speed, setSpeed] = useState(DEFAULT_SPEED);
  const [tab, setTab] = useState<'plots' | 'packets' | 'sweep'>('plots');
  const [side, setSide] = useState<'knobs' | 'editor'>('knobs');
  const view = useStore(timeView);
  useLinkSync(wasm);

  useEffect(() => {
    document.documentElement.dataset.theme = p.theme;
    document.documentElement.dataset.mode = mode.mode;
    document.documentElement.lang = p.lang;
  }, [p.theme, p.lang, mode.mode]);

  const compare = state.B !== null;
  const activeCheck = state.active === 'B' && checks.B ? checks.B : checks.A;
  const canRun = checks.A.runnable && (!checks.B || checks.B.runnable);
  const events = Math.max(checks.A.work?.events ?? 0, checks.B?.work?.events ?? 0);
  const values = Math.max(checks.A.work?.trace_values ?? 0, checks.B?.work?.trace_values ?? 0);
  const isLive = liveOn(liveChoice, checks.A.work ? events : null, values);
  useLiveRun({ live: isLive, runnable: canRun, a: state.A, b: state.B });
  usePresentKeys(mode.mode !== 'lab', state.A, state.B);

  const staleA = useMemo(() => outOfDate(a, state.A), [a, state.A]);
  const staleB = useMemo(() => compare && outOfDate(b, state.B), [compare, b, state.B]);
  const stale = (staleA || staleB) && !(isLive && canRun);
  // The same list while the runs are the same, so the memoised panels skip an unrelated render.
  const bShown = compare && b.status !== 'idle';
  const runs: (RunView & { tag: '' | 'A' | 'B' })[] = useMemo(
    () =>
      bShown
        ? [
            { snap: a, tag: 'A' },
            { snap: b, tag: 'B' },
          ]
        : [{ snap: a, tag: '' }],
    [bShown, a, b],
  );
  const durationS = state.A.duration_s;
  const jainRows = wasm.state === 'ready' ? wasm.wasm.jainRows : null;
  const version = wasm.state === 'ready' ? wasm.wasm.version : null;

  // The panels as elements made once per run (and duration): React skips an element it saw
  // before, so an edit or a side-panel switch does not render every plot again.
  const panels = useMemo(
    () => ({
      cwnd: <CwndPanel runs={runs} durationS={durationS} />,
      goodput: <ThroughputPanel runs={runs} durationS={durationS} />,
      queue: <QueuePanel runs={runs} durationS={durationS} />,
      rtt: <RttPanel runs={runs} durationS={durationS} />,
      fairness: <FairnessPanel runs={runs} durationS={durationS} jainRows={jainRows} />,
      cc: <CcInternalsPanel runs={runs} durationS={durationS} />,
      qdisc: <QdiscInternalsPanel runs={runs} durationS={durationS} />,
      host: <HostPanel runs={runs} durationS={durationS} />,
      bounds: <BoundsTable runs={runs} />,
    }),
    [runs, durationS, jainRows],
  );

  const focus = mode.mode !== 'lab';
  const focusPlots = mode.plots && mode.plots.length > 0 ? mode.plots : FOCUS_PLOTS;
  const show = (id: string) => (focus ? focusPlots.includes(id) : plotShown(view, id));
  const knobIds: readonly KnobId[] | undefined = focus
    ? (mode.controls?.filter((c): c is KnobId => (KNOB_IDS as readonly string[]).includes(c)) ??
      (mode.mode === 'present' ? PRESENT_KNOBS : []))
    : undefined;
  const editing = !focus && side === 'editor';

  const runCard = (
    <section
      className="card runcard"
      id="run-controls"
      tabIndex={-1}
      aria-label={t.run.run}
      data-testid="run-card"
    >
      <RunBar
        a={a}
        b={compare ? b : null}
        scenarioA={state.A}
        scenarioB={state.B}
        canRun={canRun}
        checking={checks.A.pending || checks.B?.pending === true}
        work={checks.A.work}
        speed={speed}
        onSpeed={setSpeed}
        stale={stale}
      />
      {runs.map(({ snap, tag }) => (
        <RunError key={tag || 'A'} snap={snap} tag={tag} version={version} />
      ))}
    </section>
  );

  const sideTabs = (
    <div className="tabs tabs--side" role="tablist" aria-label={t.screen.sideTabs}>
      {(['knobs', 'editor'] as const).map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`side-tab-${id}`}
          aria-selected={side === id}
          aria-controls="side-panel"
          className="tab"
          data-testid={`side-${id}`}
          onClick={() => setSide(id)}
        >
          {id === 'knobs' ? t.screen.knobs : t.screen.fullEditor}
        </button>
      ))}
    </div>
  );

  const sidePanel = focus ? (
    knobIds && knobIds.length > 0 ? (
      <section className="card knobcard">
        {guard(
          'knobs',
          <FieldContext.Provider value={{ variant: state.active, errors: activeCheck.errors }}>
            <Knobs only={knobIds} />
          </FieldContext.Provider>,
        )}
      </section>
    ) : null
  ) : (
    <section className="card knobcard">
      {sideTabs}
      <div id="side-panel" role="tabpanel" aria-labelledby={`side-tab-${side}`}>
        <ErrorBoundary
          title={t.renderFailed}
          resetLabel={t.resetScenario}
          onReset={() => loadPreset('single')}
        >
          {side === 'knobs' ? (
            <>
              <FieldContext.Provider value={{ variant: state.active, errors: activeCheck.errors }}>
                <Knobs />
              </FieldContext.Provider>
              <ErrorSummary
                checks={checks.B ? [checks.A, checks.B] : [checks.A]}
                onOpenFlow={() => undefined}
                onShowEditor={() => setSide('editor')}
              />
            </>
          ) : (
            <ScenarioEditor checks={checks} />
          )}
        </ErrorBoundary>
      </div>
    </section>
  );

  const primary = (
    <div
      className={`lab__primary${stale ? ' is-stale' : ''}`}
      id="plots"
      tabIndex={-1}
      data-testid="primary-plots"
    >
      {show('cwnd') && guard('cwnd', panels.cwnd)}
      {show('goodput') && guard('goodput', panels.goodput)}
    </div>
  );

  const others = (
    <>
      {show('queue') && guard('queue', panels.queue)}
      {show('rtt') && guard('rtt', panels.rtt)}
      {show('fairness') && guard('fairness', panels.fairness)}
      {show('cc') && guard('cc', panels.cc)}
      {show('qdisc') && guard('qdisc', panels.qdisc)}
      {show('host') && guard('host', panels.host)}
    </>
  );

  const story = (
    <section
      className={`card storycard${stale ? ' is-stale' : ''}`}
      aria-labelledby="story-heading"
      data-testid="story-card"
    >
      <h2 id="story-heading">{t.story.heading}</h2>
      {runs.map(({ snap, tag }) => (
        <RunStory key={tag || 'A'} run={snap} tag={tag} />
      ))}
      <p className="runcard__hash">
        {t.run.traceHash}: <code data-testid="trace-hash">{a.traceHash ?? '–'}</code>
        {compare && (
          <>
            {' '}
            · B: <code data-testid="trace-hash-B">{b.traceHash ?? '–'}</code>
          </>
        )}
      </p>
      {panels.bounds}
      <ExportBar runs={runs} scenario={activeScenario(state)} />
    </section>
  );

  const mainTabs = (
    <div className="tabs tabs--main" role="tablist" aria-label={t.sweep.plotsTab}>
      {(['plots', 'packets', 'sweep'] as const).map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`tab-${id}`}
          aria-selected={tab === id}
          aria-controls={`panel-${id === 'sweep' ? 'sweeps' : id}`}
          className="tab"
          data-testid={`tab-${id}`}
          onClick={() => setTab(id)}
        >
          {id === 'plots' ? t.sweep.plotsTab : id === 'packets' ? t.packets.tab : t.sweep.tab}
        </button>
      ))}
    </div>
  );

  const main = focus ? (
    <div
      className={`lab__focus${stale ? ' is-stale' : ''}`}
      id="plots"
      tabIndex={-1}
      data-testid="focus-plots"
    >
      {show('cwnd') && guard('cwnd', panels.cwnd)}
      {show('goodput') && guard('goodput', panels.goodput)}
      {others}
    </div>
  ) : (
    <>
      {primary}
      <div className="lab__rest">
        <ErrorBoundary title={t.renderFailed} resetLabel={t.run.reset} onReset={resetAll}>
          {mainTabs}
          {/* Kept in the page while another tab shows (hidden): coming back redraws nothing
              and mounts nothing, however many flows the run had. */}
          <div
            className="plots"
            id="panel-plots"
            role="tabpanel"
            aria-labelledby="tab-plots"
            hidden={tab !== 'plots'}
          >
            {guard('story', story)}
            {guard('picker', <PlotPicker />)}
            <div className={`plots__more${stale ? ' is-stale' : ''}`}>{others}</div>
          </div>
          {tab === 'plots' ? null : tab === 'packets' ? (
            <div id="panel-packets" role="tabpanel" aria-labelledby="tab-packets">
              <PacketsPanel
                scenario={a.status === 'done' ? a.scenario : null}
                runKey={a.status === 'done' ? a.traceHash : null}
                durationS={durationS}
                trace={a.status === 'done' ? a.trace : null}
                columns={a.columns}
              />
            </div>
          ) : (
            <div id="panel-sweeps" role="tabpanel" aria-labelledby="tab-sweep">
              {guard('sweep', <SweepPanel scenario={state.A} canRun={checks.A.runnable} />)}
            </div>
          )}
        </ErrorBoundary>
      </div>
    </>
  );

  return (
    <LabLayout
      mode={mode.mode}
      editing={editing}
      header={mode.mode === 'embed' ? null : <Masthead lab />}
      notices={
        <>
          {wasm.state === 'failed' && (
            <p className="notice notice--error" role="alert">
              {t.wasmLoadFailed} {wasm.message}
            </p>
          )}
          {mode.mode === 'lab' && guard('link-notices', <LinkNotices lang={p.lang} />)}
          {mode.mode === 'lab' && guard('work-notices', <WorkNotices />)}
        </>
      }
      side={
        <>
          {guard('run', runCard)}
          {sidePanel}
        </>
      }
      main={main}
      footer={
        mode.mode === 'embed' ? (
          <EmbedFooter />
        ) : mode.mode === 'lab' ? (
          <footer className="footer">{t.footer}</footer>
        ) : null
      }
    />
  );
}
