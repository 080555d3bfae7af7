// Run, Pause/Resume, Reset, the speed choice, the status and the simulated-time progress.
import type { RunSnapshot } from '../state/runStore';
import { formatSeconds } from '../i18n/format';
import { strings } from '../i18n';

/** Simulated seconds per wall-clock second; Infinity: as fast as possible. */
export const SPEEDS = [1, 5, 10, 50, Infinity] as const;

interface Props {
  run: RunSnapshot;
  canRun: boolean;
  speed: number;
  onRun(): void;
  onPause(): void;
  onResume(): void;
  onReset(): void;
  onSpeed(speed: number): void;
}

export function RunBar({ run, canRun, speed, onRun, onPause, onResume, onReset, onSpeed }: Props) {
  const active = run.status === 'running' || run.status === 'paused' || run.status === 'loading';
  const progress = run.endS > 0 ? Math.min(1, run.nowS / run.endS) : 0;
  return (
    <div className="runbar">
      <div className="runbar__buttons">
        <button
          type="button"
          className="button button--primary"
          data-testid="run"
          disabled={!canRun || active}
          onClick={onRun}
        >
          {strings.run}
        </button>
        {run.status === 'paused' ? (
          <button type="button" className="button" data-testid="pause" onClick={onResume}>
            {strings.resume}
          </button>
        ) : (
          <button
            type="button"
            className="button"
            data-testid="pause"
            disabled={run.status !== 'running'}
            onClick={onPause}
          >
            {strings.pause}
          </button>
        )}
        <button
          type="button"
          className="button"
          data-testid="reset"
          disabled={run.status === 'idle'}
          onClick={onReset}
        >
          {strings.reset}
        </button>
      </div>
      <label className="runbar__speed">
        <span>{strings.speedLabel}</span>
        <select
          data-testid="speed"
          value={String(speed)}
          onChange={(e) => onSpeed(Number(e.target.value))}
        >
          {SPEEDS.map((s) => (
            <option key={s} value={String(s)}>
              {s === Infinity ? strings.speedMax : strings.speedTimes(s)}
            </option>
          ))}
        </select>
      </label>
      <div className="runbar__status">
        <span
          className={`status status--${run.status}`}
          data-testid="status"
          data-status={run.status}
          aria-live="polite"
        >
          {strings.status[run.status]}
        </span>
        <span className="runbar__time" data-testid="sim-time">
          {strings.simTime(formatSeconds(run.nowS), formatSeconds(run.endS))}
        </span>
      </div>
      <div className="progress" aria-hidden="true">
        <div className="progress__bar" style={{ width: `${(progress * 100).toFixed(2)}%` }} />
      </div>
    </div>
  );
}
