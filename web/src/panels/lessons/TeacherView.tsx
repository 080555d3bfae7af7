// The teacher view: turn the lab's current scenario (or a preset of content/scenarios) into an
// assignment: per-student seeds, which settings students may change or see, questions with the
// metric and tolerance each is checked against; preview it, copy its link, download its JSON.
import { useMemo, useState } from 'react';
import type { Question } from '../../lessons/assignment';
import { SCENARIO_NAMES, namedScenario } from '../../lessons/catalog';
import { assignmentHash } from '../../lessons/lessonRoute';
import {
  controlPaths,
  defaultUnit,
  draftAssignment,
  metricPaths,
} from '../../lessons/teacherDraft';
import type { ControlMode, Draft } from '../../lessons/teacherDraft';
import { safeName, saveText } from '../../export/download';
import { editor } from '../../state/editorStore';
import { useStrings } from '../hooks/useStrings';

const CURRENT = '(current)';

function newQuestion(n: number, metric: string): Question {
  return { id: `q${n}`, prompt: '', metric, ...defaultUnit(metric), tolerance: { rel: 0.05 } };
}

export function TeacherView() {
  const t = useStrings();
  const [source, setSource] = useState(CURRENT);
  const scenario = useMemo(
    () =>
      source === CURRENT
        ? (structuredClone(editor.get().A) as unknown as Record<string, unknown>)
        : (namedScenario(source) ?? {}),
    [source],
  );
  const paths = useMemo(() => controlPaths(scenario), [scenario]);
  const metrics = useMemo(() => metricPaths(scenario), [scenario]);
  const [id, setId] = useState('my-assignment');
  const [title, setTitle] = useState('');
  const [seeds, setSeeds] = useState<{ min: number; max: number } | null>({ min: 1, max: 1000 });
  const [controls, setControls] = useState<Record<string, ControlMode>>({});
  const [variantValues, setVariantValues] = useState<Record<string, string>>({});
  const [questions, setQuestions] = useState<Question[]>(() => [newQuestion(1, 'jain_index')]);
  const [copied, setCopied] = useState(false);

  const draft: Draft = {
    id,
    title: title || String(scenario.name ?? id),
    scenario,
    seeds,
    controls: Object.fromEntries(Object.entries(controls).filter(([p]) => paths.includes(p))),
    variantValues,
    questions,
  };
  let built;
  let problem: string | null = null;
  try {
    built = draftAssignment(draft);
    if (questions.length === 0) problem = t.teacher.noQuestions;
  } catch (e) {
    problem = e instanceof Error ? e.message : String(e);
  }
  const json = built ? JSON.stringify(built, null, 2) : '';
  const hash = built ? assignmentHash(built) : '';
  const url = built ? `${globalThis.location.href.replace(/#.*$/, '')}${hash}` : '';
  const setQ = (i: number, patch: Partial<Question>) =>
    setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...patch } : q)));

  return (
    <section className="card lesson teacher" data-testid="teacher">
      <h2>{t.teacher.heading}</h2>
      <p>{t.teacher.intro}</p>
      <div className="teacher__grid">
        <label>
          <span>{t.teacher.scenario}</span>
          <select
            value={source}
            data-testid="teacher-scenario"
            onChange={(e) => setSource(e.target.value)}
          >
            <option value={CURRENT}>{t.teacher.currentScenario}</option>
            {SCENARIO_NAMES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t.teacher.id}</span>
          <input value={id} data-testid="teacher-id" onChange={(e) => setId(e.target.value)} />
        </label>
        <label>
          <span>{t.teacher.title}</span>
          <input
            value={title}
            placeholder={String(scenario.name ?? '')}
            onChange={(e) => setTitle(e.target.value)}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={seeds !== null}
            onChange={(e) => setSeeds(e.target.checked ? { min: 1, max: 1000 } : null)}
          />{' '}
          {t.teacher.seeds}
        </label>
        {seeds && (
          <span>
            {t.teacher.seedMin}{' '}
            <input
              type="number"
              className="teacher__num"
              aria-label={`${t.teacher.seeds}: ${t.teacher.seedMin}`}
              value={seeds.min}
              onChange={(e) =>
                setSeeds({ ...seeds, min: Math.max(0, Math.floor(Number(e.target.value) || 0)) })
              }
            />{' '}
            {t.teacher.seedMax}{' '}
            <input
              type="number"
              className="teacher__num"
              aria-label={`${t.teacher.seeds}: ${t.teacher.seedMax}`}
              value={seeds.max}
              onChange={(e) =>
                setSeeds({ ...seeds, max: Math.max(0, Math.floor(Number(e.target.value) || 0)) })
              }
            />
          </span>
        )}
      </div>

      <h3>{t.teacher.controlsHeading}</h3>
      <table className="table teacher__controls">
        <tbody>
          {paths.map((p) => (
            <tr key={p}>
              <th scope="row">
                <code>{p}</code>
              </th>
              <td>
                <select
                  value={controls[p] ?? ''}
                  aria-label={p}
                  data-testid={`teacher-control-${p.replace(/[^A-Za-z0-9]+/g, '_')}`}
                  onChange={(e) => {
                    const v = e.target.value as ControlMode | '';
                    setControls((c) => {
                      const next = { ...c };
                      if (v) next[p] = v;
                      else delete next[p];
                      return next;
                    });
                  }}
                >
                  <option value="">{t.teacher.notShown}</option>
                  <option value="editable">{t.teacher.shown}</option>
                  <option value="locked">{t.teacher.lockedOpt}</option>
                  <option value="hidden">{t.teacher.hiddenOpt}</option>
                  <option value="variant">{t.teacher.variantOpt}</option>
                </select>
              </td>
              <td>
                {controls[p] === 'variant' && (
                  <input
                    value={variantValues[p] ?? ''}
                    placeholder={t.teacher.valuesHint}
                    aria-label={`${p}: ${t.teacher.valuesHint}`}
                    data-testid={`teacher-values-${p.replace(/[^A-Za-z0-9]+/g, '_')}`}
                    onChange={(e) => setVariantValues((v) => ({ ...v, [p]: e.target.value }))}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <h3>{t.teacher.questionsHeading}</h3>
      {questions.map((q, i) => (
        <fieldset key={i} className="teacher__question" data-testid={`teacher-q-${i}`}>
          <label>
            <span>ID</span>
            <input
              className="teacher__short"
              value={q.id}
              onChange={(e) => setQ(i, { id: e.target.value })}
            />
          </label>
          <label className="teacher__wide">
            <span>{t.teacher.prompt}</span>
            <input
              value={q.prompt}
              data-testid={`teacher-prompt-${i}`}
              onChange={(e) => setQ(i, { prompt: e.target.value })}
            />
          </label>
          <label>
            <span>{t.teacher.metric}</span>
            <select
              value={q.metric}
              data-testid={`teacher-metric-${i}`}
              onChange={(e) => {
                const { scale, unit } = defaultUnit(e.target.value);
                setQ(i, { metric: e.target.value, scale, unit });
              }}
            >
              {metrics.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t.teacher.scale}</span>
            <input
              type="number"
              className="teacher__num"
              value={q.scale ?? 1}
              onChange={(e) => setQ(i, { scale: Number(e.target.value) || 1 })}
            />
          </label>
          <label>
            <span>{t.teacher.unit}</span>
            <input
              className="teacher__short"
              value={q.unit ?? ''}
              onChange={(e) => setQ(i, { unit: e.target.value || undefined })}
            />
          </label>
          <label>
            <span>{t.teacher.tolAbs}</span>
            <input
              type="number"
              className="teacher__num"
              value={q.tolerance.abs ?? ''}
              data-testid={`teacher-abs-${i}`}
              onChange={(e) =>
                setQ(i, {
                  tolerance: {
                    ...q.tolerance,
                    abs: e.target.value === '' ? undefined : Number(e.target.value),
                  },
                })
              }
            />
          </label>
          <label>
            <span>{t.teacher.tolRel}</span>
            <input
              type="number"
              className="teacher__num"
              value={q.tolerance.rel ?? ''}
              onChange={(e) =>
                setQ(i, {
                  tolerance: {
                    ...q.tolerance,
                    rel: e.target.value === '' ? undefined : Number(e.target.value),
                  },
                })
              }
            />
          </label>
          <label>
            <input
              type="checkbox"
              checked={q.predict ?? false}
              onChange={(e) => setQ(i, { predict: e.target.checked || undefined })}
            />{' '}
            {t.teacher.predict}
          </label>
          <button
            type="button"
            className="button button--small"
            onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
          >
            {t.teacher.remove}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="button"
        data-testid="teacher-add"
        onClick={() =>
          setQuestions((qs) => [...qs, newQuestion(qs.length + 1, metrics[1] ?? 'jain_index')])
        }
      >
        {t.teacher.addQuestion}
      </button>

      {problem ? (
        <p className="notice notice--error" role="alert" data-testid="teacher-problem">
          {t.teacher.problems} {problem}
        </p>
      ) : (
        <div className="teacher__out">
          <label>
            <span>{t.teacher.link}</span>
            <input readOnly value={url} data-testid="teacher-link" />
          </label>
          <div className="lesson-result__buttons">
            <a className="button" href={hash} data-testid="teacher-preview">
              {t.teacher.preview}
            </a>
            <button
              type="button"
              className="button"
              onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
            >
              {copied ? t.lessons.codeCopied : t.teacher.copyLink}
            </button>
            <button
              type="button"
              className="button"
              data-testid="teacher-download"
              onClick={() => saveText(`${safeName(id)}.json`, `${json}\n`, 'application/json')}
            >
              {t.teacher.download}
            </button>
          </div>
          <p className="muted">{t.teacher.gradeHint(`${id}.json`)}</p>
          <textarea readOnly rows={10} value={json} data-testid="teacher-json" aria-label="JSON" />
        </div>
      )}
    </section>
  );
}
