// Scenario errors (a code, a field path, parameters: wasm/sim/src/error.rs) in the
// reader's language. English is the simulator's own sentence (`message`, rendered in Rust from
// the same code and parameters, word for word what the CLI prints); Japanese is rendered here
// from one template per code, with `{name}` for a parameter and `{ name}` for an optional one
// (a unit) preceded by a space. A code this page does not know falls back to the English.
// tests/unit/scenarioErrors.test.ts checks that every code of the published boundary schema
// has a Japanese template naming only parameters the code has.
import type { ErrorCode } from '../sim/boundary';
import type { FieldError } from '../sim/protocol';

export const JA_ERRORS: Record<ErrorCode, string> = {
  json_syntax: 'JSON として読めません: {detail}',
  wrong_type: '型が違います: {found} ではなく {expected} が必要です',
  invalid_value: '値が使えません: {found} ではなく {expected} が必要です',
  unknown_variant: '「{variant}」は選べません（選べるもの: {expected}）',
  unknown_field: '未知の項目「{field}」（使える項目: {expected}）',
  missing_field: '項目「{field}」がありません',
  duplicate_field: '項目「{field}」が 2 回あります',
  invalid_length: '要素の数が違います: {detail}',
  too_large: 'シナリオが {bytes} バイトあり、上限の {max} バイトを超えています',
  byte_order_mark:
    '先頭にバイト順マーク（BOM, 0〜2 バイト目）があります: BOM なしの UTF-8 で保存してください',
  utf16: 'UTF-16 のテキストです（0 バイト目にバイト順マーク）: UTF-8 で保存してください',
  utf16_no_mark: 'UTF-16 のテキストのようです（0 または 1 バイト目が 0）: UTF-8 で保存してください',
  not_utf8: 'UTF-8 ではありません: {offset} バイト目に不正なバイト {byte} があります',
  unreadable: '読めません: {detail}',
  not_finite: '有限の数にしてください',
  out_of_range: '{min} から {max}{ unit} の間にしてください（入力: {value}）',
  not_positive: '0{ unit} より大きくしてください（入力: {value}）',
  above_max: '{max}{ unit} 以下にしてください（入力: {value}）',
  below_min: '{min}{ unit} 以上にしてください',
  below_floor: '{min}{ unit} 以上にしてください（入力: {value}）',
  below_floor_or_zero: '0 または {min}{ unit} 以上にしてください（入力: {value}）',
  not_in_open_closed: '({min}, {max}]{ unit} の範囲にしてください（入力: {value}）',
  not_in_open: '({min}, {max}) の範囲にしてください（入力: {value}）',
  not_in_closed: '[{min}, {max}] の範囲にしてください（入力: {value}）',
  integer_not_in_closed: '[{min}, {max}] の整数にしてください（入力: {value}）',
  not_fraction: '0 より大きく 1 以下にしてください（入力: {value}）',
  negative: '0 以上の数にしてください',
  negative_value: '0 以上の数にしてください（入力: {value}）',
  negative_time: '0{ unit} 以上にしてください（時間は負になりません。入力: {value}）',
  not_above_field: '{field}（{bound}）より大きくしてください（入力: {value}）',
  below_field: '{field}（{bound}）以上にしてください（入力: {value}）',
  not_below_field:
    '{field}（{bound}）より小さくしてください（入力: {value}）。このままでは RED の早期廃棄の範囲が空になります',
  not_exceeding_field: '{field}（{bound}）を超える値にしてください（入力: {value}）',
  not_after_field: '{field} より後にしてください',
  empty: '空にはできません',
  too_long: '{max} 文字以下にしてください',
  bad_id_chars: '使える文字は英数字と「-」「_」「.」だけです',
  duplicate_id: '{kind} ID「{id}」が重複しています',
  too_many: '{kind}は {max} 個までです',
  flow_listed_twice: 'フロー「{flow}」が 2 回挙げられています',
  flow_reserved_twice: 'フロー「{flow}」にはすでに予約があります',
  unknown_node: 'ノード「{node}」はありません',
  unknown_flow: 'フロー「{flow}」はありません',
  router_flow_end: '「{node}」はルータです。フローはホストの間を流れます',
  router_host_model: '「{node}」はルータです。端末ホストのモデルを持てるのはホストだけです',
  router_in_rule: '「{node}」はルータです。規則はフローの両端のホストに当てはめます',
  pattern_matches_no_host: '「{pattern}」に当てはまるホストがありません',
  bad_pattern: 'ノード ID か「*」を含むパターンを 1〜64 文字で書いてください',
  bad_pattern_chars: '使える文字は英数字と「-」「_」「.」、ワイルドカード「*」だけです',
  rule_shadowed:
    'cc_rules[{rule}] がこの規則の当てはまるフローをすべて先に取るので、この規則は使われません。並べ替えるか削除してください',
  same_src_dst:
    'src と違うノードにしてください（自分自身へのフローには "path": "loopback" のホストモデルが必要です）',
  no_path: '「{src}」から「{dst}」への経路がありません',
  same_link_ends: 'リンクは異なる 2 つのノードを結んでください',
  unsupported_version: 'このビルドが読めるのはバージョン {expected} です（入力: {value}）',
  too_many_samples: 'duration_s の間のサンプルが {max} 個を超えます。間隔を大きくしてください',
  start_after_end: '実行の終わり（{end} 秒）より前にしてください',
  jitter_after_end:
    'start_s + start_jitter_s が実行の終わり（{end} 秒）より前になるようにしてください（入力: {value} 秒）',
  too_many_events:
    'この実行は約 {events} 個のイベントになり、上限 {limit} を超えます。duration_s を {fits} 秒以下にするか、リンクのレートかフローの数を減らしてください',
  trace_too_large:
    'トレースが約 {values} 個の値になり、上限 {limit} を超えます。sample_interval_ms を大きくするか、duration_s を {fits} 秒以下にするか、リンクとフローを減らしてください',
  long_run: '長い実行です: 約 {events} 個のイベント（ブラウザでは 1 分以上かかることがあります）',
  large_trace: '大きなトレースです: 約 {values} 個の値（グラフに {megabytes} MB）',
  ssthresh_below_two: '2 セグメント以上にしてください（RFC 5681。入力: {value}）',
  mss_exceeds_mtu:
    '{mss} バイトとヘッダ {headers} バイトの合計が経路 MTU {mtu} バイトを超えます。{max} 以下にするか ip_fragmentation を設定してください',
  mtu_no_payload: '経路 MTU（{mtu} バイト）では TCP のペイロードが入りません',
  buffer_not_one_segment:
    '1 セグメント（{need} バイト）以上、4 GiB 以下にしてください（入力: {value}）',
  receiver_buffer_not_one_segment:
    'ヘッダ込みで 1 セグメント（{need} バイト）以上、4 GiB 以下にしてください（入力: {value}）',
  processing_rate_zero:
    '0 b/s より大きくしてください（何も処理しないプロセスは ACK を返しません。入力: {value}）',
  rack_needs_sack:
    'recovery を "sack" にしてください: RACK-TLP（RFC 8985）は SACK の情報で動きます',
  frto_needs_sack:
    'recovery を "sack" にしてください: このラボの F-RTO は SACK 版（RFC 5682 §3）です',
  ssthresh_newreno_only:
    '初期 ssthresh を使えるのは newreno だけです。削除するか cc を "newreno" にしてください',
  ssthresh_newreno_only_rule:
    '初期 ssthresh を使えるのは newreno だけです（cc_rules[{rule}] がこのフローに {cc} を選びます）。削除するか cc を "newreno" にしてください',
  port_zero: 'ポートは 1〜65535 にしてください（入力: 0）',
  rule_port_zero:
    'ポートは 1〜65535 にしてください（入力: 0。どのポートにも当てはめるなら範囲を省いてください）',
  switch_not_tcp:
    '輻輳制御を切り替えられるのは TCP のフローだけです。cc_switches を削除してください',
  switch_time:
    '[{start}, {end}) の範囲、つまりフローが始まって（start_s）から実行の終わりまでの間にしてください（入力: {value}）',
  loss_rate_range: '[0, 1) の範囲にしてください（入力: {value}）',
  switch_window: '[0.001, {max}] 秒の範囲（フローが流れる時間以下）にしてください（入力: {value}）',
  datagram_size:
    '1 から {max} バイトの間にしてください（経路 MTU から UDP/IP ヘッダ 28 バイトを引いた値まで。入力: {value}）',
  udp_on_off_needs_rate: 'UDP のオン/オフ送信には rate_bps が必要です',
  tcp_on_off_rate: 'TCP はウィンドウが許す限り送ります。rate_bps を削除してください',
  source_not_for_protocol:
    '{protocol} のフローでは {source} 送信は使えません。{allowed} のどれかにしてください',
  tick_range: '0 より大きく {max} ms 以下にしてください（入力: {value}）',
  tick_too_fine: '0.001 ms（1 µs）以上にしてください',
  jitter_with_tick:
    'timer_tick とは一緒に使えません: パケットが出る時刻はエミュレータのタイマーが決めます',
  rate_changes_with_trace: 'trace とは一緒に使えません: リンクが届ける時刻はトレースが決めます',
  nth_list_length: 'パケット番号を 1〜100000 個挙げてください',
  nth_from_one: 'パケット番号は 1 から数えます',
  gilbert_never_recovers:
    '0 より大きくしてください: r = 0 では最初の Bad 状態が終わらず、そこからリンクがすべてを失います',
  rate_change_zero:
    '0 b/s より大きくしてください（入力: {value}）。途絶には blackout 損失を使います',
  rate_change_order: '前の変更（{previous} 秒）より後にしてください（入力: {value}）',
  bad_trace: 'トレースを読めません: {detail}',
  limit_both: 'limit_packets か limit_bytes のどちらか一方だけにしてください',
  limit_neither: 'limit_packets か limit_bytes を指定してください',
  reservations_exceed_link:
    '予約の合計 {total} b/s がリンクの {rate} b/s 以上で、ベストエフォートに何も残りません',
  byte_limit_range: '1 MTU（{mtu} バイト）以上、10 GB 以下にしてください（入力: {value}）',
  bucket_below_mtu:
    'リンク MTU（{mtu} バイト）以上にしてください。そうでないと最大長のパケットが通れません（入力: {value}）',
  above_ten_gigabytes: '10 GB 以下にしてください（入力: {value}）',
  peak_burst_needs_rate: 'peak_rate_bps が必要です',
  bus_no_bandwidth:
    '0 b/s より大きくしてください（帯域のないバスやプロセッサは何も運びません。入力: {value}）',
  nic_buffer_below_mtu:
    'このホストの最大 MTU のパケット 1 つ（{need} バイト）以上にしてください（入力: {value}）',
  preset_nic_buffer_below_mtu:
    'プリセットの NIC バッファ（{buffer} バイト）ではこのホストの最大 MTU（{mtu} バイト）のパケットが入りません。nic_buffer_bytes を設定してください',
};

/** Words the simulator passes as parameters (units, kinds of element) in Japanese. */
const JA_WORDS: Record<string, string> = {
  bytes: 'バイト',
  packets: 'パケット',
  segments: 'セグメント',
  s: '秒',
  'minimum RTTs': '最小 RTT',
  node: 'ノード',
  link: 'リンク',
  flow: 'フロー',
  nodes: 'ノード',
  links: 'リンク',
  flows: 'フロー',
  rules: '規則',
  switches: '切り替え',
  'rate changes': 'レート変更',
};

/** Counts of a million and more in Japanese units (1.2億), as the English says "1.2 billion". */
const compact = new Intl.NumberFormat('ja', { notation: 'compact', maximumFractionDigits: 1 });

function jaValue(v: string | number): string {
  if (typeof v === 'number') return Math.abs(v) >= 1e6 ? compact.format(v) : String(v);
  return JA_WORDS[v] ?? v;
}

/** Fill a template: `{name}` → the parameter, `{ name}` → a space and it, or nothing. */
export function fillTemplate(
  template: string,
  params: Record<string, string | number | undefined>,
  show: (v: string | number) => string = String,
): string {
  return template.replace(/\{( ?)([a-z_]+)\}/g, (_, space: string, name: string) => {
    const v = params[name];
    return v === undefined ? '' : `${space}${show(v)}`;
  });
}

/** The error's sentence in `lang` (without its path). */
export function scenarioErrorText(e: FieldError, lang: string): string {
  if (lang === 'ja' && e.code) {
    const template = (JA_ERRORS as Record<string, string | undefined>)[e.code];
    if (template) return fillTemplate(template, e.params ?? {}, jaValue);
  }
  return e.message;
}
