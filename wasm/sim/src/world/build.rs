//! Building a world from a validated scenario: channels, routes, flows.

use super::cc_switch::CcRun;
use super::flow::{Endpoints, FlowRt, HostRt, UserLevelRt};
use super::{Event, World, NO_ROUTE};
use crate::app::{self, OnOff, UdpSource};
use crate::cc;
use crate::engine::time::{self, Time};
use crate::engine::{EventQueue, Rng};
use crate::host::{HostParams, HostPipeline};
use crate::loss::LossModel;
use crate::metrics::bounds::{flow_bounds, BoundConditions, FlowBounds};
use crate::metrics::fair_share::fair_share_steps;
use crate::metrics::trace::Trace;
use crate::net::channel::DelayModel;
use crate::net::fifo_tx::FifoTx;
use crate::net::impairment::{TickDelay, TraceLink};
use crate::net::packet::MAX_SACK_BLOCKS;
use crate::net::routing::{adjacency_by_id, channel_index};
use crate::net::Channel;
use crate::queue;
use crate::scenario::validate::{loopback_mtu, tcp_header_bytes};
use crate::scenario::{DelayedAck, Flow, Link, Protocol, QueueSpec, Recovery, Scenario};
use crate::scenario::{RateChange, TraceSpec};
use crate::tcp;
use crate::tcp::handshake::Handshake;
use crate::tcp::receiver::ReceiverConfig;
use crate::tcp::{SenderConfig, TcpReceiver, TcpSender};

/// Linux TCP_DELACK_MIN (HZ/25 = 40 ms).
const LINUX_DELACK: Time = 40 * time::NS_PER_MS;
/// The classic BSD delayed-ACK timer; RFC 1122 §4.2.3.2 allows at most 500 ms.
const RFC_DELACK: Time = 200 * time::NS_PER_MS;

impl World {
    /// Build a world from a validated scenario.
    pub fn new(s: &Scenario) -> World {
        let seed = s.seed as u64;
        let adj = adjacency_by_id(&s.topology);
        let n_nodes = s.topology.nodes.len();
        let mut channels = Vec::with_capacity(2 * s.topology.links.len());
        let mut channel_ids = Vec::with_capacity(2 * s.topology.links.len());
        let flow_ids: Vec<String> = s.flows.iter().map(|f| f.id.clone()).collect();
        for (li, l) in s.topology.links.iter().enumerate() {
            let a = adj.index[&l.a] as u32;
            let b = adj.index[&l.b] as u32;
            for a_to_b in [true, false] {
                let (from, to) = if a_to_b { (a, b) } else { (b, a) };
                let dir = Direction::of(l, a_to_b);
                let qspec = dir.queue;
                let id = format!("{}:{}", l.id, if a_to_b { "a>b" } else { "b>a" });
                debug_assert_eq!(channels.len(), channel_index(li, a_to_b));
                let trace = dir
                    .trace
                    .and_then(|t| Some(TraceLink::new(&t.parse().ok()?, t.opportunity_bytes)));
                // A trace link tells its queue the trace's mean rate.
                let rate = trace
                    .as_ref()
                    .map_or(dir.rate_bps, TraceLink::mean_rate_bps);
                let rate_bps = rate.round().max(1.0) as u64;
                let link = queue::LinkInfo {
                    rate_bps,
                    mtu: l.mtu_bytes,
                    overhead_bytes: l.overhead_bytes,
                    flow_ids: &flow_ids,
                };
                let delay = time::millis(dir.delay_ms);
                let delay_model = match &l.timer_tick {
                    Some(t) => DelayModel::Tick(TickDelay::new(
                        delay,
                        time::millis(t.tick_ms),
                        time::millis(t.overhead_ms),
                    )),
                    None => DelayModel::with_jitter(delay, time::millis(l.jitter_ms)),
                };
                let loss = l.loss.as_ref().map(LossModel::from_spec);
                // Departures are known at enqueue only without a trace or losses on the wire.
                let fifo = queue::drop_tail_limit(qspec)
                    .filter(|_| trace.is_none() && loss.is_none())
                    .map(FifoTx::new);
                channels.push(Channel {
                    link: li,
                    a_to_b,
                    from,
                    to,
                    rate_bps,
                    rate_changes: dir
                        .rate_changes
                        .iter()
                        .map(|c| (time::secs(c.at_s), c.rate_bps.round().max(1.0) as u64))
                        .collect(),
                    overhead_bytes: l.overhead_bytes,
                    delay: delay_model,
                    trace,
                    mtu: l.mtu_bytes,
                    qdisc: queue::build(qspec, &link),
                    fifo,
                    loss,
                    rng: Rng::for_component(seed, &format!("link:{id}")),
                    transmitting: None,
                    tx_started: 0,
                    pipe: Default::default(),
                    tx_packets: 0,
                    tx_bytes: 0,
                    busy_time: 0,
                    drops: [0; 4],
                    wait_sum: 0,
                    wait_count: 0,
                    wake_at: None,
                    pipe_delay: Default::default(),
                    pipe_delay_mark: (0, 0.0),
                });
                channel_ids.push(id);
            }
        }

        // Routes towards every host that ends a flow (data one way, ACKs the other).
        let mut routes = vec![NO_ROUTE; n_nodes * n_nodes];
        let mut endpoint = vec![false; n_nodes];
        for f in &s.flows {
            endpoint[adj.index[&f.src]] = true;
            endpoint[adj.index[&f.dst]] = true;
        }
        // In node order.
        for dst in (0..n_nodes).filter(|&n| endpoint[n]) {
            for (node, hop) in adj.next_hop_table(dst).into_iter().enumerate() {
                if let Some(c) = hop {
                    routes[node * n_nodes + dst] = c as u32;
                }
            }
        }

        let n_channels = channels.len();
        let mut world = World {
            name: s.name.clone(),
            now: 0,
            end: time::secs(s.duration_s),
            events: EventQueue::new(),
            channels,
            channel_ids,
            n_nodes,
            routes,
            flows: Vec::with_capacity(s.flows.len()),
            hosts: Vec::new(),
            bounds: scenario_bounds(s),
            trace: Trace::new(Vec::new()),
            sample_interval: time::millis(s.sample_interval_ms).max(1),
            row: Vec::new(),
            channel_marks: vec![(0, 0, 0); n_channels],
            out: Vec::with_capacity(64),
            dropped: Vec::with_capacity(16),
            next_uid: 0,
            counts: Default::default(),
            data_delivered: 0,
            finished: false,
            captures: Vec::new(),
            paths: None,
            timer_sent: Vec::new(),
            sending_for_timer: 0,
        };

        for (fi, f) in s.flows.iter().enumerate() {
            let src = adj.index[&f.src] as u32;
            let dst = adj.index[&f.dst] as u32;
            let path_mtu = if src == dst {
                loopback_mtu(s, &f.src)
            } else {
                world.path_mtu(src, dst)
            };
            let flow = world.build_flow(s, fi as u32, src, dst, path_mtu, seed);
            world
                .events
                .schedule(flow.start, Event::FlowStart(fi as u32));
            world.flows.push(flow);
        }

        world.hosts = s
            .topology
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| world.build_host(i as u32, &n.id, n.host.as_ref(), seed))
            .collect();
        world.trace = Trace::new(world.build_columns());
        world.row = vec![0.0; world.trace.width()];
        world.events.schedule(0, Event::Sample);
        world
    }

    fn build_flow(
        &self,
        s: &Scenario,
        fi: u32,
        src: u32,
        dst: u32,
        path_mtu: u32,
        seed: u64,
    ) -> FlowRt {
        let f: &Flow = &s.flows[fi as usize];
        // `start_s`, plus the draw of a random start (scenario/start.rs).
        let start = time::secs(crate::scenario::flow_start_s(s, fi as usize));
        let mut cc_run = None;
        let mut handshake = None;
        let mut timestamps = false;
        let ends = match f.protocol {
            Protocol::Tcp => {
                let t = &f.tcp;
                // What the handshake agrees on (tcp/handshake.rs), with or without one.
                let (offer, answer) = tcp::handshake::offers(t, path_mtu);
                let agreed = tcp::handshake::agree(&offer, &answer);
                if t.handshake {
                    handshake = Some(Box::new(Handshake::new(fi, src, dst, offer, answer)));
                }
                timestamps = agreed.timestamps;
                let header_bytes = tcp_header_bytes(agreed.timestamps);
                let mss = match t.mss_bytes {
                    Some(m) => m.min(agreed.payload()),
                    None => agreed.payload(),
                };
                // Without SACK on both ends, Linux recovers as NewReno (tcp_is_reno).
                let recovery = match t.recovery {
                    Recovery::Sack if !agreed.sack => Recovery::Newreno,
                    r => r,
                };
                let cfg = SenderConfig {
                    mss,
                    header_bytes,
                    rto_style: t.rto,
                    min_rto: t
                        .min_rto_ms
                        .map_or(crate::tcp::rtt::default_min_rto(t.rto), |ms| {
                            time::millis(ms).max(1)
                        }),
                    granularity: time::millis(t.timer_granularity_ms).max(1),
                    recovery,
                    recovery_rate: t.recovery_rate,
                    rack_tlp: recovery == Recovery::Sack && t.rack_tlp.unwrap_or(true),
                    frto: recovery == Recovery::Sack && t.frto.unwrap_or(true),
                    reordering_window: t.rack_reordering_window,
                    timestamps: agreed.timestamps,
                    send_buffer: t.send_buffer_bytes,
                    pacing: t.pacing,
                    app_bytes: app::tcp_app_bytes(&f.source),
                    ecn: agreed.ecn,
                };
                // ---- flow congestion control (cc_rules, cc_switches): world/cc_switch.rs
                let opening = crate::scenario::resolve_cc(s, fi as usize);
                let algorithms = crate::scenario::cc_rules::algorithms_of(s, fi as usize);
                // Paper 000's recv() time d, where a flow may run e2e_feedback
                // with the thesis's estimator.
                let recv_time = algorithms.contains(&crate::scenario::CcAlgorithm::E2eFeedback)
                    && opening
                        .params
                        .e2e_feedback
                        .as_ref()
                        .map_or(crate::cc::e2e_feedback::E2eEstimator::RecvTime, |p| {
                            p.estimator
                        })
                        == crate::cc::e2e_feedback::E2eEstimator::RecvTime;
                let rate_params = algorithms
                    .contains(&crate::scenario::CcAlgorithm::ReceiverRate)
                    .then(|| opening.params.receiver_rate.clone().unwrap_or_default());
                let (run, cc) = CcRun::new(
                    opening.algorithm,
                    opening.rule,
                    opening.params,
                    cc::CcContext {
                        mss,
                        initial_cwnd_segments: t.initial_window_segments,
                        seed: Rng::for_component(seed, &format!("cc:{}", f.id)).next_u64(),
                        slow_start: t.slow_start_rule(),
                    },
                    cc::StackInit {
                        initial_ssthresh_segments: t.initial_ssthresh_segments,
                        byte_counting: t.byte_counting,
                    },
                    &f.cc_switches,
                    &algorithms,
                    start,
                );
                cc_run = Some(run);
                // ----
                let rcfg = ReceiverConfig {
                    buffer: t.receive_buffer_bytes,
                    delayed_ack: match t.delayed_ack {
                        DelayedAck::Off => None,
                        DelayedAck::Linux => Some(LINUX_DELACK),
                        DelayedAck::Rfc => Some(RFC_DELACK),
                    },
                    go_back_n: t.recovery == Recovery::GoBackN,
                    sack: agreed.sack,
                    ack_bytes: header_bytes,
                    max_sack_blocks: if agreed.timestamps {
                        3
                    } else {
                        MAX_SACK_BLOCKS
                    },
                    ecn: agreed.ecn,
                    window_scale: agreed.receiver_window_scale,
                    // Paper 001's prate, measured where a flow may run receiver_rate.
                    rate_unit: rate_params
                        .as_ref()
                        .map(|p| time::millis(p.unit_time_ms).max(1)),
                    rate_sequence_span: rate_params.as_ref().is_some_and(|p| {
                        p.prate_source == crate::cc::receiver_rate::PrateSource::SequenceSpan
                    }),
                    recv_time,
                };
                Endpoints::Tcp {
                    sender: Box::new(TcpSender::new(fi, src, dst, cfg, cc)),
                    receiver: Box::new(TcpReceiver::new(rcfg)),
                }
            }
            Protocol::Udp => Endpoints::Udp {
                source: UdpSource::from_spec(&f.source, path_mtu).expect("validated UDP source"),
                received_packets: 0,
                received_bytes: 0,
            },
        };
        FlowRt {
            id: f.id.clone(),
            src,
            dst,
            start,
            started: false,
            ends,
            path_mtu,
            onoff: OnOff::from_spec(&f.source),
            rng: Rng::for_component(seed, &format!("flow:{}", f.id)),
            size: app::tcp_app_bytes(&f.source),
            completed_at: None,
            rto_at: None,
            delack_at: None,
            pace_at: None,
            handshake,
            hs_at: None,
            data_start: None,
            syn_retransmits: 0,
            handshake_failed: false,
            timestamps,
            ports: (
                crate::scenario::cc_rules::src_port(s, fi as usize),
                crate::scenario::cc_rules::dst_port(s, fi as usize),
            ),
            cc_run,
            cc_check_at: None,
            last_progress: start,
            longest_stall: 0,
            user: match (&f.protocol, &f.tcp.user_level) {
                (Protocol::Tcp, Some(u)) => Some(UserLevelRt::new(u)),
                _ => None,
            },
            delivered_at_last_sample: 0,
            cwnd_sum: 0.0,
            cwnd_samples: 0,
        }
    }

    /// The end-host pipeline of a node, unless it is ideal (then packets pass
    /// straight through and the traces are those of a network-only run).
    fn build_host(
        &self,
        node: u32,
        id: &str,
        spec: Option<&crate::scenario::HostSpec>,
        seed: u64,
    ) -> Option<HostRt> {
        let params = HostParams::for_node(spec);
        if spec.is_none() || params.is_ideal() {
            return None;
        }
        // The line rate the NIC receives at: the host's own link.
        let line = self
            .channels
            .iter()
            .find(|c| c.to == node)
            .map_or(1e9, |c| c.rate_bps as f64);
        Some(HostRt {
            id: id.to_string(),
            pipeline: HostPipeline::new(
                &params,
                line,
                Rng::for_component(seed, &format!("host:{id}")),
            ),
            rx: Default::default(),
            tx: Default::default(),
            nic_overruns: 0,
        })
    }

    /// Smallest MTU on the route from src to dst (`loopback_mtu` gives a
    /// flow to itself its MTU).
    fn path_mtu(&self, src: u32, dst: u32) -> u32 {
        let mut node = src;
        let mut mtu = u32::MAX;
        while node != dst {
            let c = self.routes[node as usize * self.n_nodes + dst as usize];
            if c == NO_ROUTE {
                break;
            }
            let ch = &self.channels[c as usize];
            mtu = mtu.min(ch.mtu);
            node = ch.to;
        }
        if mtu == u32::MAX {
            1500
        } else {
            mtu
        }
    }
}

/// The analytic bounds of every TCP flow under its scenario's own conditions,
/// with its max-min fair share (which needs every flow's window bound).
fn scenario_bounds(s: &Scenario) -> Vec<Option<FlowBounds>> {
    let mut bounds: Vec<Option<FlowBounds>> = (0..s.flows.len())
        .map(|i| flow_bounds(s, i, &BoundConditions::for_flow(s, i)?))
        .collect();
    let windows: Vec<Option<f64>> = bounds
        .iter()
        .map(|b| b.as_ref().map(|b| b.window_bps).filter(|w| w.is_finite()))
        .collect();
    for (b, steps) in bounds.iter_mut().zip(fair_share_steps(s, &windows)) {
        if let Some(b) = b {
            b.fair_share_bps = steps.last().map_or(f64::INFINITY, |x| x.bps);
            b.fair_share_steps = steps;
        }
    }
    bounds
}

/// The settings of one direction of a link: the link's own, or for b→a
/// those `reverse` overrides. A reverse `rate_bps` without its own
/// `rate_changes` or `trace` means a fixed rate in that direction.
struct Direction<'a> {
    rate_bps: f64,
    delay_ms: f64,
    queue: &'a QueueSpec,
    rate_changes: &'a [RateChange],
    trace: Option<&'a TraceSpec>,
}

impl<'a> Direction<'a> {
    fn of(l: &'a Link, a_to_b: bool) -> Self {
        let fwd = Direction {
            rate_bps: l.rate_bps,
            delay_ms: l.delay_ms,
            queue: &l.queue,
            rate_changes: &l.rate_changes,
            trace: l.trace.as_ref(),
        };
        let Some(r) = l.reverse.as_ref().filter(|_| !a_to_b) else {
            return fwd;
        };
        let own_rate = r.rate_bps.is_some();
        Direction {
            rate_bps: r.rate_bps.unwrap_or(l.rate_bps),
            delay_ms: r.delay_ms.unwrap_or(l.delay_ms),
            queue: r.queue.as_ref().unwrap_or(&l.queue),
            rate_changes: match (&r.rate_changes, own_rate || r.trace.is_some()) {
                (Some(v), _) => v,
                (None, true) => &[],
                (None, false) => &l.rate_changes,
            },
            trace: match (&r.trace, own_rate || r.rate_changes.is_some()) {
                (Some(t), _) => Some(t),
                (None, true) => None,
                (None, false) => l.trace.as_ref(),
            },
        }
    }
}
