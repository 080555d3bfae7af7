// The teacher view: turn the lab's current scenario (or a preset, listed by title) into an
// assignment: per-student seeds, which settings students may change or see (in the editor's
// words, with units), the values a setting takes per student (algorithms and queues ticked from
// a list, numbers typed in the unit shown), questions with the metric (named in words), the
// unit (from a list) and the tolerance each is checked against; preview it, copy its link,
// download its JSON, grade it in the page. Nothing here changes layout when a field loses focus,
// so every button works on the first click.
import { useMemo, useState } from 'react';
import { AssignmentError } from '../../lessons/assignment';
import type { Assignment } from '../../lessons/assignment';
import { SCENARIO_NAMES, namedScenario } from '../../lessons/catalog';
import { assignmentHash, gradeHash } from '../../lessons/lessonRoute';
import { draftAssignment, controlPaths, metricPaths } from '../../lessons/teacherDraft';
import type { ControlMode, Draft, DraftQuestion, DraftText } from '../../lessons/teacherDraft';
import { unitChoices } from '../../lessons/units';
import { metricLabel, queueName, settingLabel, valueText } from '../../lessons/words';
import { localText } from '../../lessons/text';
import { CC_ALGORITHMS, ccLabel, QUEUE_KINDS } from '../../scenario/ccAlgorithms';
import { switchQueue } from '../../scenario/starters';
import { unitOf } from '../../scenario/units';
import { selectPath } from '../../sim/grader';
import type { Problem } from '../../sim/boundary';
import { safeName, saveText } from '../../export/download';
import { editor } from '../../state/editorStore';
import { useStrings } from '../hooks/useStrings';
import { ProblemList } from './LessonRoot';
import { useClassroom, useLang } from './useClassroom';
import { scenarioTitle } from '../../i18n/scenarioTitles';

const CURRENT = '(current)';

function newQuestion(n: number, metric: string): DraftQuestion {
  return {
    id: `q${n}`,
    prompt: { en: '', ja: '' },
    metric,
    unit: unitChoices(metric)[0]?.id ?? 'number',
    tolerance: { rel: 0.05 },
  };
}

const testIdOf = (p: string) => p.replace(/[^A-Za-z0-9]+/g, '_');

/** A number field that keeps what is typed and reports a number (or undefined when empty). */
function NumberText({
  value,
  onValue,
  label,
  testId,
  className = 'teacher__num',
}: {
  value: number | undefined;
  onValue(x: number | undefined): void;
  label: string;
  testId?: string;
  className?: string;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const x = Number(text.replace(',', '.'));
  const bad = text.trim() !== '' && !Number.isFinite(x);
  return (
    <input
      type="text"
      inputMode="decimal"
      className={className}
      aria-label={label}
      aria-invalid={bad}
      value={text}
      data-testid={testId}
      onChange={(e) => {
        setText(e.target.value);
        const t = e.target.value.trim();
        const y = Number(t.replace(',', '.'));
        if (t === '') onValue(undefined);
        else if (Number.isFinite(y)) onValue(y);
      }}
    />
  );
}

/** The values a setting takes per student: ticked from a list, or typed in its unit. */
function VariantValues({
  path,
  current,
  values,
  onValues,
}: {
  path: string;
  current: unknown;
  values: unknown[];
  onValues(v: unknown[]): void;
}) {
  const tt = useClassroom().teacher;
  const key = path.split('.').pop() ?? '';
  const testId = `teacher-values-${testIdOf(path)}`;
  if (key.endsWith('cc') && typeof current === 'string') {
    return (
      <fieldset className="teacher__choices" data-testid={testId}>
        <legend className="visually-hidden">{tt.valuesOf(path)}</legend>
        {CC_ALGORITHMS.map((cc) => (
          <label key={cc}>
            <input
              type="checkbox"
              checked={values.includes(cc)}
              onChange={(e) =>
                onValues(
                  CC_ALGORITHMS.filter((x) => (x === cc ? e.target.checked : values.includes(x))),
                )
              }
            />{' '}
            {ccLabel(cc)}
          </label>
        ))}
      </fieldset>
    );
  }
  if (key.endsWith('queue') && typeof current === 'object' && current !== null) {
    const kinds = values.map((v) => (v as { kind?: string }).kind);
    return (
      <fieldset className="teacher__choices" data-testid={testId}>
        <legend className="visually-hidden">{tt.valuesOf(path)}</legend>
        {QUEUE_KINDS.map((k) => (
          <label key={k}>
            <input
              type="checkbox"
              checked={kinds.includes(k)}
              onChange={(e) =>
                onValues(
                  QUEUE_KINDS.filter((x) => (x === k ? e.target.checked : kinds.includes(x))).map(
                    (x) => switchQueue(current as never, x),
                  ),
                )
              }
            />{' '}
            {queueName(k)}
          </label>
        ))}
      </fieldset>
    );
  }
  const { unit, scale } = unitOf(key);
  return (
    <NumberList
      testId={testId}
      unit={unit}
      scale={scale}
      values={values}
      onValues={onValues}
      label={tt.valuesOf(path)}
    />
  );
}

function NumberList({
  testId,
  unit,
  scale,
  values,
  onValues,
  label,
}: {
  testId: string;
  unit: string;
  scale: number;
  values: unknown[];
  onValues(v: unknown[]): void;
  label: string;
}) {
  const tt = useClassroom().teacher;
  const [text, setText] = useState(
    values.map((v) => (typeof v === 'number' ? String(v / scale) : '')).join(', '),
  );
  return (
    <span className="teacher__numlist">
      <input
        value={text}
        placeholder={tt.valuesHint}
        aria-label={label}
        data-testid={testId}
        onChange={(e) => {
          setText(e.target.value);
          const xs = e.target.value
            .split(/[,;、\s]+/)
            .map((x) => x.trim().replace(',', '.'))
            .filter((x) => x !== '')
            .map(Number);
          onValues(xs.filter(Number.isFinite).map((x) => x * scale));
        }}
      />
      {unit && <span className="question__unit">{unit}</span>}
    </span>
  );
}

function TextPair({
  value,
  onValue,
  label,
  testId,
}: {
  value: DraftText;
  onValue(v: DraftText): void;
  label: string;
  testId?: string;
}) {
  const tt = useClassroom().teacher;
  return (
    <span className="teacher__pair">
      <label>
        <span>
          {label} ({tt.english})
        </span>
        <input
          value={value.en}
          data-testid={testId}
          onChange={(e) => onValue({ ...value, en: e.target.value })}
        />
      </label>
      <label>
        <span>
          {label} ({tt.japanese})
        </span>
        <input
          value={value.ja}
          lang="ja"
          data-testid={testId ? `${testId}-ja` : undefined}
          onChange={(e) => onValue({ ...value, ja: e.target.value })}
        />
      </label>
    </span>
  );
}

export function TeacherView() {
  const t = useStrings();
  const c = useClassroom();
  const tt = c.teacher;
  const lang = useLang();
  const [source, setSource] = useState(CURRENT);
  const presets = useMemo(
    () =>
      SCENARIO_NAMES.map((n) => {
        const title = scenarioTitle(n, String(namedScenario(n)?.name ?? n), lang);
        return { n, title: title.fallback ? `${title.text} (${c.fallbackMark})` : title.text };
      }).sort((a, b) => a.title.localeCompare(b.title, lang)),
    [lang, c.fallbackMark],
  );
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
  const [title, setTitle] = useState<DraftText>({ en: '', ja: '' });
  const [seeds, setSeeds] = useState<{ min: number; max: number } | null>({ min: 1, max: 1000 });
  const [controls, setControls] = useState<Record<string, ControlMode>>({});
  const [variantValues, setVariantValues] = useState<Record<string, unknown[]>>({});
  const [questions, setQuestions] = useState<DraftQuestion[]>(() => [newQuestion(1, 'jain_index')]);
  const [copied, setCopied] = useState(false);

  const draft: Draft = {
    id,
    title: {
      en: title.en || String(scenario.name ?? id),
      // The scenario's own Japanese title, while the English title is the scenario's too.
      ja:
        title.ja || (title.en ? '' : scenarioTitle(source, String(scenario.name ?? ''), 'ja').text),
    },
    scenario,
    seeds,
    controls: Object.fromEntries(Object.entries(controls).filter(([p]) => paths.includes(p))),
    variantValues,
    questions,
  };
  let built: Assignment | null = null;
  let problems: Problem[] = [];
  try {
    built = draftAssignment(draft);
    if (questions.length === 0)
      problems = [{ code: 'missing_field', path: '', params: { field: 'questions' } }];
  } catch (e) {
    problems =
      e instanceof AssignmentError
        ? e.problems
        : [{ code: 'json_syntax', path: '', params: { detail: String(e) } }];
  }
  const json = built ? JSON.stringify(built, null, 2) : '';
  const hash = built ? assignmentHash(built) : '';
  const url = built ? `${globalThis.location.href.replace(/#.*$/, '')}${hash}` : '';
  const setQ = (i: number, patch: Partial<DraftQuestion>) =>
    setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...patch } : q)));

  return (
    <section className="card lesson teacher" data-testid="teacher">
      <h2>{t.teacher.heading}</h2>
      <p>{tt.intro}</p>
      <p>
        <a href={gradeHash()} data-testid="teacher-grade-any">
          {c.teacherLinks.gradeAny} →
        </a>
      </p>
      <div className="teacher__grid">
        <label>
          <span>{t.teacher.scenario}</span>
          <select
            value={source}
            data-testid="teacher-scenario"
            onChange={(e) => setSource(e.target.value)}
          >
            <option value={CURRENT}>{t.teacher.currentScenario}</option>
            {presets.map((p) => (
              <option key={p.n} value={p.n}>
                {p.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t.teacher.id}</span>
          <input value={id} data-testid="teacher-id" onChange={(e) => setId(e.target.value)} />
        </label>
        <TextPair value={title} onValue={setTitle} label={t.teacher.title} testId="teacher-title" />
        <label className="teacher__check">
          <input
            type="checkbox"
            checked={seeds !== null}
            onChange={(e) => setSeeds(e.target.checked ? { min: 1, max: 1000 } : null)}
          />{' '}
          {t.teacher.seeds}
        </label>
        {seeds && (
          <span className="teacher__seeds">
            {t.teacher.seedMin}{' '}
            <NumberText
              label={`${t.teacher.seeds}: ${t.teacher.seedMin}`}
              value={seeds.min}
              onValue={(x) => setSeeds({ ...seeds, min: Math.max(0, Math.floor(x ?? 0)) })}
            />{' '}
            {t.teacher.seedMax}{' '}
            <NumberText
              label={`${t.teacher.seeds}: ${t.teacher.seedMax}`}
              value={seeds.max}
              onValue={(x) => setSeeds({ ...seeds, max: Math.max(0, Math.floor(x ?? 0)) })}
            />
          </span>
        )}
      </div>

      <h3>{t.teacher.controlsHeading}</h3>
      <div className="teacher__controls">
        {paths.map((p) => {
          const current = selectPath(scenario, p)[0];
          return (
            <div className="teacher__control" key={p}>
              <span className="teacher__control-label">
                {settingLabel(p, lang)}
                <span className="muted small"> {valueText(p, current, lang)}</span>
              </span>
              <select
                value={controls[p] ?? ''}
                aria-label={settingLabel(p, lang)}
                data-testid={`teacher-control-${testIdOf(p)}`}
                onChange={(e) => {
                  const v = e.target.value as ControlMode | '';
                  setControls((cs) => {
                    const next = { ...cs };
                    if (v) next[p] = v;
                    else delete next[p];
                    return next;
                  });
                  if (v === 'variant' && !variantValues[p])
                    setVariantValues((vs) => ({ ...vs, [p]: [current] }));
                }}
              >
                <option value="">{t.teacher.notShown}</option>
                <option value="editable">{t.teacher.shown}</option>
                <option value="locked">{t.teacher.lockedOpt}</option>
                <option value="hidden">{t.teacher.hiddenOpt}</option>
                <option value="variant">{t.teacher.variantOpt}</option>
              </select>
              {controls[p] === 'variant' && (
                <VariantValues
                  path={p}
                  current={current}
                  values={variantValues[p] ?? []}
                  onValues={(v) => setVariantValues((vs) => ({ ...vs, [p]: v }))}
                />
              )}
            </div>
          );
        })}
      </div>

      <h3>{t.teacher.questionsHeading}</h3>
      {questions.map((q, i) => {
        const units = unitChoices(q.metric);
        const unit = units.find((u) => u.id === q.unit) ?? units[0];
        const unitShown = unit ? localText(unit.text, lang).text : '';
        return (
          <fieldset key={i} className="teacher__question" data-testid={`teacher-q-${i}`}>
            <legend className="visually-hidden">{`${t.teacher.questionsHeading} ${i + 1}`}</legend>
            <label>
              <span>ID</span>
              <input
                className="teacher__short"
                value={q.id}
                onChange={(e) => setQ(i, { id: e.target.value })}
              />
            </label>
            <TextPair
              value={q.prompt}
              onValue={(prompt) => setQ(i, { prompt })}
              label={t.teacher.prompt}
              testId={`teacher-prompt-${i}`}
            />
            <label className="teacher__wide">
              <span>{t.teacher.metric}</span>
              <select
                value={q.metric}
                data-testid={`teacher-metric-${i}`}
                onChange={(e) =>
                  setQ(i, {
                    metric: e.target.value,
                    unit: unitChoices(e.target.value)[0]?.id ?? 'number',
                  })
                }
              >
                {metrics.map((m) => (
                  <option key={m} value={m}>
                    {metricLabel(m, lang)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t.teacher.unit}</span>
              <select
                value={unit?.id ?? ''}
                data-testid={`teacher-unit-${i}`}
                onChange={(e) => setQ(i, { unit: e.target.value })}
              >
                {units.map((u) => (
                  <option key={u.id} value={u.id}>
                    {localText(u.text, lang).text || tt.plainNumber}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>
                {t.teacher.tolAbs}
                {unitShown ? ` (${unitShown})` : ''}
              </span>
              <NumberText
                label={t.teacher.tolAbs}
                value={q.tolerance.abs}
                testId={`teacher-abs-${i}`}
                onValue={(abs) =>
                  setQ(i, {
                    tolerance: {
                      ...q.tolerance,
                      abs: abs === undefined ? undefined : Math.abs(abs),
                    },
                  })
                }
              />
            </label>
            <label>
              <span>{tt.tolRelPercent}</span>
              <NumberText
                label={tt.tolRelPercent}
                value={q.tolerance.rel === undefined ? undefined : q.tolerance.rel * 100}
                testId={`teacher-rel-${i}`}
                onValue={(pct) =>
                  setQ(i, {
                    tolerance: {
                      ...q.tolerance,
                      rel: pct === undefined ? undefined : Math.abs(pct) / 100,
                    },
                  })
                }
              />
            </label>
            <label className="teacher__check">
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
        );
      })}
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

      <div className="teacher__out">
        {problems.length > 0 && (
          <div className="notice notice--error" role="alert" data-testid="teacher-problem">
            {t.teacher.problems} <ProblemList problems={problems} />
          </div>
        )}
        <label>
          <span>{t.teacher.link}</span>
          <input readOnly value={url} data-testid="teacher-link" />
        </label>
        <div className="lesson-result__buttons">
          <a
            className={`button${built ? '' : ' button--disabled'}`}
            href={built ? hash : undefined}
            aria-disabled={!built}
            data-testid="teacher-preview"
          >
            {t.teacher.preview}
          </a>
          <button
            type="button"
            className="button"
            disabled={!built}
            onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
          >
            {copied ? t.lessons.codeCopied : t.teacher.copyLink}
          </button>
          <button
            type="button"
            className="button"
            disabled={!built}
            data-testid="teacher-download"
            onClick={() => saveText(`${safeName(id)}.json`, `${json}\n`, 'application/json')}
          >
            {t.teacher.download}
          </button>
          <a
            className={`button${built ? '' : ' button--disabled'}`}
            href={built ? gradeHash({ assignment: built }) : undefined}
            aria-disabled={!built}
            data-testid="teacher-grade"
          >
            {c.teacherLinks.grade}
          </a>
        </div>
        <p className="muted">{tt.gradeHint}</p>
        <textarea readOnly rows={10} value={json} data-testid="teacher-json" aria-label="JSON" />
      </div>
    </section>
  );
}
