// The main knobs beside the plots: preset, bottleneck rate, round-trip time, buffer, queue
// discipline, path MTU, the receiving host's model and offload, and the algorithm of each flow.
// Each knob has an id (`KNOB_IDS`): presentation and embed modes show the ones a URL names.
import { useState } from 'react';
import { CC_ALGORITHMS, ccLabel } from '../../scenario/ccAlgorithms';
import { checkNumber } from '../../scenario/inputCheck';
import {
  bdpPackets,
  bottleneckLink,
  pathDelays,
  pathMtu,
  propagationRttMs,
  receiverNode,
  withPathMtu,
  withPropagationRtt,
} from '../../scenario/knobs';
import { PRESET_IDS, isPresetId } from '../../scenario/presets';
import { enumOptions, variants } from '../../scenario/schemaInfo';
import { switchQueue } from '../../scenario/starters';
import type { Scenario } from '../../scenario/types';
import {
  activeScenario,
  editor,
  loadPreset,
  setField,
  updateScenario,
} from '../../state/editorStore';
import { formatNumber } from '../../i18n/format';
import { protocolValue, withProtocol } from '../editor/FlowsTable';
import { NumberField } from '../editor/NumberField';
import { SelectField } from '../editor/SelectField';
import { useHelp } from '../hooks/useHelp';
import { useLabel } from '../hooks/useLabel';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';

export const KNOB_IDS = ['preset', 'rate', 'rtt', 'buffer', 'queue', 'mtu', 'host', 'cc'] as const;
export type KnobId = (typeof KNOB_IDS)[number];

const QUEUES = variants('QueueSpec');
const HOST_PRESETS = enumOptions('HostPreset');
/** Flows whose algorithm has a knob of its own; the rest are set all at once or in the editor. */
const KNOB_FLOWS = 12;

/** A number typed here is checked like an editor field; it is applied with `apply` once it parses. */
function KnobNumber(p: {
  id: string;
  label: string;
  unit: string;
  value: number;
  hint?: string;
  /** A longer explanation, on the label's tooltip. */
  title?: string;
  integer?: boolean;
  apply(value: number): void;
}) {
  const t = useStrings();
  const [draft, setDraft] = useState<{ text: string; problem: string | null } | null>(null);
  const text = draft?.text ?? formatNumber(p.value, 6).replace(/,/g, '');
  const noteId = `${p.id}-note`;
  return (
    <div className={`field${draft?.problem ? ' field--invalid' : ''}`}>
      <label htmlFor={p.id} title={p.title}>
        {p.label}
      </label>
      <div className="field__input">
        <input
          id={p.id}
          data-testid={p.id}
          type="text"
          inputMode={p.integer ? 'numeric' : 'decimal'}
          autoComplete="off"
          spellCheck={false}
          value={text}
          aria-invalid={draft?.problem ? true : undefined}
          aria-describedby={draft?.problem || p.hint ? noteId : undefined}
          onChange={(e) => {
            const next = e.target.value;
            const r = checkNumber(next, {
              integer: p.integer ?? false,
              nonNegative: true,
              nullable: false,
              scale: 1,
            });
            if (r.ok && r.value !== null) {
              setDraft({ text: next, problem: null });
              p.apply(r.value);
            } else setDraft({ text: next, problem: r.ok ? 'empty' : r.problem });
          }}
          onBlur={() => setDraft((d) => (d?.problem ? d : null))}
        />
        <span className="field__unit">{p.unit}</span>
      </div>
      {draft?.problem ? (
        <p id={noteId} className="field__error" role="alert">
          {t.localErrors[draft.problem] ?? draft.problem}
        </p>
      ) : p.hint ? (
        <p id={noteId} className="field__hint">
          {p.hint}
        </p>
      ) : null}
    </div>
  );
}

function bufferHint(s: Scenario, packets: unknown, t: ReturnType<typeof useStrings>): string {
  const bdp = bdpPackets(s);
  if (!(bdp > 0)) return '';
  if (typeof packets !== 'number') return t.screen.bufferBdp(formatNumber(bdp), '');
  return t.screen.bufferBdp(formatNumber(bdp), formatNumber(packets / bdp, 2));
}

interface Props {
  /** Only these knobs (presentation and embed modes); all when absent. */
  only?: readonly KnobId[];
}

export function Knobs({ only }: Props) {
  const t = useStrings();
  const help = useHelp();
  const name = useLabel();
  const state = useStore(editor);
  const s = activeScenario(state);
  const show = (id: KnobId) => !only || only.includes(id);
  const b = bottleneckLink(s);
  const link = s.topology.links[b];
  const base = `topology.links[${b}]`;
  const rtt = propagationRttMs(s);
  const delays = pathDelays(s);
  const rcv = receiverNode(s);
  const host = rcv >= 0 ? s.topology.nodes[rcv] : undefined;
  const queue = (link?.queue ?? { kind: 'drop_tail' }) as Record<string, unknown>;
  const byBytes = typeof queue.limit_bytes === 'number';
  const preset = state.preset;
  // What the scenario is: the preset's explanation, or the scenario's own name.
  const about = (preset !== 'custom' ? t.presets[preset]?.text : undefined) ?? s.name ?? '';
  const tcpFlows = s.flows.map((f, i) => ({ f, i })).filter(({ f }) => f.protocol !== 'udp');
  const protocolOptions = [
    ...CC_ALGORITHMS.map((cc) => ({ value: `tcp:${cc}`, label: ccLabel(cc) })),
    { value: 'udp', label: t.flows.udp },
  ];
  return (
    <section className="knobs" aria-labelledby="knobs-heading" data-testid="knobs">
      <h2 id="knobs-heading" className="visually-hidden">
        {t.screen.knobs}
      </h2>
      {show('preset') && (
        <div className="field knobs__wide">
          <label htmlFor="knob-preset">{t.editor.preset}</label>
          <div className="field__input">
            <select
              id="knob-preset"
              data-testid="preset"
              value={preset}
              onChange={(e) => isPresetId(e.target.value) && loadPreset(e.target.value)}
            >
              {preset === 'custom' && <option value="custom">{t.editor.custom}</option>}
              {PRESET_IDS.map((id) => (
                <option key={id} value={id}>
                  {t.presets[id]?.title ?? id}
                </option>
              ))}
            </select>
          </div>
          <p className="field__hint knobs__about" title={about}>
            {about}
          </p>
        </div>
      )}
      {link && show('rate') && (
        <NumberField
          path={`${base}.rate_bps`}
          label={t.screen.rate}
          unit="Mb/s"
          scale={1e6}
          title={t.screen.rateHint(link.id)}
        />
      )}
      {show('rtt') && delays.length > 0 && (
        <KnobNumber
          id="knob-rtt"
          label={t.screen.rtt}
          unit="ms"
          value={rtt}
          title={`${t.screen.rttHint} (${delays.map((d) => `${d.id} ${formatNumber(d.there, 4)} ms`).join(', ')})`}
          hint={t.screen.oneWay(
            delays.length > 1
              ? `${delays.map((d) => formatNumber(d.there, 4)).join(' + ')} = `
              : '',
            formatNumber(rtt / 2, 4),
          )}
          apply={(ms) => updateScenario((sc) => withPropagationRtt(sc, ms))}
        />
      )}
      {link && show('buffer') && (
        <NumberField
          path={`${base}.queue.${byBytes ? 'limit_bytes' : 'limit_packets'}`}
          label={t.screen.buffer}
          unit={byBytes ? 'B' : 'pkt'}
          integer
          nonNegative
          nullable
          hint={byBytes ? undefined : bufferHint(s, queue.limit_packets, t)}
          title={t.screen.bufferHint}
          commit={(v, text) => {
            if (byBytes) setField(`${base}.queue.limit_bytes`, v ?? undefined, text);
            else setField(`${base}.queue.limit_packets`, v ?? undefined, text);
          }}
        />
      )}
      {show('mtu') && delays.length > 0 && (
        <KnobNumber
          id="knob-mtu"
          label={t.screen.mtu}
          unit="B"
          integer
          value={pathMtu(s)}
          apply={(mtu) => updateScenario((sc) => withPathMtu(sc, mtu))}
        />
      )}
      {link && show('queue') && (
        <SelectField
          path={`${base}.queue.kind`}
          label={t.screen.queue}
          fallback="drop_tail"
          exactErrors
          options={QUEUES.map((q) => ({
            value: q.kind,
            label: name(q.key, q.kind),
            title: help(q.description).text,
          }))}
          onChange={(kind) => setField(`${base}.queue`, switchQueue(link.queue, kind))}
        />
      )}
      {host && host.kind === 'host' && show('host') && (
        <div className="knobs__host">
          <SelectField
            path={`topology.nodes[${rcv}].host.preset`}
            label={t.screen.host(host.id)}
            fallback="ideal"
            exactErrors
            options={HOST_PRESETS.map((p) => ({
              value: p.value,
              label: name(p.key, p.value),
              title: help(p.description).text,
            }))}
          />
          <div className="field field--check">
            <input
              id="knob-offload"
              data-testid="knob-offload"
              type="checkbox"
              disabled={!host.host || host.host.preset === 'ideal'}
              checked={host.host?.offload === true}
              onChange={(e) => setField(`topology.nodes[${rcv}].host.offload`, e.target.checked)}
            />
            <label htmlFor="knob-offload">{t.screen.offload}</label>
          </div>
        </div>
      )}
      {show('cc') && tcpFlows.length > 0 && (
        <fieldset className="knobs__flows knobs__wide">
          <legend>{t.screen.algorithms}</legend>
          {tcpFlows.length > 1 && (
            <div className="field knobs__all">
              <label htmlFor="knob-cc-all">{t.screen.allFlows}</label>
              <div className="field__input">
                <select
                  id="knob-cc-all"
                  data-testid="knob-cc-all"
                  value=""
                  onChange={(e) =>
                    e.target.value &&
                    updateScenario((sc) => ({
                      ...sc,
                      flows: sc.flows.map((f) =>
                        f.protocol === 'udp' ? f : withProtocol(f, e.target.value),
                      ),
                    }))
                  }
                >
                  <option value="">{t.screen.setAll}</option>
                  {CC_ALGORITHMS.map((cc) => (
                    <option key={cc} value={`tcp:${cc}`}>
                      {ccLabel(cc)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          )}
          <div className="knobs__flowlist">
            {tcpFlows.slice(0, KNOB_FLOWS).map(({ f, i }) => (
              <SelectField
                key={`${f.id}-${i}`}
                path={`flows[${i}].cc`}
                label={f.id}
                exactErrors
                value={protocolValue(f)}
                options={protocolOptions}
                onChange={(v) => setField(`flows[${i}]`, withProtocol(f, v))}
              />
            ))}
          </div>
          {tcpFlows.length > KNOB_FLOWS && (
            <p className="muted small" data-testid="knob-more-flows">
              {t.screen.moreFlows(tcpFlows.length - KNOB_FLOWS)}
            </p>
          )}
        </fieldset>
      )}
    </section>
  );
}
