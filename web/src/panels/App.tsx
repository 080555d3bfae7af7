// The page: the scenario editor on the left; on the right the run controls, what happened, and
// the plots (or the sweep). Compare mode runs A and B together and overlays them.
import { useEffect, useState } from 'react';
import { activeScenario, editor, loadPreset } from '../state/editorStore';
import { prefs } from '../state/prefs';
import { plotShown, timeView } from '../state/viewStore';
import { DEFAULT_SPEED, resetAll, runA, runB } from '../state/runs';
import { ScenarioEditor } from './editor/ScenarioEditor';
import { ErrorBoundary } from './ErrorBoundary';
import { useChecks } from './hooks/useChecks';
import { usePageWasm } from './hooks/usePageWasm';
import { useStore } from './hooks/useStore';
import { useStrings } from './hooks/useStrings';
import { useLinkSync } from './hooks/useLinkSync';
import { LinkNotices } from './LinkNotices';
import { WorkNotices } from './WorkNotices';
import { Masthead } from './Masthead';
import { CcInternalsPanel } from './plots/CcInternalsPanel';
import { CwndPanel } from './plots/CwndPanel';
import { FairnessPanel } from './plots/FairnessPanel';
import { HostPanel } from './plots/HostPanel';
import { PlotPicker } from './plots/PlotPicker';
import { QdiscInternalsPanel } from './plots/QdiscInternalsPanel';
import { QueuePanel } from './plots/QueuePanel';
import { RttPanel } from './plots/RttPanel';
import type { RunView } from './plots/series';
import { ThroughputPanel } from './plots/ThroughputPanel';
import { ExportBar } from './run/ExportBar';
import { RunBar } from './run/RunBar';
import { RunError } from './run/RunError';
import { RunStory } from './run/RunStory';
import { SweepPanel } from './sweep/SweepPanel';

export function App() {
  const t = useStrings();
  const p = useStore(prefs);
  const state = useStore(editor);
  const a = useStore(runA);
  const b = useStore(runB);
  const wasm = usePageWasm();
  const checks = useChecks(wasm);
  const [speed, setSpeed] = useState(DEFAULT_SPEED);
  const [tab, setTab] = useState<'plots' | 'sweep'>('plots');
  const view = useStore(timeView);
  useLinkSync(wasm);

  useEffect(() => {
    document.documentElement.dataset.theme = p.theme;
    document.documentElement.lang = p.lang;
  }, [p.theme, p.lang]);

  const compare = state.B !== null;
  const canRun = checks.A.runnable && (!checks.B || checks.B.runnable);
  const runs: RunView[] =
    compare && b.status !== 'idle'
      ? [
          { snap: a, tag: 'A' },
          { snap: b, tag: 'B' },
        ]
      : [{ snap: a, tag: '' }];
  const durationS = state.A.duration_s;
  const jainRows = wasm.state === 'ready' ? wasm.wasm.jainRows : null;
  const version = wasm.state === 'ready' ? wasm.wasm.version : null;
  const show = (id: string) => plotShown(view, id);

  return (
    <div className="page">
      <Masthead />
      {wasm.state === 'failed' && (
        <p className="notice notice--error" role="alert">
          {t.wasmLoadFailed} {wasm.message}
        </p>
      )}
      <LinkNotices lang={p.lang} />
      <WorkNotices />
      <main className="layout">
        <ErrorBoundary
          title={t.renderFailed}
          resetLabel={t.resetScenario}
          onReset={() => loadPreset('single')}
        >
          <ScenarioEditor checks={checks} />
        </ErrorBoundary>
        <div className="results" id="plots" tabIndex={-1}>
          <section className="card runcard" aria-label={t.run.run}>
            <RunBar
              a={a}
              b={compare ? b : null}
              scenarioA={state.A}
              scenarioB={state.B}
              canRun={canRun}
              work={checks.A.work}
              speed={speed}
              onSpeed={setSpeed}
            />
            {runs.map(({ snap, tag }) => (
              <RunError key={tag || 'A'} snap={snap} tag={tag} version={version} />
            ))}
            <div className="runcard__story">
              <h2>{t.story.heading}</h2>
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
            </div>
            <ExportBar runs={runs} scenario={activeScenario(state)} />
          </section>
          <div className="tabs tabs--main" role="tablist" aria-label={t.sweep.plotsTab}>
            <button
              type="button"
              role="tab"
              id="tab-plots"
              aria-selected={tab === 'plots'}
              aria-controls="panel-plots"
              className="tab"
              data-testid="tab-plots"
              onClick={() => setTab('plots')}
            >
              {t.sweep.plotsTab}
            </button>
            <button
              type="button"
              role="tab"
              id="tab-sweep"
              aria-selected={tab === 'sweep'}
              aria-controls="panel-sweeps"
              className="tab"
              data-testid="tab-sweep"
              onClick={() => setTab('sweep')}
            >
              {t.sweep.tab}
            </button>
          </div>
          <ErrorBoundary title={t.renderFailed} resetLabel={t.run.reset} onReset={resetAll}>
            {tab === 'plots' ? (
              <div className="plots" id="panel-plots" role="tabpanel" aria-labelledby="tab-plots">
                <PlotPicker />
                {show('cwnd') && <CwndPanel runs={runs} durationS={durationS} />}
                {show('goodput') && <ThroughputPanel runs={runs} durationS={durationS} />}
                {show('queue') && <QueuePanel runs={runs} durationS={durationS} />}
                {show('rtt') && <RttPanel runs={runs} durationS={durationS} />}
                {show('fairness') && (
                  <FairnessPanel runs={runs} durationS={durationS} jainRows={jainRows} />
                )}
                {show('cc') && <CcInternalsPanel runs={runs} durationS={durationS} />}
                {show('qdisc') && <QdiscInternalsPanel runs={runs} durationS={durationS} />}
                {show('host') && <HostPanel runs={runs} durationS={durationS} />}
              </div>
            ) : (
              <div id="panel-sweeps" role="tabpanel" aria-labelledby="tab-sweep">
                <SweepPanel scenario={state.A} canRun={checks.A.runnable} />
              </div>
            )}
          </ErrorBoundary>
        </div>
      </main>
      <footer className="footer">{t.footer}</footer>
    </div>
  );
}
