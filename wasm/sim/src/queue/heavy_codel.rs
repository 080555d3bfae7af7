//! Heavy-flow CoDel (seed paper 002, §4): Linux CoDel patched so that when
//! CoDel decides to drop, a packet of the estimated heaviest host pair is
//! always dropped and any other packet is dropped only once per `drop_int`
//! such decisions (p = 1/drop_int, a looping counter `d_cnt`). The patch sits
//! at both drop sites of codel_dequeue and samples in codel_should_drop.
//! With drop_int = 1 it is plain CoDel, decision for decision.

use super::check::QueueCheck;
use super::codel::{codel_metrics, params, Fifo, CODEL_METRICS};
use super::codel_core::ControlLaw;
use super::codel_core::{CodelParams, CodelStats, CodelVars, DropHook};
use super::heavy_log::{HeavyFlowLog, HeavyLog, HeavyTieBreak};
use super::registry::QueueParams;
use super::{DropReason, LinkInfo, Qdisc, QueueCtx};
use crate::engine::Time;
use crate::packet::Packet;
use serde::{Deserialize, Serialize};

/// What the paper's patch adds to CoDel's decisions.
struct Patch<'a> {
    log: &'a mut HeavyFlowLog,
    sample_at_dequeue: bool,
    drop_int: u64,
    d_cnt: &'a mut u64,
    random: bool,
    advances: bool,
    heavy_drops: &'a mut u64,
    other_drops: &'a mut u64,
}

impl DropHook for Patch<'_> {
    fn observe(&mut self, pkt: &Packet) {
        if self.sample_at_dequeue {
            self.log.observe((pkt.src, pkt.dst));
        }
    }

    fn confirm(&mut self, pkt: &Packet, ctx: &mut QueueCtx) -> bool {
        if self.log.heavy() == Some((pkt.src, pkt.dst)) {
            // "Aggressively, always, as normal CoDel."
            *self.heavy_drops += 1;
            return true;
        }
        // "Passively": once per DROP_INT, counted by d_cnt (Fig. 6).
        let drop = if self.random {
            ctx.rng.below(self.drop_int) == 0
        } else {
            let d = self.d_cnt.is_multiple_of(self.drop_int); // d_cnt % DROP_INT == 0
            *self.d_cnt += 1;
            d
        };
        *self.other_drops += u64::from(drop);
        drop
    }

    fn spare_advances(&self) -> bool {
        self.advances
    }
}

pub struct HeavyCodel {
    limit: usize,
    params: CodelParams,
    vars: CodelVars,
    stats: CodelStats,
    fifo: Fifo,
    log: HeavyFlowLog,
    sample_at_dequeue: bool,
    drop_int: u64,
    d_cnt: u64,
    random: bool,
    advances: bool,
    heavy_drops: u64,
    other_drops: u64,
    last_now: Time,
}

impl HeavyCodel {
    pub fn new(s: &HeavyCodelSpec, link: &LinkInfo) -> Self {
        HeavyCodel {
            limit: s.limit_packets as usize,
            params: params(s.target_ms, s.interval_ms, false, s.control_law, link.mtu),
            vars: CodelVars::default(),
            stats: CodelStats::default(),
            fifo: Fifo::default(),
            log: HeavyFlowLog::new(s.stat_int, s.hist_len, s.log, s.tie_break),
            sample_at_dequeue: s.sample_point == HeavySamplePoint::ShouldDrop,
            drop_int: s.drop_int.max(1) as u64,
            d_cnt: 0,
            random: s.spare == HeavySpare::Random,
            advances: s.spare_advances_schedule,
            heavy_drops: 0,
            other_drops: 0,
            last_now: 0,
        }
    }

    pub fn heavy(&self) -> Option<(u32, u32)> {
        self.log.heavy()
    }
}

impl super::Registered for HeavyCodel {
    type Spec = HeavyCodelSpec;
    fn build(s: &HeavyCodelSpec, link: &LinkInfo) -> Self {
        HeavyCodel::new(s, link)
    }
}

impl Qdisc for HeavyCodel {
    fn enqueue(&mut self, mut pkt: Packet, ctx: &mut QueueCtx) {
        self.last_now = ctx.now;
        if !self.sample_at_dequeue {
            self.log.observe((pkt.src, pkt.dst));
        }
        if self.fifo.q.len() >= self.limit {
            ctx.drop(pkt, DropReason::Overflow);
            return;
        }
        pkt.enqueued_at = ctx.now;
        self.fifo.push(pkt);
    }

    fn dequeue(&mut self, ctx: &mut QueueCtx) -> Option<Packet> {
        self.last_now = ctx.now;
        let mut patch = Patch {
            log: &mut self.log,
            sample_at_dequeue: self.sample_at_dequeue,
            drop_int: self.drop_int,
            d_cnt: &mut self.d_cnt,
            random: self.random,
            advances: self.advances,
            heavy_drops: &mut self.heavy_drops,
            other_drops: &mut self.other_drops,
        };
        self.vars.dequeue(
            &self.params,
            &mut self.fifo,
            &mut patch,
            &mut self.stats,
            ctx,
        )
    }

    fn len_packets(&self) -> usize {
        self.fifo.q.len()
    }

    fn len_bytes(&self) -> u64 {
        self.fifo.bytes
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &[
            "dropping",
            "count",
            "next_drop_in_ms",
            "sojourn_ms",
            "aqm_drops",
            "ecn_marks",
            "heavy_src",
            "heavy_dst",
            "heavy_drops",
            "other_drops",
            "spared",
            "tallies",
        ]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &[
            "bool", "count", "ms", "ms", "packets", "packets", "node", "node", "packets",
            "packets", "packets", "count",
        ]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        codel_metrics(&self.vars, &self.stats, self.last_now, out);
        debug_assert_eq!(CODEL_METRICS.len(), 6);
        let (src, dst) = match self.log.heavy() {
            Some((s, d)) => (s as f64, d as f64),
            None => (-1.0, -1.0),
        };
        out.extend_from_slice(&[
            src,
            dst,
            self.heavy_drops as f64,
            self.other_drops as f64,
            self.stats.spared as f64,
            self.log.tallies() as f64,
        ]);
    }
}

// ---- parameters (the `QueueSpec` variant's content; defaults, ranges, doc strings) ----

/// Where packets are counted for the 1-in-stat_int sample.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum HeavySamplePoint {
    /// In codel_should_drop, as the paper's Fig. 6 patch does: every packet
    /// CoDel examines at dequeue, including the re-check after a drop.
    #[default]
    ShouldDrop,
    /// Every arrival (the paper's prose: "packets passing through").
    Enqueue,
}

/// How a non-heavy packet's drop is decided.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum HeavySpare {
    /// A looping counter: 1 of every drop_int candidates is dropped (the paper's d_cnt).
    #[default]
    Counter,
    /// Drop with probability 1/drop_int from the queue's random stream.
    Random,
}

/// Heavy-flow CoDel (seed paper 002, §4). Defaults are the paper's §5.1
/// (p = 1/32, stat_int = hist_len = 100) on Linux CoDel defaults; the switches
/// settle points the paper leaves open, defaulting to our reading of the paper (docs/queues.md).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct HeavyCodelSpec {
    /// Capacity in packets (Linux DEFAULT_CODEL_LIMIT 1000).
    pub limit_packets: u32,
    /// CoDel target, ms (5 ms).
    pub target_ms: f64,
    /// CoDel interval, ms (100 ms).
    pub interval_ms: f64,
    /// Floating-point (RFC) or fixed-point Newton (Linux) control law.
    pub control_law: ControlLaw,
    /// Record one of every stat_int packets in the log (paper: 100).
    pub stat_int: u32,
    /// Log length; the most frequent (source, destination) pair among its
    /// records is the heavy flow (paper: 100).
    pub hist_len: u32,
    /// A non-heavy packet CoDel picks is dropped once per drop_int picks, p = 1/drop_int (paper: 32). 1 is plain CoDel.
    pub drop_int: u32,
    /// Whether a spared packet still counts as a CoDel drop (count and the next
    /// drop time advance) or leaves CoDel's schedule untouched.
    pub spare_advances_schedule: bool,
    /// Tumbling (cleared) or sliding log.
    pub log: HeavyLog,
    /// Tie-break between equally frequent pairs.
    pub tie_break: HeavyTieBreak,
    /// Where packets are counted for sampling.
    pub sample_point: HeavySamplePoint,
    /// Counter (paper) or random sparing.
    pub spare: HeavySpare,
}

impl Default for HeavyCodelSpec {
    fn default() -> Self {
        HeavyCodelSpec {
            limit_packets: 1000,
            target_ms: 5.0,
            interval_ms: 100.0,
            control_law: ControlLaw::Float,
            stat_int: 100,
            hist_len: 100,
            drop_int: 32,
            spare_advances_schedule: true,
            log: HeavyLog::Tumbling,
            tie_break: HeavyTieBreak::FirstInLog,
            sample_point: HeavySamplePoint::ShouldDrop,
            spare: HeavySpare::Counter,
        }
    }
}

impl QueueParams for HeavyCodelSpec {
    fn check(&self, c: &mut QueueCheck) {
        let s = self;
        c.packets("limit_packets", s.limit_packets);
        c.codel_times(s.target_ms, s.interval_ms);
        for (field, v) in [
            ("stat_int", s.stat_int),
            ("hist_len", s.hist_len),
            ("drop_int", s.drop_int),
        ] {
            if v == 0 || v > 1_000_000 {
                c.outside(field, 1u32, 1_000_000u32, v, "");
            }
        }
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        (Some(self.limit_packets.into()), None)
    }
    fn example() -> Self {
        Self::default()
    }
}

#[cfg(test)]
mod tests {
    use super::super::codel::CodelSpec;
    use super::*;
    use crate::engine::time::NS_PER_MS;
    use crate::queue::codel::Codel;
    use crate::queue::testing::{flow_ids, link, pkt, Harness};

    const MS: Time = NS_PER_MS;

    /// Overload from two host pairs: pair (1, 9) offers 3 packets per ms,
    /// pair (2, 9) one, into a link that sends 2 per ms. Returns the drops.
    fn run(q: &mut dyn Qdisc, ms: u64) -> Vec<Packet> {
        let mut h = Harness::new();
        let mut uid = 0;
        for t in 0..ms {
            h.now = t * MS;
            for src in [1, 1, 2, 1] {
                h.enqueue(q, pkt(uid, src, src, 9, 1500));
                uid += 1;
            }
            h.dequeue(q);
            h.now += MS / 2;
            h.dequeue(q);
        }
        h.dropped.into_iter().map(|d| d.1).collect()
    }

    fn heavy(spec: HeavyCodelSpec) -> HeavyCodel {
        let ids = flow_ids(3);
        HeavyCodel::new(
            &HeavyCodelSpec {
                limit_packets: 100_000,
                ..spec
            },
            &link(24_000_000, 1500, &ids),
        )
    }

    #[test]
    fn with_drop_int_one_it_is_codel_drop_for_drop() {
        let ids = flow_ids(3);
        let mut plain = Codel::new(
            &CodelSpec {
                limit_packets: 100_000,
                ..CodelSpec::default()
            },
            &link(24_000_000, 1500, &ids),
        );
        let mut patched = heavy(HeavyCodelSpec {
            drop_int: 1,
            ..HeavyCodelSpec::default()
        });
        let a: Vec<u64> = run(&mut plain, 3000).iter().map(|p| p.uid).collect();
        let b: Vec<u64> = run(&mut patched, 3000).iter().map(|p| p.uid).collect();
        assert!(a.len() > 20);
        assert_eq!(a, b);
    }

    #[test]
    fn the_heavy_pair_is_found_and_always_dropped_others_once_per_drop_int() {
        let mut q = heavy(HeavyCodelSpec::default());
        let drops = run(&mut q, 20_000);
        assert_eq!(q.heavy(), Some((1, 9)));
        let h = Harness::new();
        assert_eq!(h.metric(&q, "heavy_src"), 1.0);
        assert_eq!(h.metric(&q, "heavy_dst"), 9.0);
        // Every candidate of another pair went through d_cnt: 1 in 32 dropped.
        let other = h.metric(&q, "other_drops") as u64;
        let spared = h.metric(&q, "spared") as u64;
        assert_eq!(other, (other + spared).div_ceil(32));
        let heavy_drops = drops.iter().filter(|p| p.src == 1).count() as u64;
        let light_drops = drops.iter().filter(|p| p.src == 2).count() as u64;
        assert_eq!(
            h.metric(&q, "heavy_drops") as u64 + other,
            drops.len() as u64
        );
        assert!(
            heavy_drops > 10 * light_drops,
            "{heavy_drops} vs {light_drops}"
        );
    }

    #[test]
    fn before_the_first_tally_every_candidate_takes_the_counter() {
        let mut q = heavy(HeavyCodelSpec {
            hist_len: 1_000_000,
            ..HeavyCodelSpec::default()
        });
        run(&mut q, 3000);
        assert_eq!(q.heavy(), None);
        let h = Harness::new();
        assert_eq!(h.metric(&q, "heavy_drops"), 0.0);
        assert_eq!(h.metric(&q, "heavy_src"), -1.0);
        let other = h.metric(&q, "other_drops") as u64;
        assert!(other > 0 && h.metric(&q, "spared") as u64 > 20 * other);
    }

    #[test]
    fn a_spare_advances_codels_schedule_only_if_asked() {
        // No heavy estimate: CoDel's count then counts spares too, or not.
        let mut adv = heavy(HeavyCodelSpec {
            hist_len: 1_000_000,
            ..HeavyCodelSpec::default()
        });
        let mut hold = heavy(HeavyCodelSpec {
            hist_len: 1_000_000,
            spare_advances_schedule: false,
            ..HeavyCodelSpec::default()
        });
        run(&mut adv, 2000);
        run(&mut hold, 2000);
        let h = Harness::new();
        // Advancing: every decision, dropped or spared, advanced count.
        assert_eq!(
            adv.vars.count as u64,
            h.metric(&adv, "other_drops") as u64 + h.metric(&adv, "spared") as u64
        );
        // Holding: a spared packet leaves the schedule due, so the next packet
        // is a candidate at once and the 1-in-32 drops come much sooner.
        assert!(h.metric(&hold, "other_drops") > 4.0 * h.metric(&adv, "other_drops"));
        assert!((hold.vars.count as u64) <= h.metric(&hold, "other_drops") as u64);
    }

    #[test]
    fn sampling_at_enqueue_also_finds_the_heavy_pair() {
        let mut q = heavy(HeavyCodelSpec {
            sample_point: HeavySamplePoint::Enqueue,
            ..HeavyCodelSpec::default()
        });
        run(&mut q, 5000);
        assert_eq!(q.heavy(), Some((1, 9)));
    }
}
