// "What happened", in sentences built from the simulator's summary: each flow's goodput against
// the bound that holds it (the lowest of its bounds and its max-min fair share, so ten flows on
// one link are each compared with their share), its losses and timeouts; Jain's index; the
// busiest link; NIC overruns.
import { formatNumber, formatPercent, formatRate } from '../../i18n/format';
import { ccLabel } from '../../scenario/ccAlgorithms';
import type { RunSnapshot } from '../../state/runStore';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { binding, boundValues, hasHostModel } from '../plots/bounds';
import { chooseShown, flowsById, pickedFlows } from '../plots/manyFlows';

export function RunStory({ run, tag }: { run: RunSnapshot; tag: '' | 'A' | 'B' }) {
  const t = useStrings();
  const picked = useStore(pickedFlows);
  const s = run.summary;
  if (!s) {
    if (tag === 'B') return null;
    const live = run.status !== 'idle' && run.status !== 'failed' && run.status !== 'cancelled';
    return <p className="muted">{live ? t.story.running : t.story.idle}</p>;
  }
  const flows = flowsById(run.scenario);
  const busiest = [...s.links].sort((a, b) => b.utilisation - a.utilisation)[0];
  // Many flows: a sentence for each flow the plots draw, one for all the others together.
  const choice = chooseShown(
    run,
    s.flows.map((f) => f.id),
    picked,
  );
  const only = choice.kind === 'all' ? null : new Set(choice.ids);
  const told = only ? s.flows.filter((f) => only.has(f.id)) : s.flows;
  const rest = only ? s.flows.filter((f) => !only.has(f.id)) : [];
  return (
    <div className="story" data-testid={`story${tag}`}>
      {tag && <h3 className="card__subheading">{t.run.variantLabel(tag)}</h3>}
      <ul>
        {told.map((f) => {
          const spec = flows.get(f.id);
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
        {rest.length > 0 && (
          <li data-testid={`story-others${tag}`}>
            {t.story.others(
              rest.length,
              formatRate(rest.reduce((sum, f) => sum + f.goodput_bps, 0) / rest.length),
              rest.reduce((sum, f) => sum + f.retransmitted_segments, 0),
              rest.reduce((sum, f) => sum + f.timeouts, 0),
            )}
          </li>
        )}
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
