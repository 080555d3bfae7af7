// A small drawing of the path: sender host → router → receiver host, with the bottleneck's
// rate and buffer, the round-trip time and the MTU taken from the controls as typed.
import type { ControlKey } from '../scenario/controls';
import type { ControlTexts, FormCheck } from '../scenario/formCheck';
import { formatRate } from '../i18n/format';
import { strings } from '../i18n';

interface Props {
  texts: ControlTexts;
  check: FormCheck;
  /** Rate of the access link(s), b/s (not a control). */
  accessBps: number;
}

const Y = 50;
const SENDER = 30;
const ROUTER = 160;
const RECEIVER = 290;

function Host({ cx }: { cx: number }) {
  return (
    <g className="topo__host">
      <rect x={cx - 24} y={Y - 19} width={48} height={32} rx={5} />
      <rect className="topo__screen" x={cx - 17} y={Y - 13} width={34} height={20} rx={2} />
      <path d={`M${cx - 12} ${Y + 19} h24`} className="topo__stand" />
      <path d={`M${cx} ${Y + 13} v6`} className="topo__stand" />
    </g>
  );
}

function Router({ cx }: { cx: number }) {
  return (
    <g className="topo__router">
      <circle cx={cx} cy={Y} r={21} />
      <path
        d={`M${cx - 10} ${Y - 5} h17 l-4 -4 M${cx + 7} ${Y - 5} l-4 4 M${cx + 10} ${Y + 5} h-17 l4 -4 M${cx - 7} ${Y + 5} l4 4`}
      />
    </g>
  );
}

export function TopologyDiagram({ texts, check, accessBps }: Props) {
  const d = strings.diagram;
  const bad = (k: ControlKey) => (check.byControl[k] ? ' topo__label--bad' : '');
  return (
    <svg
      className="topo"
      viewBox="0 0 320 150"
      role="img"
      aria-label={strings.diagramLabel}
      data-testid="topology"
    >
      {/* access link */}
      <line className="topo__link" x1={SENDER + 24} y1={Y} x2={ROUTER - 21} y2={Y} />
      <text className="topo__label" x={(SENDER + ROUTER) / 2} y={Y - 10} textAnchor="middle">
        {formatRate(accessBps)}
      </text>
      <text className="topo__caption" x={(SENDER + ROUTER) / 2} y={Y - 27} textAnchor="middle">
        {d.access}
      </text>
      {/* bottleneck link and its queue */}
      <line
        className="topo__link topo__link--bottleneck"
        x1={ROUTER + 21}
        y1={Y}
        x2={RECEIVER - 24}
        y2={Y}
      />
      <text
        className={`topo__label topo__label--accent${bad('rateMbps')}`}
        x={(ROUTER + RECEIVER) / 2}
        y={Y - 10}
        textAnchor="middle"
      >
        {texts.rateMbps} Mb/s
      </text>
      <text
        className="topo__caption topo__caption--accent"
        x={(ROUTER + RECEIVER) / 2}
        y={Y - 27}
        textAnchor="middle"
      >
        {d.bottleneck}
      </text>
      <g className="topo__queue" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <rect key={i} x={ROUTER + 27 + i * 7} y={Y + 7} width={5} height={11} rx={1} />
        ))}
      </g>
      <text
        className={`topo__caption${bad('bufferPackets')}`}
        x={ROUTER + 25}
        y={Y + 31}
        textAnchor="start"
      >
        {d.buffer(texts.bufferPackets)}
      </text>
      <Host cx={SENDER} />
      <Router cx={ROUTER} />
      <Host cx={RECEIVER} />
      <text className="topo__name" x={SENDER} y={Y + 40} textAnchor="middle">
        {d.sender}
      </text>
      <text className="topo__name" x={ROUTER} y={Y + 40} textAnchor="middle">
        {d.router}
      </text>
      <text className="topo__name" x={RECEIVER} y={Y + 40} textAnchor="middle">
        {d.receiver}
      </text>
      {/* round trip */}
      <path className="topo__bracket" d={`M${SENDER} ${Y + 60} v6 H${RECEIVER} v-6`} />
      <text
        className={`topo__caption${bad('rttMs')}${bad('mtuBytes')}`}
        x={(SENDER + RECEIVER) / 2}
        y={Y + 84}
        textAnchor="middle"
      >
        {d.path(texts.rttMs, texts.mtuBytes)}
      </text>
    </svg>
  );
}
