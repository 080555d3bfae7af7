// Run, Pause/Resume, Step, Reset, the speed, live mode, the seek slider over simulated time, the
// status, and the events-per-second meter. In compare mode the buttons drive A and B together.
// The slider steps by one sample interval (Shift: one second); Ctrl+Enter runs from anywhere.
import { useEffect, useState } from 'react';
import type { CSSProperties, KeyboardEvent } from 'react';
import { formatNumber, formatSeconds } from '../../i18n/format';
import type { Scenario } from '../../scenario/types';
import type { WorkEstimate } from '../../sim/validator';
import type { RunSnapshot } from '../../state/runStore';
import {
  cancelAll,
  isActive,
  pauseAll,
  resetAll,
  resumeAll,
  runAll,
  seekAll,
  setSpeedAll,
  stepAll,
  stepEventAll,
} from '../../state/runs';
import { live, liveOn, setLive } from '../../state/live';
import type { LiveChoice } from '../../state/live';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';

/** Simulated seconds per wall-clock second; Infinity: as fast as possible. */
export const SPEEDS = [0.1, 1, 5, 10, 50, Infinity] as const;

interface Props {
  a: RunSnapshot;
  b: RunSnapshot | null;
  scenarioA: Scenario;
  scenarioB: Scenario | null;
  canRun: boolean;
  /** A large scenario's check has not landed yet (state/verdicts.ts): Run waits for it. */
  checking?: boolean;
  /** The work estimate of scenario A (a warning above the warn level, a refusal above the cap). */
  work: WorkEstimate | null;
  speed: number;
  onSpeed(speed: number): void;
  /** The results no longer match the scenario (it changed since the run and live mode is off). */
  stale: boolean;
}

function compactCount(n: number): string {
  if (n >= 1e9) return `${formatNumber(n / 1e9)} G`;
  if (n >= 1e6) return `${formatNumber(n / 1e6)} M`;
  if (n >= 1e3) return `${formatNumber(n / 1e3)} k`;
  return formatNumber(n);
}

export function RunBar(p: Props) {
  const { a, b, scenarioA, scenarioB, canRun, checking, work, speed, onSpeed, stale } = p;
  const t = useStrings();
  const liveChoice = useStore(live).choice;
  const isLive = liveOn(liveChoice, work?.events ?? null, work?.trace_values ?? 0);
  const [drag, setDrag] = useState<number | null>(null);
  const active = isActive(a) || (b !== null && isActive(b));
  const endS = a.endS > 0 ? a.endS : scenarioA.duration_s;
  const now = drag ?? a.nowS;
  const running = a.status === 'running' || b?.status === 'running';
  const paused = a.status === 'paused' && (!b || b.status !== 'running');
  const commitSeek = (value: number) => {
    setDrag(null);
    seekAll(scenarioA, scenarioB, value);
  };
  const sampleS = (scenarioA.sample_interval_ms ?? 10) / 1000;
  const run = () => runAll(scenarioA, scenarioB);
  const canPress = canRun && !active;

  // Ctrl+Enter (⌘+Enter) runs from anywhere on the page.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && canPress) {
        e.preventDefault();
        runAll(scenarioA, scenarioB);
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [canPress, scenarioA, scenarioB]);

  // Arrow keys move the slider one sample interval, with Shift one second.
  const onSeekKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const dir =
      e.key === 'ArrowRight' || e.key === 'ArrowUp'
        ? 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowDown'
          ? -1
          : 0;
    if (dir === 0) return;
    e.preventDefault();
    const from = drag ?? a.nowS;
    setDrag(Math.max(0, Math.min(endS, from + dir * (e.shiftKey ? 1 : sampleS))));
  };
  return (
    <div className="runbar">
      <div className="runbar__buttons">
        <button
          type="button"
          className="button button--primary runbar__run"
          id="run"
          data-testid="run"
          disabled={!canPress}
          aria-keyshortcuts="Control+Enter"
          title={t.screen.runShortcut}
          onClick={run}
        >
          {scenarioB ? t.run.runBoth : t.run.run}
        </button>
        {paused ? (
          <button type="button" className="button" data-testid="pause" onClick={resumeAll}>
            {t.run.resume}
          </button>
        ) : (
          <button
            type="button"
            className="button"
            data-testid="pause"
            disabled={!running}
            onClick={pauseAll}
          >
            {t.run.pause}
          </button>
        )}
        <button
          type="button"
          className="button"
          data-testid="step"
          title={t.run.stepHint}
          aria-label={`${t.run.step}: ${t.run.stepHint}`}
          disabled={!(paused || (a.status === 'idle' && canRun))}
          onClick={() => stepAll(scenarioA, scenarioB)}
        >
          {t.run.step}
        </button>
        <button
          type="button"
          className="button"
          data-testid="step-event"
          title={t.run.stepEventHint}
          aria-label={`${t.run.stepEvent}: ${t.run.stepEventHint}`}
          disabled={!paused}
          onClick={stepEventAll}
        >
          {t.run.stepEvent}
        </button>
        <button
          type="button"
          className="button button--danger"
          data-testid="stop"
          title={t.run.stopHint}
          disabled={!active}
          onClick={cancelAll}
        >
          {t.run.stop}
        </button>
        <button
          type="button"
          className="button"
          data-testid="reset"
          disabled={a.status === 'idle' && (!b || b.status === 'idle')}
          onClick={resetAll}
        >
          {t.run.reset}
        </button>
      </div>
      <div className="runbar__settings">
        <label className="runbar__speed">
          <span>{t.run.speed}</span>
          <select
            data-testid="speed"
            value={String(speed)}
            onChange={(e) => {
              const s = Number(e.target.value);
              onSpeed(s);
              setSpeedAll(s);
            }}
          >
            {SPEEDS.map((s) => (
              <option key={s} value={String(s)}>
                {s === Infinity ? t.screen.speedMax : t.screen.speedTimes(s)}
              </option>
            ))}
          </select>
        </label>
        <label className="runbar__live">
          <span>{t.screen.live}</span>
          <select
            data-testid="live"
            value={liveChoice}
            aria-describedby="live-hint"
            onChange={(e) => setLive(e.target.value as LiveChoice)}
          >
            <option value="auto">{t.screen.liveAuto(isLive)}</option>
            <option value="on">{t.screen.liveOn}</option>
            <option value="off">{t.screen.liveOff}</option>
          </select>
        </label>
        <span id="live-hint" className="visually-hidden">
          {t.screen.liveHint}
        </span>
      </div>
      <div className="runbar__status">
        <span
          className={`status status--${a.status}`}
          data-testid="status"
          data-status={a.status}
          aria-live="polite"
        >
          {t.run.status[a.status]}
        </span>
        {b && (
          <span
            className={`status status--${b.status}`}
            data-testid="status-B"
            data-status={b.status}
          >
            B: {t.run.status[b.status]}
          </span>
        )}
        <span className="runbar__time" data-testid="sim-time">
          {t.run.simTime(formatSeconds(a.nowS), formatSeconds(endS))}
        </span>
        <span
          className="runbar__meter"
          data-testid="events-per-second"
          title={t.run.events(a.events.toLocaleString('en-US'))}
        >
          {a.status === 'running' || a.status === 'seeking'
            ? t.run.eventsPerSecond(compactCount(a.eventsPerSecond))
            : t.run.events(compactCount(a.events))}
        </span>
      </div>
      <div className="seek">
        <label htmlFor="seek" className="visually-hidden">
          {t.run.seek}
        </label>
        <input
          id="seek"
          data-testid="seek"
          type="range"
          min={0}
          max={endS}
          step={sampleS}
          value={Math.min(now, endS)}
          aria-valuetext={`${formatSeconds(now)} s`}
          aria-describedby="seek-hint"
          disabled={!canRun && a.status === 'idle'}
          style={
            {
              '--progress': `${endS > 0 ? (Math.min(now, endS) / endS) * 100 : 0}%`,
            } as CSSProperties
          }
          onChange={(e) => setDrag(Number(e.target.value))}
          onPointerUp={(e) => commitSeek(Number((e.target as HTMLInputElement).value))}
          onKeyDown={onSeekKey}
          onKeyUp={() => {
            if (drag !== null) commitSeek(drag);
          }}
        />
        <span id="seek-hint" className="visually-hidden">
          {t.run.seekHint} {t.screen.seekKeys}
        </span>
      </div>
      {stale && (
        <p className="notice notice--warn runbar__stale" data-testid="stale" role="status">
          {t.screen.stale}
        </p>
      )}
      {!canRun && a.status === 'idle' && (
        <p className="muted small" data-testid={checking ? 'checking' : undefined}>
          {checking ? t.run.checking : t.run.blocked}
        </p>
      )}
      {work?.level === 'warn' && !active && (
        <p className="notice notice--warn" data-testid="estimate-warning">
          {t.run.longRun(compactCount(work.events), formatNumber((work.trace_values * 8) / 1e6))}
        </p>
      )}
      {work?.level === 'refuse' && (
        <p className="notice notice--error" data-testid="estimate-refusal" role="alert">
          {t.run.tooBig} {work.notice ? t.scenarioError(work.notice) : work.message}
        </p>
      )}
      {a.status === 'cancelled' && (
        <p className="muted small" data-testid="stopped">
          {t.run.stopped}
        </p>
      )}
    </div>
  );
}
