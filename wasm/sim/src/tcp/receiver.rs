//! The TCP receiver: cumulative ACKs (RFC 9293 §3.10.7.4), out-of-order
//! buffering with SACK blocks (RFC 2018), delayed ACKs (RFC 5681 §4.2: every
//! second full segment or a timer; at once for out-of-order data or when a hole
//! fills), the timestamp echo (RFC 7323 §4.3), IP reassembly, and the
//! Go-Back-N receiver of paper 001 that discards out-of-order data.
//!
//! What the receiver tells the sender besides the ACK number:
//! - ECN-Echo (RFC 3168 §6.1.3): after a CE-marked segment, every ACK carries
//!   ECE until a segment with CWR arrives.
//! - Paper 000's passage time d: the receiver times each recv() (from one
//!   in-order delivery to the next) and reduces every ten times to one d with
//!   the thesis's modal-bin rule (§3.4.1); 0 until the first ten.
//! - Paper 001's rate `prate`: payload bytes received (or the advance of the
//!   highest sequence number) over a unit time of at least Δ, measured from
//!   one window boundary to the first arrival at or after Δ later.

use crate::engine::time::{self, Time};
use crate::host::estimator::{modal_bin_mean, SAMPLES_PER_ESTIMATE};
use crate::net::packet::{Packet, PacketKind, MAX_SACK_BLOCKS};
use std::collections::BTreeMap;

#[derive(Clone, Debug)]
pub struct ReceiverConfig {
    /// Receive buffer, bytes.
    pub buffer: u64,
    /// Delayed-ACK timeout; None acknowledges every segment at once.
    pub delayed_ack: Option<Time>,
    /// Discard out-of-order segments (Go-Back-N).
    pub go_back_n: bool,
    /// Report SACK blocks.
    pub sack: bool,
    /// Header bytes of an ACK on the wire.
    pub ack_bytes: u32,
    /// SACK blocks that fit (4, or 3 with timestamps).
    pub max_sack_blocks: usize,
    /// Echo CE marks as ECE (RFC 3168).
    pub ecn: bool,
    /// The window-scale shift agreed in the handshake (RFC 7323 §2): the
    /// advertised window is at most 65,535 units of 2^shift bytes, rounded
    /// down to a unit. None: no scaling, at most 65,535 bytes.
    pub window_scale: Option<u8>,
    /// Measure paper 001's prate over this unit time Δ and carry it in ACKs.
    pub rate_unit: Option<Time>,
    /// prate is the advance of the highest sequence number (paper 001
    /// ambiguity A4 `sequence_span`) instead of the bytes received.
    pub rate_sequence_span: bool,
    /// Measure paper 000's recv() time d and carry it in ACKs.
    pub recv_time: bool,
}

#[derive(Clone, Debug, Default)]
pub struct ReceiverStats {
    pub duplicate_segments: u64,
    pub out_of_order_segments: u64,
    pub discarded_segments: u64,
    pub acks_sent: u64,
    /// Data segments that arrived with CE set.
    pub ce_received: u64,
}

/// The unit-time window of the prate measurement.
#[derive(Clone, Copy, Debug, Default)]
struct RateWindow {
    start: Option<Time>,
    bytes: u64,
    seq_at_start: u64,
    /// Latest completed measurement, bits/s.
    prate: f64,
}

pub struct TcpReceiver {
    cfg: ReceiverConfig,
    /// Next byte expected (RCV.NXT).
    rcv_nxt: u64,
    /// Out-of-order ranges, start → end ([start, end)), disjoint and not touching.
    /// A map keeps a window full of holes O(log n) per segment.
    ooo: BTreeMap<u64, u64>,
    ooo_bytes: u64,
    /// The block holding the most recent out-of-order arrival (RFC 2018 §4: reported first).
    last_block: Option<(u64, u64)>,
    /// Full segments received since the last ACK.
    unacked_segments: u32,
    delack_deadline: Option<Time>,
    /// RFC 7323 TS.Recent: the TSval to echo.
    ts_recent: Time,
    /// Fragments of datagrams being reassembled: (datagram uid, fragments seen).
    reassembly: Vec<(u64, u8)>,
    /// RFC 3168 §6.1.3: set ECE on every ACK until CWR arrives.
    ece: bool,
    /// Paper 000's d, ns, echoed in ACKs (0 before the first estimate).
    passage_time_ns: u32,
    /// When the previous recv() returned, and the recv() times since the last estimate.
    last_recv: Option<Time>,
    recv_times: Vec<f64>,
    /// One past the highest sequence number received.
    highest_seq: u64,
    rate: RateWindow,
    pub stats: ReceiverStats,
}

impl TcpReceiver {
    pub fn new(cfg: ReceiverConfig) -> Self {
        Self {
            cfg,
            rcv_nxt: 0,
            ooo: BTreeMap::new(),
            ooo_bytes: 0,
            last_block: None,
            unacked_segments: 0,
            delack_deadline: None,
            ts_recent: 0,
            reassembly: Vec::new(),
            ece: false,
            passage_time_ns: 0,
            last_recv: None,
            recv_times: Vec::new(),
            highest_seq: 0,
            rate: RateWindow::default(),
            stats: ReceiverStats::default(),
        }
    }

    /// The window-scale shift of the advertised windows (RFC 7323), if any.
    pub fn window_scale(&self) -> Option<u8> {
        self.cfg.window_scale
    }

    /// Bytes delivered in order to the application.
    pub fn delivered(&self) -> u64 {
        self.rcv_nxt
    }

    /// Advertised window: the free part of the receive buffer (the
    /// application reads in-order data at once; out-of-order data waits),
    /// as the 16-bit window field carries it (RFC 7323 §2.3).
    pub fn rwnd(&self) -> u64 {
        let free = self.cfg.buffer.saturating_sub(self.ooo_bytes);
        match self.cfg.window_scale {
            Some(s) => free.min(0xffff << s) >> s << s,
            None => free.min(0xffff),
        }
    }

    pub fn delack_deadline(&self) -> Option<Time> {
        self.delack_deadline
    }

    /// Accept a data segment (or fragment); returns an ACK to send now, if any.
    pub fn on_data(&mut self, pkt: &Packet, now: Time) -> Option<Packet> {
        if pkt.frag_count > 1 && !self.reassemble(pkt) {
            return None;
        }
        let (start, end) = (pkt.seq, pkt.end_seq());
        let in_order = start <= self.rcv_nxt;
        if end > self.rcv_nxt {
            self.note_arrival(pkt, now);
        }
        if end <= self.rcv_nxt {
            self.stats.duplicate_segments += 1;
            return Some(self.ack_now(now)); // RFC 5681 §4.2: duplicate → immediate ACK
        }
        if !in_order {
            self.stats.out_of_order_segments += 1;
            if self.cfg.go_back_n {
                self.stats.discarded_segments += 1;
            } else if self.insert_ooo(start, end) {
                self.last_block = self.ooo.range(..=start).next_back().map(|(&s, &e)| (s, e));
            } else {
                self.stats.duplicate_segments += 1;
            }
            return Some(self.ack_now(now)); // out of order → immediate ACK
        }
        if self.unacked_segments == 0 {
            self.ts_recent = pkt.tsval;
        }
        let filled_hole = !self.ooo.is_empty();
        self.rcv_nxt = end;
        self.pull_contiguous();
        if self.cfg.recv_time {
            self.time_recv(now);
        }
        self.unacked_segments += 1;
        match self.cfg.delayed_ack {
            Some(timeout) if !filled_hole && self.unacked_segments < 2 => {
                if self.delack_deadline.is_none() {
                    self.delack_deadline = Some(now + timeout);
                }
                None
            }
            _ => Some(self.ack_now(now)),
        }
    }

    /// ECN, passage time and rate bookkeeping for a segment with new data.
    fn note_arrival(&mut self, pkt: &Packet, now: Time) {
        if self.cfg.ecn {
            // §6.1.3: CWR ends the echo; a CE on the same segment starts a new one.
            if pkt.cwr {
                self.ece = false;
            }
            if pkt.ecn_ce {
                self.ece = true;
                self.stats.ce_received += 1;
            }
        }
        if let Some(unit) = self.cfg.rate_unit {
            let r = &mut self.rate;
            let start = *r.start.get_or_insert(now);
            if now >= start + unit {
                let amount = if self.cfg.rate_sequence_span {
                    self.highest_seq - r.seq_at_start
                } else {
                    r.bytes
                };
                r.prate = amount as f64 * 8.0 / time::to_secs(now - start);
                r.start = Some(now);
                r.bytes = 0;
                r.seq_at_start = self.highest_seq;
            }
            r.bytes += pkt.payload as u64;
        }
        self.highest_seq = self.highest_seq.max(pkt.end_seq());
    }

    /// In-order data became readable at `now`: one recv() returns. Its time
    /// runs from the previous return (the thesis wraps recv() in
    /// gettimeofday(), Fig. 3.12), so it holds the wait for the packet and the
    /// host's work on it (eq. 3.11). Every ten times give one d by the
    /// modal-bin rule, which drops the idle gaps and the short reads.
    fn time_recv(&mut self, now: Time) {
        if let Some(prev) = self.last_recv {
            self.recv_times.push((now - prev) as f64);
        }
        self.last_recv = Some(now);
        if self.recv_times.len() >= SAMPLES_PER_ESTIMATE {
            if let Some(d) = modal_bin_mean(&self.recv_times) {
                self.passage_time_ns = d.round().clamp(1.0, u32::MAX as f64) as u32;
            }
            self.recv_times.clear();
        }
    }

    /// Paper 000's latest d, ns (0 before the first estimate).
    pub fn passage_time_ns(&self) -> u32 {
        self.passage_time_ns
    }

    /// Latest prate measurement, bits/s (0 before the first unit time ends).
    pub fn prate_bps(&self) -> f64 {
        self.rate.prate
    }

    /// The delayed-ACK timer fired.
    pub fn on_delack_timer(&mut self, now: Time) -> Option<Packet> {
        match self.delack_deadline {
            Some(d) if d <= now => Some(self.ack_now(now)),
            _ => None,
        }
    }

    /// Template of the ACK (flow, addresses) filled in by [`Self::ack_now`].
    fn ack_now(&mut self, now: Time) -> Packet {
        self.unacked_segments = 0;
        self.delack_deadline = None;
        self.stats.acks_sent += 1;
        let mut a = Packet::new(PacketKind::Ack, 0, 0, 0, now);
        a.size = self.cfg.ack_bytes;
        a.ack = self.rcv_nxt;
        a.rwnd = self.rwnd().min(u32::MAX as u64) as u32;
        a.tsecr = self.ts_recent;
        a.ece = self.ece;
        a.passage_time_ns = self.passage_time_ns;
        a.receiver_rate_bps = self.rate.prate as f32;
        if self.cfg.sack && !self.ooo.is_empty() {
            let mut n = 0;
            let max = self.cfg.max_sack_blocks.min(MAX_SACK_BLOCKS);
            let first = self
                .last_block
                .filter(|&(s, e)| self.ooo.get(&s) == Some(&e));
            if let Some((bs, be)) = first {
                a.push_sack(bs, be);
                n = 1;
            }
            for (&bs, &be) in self.ooo.iter().rev() {
                if n >= max {
                    break;
                }
                if first == Some((bs, be)) {
                    continue;
                }
                a.push_sack(bs, be);
                n += 1;
            }
        }
        a
    }

    /// Count a fragment; true once every fragment of its datagram is in.
    fn reassemble(&mut self, pkt: &Packet) -> bool {
        // Entries for datagrams wholly below rcv_nxt can never complete usefully.
        match self
            .reassembly
            .iter_mut()
            .position(|(id, _)| *id == pkt.uid)
        {
            Some(i) => {
                self.reassembly[i].1 += 1;
                if self.reassembly[i].1 >= pkt.frag_count {
                    self.reassembly.swap_remove(i);
                    return true;
                }
                false
            }
            None => {
                if self.reassembly.len() >= 64 {
                    self.reassembly.remove(0); // RFC 791 reassembly timeout, approximated by age
                }
                self.reassembly.push((pkt.uid, 1));
                false
            }
        }
    }

    /// Move buffered ranges that now touch rcv_nxt into the delivered stream.
    fn pull_contiguous(&mut self) {
        while let Some((&s, &e)) = self.ooo.first_key_value() {
            if s > self.rcv_nxt {
                break;
            }
            self.ooo.remove(&s);
            self.ooo_bytes -= e - s;
            self.rcv_nxt = self.rcv_nxt.max(e);
        }
    }

    /// Insert [start, end) into the out-of-order set, merging with ranges it
    /// overlaps or touches; false if it held nothing new.
    fn insert_ooo(&mut self, start: u64, end: u64) -> bool {
        if let Some((_, &e)) = self.ooo.range(..=start).next_back() {
            if e >= end {
                return false;
            }
        }
        let (mut s, mut e) = (start, end);
        while let Some((&a, &b)) = self.ooo.range(..=e).next_back() {
            if b < s {
                break;
            }
            self.ooo.remove(&a);
            self.ooo_bytes -= b - a;
            s = s.min(a);
            e = e.max(b);
        }
        self.ooo.insert(s, e);
        self.ooo_bytes += e - s;
        true
    }

    /// Out-of-order ranges held, in order (for tests).
    pub fn out_of_order(&self) -> Vec<(u64, u64)> {
        self.ooo.iter().map(|(&s, &e)| (s, e)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::time::NS_PER_MS;

    fn cfg() -> ReceiverConfig {
        ReceiverConfig {
            buffer: 1 << 20,
            delayed_ack: None,
            go_back_n: false,
            sack: true,
            ack_bytes: 40,
            max_sack_blocks: 4,
            ecn: false,
            window_scale: Some(5),
            rate_unit: None,
            rate_sequence_span: false,
            recv_time: false,
        }
    }

    fn seg(seq: u64, len: u32) -> Packet {
        Packet::data(0, 0, 0, 1, seq, len, 7)
    }

    #[test]
    fn in_order_data_advances_the_cumulative_ack() {
        let mut r = TcpReceiver::new(cfg());
        assert_eq!(r.on_data(&seg(0, 100), 1).unwrap().ack, 100);
        let a = r.on_data(&seg(100, 100), 2).unwrap();
        assert_eq!(a.ack, 200);
        assert_eq!(a.tsecr, 7, "echoes the segment's timestamp");
        assert_eq!(a.kind, PacketKind::Ack);
    }

    #[test]
    fn a_hole_produces_duplicate_acks_with_sack_blocks_until_filled() {
        let mut r = TcpReceiver::new(cfg());
        r.on_data(&seg(0, 100), 0);
        let a = r.on_data(&seg(200, 100), 0).unwrap();
        assert_eq!(a.ack, 100);
        assert_eq!(a.sack_blocks().collect::<Vec<_>>(), [(200, 300)]);
        let a = r.on_data(&seg(500, 100), 0).unwrap();
        assert_eq!(
            a.sack_blocks().collect::<Vec<_>>(),
            [(500, 600), (200, 300)],
            "most recent block first"
        );
        let a = r.on_data(&seg(300, 100), 0).unwrap();
        assert_eq!(
            a.sack_blocks().collect::<Vec<_>>(),
            [(200, 400), (500, 600)]
        );
        assert_eq!(r.on_data(&seg(100, 100), 0).unwrap().ack, 400);
        assert_eq!(r.out_of_order(), &[(500, 600)]);
        assert_eq!(r.delivered(), 400);
    }

    #[test]
    fn delayed_ack_acknowledges_every_second_segment() {
        let mut r = TcpReceiver::new(ReceiverConfig {
            delayed_ack: Some(40 * NS_PER_MS),
            ..cfg()
        });
        assert!(r.on_data(&seg(0, 100), 0).is_none());
        assert_eq!(r.delack_deadline(), Some(40 * NS_PER_MS));
        assert_eq!(r.on_data(&seg(100, 100), 1).unwrap().ack, 200);
        assert_eq!(r.delack_deadline(), None);
    }

    #[test]
    fn the_delayed_ack_timer_sends_a_lone_ack() {
        let mut r = TcpReceiver::new(ReceiverConfig {
            delayed_ack: Some(200 * NS_PER_MS),
            ..cfg()
        });
        assert!(r.on_data(&seg(0, 100), 0).is_none());
        assert!(r.on_delack_timer(100 * NS_PER_MS).is_none(), "too early");
        assert_eq!(r.on_delack_timer(200 * NS_PER_MS).unwrap().ack, 100);
    }

    #[test]
    fn out_of_order_data_is_acknowledged_at_once_even_with_delayed_acks() {
        let mut r = TcpReceiver::new(ReceiverConfig {
            delayed_ack: Some(40 * NS_PER_MS),
            ..cfg()
        });
        assert!(r.on_data(&seg(100, 100), 0).is_some());
        // ...and the segment that fills the hole too (RFC 5681 §4.2).
        assert_eq!(r.on_data(&seg(0, 100), 0).unwrap().ack, 200);
    }

    #[test]
    fn go_back_n_discards_out_of_order_segments() {
        let mut r = TcpReceiver::new(ReceiverConfig {
            go_back_n: true,
            ..cfg()
        });
        r.on_data(&seg(0, 100), 0);
        let a = r.on_data(&seg(200, 100), 0).unwrap();
        assert_eq!(a.ack, 100);
        assert!(r.out_of_order().is_empty());
        assert_eq!(a.sack_len, 0);
        assert_eq!(r.stats.discarded_segments, 1);
    }

    #[test]
    fn the_window_shrinks_by_what_waits_out_of_order() {
        let mut r = TcpReceiver::new(ReceiverConfig {
            buffer: 10_000,
            window_scale: Some(0),
            ..cfg()
        });
        let a = r.on_data(&seg(1000, 1000), 0).unwrap();
        assert_eq!(a.rwnd, 9_000);
    }

    #[test]
    fn the_window_field_holds_16_bits_scaled_by_the_agreed_shift() {
        // RFC 7323 §2.3: 65,535 units of 2^shift bytes, rounded down to a unit.
        let mut r = TcpReceiver::new(ReceiverConfig {
            buffer: 1 << 30,
            window_scale: Some(14),
            ..cfg()
        });
        let a = r.on_data(&seg(1000, 1000), 0).unwrap();
        assert_eq!(a.rwnd as u64, 0xffff << 14);
        let mut r = TcpReceiver::new(ReceiverConfig {
            buffer: 100_000,
            window_scale: Some(2),
            ..cfg()
        });
        let a = r.on_data(&seg(1000, 1001), 0).unwrap();
        assert_eq!(a.rwnd, 98_996, "100000 − 1001 rounded down to 4 bytes");
        // Without window scaling (one end did not offer it): at most 65,535.
        let mut r = TcpReceiver::new(ReceiverConfig {
            window_scale: None,
            ..cfg()
        });
        assert_eq!(r.on_data(&seg(0, 1000), 0).unwrap().rwnd, 0xffff);
    }

    #[test]
    fn ce_is_echoed_on_every_ack_until_cwr_arrives() {
        let mut r = TcpReceiver::new(ReceiverConfig { ecn: true, ..cfg() });
        assert!(!r.on_data(&seg(0, 100), 0).unwrap().ece);
        let mut marked = seg(100, 100);
        marked.ect = true;
        marked.ecn_ce = true;
        assert!(r.on_data(&marked, 0).unwrap().ece);
        assert!(
            r.on_data(&seg(200, 100), 0).unwrap().ece,
            "§6.1.3: until CWR"
        );
        // A duplicate (out-of-window) segment's flags are ignored.
        let mut old_cwr = seg(0, 100);
        old_cwr.cwr = true;
        assert!(r.on_data(&old_cwr, 0).unwrap().ece);
        let mut cwr = seg(300, 100);
        cwr.cwr = true;
        assert!(!r.on_data(&cwr, 0).unwrap().ece, "CWR ends the echo");
        let mut both = seg(400, 100);
        both.cwr = true;
        both.ecn_ce = true;
        assert!(
            r.on_data(&both, 0).unwrap().ece,
            "a new CE starts a new echo"
        );
        assert_eq!(r.stats.ce_received, 2);
        let mut off = TcpReceiver::new(cfg());
        assert!(
            !off.on_data(&marked, 0).unwrap().ece,
            "without ECN: no echo"
        );
    }

    #[test]
    fn acks_carry_the_modal_recv_time_of_every_ten_deliveries() {
        let mut r = TcpReceiver::new(ReceiverConfig {
            recv_time: true,
            ..cfg()
        });
        // Eleven segments 1000 ns apart but one idle gap of 50 µs: the gap is
        // in the top class and is dropped; d = 1000.
        let mut t = 0;
        let mut last = None;
        for k in 0..11u64 {
            t += if k == 5 { 50_000 } else { 1000 };
            last = r.on_data(&seg(k * 100, 100), t);
        }
        assert_eq!(r.passage_time_ns(), 1000);
        assert_eq!(last.unwrap().passage_time_ns, 1000);
        // Nothing is measured without the switch.
        let mut off = TcpReceiver::new(cfg());
        for k in 0..11u64 {
            off.on_data(&seg(k * 100, 100), k * 1000);
        }
        assert_eq!(off.passage_time_ns(), 0);
    }

    #[test]
    fn prate_is_the_payload_received_over_each_unit_time() {
        let ms = NS_PER_MS;
        let mut r = TcpReceiver::new(ReceiverConfig {
            rate_unit: Some(100 * ms),
            ..cfg()
        });
        // 1000 bytes every 10 ms = 800 kb/s.
        let mut last = None;
        for k in 0..25u64 {
            last = r.on_data(&seg(k * 1000, 1000), k * 10 * ms);
        }
        // Windows close at the first arrival ≥ 100 ms after they opened:
        // [0, 100) held 10 segments, [100, 200) too.
        assert_eq!(r.prate_bps(), 10_000.0 * 8.0 / 0.1);
        assert_eq!(last.unwrap().receiver_rate_bps, 800_000.0);
        let mut span = TcpReceiver::new(ReceiverConfig {
            rate_unit: Some(100 * ms),
            rate_sequence_span: true,
            ..cfg()
        });
        // A hole: the sequence span still advances with the out-of-order data.
        span.on_data(&seg(0, 1000), 0);
        span.on_data(&seg(5000, 1000), 50 * ms);
        span.on_data(&seg(6000, 1000), 100 * ms);
        assert_eq!(span.prate_bps(), 6000.0 * 8.0 / 0.1);
        let no = TcpReceiver::new(cfg());
        assert_eq!(no.prate_bps(), 0.0, "not measured without a unit time");
    }

    #[test]
    fn a_fragmented_segment_counts_once_all_fragments_arrive() {
        let mut r = TcpReceiver::new(cfg());
        let mut f = seg(0, 8960);
        f.frag_count = 3;
        f.uid = 9;
        assert!(r.on_data(&f, 0).is_none());
        assert!(r.on_data(&f, 0).is_none());
        assert_eq!(r.on_data(&f, 0).unwrap().ack, 8960);
    }
}
