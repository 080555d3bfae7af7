// The numbers of one run a student reads answers from: per flow, per busy link direction, and
// Jain's index. Plain decimals (no thousands separators) so they can be typed back as answers.
import type { RunSummary } from '../../sim/summary';
import { useStrings } from '../hooks/useStrings';

const fixed = (x: number | undefined, d: number) =>
  x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d);

export function ResultsTable({ summary }: { summary: RunSummary }) {
  const t = useStrings();
  const links = summary.links.filter((l) => l.drops > 0 || l.utilisation > 0.05);
  return (
    <div className="lesson-results" data-testid="lesson-results">
      <h4>{t.lessons.results}</h4>
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
          {summary.flows.map((f) => (
            <tr key={f.id}>
              <th scope="row">{f.id}</th>
              <td>
                {f.cc ?? 'UDP'}
                {f.cc_switches ? ` (${t.lessons.switches(String(f.cc_switches))})` : ''}
              </td>
              <td>{fixed(f.goodput_bps / 1e6, 3)}</td>
              <td>{f.retransmitted_segments}</td>
              <td>{f.timeouts}</td>
              <td>{fixed(f.mean_cwnd_segments, 1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {links.length > 0 && (
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
            {links.map((l) => (
              <tr key={`${l.id}/${l.direction}`}>
                <th scope="row">
                  {l.id} {l.direction}
                </th>
                <td>{l.drops}</td>
                <td>{fixed(l.utilisation * 100, 1)}</td>
                <td>{fixed((l.mean_queueing_delay_s ?? 0) * 1e3, 2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p data-testid="lesson-jain">{t.lessons.jain(fixed(summary.jain_index, 3))}</p>
    </div>
  );
}
