//! The packet: a small `Copy` struct passed by value, never heap-allocated
//! (DESIGN.md §6). Sizes are IP datagram bytes on the wire.

use crate::engine::Time;

/// IPv4 (20 B) + TCP (20 B) headers without options (RFC 791, RFC 9293).
pub const TCP_IP_HEADER_BYTES: u32 = 40;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PacketKind {
    /// A TCP segment carrying payload.
    Data,
    /// A pure TCP acknowledgement.
    Ack,
}

#[derive(Clone, Copy, Debug)]
pub struct Packet {
    /// Unique per run, in send order (for conservation checks and tracing).
    pub uid: u64,
    /// Index of the flow this packet belongs to.
    pub flow: u32,
    /// Source and destination node indices.
    pub src: u32,
    pub dst: u32,
    pub kind: PacketKind,
    /// First payload byte's sequence number (Data).
    pub seq: u64,
    /// Payload bytes (Data).
    pub payload: u32,
    /// Bytes on the wire (IP datagram).
    pub size: u32,
    /// Cumulative acknowledgement: next byte expected (Ack).
    pub ack: u64,
    /// Advertised receive window in bytes (Ack).
    pub rwnd: u64,
    /// Timestamp value: when the sender sent this segment (RFC 7323 TSval).
    pub tsval: Time,
    /// Timestamp echo (RFC 7323 TSecr): TSval of the segment that caused this ACK.
    pub tsecr: Time,
    /// Set on segments that resend bytes already sent once.
    pub retransmit: bool,
    /// When the packet entered its current queue (for sojourn time).
    pub enqueued_at: Time,
    /// ECN-capable transport, ECT(0) in the IP header (RFC 3168 §5). Set by a
    /// sender that negotiated ECN; an AQM may then mark instead of dropping.
    pub ect: bool,
    /// Congestion Experienced, CE in the IP header (RFC 3168 §5): set by an
    /// AQM on an ECN-capable packet in place of a drop.
    pub ecn_ce: bool,
}

impl Packet {
    pub fn data(
        uid: u64,
        flow: u32,
        src: u32,
        dst: u32,
        seq: u64,
        payload: u32,
        now: Time,
    ) -> Self {
        Packet {
            uid,
            flow,
            src,
            dst,
            kind: PacketKind::Data,
            seq,
            payload,
            size: payload + TCP_IP_HEADER_BYTES,
            ack: 0,
            rwnd: 0,
            tsval: now,
            tsecr: 0,
            retransmit: false,
            enqueued_at: now,
            ect: false,
            ecn_ce: false,
        }
    }

    /// End of the payload in sequence space (one past the last byte).
    pub fn end_seq(&self) -> u64 {
        self.seq + self.payload as u64
    }
}
