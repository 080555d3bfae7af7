//! RTT estimation and the retransmission timeout, RFC 6298.

use crate::engine::time::{Time, NS_PER_MS, NS_PER_S};

/// RFC 6298 §2.1: initial RTO of one second.
pub const INITIAL_RTO: Time = NS_PER_S;
/// Linux `TCP_RTO_MIN` (HZ/5 = 200 ms); RFC 6298 §2.4 says 1 s.
pub const LINUX_MIN_RTO: Time = 200 * NS_PER_MS;
/// RFC 6298 §2.5: a maximum of at least 60 seconds.
pub const MAX_RTO: Time = 60 * NS_PER_S;
/// Clock granularity G (RFC 6298 §2); ns-3's ClockGranularity default is 1 ms.
pub const DEFAULT_GRANULARITY: Time = NS_PER_MS;

#[derive(Clone, Debug)]
pub struct RttEstimator {
    srtt: Time,
    rttvar: Time,
    min_rtt: Time,
    latest: Time,
    rto: Time,
    min_rto: Time,
    granularity: Time,
    backoff: u32,
    has_sample: bool,
}

impl RttEstimator {
    pub fn new(min_rto: Time, granularity: Time) -> Self {
        Self {
            srtt: 0,
            rttvar: 0,
            min_rtt: 0,
            latest: 0,
            rto: INITIAL_RTO.max(min_rto),
            min_rto,
            granularity,
            backoff: 0,
            has_sample: false,
        }
    }

    /// Take a measurement R (RFC 6298 §2.2, §2.3), with α = 1/8 and β = 1/4.
    pub fn on_sample(&mut self, r: Time) {
        self.latest = r;
        if !self.has_sample {
            self.srtt = r;
            self.rttvar = r / 2;
            self.min_rtt = r;
            self.has_sample = true;
        } else {
            let delta = self.srtt.abs_diff(r);
            // RTTVAR <- (1 - beta) * RTTVAR + beta * |SRTT - R'|
            self.rttvar = self.rttvar - self.rttvar / 4 + delta / 4;
            // SRTT <- (1 - alpha) * SRTT + alpha * R'
            self.srtt = self.srtt - self.srtt / 8 + r / 8;
            self.min_rtt = self.min_rtt.min(r);
        }
        // A new sample ends any backoff (RFC 6298 §5, Karn's algorithm).
        self.backoff = 0;
        self.rto = self.base_rto();
    }

    /// RTO = SRTT + max(G, K*RTTVAR) with K = 4, clamped to [min_rto, MAX_RTO].
    fn base_rto(&self) -> Time {
        (self.srtt + self.granularity.max(4 * self.rttvar)).clamp(self.min_rto, MAX_RTO)
    }

    /// RFC 6298 §5.5: double the RTO when the timer expires.
    pub fn back_off(&mut self) {
        self.backoff += 1;
        self.rto = (self.rto.saturating_mul(2)).min(MAX_RTO);
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

    #[test]
    fn before_any_sample_the_rto_is_one_second() {
        let e = RttEstimator::new(LINUX_MIN_RTO, DEFAULT_GRANULARITY);
        assert_eq!(e.rto(), NS_PER_S);
    }

    #[test]
    fn first_sample_sets_srtt_and_half_rttvar() {
        let mut e = RttEstimator::new(0, 0);
        e.on_sample(100 * NS_PER_MS);
        assert_eq!(e.srtt(), 100 * NS_PER_MS);
        assert_eq!(e.rttvar(), 50 * NS_PER_MS);
        // RTO = SRTT + 4 * RTTVAR = 300 ms
        assert_eq!(e.rto(), 300 * NS_PER_MS);
    }

    #[test]
    fn later_samples_use_alpha_one_eighth_and_beta_one_quarter() {
        let mut e = RttEstimator::new(0, 0);
        e.on_sample(100 * NS_PER_MS);
        e.on_sample(180 * NS_PER_MS);
        // RTTVAR = 3/4 * 50 + 1/4 * 80 = 57.5 ms; SRTT = 7/8 * 100 + 1/8 * 180 = 110 ms
        assert_eq!(e.rttvar(), 57_500_000);
        assert_eq!(e.srtt(), 110 * NS_PER_MS);
        assert_eq!(e.min_rtt(), 100 * NS_PER_MS);
    }

    #[test]
    fn rto_is_clamped_to_the_minimum() {
        let mut e = RttEstimator::new(LINUX_MIN_RTO, DEFAULT_GRANULARITY);
        for _ in 0..50 {
            e.on_sample(NS_PER_MS);
        }
        assert_eq!(e.rto(), LINUX_MIN_RTO);
    }

    #[test]
    fn backoff_doubles_up_to_the_maximum_and_a_sample_resets_it() {
        let mut e = RttEstimator::new(LINUX_MIN_RTO, DEFAULT_GRANULARITY);
        e.on_sample(100 * NS_PER_MS);
        let base = e.rto();
        e.back_off();
        assert_eq!(e.rto(), 2 * base);
        e.back_off();
        assert_eq!(e.rto(), 4 * base);
        for _ in 0..20 {
            e.back_off();
        }
        assert_eq!(e.rto(), MAX_RTO);
        e.on_sample(100 * NS_PER_MS);
        assert_eq!(e.backoffs(), 0);
        assert!(e.rto() < MAX_RTO);
    }
}
