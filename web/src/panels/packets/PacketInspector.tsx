// The packet inspector: one record of the model's capture, field by field (time, where it was,
// IP and TCP fields, SACK blocks, timestamps, ECN bits, a SYN's options) and what became of it
// (dropped by which queue and why, acknowledged when, retransmitted when), with buttons to jump
// to its ACK and to its retransmission. Every value is a field the model wrote.
import { useMemo } from 'react';
import { DROP_REASONS, FLAG, KIND, fateOf, packetAt } from '../../charts/tsg';
import type { PacketTable } from '../../charts/tsg';
import { formatNumber } from '../../i18n/format';
import { useStrings } from '../hooks/useStrings';

interface Props {
  table: PacketTable;
  selected: number | null;
  onPick: (index: number) => void;
}

const seconds = (s: number) => s.toFixed(6);

export function PacketInspector({ table, selected, onPick }: Props) {
  const t = useStrings();
  const tp = t.packets;
  const p = useMemo(
    () => (selected === null ? null : packetAt(table, selected)),
    [table, selected],
  );
  const fate = useMemo(() => (p ? fateOf(table, p) : null), [table, p]);
  if (!p || !fate) {
    return (
      <section className="card inspector" data-testid="packet-inspector" aria-label={tp.inspector}>
        <h3>{tp.inspector}</h3>
        <p className="muted small">{tp.inspectHint}</p>
      </section>
    );
  }
  const f = tp.fields;
  const dropped = p.kind === KIND.drop;
  const kind = dropped
    ? `${tp.kinds[KIND.drop]}: ${tp.kinds[p.droppedKind] ?? ''}`
    : (tp.kinds[p.kind] ?? String(p.kind));
  const flagNames = [
    p.flags & FLAG.retransmit ? 'RETRANSMIT' : '',
    p.flags & FLAG.tlp ? 'TLP' : '',
    p.flags & FLAG.rto ? 'RTO' : '',
    p.flags & FLAG.ece ? 'ECE' : '',
    p.flags & FLAG.cwr ? 'CWR' : '',
  ].filter(Boolean);
  const where = dropped
    ? tp.droppedAt(table.channels[p.channel] ?? `#${p.channel}`, tp.reasons[p.dropReason] ?? '')
    : tp.atSender(p.flags & FLAG.outbound ? tp.outbound : tp.inbound);
  const rows: [string, string][] = [
    [f.time, `${seconds(p.timeS)} s`],
    [f.kind, kind],
    [f.where, where],
    [f.seq, `${formatNumber(p.seq, 0)} – ${formatNumber(p.seq + p.payload, 0)}`],
    [f.ack, formatNumber(p.ack, 0)],
    [f.payload, `${p.payload} B`],
    [f.size, `${p.size} B`],
    [f.rwnd, `${formatNumber(p.rwnd, 0)} B`],
    [f.flags, flagNames.join(' ') || '–'],
    [f.sack, p.sack.map(([a, b]) => `[${a}, ${b})`).join(' ') || '–'],
    [
      f.ts,
      p.flags & FLAG.timestamps
        ? `${Math.floor(p.tsvalNs / 1e6)}, ${Math.floor(p.tsecrNs / 1e6)} ms`
        : '–',
    ],
    [f.ecn, p.flags & FLAG.ce ? 'CE' : p.flags & FLAG.ect ? 'ECT(0)' : 'not-ECT'],
  ];
  if (p.kind === KIND.syn || p.kind === KIND.synack)
    rows.push([
      f.options,
      `MSS ${p.mss}${p.wscale >= 0 ? `, WS ${p.wscale}` : ''}${p.flags & FLAG.sackPermitted ? ', SACK-permitted' : ''}`,
    ]);
  const fateText = [
    fate.drop && fate.drop !== p
      ? tp.droppedAt(
          table.channels[fate.drop.channel] ?? `#${fate.drop.channel}`,
          tp.reasons[fate.drop.dropReason] ?? DROP_REASONS[fate.drop.dropReason] ?? '',
        )
      : '',
    fate.retransmittedAs ? tp.retransmitted(seconds(fate.retransmittedAs.timeS)) : '',
    p.kind === KIND.data || p.kind === KIND.drop
      ? fate.ackedBy
        ? tp.acked(seconds(fate.ackedBy.timeS))
        : tp.notAcked
      : '',
  ].filter(Boolean);
  if (fateText.length > 0) rows.push([f.fate, fateText.join('; ')]);
  return (
    <section className="card inspector" data-testid="packet-inspector" aria-label={tp.inspector}>
      <h3>
        {tp.inspector} #{p.index}
      </h3>
      <dl
        className="inspector__fields"
        data-testid="packet-fields"
        data-index={p.index}
        data-kind={p.kind}
      >
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <div className="inspector__jumps">
        <button
          type="button"
          className="button button--small"
          data-testid="inspector-to-ack"
          disabled={!fate.ackedBy}
          onClick={() => fate.ackedBy && onPick(fate.ackedBy.index)}
        >
          {tp.toAck}
        </button>
        <button
          type="button"
          className="button button--small"
          data-testid="inspector-to-retransmission"
          disabled={!fate.retransmittedAs}
          onClick={() => fate.retransmittedAs && onPick(fate.retransmittedAs.index)}
        >
          {tp.toRetransmission}
        </button>
      </div>
    </section>
  );
}
