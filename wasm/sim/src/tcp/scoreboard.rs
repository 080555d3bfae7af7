//! The sender's scoreboard: one entry per transmitted segment from SND.UNA to
//! SND.MAX, with what is known of it (SACKed, presumed lost, retransmitted).
//! It keeps RFC 6675's `pipe` (§4 SetPipe) incrementally and marks segments
//! lost either per IsLost (§4): DupThresh SACKed segments above them, or per
//! RACK (RFC 8985 §6.2, [`Scoreboard::rack_detect`]): sent a reordering
//! window or more before the most recently delivered segment. The three
//! highest SACKed segments are tracked, so marking is O(1) amortised per ACK.
//! The SACKed segments are also kept as ranges in an ordered map, so a SACK
//! block costs what it newly covers, not every segment under it: at 10 Gb/s ×
//! 100 ms a block can span thousands of segments SACKed long ago.
//! Retransmissions in flight are also kept in the order they were sent, for
//! RACK: in sequence order the segments sent once are in sending order too.

use crate::engine::Time;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// RFC 6675 §2: DupThresh = 3.
pub const DUP_THRESH: usize = 3;

#[derive(Clone, Copy, Debug)]
pub struct Segment {
    pub start: u64,
    pub end: u64,
    /// When it was last (re)transmitted. RTT samples use segments sent once
    /// only (Karn), for which this is the first transmission; RACK uses the
    /// last (RFC 8985 §6.1 `Segment.xmit_ts`).
    pub sent_at: Time,
    /// Sent more than once.
    pub retransmitted: bool,
    pub sacked: bool,
    pub lost: bool,
    /// A retransmission of it is in flight (counts in pipe).
    pub retx_in_flight: bool,
    /// Bytes delivered (acknowledged or SACKed) when it was sent, and when
    /// that count last changed: the reference of a delivery-rate sample
    /// (draft-cheng-iccrg-delivery-rate-estimation §3.2).
    pub delivered_at_send: u64,
    pub delivered_time_at_send: Time,
}

/// What a cumulative ACK or a SACK block told about the segments it covered.
#[derive(Clone, Copy, Debug)]
pub struct Covered {
    /// RTT reference: send time of the newest fully acknowledged segment sent once (Karn).
    pub rtt_sent_at: Option<Time>,
    /// Some covered segment had been retransmitted.
    pub any_retransmitted: bool,
    /// Delivery-rate reference of the most recently sent covered segment that was sent once.
    pub rate_ref: Option<(u64, Time)>,
    /// Input: retransmitted segments last sent after this time are ignored
    /// for RACK (RFC 8985 §6.2 step 2: delivered less than min_RTT after
    /// the retransmission, it may be the original that arrived).
    pub rack_cutoff: Time,
    /// RACK reference: (last transmission time, end) of the most recently
    /// sent newly delivered segment (RFC 8985 §6.2 step 2).
    pub rack: Option<(Time, u64)>,
    /// Lowest end of a newly delivered segment sent only once (RFC 8985
    /// §6.2 step 3: below RACK.fack, it was reordered).
    pub min_original_end: u64,
}

impl Default for Covered {
    fn default() -> Self {
        Self {
            rtt_sent_at: None,
            any_retransmitted: false,
            rate_ref: None,
            rack_cutoff: Time::MAX,
            rack: None,
            min_original_end: u64::MAX,
        }
    }
}

impl Covered {
    /// A segment newly delivered (cumulatively acknowledged or SACKed).
    fn note_delivered(&mut self, s: &Segment) {
        if !s.retransmitted {
            if self.rate_ref.is_none_or(|(d, _)| s.delivered_at_send >= d) {
                self.rate_ref = Some((s.delivered_at_send, s.delivered_time_at_send));
            }
            self.min_original_end = self.min_original_end.min(s.end);
        }
        if (!s.retransmitted || s.sent_at <= self.rack_cutoff)
            && self.rack.is_none_or(|r| (s.sent_at, s.end) > r)
        {
            self.rack = Some((s.sent_at, s.end));
        }
    }
}

impl Segment {
    fn len(&self) -> u64 {
        self.end - self.start
    }
    /// RFC 6675 §4 SetPipe: an original in flight, plus a retransmission in flight.
    fn pipe_share(&self) -> u64 {
        let mut n = 0;
        if !self.sacked && !self.lost {
            n += self.len();
        }
        if self.retx_in_flight && !self.sacked {
            n += self.len();
        }
        n
    }
}

#[derive(Default)]
pub struct Scoreboard {
    segs: VecDeque<Segment>,
    /// The SACKed segments as maximal runs, start → end (segment boundaries).
    sacked: BTreeMap<u64, u64>,
    pipe: u64,
    sacked_bytes: u64,
    /// Start sequence of the highest SACKed segments, highest first.
    top: Vec<u64>,
    /// Segments below this sequence have been examined for loss marking.
    lost_scan: u64,
    /// Lowest sequence that may hold a lost segment not yet retransmitted.
    retx_hint: u64,
    /// Retransmissions in flight as (sent at, start), in sending order (RACK).
    retx_in_flight: BTreeSet<(Time, u64)>,
    /// Segments sent once below this sequence have been examined by RACK.
    rack_scan: u64,
    /// Highest sequence cumulatively or selectively acknowledged (RACK.fack).
    fack: u64,
    /// SACKed segments above SND.UNA (Linux `sacked_out`).
    sacked_segs: u64,
}

/// What [`Scoreboard::rack_detect`] found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RackResult {
    /// Some segment was newly marked lost.
    pub marked: bool,
    /// A segment sent before the reference is not yet overdue: it will be
    /// after this much more time (RFC 8985 §6.3, the reordering timer).
    pub wait: Option<Time>,
}

impl Scoreboard {
    pub fn new() -> Self {
        Self {
            segs: VecDeque::with_capacity(64),
            top: Vec::with_capacity(DUP_THRESH),
            ..Default::default()
        }
    }

    pub fn is_empty(&self) -> bool {
        self.segs.is_empty()
    }
    /// RFC 6675 pipe: bytes presumed in the network.
    pub fn pipe(&self) -> u64 {
        self.pipe
    }
    pub fn sacked_bytes(&self) -> u64 {
        self.sacked_bytes
    }
    /// SACKed segments above SND.UNA.
    pub fn sacked_segments(&self) -> u64 {
        self.sacked_segs
    }
    /// RACK.fack: the highest sequence acknowledged cumulatively or selectively.
    pub fn fack(&self) -> u64 {
        self.fack
    }
    /// The last segment sent, if any is outstanding.
    pub fn back(&self) -> Option<&Segment> {
        self.segs.back()
    }
    pub fn front(&self) -> Option<&Segment> {
        self.segs.front()
    }

    /// Record a first transmission of [start, end), with the delivered count
    /// and its time at sending.
    pub fn push(
        &mut self,
        start: u64,
        end: u64,
        now: Time,
        retransmitted: bool,
        delivered: (u64, Time),
    ) {
        debug_assert!(self.segs.back().is_none_or(|s| s.end == start));
        let seg = Segment {
            start,
            end,
            sent_at: now,
            retransmitted,
            sacked: false,
            lost: false,
            retx_in_flight: false,
            delivered_at_send: delivered.0,
            delivered_time_at_send: delivered.1,
        };
        self.pipe += seg.pipe_share();
        self.segs.push_back(seg);
    }

    /// Forget everything (go-back-N after a timeout).
    pub fn clear(&mut self) {
        self.segs.clear();
        self.sacked.clear();
        self.pipe = 0;
        self.sacked_bytes = 0;
        self.top.clear();
        self.lost_scan = 0;
        self.retx_hint = 0;
        self.retx_in_flight.clear();
        self.rack_scan = 0;
        self.sacked_segs = 0;
    }

    /// Remove segments below the cumulative ACK and say what they were in
    /// `c` (whose `rack_cutoff` the caller sets).
    pub fn ack_to(&mut self, ack: u64, c: &mut Covered) {
        while let Some(s) = self.segs.front() {
            if s.end > ack {
                break;
            }
            self.pipe -= s.pipe_share();
            if s.sacked {
                self.sacked_bytes -= s.len();
                self.sacked_segs -= 1;
            } else {
                c.note_delivered(s);
            }
            if s.retx_in_flight && !s.sacked {
                self.retx_in_flight.remove(&(s.sent_at, s.start));
            }
            if s.retransmitted {
                c.any_retransmitted = true;
                c.rtt_sent_at = None;
            } else if !s.sacked {
                c.rtt_sent_at = Some(s.sent_at);
            }
            self.segs.pop_front();
        }
        let front = self.segs.front().map_or(u64::MAX, |s| s.start);
        while let Some((&a, &b)) = self.sacked.first_key_value() {
            if b <= front {
                self.sacked.pop_first();
                continue;
            }
            if a < front {
                self.sacked.pop_first();
                self.sacked.insert(front, b);
            }
            break;
        }
        self.top.retain(|&t| t >= ack);
        self.lost_scan = self.lost_scan.max(ack);
        self.retx_hint = self.retx_hint.max(ack);
        self.rack_scan = self.rack_scan.max(ack);
        self.fack = self.fack.max(ack);
    }

    fn index_of(&self, seq: u64) -> Option<usize> {
        let first = self.segs.front()?.start;
        if seq < first {
            return None;
        }
        // Segments are contiguous and most are as long as the first, so
        // guess by division; search only when the guess misses.
        let len = self.segs[0].len().max(1);
        let guess = ((seq - first) / len) as usize;
        if let Some(s) = self.segs.get(guess) {
            if s.start <= seq && seq < s.end {
                return Some(guess);
            }
        }
        let i = self.segs.partition_point(|s| s.end <= seq);
        (i < self.segs.len()).then_some(i)
    }

    /// Apply a SACK block [start, end): every segment wholly inside it is
    /// SACKed. Returns the bytes newly SACKed, and notes the newly SACKed
    /// segments' delivery-rate reference in `covered`. Runs SACKed before
    /// are stepped over, not walked.
    pub fn sack(&mut self, start: u64, end: u64, covered: &mut Covered) -> u64 {
        let mut newly = 0;
        let mut pos = start;
        while pos < end {
            if let Some((_, &b)) = self.sacked.range(..=pos).next_back() {
                if b > pos {
                    pos = b;
                    continue;
                }
            }
            let Some(mut i) = self.index_of(pos) else {
                break;
            };
            // The gap of un-SACKed segments ends where the next SACKed run begins.
            let gap_end = self
                .sacked
                .range(pos..)
                .next()
                .map_or(end, |(&a, _)| a.min(end));
            while i < self.segs.len() && self.segs[i].start < gap_end {
                let s = self.segs[i];
                if s.start >= start && s.end <= end && !s.sacked {
                    covered.note_delivered(&s);
                    self.pipe -= s.pipe_share();
                    if s.retx_in_flight {
                        self.retx_in_flight.remove(&(s.sent_at, s.start));
                    }
                    let seg = &mut self.segs[i];
                    seg.sacked = true;
                    seg.retx_in_flight = false;
                    self.sacked_bytes += s.len();
                    self.sacked_segs += 1;
                    self.fack = self.fack.max(s.end);
                    newly += s.len();
                    self.note_top(s.start);
                    self.note_sacked_run(s.start, s.end);
                }
                i += 1;
            }
            match self.segs.get(i) {
                Some(s) => pos = s.start,
                None => break,
            }
        }
        newly
    }

    /// Add the newly SACKed segment [start, end) to the runs, merging with
    /// the runs it touches.
    fn note_sacked_run(&mut self, start: u64, end: u64) {
        let (mut s, mut e) = (start, end);
        if let Some((&a, &b)) = self.sacked.range(..=start).next_back() {
            if b >= start {
                self.sacked.remove(&a);
                (s, e) = (a, e.max(b));
            }
        }
        if let Some(b) = self.sacked.remove(&e) {
            e = b;
        }
        self.sacked.insert(s, e);
    }

    fn note_top(&mut self, start: u64) {
        if self.top.len() < DUP_THRESH || start > *self.top.last().expect("non-empty") {
            let pos = self.top.partition_point(|&t| t > start);
            self.top.insert(pos, start);
            self.top.truncate(DUP_THRESH);
        }
    }

    /// RFC 6675 IsLost: mark every un-SACKed segment below the DupThresh-th
    /// highest SACKed segment. Returns true if any segment was newly marked.
    pub fn mark_losses(&mut self) -> bool {
        if self.top.len() < DUP_THRESH {
            return false;
        }
        let threshold = self.top[DUP_THRESH - 1];
        if threshold <= self.lost_scan {
            return false;
        }
        let mut any = false;
        let mut i = self.index_of(self.lost_scan).unwrap_or(0);
        while i < self.segs.len() && self.segs[i].start < threshold {
            let s = self.segs[i];
            if !s.sacked && !s.lost && !s.retx_in_flight {
                self.pipe -= s.pipe_share();
                self.segs[i].lost = true;
                self.pipe += self.segs[i].pipe_share();
                self.retx_hint = self.retx_hint.min(s.start);
                any = true;
            }
            i += 1;
        }
        self.lost_scan = threshold;
        any
    }

    /// RFC 8985 §6.2 step 5 (RACK_detect_loss): mark lost every segment
    /// not yet delivered that was last sent before the reference `rack`
    /// (RACK.xmit_ts, RACK.end_seq) and `window` (RACK.rtt + RACK.reo_wnd)
    /// or longer before `now`, retransmissions included. Segments sent once
    /// are examined in sequence order, which is their sending order;
    /// retransmissions in the order they were sent.
    ///
    /// The wait returned is for the earliest segment not yet overdue, not,
    /// as RFC 8985 and Linux `tcp_rack_detect_loss` do, the latest: when the
    /// reordering timer fires this runs again, so each segment is marked at
    /// its own deadline rather than all at the last one.
    pub fn rack_detect(&mut self, rack: (Time, u64), window: Time, now: Time) -> RackResult {
        let mut marked = false;
        let mut wait: Option<Time> = None;
        // Retransmissions: a prefix of the sending order is overdue.
        while let Some(&(t, start)) = self.retx_in_flight.first() {
            if (t, start) >= rack {
                break;
            }
            if t + window > now {
                wait = Some(t + window - now);
                break;
            }
            self.retx_in_flight.pop_first();
            let Some(i) = self.index_of(start) else {
                continue;
            };
            self.pipe -= self.segs[i].pipe_share();
            let seg = &mut self.segs[i];
            seg.retx_in_flight = false;
            seg.lost = true;
            self.pipe += self.segs[i].pipe_share();
            self.retx_hint = self.retx_hint.min(start);
            marked = true;
        }
        // Segments sent once, from where the last scan stopped.
        let Some(front) = self.segs.front().map(|s| s.start) else {
            return RackResult { marked, wait };
        };
        let mut i = self
            .index_of(self.rack_scan.max(front))
            .unwrap_or(self.segs.len());
        while i < self.segs.len() {
            let s = self.segs[i];
            if !(s.sacked || s.lost || s.retransmitted) {
                if (s.sent_at, s.end) >= rack {
                    break;
                }
                if s.sent_at + window > now {
                    let w = s.sent_at + window - now;
                    wait = Some(wait.map_or(w, |x| x.min(w)));
                    break;
                }
                self.pipe -= s.pipe_share();
                self.segs[i].lost = true;
                self.pipe += self.segs[i].pipe_share();
                self.retx_hint = self.retx_hint.min(s.start);
                marked = true;
            }
            i += 1;
        }
        self.rack_scan = match self.segs.get(i) {
            Some(s) => s.start,
            None => self.segs.back().map_or(self.rack_scan, |s| s.end),
        };
        // NextSeg looks for lost segments up to here.
        self.lost_scan = self.lost_scan.max(self.rack_scan);
        RackResult { marked, wait }
    }

    /// Mark the first segment lost (RFC 6675 §5 step 4.3: the segment at
    /// SND.UNA is retransmitted on entering recovery).
    pub fn mark_front_lost(&mut self) {
        if let Some(s) = self.segs.front() {
            if !s.sacked && !s.lost && !s.retx_in_flight {
                self.pipe -= s.pipe_share();
                self.segs[0].lost = true;
                self.pipe += self.segs[0].pipe_share();
                self.retx_hint = self.retx_hint.min(self.segs[0].start);
            }
        }
    }

    /// After a timeout: everything not SACKed is presumed lost (RFC 6675 §5.1).
    pub fn mark_all_lost(&mut self) {
        for s in self.segs.iter_mut() {
            if !s.sacked {
                s.lost = true;
                s.retx_in_flight = false;
            }
        }
        self.pipe = 0;
        self.retx_in_flight.clear();
        self.retx_hint = self.segs.front().map_or(0, |s| s.start);
        self.lost_scan = self.segs.back().map_or(0, |s| s.end);
        self.rack_scan = self.lost_scan;
    }

    /// A timeout was found spurious (Linux `tcp_undo_cwnd_reduction` with
    /// `unmark_loss`): no segment is presumed lost any more; originals not
    /// SACKed count in pipe again, and loss detection looks at every
    /// segment afresh (Linux sets `rack.advanced`).
    pub fn unmark_lost(&mut self) {
        for s in self.segs.iter_mut() {
            s.lost = false;
        }
        self.pipe = self.segs.iter().map(Segment::pipe_share).sum();
        let front = self.segs.front().map_or(0, |s| s.start);
        self.retx_hint = front;
        self.lost_scan = front;
        self.rack_scan = front;
    }

    /// RFC 6675 NextSeg rule 1: the lowest lost segment not yet retransmitted.
    pub fn next_lost(&mut self) -> Option<(u64, u64)> {
        let mut i = self.index_of(self.retx_hint).unwrap_or(0);
        while i < self.segs.len() {
            let s = &self.segs[i];
            if s.lost && !s.sacked && !s.retx_in_flight {
                self.retx_hint = s.start;
                return Some((s.start, s.end));
            }
            if s.start >= self.lost_scan && !s.lost {
                break;
            }
            i += 1;
        }
        self.retx_hint = self.segs.get(i).map_or(self.retx_hint, |s| s.start);
        None
    }

    /// Record a retransmission at `now` of the segment starting at `start`.
    pub fn retransmitted(&mut self, start: u64, now: Time) {
        if let Some(i) = self.index_of(start) {
            let old = self.segs[i];
            self.pipe -= old.pipe_share();
            if old.retx_in_flight {
                self.retx_in_flight.remove(&(old.sent_at, old.start));
            }
            let s = &mut self.segs[i];
            s.retransmitted = true;
            s.retx_in_flight = true;
            s.sent_at = now;
            self.pipe += self.segs[i].pipe_share();
            self.retx_in_flight.insert((now, start));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MSS: u64 = 1000;

    impl Scoreboard {
        fn sack_(&mut self, start: u64, end: u64) -> u64 {
            self.sack(start, end, &mut Covered::default())
        }
        fn ack_(&mut self, ack: u64) -> Covered {
            let mut c = Covered::default();
            self.ack_to(ack, &mut c);
            c
        }
    }

    #[test]
    fn the_rate_reference_is_the_most_recently_sent_covered_segment() {
        let mut b = Scoreboard::new();
        for i in 0..4u64 {
            b.push(i * MSS, (i + 1) * MSS, i, false, (i * 10, i * 100));
        }
        let mut c = Covered::default();
        b.sack(2 * MSS, 4 * MSS, &mut c);
        assert_eq!(c.rate_ref, Some((30, 300)));
        assert_eq!(b.ack_(MSS).rate_ref, Some((0, 0)));
    }

    fn board(n: u64) -> Scoreboard {
        let mut b = Scoreboard::new();
        for i in 0..n {
            b.push(i * MSS, (i + 1) * MSS, i, false, (0, 0));
        }
        b
    }

    #[test]
    fn pipe_counts_every_segment_sent() {
        let b = board(10);
        assert_eq!(b.pipe(), 10 * MSS);
    }

    #[test]
    fn sacked_segments_leave_the_pipe() {
        let mut b = board(10);
        assert_eq!(b.sack_(3 * MSS, 5 * MSS), 2 * MSS);
        assert_eq!(b.pipe(), 8 * MSS);
        assert_eq!(
            b.sack_(3 * MSS, 5 * MSS),
            0,
            "SACKing twice changes nothing"
        );
    }

    #[test]
    fn a_segment_is_lost_once_three_segments_above_it_are_sacked() {
        // RFC 6675 §4 IsLost with DupThresh = 3.
        let mut b = board(10);
        b.sack_(MSS, 3 * MSS);
        assert!(!b.mark_losses(), "two SACKed segments are not enough");
        b.sack_(3 * MSS, 4 * MSS);
        assert!(b.mark_losses());
        assert_eq!(b.next_lost(), Some((0, MSS)));
        // pipe: 10 sent − 3 SACKed − 1 lost
        assert_eq!(b.pipe(), 6 * MSS);
        b.retransmitted(0, 20);
        assert_eq!(b.pipe(), 7 * MSS, "the retransmission is in flight");
        assert_eq!(b.next_lost(), None);
    }

    #[test]
    fn the_cumulative_ack_removes_segments_and_their_pipe() {
        let mut b = board(5);
        let c = b.ack_(2 * MSS);
        assert_eq!(
            c.rtt_sent_at,
            Some(1),
            "newest acked segment was sent at t = 1"
        );
        assert!(!c.any_retransmitted);
        assert_eq!(b.pipe(), 3 * MSS);
        assert_eq!(b.front().unwrap().start, 2 * MSS);
    }

    #[test]
    fn karn_no_sample_from_a_retransmitted_segment() {
        let mut b = board(3);
        b.retransmitted(2 * MSS, 20);
        let c = b.ack_(3 * MSS);
        assert_eq!(c.rtt_sent_at, None);
        assert!(c.any_retransmitted);
    }

    #[test]
    fn after_a_timeout_all_unsacked_segments_are_lost_and_resent_in_order() {
        let mut b = board(4);
        b.sack_(2 * MSS, 3 * MSS);
        b.mark_all_lost();
        assert_eq!(b.pipe(), 0);
        assert_eq!(b.next_lost(), Some((0, MSS)));
        b.retransmitted(0, 20);
        assert_eq!(b.next_lost(), Some((MSS, 2 * MSS)));
        b.retransmitted(MSS, 20);
        assert_eq!(
            b.next_lost(),
            Some((3 * MSS, 4 * MSS)),
            "skips the SACKed one"
        );
    }

    #[test]
    fn sack_runs_match_walking_every_segment() {
        // Random blocks and cumulative ACKs: the SACKed bytes and pipe must be
        // what marking every wholly covered segment gives.
        let mut rng = crate::engine::Rng::new(7, 7);
        let mut b = board(200);
        let mut naive = [false; 200];
        let mut una = 0;
        for _ in 0..2000 {
            if rng.below(10) == 0 {
                una = (una + rng.below(5)).min(200);
                b.ack_(una * MSS);
            }
            let s = una + rng.below(200 - una + 1);
            let e = (s + rng.below(30)).min(200);
            // Blocks need not be segment-aligned at their start.
            let start = (s * MSS)
                .saturating_sub(rng.below(2) * MSS / 2)
                .max(una * MSS);
            b.sack_(start, e * MSS);
            for (i, n) in naive.iter_mut().enumerate().take(e as usize) {
                if i as u64 * MSS >= start {
                    *n = true;
                }
            }
            let want: u64 = (una..200).filter(|&i| naive[i as usize]).count() as u64 * MSS;
            assert_eq!(b.sacked_bytes(), want);
            assert_eq!(b.pipe(), (200 - una) * MSS - want);
        }
    }

    // ---- RACK (RFC 8985 §6.2) ----------------------------------------------

    /// Ten segments sent 1 ms apart (segment i at t = i ms).
    fn board_ms(n: u64) -> Scoreboard {
        let mut b = Scoreboard::new();
        for i in 0..n {
            b.push(i * MSS, (i + 1) * MSS, i * MS, false, (0, 0));
        }
        b
    }
    const MS: Time = 1_000_000;

    #[test]
    fn rack_marks_a_segment_sent_a_window_before_the_latest_delivered() {
        // Segment 0 is lost; segment 1 is SACKed at t = 101 ms (RTT 100 ms).
        let mut b = board_ms(10);
        let mut c = Covered::default();
        b.sack(MSS, 2 * MSS, &mut c);
        assert_eq!(c.rack, Some((MS, 2 * MSS)), "RACK.xmit_ts is segment 1's");
        // reo_wnd 25 ms: segment 0 (sent at 0) is overdue at 0 + 100 + 25 ms.
        let r = b.rack_detect(c.rack.unwrap(), 125 * MS, 101 * MS);
        assert!(!r.marked);
        assert_eq!(r.wait, Some(24 * MS), "the reordering timer: 24 ms more");
        let r = b.rack_detect(c.rack.unwrap(), 125 * MS, 125 * MS);
        assert!(r.marked);
        assert_eq!(b.next_lost(), Some((0, MSS)));
        assert_eq!(r.wait, None, "nothing else was sent before segment 1");
        // Segments 2..9 were sent after the reference: never marked by it.
        assert_eq!(b.pipe(), 8 * MSS);
    }

    #[test]
    fn rack_marks_a_lost_retransmission() {
        // RFC 8985 §3.3.2: segment 0 is lost, retransmitted at 110 ms, and
        // the retransmission is lost too. Segment 9, sent at 120 ms after it,
        // is SACKed at 220 ms: the retransmission is overdue by then.
        let mut b = board_ms(9);
        let mut c = Covered::default();
        b.sack(MSS, 9 * MSS, &mut c);
        b.rack_detect(c.rack.unwrap(), 100 * MS, 108 * MS);
        assert_eq!(b.next_lost(), Some((0, MSS)));
        b.retransmitted(0, 110 * MS);
        assert_eq!(b.next_lost(), None, "the retransmission is in flight");
        b.push(9 * MSS, 10 * MSS, 120 * MS, false, (0, 0));
        let pipe = b.pipe();
        let mut c = Covered::default();
        b.sack(9 * MSS, 10 * MSS, &mut c);
        assert_eq!(c.rack, Some((120 * MS, 10 * MSS)));
        let r = b.rack_detect(c.rack.unwrap(), 100 * MS, 220 * MS);
        assert!(r.marked, "the lost retransmission is detected");
        assert_eq!(b.next_lost(), Some((0, MSS)), "and sent again");
        assert_eq!(b.pipe(), pipe - 2 * MSS, "neither copy is in flight");
    }

    #[test]
    fn a_retransmission_sacked_soon_after_it_was_sent_is_not_a_rack_reference() {
        // RFC 8985 §6.2 step 2: delivered less than min_RTT after the
        // retransmission, the ACK may be for the original.
        let mut b = board_ms(4);
        b.retransmitted(0, 50 * MS);
        // SACKed at 60 ms with min_RTT 50 ms: retransmissions after 10 ms are ambiguous.
        let mut c = Covered {
            rack_cutoff: 10 * MS,
            ..Covered::default()
        };
        b.sack(0, MSS, &mut c);
        assert_eq!(c.rack, None);
        assert_eq!(c.min_original_end, u64::MAX, "not sent once");
    }
}
