//! The TCP receiver: cumulative ACKs (RFC 9293 §3.10.7.4) and out-of-order
//! buffering. Every data segment is acknowledged at once, carrying the
//! timestamp echo of the segment that triggered it (RFC 7323 §4.3).

use crate::engine::Time;
use crate::net::packet::{Packet, PacketKind, TCP_IP_HEADER_BYTES};

pub struct TcpReceiver {
    /// Next byte expected (RCV.NXT).
    rcv_nxt: u64,
    /// Out-of-order ranges [start, end), sorted and disjoint.
    ooo: Vec<(u64, u64)>,
    /// Receive buffer, bytes; the advertised window is what is left of it.
    buffer: u64,
    /// Duplicate segments received (bytes already delivered or buffered).
    pub duplicate_segments: u64,
}

impl TcpReceiver {
    pub fn new(buffer: u64) -> Self {
        Self {
            rcv_nxt: 0,
            ooo: Vec::new(),
            buffer,
            duplicate_segments: 0,
        }
    }

    /// Bytes delivered in order to the application.
    pub fn delivered(&self) -> u64 {
        self.rcv_nxt
    }

    fn buffered(&self) -> u64 {
        self.ooo.iter().map(|(s, e)| e - s).sum()
    }

    /// Advertised window: the free part of the receive buffer (the
    /// application reads in-order data at once; out-of-order data waits).
    pub fn rwnd(&self) -> u64 {
        self.buffer.saturating_sub(self.buffered())
    }

    /// Accept a data segment and return the ACK to send back.
    pub fn on_data(&mut self, pkt: &Packet, now: Time) -> Packet {
        let (start, end) = (pkt.seq, pkt.end_seq());
        if end <= self.rcv_nxt {
            self.duplicate_segments += 1;
        } else if start <= self.rcv_nxt {
            self.rcv_nxt = end;
            self.pull_contiguous();
        } else if !self.insert_ooo(start, end) {
            self.duplicate_segments += 1;
        }
        Packet {
            uid: 0,
            flow: pkt.flow,
            src: pkt.dst,
            dst: pkt.src,
            kind: PacketKind::Ack,
            seq: 0,
            payload: 0,
            size: TCP_IP_HEADER_BYTES,
            ack: self.rcv_nxt,
            rwnd: self.rwnd(),
            tsval: now,
            tsecr: pkt.tsval,
            retransmit: false,
            enqueued_at: now,
            ect: false,
            ecn_ce: false,
        }
    }

    /// Move buffered ranges that now touch rcv_nxt into the delivered stream.
    fn pull_contiguous(&mut self) {
        let mut drained = 0;
        for &(s, e) in &self.ooo {
            if s > self.rcv_nxt {
                break;
            }
            self.rcv_nxt = self.rcv_nxt.max(e);
            drained += 1;
        }
        self.ooo.drain(..drained);
    }

    /// Insert [start, end) into the out-of-order set; false if it held nothing new.
    fn insert_ooo(&mut self, start: u64, end: u64) -> bool {
        let i = self.ooo.partition_point(|&(_, e)| e < start);
        if i < self.ooo.len() && self.ooo[i].0 <= start && self.ooo[i].1 >= end {
            return false;
        }
        let mut s = start;
        let mut e = end;
        let mut j = i;
        while j < self.ooo.len() && self.ooo[j].0 <= e {
            s = s.min(self.ooo[j].0);
            e = e.max(self.ooo[j].1);
            j += 1;
        }
        self.ooo.splice(i..j, [(s, e)]);
        true
    }

    /// Out-of-order ranges held (for SACK and for tests).
    pub fn out_of_order(&self) -> &[(u64, u64)] {
        &self.ooo
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg(seq: u64, len: u32) -> Packet {
        Packet::data(0, 0, 0, 1, seq, len, 7)
    }

    #[test]
    fn in_order_data_advances_the_cumulative_ack() {
        let mut r = TcpReceiver::new(1 << 20);
        assert_eq!(r.on_data(&seg(0, 100), 1).ack, 100);
        let a = r.on_data(&seg(100, 100), 2);
        assert_eq!(a.ack, 200);
        assert_eq!(a.tsecr, 7, "echoes the segment's timestamp");
        assert_eq!(a.kind, PacketKind::Ack);
    }

    #[test]
    fn a_hole_produces_duplicate_acks_until_filled() {
        let mut r = TcpReceiver::new(1 << 20);
        r.on_data(&seg(0, 100), 0);
        assert_eq!(r.on_data(&seg(200, 100), 0).ack, 100);
        assert_eq!(r.on_data(&seg(300, 100), 0).ack, 100);
        assert_eq!(r.out_of_order(), &[(200, 400)]);
        assert_eq!(r.on_data(&seg(100, 100), 0).ack, 400);
        assert!(r.out_of_order().is_empty());
        assert_eq!(r.delivered(), 400);
    }

    #[test]
    fn overlapping_ranges_merge_and_duplicates_are_counted() {
        let mut r = TcpReceiver::new(1 << 20);
        r.on_data(&seg(500, 100), 0);
        r.on_data(&seg(300, 100), 0);
        r.on_data(&seg(400, 100), 0);
        assert_eq!(r.out_of_order(), &[(300, 600)]);
        r.on_data(&seg(400, 100), 0);
        assert_eq!(r.duplicate_segments, 1);
        r.on_data(&seg(0, 300), 0);
        assert_eq!(r.delivered(), 600);
        r.on_data(&seg(0, 100), 0);
        assert_eq!(r.duplicate_segments, 2);
    }

    #[test]
    fn the_window_shrinks_by_what_waits_out_of_order() {
        let mut r = TcpReceiver::new(10_000);
        let a = r.on_data(&seg(1000, 1000), 0);
        assert_eq!(a.rwnd, 9_000);
    }
}
