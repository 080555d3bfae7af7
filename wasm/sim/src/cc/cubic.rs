//! CUBIC, in three presets (scenario `cc_params.cubic.preset`):
//!
//! - `rfc9438` (default): RFC 9438. W_cubic(t) = C(t−K)³ + W_max (§4.2 eq. 1),
//!   K = ∛((W_max − cwnd_epoch)/C) (eq. 2), target W_cubic(t + RTT) clamped to
//!   [cwnd, 1.5·cwnd], cwnd += (target − cwnd)/cwnd per segment acked (§4.4–4.5),
//!   Reno-friendly W_est with α_cubic = 3(1−β)/(1+β) switched to 1 once
//!   W_est ≥ cwnd_prior (§4.3, NTAP/rfc8312bis PR #146), fast convergence
//!   (§4.7), ssthresh = flight_size·β_cubic (§4.6; Linux and paper 002 use
//!   cwnd), timeout rule K = 0 (§4.8). Windows are fractional segments.
//! - `linux`: net/ipv4/tcp_cubic.c. Integer segments and `cnt` (one segment per
//!   `cnt` acked, `cnt` ≥ 2, ≤ 20 before the first loss), time in 1/1024 s,
//!   t + delay_min, Reno emulation with beta_scale = 15, jiffies at HZ = 1000.
//!   K uses `libm::cbrt`, not Linux's table-plus-Newton `cubic_root`
//!   (which is within about 0.2 %).
//! - `paper002`: CUBIC as paper 002 (Hanai et al. 2017, §2.2, App. A.2) writes
//!   it: decrease β = 0.2 so the window is 0.8·W_max after a loss, K =
//!   ∛(W_max·β/C) (eq. 2), t is wall-clock time since the loss, target =
//!   max(W_cubic(t), W_tcp(t)) with W_tcp = W_max(1−β) + 3β/(2−β)·t/RTT (eq. 3),
//!   fast convergence W_max = cwnd(2−β)/2 when cwnd < W_last_max (eq. 4).
//!
//! Slow start is `common::slow_start` by the flow's rule (`tcp.slow_start`)
//! in every preset; the initial one ends early by `hystart` (Linux's HyStart,
//! `hystart.rs`, the default in `rfc9438` and `linux`; HyStart++,
//! `hystart_pp.rs`; or off, the default in `paper002`).

use super::common::{self, secs, segments, ssthresh_bytes, to_bytes, RttSeen, SlowStart};
use super::hystart::HyStart;
use super::hystart_pp::{HyStartPlusPlus, Phase};
use super::{AckSample, CcContext, CongestionControl, CongestionEvent, Handoff};
use crate::engine::time::{Time, NS_PER_S};

mod params;
pub use params::{CubicParams, CubicPreset, HyStartMode};

/// RFC 9438 §5.1: C = 0.4 segments/s³ (also paper 002 §2.2 "usually 0.4").
pub const RFC_C: f64 = 0.4;
/// RFC 9438 §4.6: β_cubic = 0.7.
pub const RFC_BETA: f64 = 0.7;
/// Paper 002 §2.2: β = 0.2 is the decrease ("usually 0.2"), so 0.8 is kept.
pub const PAPER002_BETA_DECREASE: f64 = 0.2;
/// tcp_cubic.c `BICTCP_BETA_SCALE`.
pub const LINUX_BETA_SCALE: u32 = 1024;
/// tcp_cubic.c `beta = 717` (/1024 ≈ 0.700195).
pub const LINUX_BETA: u32 = 717;
/// tcp_cubic.c `bic_scale = 41`; `cube_rtt_scale = bic_scale * 10 = 410` (C = 410/1024 ≈ 0.400391).
pub const LINUX_CUBE_RTT_SCALE: u32 = 410;
/// tcp_cubic.c `BICTCP_HZ = 10`: cubic time is in 1/1024 s.
pub const BICTCP_HZ: u32 = 10;
/// Jiffies per second for the Linux preset (CONFIG_HZ = 1000).
pub const LINUX_HZ: u64 = 1000;
/// tcp_cubic.c: before the first loss, `cnt` is capped at 20 (+5 % per RTT).
pub const LINUX_CNT_CAP_NO_LOSS: u32 = 20;

/// α_cubic = 3(1 − β)/(1 + β) (RFC 9438 §4.3): the Reno-friendly additive increase.
pub fn alpha_cubic(beta: f64) -> f64 {
    3.0 * (1.0 - beta) / (1.0 + beta)
}

/// K = ∛((W_max − cwnd_epoch)/C) in seconds (RFC 9438 §4.2 eq. 2); 0 when the
/// window starts at or above W_max.
pub fn k_rfc(w_max: f64, cwnd_epoch: f64, c: f64) -> f64 {
    if w_max <= cwnd_epoch {
        0.0
    } else {
        libm::cbrt((w_max - cwnd_epoch) / c)
    }
}

/// W_cubic(t) = C(t − K)³ + W_max (RFC 9438 §4.2 eq. 1; paper 002 eq. 1).
pub fn w_cubic(t: f64, k: f64, w_max: f64, c: f64) -> f64 {
    let d = t - k;
    c * d * d * d + w_max
}

/// tcp_cubic.c: `beta_scale = 8*(BICTCP_BETA_SCALE+beta) / 3 / (BICTCP_BETA_SCALE - beta)`.
pub fn linux_beta_scale(beta: u32) -> u32 {
    8 * (LINUX_BETA_SCALE + beta) / 3 / (LINUX_BETA_SCALE - beta)
}

/// tcp_cubic.c: `cube_factor = 1ull << (10+3*BICTCP_HZ)) / (bic_scale * 10)`.
pub fn linux_cube_factor(cube_rtt_scale: u32) -> u64 {
    (1u64 << (10 + 3 * BICTCP_HZ)) / cube_rtt_scale as u64
}

/// tcp_cubic.c's `delta = (cube_rtt_scale * offs * offs * offs) >> (10+3*BICTCP_HZ)`, without
/// Linux's u64 overflow for a large `offs`. In 64-bit arithmetic while the product fits (|t − K|
/// up to 64 s, the usual case), in 128-bit only beyond: wasm has no 64×64→128 multiply, and the
/// library call took 1.5 % of a CUBIC run there (docs/performance.md). Same value either way.
pub fn linux_cube_delta(cube_rtt_scale: u32, offs: u64) -> u64 {
    const SHIFT: u32 = 10 + 3 * BICTCP_HZ;
    if offs < 1 << 16 && cube_rtt_scale < 1 << 16 {
        // offs³ < 2⁴⁸ and the scale < 2¹⁶: the product stays below 2⁶⁴.
        (cube_rtt_scale as u64 * offs * offs * offs) >> SHIFT
    } else {
        let o = offs as u128;
        ((cube_rtt_scale as u128 * o * o * o) >> SHIFT) as u64
    }
}

/// Which region the last ACK in congestion avoidance used (RFC 9438 §4.3–4.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    SlowStart = 0,
    RenoFriendly = 1,
    Concave = 2,
    Convex = 3,
    /// HyStart++'s Conservative Slow Start (RFC 9406 §4.2).
    ConservativeSlowStart = 4,
}

/// Linux-preset integer state (struct bictcp in tcp_cubic.c).
#[derive(Clone, Debug, Default)]
struct LinuxState {
    beta: u32,
    cube_rtt_scale: u32,
    beta_scale: u32,
    cube_factor: u64,
    cnt: u32,
    /// snd_cwnd_cnt of tcp_cong_avoid_ai.
    cwnd_cnt: f64,
    last_cwnd: u32,
    last_time: u64,
    /// bic_K, 1/1024 s.
    k: u64,
    /// epoch_start, jiffies.
    epoch: Option<u64>,
    ack_cnt: f64,
    /// tcp_cwnd: the Reno emulation.
    tcp_cwnd: u32,
    bic_target: u32,
    /// delay_min, ns (0 = none yet).
    delay_min: Time,
}

pub struct Cubic {
    mss: u32,
    preset: CubicPreset,
    c: f64,
    beta: f64,
    fast_convergence: bool,
    reno_friendly: bool,
    /// Segments (integral in the Linux preset).
    cwnd: f64,
    /// Segments; infinite while unset.
    ssthresh: f64,
    /// W_max (Linux: last_max_cwnd); 0 before the first congestion event.
    w_max: f64,
    /// Paper 002's W_last_max (fast convergence compares with it).
    w_last_max: f64,
    /// RFC 9438 cwnd_prior: cwnd when ssthresh was last set.
    cwnd_prior: f64,
    /// W_max of the current epoch (Linux bic_origin_point).
    origin: f64,
    /// K of the current epoch, seconds.
    k: f64,
    epoch_start: Option<Time>,
    /// After a timeout the first CA stage uses K = 0 (RFC 9438 §4.8).
    after_timeout: bool,
    w_est: f64,
    target: f64,
    region: Region,
    lx: LinuxState,
    slow_start: SlowStart,
    /// Linux HyStart (`hystart: "linux"`).
    hystart: Option<HyStart>,
    /// HyStart++ (`hystart: "rfc9406"`).
    hystart_pp: Option<HyStartPlusPlus>,
    rtt: RttSeen,
}

impl Cubic {
    pub fn new(p: &CubicParams, ctx: &CcContext) -> Self {
        let (c, beta, hystart) = match p.preset {
            CubicPreset::Rfc9438 => (RFC_C, RFC_BETA, HyStartMode::Linux),
            CubicPreset::Linux => (
                LINUX_CUBE_RTT_SCALE as f64 / LINUX_BETA_SCALE as f64,
                LINUX_BETA as f64 / LINUX_BETA_SCALE as f64,
                HyStartMode::Linux,
            ),
            CubicPreset::Paper002 => (RFC_C, 1.0 - PAPER002_BETA_DECREASE, HyStartMode::Off),
        };
        let c = p.c.unwrap_or(c);
        let beta = p.beta.unwrap_or(beta);
        let hystart = p.hystart.unwrap_or(hystart);
        let lx_beta = (beta * LINUX_BETA_SCALE as f64).round() as u32;
        let lx_scale = (c * LINUX_BETA_SCALE as f64).round().max(1.0) as u32;
        Self {
            mss: ctx.mss,
            preset: p.preset,
            c,
            beta,
            fast_convergence: p.fast_convergence.unwrap_or(true),
            reno_friendly: p.reno_friendly.unwrap_or(true),
            cwnd: ctx.initial_cwnd_segments.max(1) as f64,
            ssthresh: f64::INFINITY,
            w_max: 0.0,
            w_last_max: 0.0,
            cwnd_prior: 0.0,
            origin: 0.0,
            k: 0.0,
            epoch_start: None,
            after_timeout: false,
            w_est: 0.0,
            target: 0.0,
            region: Region::SlowStart,
            lx: LinuxState {
                beta: lx_beta.clamp(1, LINUX_BETA_SCALE - 1),
                cube_rtt_scale: lx_scale,
                beta_scale: linux_beta_scale(lx_beta.clamp(1, LINUX_BETA_SCALE - 1)),
                cube_factor: linux_cube_factor(lx_scale),
                ..Default::default()
            },
            slow_start: ctx.slow_start,
            hystart: (hystart == HyStartMode::Linux).then(HyStart::default),
            hystart_pp: (hystart == HyStartMode::Rfc9406).then(HyStartPlusPlus::default),
            rtt: RttSeen::default(),
        }
    }

    /// Take over a running flow: W_max = cwnd (so the curve starts on its
    /// plateau), cwnd_prior = cwnd, the epoch restarts at the next ACK in
    /// congestion avoidance, and HyStart counts as done.
    pub fn from_handoff(p: &CubicParams, ctx: &CcContext, h: &Handoff) -> Self {
        let mut s = Self::new(p, ctx);
        let cwnd = segments(h.cwnd_bytes, ctx.mss).max(1.0);
        s.cwnd = if s.preset == CubicPreset::Linux {
            cwnd.floor().max(1.0)
        } else {
            cwnd
        };
        s.ssthresh = common::ssthresh_segments(h.ssthresh_bytes, ctx.mss);
        s.w_max = s.cwnd;
        s.w_last_max = s.cwnd;
        s.cwnd_prior = s.cwnd;
        s.lx.delay_min = h.min_rtt;
        if let Some(hs) = s.hystart.as_mut() {
            hs.found = true;
        }
        if let Some(hs) = s.hystart_pp.as_mut() {
            hs.finish();
        }
        s.rtt = RttSeen::from_handoff(h);
        s
    }

    pub fn w_max(&self) -> f64 {
        self.w_max
    }
    pub fn k(&self) -> f64 {
        self.k
    }
    pub fn epoch_start(&self) -> Option<Time> {
        self.epoch_start
    }
    pub fn cwnd_segments(&self) -> f64 {
        self.cwnd
    }
    pub fn w_est(&self) -> f64 {
        self.w_est
    }
    pub fn region(&self) -> Region {
        self.region
    }

    fn rtt_secs(&self) -> f64 {
        let r = if self.rtt.srtt > 0 {
            self.rtt.srtt
        } else {
            self.rtt.latest
        };
        secs(r)
    }

    // ---- RFC 9438 and paper 002 (fractional segments) ----

    fn start_epoch(&mut self, now: Time) {
        self.epoch_start = Some(now);
        let cwnd_epoch = self.cwnd;
        if self.after_timeout || self.w_max <= 0.0 || self.w_max <= cwnd_epoch {
            // RFC 9438 §4.8 (timeout) and §4.10 (no W_max yet): K = 0 and
            // W_max = the window at the start of this CA stage.
            self.k = 0.0;
            self.origin = cwnd_epoch;
        } else {
            self.k = k_rfc(self.w_max, cwnd_epoch, self.c);
            self.origin = self.w_max;
        }
        self.after_timeout = false;
        // §4.3: W_est = cwnd_epoch at the start of the CA stage.
        self.w_est = cwnd_epoch;
    }

    fn ca_rfc(&mut self, a: &AckSample, acked: f64) {
        if self.epoch_start.is_none() {
            self.start_epoch(a.now);
        }
        let t = secs(a.now - self.epoch_start.unwrap_or(a.now));
        let rtt = self.rtt_secs();
        let w_t = w_cubic(t, self.k, self.origin, self.c);
        let target =
            w_cubic(t + rtt, self.k, self.origin, self.c).clamp(self.cwnd, 1.5 * self.cwnd);
        self.target = target;
        if self.reno_friendly {
            // §4.3 eq. 4 with the α switch at cwnd_prior.
            let alpha = if self.w_est >= self.cwnd_prior {
                1.0
            } else {
                alpha_cubic(self.beta)
            };
            self.w_est += alpha * acked / self.cwnd;
            if w_t < self.w_est {
                self.cwnd = self.w_est;
                self.region = Region::RenoFriendly;
                return;
            }
        }
        self.region = if self.cwnd < self.origin {
            Region::Concave
        } else {
            Region::Convex
        };
        self.cwnd += (target - self.cwnd) / self.cwnd * acked;
    }

    fn ca_paper002(&mut self, a: &AckSample, acked: f64) {
        if self.epoch_start.is_none() {
            // No loss yet (or a timeout): start on the plateau at this window.
            self.epoch_start = Some(a.now);
            self.k = 0.0;
            self.origin = self.cwnd;
            self.w_max = self.w_max.max(self.cwnd);
        }
        let t = secs(a.now - self.epoch_start.unwrap_or(a.now));
        let b = 1.0 - self.beta;
        let w_c = w_cubic(t, self.k, self.origin, self.c);
        let rtt = self.rtt_secs();
        // Eq. 3: W_tcp(t) = W_max(1 − β) + 3β/(2 − β)·t/RTT.
        let w_tcp = if rtt > 0.0 {
            self.origin * (1.0 - b) + 3.0 * b / (2.0 - b) * t / rtt
        } else {
            0.0
        };
        self.w_est = w_tcp;
        let target = if self.reno_friendly {
            w_c.max(w_tcp)
        } else {
            w_c
        };
        self.target = target;
        self.region = if self.reno_friendly && w_tcp > w_c {
            Region::RenoFriendly
        } else if self.cwnd < self.origin {
            Region::Concave
        } else {
            Region::Convex
        };
        if target > self.cwnd {
            self.cwnd += (target - self.cwnd) / self.cwnd * acked;
        }
    }

    // ---- Linux tcp_cubic.c (integer segments) ----

    fn jiffies(now: Time) -> u64 {
        now / (NS_PER_S / LINUX_HZ)
    }

    /// tcp_cubic.c `bictcp_update`: recompute `cnt`.
    fn linux_update(&mut self, now: Time, acked: f64) {
        let cwnd = self.cwnd as u32;
        let jiffies = Self::jiffies(now);
        let lx = &mut self.lx;
        lx.ack_cnt += acked;
        if lx.last_cwnd == cwnd && jiffies.saturating_sub(lx.last_time) <= LINUX_HZ / 32 {
            return;
        }
        // At most one cubic update per jiffy.
        if !(lx.epoch.is_some() && jiffies == lx.last_time) {
            lx.last_cwnd = cwnd;
            lx.last_time = jiffies;
            if lx.epoch.is_none() {
                lx.epoch = Some(jiffies);
                self.epoch_start = Some(now);
                lx.ack_cnt = acked;
                lx.tcp_cwnd = cwnd;
                let last_max = self.w_max as u32;
                if last_max <= cwnd {
                    lx.k = 0;
                    self.origin = cwnd as f64;
                } else {
                    // K = cubic_root(cube_factor * (wmax - cwnd)), 1/1024 s.
                    let x = lx.cube_factor as f64 * (last_max - cwnd) as f64;
                    lx.k = libm::cbrt(x) as u64;
                    self.origin = last_max as f64;
                }
                self.k = lx.k as f64 / 1024.0;
            }
            // t = jiffies - epoch + usecs_to_jiffies(delay_min), in 1/1024 s.
            let delay_j = lx.delay_min.div_ceil(NS_PER_S / LINUX_HZ);
            let t_j = jiffies - lx.epoch.unwrap_or(jiffies) + delay_j;
            let t = (t_j << BICTCP_HZ) / LINUX_HZ;
            let delta = linux_cube_delta(lx.cube_rtt_scale, t.abs_diff(lx.k));
            let origin = self.origin as u64;
            let target = if t < lx.k {
                origin.saturating_sub(delta)
            } else {
                origin + delta
            };
            lx.bic_target = target.min(u32::MAX as u64) as u32;
            lx.cnt = if lx.bic_target > cwnd {
                cwnd / (lx.bic_target - cwnd)
            } else {
                100 * cwnd
            };
            if self.w_max == 0.0 && lx.cnt > LINUX_CNT_CAP_NO_LOSS {
                lx.cnt = LINUX_CNT_CAP_NO_LOSS;
            }
            self.target = lx.bic_target as f64;
            self.region = if cwnd < origin as u32 {
                Region::Concave
            } else {
                Region::Convex
            };
        }
        // TCP friendliness: tcp_cwnd += 1 per (cwnd * beta_scale >> 3) acked.
        if self.reno_friendly {
            let delta = ((cwnd as u64 * lx.beta_scale as u64) >> 3).max(1) as f64;
            while lx.ack_cnt > delta {
                lx.ack_cnt -= delta;
                lx.tcp_cwnd += 1;
            }
            if lx.tcp_cwnd > cwnd {
                let max_cnt = cwnd / (lx.tcp_cwnd - cwnd);
                if lx.cnt > max_cnt {
                    lx.cnt = max_cnt;
                    self.region = Region::RenoFriendly;
                }
            }
            self.w_est = lx.tcp_cwnd as f64;
        }
        // At most +1 segment per 2 acked: 1.5x per RTT.
        lx.cnt = lx.cnt.max(2);
    }

    fn linux_recalc_ssthresh(&mut self) -> f64 {
        self.lx.epoch = None;
        self.epoch_start = None;
        let cwnd = self.cwnd as u64;
        let b = self.lx.beta as u64;
        let scale = LINUX_BETA_SCALE as u64;
        self.w_max = if self.fast_convergence && cwnd < self.w_max as u64 {
            ((cwnd * (scale + b)) / (2 * scale)) as f64
        } else {
            cwnd as f64
        };
        ((cwnd * b) / scale).max(2) as f64
    }

    /// tcp_cubic.c `cubictcp_acked`: the delay sample and delay_min, None
    /// for a sample it discards (right after fast recovery, within 1 s of
    /// the epoch). The other presets take every sample and the sender's
    /// minimum RTT.
    fn delay_sample(&mut self, a: &AckSample) -> Option<(Time, Time)> {
        let delay = a.rtt?.max(1);
        if self.preset != CubicPreset::Linux {
            let min = if self.rtt.min_rtt > 0 {
                self.rtt.min_rtt
            } else {
                delay
            };
            return Some((delay, min));
        }
        if let Some(e) = self.lx.epoch {
            if Self::jiffies(a.now).saturating_sub(e) < LINUX_HZ {
                return None;
            }
        }
        if self.lx.delay_min == 0 || self.lx.delay_min > delay {
            self.lx.delay_min = delay;
        }
        Some((delay, self.lx.delay_min))
    }

    /// Slow start for one ACK of `acked` segments: HyStart++ while it governs
    /// the initial slow start, else the flow's rule after Linux HyStart's
    /// check (tcp_cubic.c calls `hystart_update` from `cubictcp_acked`,
    /// before `cubictcp_cong_avoid`). Returns what is left for congestion
    /// avoidance ([`common::slow_start`]).
    fn slow_start(&mut self, a: &AckSample, acked: f64) -> f64 {
        let sample = self.delay_sample(a);
        if self.cwnd >= self.ssthresh {
            return acked;
        }
        if let Some(h) = self.hystart_pp.as_mut().filter(|h| h.active()) {
            if h.on_ack(a, acked, &mut self.cwnd, self.slow_start) {
                self.ssthresh = self.cwnd;
            }
            self.region = match h.phase {
                Phase::Css { .. } => Region::ConservativeSlowStart,
                _ => Region::SlowStart,
            };
            return 0.0;
        }
        if let (Some(h), Some((delay, delay_min))) = (self.hystart.as_mut(), sample) {
            if !h.found && h.update(a, self.cwnd, delay, delay_min).is_some() {
                self.ssthresh = self.cwnd;
                return acked;
            }
        }
        self.region = Region::SlowStart;
        common::slow_start(&mut self.cwnd, self.ssthresh, acked, self.slow_start)
    }
}

impl CongestionControl for Cubic {
    fn name(&self) -> &'static str {
        "cubic"
    }

    fn on_ack(&mut self, a: &AckSample) {
        self.rtt.update(a);
        // cubictcp_cong_avoid: `acked = tcp_slow_start(tp, acked); if (!acked) return;`
        let left = self.slow_start(a, segments(a.acked_bytes, a.mss));
        if left <= 0.0 {
            return;
        }
        let acked = left.min(common::ABC_LIMIT_SEGMENTS);
        match self.preset {
            CubicPreset::Rfc9438 => self.ca_rfc(a, acked),
            CubicPreset::Paper002 => self.ca_paper002(a, acked),
            CubicPreset::Linux => {
                // bictcp_update and tcp_cong_avoid_ai count every segment the
                // ACK covers (Linux 4.0 on: no limit of 2 as in RFC 3465).
                let acked = left;
                self.linux_update(a.now, acked);
                common::cong_avoid_ai(
                    &mut self.cwnd,
                    &mut self.lx.cwnd_cnt,
                    self.lx.cnt as f64,
                    acked,
                );
            }
        }
    }

    fn on_congestion_event(&mut self, ev: &CongestionEvent) {
        if let Some(h) = self.hystart_pp.as_mut() {
            h.finish();
        }
        match self.preset {
            CubicPreset::Linux => {
                self.ssthresh = self.linux_recalc_ssthresh();
                self.cwnd = self.ssthresh;
                self.lx.cwnd_cnt = 0.0;
            }
            CubicPreset::Rfc9438 => {
                // §4.7 fast convergence, then §4.6 multiplicative decrease:
                // ssthresh = flight_size·β_cubic, cwnd = max(ssthresh, 2).
                self.cwnd_prior = self.cwnd;
                self.w_max = if self.fast_convergence && self.cwnd < self.w_max {
                    self.cwnd * (1.0 + self.beta) / 2.0
                } else {
                    self.cwnd
                };
                let flight = segments(ev.inflight_bytes, ev.mss);
                self.ssthresh = (flight * self.beta).max(2.0);
                self.cwnd = self.ssthresh;
                self.epoch_start = None;
            }
            CubicPreset::Paper002 => {
                // Paper 002 pseudocode: eq. 4, then cwnd = ssthresh = (1 − β)·W,
                // epoch at the loss, K = ∛(W_max·β/C) (eq. 2).
                let b = 1.0 - self.beta;
                let w = self.cwnd;
                self.w_max = if self.fast_convergence && w < self.w_last_max {
                    w * (2.0 - b) / 2.0
                } else {
                    w
                };
                self.w_last_max = w;
                self.cwnd_prior = w;
                self.ssthresh = ((1.0 - b) * w).max(2.0);
                self.cwnd = self.ssthresh;
                self.epoch_start = Some(ev.now);
                self.origin = self.w_max;
                self.k = libm::cbrt(self.w_max * b / self.c);
            }
        }
        self.region = Region::SlowStart;
    }

    fn on_rto(&mut self, _now: Time, inflight_bytes: u64, mss: u32) {
        match self.preset {
            CubicPreset::Linux => {
                // tcp_enter_loss: ssthresh via cubictcp_recalc_ssthresh, then
                // TCP_CA_Loss resets the cubic state and HyStart.
                self.ssthresh = self.linux_recalc_ssthresh();
                let beta = self.lx.beta;
                let scale = self.lx.cube_rtt_scale;
                self.lx = LinuxState {
                    beta,
                    cube_rtt_scale: scale,
                    beta_scale: linux_beta_scale(beta),
                    cube_factor: linux_cube_factor(scale),
                    ..Default::default()
                };
                self.w_max = 0.0;
            }
            _ => {
                // RFC 9438 §4.8: Reno's loss window, ssthresh with β_cubic as
                // in §4.6 (flight size; cwnd in paper 002); the next CA stage
                // starts with K = 0 at its own window.
                self.cwnd_prior = self.cwnd;
                let base = if self.preset == CubicPreset::Rfc9438 {
                    segments(inflight_bytes, mss)
                } else {
                    self.cwnd
                };
                self.ssthresh = (base * self.beta).max(2.0);
                self.after_timeout = true;
                self.epoch_start = None;
            }
        }
        // cubictcp_state(TCP_CA_Loss) resets HyStart for the next slow start;
        // HyStart++ is for the initial slow start only (RFC 9406 §4.4).
        if let Some(h) = self.hystart.as_mut() {
            h.reset();
        }
        if let Some(h) = self.hystart_pp.as_mut() {
            h.finish();
        }
        self.cwnd = 1.0;
        self.region = Region::SlowStart;
    }

    fn on_recovery_exit(&mut self, _now: Time, _mss: u32) {
        self.cwnd = self.ssthresh;
    }

    fn undo(&mut self, prior_cwnd: u64, prior_ssthresh: u64) -> bool {
        // Linux CUBIC's undo_cwnd is tcp_reno_undo_cwnd: the window comes
        // back, the cubic state reset at the timeout does not (W_max
        // stays 0). The lab does the same for the RFC 9438 presets, whose
        // §4.9 undo would also restore W_max and K.
        self.cwnd = self.cwnd.max(segments(prior_cwnd, self.mss));
        self.ssthresh = self
            .ssthresh
            .max(common::ssthresh_segments(prior_ssthresh, self.mss));
        true
    }

    fn cwnd(&self) -> u64 {
        to_bytes(self.cwnd, self.mss)
    }

    fn ssthresh(&self) -> u64 {
        ssthresh_bytes(self.ssthresh, self.mss)
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &[
            "w_max",
            "k",
            "epoch_start",
            "w_est",
            "target",
            "region",
            "cnt",
        ]
    }

    /// The labels of `region`'s values, in the order of [`Region`].
    fn metric_states(&self) -> &'static [(&'static str, &'static [&'static str])] {
        &[(
            "region",
            &[
                "slow start",
                "Reno-friendly",
                "concave",
                "convex",
                "conservative slow start",
            ],
        )]
    }
    fn metric_units(&self) -> &'static [&'static str] {
        &["seg", "s", "s", "seg", "seg", "", ""]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        out.push(self.w_max);
        out.push(self.k);
        out.push(self.epoch_start.map_or(0.0, secs));
        out.push(self.w_est);
        out.push(self.target);
        out.push(self.region as u8 as f64);
        out.push(self.lx.cnt as f64);
    }

    fn handoff(&self, now: Time) -> Handoff {
        self.rtt.handoff(now, self.cwnd(), self.ssthresh())
    }
}

/// The registry's constructors (cc/registry.rs).
impl super::Registered for Cubic {
    type Params = CubicParams;
    fn create(p: &CubicParams, ctx: &super::CcContext) -> Self {
        Self::new(p, ctx)
    }
    fn resume(p: &CubicParams, ctx: &super::CcContext, h: &super::Handoff) -> Self {
        Self::from_handoff(p, ctx, h)
    }
}

#[cfg(test)]
mod tests;
