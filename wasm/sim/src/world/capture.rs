//! A packet capture of one flow at one of its hosts, as tcpdump on that host's
//! interface would see it: the packets the host puts on the wire and the ones
//! that reach it from the wire (before its receive pipeline), and besides them
//! every packet of the flow a queue or a link dropped, wherever it was (kind 6,
//! with the channel and the reason: what the time-sequence graph marks).
//! [`super::pcap`] turns the records into a libpcap file (leaving the drops out).
//!
//! Each record is [`RECORD_WIDTH`] f64 values (see [`FIELDS`]). Sequence and
//! acknowledgement numbers are byte offsets from the start of the stream (the
//! model has no initial sequence number); they stay exact in an f64 up to
//! 2⁵³ bytes; the SYN takes none, so a capture file adds 1 to them (an
//! initial sequence number of 0). A datagram cut into IP fragments is recorded once, whole. The
//! capture holds at most [`MAX_RECORDS`] records between drains and counts the
//! rest as `missed`, so memory stays bounded however long the run.

use super::pcap::PcapFlow;
use crate::engine::Time;
use crate::net::packet::MAX_SACK_BLOCKS;
use crate::net::{Packet, PacketKind};

/// The record layout, in order. `kind`: 0 data, 1 ACK, 2 UDP, 3 SYN,
/// 4 SYN-ACK, 5 the ACK completing the handshake, 6 a drop (the packet's
/// own kind is then in `dropped_kind`). `mss_option` and `wscale_option` are a
/// SYN's or SYN-ACK's options (0 and −1 when absent). `channel` is the link
/// direction that dropped the packet (its index in `Simulation.channels`)
/// and `drop_reason` the `DropReason` index (overflow, AQM, policer,
/// impairment); both −1 on a packet that was not dropped.
pub const FIELDS: [&str; 27] = [
    "time_ns",
    "kind",
    "src",
    "dst",
    "seq",
    "ack",
    "payload",
    "size",
    "rwnd",
    "flags",
    "tsval",
    "tsecr",
    "sack_len",
    "sack0_start",
    "sack0_end",
    "sack1_start",
    "sack1_end",
    "sack2_start",
    "sack2_end",
    "sack3_start",
    "sack3_end",
    "mss_option",
    "wscale_option",
    "channel",
    "drop_reason",
    "dropped_kind",
    "uid",
];
/// Values per record.
pub const RECORD_WIDTH: usize = FIELDS.len();

/// Bits of the `flags` value. A retransmission with neither [`FLAG_TLP`] nor
/// [`FLAG_RTO`] is a fast retransmission or a recovery retransmission.
pub const FLAG_RETRANSMIT: u32 = 1;
pub const FLAG_ECE: u32 = 2;
pub const FLAG_CWR: u32 = 4;
/// ECT(0) in the IP header (RFC 3168 §5).
pub const FLAG_ECT: u32 = 8;
/// CE in the IP header.
pub const FLAG_CE: u32 = 16;
/// Direction: set when the captured host sent the packet.
pub const FLAG_OUTBOUND: u32 = 32;
/// A SYN or SYN-ACK with the SACK-permitted option (RFC 2018).
pub const FLAG_SACK_PERMITTED: u32 = 64;
/// The segment carries the timestamp option (RFC 7323): every segment of a
/// flow that agreed on it, and a SYN or SYN-ACK that offers it.
pub const FLAG_TIMESTAMPS: u32 = 128;
/// Sent by the tail-loss probe timer (RFC 8985 §7.3, Linux `tcp_send_loss_probe`):
/// new data, or with [`FLAG_RETRANSMIT`] the last segment again.
pub const FLAG_TLP: u32 = 256;
/// Sent when the retransmission timer expired (RFC 6298 §5.4, Linux
/// `tcp_retransmit_timer`).
pub const FLAG_RTO: u32 = 512;

/// Records kept between two drains (40 MB of f64 at most; a browser tab can
/// hold it and a pcap of two million packets opens in Wireshark).
pub const MAX_RECORDS: usize = 250_000;

pub(crate) fn kind_value(k: PacketKind) -> f64 {
    match k {
        PacketKind::Data => 0.0,
        PacketKind::Ack => 1.0,
        PacketKind::Udp => 2.0,
        PacketKind::Syn => 3.0,
        PacketKind::SynAck => 4.0,
        PacketKind::HandshakeAck => 5.0,
    }
}

/// Which end of the flow the capture sits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapturePoint {
    Sender,
    Receiver,
}

impl CapturePoint {
    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "sender" => Some(Self::Sender),
            "receiver" => Some(Self::Receiver),
            _ => None,
        }
    }
}

/// The `kind` value of a drop record.
pub const KIND_DROP: f64 = 6.0;

#[derive(Debug)]
pub struct Capture {
    flow: u32,
    /// The node index the capture sits on.
    node: u32,
    /// The flow's segments carry timestamps (agreed in the handshake).
    timestamps: bool,
    records: Vec<f64>,
    missed: u64,
    /// The uid (the RFC 791 identification) of the last fragmented datagram recorded.
    last_fragmented: Option<u64>,
    /// Ports and window scale for a pcap file of these records.
    pcap: PcapFlow,
}

impl Capture {
    pub fn new(flow: u32, node: u32, timestamps: bool, pcap: PcapFlow) -> Self {
        Capture {
            flow,
            node,
            timestamps,
            records: Vec::new(),
            missed: 0,
            last_fragmented: None,
            pcap,
        }
    }

    /// What a pcap file of these records needs beyond them.
    pub fn pcap_flow(&self) -> PcapFlow {
        self.pcap
    }

    fn full(&mut self) -> bool {
        if self.records.len() / RECORD_WIDTH >= MAX_RECORDS {
            self.missed += 1;
            return true;
        }
        false
    }

    /// Record `p`, of any flow's, if it is the captured flow's: channel
    /// `channel` dropped it for `reason` (a `DropReason` index).
    pub fn observe_drop(&mut self, now: Time, p: &Packet, channel: usize, reason: usize) {
        if p.flow != self.flow || self.full() {
            return;
        }
        let at = self.records.len();
        self.push(now, p, false);
        self.records[at + 1] = KIND_DROP;
        let n = self.records.len();
        self.records[n - 4] = channel as f64;
        self.records[n - 3] = reason as f64;
    }

    /// Record `p` if it is the captured flow's and it leaves (`outbound`) or
    /// reaches the captured node.
    pub fn observe(&mut self, now: Time, p: &Packet, outbound: bool) {
        self.observe_sent_by(now, p, outbound, 0);
    }

    /// [`Capture::observe`], with `timer` ([`FLAG_TLP`] or [`FLAG_RTO`], or 0)
    /// saying which timer made the sender send it.
    pub fn observe_sent_by(&mut self, now: Time, p: &Packet, outbound: bool, timer: u32) {
        let at = if outbound { p.src } else { p.dst };
        if p.flow != self.flow || at != self.node {
            return;
        }
        if p.frag_count > 1 {
            if self.last_fragmented == Some(p.uid) {
                return;
            }
            self.last_fragmented = Some(p.uid);
        }
        if self.full() {
            return;
        }
        self.push(now, p, outbound);
        if timer != 0 {
            let at = self.records.len() - RECORD_WIDTH + 9;
            self.records[at] = f64::from(self.records[at] as u32 | timer);
        }
    }

    fn push(&mut self, now: Time, p: &Packet, outbound: bool) {
        let syn = p.syn_options();
        let timestamps = match syn {
            Some(o) => o.timestamps,
            None => self.timestamps && p.kind != PacketKind::Udp,
        };
        let flags = [
            (p.retransmit, FLAG_RETRANSMIT),
            (p.ece, FLAG_ECE),
            (p.cwr, FLAG_CWR),
            (p.ect, FLAG_ECT),
            (p.ecn_ce, FLAG_CE),
            (outbound, FLAG_OUTBOUND),
            (syn.is_some_and(|o| o.sack_permitted), FLAG_SACK_PERMITTED),
            (timestamps, FLAG_TIMESTAMPS),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .fold(0, |acc, (_, bit)| acc | bit);
        let kind = kind_value(p.kind);
        // A whole datagram: payload plus headers, as sent before fragmentation.
        let size = if p.frag_count > 1 {
            p.payload + crate::net::packet::TCP_IP_HEADER_BYTES
        } else {
            p.size
        };
        self.records.extend_from_slice(&[
            now as f64,
            kind,
            f64::from(p.src),
            f64::from(p.dst),
            p.seq as f64,
            p.ack as f64,
            f64::from(p.payload),
            f64::from(size),
            p.rwnd as f64,
            f64::from(flags),
            p.tsval as f64,
            p.tsecr as f64,
            f64::from(p.sack_len),
        ]);
        let mut blocks = p.sack_blocks();
        for _ in 0..MAX_SACK_BLOCKS {
            let (a, b) = blocks.next().unwrap_or((0, 0));
            self.records.extend_from_slice(&[a as f64, b as f64]);
        }
        self.records.extend_from_slice(&[
            syn.map_or(0.0, |o| f64::from(o.mss)),
            syn.and_then(|o| o.window_scale).map_or(-1.0, f64::from),
            -1.0,
            -1.0,
            kind,
            p.uid as f64,
        ]);
    }

    /// The records since the last drain, row-major.
    pub fn drain(&mut self) -> Vec<f64> {
        std::mem::take(&mut self.records)
    }

    /// Packets not recorded because the buffer was full.
    pub fn missed(&self) -> u64 {
        self.missed
    }
}
