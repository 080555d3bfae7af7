// The pcap export: pick a flow and a capture point; the scenario of the run on screen is re-run
// with the model's packet capture on, and the model's pcap writer (world/pcap.rs, the one of
// `tcplab run --pcap`) writes the packets as a libpcap file.
import { useEffect, useRef, useState } from 'react';
import { saveBlob } from '../../export/download';
import { formatNumber } from '../../i18n/format';
import type { Scenario } from '../../scenario/types';
import { capturePackets } from '../../sim/capture';
import { useLazyOptions } from '../hooks/useLazyOptions';
import { useStrings } from '../hooks/useStrings';

/** Packets per file at most: a few hundred MB of memory while capturing, tens of MB on disk. */
export const MAX_PCAP_PACKETS = 500_000;

type Status =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; packets: number; truncatedAtS: number | null }
  | { kind: 'failed'; message: string };

export function PcapExport({ scenario, fileBase }: { scenario: Scenario; fileBase: string }) {
  const t = useStrings();
  const [flow, setFlow] = useState('');
  const [at, setAt] = useState<'sender' | 'receiver'>('sender');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);
  const ids = scenario.flows.map((f) => f.id);
  const chosen = ids.includes(flow) ? flow : (ids[0] ?? '');
  const options = useLazyOptions(
    ids.map((id) => ({ value: id })),
    chosen,
    (value) => ({ value }),
  );

  const start = () => {
    const job = capturePackets(JSON.stringify(scenario), {
      flow: chosen,
      at,
      maxPackets: MAX_PCAP_PACKETS,
      pcap: true,
    });
    cancel.current = job.cancel;
    setStatus({ kind: 'busy' });
    job.result.then(
      (r) => {
        cancel.current = null;
        const bytes = r.pcap;
        if (!bytes) {
          setStatus({ kind: 'failed', message: 'the capture came back without its pcap file' });
          return;
        }
        const kind = r.fields.indexOf('kind');
        let packets = 0;
        // Drop records (kind 6) are not packets on the wire: the file leaves them out.
        for (let i = kind; i < r.records.length; i += r.fields.length)
          if (r.records[i] !== 6) packets++;
        saveBlob(
          `${fileBase}-${chosen}-${at}.pcap`,
          new Blob([bytes as BlobPart], { type: 'application/vnd.tcpdump.pcap' }),
        );
        setStatus({
          kind: 'done',
          packets,
          truncatedAtS: r.truncated ? r.untilNs / 1e9 : null,
        });
      },
      (e: unknown) => {
        cancel.current = null;
        const message = e instanceof Error ? e.message : String(e);
        setStatus(message === 'cancelled' ? { kind: 'idle' } : { kind: 'failed', message });
      },
    );
  };

  return (
    <span className="exports__group" role="group" aria-label={t.exports.pcap}>
      <label>
        <span className="visually-hidden">{t.exports.pcapFlow}</span>
        <select
          value={chosen}
          data-testid="pcap-flow"
          aria-label={t.exports.pcapFlow}
          onChange={(e) => setFlow(e.target.value)}
          onFocus={options.reach}
          onPointerDown={options.reach}
        >
          {options.shown.map(({ value }) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
      <select
        value={at}
        data-testid="pcap-at"
        aria-label={t.exports.pcapAt}
        onChange={(e) => setAt(e.target.value as 'sender' | 'receiver')}
      >
        <option value="sender">{t.exports.atSender}</option>
        <option value="receiver">{t.exports.atReceiver}</option>
      </select>
      {status.kind === 'busy' ? (
        <button
          type="button"
          className="button button--small"
          data-testid="pcap-cancel"
          onClick={() => cancel.current?.()}
        >
          {t.exports.pcapCancel}
        </button>
      ) : (
        <button
          type="button"
          className="button button--small"
          data-testid="export-pcap"
          disabled={!chosen}
          onClick={start}
        >
          {t.exports.pcap}
        </button>
      )}
      <span className="muted small" role="status" data-testid="pcap-status">
        {status.kind === 'busy' && t.exports.pcapBusy}
        {status.kind === 'done' &&
          t.exports.pcapDone(
            formatNumber(status.packets, 0),
            status.truncatedAtS === null ? null : formatNumber(status.truncatedAtS, 2),
          )}
        {status.kind === 'failed' && t.exports.pcapFailed(status.message)}
      </span>
    </span>
  );
}
