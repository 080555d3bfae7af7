// Setting names and values in words a student or teacher reads, in their language, without the
// grader: `topology.links[1].delay_ms` = 9 → "Link bottleneck: one-way delay · 9 ms". The lab's
// editor uses these before (and without) the grader's module; lessons/words.ts adds the metric
// and selector wording, which needs the grader to parse paths.
import { ccLabel, queueLabel } from '../scenario/ccAlgorithms';
import { enumOptions } from '../scenario/schemaInfo';
import { formatNumber } from '../i18n/format';
import { getAt, parsePath as parseIndexPath } from '../scenario/fieldPath';

export type Lang = string;

const W = {
  en: {
    link: (id: string) => `Link ${id}`,
    flow: (id: string) => `Flow ${id}`,
    node: (id: string) => `Node ${id}`,
    flowsWith: (k: string, v: string) => `Flows with ${k} ${v}`,
    everyFlow: 'Every flow',
    everyLink: 'Every link',
    direction: (d: string) => d.replace('>', ' → '),
    fields: {
      rate_bps: 'rate',
      delay_ms: 'one-way delay',
      queue: 'queue',
      mtu_bytes: 'MTU',
      jitter_ms: 'jitter',
      loss: 'loss on the wire',
      cc: 'algorithm',
      start_s: 'start',
      size_bytes: 'size',
      duration_s: 'Duration',
      seed: 'Seed',
      limit_packets: 'limit',
      limit_bytes: 'limit',
    } as Record<string, string>,
    metrics: {
      goodput_bps: 'Goodput',
      delivered_bytes: 'Bytes delivered',
      retransmitted_segments: 'Retransmitted segments',
      fast_retransmits: 'Fast retransmits',
      timeouts: 'Retransmission timeouts',
      mean_cwnd_segments: 'Mean congestion window',
      cc_switches: 'Algorithm switches',
      completion_time_s: 'Completion time',
      drops: 'Packets dropped',
      tx_packets: 'Packets sent',
      utilisation: 'Utilisation',
      mean_queueing_delay_s: 'Mean queueing delay',
      jain_index: "Jain's fairness index",
      host_bound_bps: 'Host bound (paper 000)',
      link_bps: 'Link bound',
      mathis_bps: 'Mathis bound',
      pftk_bps: 'PFTK bound',
      window_bps: 'Window bound',
      fair_share_bps: 'Max-min fair share',
      bandwidth_estimate_bps: 'Bandwidth estimate',
      nic_overruns: 'NIC overruns',
    } as Record<string, string>,
    aggregates: {
      sum: (m: string) => `Total ${m.toLowerCase()}`,
      mean: (m: string) => `Mean ${m.toLowerCase()}`,
      min: (m: string) => `Smallest ${m.toLowerCase()}`,
      max: (m: string) => `Largest ${m.toLowerCase()}`,
      count: (m: string) => `Number of values of ${m.toLowerCase()}`,
      jain: (m: string) => `Jain's index of ${m.toLowerCase()}`,
    } as Record<string, (m: string) => string>,
    of: (m: string, who: string) => `${m} of ${who}`,
    at: (m: string, where: string) => `${m} at ${where}`,
    the: (who: string) => who.charAt(0).toLowerCase() + who.slice(1),
    ratio: (a: string, b: string) => `${a} ÷ ${b}`,
    difference: (a: string, b: string) => `${a} − ${b}`,
    inRun: (m: string, s: string) => `${m} (run “${s}”)`,
    packets: 'packets',
    bytes: 'bytes',
    queueOf: (kind: string, limit: string) => (limit ? `${kind}, ${limit}` : kind),
  },
  ja: {
    link: (id: string) => `リンク ${id}`,
    flow: (id: string) => `フロー ${id}`,
    node: (id: string) => `ノード ${id}`,
    flowsWith: (k: string, v: string) => `${k} が ${v} のフロー`,
    everyFlow: 'すべてのフロー',
    everyLink: 'すべてのリンク',
    direction: (d: string) => d.replace('>', ' → '),
    fields: {
      rate_bps: '速度',
      delay_ms: '片道遅延',
      queue: 'キュー',
      mtu_bytes: 'MTU',
      jitter_ms: 'ジッタ',
      loss: '回線上の損失',
      cc: 'アルゴリズム',
      start_s: '開始時刻',
      size_bytes: 'サイズ',
      duration_s: '実行時間',
      seed: 'シード',
      limit_packets: '上限',
      limit_bytes: '上限',
    } as Record<string, string>,
    metrics: {
      goodput_bps: 'グッドプット',
      delivered_bytes: '配送バイト数',
      retransmitted_segments: '再送セグメント数',
      fast_retransmits: '高速再送の回数',
      timeouts: '再送タイムアウトの回数',
      mean_cwnd_segments: '平均輻輳ウィンドウ',
      cc_switches: 'アルゴリズム切替の回数',
      completion_time_s: '完了時間',
      drops: '廃棄パケット数',
      tx_packets: '送信パケット数',
      utilisation: '利用率',
      mean_queueing_delay_s: '平均キューイング遅延',
      jain_index: 'Jain の公平性指標',
      host_bound_bps: 'ホスト上限（論文 000）',
      link_bps: 'リンク上限',
      mathis_bps: 'Mathis 上限',
      pftk_bps: 'PFTK 上限',
      window_bps: 'ウィンドウ上限',
      fair_share_bps: 'max-min 公平配分',
      bandwidth_estimate_bps: '帯域推定値',
      nic_overruns: 'NIC オーバーラン',
    } as Record<string, string>,
    aggregates: {
      sum: (m: string) => `${m}の合計`,
      mean: (m: string) => `${m}の平均`,
      min: (m: string) => `${m}の最小値`,
      max: (m: string) => `${m}の最大値`,
      count: (m: string) => `${m}の個数`,
      jain: (m: string) => `${m}の Jain 指標`,
    } as Record<string, (m: string) => string>,
    of: (m: string, who: string) => `${who}の${m}`,
    at: (m: string, where: string) => `${where}の${m}`,
    the: (who: string) => who,
    ratio: (a: string, b: string) => `${a} ÷ ${b}`,
    difference: (a: string, b: string) => `${a} − ${b}`,
    inRun: (m: string, s: string) => `${m}（実行「${s}」）`,
    packets: 'パケット',
    bytes: 'バイト',
    queueOf: (kind: string, limit: string) => (limit ? `${kind}、${limit}` : kind),
  },
};

export function words(lang: Lang) {
  return lang === 'ja' ? W.ja : W.en;
}

/** Queue disciplines by their usual names (the registry's, from the schema). */
export function queueName(kind: string): string {
  return queueLabel(kind);
}

/**
 * A setting named by a concrete path (list indices, as the editor and the validator write it:
 * `topology.links[1].delay_ms`) in words, the list items by their ids: "Link bottleneck: one-way
 * delay". Needs no wasm, so the lab can use it before the module has loaded.
 */
export function concreteLabel(path: string, scenario: unknown, lang: Lang): string {
  const w = words(lang);
  const keys = parseIndexPath(path);
  let who: string | null = null;
  let rest = keys;
  for (let i = 0; i + 1 < keys.length; i++) {
    const k = keys[i];
    const idx = keys[i + 1];
    if (typeof idx !== 'number' || typeof k !== 'string') continue;
    const id = getAt(scenario, [...keys.slice(0, i + 2), 'id']);
    const name = typeof id === 'string' ? id : `#${idx + 1}`;
    if (k === 'links') who = w.link(name);
    else if (k === 'flows') who = w.flow(name);
    else if (k === 'nodes') who = w.node(name);
    else continue;
    rest = keys.slice(i + 2);
  }
  const field = rest
    .filter((k): k is string => typeof k === 'string')
    .map((k) => w.fields[k] ?? k.replace(/_/g, ' '))
    .join(' · ');
  if (who && field) return `${who}: ${field}`;
  return who ?? (field || path);
}

/** The unit a setting's value is shown in, from its name: `_ms` → ms, `_bps` → a rate. */
export function valueText(path: string, value: unknown, lang: Lang): string {
  const w = words(lang);
  if (value === undefined || value === null) return '–';
  const key =
    path
      .replace(/\[[^\]]*\]$/, '')
      .split('.')
      .pop() ?? '';
  if (typeof value === 'number') {
    if (key.endsWith('_bps')) return formatRateText(value);
    if (key.endsWith('_ms')) return `${formatNumber(value, 6)} ms`;
    if (key.endsWith('_s')) return `${formatNumber(value, 6)} s`;
    if (key.endsWith('_bytes')) return `${formatNumber(value, 6)} ${w.bytes}`;
    if (key.endsWith('_packets')) return `${formatNumber(value, 6)} ${w.packets}`;
    return formatNumber(value, 6);
  }
  if (typeof value === 'string') {
    if (key === 'cc' || enumOptions('CcAlgorithm').some((o) => o.value === value))
      return ccLabel(value);
    return value;
  }
  if (typeof value === 'object' && value !== null && 'kind' in value) {
    const q = value as { kind: string; limit_packets?: number; limit_bytes?: number };
    const limit =
      q.limit_packets !== undefined
        ? `${q.limit_packets} ${w.packets}`
        : q.limit_bytes !== undefined
          ? `${q.limit_bytes} ${w.bytes}`
          : '';
    return w.queueOf(queueName(q.kind), limit);
  }
  return JSON.stringify(value);
}

function formatRateText(bps: number): string {
  for (const [scale, unit] of [
    [1e9, 'Gb/s'],
    [1e6, 'Mb/s'],
    [1e3, 'kb/s'],
  ] as const) {
    if (Math.abs(bps) >= scale) return `${formatNumber(bps / scale, 6)} ${unit}`;
  }
  return `${formatNumber(bps, 6)} b/s`;
}
