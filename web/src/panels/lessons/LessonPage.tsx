// One lesson or assignment as a student sees it: prose (Markdown + KaTeX, sanitised), the live
// scenario widgets, the questions with their checkers, and the result code to hand in.
import { useMemo, useState } from 'react';
import { applyVariant } from '../../lessons/assignment';
import type { Assignment } from '../../lessons/assignment';
import { resolveScenarios } from '../../lessons/catalog';
import type { AssignedRun } from '../../lessons/grading';
import { withStudent } from '../../lessons/lessonRoute';
import { lessonBlocks } from '../../lessons/markdown';
import { deriveVariant } from '../../lessons/variant';
import { useStrings } from '../hooks/useStrings';
import { QuestionCard } from './QuestionCard';
import { ResultPanel } from './ResultPanel';
import { ScenarioWidget } from './ScenarioWidget';
import { StudentField } from './StudentField';

interface Props {
  assignment: Assignment;
  text: string;
  student: string;
}

export function LessonPage({ assignment: a, text, student }: Props) {
  const t = useStrings();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [runs, setRuns] = useState<Record<string, AssignedRun>>({});
  const blocks = useMemo(() => lessonBlocks(text), [text]);
  const variant = useMemo(() => deriveVariant(a, student), [a, student]);
  const assigned = useMemo(() => {
    try {
      const base = resolveScenarios(a);
      const out: Record<string, Record<string, unknown>> = {};
      for (const [name, s] of Object.entries(base)) out[name] = applyVariant(name, s, variant);
      return out;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }, [a, variant]);

  if (typeof assigned === 'string') {
    return (
      <p className="notice notice--error" role="alert">
        {assigned}
      </p>
    );
  }
  const setAnswer = (id: string, v: string) => setAnswers((x) => ({ ...x, [id]: v }));

  return (
    <article className="card lesson" data-testid="lesson" data-assignment={a.id}>
      <p className="lesson__back">
        <a href="#lessons">← {t.lessons.backToIndex}</a>
      </p>
      <StudentField
        student={student}
        onApply={(s) => {
          globalThis.location.hash = withStudent(globalThis.location.hash, s);
        }}
      />
      {(variant.seed !== null || variant.params.length > 0) && (
        <p className="lesson__variant muted" data-testid="variant">
          {t.lessons.variantHeading}{' '}
          {[
            ...(variant.seed !== null ? [t.lessons.variantSeed(String(variant.seed))] : []),
            ...variant.params
              .filter((p) => !(a.hidden ?? []).includes(p.param.path))
              .map((p) => t.lessons.variantParam(p.param.path, JSON.stringify(p.value))),
          ].join(' · ')}
        </p>
      )}
      {blocks.map((b, i) => {
        switch (b.kind) {
          case 'html':
            // Safe: markdown-it with raw HTML off, images off, KaTeX with trust off (markdown.ts).
            return (
              <div key={i} className="lesson__prose" dangerouslySetInnerHTML={{ __html: b.html }} />
            );
          case 'scenario': {
            const s = assigned[b.name];
            return s ? (
              <ScenarioWidget
                key={i}
                name={b.name}
                assignment={a}
                assigned={s}
                variantPaths={variant.params
                  .filter((p) => p.param.scenario === undefined || p.param.scenario === b.name)
                  .map((p) => p.param.path)}
                answers={answers}
                onAnswer={setAnswer}
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
            return q ? (
              <QuestionCard
                key={i}
                assignment={a}
                question={q}
                value={answers[q.id] ?? ''}
                onChange={(v) => setAnswer(q.id, v)}
                runs={runs}
              />
            ) : (
              <p key={i} className="notice notice--error">
                {t.lessons.unknownWidget(b.id)}
              </p>
            );
          }
        }
      })}
      <ResultPanel assignment={a} student={student} answers={answers} runs={runs} />
    </article>
  );
}
