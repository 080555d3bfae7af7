//! A flow at run time: a TCP sender/receiver pair or a UDP source/sink, the
//! application behind it, and the bookkeeping the plots and summary need.

use super::cc_switch::CcRun;
use crate::app::{OnOff, UdpSource};
use crate::engine::{Rng, Time};
use crate::host::HostPipeline;
use crate::net::Packet;
use crate::scenario::UserLevelAck;
use crate::tcp::handshake::Handshake;
use crate::tcp::{TcpReceiver, TcpSender};
use std::collections::VecDeque;

/// An end host with a modelled pipeline (paper 000): packets wait in FIFOs
/// until the pipeline has carried them; only each FIFO's head has an event.
pub struct HostRt {
    pub id: String,
    pub pipeline: HostPipeline,
    /// Arrived from the wire, waiting to reach TCP.
    pub rx: VecDeque<(Time, Packet)>,
    /// Written by TCP, waiting to reach the wire.
    pub tx: VecDeque<(Time, Packet)>,
    pub nic_overruns: u64,
}

/// Paper 001's user-level receiving process (`tcp.user_level`): a FIFO
/// server at `rate_bps` behind a socket buffer of `buffer_bytes`. Each
/// segment's processing is known when it arrives, so only the head has an event.
///
/// The paper's protocol runs over UDP, so no kernel acknowledges on arrival:
/// the process reads one datagram per `recvfrom()` (BSD `soreceive` hands an
/// atomic protocol one record a call) and acknowledges after it has read it,
/// each one or a batch at a time (`acknowledge`; the paper does not say which).
pub struct UserLevelRt {
    pub rate_bps: f64,
    pub buffer_bytes: u64,
    /// Segments taken or waiting: (processing starts, processing ends, segment).
    pub queue: VecDeque<(Time, Time, Packet)>,
    /// When the process is next free.
    pub free: Time,
    /// Segments lost because the socket buffer was full.
    pub overruns: u64,
    /// When the process acknowledges in-order data.
    pub acknowledge: UserLevelAck,
}

impl UserLevelRt {
    pub fn new(spec: &crate::scenario::UserLevelReceiver) -> Self {
        Self {
            rate_bps: spec.processing_rate_bps,
            buffer_bytes: spec.buffer_bytes,
            queue: VecDeque::new(),
            free: 0,
            overruns: 0,
            acknowledge: spec.acknowledge,
        }
    }

    /// After the process has taken a segment: true when its acknowledgement
    /// waits, because it acknowledges once the socket is empty and datagrams
    /// are still waiting in it.
    pub fn holds_ack(&self) -> bool {
        self.acknowledge == UserLevelAck::WhenDrained && !self.queue.is_empty()
    }

    /// Bytes in the socket buffer at `now`: segments the process has not taken yet.
    pub fn waiting_bytes(&self, now: Time) -> u64 {
        self.queue
            .iter()
            .rev()
            .take_while(|(start, _, _)| *start > now)
            .map(|(_, _, p)| p.size as u64)
            .sum()
    }

    /// A segment reaches the socket at `now`: when the process will have
    /// handled it, or None when the buffer has no room (an overrun: BSD
    /// `udp_input` drops a datagram that `sbappendaddr` finds no room for).
    pub fn accept(&mut self, now: Time, pkt: &Packet) -> Option<Time> {
        if self.waiting_bytes(now) + pkt.size as u64 > self.buffer_bytes {
            self.overruns += 1;
            return None;
        }
        let start = now.max(self.free);
        let service = (pkt.size as f64 * 8.0 * 1e9 / self.rate_bps).ceil() as Time;
        let done = start + service.max(1);
        self.free = done;
        self.queue.push_back((start, done, *pkt));
        Some(done)
    }
}

pub enum Endpoints {
    Tcp {
        sender: Box<TcpSender>,
        receiver: Box<TcpReceiver>,
    },
    Udp {
        source: UdpSource,
        received_packets: u64,
        received_bytes: u64,
    },
}

pub struct FlowRt {
    pub id: String,
    pub src: u32,
    pub dst: u32,
    pub start: Time,
    pub started: bool,
    pub ends: Endpoints,
    /// Smallest MTU on the path; larger datagrams are fragmented.
    pub path_mtu: u32,
    pub onoff: Option<OnOff>,
    pub rng: Rng,
    /// Bytes a sized transfer must deliver, and when it did.
    pub size: Option<u64>,
    pub completed_at: Option<Time>,
    // Pending timer events (lazy cancellation): earliest scheduled of each.
    pub rto_at: Option<Time>,
    pub delack_at: Option<Time>,
    pub pace_at: Option<Time>,
    /// TCP: the three-way handshake while it runs (tcp/handshake.rs); None
    /// once both ends are through, or for a flow without one.
    pub handshake: Option<Box<Handshake>>,
    /// Pending handshake timer event (lazy cancellation).
    pub hs_at: Option<Time>,
    /// When data began (the SYN-ACK reached the sender), if it has.
    pub data_start: Option<Time>,
    /// TCP: SYNs sent again before the SYN-ACK came.
    pub syn_retransmits: u32,
    /// TCP: the sender gave up on the handshake; no data will flow.
    pub handshake_failed: bool,
    /// TCP: segments carry the timestamp option (agreed in the handshake).
    pub timestamps: bool,
    /// The flow's source and destination ports (`cc_rules::src_port`, `dst_port`).
    pub ports: (u16, u16),
    /// TCP: the controller's life (opening algorithm, switches, columns).
    pub cc_run: Option<CcRun>,
    /// Pending timed switch check (lazy cancellation, like the timers above).
    pub cc_check_at: Option<Time>,
    /// When the receiving application last got new in-order data (the start before
    /// any), and the longest such wait so far (paper 003's "longest waiting time").
    pub last_progress: Time,
    pub longest_stall: Time,
    /// TCP with `tcp.user_level`: the receiving process.
    pub user: Option<UserLevelRt>,
    // Sampling bookkeeping.
    pub delivered_at_last_sample: u64,
    pub cwnd_sum: f64,
    pub cwnd_samples: u64,
}

impl FlowRt {
    /// TCP: the receiver's window-scale shift, when both ends agreed on scaling.
    pub fn receiver_window_scale(&self) -> Option<u8> {
        match &self.ends {
            Endpoints::Tcp { receiver, .. } => receiver.window_scale(),
            Endpoints::Udp { .. } => None,
        }
    }

    /// Bytes delivered in order to the receiving application.
    pub fn delivered(&self) -> u64 {
        match &self.ends {
            Endpoints::Tcp { receiver, .. } => receiver.delivered(),
            Endpoints::Udp { received_bytes, .. } => *received_bytes,
        }
    }

    /// New in-order data reached the application at `now`.
    pub fn progressed(&mut self, now: Time) {
        self.longest_stall = self
            .longest_stall
            .max(now.saturating_sub(self.last_progress));
        self.last_progress = now;
    }

    /// The longest wait for new in-order data, counting the wait still open at `now`
    /// unless a sized transfer has finished.
    pub fn longest_stall_at(&self, now: Time) -> Time {
        if !self.started || self.completed_at.is_some() {
            return self.longest_stall;
        }
        self.longest_stall
            .max(now.saturating_sub(self.last_progress))
    }

    pub fn sender(&self) -> Option<&TcpSender> {
        match &self.ends {
            Endpoints::Tcp { sender, .. } => Some(sender),
            Endpoints::Udp { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::UserLevelReceiver;

    fn process(acknowledge: UserLevelAck) -> UserLevelRt {
        UserLevelRt::new(&UserLevelReceiver {
            processing_rate_bps: 5e6,
            buffer_bytes: 24_000,
            acknowledge,
        })
    }

    #[test]
    fn a_process_that_acknowledges_when_drained_holds_the_ack_while_datagrams_wait() {
        let mut pkt = Packet::new(crate::net::PacketKind::Data, 0, 0, 1, 0);
        pkt.size = 1500;
        for (ack, held) in [
            (UserLevelAck::EachSegment, false),
            (UserLevelAck::WhenDrained, true),
        ] {
            let mut u = process(ack);
            // Two segments back to back; the process takes the first.
            u.accept(0, &pkt).expect("room");
            u.accept(1, &pkt).expect("room");
            u.queue.pop_front();
            assert_eq!(u.holds_ack(), held, "{ack:?}, one still waiting");
            u.queue.pop_front();
            assert!(!u.holds_ack(), "{ack:?}, socket empty");
        }
    }
}
