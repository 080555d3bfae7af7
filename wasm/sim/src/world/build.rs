//! Building a world from a validated scenario: channels, routes, flows.

use super::flow::{Endpoints, FlowRt, HostRt};
use super::{Event, World, NO_ROUTE};
use crate::app::{self, OnOff, UdpSource};
use crate::cc;
use crate::engine::time::{self, Time};
use crate::engine::{EventQueue, Rng};
use crate::host::{HostParams, HostPipeline};
use crate::metrics::bounds::{flow_bounds, BoundConditions, FlowBounds};
use crate::metrics::trace::Trace;
use crate::net::loss::LossModel;
use crate::net::packet::MAX_SACK_BLOCKS;
use crate::net::routing::{adjacency_by_id, channel_index};
use crate::net::Channel;
use crate::queue;
use crate::scenario::validate::{tcp_header_bytes, LOOPBACK_MTU};
use crate::scenario::{DelayedAck, Flow, Protocol, Recovery, Scenario};
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
                let rev = l.reverse.as_ref().filter(|_| !a_to_b);
                let rate = rev.and_then(|r| r.rate_bps).unwrap_or(l.rate_bps);
                let qspec = rev.and_then(|r| r.queue.as_ref()).unwrap_or(&l.queue);
                let id = format!("{}:{}", l.id, if a_to_b { "a>b" } else { "b>a" });
                debug_assert_eq!(channels.len(), channel_index(li, a_to_b));
                let rate_bps = rate.round().max(1.0) as u64;
                let link = queue::LinkInfo {
                    rate_bps,
                    mtu: l.mtu_bytes,
                    flow_ids: &flow_ids,
                };
                channels.push(Channel {
                    link: li,
                    a_to_b,
                    from,
                    to,
                    rate_bps,
                    delay: time::millis(l.delay_ms),
                    jitter: time::millis(l.jitter_ms),
                    mtu: l.mtu_bytes,
                    qdisc: queue::build(qspec, &link),
                    loss: l.loss.as_ref().map(LossModel::from_spec),
                    rng: Rng::for_component(seed, &format!("link:{id}")),
                    transmitting: None,
                    pipe: Default::default(),
                    tx_packets: 0,
                    tx_bytes: 0,
                    busy_time: 0,
                    drops: [0; 4],
                    wait_sum: 0,
                    wait_count: 0,
                    wake_at: None,
                });
                channel_ids.push(id);
            }
        }

        // Routes towards every host that ends a flow (data one way, ACKs the other).
        let mut routes = vec![NO_ROUTE; n_nodes * n_nodes];
        let mut endpoints: Vec<usize> = s
            .flows
            .iter()
            .flat_map(|f| [adj.index[&f.src], adj.index[&f.dst]])
            .collect();
        endpoints.sort_unstable();
        endpoints.dedup();
        for dst in endpoints {
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
            bounds: (0..s.flows.len()).map(|i| bounds_for_flow(s, i)).collect(),
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
        };

        for (fi, f) in s.flows.iter().enumerate() {
            let src = adj.index[&f.src] as u32;
            let dst = adj.index[&f.dst] as u32;
            let path_mtu = world.path_mtu(src, dst);
            let flow = world.build_flow(fi as u32, f, src, dst, path_mtu, seed);
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
        fi: u32,
        f: &Flow,
        src: u32,
        dst: u32,
        path_mtu: u32,
        seed: u64,
    ) -> FlowRt {
        let ends = match f.protocol {
            Protocol::Tcp => {
                let t = &f.tcp;
                let header_bytes = tcp_header_bytes(t.timestamps);
                let mss = t.mss_bytes.unwrap_or(path_mtu - header_bytes);
                let cfg = SenderConfig {
                    mss,
                    header_bytes,
                    min_rto: time::millis(t.min_rto_ms),
                    granularity: time::millis(t.timer_granularity_ms).max(1),
                    recovery: t.recovery,
                    timestamps: t.timestamps,
                    send_buffer: t.send_buffer_bytes,
                    pacing: t.pacing,
                    app_bytes: app::tcp_app_bytes(&f.source),
                };
                let cc = cc::build_for_flow(
                    f.cc,
                    &f.cc_params,
                    &cc::CcContext {
                        mss,
                        initial_cwnd_segments: t.initial_window_segments,
                        seed: Rng::for_component(seed, &format!("cc:{}", f.id)).next_u64(),
                    },
                    &cc::StackInit {
                        initial_ssthresh_segments: t.initial_ssthresh_segments,
                        byte_counting: t.byte_counting,
                    },
                );
                let rcfg = ReceiverConfig {
                    buffer: t.receive_buffer_bytes,
                    delayed_ack: match t.delayed_ack {
                        DelayedAck::Off => None,
                        DelayedAck::Linux => Some(LINUX_DELACK),
                        DelayedAck::Rfc => Some(RFC_DELACK),
                    },
                    go_back_n: t.recovery == Recovery::GoBackN,
                    sack: t.recovery == Recovery::Sack,
                    ack_bytes: header_bytes,
                    max_sack_blocks: if t.timestamps { 3 } else { MAX_SACK_BLOCKS },
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
            start: time::secs(f.start_s),
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

    /// Smallest MTU on the route from src to dst (the loopback device's for a
    /// flow to itself).
    fn path_mtu(&self, src: u32, dst: u32) -> u32 {
        if src == dst {
            return LOOPBACK_MTU;
        }
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

/// The analytic bounds of a TCP flow under its scenario's own conditions.
fn bounds_for_flow(s: &Scenario, i: usize) -> Option<FlowBounds> {
    flow_bounds(s, i, &BoundConditions::for_flow(s, i)?)
}
