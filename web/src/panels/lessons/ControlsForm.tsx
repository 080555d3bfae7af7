// The settings a lesson shows, in the editor's words with units: each `controls` path of the
// assignment that is not hidden, with its value in the scenario. Locked ones (and those the
// student's variant sets) are read-only text. Algorithms and queue disciplines are chosen from
// a list, each with a one-line description; numbers are typed in the unit shown. A value that
// is not valid is not taken (the field says so): the scenario, and the last run, stay as they
// were.
import { useState } from 'react';
import { CC_ALGORITHMS, ccLabel, QUEUE_KINDS } from '../../scenario/ccAlgorithms';
import { enumOptions, variant } from '../../scenario/schemaInfo';
import { switchQueue } from '../../scenario/starters';
import { unitOf } from '../../scenario/units';
import { settingLabel, queueName, valueText } from '../../lessons/words';
import { selectPath, setPath } from '../../sim/grader';
import { firstSentence } from '../editor/firstSentence';
import { Help } from '../editor/Help';
import { useHelp } from '../hooks/useHelp';
import { useStrings } from '../hooks/useStrings';
import { useLang } from './useClassroom';

interface Props {
  scenario: Record<string, unknown>;
  controls: string[];
  locked: string[];
  onChange(next: Record<string, unknown>): void;
}

const testIdOf = (path: string) => `control-${path.replace(/[^A-Za-z0-9]+/g, '_')}`;

function lastKey(path: string): string {
  return (
    path
      .replace(/\[[^\]]*\]$/, '')
      .split('.')
      .pop() ?? ''
  );
}

/** Each algorithm's description (English, from the schema), by name. */
const CC_HELP = new Map(enumOptions('CcAlgorithm').map((o) => [o.value, o.description]));
const queueHelp = (kind: string) => variant('QueueSpec', kind)?.description ?? '';

function NumberControl({
  path,
  value,
  onValue,
}: {
  path: string;
  value: number;
  onValue(x: number): void;
}) {
  const { unit, scale } = unitOf(lastKey(path));
  const [text, setText] = useState(String(Number((value / scale).toPrecision(12))));
  const x = Number(text.replace(',', '.'));
  const bad = text.trim() === '' || !Number.isFinite(x) || x < 0;
  return (
    <span className="lesson-controls__value">
      <input
        type="text"
        inputMode="decimal"
        value={text}
        aria-invalid={bad}
        data-testid={testIdOf(path)}
        onChange={(e) => {
          setText(e.target.value);
          const y = Number(e.target.value.replace(',', '.'));
          if (e.target.value.trim() !== '' && Number.isFinite(y) && y >= 0) onValue(y * scale);
        }}
      />
      {unit && <span className="question__unit">{unit}</span>}
    </span>
  );
}

export function ControlsForm({ scenario, controls, locked, onChange }: Props) {
  const t = useStrings();
  const lang = useLang();
  const help = useHelp();
  const valueAt = (path: string) => selectPath(scenario, path)[0];
  const shown = controls.filter((p) => valueAt(p) !== undefined);
  if (shown.length === 0) return null;
  const set = (path: string, value: unknown) => {
    const r = setPath(scenario, path, value);
    if ('ok' in r) onChange(r.ok.document);
  };
  return (
    <fieldset className="lesson-controls">
      <legend>{t.lessons.controls}</legend>
      {shown.map((path) => {
        const v = valueAt(path);
        const label = settingLabel(path, lang);
        const key = lastKey(path);
        const isLocked = locked.includes(path);
        const testId = testIdOf(path);
        let field;
        if (isLocked) {
          field = (
            <span data-testid={testId} data-locked="true">
              {valueText(path, v, lang)} <em className="muted">({t.lessons.locked})</em>
            </span>
          );
        } else if (key === 'cc' && typeof v === 'string') {
          field = (
            <span className="lesson-controls__value">
              <select
                value={v}
                data-testid={testId}
                aria-describedby={`${testId}-help`}
                onChange={(e) => set(path, e.target.value)}
              >
                {CC_ALGORITHMS.map((cc) => (
                  <option
                    key={cc}
                    value={cc}
                    title={firstSentence(help(CC_HELP.get(cc) ?? '').text)}
                  >
                    {ccLabel(cc)}
                  </option>
                ))}
              </select>
              <span id={`${testId}-help`} className="muted small">
                <Help text={CC_HELP.get(v) ?? ''} />
              </span>
            </span>
          );
        } else if (typeof v === 'object' && v !== null && 'kind' in v && key === 'queue') {
          const q = v as { kind: string; limit_packets?: number };
          field = (
            <span className="lesson-controls__value">
              <select
                value={q.kind}
                data-testid={testId}
                aria-describedby={`${testId}-help`}
                onChange={(e) => set(path, switchQueue(q as never, e.target.value))}
              >
                {QUEUE_KINDS.map((k) => (
                  <option key={k} value={k} title={firstSentence(help(queueHelp(k)).text)}>
                    {queueName(k)}
                  </option>
                ))}
              </select>
              {typeof q.limit_packets === 'number' && (
                <NumberControl
                  key={q.kind}
                  path={`${path}.limit_packets`}
                  value={q.limit_packets}
                  onValue={(x) => set(`${path}.limit_packets`, Math.round(x))}
                />
              )}
              <span id={`${testId}-help`} className="muted small">
                <Help text={queueHelp(q.kind)} />
              </span>
            </span>
          );
        } else if (typeof v === 'number') {
          field = <NumberControl path={path} value={v} onValue={(x) => set(path, x)} />;
        } else {
          field = (
            <span data-testid={testId} data-locked="false">
              {valueText(path, v, lang)}
            </span>
          );
        }
        return (
          <div key={path} className="lesson-controls__row">
            <span className="lesson-controls__label">{label}</span>
            {field}
          </div>
        );
      })}
    </fieldset>
  );
}
