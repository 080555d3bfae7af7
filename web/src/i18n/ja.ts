// Japanese UI strings: a translation of en.ts (the type makes sure nothing is missed). Model
// names (cwnd, ssthresh, CUBIC, RED, ...) and the validator's messages stay as they are.
import type { Strings } from './en';

export const ja: Strings = {
  appTitle: 'tcplab',
  appTagline:
    'ネットワークを組み立て、TCP を流し、各フロー・キュー・ホストの振る舞いを観察しましょう。',
  language: '言語',
  theme: { label: 'テーマ', light: 'ライト', dark: 'ダーク' },
  skipToPlots: 'グラフへ移動',
  footer:
    'Rust によるパケット単位の離散事象シミュレーションを WebAssembly にコンパイルし、Web Worker で実行しています。理論上限も同じモデルから計算しています。',
  wasmLoadFailed: 'シミュレータを読み込めませんでした:',
  renderFailed:
    'この部分を描画できませんでした。シナリオは保持されています。シナリオか表示をリセットできます。',
  resetScenario: '既定のシナリオに戻す',

  editor: {
    heading: 'シナリオ',
    preset: 'プリセット',
    custom: 'カスタム(編集済み)',
    compare: 'A/B 比較',
    stopCompare: '比較をやめる',
    variantTabs: '編集するシナリオ',
    variant: (v: string) => `シナリオ ${v}`,
    compareHint:
      'B は同じシードの A の複製から始まります。B を一か所だけ変えて実行すると、両方が走りグラフに重ねて表示されます(A は実線、B は破線)。',
    differences: (n: number) =>
      n === 0 ? 'B はまだ A と同じです。' : `B は A と ${n} か所異なります:`,
    importJson: 'シナリオ JSON を開く…',
    importFailed: 'このファイルはシナリオ JSON ではありません:',
    notScenario: 'topology.nodes・topology.links・flows(それぞれ id 付き)が必要です。',
    shareLink: 'リンクをコピー',
    linkCopied: 'コピーしました',
  },

  topology: {
    heading: 'ネットワーク',
    diagramLabel: 'トポロジー図。ノードかリンクを選ぶと編集できます。',
    addHost: '+ ホスト',
    addRouter: '+ ルータ',
    addLink: '+ リンク',
    linkFrom: '始点',
    linkTo: '終点',
    addLinkConfirm: 'リンクを追加',
    cancel: 'キャンセル',
    remove: '削除',
    removeNode: (id: string) => `${id} を削除(リンクとフローも)`,
    removeLink: (id: string) => `リンク ${id} を削除`,
    nodeButton: (kind: string, id: string) => `${kind} ${id}`,
    linkButton: (id: string, a: string, b: string, shown: string) =>
      `リンク ${id}(${a}–${b}): ${shown}`,
    host: 'ホスト',
    router: 'ルータ',
    hasErrors: '問題あり',
    nothingSelected: '図のノードかリンクを選ぶと、ここで編集できます。',
  },

  link: {
    heading: (id: string) => `リンク ${id}`,
    ends: (a: string, b: string) => `${a} ↔ ${b}`,
    rate: '帯域',
    delay: '片道遅延',
    mtu: 'MTU',
    jitter: 'ジッタ',
    loss: '回線上の損失',
    lossNone: 'なし',
    queue: 'キュー管理方式',
    queueParams: 'キューのパラメータ',
    reverseRate: '帯域 b → a',
    reverseHint: '空欄: a → b と同じ',
    defaultHint: '空欄: 既定値',
  },

  node: {
    heading: (id: string) => `ノード ${id}`,
    kind: '種類',
    routerNote: 'ルータはパケットを転送します。キューは接続するリンク側で設定します。',
    hostModel: '端末ホストのモデル',
    hostModelHint:
      '受信ホスト自身の処理(バス、メモリコピー、パケットごとの処理時間)が TCP を制限することがあります。「ideal」はコストなしです。',
    offload: 'オフロード(TOE)',
    offloadPreset: 'プリセットのまま',
    on: 'オン',
    off: 'オフ',
    advanced: 'ホストのパラメータ',
  },

  flows: {
    heading: 'フロー',
    add: '+ フロー',
    id: 'フロー',
    src: '送信元',
    dst: '宛先',
    algorithm: 'プロトコル',
    start: '開始 (s)',
    size: 'サイズ (B)',
    sizeHint: '空欄: 送り続ける(バルク)',
    udpRate: 'UDP の送信源',
    details: (id: string) => `${id} の設定`,
    duplicate: (id: string) => `${id} を複製`,
    remove: (id: string) => `${id} を削除`,
    none: 'フローがありません。観察するにはフローを追加してください。',
    source: 'アプリケーション(送信源)',
    tcpOptions: 'TCP オプション',
    ccParams: (cc: string) => `${cc} のパラメータ`,
    udp: 'UDP',
  },

  runSettings: {
    heading: '実行',
    seed: 'シード',
    seedHint: '同じシードなら、どのコンピュータでも同じ結果',
    duration: '時間',
    sampleInterval: 'サンプル間隔',
  },

  errors: {
    summary: (n: number) => `実行する前に直すべき問題が ${n} 件あります:`,
    goTo: '表示',
    inVariant: (v: string) => `(シナリオ ${v})`,
    place: {
      link: (id: string) => `リンク ${id}`,
      node: (id: string) => `ノード ${id}`,
      flow: (id: string) => `フロー ${id}`,
      run: '実行設定',
      other: 'シナリオ',
    },
  },

  localErrors: {
    empty: '数値を入力してください。',
    notNumber: '数値ではありません。',
    notInteger: '整数を入力してください。',
    negative: '負の値は使えません。',
  },

  run: {
    run: '実行',
    runBoth: 'A と B を実行',
    pause: '一時停止',
    resume: '再開',
    step: 'ステップ',
    stepHint: 'シミュレーション時間を 100 ms 進める',
    reset: 'リセット',
    speed: '速度',
    speedMax: '最高速',
    speedTimes: (x: number) => `実時間の ${x} 倍`,
    seek: 'シミュレーション時刻',
    seekHint: 'ドラッグまたは矢印キーで移動。前の時刻へは最初から決定的に再実行して戻ります。',
    status: {
      idle: '準備完了',
      loading: '読み込み中',
      running: '実行中',
      paused: '一時停止中',
      seeking: '移動中',
      done: '完了',
      failed: '失敗',
      cancelled: '停止',
    },
    simTime: (now: string, end: string) => `${end} 秒中 ${now} 秒を計算済み`,
    eventsPerSecond: (rate: string) => `${rate} イベント/秒`,
    events: (n: string) => `${n} イベント`,
    failed: '実行に失敗しました。シナリオはそのままです。問題を直して再実行してください。',
    blocked: 'シナリオの問題を直すと実行できます。',
    stop: '停止',
    stopHint: '実行をすぐに止めます。それまでの計算結果はグラフに残ります',
    stopped: '停止しました。グラフは停止した時点までの結果です。「実行」で最初からやり直せます。',
    longRun: (events: string, mb: string) =>
      `長い実行です: 約 ${events} イベント、トレース ${mb} MB。時間がかかることがあります。「停止」でいつでも止められます。`,
    tooBig: 'ブラウザで実行するには大きすぎます:',
    crashed:
      'シミュレータがクラッシュしました。これは tcplab の不具合で、シナリオの誤りではありません。シナリオはそのままです。',
    copyReport: '不具合報告をコピー',
    reportCopied:
      '不具合報告 (シナリオ、エラー、バージョン) をコピーしました。issue に貼り付けてください。',
    reportFallback:
      'ここではクリップボードを使えません。次の不具合報告を選択してコピーしてください:',
    traceHash: 'トレースのハッシュ',
    variantLabel: (v: string) => `実行 ${v}`,
  },

  story: {
    heading: '何が起きたか',
    running: '実行中です。グラフは進行に合わせて描かれ、終了するとここに結果が文章で表示されます。',
    idle: '「実行」を押してください。シミュレーションの進行に合わせてグラフが描かれ、ここに結果が文章で表示されます。',
    flow: (id: string, algo: string, rate: string) => `${id}(${algo})の平均は ${rate}`,
    ofBound: (pct: string, bound: string, value: string) => `で、${bound}の上限(${value})の ${pct}`,
    losses: (retx: string, timeouts: string) =>
      `。再送 ${retx} セグメント、タイムアウト ${timeouts} 回。`,
    udp: (sent: string, received: string) =>
      `。${sent} 個中 ${received} 個のデータグラムが届きました。`,
    completed: (s: string) => ` ${s} 秒で完了しました。`,
    jain: (j: string) => `フロー間の Jain の公平性指標: ${j}(1 は完全に均等)。`,
    busiest: (link: string, util: string, delay: string, drops: string) =>
      `最も混んだリンク方向 ${link} の使用率は ${util}。キューでの平均待ち時間は ${delay} ms、廃棄は ${drops} パケットでした。`,
    hostOverruns: (host: string, n: string) =>
      `ホスト ${host} の NIC バッファが ${n} 回あふれました。`,
  },

  plot: {
    time: '時刻 (s)',
    empty: '「実行」を押すとグラフが描かれます。',
    exportPng: 'PNG',
    exportSvg: 'SVG',
    exportLabel: (what: string, title: string) => `${title} を ${what} で保存`,
    legend: '系列(クリックで表示/非表示)',
    zoomHint:
      'Ctrl + ホイールまたは +/− で拡大縮小、ドラッグまたは Shift + ←/→ で移動、←/→ でカーソル、ダブルクリックまたは 0 で全体表示。時刻カーソルはすべてのグラフで共通です。',
    resetZoom: '全体',
    at: (t: string) => `t = ${t} s`,
    help: '見どころ',
    variantB: ' (B)',
  },

  cwnd: {
    title: '輻輳ウィンドウ',
    yLabel: 'セグメント',
    cwnd: 'cwnd',
    ssthresh: 'ssthresh',
    loss: '再送',
    timeout: 'タイムアウト',
    switchTo: (cc: string) => `${cc} に切り替え`,
    help: 'cwnd は送信側が同時に送ってよいセグメント数です。損失ベースのアルゴリズムはキューがあふれるまで増やし、あふれると減らします(のこぎり波)。三角は再送、× はタイムアウト、丸は途中でのアルゴリズム切り替え、点線の ssthresh はスロースタートの終わる値です。',
  },

  throughput: {
    title: 'スループットと理論上限',
    yLabel: 'Mb/s',
    goodput: 'グッドプット',
    smoothing: '平均区間',
    auto: (s: string) => `自動 (${s} s)`,
    help: 'グッドプットは順序どおり届いたペイロードの毎秒量です。破線はシミュレータが計算したこのフローの理論上限です。リンクを超えることはなく、損失があれば Mathis や PFTK、遅いホストでは論文 000 の上限に制限されます。',
    bounds: {
      link_bps: 'リンク容量',
      fair_share_bps: 'max-min 公平配分',
      window_bps: 'ウィンドウ ÷ RTT',
      mathis_bps: 'Mathis',
      pftk_bps: 'PFTK',
      host_bound_bps: 'ホスト上限(論文 000)',
      receiver_capacity_bps: '受信側の処理能力',
    },
    readoutHeading: '測定値と上限',
    measured: '測定値',
    tightest: '最も厳しい上限',
    ratio: '測定値 ÷ 上限',
    noLimit: '制限なし',
    fairShareNote:
      'max-min 公平配分は、経路上のすべてのリンクを完全に公平に分け合ったときの各フローの取り分です(漸進的充填法、フロー開始ごとに段階的に変化)。上限ではなく目安です。他のフローが使い切らなければ、これを超えることがあります。',
  },

  queue: {
    title: 'キュー',
    lengthLabel: 'キュー内のパケット',
    sojournLabel: '滞在時間 (ms)',
    lengthTitle: 'キュー長',
    sojournTitle: 'キューでの滞在時間',
    help: 'パケットが一度でも待たされたリンク方向だけを表示します。居座るキューはスループットを増やさずに遅延だけを増やします(バッファブロート)。CoDel や RED などの AQM は早めに廃棄してキューを短く保ちます。',
    none: 'まだキューはできていません。',
  },

  rtt: {
    title: 'ラウンドトリップ時間',
    yLabel: 'ms',
    srtt: '平滑化 RTT',
    base: '基本 RTT',
    help: '送信側が測る平滑化 RTT です。基本 RTT(点線。伝搬と送出の時間だけ)との差がキューで待った時間です。',
  },

  fairness: {
    title: '公平性',
    jainLabel: 'Jain の指標',
    overFlows: 'フロー間',
    overGroups: 'アルゴリズムのグループ間',
    window: (s: string) => `グッドプットは ${s} 秒間の平均`,
    barsTitle: 'フローごとのスループット',
    barsLabel: 'Mb/s',
    equalShare: '合計の均等割り',
    fairTick:
      '破線は実測合計を均等に割った値(Jain 指数の比較対象)、各棒の黒い目盛りはモデルが計算したそのフローの max-min 公平配分です。',
    help: 'Jain の指標は (Σx)² / (n·Σx²) で、全フローが同じなら 1、1 本が独占すると 1/n です。「グループ間」は各アルゴリズムの平均レートを比べるので、たとえば CUBIC が NewReno に勝つかどうかが分かります。',
    needTwo: '公平性を見るには 2 本以上のフローが必要です。',
  },

  ccInternals: {
    title: 'アルゴリズムの内部状態',
    flow: 'フロー',
    none: 'このフローのアルゴリズムは内部状態を出力しません。',
    help: '輻輳制御が何を考えているか: CUBIC の W_max と K、Compound の遅延ウィンドウ、BBR の帯域・最小 RTT・状態、Vegas の Diff など。単位は名前の後ろに示します。',
    metrics: {
      'cc.w_max': 'W_max (セグメント)',
      'cc.k': 'K (s)',
      'cc.delay_window': '遅延ウィンドウ dwnd (セグメント)',
      'cc.loss_window': '損失ウィンドウ (セグメント)',
      'cc.btl_bw': 'ボトルネック帯域 (b/s)',
      'cc.min_rtt': '最小 RTT (s)',
      'cc.mode': '状態',
      'cc.pacing_gain': 'ペーシング利得',
      'cc.diff': 'Diff (パケット)',
    },
  },

  qdisc: {
    title: 'キュー管理の内部状態',
    none: 'この実行ではキュー管理方式が内部状態を出力していません。モデルが出力するようになれば(RED の平均キュー長と廃棄確率、CoDel の状態と次の廃棄時刻、ヘビーフロー、WFQ の仮想時刻、トークン量)、ここに表示されます。',
    help: 'AQM が判断に使う状態です。RED は平均キュー長に応じた確率で廃棄し、CoDel はパケットの待ち時間が目標値を一定時間超え続けたときに廃棄します。',
  },

  hostPanel: {
    title: 'ホストの処理経路',
    none: 'この実行のホストはすべて ideal(コストなし)です。受信ホストにホストモデル(例: p4_pci)を選ぶと、バス・メモリ・CPU の働きが見られます。',
    utilisation: '使用率',
    passage: '通過時間 d (µs)',
    nicBuffer: 'NIC バッファ (バイト)',
    overruns: 'NIC オーバーラン',
    bwEstimate: '帯域推定値 (b/s)',
    offload: (host: string, state: string) => `${host}: オフロード ${state}`,
    help: '論文 000 の受信側: 各パケットは NIC、I/O バス(DMA)、メモリバス(コピーとチェックサム)を通り、CPU に一定時間 t_L かかります。通過時間 d がホストのレート MTU/d を決め、オフロードは処理を NIC に移します。',
  },

  sweep: {
    tab: 'スイープ',
    plotsTab: 'グラフ',
    heading: 'パラメータのスイープ',
    param: 'パラメータ',
    params: {
      mtu: 'MTU (バイト)',
      rtt: '基本 RTT (ms)',
      buffer: 'バッファ (パケット)',
      loss: '損失確率',
      rate: 'リンク帯域 (Mb/s)',
      flows: 'フロー数',
      algorithm: 'アルゴリズム',
    },
    from: '最小',
    to: '最大',
    points: '点数',
    log: '対数間隔',
    link: 'リンク',
    flow: 'フロー',
    algorithms: 'アルゴリズム',
    metric: '測定量',
    metrics: {
      goodput: 'フローのグッドプット',
      totalGoodput: '合計グッドプット',
      jain: 'Jain の指標',
      utilisation: 'リンク使用率 (a → b)',
      retransmits: 'フローの再送セグメント数',
    },
    run: 'スイープを実行',
    cancel: '中止',
    progress: (done: number, total: number, workers: number) =>
      `${total} 回中 ${done} 回完了(ワーカー ${workers} 個)`,
    measured: 'シミュレーション',
    offloadOn: 'ホスト上限(オフロードあり)',
    offloadOff: 'ホスト上限(オフロードなし)',
    resultTitle: (y: string, x: string) => `${x} に対する${y}`,
    failedPoint: (x: string, message: string) => `${x} での実行に失敗しました: ${message}`,
    help: '各点はパラメータを一つ変えただけの完全な実行です(シードは同じ)。実行はコアごとに一つの Web Worker に分散されます。破線は各点でシミュレータが計算した理論上限です。',
    csv: '結果を保存 (CSV)',
    empty: 'パラメータと範囲を選んでスイープを実行してください。',
    needsRtt: 'このシナリオの往復時間を求められませんでした。',
  },

  share: {
    copy: 'リンクをコピー',
    copied: 'リンクをコピーしました。このシナリオ、シード、表示が開きます。',
    fallback: 'ここではクリップボードを使えません。リンクを選択してコピーしてください:',
    field: 'この実験へのリンク',
    failed: 'このリンクは開けなかったため、既定のシナリオを表示しています。',
    invalid: 'このリンクのシナリオには問題があるため、既定のシナリオを表示しています:',
    openAnyway: 'それでも開いて直す',
    dismiss: '閉じる',
    restored: (when: string) => `${when} の未保存のシナリオを復元しました。`,
    offer: (when: string) =>
      `${when} の未保存のシナリオがあります。このページではリンクのシナリオに置き換わりましたが、選ぶまで保管されます。`,
    restore: '未保存のシナリオを復元',
    discard: '破棄する',
    plotsShown: '表示するグラフ',
    plotNames: {
      cwnd: 'cwnd',
      goodput: 'グッドプット',
      queue: 'キュー',
      rtt: 'RTT',
      fairness: '公平性',
      cc: 'アルゴリズム内部',
      qdisc: 'キュー内部',
      host: 'ホストのパイプライン',
    },
    problems: {
      format: 'tcplab のリンクではありません',
      version: '新しいバージョンの tcplab で作られたリンクです',
      tooLong: '長すぎます',
      encoding: '壊れているか途中で切れています',
      tooLarge: '展開すると大きすぎます',
      json: '内容が正しい JSON ではありません',
      tooDeep: '内容の入れ子が深すぎます',
      content: '内容がシナリオではありません',
    },
  },

  exports: {
    heading: '書き出し',
    csv: 'トレース (CSV)',
    json: 'トレース (JSON)',
    scenario: 'シナリオ (JSON)',
    pcap: 'パケット (pcap)',
    pcapFlow: 'キャプチャするフロー',
    pcapAt: 'キャプチャ位置',
    atSender: '送信側で',
    atReceiver: '受信側で',
    pcapCancel: 'キャプチャを中止',
    pcapBusy: 'パケットキャプチャを有効にしてシナリオを再実行しています…',
    pcapDone: (n: string, cutAtS: string | null) =>
      cutAtS === null
        ? `${n} パケットを書き出しました。`
        : `${n} パケットを書き出しました。ファイルサイズの上限のため ${cutAtS} s で打ち切っています。`,
    pcapFailed: (m: string) => `キャプチャに失敗しました: ${m}`,
    noRun: '先にシナリオを実行してください。',
    ofVariant: (v: string) => ` (${v})`,
  },

  presets: {
    single: {
      title: '単一ボトルネック',
      text: '帯域 20 Mb/s、バッファが BDP の半分のボトルネックを NewReno が 1 本流れる、典型的なのこぎり波。',
    },
    dumbbell: {
      title: 'ダンベル: NewReno と CUBIC',
      text: '2 本のフローが一つのボトルネックを共有し、CUBIC は 5 秒後に参加。どちらが多く取るでしょう?',
    },
    rttUnfair: {
      title: 'RTT の不公平',
      text: '往復時間が大きく違う 2 本の NewReno がリンクを共有します。短い方が勝ちます。',
    },
    bbrVsCubic: {
      title: 'BBR 対 CUBIC',
      text: '深いバッファで、モデルベースのフローと損失ベースのフローが競います。',
    },
    codel: {
      title: 'ボトルネックに CoDel',
      text: '同じ 2 本の CUBIC ですが、ルータのキューは長く待ったパケットを廃棄します。',
    },
    redTwoFlows: {
      title: 'RED',
      text: 'RED(ランダム早期検出)はバッファが満杯になる前に廃棄します。',
    },
    parkingLot: {
      title: 'パーキングロット',
      text: '長いフローが二つのボトルネックを通り、それぞれで短いクロスフローと共有します。',
    },
    udpAndTcp: {
      title: 'TCP と UDP',
      text: '10 秒に一定レート 8 Mb/s の UDP が始まり、TCP が場所を空けます。',
    },
    lossyLink: {
      title: 'ランダム損失',
      text: 'ボトルネックで 1000 個に 1 個のパケットが失われます。グッドプットを Mathis と PFTK の上限と比べましょう。',
    },
    lanHost: {
      title: 'ギガビット LAN、遅い受信ホスト',
      text: '論文 000: ネットワークではなく受信ホストが TCP を制限します。MTU をスイープして上限を確かめましょう。',
    },
  },
};
