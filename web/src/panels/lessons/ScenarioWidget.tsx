// A live scenario inside a lesson: the settings the lesson shows (in words, locked ones
// read-only), "predict, then run" (Run unlocks once every prediction is a possible value), the
// run with its plots and numbers, and each prediction beside what the run gave. Numbers a
// question has not been answered for stay hidden: in the results table, on the goodput and
// fairness panels' readouts, and in the prediction's feedback. A run with the assigned
// settings is reported upward: the questions are checked against it.
import { useEffect, useMemo, useState } from 'react';
import type { Assignment } from '../../lessons/assignment';
import type { AssignedScenario, QuestionState } from '../../sim/boundary';
import type { AssignedRun } from '../../sim/grader';
import { problemText } from '../../i18n/problems';
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
import { BoundsTable } from '../plots/BoundsTable';
import { ControlsForm } from './ControlsForm';
import { FallbackMark, LocalMarkdown, LocalTextView } from './LocalTextView';
import { showNumber, unitText } from './QuestionCard';
import { ResultsTable } from './ResultsTable';
import { useClassroom, useLang } from './useClassroom';
import { scenarioTitle } from '../../i18n/scenarioTitles';

const SPEEDS = [1, 10, 50, Infinity];

interface Props {
  assignment: Assignment;
  assigned: AssignedScenario;
  /** The predictions asked in this widget, checked against its run. */
  predictions: QuestionState[];
  answers: Record<string, string>;
  onAnswer(id: string, v: string): void;
  /** Places of this scenario's run summary not to show yet (→ the question asking). */
  masked: Map<string, string>;
  /** A run with the assigned settings has been made. */
  ran: boolean;
  onAssignedRun(r: AssignedRun): void;
}

/** The summary places the goodput readouts show: every flow's goodput and bounds. */
function readoutsMasked(masked: Map<string, string>): boolean {
  for (const place of masked.keys()) {
    if (/^flows\[\d+\]\.(goodput_bps|bounds)/.test(place) || place === 'jain_index') return true;
  }
  return false;
}

export function ScenarioWidget(props: Props) {
  const { assignment: a, assigned, predictions, answers, onAnswer, onAssignedRun, masked } = props;
  const name = assigned.name;
  const base = assigned.scenario as Record<string, unknown>;
  const t = useStrings();
  const c = useClassroom();
  const lang = useLang();
  const store = useMemo(() => new RunStore(50), []);
  const snap = useStore(store);
  const wasm = usePageWasm();
  const [scenario, setScenario] = useState(base);
  const [resets, setResets] = useState(0);
  const [speed, setSpeed] = useState(50);
  const [ranAssigned, setRanAssigned] = useState(false);
  useEffect(() => () => store.reset(), [store]);

  const modified = JSON.stringify(scenario) !== JSON.stringify(base);
  const verdicts = predictions.map((p) => p.check.verdict);
  const ready = verdicts.every(
    (v) => v !== 'missing' && v !== 'not_number' && v !== 'out_of_range',
  );
  const hidden = a.hidden ?? [];
  const controls = (a.controls ?? []).filter((p) => !hidden.includes(p));
  const busy = snap.status === 'running' || snap.status === 'loading' || snap.status === 'seeking';
  const locked = props.ran;

  useEffect(() => {
    if (snap.status === 'done' && snap.summary && snap.traceHash && ranAssigned) {
      onAssignedRun({ summary: snap.summary, trace_hash: snap.traceHash });
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
  const readouts = !readoutsMasked(masked);
  const ref = a.scenarios[name];
  const title = scenarioTitle(
    typeof ref === 'string' ? ref : null,
    String(base.name ?? name),
    lang,
  );

  return (
    <section className="lesson-widget" data-testid={`widget-${name}`} aria-label={title.text}>
      <h3 lang={title.fallback ? 'en' : undefined}>
        {title.text}
        {title.fallback && (
          <>
            {' '}
            <FallbackMark />
          </>
        )}
      </h3>
      <ControlsForm
        key={resets}
        scenario={scenario}
        controls={controls}
        locked={assigned.locked}
        onChange={setScenario}
      />
      {modified && (
        <p className="notice" data-testid={`modified-${name}`}>
          {t.lessons.modified}{' '}
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              setScenario(base);
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
          <p className="muted">{locked ? c.reveal.predictionLocked : t.lessons.predictHint}</p>
          {predictions.map((p) => {
            const q = a.questions.find((x) => x.id === p.id);
            if (!q) return null;
            const unit = unitText(q.unit, lang);
            const ck = p.check;
            const hiddenValue = p.places.some((pl) => masked.has(pl.place));
            const answered = ck.verdict === 'correct' || ck.verdict === 'wrong';
            return (
              <div key={p.id} className="question" data-testid={`predict-${p.id}`}>
                <LocalMarkdown
                  text={q.prompt}
                  as="label"
                  id={`predict-input-${p.id}`}
                  className="question__prompt"
                />
                <div className="question__answer">
                  <input
                    id={`predict-input-${p.id}`}
                    type="text"
                    inputMode="decimal"
                    value={answers[p.id] ?? ''}
                    disabled={busy}
                    readOnly={locked}
                    aria-invalid={ck.verdict === 'out_of_range' || ck.verdict === 'not_number'}
                    data-testid={`prediction-${p.id}`}
                    onChange={(e) => onAnswer(p.id, e.target.value)}
                  />
                  {q.unit && (
                    <span className="question__unit">
                      <LocalTextView text={q.unit} />
                    </span>
                  )}
                </div>
                {ck.verdict === 'out_of_range' && ck.problem && (
                  <p
                    className="question__feedback question__feedback--out_of_range"
                    role="alert"
                    data-testid={`prediction-refused-${p.id}`}
                  >
                    {c.range.refused(problemText(ck.problem, lang))}
                  </p>
                )}
                {done && answered && ck.expected !== null && ck.expected !== undefined && (
                  <p
                    className="question__feedback"
                    role="status"
                    data-testid={`prediction-result-${p.id}`}
                    data-state={ck.verdict}
                  >
                    {hiddenValue
                      ? (ck.answer ?? 0) < ck.expected
                        ? c.reveal.predictionMore
                        : c.reveal.predictionLess
                      : t.lessons.predictionVs(
                          answers[p.id] ?? '',
                          showNumber(ck.expected, unit),
                        )}{' '}
                    {ck.verdict === 'correct' ? t.lessons.predictionClose : t.lessons.predictionFar}
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
          {/* The table of measured goodput against bounds, hidden until answered. */}
          {readouts && <BoundsTable runs={runs} />}
          <QueuePanel runs={runs} durationS={durationS} />
          <RttPanel runs={runs} durationS={durationS} />
          {flowCount > 1 && (
            <FairnessPanel
              runs={runs}
              durationS={durationS}
              jainRows={wasm.state === 'ready' ? wasm.wasm.jainRows : null}
              readouts={readouts}
            />
          )}
        </div>
      )}
      {done && snap.summary && (
        <ResultsTable summary={snap.summary} masked={masked} assignment={a} />
      )}
    </section>
  );
}
