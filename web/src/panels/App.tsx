// The page: the scenario (diagram + controls) on the left, the run and its plots on the right.
import { useMemo, useState } from 'react';
import { CONTROL_KEYS, controlsFromScenario } from '../scenario/controls';
import type { ControlKey } from '../scenario/controls';
import { DEFAULT_SCENARIO } from '../scenario/defaultScenario';
import { checkForm } from '../scenario/formCheck';
import type { ControlTexts } from '../scenario/formCheck';
import { bottleneckLink } from '../scenario/path';
import { checkInput } from '../scenario/inputCheck';
import { RunStore } from '../state/runStore';
import { strings } from '../i18n';
import { ControlsForm } from './ControlsForm';
import { CwndPlot } from './CwndPlot';
import { GoodputPlot } from './GoodputPlot';
import { RunBar } from './RunBar';
import { RunSummaryCard } from './RunSummaryCard';
import { ThroughputReadout } from './ThroughputReadout';
import { TopologyDiagram } from './TopologyDiagram';
import { useRunSnapshot } from './useRunSnapshot';
import { useValidator } from './useValidator';

const DEFAULT_SPEED = 10;
const store = new RunStore(DEFAULT_SPEED);

function initialTexts(): ControlTexts {
  const v = controlsFromScenario(DEFAULT_SCENARIO);
  return Object.fromEntries(CONTROL_KEYS.map((k) => [k, String(v[k])])) as ControlTexts;
}

const accessBps =
  DEFAULT_SCENARIO.topology.links.find((l) => l.id !== 'bottleneck')?.rate_bps ?? NaN;

export function App() {
  const run = useRunSnapshot(store);
  const validator = useValidator();
  const [texts, setTexts] = useState<ControlTexts>(initialTexts);
  const [speed, setSpeed] = useState<number>(DEFAULT_SPEED);

  const validate = validator.state === 'ready' ? validator.validate : null;
  const check = useMemo(() => checkForm(DEFAULT_SCENARIO, texts, validate), [texts, validate]);

  const duration = checkInput('durationS', texts.durationS);
  const rate = checkInput('rateMbps', texts.rateMbps);
  const durationS = duration.ok ? duration.value : 0;
  const idleRate = rate.ok ? rate.value * 1e6 : NaN;

  const onChange = (key: ControlKey, text: string) => setTexts((t) => ({ ...t, [key]: text }));
  const onRun = () => {
    if (!check.scenario) return;
    store.start(
      JSON.stringify(check.scenario),
      check.scenario.duration_s,
      bottleneckLink(check.scenario).rate_bps,
    );
  };
  const onSpeed = (s: number) => {
    setSpeed(s);
    store.setSpeed(s);
  };

  return (
    <div className="page">
      <header className="masthead">
        <h1>{strings.appTitle}</h1>
        <p>{strings.appTagline}</p>
      </header>
      <main className="layout">
        <section className="card scenario" aria-labelledby="scenario-heading">
          <h2 id="scenario-heading">{strings.scenarioHeading}</h2>
          <p className="scenario__name">{DEFAULT_SCENARIO.name}</p>
          <TopologyDiagram texts={texts} check={check} accessBps={accessBps} />
          <ControlsForm texts={texts} check={check} onChange={onChange} />
          {validator.state === 'failed' && (
            <p className="notice notice--error" role="alert">
              {strings.wasmLoadFailed} {validator.message}
            </p>
          )}
        </section>
        <section className="results">
          <div className="card">
            <RunBar
              run={run}
              canRun={check.scenario !== null}
              speed={speed}
              onRun={onRun}
              onPause={() => store.pause()}
              onResume={() => store.resume()}
              onReset={() => store.reset()}
              onSpeed={onSpeed}
            />
            {run.status === 'failed' && run.error && (
              <div className="notice notice--error" role="alert" data-testid="run-error">
                <p>{strings.runFailed}</p>
                <p>{run.error.message}</p>
              </div>
            )}
          </div>
          <div className="card">
            <h2>{strings.plotHeading}</h2>
            <CwndPlot run={run} durationS={durationS} />
          </div>
          <div className="results__row">
            <div className="card">
              <h2>{strings.throughputHeading}</h2>
              <ThroughputReadout run={run} bottleneckBps={idleRate} />
              <GoodputPlot
                run={run}
                durationS={durationS}
                bottleneckBps={run.status === 'idle' ? idleRate : run.bottleneckBps}
              />
            </div>
            <div className="card">
              <h2>{strings.summaryHeading}</h2>
              <RunSummaryCard run={run} />
            </div>
          </div>
        </section>
      </main>
      <footer className="footer">{strings.footer}</footer>
    </div>
  );
}
