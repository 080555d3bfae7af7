// English UI strings. Every string the page shows lives here; ja.ts translates this object and
// the type checker makes sure it translates all of it.

export const en = {
  appTitle: 'tcplab',
  appTagline: 'Build a network, run TCP over it, and watch what every flow, queue and host does.',
  language: 'Language',
  theme: { label: 'Theme', light: 'Light', dark: 'Dark' },
  skipToPlots: 'Skip to the plots',
  footer:
    'Packet-level discrete-event simulation in Rust, compiled to WebAssembly and run in Web Workers. The analytic bounds come from the same model.',
  wasmLoadFailed: 'Could not load the simulator:',
  renderFailed:
    'This part of the page failed to draw. Your scenario is kept; you can reset it or this view.',
  resetScenario: 'Back to the default scenario',

  editor: {
    heading: 'Scenario',
    preset: 'Preset',
    custom: 'Custom (edited)',
    compare: 'Compare A/B',
    stopCompare: 'Stop comparing',
    variantTabs: 'Which scenario to edit',
    variant: (v: string) => `Scenario ${v}`,
    compareHint:
      'B starts as a copy of A with the same seed. Change one thing in B, then Run: both run and the plots overlay them (A solid, B dashed).',
    differences: (n: number) =>
      n === 0
        ? 'B is the same as A so far.'
        : `B differs from A in ${n} place${n === 1 ? '' : 's'}:`,
    importJson: 'Open scenario JSON…',
    importFailed: 'That file is not a scenario JSON:',
    notScenario: 'it needs topology.nodes, topology.links and flows, each with ids.',
    shareLink: 'Copy link',
    linkCopied: 'Link copied',
  },

  topology: {
    heading: 'Network',
    diagramLabel: 'Topology diagram. Select a node or a link to edit it.',
    addHost: '+ Host',
    addRouter: '+ Router',
    addLink: '+ Link',
    linkFrom: 'From',
    linkTo: 'To',
    addLinkConfirm: 'Add link',
    cancel: 'Cancel',
    remove: 'Remove',
    removeNode: (id: string) => `Remove ${id} (and its links and flows)`,
    removeLink: (id: string) => `Remove link ${id}`,
    nodeButton: (kind: string, id: string) => `${kind} ${id}`,
    linkButton: (id: string, a: string, b: string, shown: string) =>
      `link ${id} (${a}–${b}): ${shown}`,
    host: 'host',
    router: 'router',
    hasErrors: 'has problems',
    nothingSelected: 'Select a node or link in the diagram to edit it.',
  },

  link: {
    heading: (id: string) => `Link ${id}`,
    ends: (a: string, b: string) => `${a} ↔ ${b}`,
    rate: 'Rate',
    delay: 'One-way delay',
    mtu: 'MTU',
    jitter: 'Jitter',
    loss: 'Loss on the wire',
    lossNone: 'none',
    queue: 'Queue discipline',
    queueParams: 'Queue parameters',
    reverseRate: 'Rate b → a',
    reverseHint: 'Empty: same as a → b',
    defaultHint: 'Empty: the default',
  },

  node: {
    heading: (id: string) => `Node ${id}`,
    kind: 'Kind',
    routerNote: 'A router forwards packets; its queues are set on its links.',
    hostModel: 'End-host model',
    hostModelHint:
      'The receiving host’s own work (bus, memory copies, per-packet cost) can limit TCP. “ideal” costs nothing.',
    offload: 'Offload (TOE)',
    offloadPreset: 'as the preset',
    on: 'on',
    off: 'off',
    advanced: 'Host parameters',
  },

  flows: {
    heading: 'Flows',
    add: '+ Flow',
    id: 'Flow',
    src: 'From',
    dst: 'To',
    algorithm: 'Protocol',
    start: 'Start (s)',
    size: 'Size (B)',
    sizeHint: 'Empty: send forever (bulk)',
    udpRate: 'UDP source',
    details: (id: string) => `Settings of ${id}`,
    duplicate: (id: string) => `Duplicate ${id}`,
    remove: (id: string) => `Remove ${id}`,
    none: 'No flows yet: add one to have something to watch.',
    source: 'Application (source)',
    tcpOptions: 'TCP options',
    ccParams: (cc: string) => `${cc} parameters`,
    udp: 'UDP',
  },

  runSettings: {
    heading: 'Run',
    seed: 'Seed',
    seedHint: 'Same seed, same run, on every computer',
    duration: 'Duration',
    sampleInterval: 'Sample every',
  },

  errors: {
    summary: (n: number) => `${n} problem${n === 1 ? '' : 's'} to fix before running:`,
    goTo: 'Show',
    inVariant: (v: string) => `(scenario ${v})`,
    place: {
      link: (id: string) => `Link ${id}`,
      node: (id: string) => `Node ${id}`,
      flow: (id: string) => `Flow ${id}`,
      run: 'Run settings',
      other: 'Scenario',
    },
  },

  localErrors: {
    empty: 'Enter a number.',
    notNumber: 'This is not a number.',
    notInteger: 'Use a whole number.',
    negative: 'Must not be negative.',
  } as Record<string, string>,

  run: {
    run: 'Run',
    runBoth: 'Run A and B',
    pause: 'Pause',
    resume: 'Resume',
    step: 'Step',
    stepHint: 'Advance 100 ms of simulated time',
    reset: 'Reset',
    speed: 'Speed',
    speedMax: 'as fast as possible',
    speedTimes: (x: number) => `${x}× real time`,
    seek: 'Simulated time',
    seekHint:
      'Drag or use the arrow keys: earlier times are re-run from the start, deterministically.',
    status: {
      idle: 'ready',
      loading: 'loading',
      running: 'running',
      paused: 'paused',
      seeking: 'seeking',
      done: 'done',
      failed: 'failed',
      cancelled: 'stopped',
    } as Record<string, string>,
    simTime: (now: string, end: string) => `${now} s of ${end} s simulated`,
    eventsPerSecond: (rate: string) => `${rate} events/s`,
    events: (n: string) => `${n} events`,
    failed: 'The run failed. Your scenario is unchanged; fix the problem and run again.',
    blocked: 'Fix the problems in the scenario to run it.',
    stop: 'Stop',
    stopHint: 'Stop the run now; the plots keep what it computed so far',
    stopped:
      'Stopped. The plots show the run up to the moment it was stopped; Run starts it again.',
    longRun: (events: string, mb: string) =>
      `A long run: about ${events} events and ${mb} MB of trace. It may take a while; Stop ends it at any time.`,
    tooBig: 'Too big to run in the browser:',
    crashed:
      'The simulator crashed. This is a bug in tcplab, not a mistake in your scenario, which is unchanged.',
    copyReport: 'Copy a bug report',
    reportCopied: 'Bug report copied (scenario, error and version): paste it into an issue.',
    reportFallback: 'The clipboard is not available here. Select this bug report and copy it:',
    traceHash: 'Trace hash',
    variantLabel: (v: string) => `Run ${v}`,
  },

  story: {
    heading: 'What happened',
    running:
      'The run is going: the plots fill in as it streams, and the story in numbers appears here when it ends.',
    idle: 'Press Run. The plots fill in as the simulation streams; this panel then tells the story in numbers.',
    flow: (id: string, algo: string, rate: string) => `${id} (${algo}) averaged ${rate}`,
    ofBound: (pct: string, bound: string, value: string) =>
      `, ${pct} of its ${bound} bound (${value})`,
    losses: (retx: string, timeouts: string) =>
      `; ${retx} segments were retransmitted and ${timeouts} timeouts fired.`,
    udp: (sent: string, received: string) => `; ${received} of ${sent} datagrams arrived.`,
    completed: (s: string) => ` It finished in ${s} s.`,
    jain: (j: string) => `Jain’s fairness index over the flows: ${j} (1 means equal shares).`,
    busiest: (link: string, util: string, delay: string, drops: string) =>
      `The busiest link direction, ${link}, was busy ${util} of the time; packets waited ${delay} ms in its queue on average and ${drops} were dropped.`,
    hostOverruns: (host: string, n: string) => `Host ${host}’s NIC buffer overflowed ${n} times.`,
  },

  plot: {
    time: 'time (s)',
    empty: 'Press Run to fill this plot.',
    exportPng: 'PNG',
    exportSvg: 'SVG',
    exportLabel: (what: string, title: string) => `Download ${title} as ${what}`,
    legend: 'Series (click to show or hide)',
    zoomHint:
      'Ctrl + wheel or +/− to zoom, drag or Shift + ←/→ to pan, ←/→ to move the cursor, double-click or 0 to see everything. The time cursor is shared by every plot.',
    resetZoom: 'Whole run',
    at: (t: string) => `t = ${t} s`,
    help: 'What to look for',
    variantB: ' (B)',
  },

  cwnd: {
    title: 'Congestion window',
    yLabel: 'segments',
    cwnd: 'cwnd',
    ssthresh: 'ssthresh',
    loss: 'retransmission',
    timeout: 'timeout',
    switchTo: (cc: string) => `switch to ${cc}`,
    help: 'cwnd is how many segments the sender may have in flight. Loss-based algorithms grow it until the queue overflows, then cut it: the sawtooth. Triangles mark retransmissions, crosses mark timeouts, dots mark a mid-flow switch of algorithm; ssthresh (dashed) is where slow start ends.',
  },

  throughput: {
    title: 'Throughput and its bounds',
    yLabel: 'Mb/s',
    goodput: 'goodput',
    smoothing: 'Average over',
    auto: (s: string) => `auto (${s} s)`,
    help: 'Goodput is the payload delivered in order per second. The dashed lines are the simulator’s analytic upper bounds for the flow: no flow can beat the link; loss limits it to Mathis or PFTK; a slow host limits it to paper 000’s bound.',
    bounds: {
      link_bps: 'link capacity',
      fair_share_bps: 'max-min fair share',
      window_bps: 'window ÷ RTT',
      mathis_bps: 'Mathis',
      pftk_bps: 'PFTK',
      host_bound_bps: 'host bound (paper 000)',
      receiver_capacity_bps: 'receiver capacity',
    } as Record<string, string>,
    readoutHeading: 'Measured against bound',
    measured: 'measured',
    tightest: 'tightest bound',
    ratio: 'measured ÷ bound',
    noLimit: 'no limit',
    fairShareNote:
      'The max-min fair share is what each flow gets when every link on its path is shared perfectly (progressive filling, with a step at every flow start). It is a reference, not a bound: a flow may exceed it when others take less.',
  },

  queue: {
    title: 'Queues',
    lengthLabel: 'packets queued',
    sojournLabel: 'sojourn (ms)',
    lengthTitle: 'Queue length',
    sojournTitle: 'Time spent in the queue',
    help: 'Only link directions where packets ever waited are shown. A standing queue adds delay without adding throughput (bufferbloat); AQMs such as CoDel and RED keep it short by dropping early.',
    none: 'No queue has formed yet.',
  },

  rtt: {
    title: 'Round-trip time',
    yLabel: 'ms',
    srtt: 'smoothed RTT',
    base: 'base RTT',
    help: 'The smoothed RTT the sender measures. The gap above the base RTT (dotted, propagation and serialisation only) is time spent in queues.',
  },

  fairness: {
    title: 'Fairness',
    jainLabel: 'Jain’s index',
    overFlows: 'over flows',
    overGroups: 'over algorithm groups',
    window: (s: string) => `goodput averaged over ${s} s`,
    barsTitle: 'Throughput per flow',
    barsLabel: 'Mb/s',
    equalShare: 'equal split of the total',
    fairTick:
      'The dashed line splits the measured total equally (what Jain’s index compares with); the black tick on each bar is the model’s max-min fair share for that flow.',
    help: 'Jain’s index is (Σx)² / (n·Σx²): 1 when every flow gets the same, 1/n when one flow takes everything. “Algorithm groups” compares the mean rate of each algorithm, so you can see whether CUBIC beats NewReno as a class.',
    needTwo: 'Fairness needs at least two flows.',
  },

  ccInternals: {
    title: 'Algorithm internals',
    flow: 'Flow',
    none: 'This flow’s algorithm reports no internals.',
    help: 'What the congestion controller is thinking: CUBIC’s W_max and K, Compound’s delay window, BBR’s bandwidth, min RTT and state, Vegas’ Diff, and more. Units follow the names.',
    metrics: {
      'cc.w_max': 'W_max (segments)',
      'cc.k': 'K (s)',
      'cc.delay_window': 'delay window dwnd (segments)',
      'cc.loss_window': 'loss window (segments)',
      'cc.btl_bw': 'bottleneck bandwidth (b/s)',
      'cc.min_rtt': 'min RTT (s)',
      'cc.mode': 'state',
      'cc.pacing_gain': 'pacing gain',
      'cc.diff': 'Diff (packets)',
    } as Record<string, string>,
  },

  qdisc: {
    title: 'Queue internals',
    none: 'The queue disciplines report no internals in this run. When the model reports them (RED’s average and drop probability, CoDel’s state and next drop, the heavy flow, WFQ’s virtual time, the token level), they appear here.',
    help: 'The state an active queue manager decides with. RED drops with a probability that grows with the average queue; CoDel drops when packets have waited longer than its target for a whole interval.',
  },

  hostPanel: {
    title: 'Host pipeline',
    none: 'Every host in this run is ideal (no cost). Choose a host model (for example p4_pci) on a receiving host to see its bus, memory and CPU at work.',
    utilisation: 'utilisation',
    passage: 'passage time d (µs)',
    nicBuffer: 'NIC buffer (bytes)',
    overruns: 'NIC overruns',
    bwEstimate: 'bandwidth estimate (b/s)',
    offload: (host: string, state: string) => `${host}: offload ${state}`,
    help: 'Paper 000’s receiver: each packet crosses the NIC, the I/O bus (DMA) and the memory bus (copy and checksum) and costs the CPU a fixed t_L. The passage time d sets the host’s rate MTU/d; offload moves work onto the NIC.',
  },

  sweep: {
    tab: 'Sweep',
    plotsTab: 'Plots',
    heading: 'Sweep a parameter',
    param: 'Parameter',
    params: {
      mtu: 'MTU (bytes)',
      rtt: 'base RTT (ms)',
      buffer: 'buffer (packets)',
      loss: 'loss probability',
      rate: 'link rate (Mb/s)',
      flows: 'number of flows',
      algorithm: 'algorithm',
    } as Record<string, string>,
    from: 'From',
    to: 'To',
    points: 'Points',
    log: 'log spacing',
    link: 'Link',
    flow: 'Flow',
    algorithms: 'Algorithms',
    metric: 'Measure',
    metrics: {
      goodput: 'goodput of the flow',
      totalGoodput: 'total goodput',
      jain: 'Jain’s index',
      utilisation: 'utilisation of the link (a → b)',
      retransmits: 'retransmitted segments of the flow',
    } as Record<string, string>,
    run: 'Run sweep',
    cancel: 'Cancel',
    progress: (done: number, total: number, workers: number) =>
      `${done} of ${total} runs done, on ${workers} worker${workers === 1 ? '' : 's'}`,
    measured: 'simulated',
    offloadOn: 'host bound, offload on',
    offloadOff: 'host bound, offload off',
    resultTitle: (y: string, x: string) => `${y} against ${x}`,
    failedPoint: (x: string, message: string) => `The run at ${x} failed: ${message}`,
    help: 'Each point is a full run of the scenario with one parameter changed, same seed. Runs are spread over Web Workers, one per core. Dashed lines are the simulator’s analytic bounds at each point.',
    csv: 'Download results (CSV)',
    empty: 'Choose a parameter and a range, then run the sweep.',
    needsRtt: 'Could not work out the round trip of this scenario.',
  },

  share: {
    copy: 'Copy link',
    copied: 'Link copied: it opens this scenario, seed and view.',
    fallback: 'The clipboard is not available here. Select the link and copy it:',
    field: 'Link to this experiment',
    failed: 'This link could not be opened, so the page shows the default scenario.',
    invalid: 'The scenario in this link has problems, so the page shows the default scenario:',
    openAnyway: 'Open it anyway to fix it',
    dismiss: 'Dismiss',
    restored: (when: string) => `Your unsaved scenario from ${when} was restored.`,
    offer: (when: string) =>
      `You have an unsaved scenario from ${when}. The link replaced it on this page; it is kept until you choose.`,
    restore: 'Restore your unsaved scenario',
    discard: 'Discard it',
    plotsShown: 'Plots shown',
    plotNames: {
      cwnd: 'cwnd',
      goodput: 'goodput',
      queue: 'queue',
      rtt: 'RTT',
      fairness: 'fairness',
      cc: 'algorithm internals',
      qdisc: 'queue internals',
      host: 'host pipeline',
    } as Record<string, string>,
    problems: {
      format: 'It is not a tcplab link',
      version: 'It was made by a newer version of tcplab',
      tooLong: 'It is far too long',
      encoding: 'It is damaged or cut short',
      tooLarge: 'It unpacks to far too much data',
      json: 'Its content is not valid JSON',
      tooDeep: 'Its content is nested too deeply',
      content: 'Its content is not a scenario',
    } as Record<string, string>,
  },

  exports: {
    heading: 'Export',
    csv: 'Trace (CSV)',
    json: 'Trace (JSON)',
    scenario: 'Scenario (JSON)',
    pcap: 'Packets (pcap)',
    pcapFlow: 'Flow to capture',
    pcapAt: 'Capture at',
    atSender: 'at its sender',
    atReceiver: 'at its receiver',
    pcapCancel: 'Cancel capture',
    pcapBusy: 'Re-running the scenario with a packet capture…',
    pcapDone: (n: string, cutAtS: string | null) =>
      cutAtS === null
        ? `${n} packets written.`
        : `${n} packets written: the capture stops at ${cutAtS} s (the file size limit).`,
    pcapFailed: (m: string) => `The capture failed: ${m}`,
    noRun: 'Run the scenario first.',
    ofVariant: (v: string) => ` (${v})`,
  },

  presets: {
    single: {
      title: 'Single bottleneck',
      text: 'One NewReno flow through a 20 Mb/s bottleneck with a half-BDP buffer: the classic sawtooth.',
    },
    dumbbell: {
      title: 'Dumbbell: NewReno and CUBIC',
      text: 'Two flows share one bottleneck; CUBIC joins 5 s later. Who gets more?',
    },
    rttUnfair: {
      title: 'RTT unfairness',
      text: 'Two NewReno flows with very different round trips share a link. The short one wins.',
    },
    bbrVsCubic: {
      title: 'BBR against CUBIC',
      text: 'A model-based flow against a loss-based one, in a deep buffer.',
    },
    codel: {
      title: 'CoDel at the bottleneck',
      text: 'The same two CUBIC flows, but the router’s queue drops packets that waited too long.',
    },
    redTwoFlows: {
      title: 'RED',
      text: 'Random early detection drops before the buffer is full.',
    },
    parkingLot: {
      title: 'Parking lot',
      text: 'A long flow crosses two bottlenecks, each shared with a short cross flow.',
    },
    udpAndTcp: {
      title: 'UDP beside TCP',
      text: 'A constant 8 Mb/s UDP stream starts at 10 s and TCP makes room for it.',
    },
    lossyLink: {
      title: 'Random loss',
      text: 'One packet in a thousand is lost on the bottleneck: compare goodput with the Mathis and PFTK bounds.',
    },
    lanHost: {
      title: 'Gigabit LAN, slow receiver',
      text: 'Paper 000: the receiving host, not the network, limits TCP. Sweep the MTU to see its bound.',
    },
  } as Record<string, { title: string; text: string }>,
};

export type Strings = typeof en;
