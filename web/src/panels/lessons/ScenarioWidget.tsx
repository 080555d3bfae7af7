// A live scenario inside a lesson: the settings the lesson shows, "predict, then run" (Run
// unlocks once every prediction is typed), the run with its plots and numbers, and each
// prediction beside what the run gave. Plots: cwnd, goodput, queues, RTT, and fairness when
// there is more than one flow. A run with the assigned settings is reported upward: the
// questions are checked against it.
import { useEffect, useMemo, useState } from 'react';
import { questionScenario } from '../../lessons/assignment';
import type { Assignment } from '../../lessons/assignment';
import { checkAnswer } from '../../lessons/grading';
import type { AssignedRun } from '../../lessons/grading';
import { parseAnswer } from '../../lessons/check';
import { renderInline } from '../../lessons/markdown';
import type { Scenario } from '../../scenario/types';
import { RunStore } from '../../state/runStore';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { usePageWasm } from '../hooks/usePageWasm';
import { CwndPanel } from '../plots/CwndPanel';
import { FairnessPanel } from '../plots/FairnessPanel';
import { QueuePanel } from '../plots/QueuePanel';
import { RttPanel } from '../plots/RttPanel';
import type { RunView } from '../plots/series';
import { ThroughputPanel } from '../plots/ThroughputPanel';
import { ControlsForm, reachedBy } from './ControlsForm';
import { showNumber } from './QuestionCard';
import { ResultsTable } from './ResultsTable';

const SPEEDS = [1, 10, 50, Infinity];

interface Props {
  name: string;
  assignment: Assignment;
  assigned: Record<string, unknown>;
  variantPaths: string[];
  answers: Record<string, string>;
  onAnswer(id: string, v: string): void;
  onAssignedRun(r: AssignedRun): void;
}

export function ScenarioWidget(props: Props) {
  const { name, assignment: a, assigned, answers, onAnswer, onAssignedRun } = props;
  const t = useStrings();
  const store = useMemo(() => new RunStore(50), []);
  const snap = useStore(store);
  const wasm = usePageWasm();
  const [scenario, setScenario] = useState(assigned);
  const [resets, setResets] = useState(0);
  const [speed, setSpeed] = useState(50);
  const [ranAssigned, setRanAssigned] = useState(false);
  useEffect(() => () => store.reset(), [store]);

  const modified = JSON.stringify(scenario) !== JSON.stringify(assigned);
  const predictions = a.questions.filter((q) => q.predict && questionScenario(a, q) === name);
  const ready = predictions.every((q) => parseAnswer(answers[q.id] ?? '') !== null);
  const hidden = a.hidden ?? [];
  const controls = (a.controls ?? []).filter((p) => !hidden.includes(p));
  const locked = [...(a.locked ?? []), ...reachedBy(assigned, controls, props.variantPaths)];
  const busy = snap.status === 'running' || snap.status === 'loading' || snap.status === 'seeking';

  useEffect(() => {
    if (snap.status === 'done' && snap.summary && snap.traceHash && ranAssigned) {
      onAssignedRun({ summary: snap.summary, traceHash: snap.traceHash });
    }
    // Report each finished run once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snap.status, snap.traceHash]);

  const run = () => {
    setRanAssigned(!modified);
    store.setSpeed(speed);
    store.start(scenario as unknown as Scenario);
  };
  const runs: RunView[] = [{ snap, tag: '' }];
  const done = snap.status === 'done' && snap.summary;
  const flowCount = Array.isArray(scenario.flows) ? scenario.flows.length : 0;
  const durationS = Number((scenario as { duration_s?: unknown }).duration_s) || 1;

  return (
    <section
      className="lesson-widget"
      data-testid={`widget-${name}`}
      aria-label={String(assigned.name ?? name)}
    >
      <h3>{String(assigned.name ?? name)}</h3>
      <ControlsForm
        key={resets}
        scenario={scenario}
        controls={controls}
        locked={locked}
        onChange={setScenario}
      />
      {modified && (
        <p className="notice" data-testid={`modified-${name}`}>
          {t.lessons.modified}{' '}
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              setScenario(assigned);
              setResets((n) => n + 1);
            }}
          >
            {t.lessons.resetControls}
          </button>
        </p>
      )}
      {predictions.length > 0 && (
        <div className="lesson-predict">
          <h4>{t.lessons.predictHeading}</h4>
          <p className="muted">{t.lessons.predictHint}</p>
          {predictions.map((q) => {
            const fb = done
              ? checkAnswer(q, answers[q.id] ?? '', {
                  summary: snap.summary,
                  traceHash: snap.traceHash ?? '',
                })
              : null;
            return (
              <div key={q.id} className="question" data-testid={`predict-${q.id}`}>
                <label
                  htmlFor={`predict-input-${q.id}`}
                  className="question__prompt"
                  dangerouslySetInnerHTML={{ __html: renderInline(q.prompt) }}
                />
                <div className="question__answer">
                  <input
                    id={`predict-input-${q.id}`}
                    type="text"
                    inputMode="decimal"
                    value={answers[q.id] ?? ''}
                    disabled={busy}
                    data-testid={`prediction-${q.id}`}
                    onChange={(e) => onAnswer(q.id, e.target.value)}
                  />
                  {q.unit && <span className="question__unit">{q.unit}</span>}
                </div>
                {fb && (fb.state === 'correct' || fb.state === 'wrong') && (
                  <p
                    className="question__feedback"
                    role="status"
                    data-testid={`prediction-result-${q.id}`}
                    data-state={fb.state}
                  >
                    {t.lessons.predictionVs(answers[q.id] ?? '', showNumber(fb.expected, q.unit))}{' '}
                    {fb.state === 'correct' ? t.lessons.predictionClose : t.lessons.predictionFar}
                  </p>
                )}
              </div>
            );
          })}
        </div>
      )}
      <div className="lesson-widget__bar">
        <button
          type="button"
          className="button button--primary"
          disabled={!ready || busy}
          data-testid={`run-${name}`}
          onClick={run}
        >
          {t.lessons.run}
        </button>
        <label>
          <span>{t.lessons.speed}</span>{' '}
          <select
            value={String(speed)}
            onChange={(e) => {
              const s = Number(e.target.value);
              setSpeed(s);
              store.setSpeed(s);
            }}
          >
            {SPEEDS.map((s) => (
              <option key={s} value={String(s)}>
                {Number.isFinite(s) ? `${s}×` : t.lessons.fastest}
              </option>
            ))}
          </select>
        </label>
        {busy && (
          <span className="muted" role="status">
            {t.lessons.running(`${snap.nowS.toFixed(1)} / ${snap.endS.toFixed(0)} s`)}
          </span>
        )}
        {snap.traceHash && (
          <span className="muted">
            {t.lessons.traceHash}: <code data-testid={`hash-${name}`}>{snap.traceHash}</code>
          </span>
        )}
      </div>
      {snap.status === 'failed' && snap.error && (
        <p className="notice notice--error" role="alert">
          <code>{snap.error.message}</code>
        </p>
      )}
      {snap.status !== 'idle' && (
        <div className="lesson-widget__plots">
          <CwndPanel runs={runs} durationS={durationS} />
          <ThroughputPanel runs={runs} durationS={durationS} />
          <QueuePanel runs={runs} durationS={durationS} />
          <RttPanel runs={runs} durationS={durationS} />
          {flowCount > 1 && (
            <FairnessPanel
              runs={runs}
              durationS={durationS}
              jainRows={wasm.state === 'ready' ? wasm.wasm.jainRows : null}
            />
          )}
        </div>
      )}
      {done && snap.summary && <ResultsTable summary={snap.summary} />}
    </section>
  );
}
