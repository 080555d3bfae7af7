//! The heavy-flow estimator of seed paper 002 (Hanai, Yamaguchi & Kobayashi,
//! IPSJ Journal 2017, §4.1–4.2): record the (source, destination) pair of one
//! in every `stat_int` packets in a log of `hist_len` entries; the most
//! frequent pair in the log is "the most bandwidth-consuming communication".
//! It counts packets, not bytes. The paper leaves the log's reset and ties
//! open; both are switches here (see `HeavyLog`, `HeavyTieBreak`).

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// A communication as the paper defines it: source and destination host.
pub type HostPair = (u32, u32);

pub struct HeavyFlowLog {
    stat_int: u64,
    hist_len: usize,
    window: HeavyLog,
    tie_break: HeavyTieBreak,
    /// Packets seen (the paper's p_cnt).
    p_cnt: u64,
    log: VecDeque<HostPair>,
    heavy: Option<HostPair>,
    tallies: u64,
}

impl HeavyFlowLog {
    pub fn new(stat_int: u32, hist_len: u32, window: HeavyLog, tie_break: HeavyTieBreak) -> Self {
        HeavyFlowLog {
            stat_int: stat_int.max(1) as u64,
            hist_len: hist_len.max(1) as usize,
            window,
            tie_break,
            p_cnt: 0,
            log: VecDeque::with_capacity(hist_len.clamp(1, 1 << 16) as usize),
            heavy: None,
            tallies: 0,
        }
    }

    /// The current estimate (none until the first tally).
    pub fn heavy(&self) -> Option<HostPair> {
        self.heavy
    }

    /// How many tallies have been made.
    pub fn tallies(&self) -> u64 {
        self.tallies
    }

    /// Entries in the log now.
    pub fn len(&self) -> usize {
        self.log.len()
    }

    pub fn is_empty(&self) -> bool {
        self.log.is_empty()
    }

    /// Fig. 6, codel_should_drop: `if (p_cnt % STAT_INT == 0) record; p_cnt++;
    /// if (HIST_LEN <= log length) most_consuming = the most frequent`.
    pub fn observe(&mut self, pair: HostPair) {
        if self.p_cnt.is_multiple_of(self.stat_int) {
            // p_cnt % STAT_INT == 0
            self.record(pair);
        }
        self.p_cnt += 1;
    }

    fn record(&mut self, pair: HostPair) {
        match self.window {
            HeavyLog::Tumbling => {
                self.log.push_back(pair);
                if self.log.len() >= self.hist_len {
                    self.tally();
                    self.log.clear();
                }
            }
            HeavyLog::Sliding => {
                if self.log.len() >= self.hist_len {
                    self.log.pop_front();
                }
                self.log.push_back(pair);
                if self.log.len() >= self.hist_len {
                    self.tally();
                }
            }
        }
    }

    /// The most frequent pair in the log. Counting goes through a BTreeMap,
    /// so the result never depends on hash order (docs/architecture.md, "Determinism").
    fn tally(&mut self) {
        // pair → (occurrences, index of first occurrence)
        let mut counts: BTreeMap<HostPair, (u32, usize)> = BTreeMap::new();
        for (i, &p) in self.log.iter().enumerate() {
            counts.entry(p).or_insert((0, i)).0 += 1;
        }
        let max = counts.values().map(|c| c.0).max().unwrap_or(0);
        let keep = match (self.tie_break, self.heavy) {
            (HeavyTieBreak::KeepCurrent, Some(h)) => counts.get(&h).is_some_and(|c| c.0 == max),
            _ => false,
        };
        if !keep {
            // First in log: the tied pair that appears earliest (a scan with `>`).
            self.heavy = counts
                .iter()
                .filter(|(_, c)| c.0 == max)
                .min_by_key(|(_, c)| c.1)
                .map(|(p, _)| *p);
        }
        self.tallies += 1;
    }
}

// ---- parameters (the `QueueSpec` variant's content; defaults, ranges, doc strings) ----

/// Is the log of sampled host pairs cleared after each tally, or a ring?
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum HeavyLog {
    /// Tally every hist_len records, then start an empty log ("記録するごとに集計").
    #[default]
    Tumbling,
    /// Keep the last hist_len records and re-tally after every new record.
    Sliding,
}

/// How a tie for the most frequent host pair is broken.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum HeavyTieBreak {
    /// The tied pair whose first record in the log is oldest (a scan with a strict `>`).
    #[default]
    FirstInLog,
    /// The current heavy pair keeps its title if it is among the tied.
    KeepCurrent,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rng;

    fn log(stat_int: u32, hist_len: u32, w: HeavyLog, t: HeavyTieBreak) -> HeavyFlowLog {
        HeavyFlowLog::new(stat_int, hist_len, w, t)
    }

    #[test]
    fn one_in_stat_int_packets_is_recorded_starting_with_the_first() {
        let mut l = log(100, 1000, HeavyLog::Tumbling, HeavyTieBreak::FirstInLog);
        for _ in 0..250 {
            l.observe((1, 2));
        }
        // p_cnt 0, 100, 200 were recorded.
        assert_eq!(l.len(), 3);
    }

    #[test]
    fn tumbling_log_tallies_every_hist_len_records_and_starts_empty() {
        let mut l = log(1, 4, HeavyLog::Tumbling, HeavyTieBreak::FirstInLog);
        for p in [(1, 9), (2, 9), (2, 9)] {
            l.observe(p);
        }
        assert_eq!(l.heavy(), None, "no estimate before the log fills");
        l.observe((1, 9));
        // 2 × (1,9), 2 × (2,9): tie, (1,9) is first in the log.
        assert_eq!(l.heavy(), Some((1, 9)));
        assert!(l.is_empty());
        for p in [(3, 9), (2, 9), (3, 9), (3, 9)] {
            l.observe(p);
        }
        assert_eq!(l.heavy(), Some((3, 9)));
        assert_eq!(l.tallies(), 2);
    }

    #[test]
    fn sliding_log_re_tallies_after_every_record_once_full() {
        let mut l = log(1, 3, HeavyLog::Sliding, HeavyTieBreak::FirstInLog);
        for p in [(1, 9), (1, 9), (2, 9)] {
            l.observe(p);
        }
        assert_eq!(l.heavy(), Some((1, 9)));
        l.observe((2, 9)); // log: (1,9) (2,9) (2,9)
        assert_eq!(l.heavy(), Some((2, 9)));
        assert_eq!(l.tallies(), 2);
        assert_eq!(l.len(), 3);
    }

    #[test]
    fn keep_current_lets_the_incumbent_win_a_tie() {
        let mut l = log(1, 2, HeavyLog::Tumbling, HeavyTieBreak::KeepCurrent);
        l.observe((5, 9));
        l.observe((5, 9));
        assert_eq!(l.heavy(), Some((5, 9)));
        l.observe((1, 9));
        l.observe((5, 9)); // tie, (1,9) first in log, but (5,9) holds
        assert_eq!(l.heavy(), Some((5, 9)));
        let mut f = log(1, 2, HeavyLog::Tumbling, HeavyTieBreak::FirstInLog);
        for p in [(5, 9), (5, 9), (1, 9), (5, 9)] {
            f.observe(p);
        }
        assert_eq!(f.heavy(), Some((1, 9)));
    }

    /// Paper 002 §6 (Fig. 17): n flows, one sending twice as often as each
    /// other; the share of trials in which the log's winner is the heavy flow.
    fn accuracy(n: u32, ratio: u32, trials: u32, rng: &mut Rng) -> f64 {
        let mut right = 0;
        for _ in 0..trials {
            let mut l = log(1, ratio * n, HeavyLog::Tumbling, HeavyTieBreak::FirstInLog);
            while l.tallies() == 0 {
                // flow 0 has weight 2, the others 1: draw from n + 1 slots.
                let slot = rng.below(n as u64 + 1) as u32;
                l.observe((slot.saturating_sub(1), 0));
            }
            right += u32::from(l.heavy() == Some((0, 0)));
        }
        right as f64 / trials as f64
    }

    #[test]
    fn hist_len_of_64_times_the_flows_finds_the_heavy_flow_in_997_of_1000() {
        let mut rng = Rng::new(2017, 2);
        for n in [4, 16, 64] {
            let a = accuracy(n, 64, 1000, &mut rng);
            assert!(a >= 0.997, "n = {n}: accuracy {a}");
        }
    }

    #[test]
    fn hist_len_of_32_times_the_flows_is_right_97_percent_of_the_time() {
        let mut rng = Rng::new(2017, 3);
        for n in [4, 16, 64] {
            let a = accuracy(n, 32, 1000, &mut rng);
            assert!(a >= 0.97, "n = {n}: accuracy {a}");
        }
    }
}
