// The numbers of one run: per flow, per busy link direction, and Jain's index. A number that a
// question not yet answered asks for is replaced by a note saying which question it waits for.
// Plain decimals (no thousands separators) so they can be typed back as answers.
import type { Assignment } from '../../lessons/assignment';
import { localText } from '../../lessons/text';
import type { RunSummary } from '../../sim/summary';
import { useStrings } from '../hooks/useStrings';
import { useClassroom, useLang } from './useClassroom';

const fixed = (x: number | undefined, d: number) =>
  x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d);

interface Props {
  summary: RunSummary;
  /** Summary places not to show (→ the id of the question asking for them). */
  masked: Map<string, string>;
  assignment: Assignment;
}

export function ResultsTable({ summary, masked, assignment }: Props) {
  const t = useStrings();
  const c = useClassroom();
  const lang = useLang();
  const prompt = (id: string) => {
    const q = assignment.questions.find((x) => x.id === id);
    const text = localText(q?.prompt, lang).text.replace(/[`*_$]/g, '');
    return text.length > 60 ? `${text.slice(0, 57)}…` : text;
  };
  /** A cell: the number, or a note that it is hidden until a question is answered. */
  const cell = (place: string, text: string) => {
    const q = masked.get(place);
    if (q === undefined) return <td data-place={place}>{text}</td>;
    return (
      <td data-place={place} data-masked="true" title={c.reveal.hiddenFor(prompt(q))}>
        <span className="lesson-masked" aria-label={c.reveal.hiddenFor(prompt(q))}>
          {c.reveal.hidden}
        </span>
      </td>
    );
  };
  const links = summary.links
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => l.drops > 0 || l.utilisation > 0.05);
  return (
    <div className="lesson-results" data-testid="lesson-results">
      <h4>{t.lessons.results}</h4>
      <div className="lesson-results__scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t.lessons.resultFlow}</th>
              <th scope="col">{t.lessons.resultCc}</th>
              <th scope="col">{t.lessons.resultGoodput}</th>
              <th scope="col">{t.lessons.resultRetx}</th>
              <th scope="col">{t.lessons.resultTimeouts}</th>
              <th scope="col">{t.lessons.resultCwnd}</th>
            </tr>
          </thead>
          <tbody>
            {summary.flows.map((f, i) => (
              <tr key={f.id}>
                <th scope="row">{f.id}</th>
                <td>
                  {f.cc ?? 'UDP'}
                  {f.cc_switches ? ` (${t.lessons.switches(String(f.cc_switches))})` : ''}
                </td>
                {cell(`flows[${i}].goodput_bps`, fixed(f.goodput_bps / 1e6, 3))}
                {cell(`flows[${i}].retransmitted_segments`, String(f.retransmitted_segments))}
                {cell(`flows[${i}].timeouts`, String(f.timeouts))}
                {cell(`flows[${i}].mean_cwnd_segments`, fixed(f.mean_cwnd_segments, 1))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {links.length > 0 && (
        <div className="lesson-results__scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t.lessons.resultLink}</th>
                <th scope="col">{t.lessons.resultDrops}</th>
                <th scope="col">{t.lessons.resultUtil}</th>
                <th scope="col">{t.lessons.resultDelay}</th>
              </tr>
            </thead>
            <tbody>
              {links.map(({ l, i }) => (
                <tr key={`${l.id}/${l.direction}`}>
                  <th scope="row">
                    {l.id} {l.direction.replace('>', ' → ')}
                  </th>
                  {cell(`links[${i}].drops`, String(l.drops))}
                  {cell(`links[${i}].utilisation`, fixed(l.utilisation * 100, 1))}
                  {cell(
                    `links[${i}].mean_queueing_delay_s`,
                    fixed((l.mean_queueing_delay_s ?? 0) * 1e3, 2),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {masked.has('jain_index') ? (
        <p data-testid="lesson-jain" data-masked="true">
          {t.lessons.jain(c.reveal.hidden)}
        </p>
      ) : (
        <p data-testid="lesson-jain">{t.lessons.jain(fixed(summary.jain_index, 3))}</p>
      )}
    </div>
  );
}
