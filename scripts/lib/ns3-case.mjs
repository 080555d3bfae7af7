// Turns a tcplab dumbbell scenario (content/scenarios/ns3/) into the command-line arguments
// of the ns-3 program scripts/ns3/dumbbell.cc, so that one file describes a comparison case.
// Anything the program cannot reproduce is refused with the scenario's field path, never
// silently dropped (Node built-ins only).

/** The link-layer header ns-3's PointToPointNetDevice adds to every packet (PPP, 2 bytes). */
export const PPP_HEADER_BYTES = 2;
/** Linux tcp_cubic.c's β and C (717/1024, 410/1024): tcplab's `linux` CUBIC preset. */
const LINUX_CUBIC = { beta: 717 / 1024, c: 410 / 1024 };

export class CaseError extends Error {}

function fail(path, msg) {
  throw new CaseError(`${path}: ${msg}`);
}

/** Refuse members the translation does not know: they could change the run unseen. */
function only(obj, path, known) {
  for (const k of Object.keys(obj ?? {})) {
    if (!known.includes(k))
      fail(`${path}.${k}`, 'the ns-3 program has no equivalent of this setting');
  }
}

function linkBetween(links, x, y, path) {
  const found = links.filter((l) => (l.a === x && l.b === y) || (l.a === y && l.b === x));
  if (found.length !== 1) fail(path, `needs exactly one link between ${x} and ${y}`);
  return found[0];
}

function checkLink(l, path) {
  only(l, path, ['id', 'a', 'b', 'rate_bps', 'delay_ms', 'mtu_bytes', 'overhead_bytes', 'queue']);
  if ((l.mtu_bytes ?? 1500) !== 1500) fail(`${path}.mtu_bytes`, 'must be 1500 (ns-3 PPP MTU)');
  if ((l.overhead_bytes ?? 0) !== PPP_HEADER_BYTES)
    fail(
      `${path}.overhead_bytes`,
      `must be ${PPP_HEADER_BYTES}: ns-3's point-to-point device adds a 2-byte PPP header`,
    );
}

/** The ns-3 queue-disc arguments for a tcplab queue spec. */
function queueArgs(q, path) {
  switch (q.kind) {
    case 'drop_tail':
      only(q, path, ['kind', 'limit_packets']);
      if (!q.limit_packets) fail(`${path}.limit_packets`, 'give the limit in packets');
      return { queue: 'fifo', limit: q.limit_packets };
    case 'codel':
      only(q, path, ['kind', 'limit_packets', 'target_ms', 'interval_ms', 'control_law', 'ecn']);
      if (q.control_law !== 'linux')
        fail(`${path}.control_law`, "must be 'linux': ns-3's CoDel uses Linux's Newton step");
      if (q.ecn) fail(`${path}.ecn`, 'ECN is not part of the comparison');
      return {
        queue: 'codel',
        limit: q.limit_packets ?? 1000,
        targetMs: q.target_ms ?? 5,
        intervalMs: q.interval_ms ?? 100,
      };
    case 'fq_codel':
      only(q, path, [
        'kind',
        'limit_packets',
        'target_ms',
        'interval_ms',
        'control_law',
        'flows',
        'quantum_bytes',
        'drop_batch',
        'ecn',
      ]);
      if (q.control_law !== 'linux')
        fail(`${path}.control_law`, "must be 'linux': ns-3's CoDel uses Linux's Newton step");
      if (q.quantum_bytes == null)
        fail(`${path}.quantum_bytes`, 'give it (ns-3 takes the device MTU, 1500)');
      return {
        queue: 'fqcodel',
        limit: q.limit_packets ?? 10240,
        targetMs: q.target_ms ?? 5,
        intervalMs: q.interval_ms ?? 100,
        fqFlows: q.flows ?? 1024,
        quantum: q.quantum_bytes,
        dropBatch: q.drop_batch ?? 64,
      };
    default:
      return fail(`${path}.kind`, `'${q.kind}' is not compared (drop_tail, codel, fq_codel)`);
  }
}

/** The ns-3 congestion-control name and CUBIC settings for a flow. */
function ccArgs(f, path) {
  const cc = f.cc ?? 'newreno';
  only(f.cc_params, `${path}.cc_params`, ['cubic']);
  if (cc === 'newreno') {
    // ns-3's TcpLinuxReno counts acknowledged segments in slow start (Linux tcp_slow_start)
    // and one segment per cwnd of them in congestion avoidance (RFC 3465 byte counting);
    // TcpNewReno adds one segment per ACK in slow start (RFC 5681 §3.1) and SMSS²/cwnd per
    // ACK after. Other pairings exist only in tcplab.
    const t = f.tcp ?? {};
    const ss = slowStart(t);
    const bc = t.byte_counting ?? true;
    if (ss === 'linux' && bc) return { cc: 'linuxreno' };
    if (ss === 'rfc5681' && !bc) return { cc: 'newreno' };
    return fail(
      `${path}.tcp.slow_start`,
      `'${ss}' with byte_counting ${bc}: ns-3 has slow_start 'linux' with byte counting ` +
        "(TcpLinuxReno) or 'rfc5681' without (TcpNewReno)",
    );
  }
  if (cc !== 'cubic') return fail(`${path}.cc`, `'${cc}' is not compared (newreno, cubic)`);
  const p = f.cc_params?.cubic ?? {};
  const cp = `${path}.cc_params.cubic`;
  only(p, cp, ['preset', 'beta', 'c', 'hystart', 'fast_convergence', 'reno_friendly']);
  if (p.preset !== 'linux')
    fail(`${cp}.preset`, "must be 'linux': ns-3's TcpCubic follows Linux tcp_cubic.c");
  // HyStart as a mode (`linux`, `rfc9406`, `off`) or, in older scenarios, on/off. ns-3's
  // TcpCubic has its own version of Linux's HyStart (docs/validation-ns3.md), on or off.
  const hystart = p.hystart ?? 'linux';
  if (hystart === 'rfc9406') fail(`${cp}.hystart`, 'ns-3 has no HyStart++ (RFC 9406)');
  return {
    cc: 'cubic',
    cubicBeta: p.beta ?? LINUX_CUBIC.beta,
    cubicC: p.c ?? LINUX_CUBIC.c,
    hystart: hystart === true || hystart === 'linux',
    fastConvergence: p.fast_convergence ?? true,
    friendliness: p.reno_friendly ?? true,
  };
}

/** tcplab's slow-start rule for a `tcp` block: `linux` with SACK recovery, else `rfc5681`. */
function slowStart(t) {
  return t.slow_start ?? ((t.recovery ?? 'sack') === 'sack' ? 'linux' : 'rfc5681');
}

/**
 * The ns-3 TCP settings for a flow's `tcp` block (tcplab's defaults where it is silent).
 * With the defaults both sides open with the three-way handshake and recover with PRR over
 * SACK. Settings ns-3 has no counterpart for are accepted where they only change tcplab's
 * side and refused where they would make the two runs different scenarios. Only in tcplab:
 * RACK-TLP (RFC 8985; on by default with SACK, as in Linux: ns-3 has neither RACK's
 * time-based loss detection nor the tail loss probe) and the `linux` RTO rule (the minimum
 * bounds the variance term; ns-3's MinRto bounds the RTO itself). docs/validation-ns3.md
 * lists both as differences.
 */
function tcpArgs(t = {}, path) {
  only(t, path, [
    'delayed_ack',
    'timestamps',
    'min_rto_ms',
    'initial_window_segments',
    'recovery',
    'byte_counting',
    'rto',
    'recovery_rate',
    'rack_tlp',
    'rack_reordering_window',
    'handshake',
    'slow_start',
  ]);
  const delayed = t.delayed_ack ?? 'off';
  const delAck = {
    off: { delAckCount: 1, delAckTimeoutMs: 200 },
    linux: { delAckCount: 2, delAckTimeoutMs: 40 },
    rfc: { delAckCount: 2, delAckTimeoutMs: 200 },
  }[delayed];
  if (!delAck) fail(`${path}.delayed_ack`, `unknown value '${delayed}'`);
  const recovery = t.recovery ?? 'sack';
  if (recovery !== 'sack' && recovery !== 'newreno')
    fail(`${path}.recovery`, `'${recovery}' is not compared (sack, newreno)`);
  const rate = t.recovery_rate ?? 'prr';
  if (rate !== 'prr' && rate !== 'rfc6675') fail(`${path}.recovery_rate`, `unknown '${rate}'`);
  if (t.handshake === false)
    fail(`${path}.handshake`, 'ns-3 always opens the connection with the handshake');
  // ns-3's TcpCubic always counts acknowledged segments in slow start; the NewReno pairing
  // is checked in ccArgs.
  if (slowStart(t) === 'rfc3465')
    fail(`${path}.slow_start`, "'rfc3465' (at most 2 segments per ACK) has no ns-3 equivalent");
  // ns-3's MinRto bounds the RTO itself, as RFC 6298 does; with tcplab's `linux` rule it
  // bounds the variance term instead, which ns-3 cannot do.
  const rto = t.rto ?? 'linux';
  const timestamps = t.timestamps ?? false;
  return {
    ...delAck,
    timestamps,
    // tcplab's default MSS is the path MTU less 40 bytes of headers, less 12 with timestamps.
    mss: 1500 - 40 - (timestamps ? 12 : 0),
    minRtoMs: t.min_rto_ms ?? (rto === 'linux' ? 200 : 1000),
    initialCwnd: t.initial_window_segments ?? 10,
    sack: recovery === 'sack',
    // ns-3's default recovery is PRR over SACK; without SACK, RFC 6582's inflation.
    recovery: recovery === 'sack' && rate === 'prr' ? 'prr' : 'classic',
  };
}

/**
 * The ns-3 program's arguments for a tcplab scenario of the dumbbell shape:
 * host sᵢ — r1 — bottleneck — r2 — host dᵢ, one flow per sender/receiver pair.
 */
export function ns3Args(s, { warmupS }) {
  only(s, '', [
    'version',
    'name',
    'description',
    'seed',
    'duration_s',
    'sample_interval_ms',
    'topology',
    'flows',
  ]);
  const links = s.topology.links;
  const bi = links.findIndex((l) => l.id === 'bottleneck');
  if (bi < 0) fail('topology.links', "needs a link with id 'bottleneck' from r1 to r2");
  const bn = links[bi];
  const bp = `topology.links[${bi}]`;
  checkLink(bn, bp);
  const [r1, r2] = [bn.a, bn.b];
  const access = [];
  const egress = [];
  const flows = s.flows.map((f, i) => {
    const path = `flows[${i}]`;
    only(f, path, ['id', 'src', 'dst', 'protocol', 'cc', 'cc_params', 'start_s', 'tcp']);
    if ((f.protocol ?? 'tcp') !== 'tcp') fail(`${path}.protocol`, 'only TCP flows are compared');
    const a = linkBetween(links, f.src, r1, `${path}.src`);
    const e = linkBetween(links, r2, f.dst, `${path}.dst`);
    access.push(a);
    egress.push(e);
    return {
      id: f.id,
      start: f.start_s ?? 0,
      ...ccArgs(f, path),
      tcp: tcpArgs(f.tcp, `${path}.tcp`),
    };
  });
  for (const l of [...access, ...egress]) {
    const p = `topology.links[${links.indexOf(l)}]`;
    checkLink(l, p);
    if (l.rate_bps !== access[0].rate_bps)
      fail(`${p}.rate_bps`, 'every access and egress link must have the same rate');
    const q = l.queue ?? { kind: 'drop_tail', limit_packets: 1000 };
    if (q.kind !== 'drop_tail' || q.limit_packets !== (access[0].queue?.limit_packets ?? 1000))
      fail(`${p}.queue`, 'every access and egress link must have the same DropTail limit');
  }
  if (links.length !== 1 + access.length + egress.length)
    fail('topology.links', 'only the bottleneck and one access and egress link per flow');
  // One TCP stack setting for every flow: ns-3 sets them for all sockets at once.
  const tcp = flows[0].tcp;
  flows.forEach((f, i) => {
    if (JSON.stringify(f.tcp) !== JSON.stringify(tcp))
      fail(`flows[${i}].tcp`, 'every flow must have the same TCP settings');
  });
  const cubic = flows.find((f) => f.cc === 'cubic');
  for (const [i, f] of flows.entries()) {
    for (const k of ['cubicBeta', 'cubicC', 'hystart', 'fastConvergence', 'friendliness'])
      if (f.cc === 'cubic' && f[k] !== cubic[k])
        fail(`flows[${i}].cc_params.cubic`, 'every CUBIC flow must have the same parameters');
  }
  const args = {
    ids: flows.map((f) => f.id).join(','),
    cc: flows.map((f) => f.cc).join(','),
    accessDelayMs: access.map((l) => l.delay_ms).join(','),
    egressDelayMs: egress.map((l) => l.delay_ms).join(','),
    startS: flows.map((f) => f.start).join(','),
    accessRateBps: access[0].rate_bps,
    accessLimit: access[0].queue?.limit_packets ?? 1000,
    bottleneckRateBps: bn.rate_bps,
    bottleneckDelayMs: bn.delay_ms,
    ...queueArgs(bn.queue ?? { kind: 'drop_tail', limit_packets: 1000 }, `${bp}.queue`),
    durationS: s.duration_s,
    sampleMs: s.sample_interval_ms ?? 10,
    warmupS,
    ...tcp,
  };
  if (cubic) {
    for (const k of ['cubicBeta', 'cubicC', 'hystart', 'fastConvergence', 'friendliness'])
      args[k] = cubic[k];
  }
  return args;
}

/** `--name=value` strings for ns-3's CommandLine. */
export function toArgv(args) {
  return Object.entries(args).map(([k, v]) => `--${k}=${typeof v === 'boolean' ? Number(v) : v}`);
}
