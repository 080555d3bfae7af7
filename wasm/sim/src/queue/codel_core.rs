//! The CoDel state machine (RFC 8289's pseudocode; Linux include/net/codel_impl.h),
//! shared by CoDel, FQ-CoDel (one per flow) and the heavy-flow CoDel of seed
//! paper 002. It decides at dequeue: a packet whose sojourn time has stayed
//! above `target` for a whole `interval` is dropped, then drops follow at
//! interval/√count until the sojourn time falls below target.
//!
//! Time is integer ns (Linux keeps 1024-ns units; we do not). `first_above_time`
//! is an `Option` where Linux uses 0 as "unset".

use super::{mark_ce, DropReason, QueueCtx};
use crate::engine::Time;
use crate::packet::Packet;
use serde::{Deserialize, Serialize};

/// RFC 8289 TARGET and Linux codel_params_init: acceptable standing delay.
pub const TARGET: Time = 5_000_000;
/// RFC 8289 INTERVAL and Linux codel_params_init: the window (a worst-case RTT).
pub const INTERVAL: Time = 100_000_000;
/// Linux codel_dequeue / RFC 8289 pseudocode: re-entering within 16 intervals of the
/// last drop resumes the previous drop rate.
pub const REENTRY_INTERVALS: u64 = 16;
/// Linux codel.h: 1/√count is a Q0.16 number ...
pub const REC_INV_SQRT_BITS: u32 = 16;
/// ... shifted by 16 to make the Q0.32 number the arithmetic uses.
pub const REC_INV_SQRT_SHIFT: u32 = 32 - REC_INV_SQRT_BITS;

/// CoDel's parameters.
#[derive(Clone, Copy, Debug)]
pub struct CodelParams {
    pub target: Time,
    pub interval: Time,
    /// Never drop while the backlog is at most this many bytes (RFC 8289
    /// pseudocode "bytes() <= MAXPACKET"; Linux `params->mtu`).
    pub mtu: u32,
    /// Mark ECN-capable packets instead of dropping them.
    pub ecn: bool,
    pub law: ControlLaw,
}

/// CoDel's state (Linux `struct codel_vars`).
#[derive(Clone, Copy, Debug, Default)]
pub struct CodelVars {
    /// Drops (or marks) since entering the dropping state, possibly resumed.
    pub count: u32,
    /// count when the dropping state was last entered.
    pub lastcount: u32,
    pub dropping: bool,
    /// Linux only: 1/√count in Q0.16.
    pub rec_inv_sqrt: u16,
    /// When the sojourn time will have stayed above target for an interval.
    pub first_above_time: Option<Time>,
    /// Time of the next drop while dropping (or of the last one).
    pub drop_next: Time,
    /// Sojourn time of the last packet examined.
    pub ldelay: Time,
}

/// Counters kept beside the state.
#[derive(Clone, Copy, Debug, Default)]
pub struct CodelStats {
    pub drops: u64,
    pub ecn_marks: u64,
    /// Drops the hook declined (heavy-flow CoDel).
    pub spared: u64,
}

/// The packets CoDel manages, seen from the head.
pub trait CodelSource {
    /// Remove the head packet; afterwards `backlog` no longer counts it.
    fn pop(&mut self) -> Option<Packet>;
    /// Bytes still queued; FQ-CoDel passes the whole qdisc's (Linux).
    fn backlog(&self) -> u64;
}

/// Hooks into CoDel's decisions. Paper 002 patches exactly these two places:
/// `codel_should_drop` (sampling) and both drop sites of `codel_dequeue`.
pub trait DropHook {
    /// Called for every packet `should_drop` examines.
    fn observe(&mut self, _pkt: &Packet) {}
    /// CoDel picked `pkt` to drop; false forwards it instead ("spares" it).
    fn confirm(&mut self, _pkt: &Packet, _ctx: &mut QueueCtx) -> bool {
        true
    }
    /// Does a spared packet still advance count and the drop schedule?
    fn spare_advances(&self) -> bool {
        true
    }
}

/// Plain CoDel: every decision stands.
pub struct Always;
impl DropHook for Always {}

/// One Newton–Raphson step of 1/√count in Linux's fixed point (codel_impl.h
/// `codel_Newton_step`): y ← y·(3 − count·y²)/2, y in Q0.32, overflow-avoiding shifts.
pub fn newton_step(rec_inv_sqrt: u16, count: u32) -> u16 {
    let invsqrt = (rec_inv_sqrt as u32) << REC_INV_SQRT_SHIFT;
    let invsqrt2 = ((invsqrt as u64 * invsqrt as u64) >> 32) as u32;
    let mut val = (3u64 << 32).wrapping_sub(count as u64 * invsqrt2 as u64);
    val >>= 2;
    val = val.wrapping_mul(invsqrt as u64) >> (32 - 2 + 1);
    (val >> REC_INV_SQRT_SHIFT) as u16
}

/// interval × rec_inv_sqrt in Q0.32 (Linux `reciprocal_scale`).
pub fn linux_spacing(interval: Time, rec_inv_sqrt: u16) -> Time {
    let scale = ((rec_inv_sqrt as u64) << REC_INV_SQRT_SHIFT) as u128;
    ((interval as u128 * scale) >> 32) as Time
}

/// interval/√count rounded to the nearest ns (RFC 8289 pseudocode control_law).
pub fn float_spacing(interval: Time, count: u32) -> Time {
    libm::round(interval as f64 / libm::sqrt(count.max(1) as f64)) as Time
}

impl CodelVars {
    /// control_law(t) = t + interval/√count (RFC 8289 pseudocode).
    pub fn control_law(&self, t: Time, p: &CodelParams) -> Time {
        t + match p.law {
            ControlLaw::Float => float_spacing(p.interval, self.count),
            ControlLaw::Linux => linux_spacing(p.interval, self.rec_inv_sqrt),
        }
    }

    fn bump_count(&mut self, p: &CodelParams) {
        self.count = self.count.wrapping_add(1);
        if p.law == ControlLaw::Linux {
            self.rec_inv_sqrt = newton_step(self.rec_inv_sqrt, self.count);
        }
    }

    /// RFC 8289 dodequeue / Linux codel_should_drop: is `pkt` (already
    /// removed, `backlog` bytes left behind it) eligible to be dropped?
    pub fn should_drop<H: DropHook>(
        &mut self,
        pkt: Option<&Packet>,
        backlog: u64,
        p: &CodelParams,
        now: Time,
        hook: &mut H,
    ) -> bool {
        let Some(pkt) = pkt else {
            self.first_above_time = None;
            return false;
        };
        hook.observe(pkt);
        self.ldelay = now.saturating_sub(pkt.enqueued_at);
        if self.ldelay < p.target || backlog <= p.mtu as u64 {
            // Went below: stay below for at least an interval.
            self.first_above_time = None;
            return false;
        }
        match self.first_above_time {
            None => {
                self.first_above_time = Some(now + p.interval);
                false
            }
            Some(t) => now > t,
        }
    }

    /// RFC 8289 dequeue / Linux codel_dequeue: the next packet to send, dropping
    /// (or marking) on the way as the state machine says.
    pub fn dequeue<S: CodelSource, H: DropHook>(
        &mut self,
        p: &CodelParams,
        src: &mut S,
        hook: &mut H,
        stats: &mut CodelStats,
        ctx: &mut QueueCtx,
    ) -> Option<Packet> {
        let now = ctx.now;
        let Some(mut pkt) = src.pop() else {
            self.dropping = false;
            return None;
        };
        let drop = self.should_drop(Some(&pkt), src.backlog(), p, now, hook);
        if self.dropping {
            if !drop {
                // Sojourn time below target: leave the dropping state.
                self.dropping = false;
                return Some(pkt);
            }
            // Drop site 1: it is time for the next drop (maybe several).
            while self.dropping && now >= self.drop_next {
                if !hook.confirm(&pkt, ctx) {
                    stats.spared += 1;
                    if hook.spare_advances() {
                        self.bump_count(p);
                        self.drop_next = self.control_law(self.drop_next, p);
                    }
                    return Some(pkt);
                }
                self.bump_count(p);
                if p.ecn && mark_ce(&mut pkt) {
                    stats.ecn_marks += 1;
                    self.drop_next = self.control_law(self.drop_next, p);
                    return Some(pkt);
                }
                ctx.drop(pkt, DropReason::Aqm);
                stats.drops += 1;
                let next = src.pop();
                if self.should_drop(next.as_ref(), src.backlog(), p, now, hook) {
                    self.drop_next = self.control_law(self.drop_next, p);
                } else {
                    self.dropping = false;
                }
                pkt = next?;
            }
            Some(pkt)
        } else if drop {
            // Drop site 2: enter the dropping state.
            let mut out = Some(pkt);
            if !hook.confirm(&pkt, ctx) {
                stats.spared += 1;
                if !hook.spare_advances() {
                    return out;
                }
            } else if p.ecn && mark_ce(&mut pkt) {
                stats.ecn_marks += 1;
                out = Some(pkt);
            } else {
                ctx.drop(pkt, DropReason::Aqm);
                stats.drops += 1;
                out = src.pop();
                self.should_drop(out.as_ref(), src.backlog(), p, now, hook);
            }
            self.dropping = true;
            // If we went above target soon after last going below it, resume
            // the drop rate that controlled the queue then (RFC 8289 dequeue;
            // Linux codel_dequeue).
            let delta = self.count.wrapping_sub(self.lastcount);
            let since = now as i128 - self.drop_next as i128;
            if delta > 1 && since < (REENTRY_INTERVALS * p.interval) as i128 {
                self.count = delta;
                if p.law == ControlLaw::Linux {
                    self.rec_inv_sqrt = newton_step(self.rec_inv_sqrt, self.count);
                }
            } else {
                self.count = 1;
                self.rec_inv_sqrt = u16::MAX;
            }
            self.lastcount = self.count;
            self.drop_next = self.control_law(now, p);
            out
        } else {
            Some(pkt)
        }
    }
}

// ---- parameters (the `QueueSpec` variant's content; defaults, ranges, doc strings) ----

/// How CoDel computes the spacing interval/√count of its drops.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum ControlLaw {
    /// interval / sqrt(count) in floating point, as RFC 8289's control_law writes it:
    /// drops 100, 70.7, 57.7, 50 ms … apart.
    #[default]
    Float,
    /// Linux include/net/codel_impl.h: 1/√count kept as a 16-bit fixed-point
    /// number updated by one Newton step per drop (so count 2 gives 50 ms, not 70.7).
    Linux,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newton_step_from_one_halves_at_count_two_as_in_linux() {
        // Linux starts each episode with rec_inv_sqrt = ~0 >> 16 (≈ 1.0); one
        // step for count 2 gives 1·(3 − 2)/2 = 0.5, not 1/√2.
        let r = newton_step(u16::MAX, 2);
        assert!((r as f64 / 65536.0 - 0.5).abs() < 1e-3, "{r}");
    }

    #[test]
    fn newton_steps_track_one_over_sqrt_count_as_count_grows() {
        let mut r = u16::MAX;
        let mut y = 1.0f64; // the same recurrence in floating point
        for count in 2..=200u32 {
            r = newton_step(r, count);
            y = y * (3.0 - count as f64 * y * y) / 2.0;
            // Fixed point follows the float recurrence to within its resolution.
            assert!(
                (r as f64 / 65536.0 - y).abs() < 2e-3,
                "count {count}: {r} vs {y}"
            );
            if count >= 10 {
                let exact = 1.0 / (count as f64).sqrt();
                assert!((y - exact).abs() / exact < 0.05, "count {count}");
            }
        }
    }

    #[test]
    fn float_control_law_spacing_is_interval_over_root_count() {
        let ms = |k| float_spacing(INTERVAL, k) as f64 / 1e6;
        assert_eq!(float_spacing(INTERVAL, 1), 100_000_000);
        assert_eq!(float_spacing(INTERVAL, 2), 70_710_678);
        assert_eq!(float_spacing(INTERVAL, 3), 57_735_027);
        assert_eq!(float_spacing(INTERVAL, 4), 50_000_000);
        assert!((ms(5) - 44.721).abs() < 1e-3 && (ms(6) - 40.825).abs() < 1e-3);
    }

    #[test]
    fn linux_control_law_scales_the_interval_by_the_fixed_point_inverse_root() {
        assert_eq!(linux_spacing(INTERVAL, 0x8000), INTERVAL / 2);
        // ~0 >> 16 is 65535/65536 of an interval.
        assert_eq!(linux_spacing(INTERVAL, u16::MAX), 99_998_474);
    }
}
