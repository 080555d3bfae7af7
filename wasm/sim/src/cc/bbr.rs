//! BBR v1 (Cardwell et al., "BBR: Congestion-Based Congestion Control", ACM
//! Queue 2016; draft-cardwell-iccrg-bbr-congestion-control-00) following
//! Linux net/ipv4/tcp_bbr.c: STARTUP (gain 739/256) until the bandwidth
//! estimate grows less than 25 % for 3 rounds, DRAIN (gain 256/739) until
//! inflight ≤ BDP, PROBE_BW cycling pacing gains [5/4, 3/4, 1 ×6] with
//! cwnd_gain 2, and PROBE_RTT (cwnd 4 segments for max(200 ms, 1 round))
//! when min_rtt has not been refreshed for 10 s. The bottleneck bandwidth is
//! the max of delivery-rate samples over 10 rounds (an exact windowed max;
//! Linux's minmax keeps 3 samples). Pacing is 1 % below the estimate.
//!
//! Delivery-rate samples: [`super::AckExtras::delivery_rate_bps`] when the
//! sender provides it (per ACK, draft-cheng-iccrg-delivery-rate-estimation);
//! otherwise one sample per round trip, bytes acknowledged in the round over
//! its duration (a lower bound on the bottleneck rate while cwnd-limited).
//!
//! BBR needs the sender to pace at [`CongestionControl::pacing_rate_bps`]:
//! DRAIN ends only when pacing below the bottleneck rate has brought
//! inflight down to the BDP. An unpaced sender keeps inflight at cwnd
//! (2.89·BDP in DRAIN), and BBR then never leaves DRAIN.
//!
//! Not modelled: long-term (policer) bandwidth sampling, ACK-aggregation
//! extra_acked, app-limited marking (flows are treated as never app-limited,
//! except that PROBE_RTT samples may only raise the estimate, as Linux does),
//! idle restart. Loss recovery belongs to the sender: at a congestion event
//! BBR saves cwnd and sets cwnd = ssthresh = max(flight, 4 segments), so the
//! sender's fast recovery approximates packet conservation; the saved cwnd
//! comes back when recovery ends (bbr_set_cwnd_to_recover_or_restore).

use super::common::{
    growth_segments, secs, segments, ssthresh_bytes, to_bytes, RoundTracker, RttSeen,
};
use super::{
    AckExtras, AckSample, CcContext, CongestionControl, CongestionEvent, Handoff, ParamBlock,
};
use crate::engine::time::{Time, NS_PER_MS, NS_PER_S};
use crate::error::FieldChecks;
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------
// Parameters: the `cc_params.bbr` block. Defaults and the sources behind
// them are documented on each field (they become the JSON Schema); `check`
// gives the ranges the validator holds them to.
// ---------------------------------------------------------------------------

/// Which STARTUP gain BBR uses.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum BbrHighGain {
    /// Linux tcp_bbr.c: BBR_UNIT·2885/1000 + 1 = 739/256 ≈ 2.88672. The default.
    #[default]
    Linux,
    /// The design value 2/ln 2 ≈ 2.88539 (draft-cardwell-iccrg-bbr-congestion-control-00).
    Draft,
}

/// BBR v1.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields, default)]
pub struct BbrParams {
    /// STARTUP pacing and cwnd gain (default `linux`).
    pub high_gain: BbrHighGain,
}

impl ParamBlock for BbrParams {
    /// Nothing to check: `high_gain` is a name, which serde checks.
    fn check(&self, _: &mut FieldChecks) {}
}

/// tcp_bbr.c `bbr_high_gain = BBR_UNIT * 2885 / 1000 + 1` = 739/256.
pub const LINUX_HIGH_GAIN: f64 = 739.0 / 256.0;
/// The design value 2/ln 2 (draft §4.3.1).
pub fn draft_high_gain() -> f64 {
    2.0 / libm::log(2.0)
}
/// tcp_bbr.c `bbr_cwnd_gain = BBR_UNIT * 2`.
pub const CWND_GAIN: f64 = 2.0;
/// tcp_bbr.c `bbr_pacing_gain[]` (CYCLE_LEN = 8).
pub const PACING_GAIN_CYCLE: [f64; 8] = [1.25, 0.75, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0];
/// tcp_bbr.c `bbr_cycle_rand = 7`: the random first phase is never the 3/4 one.
pub const CYCLE_RAND: u64 = 7;
/// tcp_bbr.c `bbr_bw_rtts = CYCLE_LEN + 2`: rounds in the max-bandwidth window.
pub const BW_RTTS: u64 = 10;
/// tcp_bbr.c `bbr_min_rtt_win_sec = 10`.
pub const MIN_RTT_WIN: Time = 10 * NS_PER_S;
/// tcp_bbr.c `bbr_probe_rtt_mode_ms = 200`.
pub const PROBE_RTT_TIME: Time = 200 * NS_PER_MS;
/// tcp_bbr.c `bbr_cwnd_min_target = 4`.
pub const CWND_MIN_TARGET: f64 = 4.0;
/// tcp_bbr.c `bbr_full_bw_thresh = BBR_UNIT * 5 / 4`, `bbr_full_bw_cnt = 3`.
pub const FULL_BW_THRESH: f64 = 1.25;
pub const FULL_BW_CNT: u32 = 3;
/// tcp_bbr.c `bbr_pacing_margin_percent = 1`.
pub const PACING_MARGIN: f64 = 0.01;
/// tcp_bbr.c `bbr_min_tso_rate = 1200000` b/s.
pub const MIN_TSO_RATE_BPS: f64 = 1_200_000.0;
/// TCP_INIT_CWND: cwnd cap before any RTT sample.
pub const INIT_CWND: f64 = 10.0;

/// BBR's state machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Startup = 0,
    Drain = 1,
    ProbeBw = 2,
    ProbeRtt = 3,
}

/// Exact max over the last `BW_RTTS` rounds, one slot per round.
#[derive(Clone, Copy, Debug, Default)]
struct MaxFilter {
    slots: [(u64, f64); BW_RTTS as usize],
}

impl MaxFilter {
    fn update(&mut self, round: u64, v: f64) {
        let s = &mut self.slots[(round % BW_RTTS) as usize];
        if s.0 != round {
            *s = (round, v);
        } else if v > s.1 {
            s.1 = v;
        }
    }

    fn get(&self, round: u64) -> f64 {
        self.slots
            .iter()
            .filter(|(r, _)| round.saturating_sub(*r) < BW_RTTS)
            .fold(0.0, |m, (_, v)| m.max(*v))
    }
}

pub struct Bbr {
    mss: u32,
    initial_cwnd: f64,
    high_gain: f64,
    mode: Mode,
    /// Segments.
    cwnd: f64,
    prior_cwnd: f64,
    /// ssthresh as BBR keeps it (unset, or the BDP when STARTUP ends).
    ssthresh: f64,
    /// ssthresh handed to the sender for the current recovery.
    recovery_ssthresh: Option<f64>,
    bw: MaxFilter,
    round: RoundTracker,
    /// Per-round delivery-rate sampling (when the sender gives none):
    /// bytes counted in this round, each ACK counting at most 2 segments.
    round_delivered: u64,
    round_time: Option<Time>,
    last_delivered: u64,
    min_rtt: Option<Time>,
    min_rtt_stamp: Time,
    probe_rtt_done: Option<Time>,
    probe_rtt_round_done: bool,
    full_bw: f64,
    full_bw_cnt: u32,
    full_bw_reached: bool,
    cycle_idx: usize,
    cycle_stamp: Time,
    pacing_gain: f64,
    cwnd_gain: f64,
    /// Bits per second; 0 until set.
    pacing_rate: f64,
    /// After a timeout: delivered_bytes at which the loss episode ends.
    loss_recover: Option<u64>,
    rng: u64,
    rtt: RttSeen,
}

impl Bbr {
    pub fn new(p: &BbrParams, ctx: &CcContext) -> Self {
        let high_gain = match p.high_gain {
            BbrHighGain::Linux => LINUX_HIGH_GAIN,
            BbrHighGain::Draft => draft_high_gain(),
        };
        let iw = ctx.initial_cwnd_segments.max(1) as f64;
        Self {
            mss: ctx.mss,
            initial_cwnd: iw,
            high_gain,
            mode: Mode::Startup,
            cwnd: iw,
            prior_cwnd: 0.0,
            ssthresh: f64::INFINITY,
            recovery_ssthresh: None,
            bw: MaxFilter::default(),
            round: RoundTracker::default(),
            round_delivered: 0,
            round_time: None,
            last_delivered: 0,
            min_rtt: None,
            min_rtt_stamp: 0,
            probe_rtt_done: None,
            probe_rtt_round_done: false,
            full_bw: 0.0,
            full_bw_cnt: 0,
            full_bw_reached: false,
            cycle_idx: 0,
            cycle_stamp: 0,
            pacing_gain: high_gain,
            cwnd_gain: high_gain,
            pacing_rate: 0.0,
            loss_recover: None,
            // xorshift64* state: any nonzero value.
            rng: ctx.seed ^ 0x9E37_79B9_7F4A_7C15,
            rtt: RttSeen::default(),
        }
    }

    /// Take over a running flow: cwnd as handed over, min_rtt from the
    /// connection, and the bandwidth filter seeded with the predecessor's
    /// estimate (or cwnd/srtt). A flow that had left slow start (ssthresh
    /// set) counts as having filled the pipe and starts in PROBE_BW; one
    /// still in slow start starts in STARTUP.
    pub fn from_handoff(p: &BbrParams, ctx: &CcContext, h: &Handoff) -> Self {
        let mut s = Self::new(p, ctx);
        s.cwnd = segments(h.cwnd_bytes, ctx.mss).max(CWND_MIN_TARGET);
        s.rtt = RttSeen::from_handoff(h);
        if h.min_rtt > 0 {
            s.min_rtt = Some(h.min_rtt);
            s.min_rtt_stamp = h.now;
        }
        if let Some(bps) = h.bandwidth_bps.or(h.window_rate_bps()) {
            s.bw.update(0, bps / 8.0);
            s.pacing_rate = bps * (1.0 - PACING_MARGIN);
        }
        if h.ssthresh_bytes != u64::MAX {
            s.full_bw_reached = true;
            s.full_bw = s.bw.get(0);
            s.reset_probe_bw_mode(h.now);
        }
        s.update_gains();
        s
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }
    /// Bottleneck bandwidth estimate, bits/s.
    pub fn btl_bw_bps(&self) -> f64 {
        self.max_bw() * 8.0
    }
    pub fn min_rtt(&self) -> Option<Time> {
        self.min_rtt
    }
    pub fn pacing_gain(&self) -> f64 {
        self.pacing_gain
    }
    pub fn cycle_idx(&self) -> usize {
        self.cycle_idx
    }

    /// Bytes per second.
    fn max_bw(&self) -> f64 {
        self.bw.get(self.round.count)
    }

    fn next_random(&mut self) -> u64 {
        // xorshift64* (Vigna 2016): deterministic on every target.
        let mut x = self.rng;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.rng = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// BDP·gain in segments, rounded up (tcp_bbr.c `bbr_bdp`).
    fn bdp(&self, bw: f64, gain: f64) -> f64 {
        match self.min_rtt {
            None => INIT_CWND,
            Some(r) => (bw * secs(r) * gain / self.mss as f64).ceil(),
        }
    }

    /// tcp_bbr.c `bbr_tso_segs_goal`: about 1 ms of data at the pacing rate
    /// (`sk_pacing_shift` = 10), 1 or 2 segments at least, at most 64 KB.
    fn tso_segs_goal(&self) -> f64 {
        let bytes = (self.pacing_rate / 8.0 / 1024.0).min(65_536.0);
        let min = if self.pacing_rate < MIN_TSO_RATE_BPS {
            1.0
        } else {
            2.0
        };
        (bytes / self.mss as f64).floor().max(min).min(127.0)
    }

    /// tcp_bbr.c `bbr_quantization_budget`.
    fn quantization_budget(&self, cwnd: f64) -> f64 {
        let mut c = cwnd + 3.0 * self.tso_segs_goal();
        c = ((c as u64 + 1) & !1) as f64; // round up to even
        if self.mode == Mode::ProbeBw && self.cycle_idx == 0 {
            c += 2.0;
        }
        c
    }

    fn inflight_target(&self, bw: f64, gain: f64) -> f64 {
        self.quantization_budget(self.bdp(bw, gain))
    }

    fn advance_cycle_phase(&mut self, now: Time) {
        self.cycle_idx = (self.cycle_idx + 1) % PACING_GAIN_CYCLE.len();
        self.cycle_stamp = now;
    }

    /// tcp_bbr.c `bbr_reset_probe_bw_mode`: a random phase other than 3/4.
    fn reset_probe_bw_mode(&mut self, now: Time) {
        self.mode = Mode::ProbeBw;
        let r = self.next_random() % CYCLE_RAND;
        self.cycle_idx = (PACING_GAIN_CYCLE.len() as u64 - 1 - r) as usize;
        self.advance_cycle_phase(now);
    }

    fn reset_mode(&mut self, now: Time) {
        if self.full_bw_reached {
            self.reset_probe_bw_mode(now);
        } else {
            self.mode = Mode::Startup;
        }
    }

    fn save_cwnd(&mut self) {
        self.prior_cwnd = if self.recovery_ssthresh.is_none() && self.mode != Mode::ProbeRtt {
            self.cwnd
        } else {
            self.prior_cwnd.max(self.cwnd)
        };
    }

    fn update_bw(&mut self, a: &AckSample, extras: &AckExtras, round_start: bool) {
        let sample = if let Some(bps) = extras.delivery_rate_bps {
            Some(bps / 8.0)
        } else if round_start {
            self.round_time.and_then(|t0| {
                let dt = a.now.saturating_sub(t0);
                (dt > 0).then(|| self.round_delivered as f64 / secs(dt))
            })
        } else {
            None
        };
        if self.round_time.is_none() || round_start {
            self.round_time = Some(a.now);
            self.round_delivered = 0;
        }
        // Without SACK a cumulative ACK after a loss also covers data the
        // receiver got long ago; Linux counts only newly delivered data
        // (`acked_sacked`), so each ACK counts at most L = 2 segments here.
        self.round_delivered += (growth_segments(a) * a.mss as f64) as u64;
        if let Some(bw) = sample {
            // PROBE_RTT samples are app-limited: they may only raise the model.
            if self.mode != Mode::ProbeRtt || bw >= self.max_bw() {
                self.bw.update(self.round.count, bw);
            }
        }
    }

    fn update_cycle_phase(&mut self, a: &AckSample) {
        if self.mode != Mode::ProbeBw {
            return;
        }
        let min_rtt = self.min_rtt.unwrap_or(0);
        let full_length = a.now.saturating_sub(self.cycle_stamp) > min_rtt;
        let prior_inflight = segments(a.inflight_bytes + a.acked_bytes, a.mss);
        let bw = self.max_bw();
        let next = if self.pacing_gain == 1.0 {
            full_length
        } else if self.pacing_gain > 1.0 {
            full_length && prior_inflight >= self.inflight_target(bw, self.pacing_gain)
        } else {
            full_length || prior_inflight <= self.inflight_target(bw, 1.0)
        };
        if next {
            self.advance_cycle_phase(a.now);
        }
    }

    fn check_full_bw_reached(&mut self, round_start: bool) {
        if self.full_bw_reached || !round_start {
            return;
        }
        let bw = self.max_bw();
        if bw >= self.full_bw * FULL_BW_THRESH {
            self.full_bw = bw;
            self.full_bw_cnt = 0;
            return;
        }
        self.full_bw_cnt += 1;
        self.full_bw_reached = self.full_bw_cnt >= FULL_BW_CNT;
    }

    fn check_drain(&mut self, a: &AckSample) {
        if self.mode == Mode::Startup && self.full_bw_reached {
            self.mode = Mode::Drain;
            self.ssthresh = self.inflight_target(self.max_bw(), 1.0);
        }
        if self.mode == Mode::Drain
            && segments(a.inflight_bytes, a.mss) <= self.inflight_target(self.max_bw(), 1.0)
        {
            self.reset_probe_bw_mode(a.now);
        }
    }

    fn check_probe_rtt_done(&mut self, now: Time) {
        if let Some(done) = self.probe_rtt_done {
            if now > done {
                self.min_rtt_stamp = now;
                self.cwnd = self.cwnd.max(self.prior_cwnd);
                self.reset_mode(now);
            }
        }
    }

    fn update_min_rtt(&mut self, a: &AckSample, round_start: bool) {
        let expired = a.now > self.min_rtt_stamp + MIN_RTT_WIN;
        if let Some(r) = a.rtt {
            if self.min_rtt.is_none_or(|m| r < m) || expired {
                self.min_rtt = Some(r);
                self.min_rtt_stamp = a.now;
            }
        }
        if expired && self.mode != Mode::ProbeRtt {
            self.mode = Mode::ProbeRtt;
            self.save_cwnd();
            self.probe_rtt_done = None;
        }
        if self.mode == Mode::ProbeRtt {
            if self.probe_rtt_done.is_none() && segments(a.inflight_bytes, a.mss) <= CWND_MIN_TARGET
            {
                self.probe_rtt_done = Some(a.now + PROBE_RTT_TIME);
                self.probe_rtt_round_done = false;
                self.round.start_at(a);
            } else if self.probe_rtt_done.is_some() {
                if round_start {
                    self.probe_rtt_round_done = true;
                }
                if self.probe_rtt_round_done {
                    self.check_probe_rtt_done(a.now);
                }
            }
        }
    }

    fn update_gains(&mut self) {
        (self.pacing_gain, self.cwnd_gain) = match self.mode {
            Mode::Startup => (self.high_gain, self.high_gain),
            Mode::Drain => (1.0 / self.high_gain, self.high_gain),
            Mode::ProbeBw => (PACING_GAIN_CYCLE[self.cycle_idx], CWND_GAIN),
            Mode::ProbeRtt => (1.0, 1.0),
        };
    }

    fn set_pacing_rate(&mut self) {
        let bw = self.max_bw();
        if bw <= 0.0 {
            // bbr_init_pacing_rate_from_rtt: high_gain·cwnd/RTT (1 ms nominal).
            let rtt = if self.rtt.srtt > 0 {
                secs(self.rtt.srtt)
            } else {
                0.001
            };
            self.pacing_rate =
                self.high_gain * self.cwnd * self.mss as f64 * 8.0 / rtt * (1.0 - PACING_MARGIN);
            return;
        }
        let rate = self.pacing_gain * bw * 8.0 * (1.0 - PACING_MARGIN);
        if self.full_bw_reached || rate > self.pacing_rate {
            self.pacing_rate = rate;
        }
    }

    fn set_cwnd(&mut self, a: &AckSample) {
        // Newly delivered segments (see update_bw for the cap).
        let acked = growth_segments(a);
        let bw = self.max_bw();
        if bw <= 0.0 {
            // No model yet: grow like slow start.
            self.cwnd += acked;
        } else {
            let target = self.quantization_budget(self.bdp(bw, self.cwnd_gain));
            if self.full_bw_reached {
                self.cwnd = (self.cwnd + acked).min(target);
            } else if self.cwnd < target || segments(a.delivered_bytes, a.mss) < self.initial_cwnd {
                self.cwnd += acked;
            }
        }
        self.cwnd = self.cwnd.max(CWND_MIN_TARGET);
        if self.mode == Mode::ProbeRtt {
            self.cwnd = self.cwnd.min(CWND_MIN_TARGET);
        }
    }
}

impl CongestionControl for Bbr {
    fn name(&self) -> &'static str {
        "bbr"
    }

    fn on_ack(&mut self, a: &AckSample) {
        self.on_ack_with(a, &AckExtras::default());
    }

    fn on_ack_with(&mut self, a: &AckSample, extras: &AckExtras) {
        self.rtt.update(a);
        self.last_delivered = a.delivered_bytes;
        if let Some(end) = self.loss_recover {
            if a.delivered_bytes >= end {
                // Leaving the loss state: restore the cwnd saved at the timeout.
                self.loss_recover = None;
                self.cwnd = self.cwnd.max(self.prior_cwnd);
            }
        }
        if self.round_time.is_none() {
            self.min_rtt_stamp = a.now;
            self.cycle_stamp = a.now;
        }
        let round_start = self.round.on_ack(a);
        // bbr_update_model
        self.update_bw(a, extras, round_start);
        self.update_cycle_phase(a);
        self.check_full_bw_reached(round_start);
        self.check_drain(a);
        self.update_min_rtt(a, round_start);
        self.update_gains();
        // bbr_main
        self.set_pacing_rate();
        self.set_cwnd(a);
    }

    fn on_congestion_event(&mut self, ev: &CongestionEvent) {
        self.save_cwnd();
        let flight = segments(ev.inflight_bytes, ev.mss).max(CWND_MIN_TARGET);
        self.cwnd = flight;
        self.recovery_ssthresh = Some(flight);
    }

    fn on_rto(&mut self, _now: Time, inflight_bytes: u64, _mss: u32) {
        // bbr_ssthresh saves cwnd; TCP_CA_Loss clears full_bw and starts a round.
        self.save_cwnd();
        self.full_bw = 0.0;
        self.round.restart();
        self.recovery_ssthresh = None;
        self.loss_recover = Some(self.last_delivered + inflight_bytes);
        self.cwnd = 1.0;
    }

    fn on_recovery_exit(&mut self, _now: Time, _mss: u32) {
        self.recovery_ssthresh = None;
        self.cwnd = self.cwnd.max(self.prior_cwnd);
    }

    fn cwnd(&self) -> u64 {
        to_bytes(self.cwnd, self.mss)
    }

    fn ssthresh(&self) -> u64 {
        ssthresh_bytes(self.recovery_ssthresh.unwrap_or(self.ssthresh), self.mss)
    }

    fn pacing_rate_bps(&self) -> Option<f64> {
        (self.pacing_rate > 0.0).then_some(self.pacing_rate)
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &[
            "btl_bw",
            "min_rtt",
            "pacing_rate",
            "mode",
            "pacing_gain",
            "cwnd_gain",
            "cycle_idx",
            "full_bw_reached",
        ]
    }

    /// The labels of `mode`'s values, in the order of [`Mode`].
    fn metric_states(&self) -> &'static [(&'static str, &'static [&'static str])] {
        &[("mode", &["STARTUP", "DRAIN", "PROBE_BW", "PROBE_RTT"])]
    }
    fn metric_units(&self) -> &'static [&'static str] {
        &["b/s", "s", "b/s", "", "", "", "", ""]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        out.push(self.btl_bw_bps());
        out.push(self.min_rtt.map_or(0.0, secs));
        out.push(self.pacing_rate);
        out.push(self.mode as u8 as f64);
        out.push(self.pacing_gain);
        out.push(self.cwnd_gain);
        out.push(self.cycle_idx as f64);
        out.push(if self.full_bw_reached { 1.0 } else { 0.0 });
    }

    fn handoff(&self, now: Time) -> Handoff {
        let bw = self.btl_bw_bps();
        Handoff {
            now,
            cwnd_bytes: self.cwnd(),
            ssthresh_bytes: self.ssthresh(),
            srtt: self.rtt.srtt,
            min_rtt: self.min_rtt.unwrap_or(self.rtt.min_rtt),
            latest_rtt: self.rtt.latest,
            bandwidth_bps: (bw > 0.0).then_some(bw),
            pacing_rate_bps: self.pacing_rate_bps(),
        }
    }
}

/// The registry's constructors (cc/registry.rs).
impl super::Registered for Bbr {
    type Params = BbrParams;
    fn create(p: &BbrParams, ctx: &super::CcContext) -> Self {
        Self::new(p, ctx)
    }
    fn resume(p: &BbrParams, ctx: &super::CcContext, h: &super::Handoff) -> Self {
        Self::from_handoff(p, ctx, h)
    }
}

#[cfg(test)]
mod tests;
