//! Weighted fair queueing, byte-based (Demers, Keshav & Shenker 1989;
//! Parekh & Gallager's PGPS 1993): each arriving packet of conversation i
//! gets the virtual finish time F = max(F_prev_i, V(a)) + L/φ_i, and the link
//! sends the queued packet with the smallest F. V(t) is the round number of
//! the fluid GPS reference system, advancing at dV/dt = C / Σ_{i GPS-active} φ_i.
//!
//! Units: L in bits and φ in b/s, so F and V are in (virtual) seconds. L is
//! the packet as the transmitter serialises it, IP bytes plus the link's
//! `overhead_bytes` (HDLC framing on a serial line, preamble and gap on
//! Ethernet): the GPS clock runs at the line rate C, so tags must count the
//! same line time, or small packets, whose framing is a larger share, get
//! more than their weight (on paper 003's serial line a flow of 160-byte
//! datagrams took line time from a reservation).
//! Conversation ids and weights come from the caller ([`super::reservation`]).

use super::{DropReason, QueueCtx};
use crate::engine::Time;
use crate::packet::Packet;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// An f64 ≥ 0 as an order-preserving integer key (IEEE 754 bit order).
fn key(x: f64) -> u64 {
    debug_assert!(x >= 0.0);
    x.to_bits()
}

/// The fluid GPS system WFQ emulates, tracked exactly: a conversation is
/// GPS-active while V is below the finish tag of its last arrival.
pub struct GpsClock {
    /// Link rate C, b/s.
    rate: f64,
    /// V, virtual seconds.
    v: f64,
    /// Real time V was last brought up to date, ns (fractional: GPS departures
    /// fall between integer instants).
    last: f64,
    /// (last finish tag, conversation) of the GPS-active conversations.
    active: BTreeSet<(u64, u32)>,
    sum_w: f64,
}

impl GpsClock {
    pub fn new(rate_bps: u64) -> Self {
        GpsClock {
            rate: rate_bps.max(1) as f64,
            v: 0.0,
            last: 0.0,
            active: BTreeSet::new(),
            sum_w: 0.0,
        }
    }

    /// V at the last update.
    pub fn v(&self) -> f64 {
        self.v
    }

    pub fn active(&self) -> usize {
        self.active.len()
    }

    /// Bring V up to `now`, retiring conversations whose fluid backlog empties.
    pub fn advance(&mut self, now: Time, weights: &BTreeMap<u32, f64>) {
        let now = now as f64;
        while let Some(&(f, _)) = self.active.first() {
            let f = f64::from_bits(f);
            // Real time for V to climb to f at slope C/Σφ.
            let reach = self.last + (f - self.v) * self.sum_w / self.rate * 1e9;
            if reach > now {
                break;
            }
            self.v = f;
            self.last = reach;
            self.active.pop_first();
            // Σφ summed afresh rather than decremented: subtracting a large weight
            // from the sum cancels the small ones to 0 (or below), and V, advancing
            // at C/Σφ, would jump to infinity.
            self.sum_w = self.active.iter().map(|&(_, c)| weights[&c]).sum();
        }
        if !self.active.is_empty() {
            self.v += (now - self.last) / 1e9 * self.rate / self.sum_w;
        }
        self.last = now;
    }

    /// Conversation `conv` lost its last packet, which was to finish at `old` in the fluid
    /// system; it now finishes at `new` (the dropped packet's start), or is idle if V has
    /// passed that.
    fn retract(&mut self, conv: u32, old: f64, new: f64, weights: &BTreeMap<u32, f64>) {
        if !self.active.remove(&(key(old), conv)) {
            return;
        }
        if new > self.v {
            self.active.insert((key(new), conv));
        } else {
            self.sum_w = self.active.iter().map(|&(_, c)| weights[&c]).sum();
        }
    }

    /// Conversation `conv` (weight φ) now finishes at `f` in the fluid system;
    /// `prev` is its previous finish tag if it was still GPS-active.
    fn set_finish(&mut self, conv: u32, w: f64, prev: Option<f64>, f: f64) {
        match prev {
            Some(p) if self.active.remove(&(key(p), conv)) => {}
            _ => self.sum_w += w,
        }
        self.active.insert((key(f), conv));
    }
}

#[derive(Default)]
struct Conv {
    /// (start tag, finish tag, packet), in arrival order.
    q: VecDeque<(f64, f64, Packet)>,
    /// Finish tag of the last packet that arrived.
    last_finish: f64,
    /// IP bytes queued.
    bytes: u64,
}

/// The WFQ scheduler over numbered conversations.
pub struct Wfq {
    clock: GpsClock,
    convs: BTreeMap<u32, Conv>,
    weights: BTreeMap<u32, f64>,
    /// (finish tag, arrival sequence, conversation) of each queue's head.
    heads: BTreeSet<(u64, u64, u32)>,
    seq: u64,
    limit: usize,
    conv_limit: usize,
    /// Link-layer bytes serialised with every packet.
    overhead: u32,
    qlen: usize,
    bytes: u64,
}

impl Wfq {
    pub fn new(rate_bps: u64, limit: usize, conv_limit: usize, overhead_bytes: u32) -> Self {
        Wfq {
            clock: GpsClock::new(rate_bps),
            convs: BTreeMap::new(),
            weights: BTreeMap::new(),
            heads: BTreeSet::new(),
            seq: 0,
            limit,
            conv_limit,
            overhead: overhead_bytes,
            qlen: 0,
            bytes: 0,
        }
    }

    /// The line time of a packet of `size` IP bytes, in bits.
    fn wire_bits(&self, size: u32) -> f64 {
        (size as f64 + self.overhead as f64) * 8.0
    }

    pub fn virtual_time(&self) -> f64 {
        self.clock.v()
    }

    pub fn gps_active(&self) -> usize {
        self.clock.active()
    }

    pub fn backlogged(&self) -> usize {
        self.convs.values().filter(|c| !c.q.is_empty()).count()
    }

    pub fn len_packets(&self) -> usize {
        self.qlen
    }

    pub fn len_bytes(&self) -> u64 {
        self.bytes
    }

    /// Is the whole queue at its limit?
    pub fn is_full(&self) -> bool {
        self.qlen >= self.limit
    }

    /// Bytes queued in conversation `conv`.
    pub fn conv_bytes(&self, conv: u32) -> u64 {
        self.convs.get(&conv).map_or(0, |c| c.bytes)
    }

    /// Would conversation `conv` refuse another packet (its discard threshold)?
    pub fn conv_full(&self, conv: u32) -> bool {
        self.convs
            .get(&conv)
            .is_some_and(|c| c.q.len() >= self.conv_limit)
    }

    /// Packets queued in conversation `conv`.
    pub fn conv_packets(&self, conv: u32) -> usize {
        self.convs.get(&conv).map_or(0, |c| c.q.len())
    }

    /// Would a packet of `size` IP bytes arriving now in conversation `conv` of weight `w`
    /// leave last, its finish tag at or above that of every queued packet? (Ties leave in
    /// arrival order, so the arrival is last.) The last packet of each conversation carries
    /// its largest tag, `last_finish`.
    pub fn arrival_is_last(&mut self, conv: u32, w: f64, size: u32, now: Time) -> bool {
        self.clock.advance(now, &self.weights);
        let prev = self.convs.get(&conv).map_or(0.0, |c| c.last_finish);
        let finish = prev.max(self.clock.v()) + self.wire_bits(size) / w;
        self.convs
            .values()
            .filter(|c| !c.q.is_empty())
            .all(|c| c.last_finish <= finish)
    }

    /// The conversation holding the most bytes among those `eligible` accepts (ties: the
    /// lowest number), with its bytes.
    pub fn longest(&self, eligible: impl Fn(u32) -> bool) -> Option<(u32, u64)> {
        let mut best: Option<(u32, u64)> = None;
        for (&id, c) in &self.convs {
            if c.bytes > 0 && eligible(id) && best.is_none_or(|(_, b)| c.bytes > b) {
                best = Some((id, c.bytes));
            }
        }
        best
    }

    /// Drop the last packet of conversation `conv` (Demers, Keshav & Shenker's buffer
    /// policy: the victim is the most recent arrival of the longest queue). Its tags are
    /// taken back: the conversation's next packet starts where the dropped one started.
    pub fn drop_tail(&mut self, conv: u32, ctx: &mut QueueCtx) -> bool {
        self.clock.advance(ctx.now, &self.weights);
        let Some(c) = self.convs.get_mut(&conv) else {
            return false;
        };
        let Some((start, finish, pkt)) = c.q.pop_back() else {
            return false;
        };
        c.bytes -= pkt.size as u64;
        c.last_finish = start;
        if c.q.is_empty() {
            self.heads.retain(|h| h.2 != conv);
        }
        self.qlen -= 1;
        self.bytes -= pkt.size as u64;
        self.clock.retract(conv, finish, start, &self.weights);
        ctx.drop(pkt, DropReason::Overflow);
        true
    }

    /// Queue `pkt` in conversation `conv` of weight `w` (b/s), or drop it if
    /// the conversation or the whole queue is full. Returns true if queued.
    pub fn enqueue(&mut self, mut pkt: Packet, conv: u32, w: f64, ctx: &mut QueueCtx) -> bool {
        let c = self.convs.entry(conv).or_default();
        if c.q.len() >= self.conv_limit || self.qlen >= self.limit {
            ctx.drop(pkt, DropReason::Overflow);
            return false;
        }
        self.weights.insert(conv, w);
        self.clock.advance(ctx.now, &self.weights);
        let v = self.clock.v();
        let bits = self.wire_bits(pkt.size);
        let c = self.convs.get_mut(&conv).expect("inserted above");
        let gps_active = c.last_finish > v;
        // S = max(F_prev, V(a)); F = S + L/φ.
        let start = c.last_finish.max(v);
        let finish = start + bits / w;
        let prev = gps_active.then_some(c.last_finish);
        c.last_finish = finish;
        pkt.enqueued_at = ctx.now;
        if c.q.is_empty() {
            self.heads.insert((key(finish), self.seq, conv));
        }
        c.bytes += pkt.size as u64;
        c.q.push_back((start, finish, pkt));
        self.seq += 1;
        self.qlen += 1;
        self.bytes += pkt.size as u64;
        self.clock.set_finish(conv, w, prev, finish);
        true
    }

    /// The queued packet with the smallest finish tag, and its conversation.
    pub fn dequeue(&mut self, now: Time) -> Option<(u32, Packet)> {
        self.clock.advance(now, &self.weights);
        let (_, _, conv) = self.heads.pop_first()?;
        let c = self
            .convs
            .get_mut(&conv)
            .expect("head of a known conversation");
        let (_, _, pkt) = c.q.pop_front().expect("a head has a packet");
        c.bytes -= pkt.size as u64;
        if let Some(&(_, f, _)) = c.q.front() {
            self.heads.insert((key(f), self.seq, conv));
            self.seq += 1;
        }
        self.qlen -= 1;
        self.bytes -= pkt.size as u64;
        Some((conv, pkt))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queue::testing::{pkt, Harness};

    fn push(w: &mut Wfq, h: &mut Harness, uid: u64, conv: u32, weight: f64, size: u32) {
        let mut ctx = QueueCtx {
            now: h.now,
            rng: &mut h.rng,
            dropped: &mut Vec::new(),
        };
        assert!(w.enqueue(pkt(uid, conv, 0, 1, size), conv, weight, &mut ctx));
    }

    #[test]
    fn finish_tags_follow_dks_and_the_smallest_leaves_first() {
        // C = 8000 b/s; A and B of weight 4000 b/s each (half the link).
        let mut w = Wfq::new(8000, 100, 100, 0);
        let mut h = Harness::new();
        for uid in 0..3 {
            push(&mut w, &mut h, uid, 0, 4000.0, 1000); // F = 2, 4, 6
        }
        push(&mut w, &mut h, 10, 1, 4000.0, 1000); // F = 2
        let c0 = &w.convs[&0];
        let tags: Vec<f64> = c0.q.iter().map(|e| e.1).collect();
        assert_eq!(tags, vec![2.0, 4.0, 6.0]);
        let order: Vec<u64> = (0..4).map(|_| w.dequeue(0).unwrap().1.uid).collect();
        assert_eq!(order, vec![0, 10, 1, 2], "ties go to the earlier arrival");
    }

    #[test]
    fn virtual_time_runs_faster_when_fewer_conversations_are_active() {
        let mut w = Wfq::new(8000, 100, 100, 0);
        let mut h = Harness::new();
        for uid in 0..3 {
            push(&mut w, &mut h, uid, 0, 4000.0, 1000);
        }
        push(&mut w, &mut h, 10, 1, 4000.0, 1000);
        // Both active: Σφ = C, dV/dt = 1.
        w.clock.advance(500_000_000, &w.weights);
        assert!((w.virtual_time() - 0.5).abs() < 1e-12);
        assert_eq!(w.gps_active(), 2);
        // At t = 2 s V reaches B's finish 2; then A alone: dV/dt = 2, V(3 s) = 4.
        w.clock.advance(3_000_000_000, &w.weights);
        assert!((w.virtual_time() - 4.0).abs() < 1e-12);
        assert_eq!(w.gps_active(), 1);
        // A's last finish 6 is reached at t = 4 s; then nothing is active.
        w.clock.advance(5_000_000_000, &w.weights);
        assert_eq!(w.gps_active(), 0);
        assert!((w.virtual_time() - 6.0).abs() < 1e-12);
    }

    #[test]
    fn a_heavy_conversation_leaving_does_not_cancel_the_light_ones() {
        // A 1 Tb/s reservation beside a best-effort weight of 10⁻⁶ b/s (reachable:
        // best-effort weights are normalised shares of what reservations leave).
        // C = 1 Mb/s, 1000 B each: the heavy one's fluid copy finishes at 8 ms, the
        // light one then has the link alone and finishes at 16 ms. Decrementing Σφ
        // by 10¹² left exactly 0 and retired the light one at 8 ms.
        let mut w = Wfq::new(1_000_000, 100, 100, 0);
        let mut h = Harness::new();
        push(&mut w, &mut h, 0, 0, 1e12, 1000);
        push(&mut w, &mut h, 1, 1, 1e-6, 1000);
        w.clock.advance(12_000_000, &w.weights);
        assert_eq!(w.gps_active(), 1);
        let v = w.virtual_time();
        assert!(v > 0.0 && v < 8e9, "V = {v}");
        w.clock.advance(20_000_000, &w.weights);
        assert_eq!(w.gps_active(), 0);
        assert!((w.virtual_time() / 8e9 - 1.0).abs() < 1e-9);
    }

    #[test]
    fn a_returning_conversation_starts_at_the_current_virtual_time() {
        let mut w = Wfq::new(8000, 100, 100, 0);
        let mut h = Harness::new();
        push(&mut w, &mut h, 0, 0, 4000.0, 1000); // F = 2
        push(&mut w, &mut h, 1, 1, 4000.0, 1000); // F = 2
        h.now = 10_000_000_000; // all fluid work done long ago: V = 2
        push(&mut w, &mut h, 2, 0, 4000.0, 500); // S = max(2, 2), F = 3
        assert_eq!(w.convs[&0].last_finish, 3.0);
    }

    #[test]
    fn dropping_a_tail_packet_takes_back_its_tags() {
        let mut w = Wfq::new(8000, 100, 100, 0);
        let mut h = Harness::new();
        push(&mut w, &mut h, 0, 0, 4000.0, 1000); // F = 2
        push(&mut w, &mut h, 1, 0, 4000.0, 1000); // S = 2, F = 4
        push(&mut w, &mut h, 2, 1, 4000.0, 1000); // F = 2
        let mut dropped = Vec::new();
        let mut ctx = QueueCtx {
            now: 0,
            rng: &mut h.rng,
            dropped: &mut dropped,
        };
        assert_eq!(w.longest(|_| true), Some((0, 2000)));
        assert!(w.drop_tail(0, &mut ctx));
        assert_eq!(w.convs[&0].last_finish, 2.0);
        assert_eq!(w.conv_bytes(0), 1000);
        assert_eq!(w.len_packets(), 2);
        // Conversation 1 dropping its only packet leaves no head behind, and the GPS
        // system no longer counts it.
        assert!(w.drop_tail(1, &mut ctx));
        assert_eq!(w.gps_active(), 1);
        let uids: Vec<u64> = dropped.iter().map(|d| d.0.uid).collect();
        assert_eq!(uids, vec![1, 2]);
        let order: Vec<u64> = std::iter::from_fn(|| w.dequeue(0).map(|d| d.1.uid)).collect();
        assert_eq!(order, vec![0]);
    }

    #[test]
    fn conversation_and_total_limits_drop_the_arrival() {
        let mut w = Wfq::new(8000, 3, 2, 0);
        let mut h = Harness::new();
        let mut dropped = Vec::new();
        let mut ctx = QueueCtx {
            now: 0,
            rng: &mut h.rng,
            dropped: &mut dropped,
        };
        let ok: Vec<bool> = [0u32, 0, 0, 1, 1]
            .iter()
            .enumerate()
            .map(|(i, &c)| w.enqueue(pkt(i as u64, c, 0, 1, 100), c, 1.0, &mut ctx))
            .collect();
        assert_eq!(ok, vec![true, true, false, true, false]);
        assert_eq!(dropped.len(), 2);
        assert_eq!(w.len_packets(), 3);
    }
}
