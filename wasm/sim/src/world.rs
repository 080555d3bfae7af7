//! The world: builds a scenario into channels, hosts and flows, runs the
//! event loop, and samples the traces on a fixed grid. Callers advance it to
//! a simulated time in chunks; it never reads a clock.

use crate::cc;
use crate::engine::time::{self, Time};
use crate::engine::{EventQueue, Rng};
use crate::metrics::fairness::jain_index;
use crate::metrics::summary::{FlowSummary, LinkSummary, Summary};
use crate::metrics::trace::{Column, Trace};
use crate::net::packet::TCP_IP_HEADER_BYTES;
use crate::net::routing::{adjacency_by_id, channel_index};
use crate::net::{Channel, Packet, PacketKind};
use crate::queue::{self, DropReason, QueueCtx};
use crate::scenario::Scenario;
use crate::tcp::rtt::{DEFAULT_GRANULARITY, LINUX_MIN_RTO};
use crate::tcp::{SenderConfig, TcpReceiver, TcpSender};

const NO_ROUTE: u32 = u32::MAX;
/// Default receive buffer: large enough never to limit the foundation's flows.
const DEFAULT_RECEIVE_BUFFER: u64 = 1 << 40;
/// Initial window, RFC 6928 (Linux and ns-3 default).
const INITIAL_WINDOW_SEGMENTS: u32 = 10;

#[derive(Clone, Copy, Debug)]
enum Event {
    FlowStart(u32),
    TxDone(u32),
    Arrive(u32),
    Rto(u32),
    Sample,
    /// A shaping qdisc asked to be polled again (Qdisc::next_wakeup).
    QueueWake(u32),
}

struct FlowRt {
    id: String,
    start: Time,
    started: bool,
    sender: TcpSender,
    receiver: TcpReceiver,
    /// Earliest pending retransmission-timer event (lazy cancellation).
    timer_at: Option<Time>,
    delivered_at_last_sample: u64,
    cwnd_sum: f64,
    cwnd_samples: u64,
}

/// Packet accounting for the conservation invariant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Conservation {
    pub created: u64,
    pub delivered: u64,
    pub dropped: u64,
    pub held: u64,
}

pub struct World {
    name: String,
    now: Time,
    end: Time,
    events: EventQueue<Event>,
    channels: Vec<Channel>,
    channel_ids: Vec<String>,
    n_nodes: usize,
    /// routes[node * n_nodes + dst]: outgoing channel towards dst.
    routes: Vec<u32>,
    flows: Vec<FlowRt>,
    trace: Trace,
    sample_interval: Time,
    row: Vec<f64>,
    out: Vec<Packet>,
    dropped: Vec<(Packet, DropReason)>,
    next_uid: u64,
    counts: Conservation,
    finished: bool,
}

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
                let dir = if a_to_b { "a>b" } else { "b>a" };
                let id = format!("{}:{}", l.id, dir);
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
                    mtu: l.mtu_bytes,
                    qdisc: queue::build(qspec, &link),
                    rng: Rng::for_component(seed, &format!("link:{id}")),
                    transmitting: None,
                    pipe: Default::default(),
                    tx_packets: 0,
                    tx_bytes: 0,
                    busy_time: 0,
                    drops: [0; 4],
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
            trace: Trace::new(Vec::new()),
            sample_interval: time::millis(s.sample_interval_ms).max(1),
            row: Vec::new(),
            out: Vec::with_capacity(64),
            dropped: Vec::with_capacity(16),
            next_uid: 0,
            counts: Conservation::default(),
            finished: false,
        };

        for (fi, f) in s.flows.iter().enumerate() {
            let src = adj.index[&f.src] as u32;
            let dst = adj.index[&f.dst] as u32;
            let mss = world.path_mtu(src, dst) - TCP_IP_HEADER_BYTES;
            let cfg = SenderConfig {
                mss,
                min_rto: LINUX_MIN_RTO,
                clock_granularity: DEFAULT_GRANULARITY,
                app_bytes: crate::app::app_bytes(f.protocol),
            };
            let cc = cc::build(f.cc, mss, INITIAL_WINDOW_SEGMENTS);
            let start = time::secs(f.start_s);
            world.flows.push(FlowRt {
                id: f.id.clone(),
                start,
                started: false,
                sender: TcpSender::new(fi as u32, src, dst, cfg, cc),
                receiver: TcpReceiver::new(DEFAULT_RECEIVE_BUFFER),
                timer_at: None,
                delivered_at_last_sample: 0,
                cwnd_sum: 0.0,
                cwnd_samples: 0,
            });
            world.events.schedule(start, Event::FlowStart(fi as u32));
        }

        world.trace = Trace::new(world.build_columns());
        world.row = vec![0.0; world.trace.width()];
        world.events.schedule(0, Event::Sample);
        world
    }

    fn build_columns(&self) -> Vec<Column> {
        let mut cols = vec![Column::new("time", "", "t", "s")];
        for f in &self.flows {
            for (metric, unit) in FLOW_METRICS {
                cols.push(Column::new("flow", &f.id, metric, unit));
            }
        }
        for id in &self.channel_ids {
            for (metric, unit) in LINK_METRICS {
                cols.push(Column::new("link", id, metric, unit));
            }
        }
        cols
    }

    /// Smallest MTU on the route from src to dst.
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

    // ---- running ---------------------------------------------------------

    /// Run events up to simulated time `until` (clamped to the end of the run),
    /// at most `max_events` of them. Returns true once the run is finished.
    pub fn advance(&mut self, until: Time, max_events: u64) -> bool {
        let until = until.min(self.end);
        let mut n = 0;
        while let Some(t) = self.events.peek_time() {
            if t > until || n >= max_events {
                break;
            }
            let (t, ev) = self.events.pop().expect("peeked");
            debug_assert!(t >= self.now, "time went backwards");
            self.now = t;
            n += 1;
            self.handle(ev);
        }
        match self.events.peek_time() {
            Some(t) if t <= until => {} // stopped by max_events
            Some(t) if t <= self.end => self.now = self.now.max(until),
            _ => {
                self.now = self.end;
                self.finished = true;
            }
        }
        self.finished
    }

    /// Run to the end.
    pub fn run(&mut self) {
        while !self.advance(self.end, u64::MAX) {}
    }

    fn handle(&mut self, ev: Event) {
        match ev {
            Event::FlowStart(f) => {
                let fl = &mut self.flows[f as usize];
                fl.started = true;
                fl.sender.start(self.now, &mut self.out);
                self.send_out(f);
            }
            Event::TxDone(c) => self.on_tx_done(c as usize),
            Event::Arrive(c) => self.on_arrive(c as usize),
            Event::Rto(f) => self.on_timer(f),
            Event::Sample => self.sample(),
            Event::QueueWake(c) => {
                let ch = &mut self.channels[c as usize];
                if ch.wake_at == Some(self.now) {
                    ch.wake_at = None;
                }
                self.start_tx(c as usize);
            }
        }
    }

    fn on_tx_done(&mut self, c: usize) {
        let ch = &mut self.channels[c];
        let pkt = ch.transmitting.take().expect("TxDone without a packet");
        ch.tx_packets += 1;
        ch.tx_bytes += pkt.size as u64;
        let arrive = self.now + ch.delay;
        ch.pipe.push_back((arrive, pkt));
        if ch.pipe.len() == 1 {
            self.events.schedule(arrive, Event::Arrive(c as u32));
        }
        self.start_tx(c);
    }

    fn on_arrive(&mut self, c: usize) {
        let ch = &mut self.channels[c];
        let (_, pkt) = ch.pipe.pop_front().expect("Arrive without a packet");
        if let Some(&(next, _)) = ch.pipe.front() {
            self.events.schedule(next, Event::Arrive(c as u32));
        }
        let node = ch.to;
        self.receive(node, pkt);
    }

    fn receive(&mut self, node: u32, pkt: Packet) {
        if pkt.dst != node {
            self.forward(node, pkt);
            return;
        }
        self.counts.delivered += 1;
        let f = pkt.flow as usize;
        match pkt.kind {
            PacketKind::Data => {
                let ack = self.flows[f].receiver.on_data(&pkt, self.now);
                self.out.push(ack);
            }
            PacketKind::Ack => {
                self.flows[f].sender.on_ack(&pkt, self.now, &mut self.out);
            }
        }
        self.send_out(f as u32);
    }

    fn on_timer(&mut self, f: u32) {
        let now = self.now;
        let fl = &mut self.flows[f as usize];
        if fl.timer_at == Some(now) {
            fl.timer_at = None;
        }
        if fl.sender.rto_deadline().is_some_and(|d| d <= now) {
            fl.sender.on_rto(now, &mut self.out);
        }
        self.send_out(f);
    }

    /// Send what the flow's endpoints produced and re-arm its timer.
    fn send_out(&mut self, f: u32) {
        let mut out = std::mem::take(&mut self.out);
        for mut p in out.drain(..) {
            p.uid = self.next_uid;
            self.next_uid += 1;
            self.counts.created += 1;
            self.forward(p.src, p);
        }
        self.out = out;
        let fl = &mut self.flows[f as usize];
        if let Some(d) = fl.sender.rto_deadline() {
            if fl.timer_at.is_none_or(|t| t > d) {
                fl.timer_at = Some(d);
                self.events.schedule(d, Event::Rto(f));
            }
        }
    }

    fn forward(&mut self, node: u32, pkt: Packet) {
        let c = self.routes[node as usize * self.n_nodes + pkt.dst as usize];
        if c == NO_ROUTE {
            self.counts.dropped += 1;
            return;
        }
        let c = c as usize;
        let ch = &mut self.channels[c];
        let mut ctx = QueueCtx {
            now: self.now,
            rng: &mut ch.rng,
            dropped: &mut self.dropped,
        };
        ch.qdisc.enqueue(pkt, &mut ctx);
        self.account_drops(c);
        if self.channels[c].transmitting.is_none() {
            self.start_tx(c);
        }
    }

    fn start_tx(&mut self, c: usize) {
        let ch = &mut self.channels[c];
        if ch.transmitting.is_some() {
            return;
        }
        let mut ctx = QueueCtx {
            now: self.now,
            rng: &mut ch.rng,
            dropped: &mut self.dropped,
        };
        if let Some(p) = ch.qdisc.dequeue(&mut ctx) {
            let tx = time::transmission_time(p.size as u64, ch.rate_bps);
            ch.busy_time += tx;
            ch.transmitting = Some(p);
            self.events.schedule(self.now + tx, Event::TxDone(c as u32));
        } else if ch.qdisc.len_packets() > 0 {
            // A shaper holds packets back: poll it again when it says.
            if let Some(t) = ch.qdisc.next_wakeup(self.now) {
                let t = t.max(self.now + 1);
                if ch.wake_at != Some(t) {
                    ch.wake_at = Some(t);
                    self.events.schedule(t, Event::QueueWake(c as u32));
                }
            }
        }
        self.account_drops(c);
    }

    fn account_drops(&mut self, c: usize) {
        for (_, reason) in self.dropped.drain(..) {
            self.channels[c].count_drop(reason);
            self.counts.dropped += 1;
        }
    }

    fn sample(&mut self) {
        let t = self.now;
        let interval_s = time::to_secs(self.sample_interval);
        let mut i = 0;
        self.row[i] = time::to_secs(t);
        i += 1;
        for fl in &mut self.flows {
            let s = &fl.sender;
            let mss = s.mss() as f64;
            let delivered = fl.receiver.delivered();
            let cwnd = if fl.started {
                s.cwnd() as f64 / mss
            } else {
                0.0
            };
            let ssthresh = match s.ssthresh() {
                u64::MAX => 0.0,
                v => v as f64 / mss,
            };
            let goodput = (delivered - fl.delivered_at_last_sample) as f64 * 8.0 / interval_s;
            fl.delivered_at_last_sample = delivered;
            if fl.started {
                fl.cwnd_sum += cwnd;
                fl.cwnd_samples += 1;
            }
            let values = [
                cwnd,
                ssthresh,
                s.rtt().srtt() as f64 / 1e6,
                s.inflight() as f64 / mss,
                delivered as f64,
                goodput,
                s.stats.retransmitted_segments as f64,
                s.state() as u8 as f64,
            ];
            self.row[i..i + values.len()].copy_from_slice(&values);
            i += values.len();
        }
        for ch in &self.channels {
            let values = [
                ch.qdisc.len_packets() as f64,
                ch.qdisc.len_bytes() as f64,
                ch.total_drops() as f64,
            ];
            self.row[i..i + values.len()].copy_from_slice(&values);
            i += values.len();
        }
        self.trace.push_row(&self.row);
        let next = t + self.sample_interval;
        if next <= self.end {
            self.events.schedule(next, Event::Sample);
        } else if t < self.end {
            self.events.schedule(self.end, Event::Sample);
        }
    }

    // ---- reading ---------------------------------------------------------

    pub fn now(&self) -> Time {
        self.now
    }
    pub fn end(&self) -> Time {
        self.end
    }
    pub fn is_finished(&self) -> bool {
        self.finished
    }
    pub fn events_processed(&self) -> u64 {
        self.events.popped()
    }
    pub fn columns(&self) -> &[Column] {
        self.trace.columns()
    }
    /// Rows sampled since the last drain, row-major.
    pub fn drain(&mut self) -> Vec<f64> {
        self.trace.drain()
    }
    pub fn trace_hash(&self) -> String {
        self.trace.hash()
    }
    pub fn rows(&self) -> u64 {
        self.trace.rows()
    }

    /// Packet accounting: created = delivered + dropped + held must hold at every instant.
    pub fn conservation(&self) -> Conservation {
        let held = self.channels.iter().map(|c| c.held_packets() as u64).sum();
        Conservation {
            held,
            ..self.counts
        }
    }

    /// Bytes delivered in order at each flow's receiver.
    pub fn delivered_bytes(&self) -> Vec<u64> {
        self.flows.iter().map(|f| f.receiver.delivered()).collect()
    }

    pub fn summary(&self) -> Summary {
        let flows: Vec<FlowSummary> = self
            .flows
            .iter()
            .map(|f| {
                let open = time::to_secs(self.now.saturating_sub(f.start));
                let delivered = f.receiver.delivered();
                FlowSummary {
                    id: f.id.clone(),
                    goodput_bps: if open > 0.0 {
                        delivered as f64 * 8.0 / open
                    } else {
                        0.0
                    },
                    delivered_bytes: delivered,
                    retransmitted_segments: f.sender.stats.retransmitted_segments,
                    fast_retransmits: f.sender.stats.fast_retransmits,
                    timeouts: f.sender.stats.timeouts,
                    mean_cwnd_segments: if f.cwnd_samples > 0 {
                        f.cwnd_sum / f.cwnd_samples as f64
                    } else {
                        0.0
                    },
                }
            })
            .collect();
        let run_s = time::to_secs(self.now);
        let links = self
            .channels
            .iter()
            .zip(&self.channel_ids)
            .map(|(c, id)| LinkSummary {
                id: id.split(':').next().unwrap_or_default().to_string(),
                direction: if c.a_to_b { "a>b" } else { "b>a" }.to_string(),
                drops: c.total_drops(),
                tx_packets: c.tx_packets,
                tx_bytes: c.tx_bytes,
                utilisation: if run_s > 0.0 {
                    (time::to_secs(c.busy_time) / run_s).min(1.0)
                } else {
                    0.0
                },
            })
            .collect();
        let goodputs: Vec<f64> = flows.iter().map(|f| f.goodput_bps).collect();
        Summary {
            name: self.name.clone(),
            simulated_time_s: run_s,
            events: self.events.popped(),
            jain_index: jain_index(&goodputs),
            flows,
            links,
            trace_hash: self.trace.hash(),
        }
    }
}

/// Per-flow trace columns: (metric, unit).
pub const FLOW_METRICS: [(&str, &str); 8] = [
    ("cwnd", "segments"),
    ("ssthresh", "segments"),
    ("srtt", "ms"),
    ("inflight", "segments"),
    ("delivered", "bytes"),
    ("goodput", "b/s"),
    ("retransmits", "segments"),
    ("state", "enum"),
];

/// Per-direction link trace columns: (metric, unit).
pub const LINK_METRICS: [(&str, &str); 3] = [
    ("queue", "packets"),
    ("queue_bytes", "bytes"),
    ("drops", "packets"),
];
