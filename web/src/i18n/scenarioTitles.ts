// The titles of the scenarios in content/scenarios in the reader's language. A scenario file is
// plain schema-v1 JSON (its `name` is the English title, and the strict reader takes no other
// keys), so the other languages live here, keyed by the scenario's file name, each with the
// English it translates: a title whose English changed shows in English with the fallback mark
// until it is translated again (tests/unit/scenarioTitles.test.ts lists what is missing).
import type { LocalText } from '../lessons/text';

/** Scenario id → the English title it translates and the Japanese. */
export const SCENARIO_TITLES_JA: Record<string, { en: string; ja: string }> = {
  default: { en: 'Single bottleneck', ja: 'ボトルネック 1 本' },
  'lesson-bufferbloat': {
    en: 'Bufferbloat: two CUBIC flows and a deep buffer',
    ja: 'バッファブロート: CUBIC のフロー 2 本と深いバッファ',
  },
  'lesson-lfn': { en: 'A long fat network', ja: '長く太いネットワーク (LFN)' },
  'lesson-rtt-unfair': { en: 'Short and long round trips', ja: '短い往復と長い往復' },
  'paper000-feedback': {
    en: 'Paper 000: feedback window control against UDP cross traffic (§4.5)',
    ja: '論文 000: UDP の交差トラフィックに対するフィードバックによるウィンドウ制御 (§4.5)',
  },
  'paper000-host': {
    en: 'Paper 000: the end host bounds TCP on a LAN',
    ja: '論文 000: LAN では端末ホストが TCP の上限を決める',
  },
  'paper000-loopback': {
    en: 'Paper 000: loopback (Table 3.2)',
    ja: '論文 000: ループバック (表 3.2)',
  },
  'paper000-table3-1': {
    en: 'Paper 000: the host of Table 3.1',
    ja: '論文 000: 表 3.1 のホスト',
  },
  'paper001-rate-0ms': {
    en: 'Paper 001: window + rate control, no added delay',
    ja: '論文 001: ウィンドウ + レート制御、追加遅延なし',
  },
  'paper001-rate-200ms': {
    en: 'Paper 001: window + rate control, RTT 200 ms',
    ja: '論文 001: ウィンドウ + レート制御、RTT 200 ms',
  },
  'paper001-window-0ms': {
    en: 'Paper 001: window control only, no added delay',
    ja: '論文 001: ウィンドウ制御のみ、追加遅延なし',
  },
  'paper001-window-200ms': {
    en: 'Paper 001: window control only, RTT 200 ms',
    ja: '論文 001: ウィンドウ制御のみ、RTT 200 ms',
  },
  'paper002-alone-64ms': {
    en: 'Paper 002: CUBIC alone, 10 connections, 64 ms',
    ja: '論文 002: CUBIC のみ、10 コネクション、64 ms',
  },
  'paper002-codel-1to1-64ms': {
    en: 'Paper 002: CUBIC vs Compound, CoDel, 1:1, 64 ms',
    ja: '論文 002: CUBIC 対 Compound、CoDel、1:1、64 ms',
  },
  'paper002-codel-2to2-64ms': {
    en: 'Paper 002: CUBIC vs Compound, CoDel, 2:2, 64 ms',
    ja: '論文 002: CUBIC 対 Compound、CoDel、2:2、64 ms',
  },
  'paper002-heavy-codel-1to1-64ms': {
    en: 'Paper 002: CUBIC vs Compound, heavy-flow CoDel, 1:1, 64 ms',
    ja: '論文 002: CUBIC 対 Compound、大量フロー対応 CoDel、1:1、64 ms',
  },
  'paper002-heavy-codel-2to2-64ms': {
    en: 'Paper 002: CUBIC vs Compound, heavy-flow CoDel, 2:2, 64 ms',
    ja: '論文 002: CUBIC 対 Compound、大量フロー対応 CoDel、2:2、64 ms',
  },
  'paper002-taildrop-1to1-64ms': {
    en: 'Paper 002: CUBIC vs Compound, TailDrop, 1:1, 64 ms',
    ja: '論文 002: CUBIC 対 Compound、TailDrop、1:1、64 ms',
  },
  'paper002-taildrop-2to2-64ms': {
    en: 'Paper 002: CUBIC vs Compound, TailDrop, 2:2, 64 ms',
    ja: '論文 002: CUBIC 対 Compound、TailDrop、2:2、64 ms',
  },
  'paper003-reservation-case1': {
    en: 'Paper 003: a TCP flow reserved 56 kb/s, R3–R1 at 38.4 kb/s, 6 TCP in the background',
    ja: '論文 003: 56 kb/s を予約した TCP フロー、R3–R1 は 38.4 kb/s、背景に TCP 6 本',
  },
  'paper003-reservation-case2': {
    en: 'Paper 003: a TCP flow reserved 56 kb/s, R3–R1 at 125 kb/s, 6 TCP in the background',
    ja: '論文 003: 56 kb/s を予約した TCP フロー、R3–R1 は 125 kb/s、背景に TCP 6 本',
  },
  'paper003-reservation-case2-12bg': {
    en: 'Paper 003: case 2 with 12 TCP in the background and a shared 40-packet hold queue',
    ja: '論文 003: 背景に TCP 12 本、共有の 40 パケットの保留キューでのケース 2',
  },
  'paper003-reservation-shaped': {
    en: 'Paper 003: case 2 with a token-bucket shaper at the sender',
    ja: '論文 003: 送信側にトークンバケットのシェーパーを置いたケース 2',
  },
  'paper003-tcp-fifo-12': {
    en: 'Paper 003: 12 TCP flows through a 125 kb/s line, FIFO',
    ja: '論文 003: 125 kb/s の回線を通る TCP フロー 12 本、FIFO',
  },
  'paper003-tcp-wfq-12': {
    en: 'Paper 003: 12 TCP flows through a 125 kb/s line, WFQ',
    ja: '論文 003: 125 kb/s の回線を通る TCP フロー 12 本、WFQ',
  },
  'paper003-udp-fifo-12': {
    en: 'Paper 003: 12 UDP flows through a 125 kb/s line, FIFO',
    ja: '論文 003: 125 kb/s の回線を通る UDP フロー 12 本、FIFO',
  },
  'paper003-udp-wfq-12': {
    en: 'Paper 003: 12 UDP flows through a 125 kb/s line, WFQ',
    ja: '論文 003: 125 kb/s の回線を通る UDP フロー 12 本、WFQ',
  },
  'paper004-dummynet-tick-0_5ms': {
    en: 'Paper 004: a 10 ms dummynet with a 0.5 ms timer tick',
    ja: '論文 004: タイマー刻み 0.5 ms の 10 ms dummynet',
  },
  'paper004-dummynet-tick-5ms': {
    en: 'Paper 004: a 10 ms dummynet with a 5 ms timer tick',
    ja: '論文 004: タイマー刻み 5 ms の 10 ms dummynet',
  },
  'paper004-transwitch': {
    en: 'TranSwitch: one host, a TCP per flow',
    ja: 'TranSwitch: ホスト 1 台、フローごとに TCP',
  },
};

const TABLES: Record<string, Record<string, { en: string; ja: string }>> = {
  ja: SCENARIO_TITLES_JA,
};

/**
 * The title of a scenario in `lang`: the translation of content scenario `id` while it still
 * translates `english` (the scenario's `name`), else `english` with `fallback` set. A scenario
 * that is not a content scenario (`id` null: inline, or the editor's) also falls back.
 */
export function scenarioTitle(id: string | null, english: string, lang: string): LocalText {
  if (lang === 'en' || english === '') return { text: english, fallback: false };
  const entry = id === null ? undefined : TABLES[lang]?.[id];
  if (entry && entry.en === english) return { text: entry.ja, fallback: false };
  return { text: english, fallback: true };
}
