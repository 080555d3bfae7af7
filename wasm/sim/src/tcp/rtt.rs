//! RTT estimation and the retransmission timeout, in one of two styles
//! ([`RtoStyle`]):
//!
//! - **Linux** (the default), as `tcp_rtt_estimator` and `tcp_set_rto`
//!   (net/ipv4/tcp_input.c) compute it. SRTT is RFC 6298's (α = 1/8). The
//!   mean deviation `mdev` has gain 1/4, or 1/32 when the sample is below
//!   SRTT (the Eifel-like damping in `tcp_rtt_estimator`). Its four-fold
//!   value feeds `mdev_max`, the largest seen in the current round trip,
//!   which starts each round at the minimum RTO (`tcp_rto_min`, 200 ms).
//!   `rttvar` follows `mdev_max` at once when it is larger and decays a
//!   quarter of the way towards it once per round trip (when SND.UNA passes
//!   `rtt_seq`). RTO = SRTT + rttvar (`__tcp_set_rto`), so the minimum bounds
//!   the variance term, not the RTO: on a steady path RTO ≈ SRTT + 200 ms.
//! - **RFC 6298** exactly: RTO = SRTT + max(G, 4·RTTVAR), then at least the
//!   minimum (§2.4: 1 s) and at most 60 s (§2.5).
//!
//! Both start at 1 s before the first sample (RFC 6298 §2.1, Linux
//! `TCP_TIMEOUT_INIT`) and double at each expiry (RFC 6298 §5.5, Linux
//! `tcp_retransmit_timer`) until a new sample.
//!
//! Simplified from Linux: times are nanoseconds, not Linux's microseconds
//! scaled by 8 (SRTT) and 4 (mdev), so no rounding of those fixed-point
//! values; the RTO is not rounded to jiffies (the timer granularity G is a
//! scenario setting); Linux's windowed minimum-RTT filter is the minimum
//! over the whole connection here.

use crate::engine::time::{Time, NS_PER_MS, NS_PER_S};
use crate::scenario::RtoStyle;

/// RFC 6298 §2.1 and Linux `TCP_TIMEOUT_INIT`: one second before any sample.
pub const INITIAL_RTO: Time = NS_PER_S;
/// Linux `TCP_RTO_MIN` (HZ/5 = 200 ms): the default floor of the variance term.
pub const LINUX_MIN_RTO: Time = 200 * NS_PER_MS;
/// RFC 6298 §2.4: "a minimum of 1 second".
pub const RFC6298_MIN_RTO: Time = NS_PER_S;
/// RFC 6298 §2.5: a maximum of at least 60 seconds.
pub const MAX_RTO: Time = 60 * NS_PER_S;
/// Linux `TCP_RTO_MAX`: 120 seconds.
pub const LINUX_MAX_RTO: Time = 120 * NS_PER_S;
/// Clock granularity G (RFC 6298 §2); ns-3's ClockGranularity default is 1 ms.
pub const DEFAULT_GRANULARITY: Time = NS_PER_MS;

/// The minimum RTO a style uses when the scenario gives none.
pub fn default_min_rto(style: RtoStyle) -> Time {
    match style {
        RtoStyle::Linux => LINUX_MIN_RTO,
        RtoStyle::Rfc6298 | RtoStyle::Bsd => RFC6298_MIN_RTO,
    }
}

#[derive(Clone, Debug)]
pub struct RttEstimator {
    style: RtoStyle,
    srtt: Time,
    /// RFC 6298 RTTVAR; under the Linux style, Linux's `mdev_us / 4`.
    rttvar: Time,
    /// Linux `mdev_max_us`: the largest 4·mdev of this round trip, at least the minimum RTO.
    mdev_max: Time,
    /// Linux `rttvar_us`: the variance term added to SRTT (4·mdev, smoothed, ≥ the minimum RTO).
    linux_rttvar: Time,
    /// Linux `rtt_seq`: SND.NXT when the current round of `mdev_max` began.
    rtt_seq: u64,
    min_rtt: Time,
    latest: Time,
    rto: Time,
    min_rto: Time,
    granularity: Time,
    backoff: u32,
    has_sample: bool,
}

impl RttEstimator {
    pub fn new(style: RtoStyle, min_rto: Time, granularity: Time) -> Self {
        let initial = match style {
            RtoStyle::Linux => INITIAL_RTO,
            RtoStyle::Rfc6298 | RtoStyle::Bsd => INITIAL_RTO.max(min_rto),
        };
        Self {
            style,
            srtt: 0,
            rttvar: 0,
            mdev_max: 0,
            linux_rttvar: 0,
            rtt_seq: 0,
            min_rtt: 0,
            latest: 0,
            rto: initial,
            min_rto,
            granularity,
            backoff: 0,
            has_sample: false,
        }
    }

    /// Take a measurement R. `snd_una` and `snd_nxt` (after the ACK) mark
    /// Linux's once-per-round-trip decay of rttvar; RFC 6298 ignores them.
    pub fn on_sample(&mut self, r: Time, snd_una: u64, snd_nxt: u64) {
        self.latest = r;
        if !self.has_sample {
            // RFC 6298 §2.2; Linux: srtt = m, mdev = m/2 ("make sure rto = 3*rtt").
            self.srtt = r;
            self.rttvar = r / 2;
            self.min_rtt = r;
            self.linux_rttvar = (2 * r).max(self.min_rto);
            self.mdev_max = self.linux_rttvar;
            self.rtt_seq = snd_nxt;
            self.has_sample = true;
        } else {
            self.min_rtt = self.min_rtt.min(r);
            match self.style {
                RtoStyle::Rfc6298 | RtoStyle::Bsd => self.rfc6298_update(r),
                RtoStyle::Linux => self.linux_update(r, snd_una, snd_nxt),
            }
        }
        // A new sample ends any backoff (RFC 6298 §5, Karn's algorithm).
        self.backoff = 0;
        self.rto = self.base_rto();
    }

    /// RFC 6298 §2.3 with α = 1/8 and β = 1/4.
    fn rfc6298_update(&mut self, r: Time) {
        let delta = self.srtt.abs_diff(r);
        // RTTVAR <- (1 - beta) * RTTVAR + beta * |SRTT - R'|
        self.rttvar = self.rttvar - self.rttvar / 4 + delta / 4;
        // SRTT <- (1 - alpha) * SRTT + alpha * R'
        self.srtt = self.srtt - self.srtt / 8 + r / 8;
    }

    /// Linux `tcp_rtt_estimator`, in nanoseconds.
    fn linux_update(&mut self, r: Time, snd_una: u64, snd_nxt: u64) {
        let err = r as i128 - self.srtt as i128;
        self.srtt = (self.srtt as i128 + err / 8).max(1) as Time;
        // mdev (here `rttvar`) moves a quarter of the way to |err|, or only
        // a thirty-second when the sample is below SRTT and |err| is above mdev.
        let mdev = self.rttvar as i128;
        let mut step = err.abs() - mdev;
        if err < 0 && step > 0 {
            step /= 8;
        }
        self.rttvar = (mdev + step / 4).max(0) as Time;
        let four_mdev = 4 * self.rttvar;
        if four_mdev > self.mdev_max {
            self.mdev_max = four_mdev;
            self.linux_rttvar = self.linux_rttvar.max(self.mdev_max);
        }
        // Once per round trip: decay rttvar towards this round's maximum,
        // and start the next round's maximum at the minimum RTO.
        if snd_una > self.rtt_seq {
            if self.mdev_max < self.linux_rttvar {
                self.linux_rttvar -= (self.linux_rttvar - self.mdev_max) / 4;
            }
            self.rtt_seq = snd_nxt;
            self.mdev_max = self.min_rto;
        }
    }

    fn base_rto(&self) -> Time {
        match self.style {
            // `__tcp_set_rto` and `tcp_bound_rto`.
            RtoStyle::Linux => (self.srtt + self.linux_rttvar).min(LINUX_MAX_RTO),
            // RFC 6298 §2.3 and §2.4: SRTT + max(G, K·RTTVAR), K = 4, then the bounds.
            RtoStyle::Rfc6298 | RtoStyle::Bsd => {
                (self.srtt + self.granularity.max(4 * self.rttvar)).clamp(self.min_rto, MAX_RTO)
            }
        }
    }

    /// Double the RTO when the timer expires (RFC 6298 §5.5).
    pub fn back_off(&mut self) {
        self.backoff += 1;
        let max = match self.style {
            RtoStyle::Linux => LINUX_MAX_RTO,
            RtoStyle::Rfc6298 | RtoStyle::Bsd => MAX_RTO,
        };
        self.rto = (self.rto.saturating_mul(2)).min(max);
    }

    pub fn style(&self) -> RtoStyle {
        self.style
    }
    /// The configured minimum RTO (Linux: the floor of the variance term).
    pub fn min_rto(&self) -> Time {
        self.min_rto
    }
    /// RFC 6298 §5.7 (Linux `tcp_init_metrics`): a SYN was retransmitted and
    /// the handshake gave no sample, so the RTO is `rto` (3 s) until one comes.
    pub fn set_rto_before_first_sample(&mut self, rto: Time) {
        if !self.has_sample {
            self.rto = rto.clamp(self.min_rto, MAX_RTO);
        }
    }

    pub fn rto(&self) -> Time {
        self.rto
    }
    pub fn srtt(&self) -> Time {
        self.srtt
    }
    /// RFC 6298 RTTVAR, or Linux's mean deviation (`mdev_us / 4`).
    pub fn rttvar(&self) -> Time {
        self.rttvar
    }
    pub fn min_rtt(&self) -> Time {
        self.min_rtt
    }
    pub fn latest(&self) -> Time {
        self.latest
    }
    pub fn backoffs(&self) -> u32 {
        self.backoff
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Time = NS_PER_MS;

    fn rfc(min_rto: Time, g: Time) -> RttEstimator {
        RttEstimator::new(RtoStyle::Rfc6298, min_rto, g)
    }

    fn linux() -> RttEstimator {
        RttEstimator::new(RtoStyle::Linux, LINUX_MIN_RTO, DEFAULT_GRANULARITY)
    }

    #[test]
    fn before_any_sample_the_rto_is_one_second() {
        assert_eq!(linux().rto(), NS_PER_S);
        assert_eq!(rfc(RFC6298_MIN_RTO, DEFAULT_GRANULARITY).rto(), NS_PER_S);
    }

    #[test]
    fn rfc6298_first_sample_sets_srtt_and_half_rttvar() {
        let mut e = rfc(0, 0);
        e.on_sample(100 * MS, 0, 0);
        assert_eq!(e.srtt(), 100 * MS);
        assert_eq!(e.rttvar(), 50 * MS);
        // RTO = SRTT + 4 * RTTVAR = 300 ms
        assert_eq!(e.rto(), 300 * MS);
    }

    #[test]
    fn rfc6298_later_samples_use_alpha_one_eighth_and_beta_one_quarter() {
        let mut e = rfc(0, 0);
        e.on_sample(100 * MS, 0, 0);
        e.on_sample(180 * MS, 0, 0);
        // RTTVAR = 3/4 * 50 + 1/4 * 80 = 57.5 ms; SRTT = 7/8 * 100 + 1/8 * 180 = 110 ms
        assert_eq!(e.rttvar(), 57_500_000);
        assert_eq!(e.srtt(), 110 * MS);
        assert_eq!(e.min_rtt(), 100 * MS);
    }

    #[test]
    fn rfc6298_applies_the_minimum_to_the_rto_itself() {
        // RFC 6298 §2.4: on a steady 1 ms path the RTO is the 1 s minimum.
        let mut e = rfc(RFC6298_MIN_RTO, DEFAULT_GRANULARITY);
        for _ in 0..50 {
            e.on_sample(MS, 0, 0);
        }
        assert_eq!(e.rto(), RFC6298_MIN_RTO);
        // And with a 200 ms minimum, a steady 100 ms path: RTO = max(SRTT + G, 200 ms).
        let mut e = rfc(LINUX_MIN_RTO, DEFAULT_GRANULARITY);
        for _ in 0..200 {
            e.on_sample(100 * MS, 0, 0);
        }
        assert_eq!(e.rto(), LINUX_MIN_RTO);
    }

    #[test]
    fn linux_first_sample_gives_three_rtts_or_srtt_plus_the_minimum() {
        // tcp_rtt_estimator: mdev = m/2, rttvar = max(2m, rto_min).
        let mut e = linux();
        e.on_sample(300 * MS, 0, 10);
        assert_eq!(e.rto(), 900 * MS, "3 · RTT when 2 · RTT exceeds 200 ms");
        let mut e = linux();
        e.on_sample(20 * MS, 0, 10);
        assert_eq!(e.rto(), 220 * MS, "RTT + 200 ms on a short path");
    }

    #[test]
    fn linux_rto_on_a_stable_path_is_srtt_plus_the_minimum() {
        // The case: a steady 200 ms path. RFC 6298 with a 200 ms
        // floor gives ≈ SRTT + 1 ms; Linux keeps SRTT + rto_min.
        let mut e = linux();
        for k in 0..500u64 {
            // One sample per round trip of ten segments.
            e.on_sample(200 * MS, k * 10, k * 10 + 10);
        }
        assert_eq!(e.srtt(), 200 * MS);
        assert!(
            e.rto().abs_diff(400 * MS) < 1_000,
            "SRTT + 200 ms: {}",
            e.rto()
        );
        let mut r = rfc(LINUX_MIN_RTO, DEFAULT_GRANULARITY);
        for _ in 0..500 {
            r.on_sample(200 * MS, 0, 0);
        }
        assert_eq!(r.rto(), 201 * MS, "RFC 6298 with a 200 ms floor: SRTT + G");
    }

    #[test]
    fn linux_variance_above_the_minimum_raises_the_rto_at_once_and_decays_per_round() {
        let mut e = linux();
        e.on_sample(100 * MS, 0, 10);
        // Samples alternating 100 / 300 ms within one round trip (SND.UNA stays below rtt_seq).
        for _ in 0..20 {
            e.on_sample(300 * MS, 5, 20);
            e.on_sample(100 * MS, 5, 20);
        }
        let high = e.rto();
        assert!(
            high > e.srtt() + LINUX_MIN_RTO + 50 * MS,
            "4·mdev above 200 ms shows at once: {high}"
        );
        // Steady samples again, one per round trip: rttvar decays back to the floor.
        for k in 0..100u64 {
            e.on_sample(200 * MS, 30 + 10 * k, 40 + 10 * k);
        }
        let settled = e.rto() - e.srtt();
        assert!(
            (LINUX_MIN_RTO..LINUX_MIN_RTO + 2 * MS).contains(&settled),
            "back to SRTT + ~200 ms: {settled}"
        );
    }

    #[test]
    fn linux_damps_mdev_when_the_rtt_falls() {
        // A sample far below SRTT moves mdev by 1/32 of the error, not 1/4.
        let mut e = linux();
        e.on_sample(100 * MS, 0, 10);
        let before = e.rttvar();
        e.on_sample(20 * MS, 0, 10);
        // err = −80 ms; |err| − mdev = 30 ms; /8 then /4: +0.9375 ms.
        assert_eq!(e.rttvar(), before + 937_500);
        let mut r = rfc(0, 0);
        r.on_sample(100 * MS, 0, 0);
        r.on_sample(20 * MS, 0, 0);
        assert_eq!(r.rttvar(), 57_500_000, "RFC 6298: 3/4·50 + 1/4·80");
    }

    #[test]
    fn backoff_doubles_up_to_the_maximum_and_a_sample_resets_it() {
        for (mut e, max) in [
            (rfc(LINUX_MIN_RTO, DEFAULT_GRANULARITY), MAX_RTO),
            (linux(), LINUX_MAX_RTO),
        ] {
            e.on_sample(100 * MS, 0, 0);
            let base = e.rto();
            e.back_off();
            assert_eq!(e.rto(), 2 * base);
            e.back_off();
            assert_eq!(e.rto(), 4 * base);
            for _ in 0..20 {
                e.back_off();
            }
            assert_eq!(e.rto(), max);
            e.on_sample(100 * MS, 0, 0);
            assert_eq!(e.backoffs(), 0);
            assert!(e.rto() < max);
        }
    }
}
