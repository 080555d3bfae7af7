//! A trace-driven transmitter (mahimahi `mm-link`, Netravali et al., USENIX
//! ATC 2015): the link delivers only at the listed opportunities, each worth
//! a fixed number of bytes; the trace repeats with a period of its last
//! timestamp. As in mahimahi's `LinkQueue::rationalize`, a packet may use
//! what an earlier packet left of an opportunity and may span several
//! opportunities, and the unused bytes of an opportunity that finds nothing
//! waiting are lost.

use crate::engine::time::{Time, NS_PER_MS};

#[derive(Clone, Debug)]
pub struct TraceLink {
    /// Opportunity times within one period, ns, non-decreasing.
    times: Vec<Time>,
    period: Time,
    bytes_per_opportunity: u32,
    /// Absolute index (counting repeats) of the first unused opportunity.
    next: u64,
    /// Bytes left of the last used opportunity, usable only at `credit_at`.
    credit: u32,
    credit_at: Time,
}

impl TraceLink {
    /// `times_ms` as parsed from a validated trace (non-empty,
    /// non-decreasing, last > 0).
    pub fn new(times_ms: &[u64], bytes_per_opportunity: u32) -> Self {
        let times: Vec<Time> = times_ms.iter().map(|&ms| ms * NS_PER_MS).collect();
        let period = times.last().copied().unwrap_or(NS_PER_MS).max(1);
        TraceLink {
            times: if times.is_empty() {
                vec![period]
            } else {
                times
            },
            period,
            bytes_per_opportunity: bytes_per_opportunity.max(1),
            next: 0,
            credit: 0,
            credit_at: 0,
        }
    }

    /// Time of opportunity number `k` (counting repeats).
    fn time_of(&self, k: u64) -> Time {
        let n = self.times.len() as u64;
        (k / n) * self.period + self.times[(k % n) as usize]
    }

    /// Skip the opportunities before `now`: nothing was waiting for them.
    fn skip_to(&mut self, now: Time) {
        if self.time_of(self.next) >= now {
            return;
        }
        let n = self.times.len() as u64;
        let cycle = now / self.period;
        let offset = now - cycle * self.period;
        let i = self.times.partition_point(|&t| t < offset) as u64;
        let mut k = (cycle * n + i).max(self.next);
        // The previous cycle's last opportunities fall on this cycle's start.
        while k > self.next && self.time_of(k - 1) >= now {
            k -= 1;
        }
        while self.time_of(k) < now {
            k += 1;
        }
        self.next = k;
    }

    /// The mean rate the trace offers, b/s.
    pub fn mean_rate_bps(&self) -> f64 {
        self.times.len() as f64 * self.bytes_per_opportunity as f64 * 8.0 * 1e9 / self.period as f64
    }

    /// If a packet cannot start at `now`, the time of the next opportunity.
    pub fn wait(&mut self, now: Time) -> Option<Time> {
        if self.credit > 0 && self.credit_at == now {
            return None;
        }
        self.skip_to(now);
        let t = self.time_of(self.next);
        (t > now).then_some(t)
    }

    /// Start sending `bytes` at `now` (after `wait` returned None): returns
    /// the time the last byte leaves, at an opportunity.
    pub fn send(&mut self, now: Time, bytes: u32) -> Time {
        let mut have = if self.credit_at == now {
            self.credit
        } else {
            0
        };
        self.skip_to(now);
        let mut left = bytes.max(1);
        let mut t = now;
        loop {
            let take = have.min(left);
            have -= take;
            left -= take;
            if left == 0 {
                break;
            }
            t = self.time_of(self.next);
            self.next += 1;
            have = self.bytes_per_opportunity;
        }
        self.credit = have;
        self.credit_at = t;
        t
    }

    /// The busy time to book for `bytes`: their share of the mean spacing
    /// between opportunities (so utilisation is bytes sent over bytes offered).
    pub fn busy_time(&self, bytes: u32) -> Time {
        let spacing = self.period as f64 / self.times.len() as f64;
        libm::round(spacing * bytes as f64 / self.bytes_per_opportunity as f64) as Time
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Time = NS_PER_MS;

    #[test]
    fn a_packet_waits_for_the_next_opportunity_and_the_trace_repeats() {
        // Opportunities at 2 and 5 ms, period 5 ms: 2, 5, 7, 10, 12, ...
        let mut l = TraceLink::new(&[2, 5], 1500);
        assert_eq!(l.wait(0), Some(2 * MS));
        assert_eq!(l.wait(2 * MS), None);
        assert_eq!(l.send(2 * MS, 1500), 2 * MS);
        assert_eq!(l.wait(2 * MS), Some(5 * MS));
        assert_eq!(l.send(5 * MS, 1500), 5 * MS);
        // Idle until 8 ms: the opportunity at 7 ms is lost.
        assert_eq!(l.wait(8 * MS), Some(10 * MS));
        assert_eq!(l.send(10 * MS, 1500), 10 * MS);
        assert_eq!(l.wait(10 * MS), Some(12 * MS));
    }

    #[test]
    fn small_packets_share_an_opportunity_and_large_ones_span_several() {
        let mut l = TraceLink::new(&[1, 2, 3, 4], 1500);
        assert_eq!(l.send(MS, 500), MS);
        assert_eq!(l.wait(MS), None, "1000 bytes left at 1 ms");
        assert_eq!(l.send(MS, 1000), MS);
        assert_eq!(l.wait(MS), Some(2 * MS));
        // 700 bytes at 2 ms leave 800; a 1500-byte packet takes those and 700 at 3 ms.
        assert_eq!(l.send(2 * MS, 700), 2 * MS);
        assert_eq!(l.send(2 * MS, 1500), 3 * MS);
        assert_eq!(l.send(3 * MS, 800), 3 * MS);
        // 3000 bytes: opportunities at 4 and 5 (= 1 + period 4) ms.
        assert_eq!(l.send(4 * MS, 3000), 5 * MS);
    }

    #[test]
    fn leftover_bytes_are_lost_once_time_moves_on() {
        let mut l = TraceLink::new(&[1, 10], 1500);
        assert_eq!(l.send(MS, 100), MS);
        assert_eq!(l.wait(MS + 1), Some(10 * MS));
    }

    #[test]
    fn duplicate_timestamps_are_two_opportunities_at_once() {
        let mut l = TraceLink::new(&[3, 3, 6], 1500);
        assert_eq!(l.send(3 * MS, 3000), 3 * MS);
        assert_eq!(l.wait(3 * MS), Some(6 * MS));
        assert!((l.mean_rate_bps() - 3.0 * 1500.0 * 8.0 / 0.006).abs() < 1e-6);
    }

    #[test]
    fn skipping_far_ahead_lands_on_the_right_repeat() {
        let mut l = TraceLink::new(&[0, 4, 8], 1500);
        // Period 8 ms; at 1001 ms the next opportunity is 1004 ms (= 125·8 + 4).
        assert_eq!(l.wait(1001 * MS), Some(1004 * MS));
        // At exactly a period boundary both "8" of one cycle and "0" of the next are there.
        assert_eq!(l.wait(1008 * MS), None);
        assert_eq!(l.send(1008 * MS, 3000), 1008 * MS);
        assert_eq!(l.wait(1008 * MS), Some(1012 * MS));
    }
}
