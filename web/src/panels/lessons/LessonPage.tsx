// One lesson or assignment as a student sees it: prose (Markdown + KaTeX, sanitised, in the
// reader's language), the live scenario widgets, the questions, and the result code to hand
// in. Every rule (the variant, the checks, the code) is the grader's, through the wasm module;
// this page keeps the answers typed, the runs made, and which answers have been given, so
// that a number a question asks for stays out of sight until that question is answered.
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Assignment } from '../../lessons/assignment';
import { resolveScenarios } from '../../lessons/catalog';
import { withStudent } from '../../lessons/lessonRoute';
import { lessonBlocks } from '../../lessons/markdown';
import type { LessonBlock } from '../../lessons/markdown';
import { localText } from '../../lessons/text';
import type { LocalText } from '../../lessons/text';
import { settingLabel, valueText } from '../../lessons/words';
import type { LessonState, QuestionState } from '../../sim/boundary';
import { lessonState, studentView } from '../../sim/grader';
import type { AssignedRun } from '../../sim/grader';
import { useStrings } from '../hooks/useStrings';
import { ProblemList } from './LessonRoot';
import { FallbackMark } from './LocalTextView';
import { QuestionCard } from './QuestionCard';
import type { Revealed } from './QuestionCard';
import { ResultPanel } from './ResultPanel';
import { ScenarioWidget } from './ScenarioWidget';
import { StudentField } from './StudentField';
import { useClassroom, useLang } from './useClassroom';

interface Props {
  assignment: Assignment;
  prose: LocalText;
  student: string;
}

/** Scenario → place in its run summary → the question (not yet answered) that asks for it. */
export type Masked = Map<string, Map<string, string>>;

/** The places of every scored question that has not been answered yet. */
export function maskedPlaces(
  a: Assignment,
  state: LessonState,
  revealed: Record<string, Revealed>,
): Masked {
  const out: Masked = new Map();
  for (const qs of state.questions) {
    const q = a.questions.find((x) => x.id === qs.id);
    if (!q || q.predict || revealed[qs.id]) continue;
    for (const p of qs.places) {
      const m = out.get(p.scenario) ?? new Map<string, string>();
      if (!m.has(p.place)) m.set(p.place, qs.id);
      out.set(p.scenario, m);
    }
  }
  return out;
}

export function LessonPage({ assignment: a, prose, student }: Props) {
  const t = useStrings();
  const c = useClassroom();
  const lang = useLang();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [runs, setRuns] = useState<Record<string, AssignedRun>>({});
  const [revealed, setRevealed] = useState<Record<string, Revealed>>({});
  const blocks = useMemo(() => lessonBlocks(prose.text), [prose.text]);
  const view = useMemo(() => studentView(a, resolveScenarios(a), student), [a, student]);
  const state = useMemo(() => lessonState(a, student, answers, runs), [a, student, answers, runs]);
  if ('problems' in view || 'problems' in state) {
    const problems = 'problems' in view ? view.problems : 'problems' in state ? state.problems : [];
    return (
      <div className="notice notice--error" role="alert">
        {c.badAssignment} <ProblemList problems={problems} />
      </div>
    );
  }
  const v = view.ok;
  const s = state.ok;
  const byId = new Map<string, QuestionState>(s.questions.map((q) => [q.id, q]));
  const masked = maskedPlaces(a, s, revealed);
  const setAnswer = (id: string, text: string) => setAnswers((x) => ({ ...x, [id]: text }));
  const render = (b: LessonBlock, i: number): ReactNode => {
    switch (b.kind) {
      case 'html':
        // Safe: markdown-it with raw HTML off, images off, KaTeX with trust off (markdown.ts).
        return (
          <div key={i} className="lesson__prose" dangerouslySetInnerHTML={{ __html: b.html }} />
        );
      case 'scenario': {
        const assigned = v.scenarios.find((x) => x.name === b.name);
        return assigned ? (
          <ScenarioWidget
            key={i}
            assignment={a}
            assigned={assigned}
            predictions={s.questions.filter(
              (q) => q.scenario === b.name && a.questions.find((x) => x.id === q.id)?.predict,
            )}
            answers={answers}
            onAnswer={setAnswer}
            masked={masked.get(b.name) ?? new Map()}
            ran={b.name in runs}
            onAssignedRun={(r) => setRuns((x) => ({ ...x, [b.name]: r }))}
          />
        ) : (
          <p key={i} className="notice notice--error">
            {t.lessons.unknownWidget(b.name)}
          </p>
        );
      }
      case 'question': {
        const q = a.questions.find((x) => x.id === b.id);
        const qs = byId.get(b.id);
        return q && qs ? (
          <QuestionCard
            key={i}
            question={q}
            state={qs}
            value={answers[q.id] ?? ''}
            onChange={(text) => setAnswer(q.id, text)}
            revealed={revealed[q.id] ?? null}
            onReveal={(how) => setRevealed((x) => ({ ...x, [q.id]: how }))}
          />
        ) : (
          <p key={i} className="notice notice--error">
            {t.lessons.unknownWidget(b.id)}
          </p>
        );
      }
      case 'after': {
        if (b.ids.every((id) => revealed[id])) {
          return (
            <div key={i} className="lesson__after" data-testid="after-open">
              {b.blocks.map(render)}
            </div>
          );
        }
        const waiting = b.ids
          .filter((id) => !revealed[id])
          .map((id) => localText(a.questions.find((q) => q.id === id)?.prompt, lang).text)
          .map((p) => (p.length > 50 ? `${p.slice(0, 47)}…` : p).replace(/[`*_$]/g, ''));
        return (
          <p key={i} className="notice lesson__after-locked" data-testid="after-locked">
            {c.reveal.afterLocked(waiting.join(' · '))}
          </p>
        );
      }
    }
  };

  const shownParams = v.params.filter((p) => !p.hidden);

  return (
    <article className="card lesson" data-testid="lesson" data-assignment={a.id}>
      <p className="lesson__back">
        <a href="#lessons">← {t.lessons.backToIndex}</a>
      </p>
      <StudentField
        student={student}
        normalised={v.student}
        problem={v.student_problem ?? null}
        answered={Object.values(answers).filter((x) => x.trim() !== '').length}
        onApply={(id) => {
          globalThis.location.hash = withStudent(globalThis.location.hash, id);
        }}
      />
      {(v.seed !== null || shownParams.length > 0) && (
        <p className="lesson__variant muted" data-testid="variant">
          {t.lessons.variantHeading}{' '}
          {[
            ...(v.seed !== null && v.seed !== undefined
              ? [t.lessons.variantSeed(String(v.seed))]
              : []),
            ...shownParams.map(
              (p) => `${settingLabel(p.path, lang)} = ${valueText(p.path, p.value, lang)}`,
            ),
          ].join(' · ')}
        </p>
      )}
      {v.problems.length > 0 && (
        <div className="notice notice--error" role="alert">
          <ProblemList problems={v.problems} />
        </div>
      )}
      {prose.fallback && (
        <p className="notice" data-testid="prose-fallback">
          <FallbackMark /> {c.fallbackTitle}
        </p>
      )}
      {blocks.map(render)}
      <ResultPanel assignment={a} student={v.student} state={s} />
    </article>
  );
}
