//! The world: a scenario built into channels, hosts and flows; the event loop;
//! traces sampled on a fixed grid. Callers advance it to a simulated time in
//! chunks; it never reads a clock.

mod build;
pub mod capture;
pub mod capture_paths;
mod cc_switch;
mod flow;
mod handshake;
#[cfg(test)]
mod net_tests;
pub mod pcap;
mod sample;

use crate::engine::time::Time;
use crate::engine::EventQueue;
use crate::metrics::trace::Trace;
use crate::net::packet::fragment_sizes;
use crate::net::{Channel, Packet, PacketKind};
use crate::queue::{DropReason, QueueCtx};
use capture::{Capture, CapturePoint};
use capture_paths::{Passage, PathLog};
use flow::{Endpoints, FlowRt, HostRt};
use pcap::PcapFlow;

pub use sample::{FLOW_METRICS, LINK_METRICS};

const NO_ROUTE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
enum Event {
    FlowStart(u32),
    TxDone(u32),
    Arrive(u32),
    /// The sender's timer: the RTO, RACK's reordering timer or the loss probe.
    Rto(u32),
    DelAck(u32),
    Pace(u32),
    AppToggle(u32),
    UdpSend(u32),
    /// The head of a host's receive FIFO reaches TCP.
    HostRx(u32),
    /// The head of a host's send FIFO reaches the wire.
    HostTx(u32),
    /// A shaping qdisc asked to be polled again (Qdisc::next_wakeup).
    QueueWake(u32),
    /// A flow's timed congestion-control switch trigger is due.
    CcTimer(u32),
    /// A flow's SYN or SYN-ACK timer is due (tcp/handshake.rs).
    Handshake(u32),
    /// The head of a flow's user-level receive queue has been processed.
    AppRx(u32),
    Sample,
}

/// Index bits of a packed event; validation keeps every index far below
/// (at most 1,000 nodes and flows, 2,000 links).
const INDEX_BITS: u32 = crate::engine::event::EVENT_BITS - 4;

/// `Packed` for `Event`: each indexed variant with its 4-bit tag, listed
/// once for both directions; `Sample` (no index) is tag 12.
macro_rules! pack_events {
    ($($tag:literal => $variant:ident),* $(,)?) => {
        impl crate::engine::event::Packed for Event {
            fn pack(&self) -> u32 {
                let (tag, i) = match *self {
                    $(Event::$variant(i) => ($tag, i),)*
                    Event::Sample => (12, 0),
                };
                debug_assert!(i < 1 << INDEX_BITS);
                tag << INDEX_BITS | i
            }

            fn unpack(bits: u32) -> Self {
                let i = bits & ((1 << INDEX_BITS) - 1);
                match bits >> INDEX_BITS {
                    $($tag => Event::$variant(i),)*
                    _ => Event::Sample,
                }
            }
        }
    };
}

pack_events! {
    0 => FlowStart,
    1 => TxDone,
    2 => Arrive,
    3 => Rto,
    4 => DelAck,
    5 => Pace,
    6 => AppToggle,
    7 => UdpSend,
    8 => HostRx,
    9 => HostTx,
    10 => QueueWake,
    11 => CcTimer,
    13 => Handshake,
    14 => AppRx,
}

/// Packet accounting for the conservation invariant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Conservation {
    pub created: u64,
    pub delivered: u64,
    pub dropped: u64,
    pub held: u64,
}

/// A TCP flow's sequence space at one instant, for invariant checks (the
/// property tests and the fuzz targets): what the sender has sent and has had
/// acknowledged, and what the receiver holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TcpStreamState {
    pub snd_una: u64,
    pub snd_max: u64,
    /// The receiver's next expected byte: bytes delivered in order.
    pub rcv_nxt: u64,
    /// Ranges the receiver holds above rcv_nxt, in order.
    pub out_of_order: Vec<(u64, u64)>,
}

/// The next event of a world (`World::next_event`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct NextEvent {
    pub time: Time,
    /// What happens: `arrive`, `transmit_done`, `sender_timer`, `sample`, ….
    pub kind: &'static str,
    /// To what: a flow id, a link direction (`bottleneck:a>b`) or a node.
    pub target: String,
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
    /// Per node: the end-host pipeline, for hosts that are not ideal.
    hosts: Vec<Option<HostRt>>,
    /// Per flow: its analytic throughput bounds (TCP flows).
    bounds: Vec<Option<crate::metrics::bounds::FlowBounds>>,
    trace: Trace,
    sample_interval: Time,
    row: Vec<f64>,
    /// Per channel at the last sample: (busy time, wait sum, wait count).
    channel_marks: Vec<(Time, Time, u64)>,
    out: Vec<Packet>,
    dropped: Vec<(Packet, DropReason)>,
    next_uid: u64,
    counts: Conservation,
    data_delivered: u64,
    finished: bool,
    /// Packet captures, when asked for (`World::capture`); empty costs nothing.
    captures: Vec<Capture>,
    /// Every packet's passage through every channel, when asked for (`World::log_paths`).
    paths: Option<PathLog>,
    /// With captures on: the packets a sender's timer sent (by uid), with
    /// `capture::FLAG_TLP` or `FLAG_RTO`, until they reach the wire.
    timer_sent: Vec<(u64, u32)>,
    /// While a timer's packets are sent: its flag.
    sending_for_timer: u32,
}

impl World {
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
        for ch in &mut self.channels {
            ch.catch_up(self.now);
        }
        self.finished
    }

    /// Run to the end.
    pub fn run(&mut self) {
        while !self.advance(self.end, u64::MAX) {}
    }

    fn handle(&mut self, ev: Event) {
        match ev {
            Event::FlowStart(f) => self.on_flow_start(f),
            Event::TxDone(c) => self.on_tx_done(c as usize),
            Event::Arrive(c) => self.on_arrive(c as usize),
            Event::Rto(f) => self.on_rto(f),
            Event::DelAck(f) => self.on_delack(f),
            Event::Pace(f) => self.on_pace(f),
            Event::AppToggle(f) => self.on_app_toggle(f),
            Event::UdpSend(f) => self.on_udp_send(f),
            Event::HostRx(n) => self.on_host_rx(n),
            Event::HostTx(n) => self.on_host_tx(n),
            Event::QueueWake(c) => {
                let ch = &mut self.channels[c as usize];
                if ch.wake_at == Some(self.now) {
                    ch.wake_at = None;
                }
                self.start_tx(c as usize);
            }
            Event::CcTimer(f) => self.on_cc_timer(f),
            Event::Handshake(f) => self.on_handshake_timer(f),
            Event::AppRx(f) => self.on_app_rx(f),
            Event::Sample => self.sample(),
        }
    }

    /// A flow opens: its SYN, or its data when it has no handshake.
    fn on_flow_start(&mut self, f: u32) {
        let now = self.now;
        if let Some(h) = self.flows[f as usize].handshake.as_mut() {
            h.open(now, &mut self.out);
            self.send_out(f);
        } else {
            self.open_data(f, None);
        }
    }

    fn on_app_toggle(&mut self, f: u32) {
        let now = self.now;
        let fl = &mut self.flows[f as usize];
        let Some(o) = fl.onoff.as_mut() else { return };
        o.on = !o.on;
        let on = o.on;
        let period = o.period(&mut fl.rng);
        self.events.schedule(now + period, Event::AppToggle(f));
        match &mut fl.ends {
            Endpoints::Tcp { sender, .. } => {
                // On: endless data; off: the application stops writing.
                let limit = if on { u64::MAX } else { sender.snd_max() };
                sender.set_app_limit(limit, now, &mut self.out);
            }
            Endpoints::Udp { source, .. } => {
                if on {
                    let gap = source.first_gap(&mut fl.rng);
                    self.events.schedule(now + gap, Event::UdpSend(f));
                }
            }
        }
        self.send_out(f);
    }

    fn on_udp_send(&mut self, f: u32) {
        let now = self.now;
        let fl = &mut self.flows[f as usize];
        if fl.onoff.as_ref().is_some_and(|o| !o.on) {
            return; // an off period began; the next on period reschedules
        }
        let (src, dst) = (fl.src, fl.dst);
        if let Endpoints::Udp { source, .. } = &mut fl.ends {
            let p = source.datagram(f, src, dst, now, &mut fl.rng);
            let gap = source.gap(&mut fl.rng);
            self.out.push(p);
            self.events.schedule(now + gap, Event::UdpSend(f));
        }
        self.send_out(f);
    }

    fn on_tx_done(&mut self, c: usize) {
        let now = self.now;
        let ch = &mut self.channels[c];
        let pkt = ch.transmitting.take().expect("TxDone without a packet");
        ch.tx_packets += 1;
        ch.tx_bytes += pkt.size as u64;
        let lost = match ch.loss.as_mut() {
            Some(m) => m.lose(&pkt, now, &mut ch.rng),
            None => false,
        };
        let arrive = if lost {
            ch.count_drop(DropReason::Impairment);
            self.counts.dropped += 1;
            for cap in &mut self.captures {
                cap.observe_drop(now, &pkt, c, DropReason::Impairment.index());
            }
            None
        } else {
            Some(ch.arrival_time(now))
        };
        if let Some(log) = self.paths.as_mut() {
            log.record(
                &pkt,
                Passage {
                    channel: c,
                    enqueued: pkt.enqueued_at,
                    start: ch.tx_started,
                    done: Some(now),
                    arrive,
                    drop_reason: lost.then_some(DropReason::Impairment.index()),
                },
            );
        }
        if let Some(arrive) = arrive {
            ch.pipe.push_back((arrive, pkt));
            if ch.pipe.len() == 1 {
                self.events.schedule(arrive, Event::Arrive(c as u32));
            }
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
            self.forward(node, &pkt);
            return;
        }
        let now = self.now;
        for c in &mut self.captures {
            c.observe(now, &pkt, false);
        }
        if let Some(h) = self.hosts[node as usize].as_mut() {
            let arrival = if pkt.kind == PacketKind::Ack {
                h.pipeline.on_ack_arrival(now, pkt.size)
            } else {
                h.pipeline.on_wire_arrival(now, pkt.size)
            };
            match arrival {
                Err(_) => {
                    h.nic_overruns += 1;
                    self.counts.dropped += 1;
                    return;
                }
                Ok(t) if t > now || !h.rx.is_empty() => {
                    let t = h.rx.back().map_or(t, |&(last, _)| t.max(last));
                    h.rx.push_back((t, pkt));
                    if h.rx.len() == 1 {
                        self.events.schedule(t, Event::HostRx(node));
                    }
                    return;
                }
                Ok(_) => {}
            }
        }
        self.deliver(&pkt);
    }

    fn on_host_rx(&mut self, node: u32) {
        let h = self.hosts[node as usize].as_mut().expect("host");
        let (_, pkt) = h.rx.pop_front().expect("HostRx without a packet");
        if let Some(&(next, _)) = h.rx.front() {
            self.events.schedule(next, Event::HostRx(node));
        }
        self.deliver(&pkt);
    }

    fn on_host_tx(&mut self, node: u32) {
        let h = self.hosts[node as usize].as_mut().expect("host");
        let (_, pkt) = h.tx.pop_front().expect("HostTx without a packet");
        if let Some(&(next, _)) = h.tx.front() {
            self.events.schedule(next, Event::HostTx(node));
        }
        self.emit(&pkt);
    }

    /// A TCP segment through its host goes to the flow's user-level process
    /// when it has one (paper 001), which may overrun; everything else goes
    /// straight to its endpoint.
    fn deliver(&mut self, pkt: &Packet) {
        if pkt.kind == PacketKind::Data {
            let now = self.now;
            if let Some(u) = self.flows[pkt.flow as usize].user.as_mut() {
                match u.accept(now, pkt) {
                    Some(done) if u.queue.len() == 1 => {
                        self.events.schedule(done, Event::AppRx(pkt.flow));
                    }
                    Some(_) => {}
                    None => self.counts.dropped += 1,
                }
                return;
            }
        }
        self.hand_over(pkt);
    }

    fn on_app_rx(&mut self, f: u32) {
        let u = self.flows[f as usize]
            .user
            .as_mut()
            .expect("user-level flow");
        let (_, _, pkt) = u.queue.pop_front().expect("AppRx without a segment");
        if let Some(&(_, next, _)) = u.queue.front() {
            self.events.schedule(next, Event::AppRx(f));
        }
        self.hand_over(&pkt);
    }

    /// Hand a packet that reached its destination to TCP or the UDP sink.
    fn hand_over(&mut self, pkt: &Packet) {
        self.counts.delivered += 1;
        if pkt.is_payload() {
            self.data_delivered += 1;
        }
        if pkt.is_handshake() {
            self.on_handshake_packet(pkt);
            return;
        }
        let f = pkt.flow as usize;
        let now = self.now;
        let fl = &mut self.flows[f];
        match (&mut fl.ends, pkt.kind) {
            (Endpoints::Tcp { receiver, .. }, PacketKind::Data) => {
                if let Some(h) = fl.handshake.as_mut() {
                    // Data before the handshake's ACK: the receiver is through.
                    h.on_data_at_receiver();
                    if h.finished() {
                        fl.handshake = None;
                    }
                }
                let before = receiver.delivered();
                let ack = receiver.on_data(pkt, now);
                let after = receiver.delivered();
                // A user-level process that acknowledges once its socket is
                // empty holds the ACK of in-order data while segments wait.
                let held = after > before && fl.user.as_ref().is_some_and(|u| u.holds_ack());
                if let (Some(mut ack), false) = (ack, held) {
                    ack.flow = pkt.flow;
                    ack.src = pkt.dst;
                    ack.dst = pkt.src;
                    self.out.push(ack);
                }
                if fl.completed_at.is_none() && fl.size.is_some_and(|n| after >= n) {
                    fl.completed_at = Some(now);
                }
                if after > before {
                    fl.progressed(now);
                }
            }
            (Endpoints::Tcp { sender, .. }, PacketKind::Ack) => {
                sender.on_ack(pkt, now, &mut self.out);
                if fl.cc_run.as_ref().is_some_and(|r| r.has_srtt_trigger()) {
                    self.check_cc_switches(f as u32);
                }
            }
            (
                Endpoints::Udp {
                    received_packets,
                    received_bytes,
                    ..
                },
                PacketKind::Udp,
            ) => {
                // Validation keeps datagrams within the path MTU: no fragments here.
                *received_packets += 1;
                *received_bytes += pkt.payload as u64;
                fl.progressed(now);
            }
            _ => {}
        }
        self.send_out(f as u32);
    }

    fn on_rto(&mut self, f: u32) {
        let now = self.now;
        let fl = &mut self.flows[f as usize];
        if fl.rto_at == Some(now) {
            fl.rto_at = None;
        }
        if let Endpoints::Tcp { sender, .. } = &mut fl.ends {
            if sender.timer_deadline().is_some_and(|d| d <= now) {
                let before = (sender.stats.tlp_probes, sender.stats.timeouts);
                sender.on_timer(now, &mut self.out);
                if !self.captures.is_empty() {
                    self.sending_for_timer = if sender.stats.tlp_probes > before.0 {
                        capture::FLAG_TLP
                    } else if sender.stats.timeouts > before.1 {
                        capture::FLAG_RTO
                    } else {
                        0
                    };
                }
            }
        }
        self.send_out(f);
        self.sending_for_timer = 0;
    }

    fn on_delack(&mut self, f: u32) {
        let now = self.now;
        let fl = &mut self.flows[f as usize];
        if fl.delack_at == Some(now) {
            fl.delack_at = None;
        }
        let (src, dst) = (fl.src, fl.dst);
        if let Endpoints::Tcp { receiver, .. } = &mut fl.ends {
            if let Some(mut ack) = receiver.on_delack_timer(now) {
                ack.flow = f;
                ack.src = dst;
                ack.dst = src;
                self.out.push(ack);
            }
        }
        self.send_out(f);
    }

    fn on_pace(&mut self, f: u32) {
        let now = self.now;
        let fl = &mut self.flows[f as usize];
        if fl.pace_at == Some(now) {
            fl.pace_at = None;
        }
        if let Endpoints::Tcp { sender, .. } = &mut fl.ends {
            sender.on_pace_timer(now, &mut self.out);
        }
        self.send_out(f);
    }

    /// Send what the flow's endpoints produced and re-arm its timers. A
    /// modelled host first carries each packet through its send pipeline.
    fn send_out(&mut self, f: u32) {
        let mut out = std::mem::take(&mut self.out);
        let now = self.now;
        for p in out.iter_mut() {
            p.uid = self.next_uid;
            self.next_uid += 1;
            if self.sending_for_timer != 0 && p.is_payload() {
                self.timer_sent.push((p.uid, self.sending_for_timer));
            }
            if p.src == p.dst {
                // Loopback (paper 000 §3.4.2): memory bus and CPU only, no wire.
                let h = self.hosts[p.src as usize]
                    .as_mut()
                    .expect("validated loopback host");
                let sent = if p.kind == PacketKind::Ack {
                    h.pipeline.on_loopback_ack(now, p.size)
                } else {
                    h.pipeline.on_loopback_send(now, p.size)
                };
                self.counts.created += 1;
                let Ok(t) = sent else {
                    h.nic_overruns += 1;
                    self.counts.dropped += 1;
                    continue;
                };
                let t = h.rx.back().map_or(t, |&(last, _)| t.max(last));
                h.rx.push_back((t, *p));
                if h.rx.len() == 1 {
                    self.events.schedule(t, Event::HostRx(p.src));
                }
                continue;
            }
            if let Some(h) = self.hosts[p.src as usize].as_mut() {
                let t = if p.kind == PacketKind::Ack {
                    h.pipeline.on_ack_send(now, p.size)
                } else {
                    h.pipeline.on_app_send(now, p.size)
                };
                if t > now || !h.tx.is_empty() {
                    let t = h.tx.back().map_or(t, |&(last, _)| t.max(last));
                    h.tx.push_back((t, *p));
                    if h.tx.len() == 1 {
                        self.events.schedule(t, Event::HostTx(p.src));
                    }
                    continue;
                }
            }
            self.emit(p);
        }
        out.clear();
        self.out = out;
        self.arm_timers(f);
    }

    /// Put a packet on the wire at its source host, in IP fragments if it
    /// exceeds the flow's path MTU (RFC 791).
    fn emit(&mut self, p: &Packet) {
        let timer = match self.timer_sent.iter().position(|&(uid, _)| uid == p.uid) {
            Some(i) => self.timer_sent.swap_remove(i).1,
            None => 0,
        };
        for c in &mut self.captures {
            c.observe_sent_by(self.now, p, true, timer);
        }
        let mtu = self.flows[p.flow as usize].path_mtu;
        if p.size > mtu && p.is_payload() {
            let sizes = fragment_sizes(p.size, mtu);
            let mut frag = *p;
            frag.frag_count = sizes.len().min(255) as u8;
            for s in sizes {
                frag.size = s;
                self.counts.created += 1;
                self.forward(p.src, &frag);
            }
        } else {
            self.counts.created += 1;
            self.forward(p.src, p);
        }
    }

    fn arm_timers(&mut self, f: u32) {
        let fl = &mut self.flows[f as usize];
        let Endpoints::Tcp { sender, receiver } = &fl.ends else {
            return;
        };
        let wants = [
            (sender.timer_deadline(), &mut fl.rto_at, Event::Rto(f)),
            (
                receiver.delack_deadline(),
                &mut fl.delack_at,
                Event::DelAck(f),
            ),
            (sender.pace_wakeup(), &mut fl.pace_at, Event::Pace(f)),
            (
                fl.handshake.as_ref().and_then(|h| h.deadline()),
                &mut fl.hs_at,
                Event::Handshake(f),
            ),
        ];
        for (deadline, pending, ev) in wants {
            if let Some(d) = deadline {
                if pending.is_none_or(|t| t > d) {
                    *pending = Some(d);
                    self.events.schedule(d, ev);
                }
            }
        }
        self.arm_cc_timer(f);
    }

    /// Send a packet from `node` towards its destination (by reference: the
    /// queue or pipe it joins takes the only copy).
    fn forward(&mut self, node: u32, pkt: &Packet) {
        let c = self.routes[node as usize * self.n_nodes + pkt.dst as usize];
        if c == NO_ROUTE {
            self.counts.dropped += 1;
            return;
        }
        let c = c as usize;
        let ch = &mut self.channels[c];
        let now = self.now;
        if ch.fifo.is_some() {
            match ch.fifo_send(now, pkt.size) {
                Some(arrive) => {
                    if let (Some(log), Some(d)) =
                        (self.paths.as_mut(), ch.fifo.as_ref().and_then(|f| f.last()))
                    {
                        log.record(
                            pkt,
                            Passage {
                                channel: c,
                                enqueued: now,
                                start: d.start,
                                done: Some(d.done),
                                arrive: Some(arrive),
                                drop_reason: None,
                            },
                        );
                    }
                    let mut entered = *pkt;
                    entered.enqueued_at = now;
                    ch.pipe.push_back((arrive, entered));
                    if ch.pipe.len() == 1 {
                        self.events.schedule(arrive, Event::Arrive(c as u32));
                    }
                }
                None => {
                    ch.count_drop(DropReason::Overflow);
                    self.counts.dropped += 1;
                    for cap in &mut self.captures {
                        cap.observe_drop(now, pkt, c, DropReason::Overflow.index());
                    }
                    if let Some(log) = self.paths.as_mut() {
                        log.record(
                            pkt,
                            Passage {
                                channel: c,
                                enqueued: now,
                                start: now,
                                done: None,
                                arrive: None,
                                drop_reason: Some(DropReason::Overflow.index()),
                            },
                        );
                    }
                }
            }
            return;
        }
        let mut ctx = QueueCtx {
            now: self.now,
            rng: &mut ch.rng,
            dropped: &mut self.dropped,
        };
        let mut entered = *pkt;
        entered.enqueued_at = now;
        ch.qdisc.enqueue(entered, &mut ctx);
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
        // A trace-driven link sends only at its delivery opportunities (net/channel.rs).
        if let Some(t) = ch.send_wait(self.now) {
            if ch.qdisc.len_packets() > 0 && ch.wake_at != Some(t) {
                ch.wake_at = Some(t);
                self.events.schedule(t, Event::QueueWake(c as u32));
            }
            return;
        }
        let mut ctx = QueueCtx {
            now: self.now,
            rng: &mut ch.rng,
            dropped: &mut self.dropped,
        };
        if let Some(p) = ch.qdisc.dequeue(&mut ctx) {
            let (done, busy) = ch.serialise(self.now, p.size);
            ch.busy_time += busy;
            ch.wait_sum += self.now - p.enqueued_at;
            ch.wait_count += 1;
            ch.transmitting = Some(p);
            ch.tx_started = self.now;
            self.events.schedule(done, Event::TxDone(c as u32));
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
        for (p, reason) in self.dropped.drain(..) {
            self.channels[c].count_drop(reason);
            self.counts.dropped += 1;
            for cap in &mut self.captures {
                cap.observe_drop(self.now, &p, c, reason.index());
            }
            if let Some(log) = self.paths.as_mut() {
                log.record(
                    &p,
                    Passage {
                        channel: c,
                        enqueued: p.enqueued_at,
                        start: self.now,
                        done: None,
                        arrive: None,
                        drop_reason: Some(reason.index()),
                    },
                );
            }
        }
    }

    // ---- reading ---------------------------------------------------------

    /// Capture flow `flow_id`'s packets at its sender or receiver from now on,
    /// besides the captures already on; returns the new capture's number.
    pub fn capture(&mut self, flow_id: &str, at: CapturePoint) -> Result<usize, String> {
        let f = self
            .flows
            .iter()
            .position(|f| f.id == flow_id)
            .ok_or_else(|| format!("no flow '{flow_id}' in this scenario"))?;
        let flow = &self.flows[f];
        let node = match at {
            CapturePoint::Sender => flow.src,
            CapturePoint::Receiver => flow.dst,
        };
        let pcap = PcapFlow {
            src_port: flow.ports.0,
            dst_port: flow.ports.1,
            window_shift: flow.receiver_window_scale().unwrap_or(0),
        };
        self.captures
            .push(Capture::new(f as u32, node, flow.timestamps, pcap));
        Ok(self.captures.len() - 1)
    }

    /// Log every packet's passage through every link direction that overlaps
    /// `[from, until]` (ns), from now on (world/capture_paths.rs).
    pub fn log_paths(&mut self, from: Time, until: Time) {
        self.paths = Some(PathLog::new(from, until));
    }

    /// The path log's records since the last call, `capture_paths::PATH_WIDTH`
    /// values each (empty without the log).
    pub fn drain_paths(&mut self) -> Vec<f64> {
        self.paths.as_mut().map_or_else(Vec::new, PathLog::drain)
    }

    /// Passages in the path log's window it could not hold.
    pub fn paths_missed(&self) -> u64 {
        self.paths.as_ref().map_or(0, PathLog::missed)
    }

    /// Capture `i`'s packets since the last call, `capture::RECORD_WIDTH`
    /// values each (empty without that capture).
    pub fn drain_capture(&mut self, i: usize) -> Vec<f64> {
        self.captures
            .get_mut(i)
            .map_or_else(Vec::new, |c| c.drain())
    }

    /// The first capture's packets since the last call.
    pub fn drain_packets(&mut self) -> Vec<f64> {
        self.drain_capture(0)
    }

    /// What a pcap file of capture `i` needs beyond its records.
    pub fn capture_pcap_flow(&self, i: usize) -> Option<PcapFlow> {
        self.captures.get(i).map(Capture::pcap_flow)
    }

    /// Packets the first capture could not hold (its buffer was full between drains).
    pub fn capture_missed(&self) -> u64 {
        self.capture_missed_of(0)
    }

    /// Packets capture `i` could not hold (its buffer was full between drains).
    pub fn capture_missed_of(&self, i: usize) -> u64 {
        self.captures.get(i).map_or(0, |c| c.missed())
    }

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
    pub fn columns(&self) -> &[crate::metrics::trace::Column] {
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
        let held = self
            .channels
            .iter()
            .map(|c| c.held_packets() as u64)
            .sum::<u64>()
            + self
                .hosts
                .iter()
                .flatten()
                .map(|h| h.rx.len() as u64)
                .sum::<u64>()
            + self
                .flows
                .iter()
                .filter_map(|f| f.user.as_ref())
                .map(|u| u.queue.len() as u64)
                .sum::<u64>();
        Conservation {
            held,
            ..self.counts
        }
    }

    /// Trace values that were NaN or infinite (stored as 0): 0 unless the model has a bug.
    pub fn trace_non_finite_values(&self) -> u64 {
        self.trace.non_finite_values()
    }

    /// Each flow's TCP sequence space (None for UDP flows).
    pub fn tcp_streams(&self) -> Vec<Option<TcpStreamState>> {
        self.flows
            .iter()
            .map(|f| match &f.ends {
                Endpoints::Tcp { sender, receiver } => Some(TcpStreamState {
                    snd_una: sender.snd_una(),
                    snd_max: sender.snd_max(),
                    rcv_nxt: receiver.delivered(),
                    out_of_order: receiver.out_of_order(),
                }),
                Endpoints::Udp { .. } => None,
            })
            .collect()
    }

    /// Data packets (TCP segments and UDP datagrams, fragments counted once
    /// each) that reached their destination host.
    pub fn delivered_data_packets(&self) -> u64 {
        self.data_delivered
    }

    /// When each flow's data began, seconds (None: not yet, or never).
    pub fn data_start_s(&self) -> Vec<Option<f64>> {
        self.flows
            .iter()
            .map(|f| f.data_start.map(crate::engine::time::to_secs))
            .collect()
    }

    /// Bytes delivered in order at each flow's receiver.
    pub fn delivered_bytes(&self) -> Vec<u64> {
        self.flows.iter().map(FlowRt::delivered).collect()
    }

    /// The event the next `advance(…, 1)` runs: its time, its kind and what
    /// it happens to (a flow, a link direction or a node, by id), for
    /// stepping one event at a time. Reading it changes nothing.
    pub fn next_event(&self) -> Option<NextEvent> {
        let (time, ev) = self.events.peek()?;
        if time > self.end {
            return None;
        }
        let flow = |f: u32| self.flows[f as usize].id.clone();
        let channel = |c: u32| self.channel_ids[c as usize].clone();
        let node = |n: u32| format!("node {n}");
        let (kind, target) = match ev {
            Event::FlowStart(f) => ("flow_start", flow(f)),
            Event::TxDone(c) => ("transmit_done", channel(c)),
            Event::Arrive(c) => ("arrive", channel(c)),
            Event::Rto(f) => ("sender_timer", flow(f)),
            Event::DelAck(f) => ("delayed_ack", flow(f)),
            Event::Pace(f) => ("pacing", flow(f)),
            Event::AppToggle(f) => ("app_on_off", flow(f)),
            Event::UdpSend(f) => ("udp_send", flow(f)),
            Event::HostRx(n) => ("host_rx", node(n)),
            Event::HostTx(n) => ("host_tx", node(n)),
            Event::QueueWake(c) => ("queue_wake", channel(c)),
            Event::CcTimer(f) => ("cc_timer", flow(f)),
            Event::Handshake(f) => ("handshake_timer", flow(f)),
            Event::AppRx(f) => ("app_rx", flow(f)),
            Event::Sample => ("sample", String::new()),
        };
        Some(NextEvent { time, kind, target })
    }

    /// The link directions ("channels") in order, by id such as
    /// `bottleneck:a>b`: what a capture's `channel` field indexes.
    pub fn channel_ids(&self) -> &[String] {
        &self.channel_ids
    }

    /// Mean queueing delay so far at a channel, by id such as `bottleneck:a>b`.
    pub fn mean_queueing_delay_s(&self, channel_id: &str) -> Option<f64> {
        let i = self.channel_ids.iter().position(|c| c == channel_id)?;
        Some(self.channels[i].mean_wait_s())
    }
}
