//! The work estimate: how many events a scenario will cost and how large its
//! trace will be, computed from the scenario alone before a run. Validation
//! refuses scenarios above the hard caps; the UI and `tcplab validate` warn
//! above the warning thresholds. docs/reliability.md gives the formula, its
//! calibration against real runs and the reasons for the limits.
//!
//! The event loop (world/mod.rs) spends two events per packet per hop (end of
//! transmission, arrival), one on a plain FIFO link (DropTail, no trace, no
//! loss: net/fifo_tx.rs), one more per UDP datagram (its send), per paced TCP
//! segment (the pacing timer), per packet through a modelled end host's FIFO
//! and per packet a shaper holds back, one per delayed-ACK timer and one per
//! sampled row. Flow rates: max-min fair shares of the link directions (token
//! buckets count at their rate), each TCP flow capped by its window over the
//! propagation RTT, its receiving host's capacity and, for Reno-like
//! controllers on a lossy path, twice the Mathis rate; slow start ramps from
//! the initial window; UDP sources send at their configured rate. The estimate
//! leans high: losses, timeouts and idle periods make real runs cheaper.

mod admit;

pub use admit::{check_scenario, parse_scenario, parse_scenario_bytes, validate, ScenarioCheck};

use crate::app::{OnOff, UdpPace, UdpRate};
use crate::host::{HostParams, HOST_METRICS};
use crate::metrics::bounds::{mathis_bps, window_bound_bps, MATHIS_C_EVERY_ACK};
use crate::net::packet::IP_HEADER_BYTES;
use crate::net::routing::{adjacency_by_id, Adjacency};
use crate::queue::tbf::{PolicerAction, TokenBucketMode};
use crate::scenario::validate::{tcp_header_bytes, UDP_HEADER_BYTES};
use crate::scenario::*;
use crate::world::{FLOW_METRICS, LINK_METRICS};
use serde::Serialize;

/// Above this many estimated events a run is allowed with a warning: tens of
/// seconds or more, even natively.
pub const WARN_EVENTS: f64 = 50e6;
/// Above this many estimated events a scenario is refused: minutes to tens of
/// minutes of a student's CPU (1–5 million events per second natively, less
/// in wasm), which nobody waits for in a lab.
pub const MAX_EVENTS: f64 = 500e6;
/// Above this many trace values (rows × columns, 8 bytes each in the page's
/// buffers) a run is allowed with a warning (80 MB).
pub const WARN_TRACE_VALUES: f64 = 10e6;
/// Above this many trace values a scenario is refused (400 MB of plot data,
/// more than a phone's or a school laptop's tab can hold).
pub const MAX_TRACE_VALUES: f64 = 50e6;

/// Whether a scenario may run.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum WorkLevel {
    /// Below every warning threshold.
    Ok,
    /// Allowed, but long or large: the UI should say so before running.
    Warn,
    /// Above a hard cap: validation refuses it.
    Refuse,
}

/// The estimated cost of a run.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct WorkEstimate {
    /// Events the event loop will process (the `events` of the run summary).
    pub events: f64,
    /// Packets put on the wire (data, ACKs, datagrams, fragments).
    pub packets: f64,
    /// Sampled trace rows.
    pub rows: f64,
    /// Trace columns.
    pub columns: f64,
    /// rows × columns: the values the page stores for the plots.
    pub trace_values: f64,
    pub level: WorkLevel,
    /// Why the level is not `ok`, in a sentence; empty when it is.
    pub message: String,
    /// The same as a code with parameters, at `duration_s` (the refusal is this error);
    /// null when the level is `ok`.
    pub notice: Option<ValidationError>,
}

impl WorkEstimate {
    pub fn to_json(&self) -> String {
        crate::scenario::to_json(self)
    }
}

/// A link direction's queue (channel index as in net::routing).
fn channel_queue(s: &Scenario, c: usize) -> &QueueSpec {
    let l = &s.topology.links[c / 2];
    if c.is_multiple_of(2) {
        &l.queue
    } else {
        l.reverse
            .as_ref()
            .and_then(|r| r.queue.as_ref())
            .unwrap_or(&l.queue)
    }
}

/// Events per packet on a link direction: 1 where the world runs it as a plain
/// FIFO (DropTail without a delivery trace or wire losses, net/fifo_tx.rs),
/// else 2 (end of transmission, arrival). A trace in either direction counts
/// for both: the estimate leans high.
fn hop_events(s: &Scenario, c: usize) -> f64 {
    let l = &s.topology.links[c / 2];
    let trace = l.trace.is_some() || l.reverse.as_ref().is_some_and(|r| r.trace.is_some());
    let fifo =
        matches!(channel_queue(s, c), QueueSpec::DropTail { .. }) && l.loss.is_none() && !trace;
    if fifo {
        1.0
    } else {
        2.0
    }
}

/// The rate a link direction can carry, b/s: its line rate, or a token
/// bucket's rate when the bucket shapes or drops what exceeds it.
fn channel_capacity(s: &Scenario, c: usize) -> f64 {
    let l = &s.topology.links[c / 2];
    let line = if c.is_multiple_of(2) {
        l.rate_bps
    } else {
        l.reverse
            .as_ref()
            .and_then(|r| r.rate_bps)
            .unwrap_or(l.rate_bps)
    };
    match channel_queue(s, c) {
        QueueSpec::TokenBucket(t)
            if t.mode == TokenBucketMode::Shape || t.exceed == PolicerAction::Drop =>
        {
            line.min(t.rate_bps)
        }
        _ => line,
    }
}

/// Fraction of packets a link's Bernoulli loss lets through.
fn bernoulli_delivery(s: &Scenario, c: usize) -> f64 {
    match &s.topology.links[c / 2].loss {
        Some(LossSpec::Bernoulli(b)) if b.p.is_finite() => 1.0 - b.p.clamp(0.0, 1.0),
        _ => 1.0,
    }
}

fn channel_delay_s(s: &Scenario, c: usize) -> f64 {
    s.topology.links[c / 2].delay_ms * 1e-3
}

/// A shaper polls itself awake, at most once per packet it holds back.
fn channel_shapes(s: &Scenario, c: usize) -> bool {
    matches!(channel_queue(s, c), QueueSpec::TokenBucket(t) if t.mode == TokenBucketMode::Shape)
}

/// A node's end-host model, unless it is ideal.
fn modelled_host(s: &Scenario, adj: &Adjacency, id: &str) -> Option<HostParams> {
    let node = &s.topology.nodes[*adj.index.get(id)?];
    let spec = node.host.as_ref()?;
    let p = HostParams::for_node(Some(spec));
    (!p.is_ideal()).then_some(p)
}

/// The on/off switches of a flow's source over the run: one event each
/// (`AppToggle`), whether or not the flow sends while on.
fn toggles(f: &Flow, duration: f64) -> f64 {
    match f.source.on_off() {
        Some(OnOff { on_s, off_s, .. }) if on_s + off_s > 0.0 => {
            // The earliest start, as in the flow's demand below.
            let start = if f.start_s.is_finite() {
                f.start_s
            } else {
                0.0
            };
            2.0 * (duration - start).max(0.0) / (on_s + off_s)
        }
        _ => 0.0,
    }
}

/// Fraction of the time an on/off source is on.
fn on_fraction(source: &SourceSpec) -> f64 {
    match source.on_off() {
        Some(OnOff { on_s, off_s, .. }) if on_s + off_s > 0.0 => on_s / (on_s + off_s),
        _ => 1.0,
    }
}

/// The sending rate of a UDP source while on, b/s on the wire, and its datagram
/// size, bytes. Sources never send more than one datagram per nanosecond.
fn udp_rate(source: &SourceSpec) -> (f64, f64) {
    let (bps, payload) = match source.udp_rate() {
        Some(UdpRate {
            payload,
            pace: UdpPace::IntervalMs(ms),
        }) => {
            let wire = (payload + UDP_HEADER_BYTES) as f64 * 8.0;
            (wire / (ms * 1e-3).max(1e-9), payload)
        }
        Some(UdpRate {
            payload,
            pace: UdpPace::RateBps(bps),
        }) => (bps, payload),
        // No datagrams (a UDP on/off source without its rate, which validation refuses).
        None => (0.0, 1000),
    };
    let size = (payload + UDP_HEADER_BYTES) as f64;
    (bps.min(size * 8.0 * 1e9), size)
}

/// What the formula needs to know about one flow.
struct FlowPlan {
    /// Data path and ACK path (channel indices).
    data: Vec<usize>,
    ack: Vec<usize>,
    path_mtu: u32,
    /// Seconds the source is active (after start, times the on fraction).
    active_s: f64,
    /// The most the flow could send however large its share, b/s on the wire.
    demand_bps: f64,
    /// Propagation round-trip time, s.
    rtt_s: f64,
    src_host: bool,
    dst_host: bool,
}

/// Rounds of progressive filling before the estimate settles for the level reached.
const MAX_ROUNDS: usize = 64;

/// Max-min fair rates (progressive filling, Bertsekas & Gallager, Data
/// Networks, §6.5.2): raise every unfrozen flow's rate together until a link
/// direction fills or a flow reaches its demand; freeze those flows; repeat.
/// `demand[i]` is flow i's demand (0: leave it out).
fn max_min_rates(plans: &[FlowPlan], demand: &[f64], capacity: &[f64]) -> Vec<f64> {
    let mut rate = vec![0.0; plans.len()];
    let mut frozen: Vec<bool> = plans
        .iter()
        .zip(demand)
        .map(|(p, d)| p.data.is_empty() || d.is_nan() || *d <= 0.0)
        .collect();
    let mut used = vec![0.0; capacity.len()];
    let mut active_on = vec![0u32; capacity.len()];
    // Each round freezes at least one flow (bar rounding). Past MAX_ROUNDS the
    // flows still rising keep the level reached: a little low, but the cost of
    // the estimate stays bounded (rounds × the flows' path lengths).
    for _ in 0..=(plans.len() + capacity.len()).min(MAX_ROUNDS) {
        active_on.iter_mut().for_each(|n| *n = 0);
        for (p, _) in plans.iter().zip(&frozen).filter(|(_, f)| !**f) {
            for &c in &p.data {
                active_on[c] += 1;
            }
        }
        let mut step = f64::INFINITY;
        for (c, &n) in active_on.iter().enumerate() {
            if n > 0 {
                step = step.min((capacity[c] - used[c]).max(0.0) / f64::from(n));
            }
        }
        for i in (0..plans.len()).filter(|&i| !frozen[i]) {
            step = step.min(demand[i] - rate[i]);
        }
        if !step.is_finite() {
            break;
        }
        let step = step.max(0.0);
        for (i, p) in plans.iter().enumerate() {
            if !frozen[i] {
                rate[i] += step;
                for &c in &p.data {
                    used[c] += step;
                }
            }
        }
        let mut any_active = false;
        for (i, p) in plans.iter().enumerate() {
            if frozen[i] {
                continue;
            }
            let full = p
                .data
                .iter()
                .any(|&c| used[c] >= capacity[c] * (1.0 - 1e-9));
            if full || rate[i] >= demand[i] * (1.0 - 1e-9) {
                frozen[i] = true;
            } else {
                any_active = true;
            }
        }
        if !any_active {
            break;
        }
    }
    rate
}

/// Segments a TCP flow sends in `active_s` at `bps` once its window covers the
/// pipe: slow start first doubles from the initial window each RTT (RFC 5681
/// §3.1), sending about one full window W in log2(W/IW) round trips.
fn tcp_segments(bps: f64, segment: f64, rtt_s: f64, iw: f64, active_s: f64) -> f64 {
    let per_s = bps / (8.0 * segment);
    let window = per_s * rtt_s;
    if rtt_s.is_nan() || rtt_s <= 0.0 || window <= iw {
        return per_s * active_s;
    }
    let ramp_s = rtt_s * libm::log2(window / iw);
    if active_s >= ramp_s {
        (window - iw) + per_s * (active_s - ramp_s)
    } else {
        iw * (libm::exp2(active_s / rtt_s) - 1.0)
    }
}

/// Estimate the work of a scenario that passed every other check. On a scenario
/// with errors the numbers are still finite but meaningless.
pub fn estimate_work(s: &Scenario) -> WorkEstimate {
    let adj = adjacency_by_id(&s.topology);
    let duration = if s.duration_s.is_finite() {
        s.duration_s.max(0.0)
    } else {
        0.0
    };
    let n_channels = 2 * s.topology.links.len();
    let capacity: Vec<f64> = (0..n_channels).map(|c| channel_capacity(s, c)).collect();
    let paths = flow_paths(s, &adj);
    let plans: Vec<FlowPlan> = s
        .flows
        .iter()
        .zip(paths)
        .map(|(f, (data, ack))| plan(s, &adj, f, data, ack, duration))
        .collect();
    // UDP does not back off: its sources take their rate first, TCP shares the rest.
    let udp_only: Vec<f64> = s
        .flows
        .iter()
        .zip(&plans)
        .map(|(f, p)| match f.protocol {
            Protocol::Udp => p.demand_bps,
            Protocol::Tcp => 0.0,
        })
        .collect();
    let udp = max_min_rates(&plans, &udp_only, &capacity);
    let mut left = capacity.clone();
    for (p, r) in plans.iter().zip(&udp) {
        for &c in &p.data {
            left[c] -= r;
        }
    }
    let tcp_only: Vec<f64> = s
        .flows
        .iter()
        .zip(&plans)
        .map(|(f, p)| match f.protocol {
            Protocol::Udp => 0.0,
            Protocol::Tcp => p.demand_bps,
        })
        .collect();
    let rates = max_min_rates(&plans, &tcp_only, &left);

    let mut events = 0.0;
    let mut packets = 0.0;
    let mut columns = 1.0;
    for ((f, p), &share) in s.flows.iter().zip(&plans).zip(&rates) {
        events += 1.0; // FlowStart
        events += toggles(f, duration);
        columns += FLOW_METRICS.len() as f64;
        if f.protocol == Protocol::Tcp {
            columns += cc_metric_count(f) as f64;
        }
        if p.data.is_empty() {
            continue;
        }
        let hops: f64 = p.data.iter().map(|&c| hop_events(s, c)).sum();
        let ack_hops: f64 = p.ack.iter().map(|&c| hop_events(s, c)).sum();
        let shaped_hops = p.data.iter().filter(|&&c| channel_shapes(s, c)).count() as f64;
        let hosts = f64::from(u8::from(p.src_host)) + f64::from(u8::from(p.dst_host));
        match f.protocol {
            Protocol::Udp => {
                // A UDP source sends at its own rate whatever its share.
                let (bps, size) = udp_rate(&f.source);
                let n = bps * p.active_s / (8.0 * size);
                packets += n;
                events += n * (1.0 + hops + shaped_hops + hosts);
            }
            Protocol::Tcp => {
                let t = &f.tcp;
                let hdr = tcp_header_bytes(t.timestamps);
                let mss = t.mss_bytes.unwrap_or(p.path_mtu.saturating_sub(hdr)).max(1) as f64;
                let segment = mss + hdr as f64;
                // IP fragments per segment (RFC 791: each repeats the 20-byte IP header).
                let frag_payload = p.path_mtu.saturating_sub(IP_HEADER_BYTES).max(8) as f64;
                let frags = if segment > p.path_mtu as f64 {
                    ((segment - IP_HEADER_BYTES as f64) / frag_payload).ceil()
                } else {
                    1.0
                };
                let iw = f64::from(t.initial_window_segments.max(1));
                let mut segments = tcp_segments(share, segment, p.rtt_s, iw, p.active_s);
                if let Some(bytes) = f.source.tcp_bytes() {
                    segments = segments.min((bytes as f64 / mss).ceil());
                }
                let delayed = t.delayed_ack != DelayedAck::Off;
                let acks = if delayed { segments / 2.0 } else { segments };
                let paced =
                    t.pacing || matches!(f.cc, Some(CcAlgorithm::Bbr | CcAlgorithm::ReceiverRate));
                let data_packets = segments * frags;
                packets += data_packets + acks;
                events += data_packets * (hops + shaped_hops)
                    + acks * ack_hops
                    + if paced { segments } else { 0.0 }
                    // A delayed-ACK timer can fire for every ACK it saves.
                    + if delayed { acks } else { 0.0 }
                    // Host FIFOs: data out of the sender and into the receiver, ACKs the other way.
                    + (data_packets + acks) * hosts
                    // The retransmission timer wakes at most once per minimum RTO.
                    + p.active_s / min_rto_s(t).max(1e-3);
            }
        }
    }
    let modelled_hosts = s
        .topology
        .nodes
        .iter()
        .filter(|n| modelled_host(s, &adj, &n.id).is_some())
        .count();
    columns +=
        (n_channels * LINK_METRICS.len()) as f64 + (modelled_hosts * HOST_METRICS.len()) as f64;
    let rows = sample_rows(duration, s.sample_interval_ms);
    events += rows;
    // Steps of a control law run on a clock, not per packet (PIE's update, RFC 8033 §4.2):
    // not events, but work of the same size, so counted with them.
    events += (0..n_channels)
        .map(|c| match channel_queue(s, c) {
            QueueSpec::Pie(q) if q.t_update_ms > 0.0 => duration / (q.t_update_ms * 1e-3),
            _ => 0.0,
        })
        .sum::<f64>();
    let trace_values = rows * columns;
    let (level, notice) = judge(events, trace_values, duration);
    WorkEstimate {
        events,
        packets,
        rows,
        columns,
        trace_values,
        level,
        message: notice
            .as_ref()
            .map_or_else(String::new, |n| n.message.clone()),
        notice,
    }
}

/// Each flow's data path and ACK path (channel indices; empty when there is none, or for a flow
/// to itself), searched once per distinct end ([`Adjacency::routes`]).
fn flow_paths(s: &Scenario, adj: &Adjacency) -> Vec<(Vec<usize>, Vec<usize>)> {
    let ends: Vec<Option<(usize, usize)>> = s
        .flows
        .iter()
        .map(|f| match (adj.index.get(&f.src), adj.index.get(&f.dst)) {
            (Some(&a), Some(&b)) if a != b => Some((a, b)),
            _ => None,
        })
        .collect();
    let pairs: Vec<(usize, usize)> = ends
        .iter()
        .flatten()
        .flat_map(|&(a, b)| [(a, b), (b, a)])
        .collect();
    let mut found = adj.routes(&pairs).into_iter();
    ends.iter()
        .map(|e| match e {
            Some(_) => (
                found.next().flatten().unwrap_or_default(),
                found.next().flatten().unwrap_or_default(),
            ),
            None => (Vec::new(), Vec::new()),
        })
        .collect()
}

fn plan(
    s: &Scenario,
    adj: &Adjacency,
    f: &Flow,
    data: Vec<usize>,
    ack: Vec<usize>,
    duration: f64,
) -> FlowPlan {
    let path_mtu = if f.src == f.dst {
        crate::scenario::validate::loopback_mtu(s, &f.src)
    } else {
        data.iter()
            .map(|&c| s.topology.links[c / 2].mtu_bytes)
            .min()
            .unwrap_or(1500)
    };
    let rtt_s: f64 = data
        .iter()
        .chain(&ack)
        .map(|&c| channel_delay_s(s, c))
        .sum();
    let src_host = modelled_host(s, adj, &f.src);
    let dst_host = modelled_host(s, adj, &f.dst);
    // The earliest start (a random start's draw not added): an upper bound on the
    // work whatever the seed.
    let start = if f.start_s.is_finite() {
        f.start_s
    } else {
        0.0
    };
    let active_s = (duration - start).max(0.0) * on_fraction(&f.source);
    let demand_bps = match f.protocol {
        Protocol::Udp => udp_rate(&f.source).0 * on_fraction(&f.source),
        Protocol::Tcp => {
            let t = &f.tcp;
            let mss = t
                .mss_bytes
                .unwrap_or(path_mtu.saturating_sub(tcp_header_bytes(t.timestamps)))
                .max(1) as f64;
            let wire = (mss + tcp_header_bytes(t.timestamps) as f64) / mss;
            let window = t.receive_buffer_bytes.min(t.send_buffer_bytes) as f64;
            let host = dst_host.as_ref().map_or(f64::INFINITY, |h| {
                let line = data.last().map_or(1e9, |&c| channel_capacity(s, c));
                h.capacity_bps(path_mtu, line)
            });
            // Reno-like controllers on a lossy path: twice Mathis et al. (1997).
            // CUBIC, HighSpeed, Scalable, BIC, H-TCP and BBR are built to beat it.
            let p_loss = 1.0
                - data
                    .iter()
                    .map(|&c| bernoulli_delivery(s, c))
                    .product::<f64>();
            let loss_limit = if matches!(
                f.cc.unwrap_or_default(),
                CcAlgorithm::Newreno | CcAlgorithm::Vegas
            ) {
                2.0 * mathis_bps(mss, rtt_s, p_loss, MATHIS_C_EVERY_ACK) * wire
            } else {
                f64::INFINITY
            };
            (window_bound_bps(window, rtt_s) * wire)
                .min(host)
                .min(loss_limit)
        }
    };
    FlowPlan {
        data,
        ack,
        path_mtu,
        active_s,
        demand_bps,
        rtt_s,
        src_host: src_host.is_some(),
        dst_host: dst_host.is_some(),
    }
}

/// Rows the sampler records: one at t = 0, one per interval, and one at the end
/// when the end is off the grid (world/sample.rs).
fn sample_rows(duration_s: f64, interval_ms: f64) -> f64 {
    if !(interval_ms.is_finite() && interval_ms > 0.0) {
        return 0.0;
    }
    let end = crate::engine::time::secs(duration_s);
    let step = crate::engine::time::millis(interval_ms).max(1);
    let full = end / step;
    (full + 1 + u64::from(!end.is_multiple_of(step))) as f64
}

/// Trace columns of a TCP flow's congestion controller (its `metrics()`). A flow
/// whose algorithm comes from `cc_rules` is estimated as newreno (a close enough count).
fn cc_metric_count(f: &Flow) -> usize {
    let ctx = crate::cc::CcContext {
        mss: 1000,
        initial_cwnd_segments: 10,
        seed: 0,
        slow_start: Default::default(),
    };
    let stack = crate::cc::StackInit {
        initial_ssthresh_segments: None,
        byte_counting: true,
    };
    crate::cc::build_for_flow(f.cc.unwrap_or_default(), &f.cc_params, &ctx, &stack)
        .metric_names()
        .len()
}

/// The level and, unless it is `ok`, why and what to change (at `duration_s`).
fn judge(events: f64, trace_values: f64, duration_s: f64) -> (WorkLevel, Option<ValidationError>) {
    let fits = |cap: f64, v: f64| {
        // The estimate is close to linear in the duration: the longest run that fits.
        // (1 % less, so that rounding and the fixed costs cannot push it over.)
        if v > 0.0 {
            0.99 * duration_s * cap / v
        } else {
            duration_s
        }
    };
    let note = |code| ValidationError::at("duration_s", code);
    if events > MAX_EVENTS {
        let e = note(ErrorCode::TooManyEvents)
            .with("events", events.round())
            .with("events_words", count(events))
            .with("limit", MAX_EVENTS)
            .with("limit_words", count(MAX_EVENTS))
            .with("fits", seconds(fits(MAX_EVENTS, events)));
        return (WorkLevel::Refuse, Some(e));
    }
    if trace_values > MAX_TRACE_VALUES {
        let e = note(ErrorCode::TraceTooLarge)
            .with("values", trace_values.round())
            .with("values_words", count(trace_values))
            .with("limit", MAX_TRACE_VALUES)
            .with("limit_words", count(MAX_TRACE_VALUES))
            .with("fits", seconds(fits(MAX_TRACE_VALUES, trace_values)));
        return (WorkLevel::Refuse, Some(e));
    }
    if events > WARN_EVENTS {
        let e = note(ErrorCode::LongRun)
            .with("events", events.round())
            .with("events_words", count(events));
        return (WorkLevel::Warn, Some(e));
    }
    if trace_values > WARN_TRACE_VALUES {
        let e = note(ErrorCode::LargeTrace)
            .with("values", trace_values.round())
            .with("values_words", count(trace_values))
            .with("megabytes", (trace_values * 8.0 / 1e6).round());
        return (WorkLevel::Warn, Some(e));
    }
    (WorkLevel::Ok, None)
}

/// 1234567 → "1.2 million"; small numbers as integers.
fn count(v: f64) -> String {
    if v >= 1e9 {
        format!("{:.1} billion", v / 1e9)
    } else if v >= 1e6 {
        format!("{:.1} million", v / 1e6)
    } else {
        format!("{}", v.round())
    }
}

/// A duration rounded down to two significant digits, so that it fits.
/// (Plain arithmetic: the message must read the same on every target.)
fn seconds(v: f64) -> f64 {
    if !(v.is_finite() && v > 0.0) {
        return 0.0;
    }
    let mut unit = 1.0;
    while v >= unit * 100.0 {
        unit *= 10.0;
    }
    while v < unit * 10.0 && unit > 1e-6 {
        unit /= 10.0;
    }
    let r = (v / unit).floor() * unit;
    if r >= 10.0 {
        r.round()
    } else {
        (r * 1e6).round() / 1e6
    }
}

/// The flow's minimum RTO, s (the default of its RTO style if unset).
fn min_rto_s(t: &TcpOptions) -> f64 {
    t.min_rto_ms.map_or_else(
        || crate::engine::time::to_secs(crate::tcp::rtt::default_min_rto(t.rto)),
        |ms| ms * 1e-3,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::cbr::CbrSpec;
    use crate::scenario::parse_scenario_without_work_limits;

    /// One bulk TCP flow over a two-link path: `rate` bottleneck, 40 ms RTT.
    fn path(rate_bps: f64, duration_s: f64, extra: &str) -> String {
        format!(
            r#"{{"version": 1, "duration_s": {duration_s}, {extra}
                "topology": {{"nodes": [{{"id": "a", "kind": "host"}}, {{"id": "r", "kind": "router"}},
                                        {{"id": "b", "kind": "host"}}],
                             "links": [{{"id": "l1", "a": "a", "b": "r", "rate_bps": 1e12, "delay_ms": 1}},
                                       {{"id": "l2", "a": "r", "b": "b", "rate_bps": {rate_bps}, "delay_ms": 19}}]}},
                "flows": [{{"id": "f", "src": "a", "dst": "b"}}]}}"#
        )
    }

    fn estimate(json: &str) -> WorkEstimate {
        estimate_work(&parse_scenario_without_work_limits(json).expect("valid fields"))
    }

    #[test]
    fn a_saturated_drop_tail_path_costs_four_events_per_segment() {
        // 2 FIFO hops × 1 event for data and again for ACKs; 10 Mb/s of 1500-byte
        // packets is 833.3 per second, over 100 s (slow start is short here).
        let w = estimate(&path(10e6, 100.0, ""));
        let segments = 10e6 / (8.0 * 1500.0) * 100.0;
        let per_segment = (w.events - w.rows) / segments;
        assert!((per_segment - 4.0).abs() < 0.05, "{per_segment} {w:?}");
        assert_eq!(w.level, WorkLevel::Ok);
        assert_eq!(w.rows, 10_001.0);
        // Time, the flow's columns and its controller's one, 2 links × 2 directions.
        let (flow, link) = (
            crate::world::FLOW_METRICS.len(),
            crate::world::LINK_METRICS.len(),
        );
        assert_eq!(w.columns, (1 + flow + 1 + 4 * link) as f64);
    }

    #[test]
    fn a_long_fast_run_is_refused_at_duration_s_with_a_duration_that_fits() {
        let json = path(10e9, 3600.0, r#""sample_interval_ms": 100,"#);
        let w = estimate(&json);
        assert_eq!(w.level, WorkLevel::Refuse);
        let errors = parse_scenario(&json).expect_err("refused");
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].path, "duration_s");
        assert!(
            errors[0].message.starts_with("this run would take about 12.0 billion events, more than the limit of 500.0 million; shorten duration_s to at most 140 s"),
            "{}",
            errors[0].message
        );
        // The suggested duration does fit.
        let shorter = path(10e9, 140.0, r#""sample_interval_ms": 100,"#);
        assert!(parse_scenario(&shorter).is_ok());
    }

    #[test]
    fn ten_gigabits_for_twenty_seconds_is_allowed_with_a_warning() {
        let w = estimate(&path(10e9, 20.0, ""));
        assert_eq!(w.level, WorkLevel::Warn, "{w:?}");
        assert!(w.message.contains("a long run"), "{}", w.message);
    }

    #[test]
    fn a_huge_trace_is_refused_and_a_large_one_warned() {
        // 500,001 rows × 60 columns: under the cap, over the warning.
        let w = estimate(&path(1e3, 500.0, r#""sample_interval_ms": 1,"#));
        assert_eq!(w.level, WorkLevel::Warn, "{w:?}");
        assert!(w.message.contains("a large trace"), "{}", w.message);
        // 100 flows between the same hosts: over 1,000 columns × 100,001 rows.
        let mut s = parse_scenario_without_work_limits(&path(1e3, 1000.0, "")).unwrap();
        let f = s.flows[0].clone();
        s.flows = (0..100)
            .map(|i| crate::scenario::Flow {
                id: format!("f{i}"),
                ..f.clone()
            })
            .collect();
        let w = estimate_work(&s);
        assert_eq!(w.level, WorkLevel::Refuse, "{w:?}");
        assert!(
            w.message.starts_with("the trace would hold"),
            "{}",
            w.message
        );
        assert_eq!(validate(&s)[0].path, "duration_s");
    }

    #[test]
    fn the_work_limit_is_checked_only_once_the_fields_are_valid() {
        let json = path(10e9, 3600.0, r#""seed": -1,"#);
        let errors = parse_scenario(&json).expect_err("invalid");
        assert_eq!(errors[0].path, "seed");
        let json = path(0.0, 3600.0, "");
        let errors = parse_scenario(&json).expect_err("invalid");
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].path, "topology.links[1].rate_bps");
    }

    #[test]
    fn udp_sources_count_at_their_own_rate_and_tcp_shares_max_min() {
        let mut s = parse_scenario_without_work_limits(&path(10e6, 10.0, "")).unwrap();
        let mut u = s.flows[0].clone();
        u.id = "u".into();
        u.protocol = Protocol::Udp;
        // 1000-byte datagrams (1028 on the wire) every ms: 8.224 Mb/s, 10,000 in 10 s.
        u.source = SourceSpec::Cbr(CbrSpec {
            packet_bytes: 1000,
            interval_ms: 1.0,
            random_phase: false,
        });
        s.flows.push(u);
        let w = estimate_work(&s);
        let tcp_only = estimate(&path(10e6, 10.0, ""));
        // The datagrams: 10,000 × (send + 2 FIFO hops × 1).
        let udp_events = 10_000.0 * 3.0;
        // TCP keeps what UDP leaves: 1.776 of 10 Mb/s.
        let tcp_events = w.events - udp_events - w.rows - 2.0;
        let tcp_alone = tcp_only.events - tcp_only.rows - 1.0;
        let ratio = tcp_events / tcp_alone;
        assert!((ratio - 0.1776).abs() < 0.01, "{ratio}");
    }

    #[test]
    fn the_estimate_is_finite_for_degenerate_fields() {
        let mut s = parse_scenario_without_work_limits(&path(10e6, 10.0, "")).unwrap();
        s.duration_s = f64::NAN;
        s.sample_interval_ms = f64::INFINITY;
        s.flows[0].start_s = f64::NAN;
        s.topology.links[1].rate_bps = f64::NAN;
        s.topology.links[0].delay_ms = -1.0;
        let w = estimate_work(&s);
        for v in [w.events, w.packets, w.rows, w.columns, w.trace_values] {
            assert!(v.is_finite() && v >= 0.0, "{w:?}");
        }
        s.flows[0].src = "nowhere".into();
        assert!(estimate_work(&s).events.is_finite());
    }

    #[test]
    fn counts_read_as_words() {
        assert_eq!(count(950.4), "950");
        assert_eq!(count(2.345e6), "2.3 million");
        assert_eq!(count(1.25e9), "1.2 billion");
    }

    #[test]
    fn suggested_durations_round_down() {
        assert_eq!(seconds(157.9).to_string(), "150");
        assert_eq!(seconds(3.19).to_string(), "3.1");
        assert_eq!(seconds(0.0457).to_string(), "0.045");
        assert_eq!(seconds(0.0).to_string(), "0");
    }

    #[test]
    fn sample_rows_match_the_sampler() {
        assert_eq!(sample_rows(20.0, 10.0), 2001.0);
        assert_eq!(sample_rows(1.005, 10.0), 102.0);
        assert_eq!(sample_rows(1.0, f64::NAN), 0.0);
    }
}
