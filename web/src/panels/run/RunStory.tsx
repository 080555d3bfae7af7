// "What happened", in sentences built from the simulator's summary: each flow's goodput against
// the bound that holds it (the lowest of its bounds and its max-min fair share, so ten flows on
// one link are each compared with their share), its losses and timeouts; Jain's index; the
// busiest link; NIC overruns.
import { formatNumber, formatPercent, formatRate } from '../../i18n/format';
import { ccLabel } from '../../scenario/ccAlgorithms';
import type { RunSnapshot } from '../../state/runStore';
import { useStrings } from '../hooks/useStrings';
import { binding, boundValues, hasHostModel } from '../plots/bounds';

export function RunStory({ run, tag }: { run: RunSnapshot; tag: '' | 'A' | 'B' }) {
  const t = useStrings();
  const s = run.summary;
  if (!s) {
    if (tag === 'B') return null;
    const live = run.status !== 'idle' && run.status !== 'failed' && run.status !== 'cancelled';
    return <p className="muted">{live ? t.story.running : t.story.idle}</p>;
  }
  const flows = run.scenario?.flows ?? [];
  const busiest = [...s.links].sort((a, b) => b.utilisation - a.utilisation)[0];
  return (
    <div className="story" data-testid={`story${tag}`}>
      {tag && <h3 className="card__subheading">{t.run.variantLabel(tag)}</h3>}
      <ul>
        {s.flows.map((f) => {
          const spec = flows.find((x) => x.id === f.id);
          const udp = spec?.protocol === 'udp';
          const algo = udp ? 'UDP' : ccLabel(spec?.cc ?? 'newreno');
          const best = f.bounds
            ? binding(boundValues(f.bounds, { hostModel: hasHostModel(run.scenario, f.id) }))
            : null;
          return (
            <li key={f.id}>
              {t.story.flow(f.id, algo, formatRate(f.goodput_bps))}
              {best &&
                t.screen.ofBinding(
                  formatPercent(f.goodput_bps / best.bps),
                  t.screen.bindingNames[best.kind] ?? best.kind,
                  formatRate(best.bps),
                )}
              {udp
                ? t.story.udp(String(f.udp_sent_packets ?? 0), String(f.udp_received_packets ?? 0))
                : t.screen.losses(f.retransmitted_segments, f.timeouts)}
              {typeof f.completion_time_s === 'number' &&
                t.story.completed(formatNumber(f.completion_time_s))}
            </li>
          );
        })}
        {s.flows.length > 1 && <li>{t.story.jain(formatNumber(s.jain_index, 3))}</li>}
        {busiest && (
          <li>
            {t.story.busiest(
              `${busiest.id} ${busiest.direction === 'a>b' ? 'a→b' : 'b→a'}`,
              formatPercent(busiest.utilisation),
              formatNumber((busiest.mean_queueing_delay_s ?? 0) * 1000),
              String(busiest.drops),
            )}
          </li>
        )}
        {(s.hosts ?? [])
          .filter((h) => h.nic_overruns > 0)
          .map((h) => (
            <li key={h.id}>{t.story.hostOverruns(h.id, String(h.nic_overruns))}</li>
          ))}
      </ul>
    </div>
  );
}
