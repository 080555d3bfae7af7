//! The packet: a small `Copy` struct passed by value, never heap-allocated
//! (docs/performance.md). Sizes are IP datagram bytes on the wire.

use crate::engine::Time;

/// IPv4 (20 B) + TCP (20 B) headers without options (RFC 791, RFC 9293).
pub const TCP_IP_HEADER_BYTES: u32 = 40;
/// IPv4 header alone, repeated in every fragment (RFC 791).
pub const IP_HEADER_BYTES: u32 = 20;
/// RFC 2018: at most 4 SACK blocks fit in the option space (3 with timestamps).
pub const MAX_SACK_BLOCKS: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PacketKind {
    /// A TCP segment carrying payload.
    Data,
    /// A pure TCP acknowledgement.
    Ack,
    /// A UDP datagram.
    Udp,
    /// The handshake's SYN (RFC 9293 §3.5), from the flow's sender; its
    /// options are [`Packet::syn_options`].
    Syn,
    /// The receiver's SYN-ACK, with the options it agrees to.
    SynAck,
    /// The ACK that completes the handshake, from the sender.
    HandshakeAck,
}

/// The options of a SYN or SYN-ACK (RFC 9293 §3.7.1 MSS, RFC 7323 window
/// scale and timestamps, RFC 2018 SACK-permitted). Timestamps are `tsval`
/// and `tsecr` as on every segment; this records only that the option is there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SynOptions {
    /// The MSS option, bytes.
    pub mss: u32,
    /// The window-scale shift, when the option is present.
    pub window_scale: Option<u8>,
    pub sack_permitted: bool,
    pub timestamps: bool,
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
    /// First payload byte's sequence number (Data), datagram number (Udp).
    pub seq: u64,
    /// Payload bytes.
    pub payload: u32,
    /// Bytes on the wire (IP datagram, or this fragment of it).
    pub size: u32,
    /// Cumulative acknowledgement: next byte expected (Ack).
    pub ack: u64,
    /// Advertised receive window in bytes (Ack). 32 bits: more than TCP can
    /// advertise (2³⁰ bytes with window scaling, RFC 7323 §2.3).
    pub rwnd: u32,
    /// Timestamp value: when the sender sent this segment (RFC 7323 TSval).
    pub tsval: Time,
    /// Timestamp echo (RFC 7323 TSecr).
    pub tsecr: Time,
    /// Set on segments that resend bytes already sent once.
    pub retransmit: bool,
    /// When the packet entered its current queue (for sojourn time).
    pub enqueued_at: Time,
    /// SACK blocks (RFC 2018) as offsets above `ack`, the first `sack_len`
    /// valid: blocks lie above the cumulative ACK and within the window, so
    /// 32 bits hold them and the packet stays small (docs/performance.md). Read and
    /// write them with [`Packet::sack_blocks`] and [`Packet::push_sack`].
    sack: [(u32, u32); MAX_SACK_BLOCKS],
    pub sack_len: u8,
    /// Number of IP fragments the datagram was cut into (1 = whole). The
    /// fragments share the datagram's `uid`, which serves as its RFC 791
    /// Identification.
    pub frag_count: u8,
    /// ECN-capable transport, ECT(0) in the IP header (RFC 3168 §5). Set by a
    /// sender that negotiated ECN; an AQM may then mark instead of dropping.
    pub ect: bool,
    /// Congestion Experienced, CE in the IP header (RFC 3168 §5): set by an
    /// AQM on an ECN-capable packet in place of a drop.
    pub ecn_ce: bool,
    /// TCP ECE flag (RFC 3168 §6.1): on an ACK, the receiver saw CE and has
    /// not yet seen CWR.
    pub ece: bool,
    /// TCP CWR flag (RFC 3168 §6.1): on data, the sender has reduced its window.
    pub cwr: bool,
    /// Paper 000's passage time d through the receiving host, ns, saturating
    /// at 2³²−1 (4.3 s; 0: not measured). On data: what the receiving host's
    /// pipeline measured for it; on an ACK: the receiver's echo of the
    /// latest data segment's d. 32 bits keep the packet small (docs/performance.md).
    pub passage_time_ns: u32,
    /// Paper 001's receiver-measured rate `prate`, bits/s, carried in ACKs
    /// (0: not measured). f32: about 7 significant digits.
    pub receiver_rate_bps: f32,
}

impl Packet {
    /// A packet of the given kind with every optional field empty.
    pub fn new(kind: PacketKind, flow: u32, src: u32, dst: u32, now: Time) -> Self {
        Packet {
            uid: 0,
            flow,
            src,
            dst,
            kind,
            seq: 0,
            payload: 0,
            size: TCP_IP_HEADER_BYTES,
            ack: 0,
            rwnd: 0,
            tsval: now,
            tsecr: 0,
            retransmit: false,
            enqueued_at: now,
            sack: [(0, 0); MAX_SACK_BLOCKS],
            sack_len: 0,
            frag_count: 1,
            ect: false,
            ecn_ce: false,
            ece: false,
            cwr: false,
            passage_time_ns: 0,
            receiver_rate_bps: 0.0,
        }
    }

    pub fn data(
        uid: u64,
        flow: u32,
        src: u32,
        dst: u32,
        seq: u64,
        payload: u32,
        now: Time,
    ) -> Self {
        let mut p = Packet::new(PacketKind::Data, flow, src, dst, now);
        p.uid = uid;
        p.seq = seq;
        p.payload = payload;
        p.size = payload + TCP_IP_HEADER_BYTES;
        p
    }

    /// End of the payload in sequence space (one past the last byte).
    pub fn end_seq(&self) -> u64 {
        self.seq + self.payload as u64
    }

    /// The SACK blocks [start, end), in the order they were pushed.
    pub fn sack_blocks(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        let ack = self.ack;
        self.sack[..self.sack_len as usize]
            .iter()
            .map(move |&(s, e)| (ack + s as u64, ack + e as u64))
    }

    /// Append a SACK block [start, end) above `ack` (set `ack` first).
    pub fn push_sack(&mut self, start: u64, end: u64) {
        debug_assert!(
            start >= self.ack && end >= start,
            "a SACK block below the ACK"
        );
        debug_assert!(
            end - self.ack <= u32::MAX as u64,
            "a SACK block beyond 4 GiB"
        );
        let off = |v: u64| (v - self.ack).min(u32::MAX as u64) as u32;
        self.sack[self.sack_len as usize] = (off(start), off(end));
        self.sack_len += 1;
    }

    /// Carries data that counts as goodput at the receiver.
    pub fn is_payload(&self) -> bool {
        matches!(self.kind, PacketKind::Data | PacketKind::Udp)
    }

    /// A handshake segment (SYN, SYN-ACK or the ACK that completes it).
    pub fn is_handshake(&self) -> bool {
        matches!(
            self.kind,
            PacketKind::Syn | PacketKind::SynAck | PacketKind::HandshakeAck
        )
    }

    /// Set the options of a SYN or SYN-ACK. A SYN carries no SACK blocks, so
    /// its options share their storage and the packet stays small.
    pub fn set_syn_options(&mut self, o: SynOptions) {
        debug_assert!(matches!(self.kind, PacketKind::Syn | PacketKind::SynAck));
        let flags = u32::from(o.sack_permitted)
            | u32::from(o.timestamps) << 1
            | o.window_scale.map_or(0, |w| 1 << 2 | u32::from(w) << 8);
        self.sack[0] = (o.mss, flags);
        self.sack_len = 0;
    }

    /// The options of a SYN or SYN-ACK (None for any other packet).
    pub fn syn_options(&self) -> Option<SynOptions> {
        if !matches!(self.kind, PacketKind::Syn | PacketKind::SynAck) {
            return None;
        }
        let (mss, flags) = self.sack[0];
        Some(SynOptions {
            mss,
            window_scale: (flags & 4 != 0).then_some((flags >> 8) as u8),
            sack_permitted: flags & 1 != 0,
            timestamps: flags & 2 != 0,
        })
    }
}

/// Cut a datagram of `size` bytes into fragments for a path MTU (RFC 791 §3.2:
/// fragment data in multiples of 8 bytes, each fragment with its own IP header).
/// Returns the sizes of the fragments on the wire.
pub fn fragment_sizes(size: u32, mtu: u32) -> Vec<u32> {
    if size <= mtu {
        return vec![size];
    }
    let chunk = ((mtu - IP_HEADER_BYTES) / 8 * 8).max(8);
    let mut left = size - IP_HEADER_BYTES;
    let mut out = Vec::new();
    while left > 0 {
        let c = left.min(chunk);
        out.push(c + IP_HEADER_BYTES);
        left -= c;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packet_stays_small() {
        // Every hop moves it by value (docs/performance.md); it was 168 bytes.
        assert!(
            std::mem::size_of::<Packet>() <= 120,
            "{}",
            std::mem::size_of::<Packet>()
        );
    }

    #[test]
    fn sack_blocks_round_trip_through_their_offsets() {
        let mut a = Packet::new(PacketKind::Ack, 0, 1, 0, 0);
        a.ack = 5_000_000_000;
        a.push_sack(5_000_001_000, 5_000_003_000);
        a.push_sack(5_000_004_000, 5_000_005_000);
        let blocks: Vec<_> = a.sack_blocks().collect();
        assert_eq!(
            blocks,
            [
                (5_000_001_000, 5_000_003_000),
                (5_000_004_000, 5_000_005_000)
            ]
        );
    }

    #[test]
    fn syn_options_round_trip_and_other_packets_have_none() {
        let mut syn = Packet::new(PacketKind::Syn, 0, 0, 1, 0);
        let o = SynOptions {
            mss: 1460,
            window_scale: Some(14),
            sack_permitted: true,
            timestamps: false,
        };
        syn.set_syn_options(o);
        assert_eq!(syn.syn_options(), Some(o));
        assert_eq!(syn.sack_blocks().count(), 0);
        let plain = SynOptions {
            window_scale: None,
            ..o
        };
        syn.set_syn_options(plain);
        assert_eq!(syn.syn_options(), Some(plain));
        assert_eq!(Packet::new(PacketKind::Ack, 0, 1, 0, 0).syn_options(), None);
    }

    #[test]
    fn a_small_datagram_is_not_fragmented() {
        assert_eq!(fragment_sizes(1500, 1500), vec![1500]);
    }

    #[test]
    fn a_9000_byte_segment_over_a_1500_byte_mtu() {
        // 8980 bytes of IP payload in chunks of 1480 (a multiple of 8): 6 × 1480 + 100.
        let f = fragment_sizes(9000, 1500);
        assert_eq!(f, vec![1500, 1500, 1500, 1500, 1500, 1500, 120]);
        let payload: u32 = f.iter().map(|s| s - IP_HEADER_BYTES).sum();
        assert_eq!(payload, 9000 - IP_HEADER_BYTES);
    }

    #[test]
    fn fragment_data_is_a_multiple_of_eight() {
        for s in fragment_sizes(4000, 1006) {
            assert!(s <= 1006);
        }
        assert_eq!(fragment_sizes(4000, 1006)[0] - IP_HEADER_BYTES, 984);
    }
}
