//! Congestion control: the policy behind one trait, one file per algorithm.
//! The TCP sender (tcp/) owns the machinery (sequence space, loss detection,
//! timers); a [`CongestionControl`] decides cwnd, ssthresh and pacing from the
//! events it is told about. Windows are in bytes.

pub mod newreno;

use crate::engine::Time;
use crate::scenario::CcAlgorithm;

/// What an acknowledgement that advanced snd_una tells the controller.
#[derive(Clone, Copy, Debug, Default)]
pub struct AckSample {
    pub now: Time,
    /// Bytes newly acknowledged by this ACK.
    pub acked_bytes: u64,
    /// RTT measured from this ACK (Karn's rule applied), if any.
    pub rtt: Option<Time>,
    /// Smoothed RTT (RFC 6298) after this sample; 0 before the first sample.
    pub srtt: Time,
    /// Smallest RTT seen on the connection; 0 before the first sample.
    pub min_rtt: Time,
    /// Bytes still in flight after this ACK.
    pub inflight_bytes: u64,
    /// Total bytes delivered (cumulatively acknowledged) so far.
    pub delivered_bytes: u64,
    /// Sender maximum segment size, bytes.
    pub mss: u32,
}

/// Why the controller must reduce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CongestionSignal {
    /// Loss inferred from duplicate ACKs or SACK (fast retransmit).
    Loss,
    /// An ECN-Echo (RFC 3168), at most once per RTT.
    Ecn,
}

#[derive(Clone, Copy, Debug)]
pub struct CongestionEvent {
    pub now: Time,
    pub signal: CongestionSignal,
    /// FlightSize when the event was detected (RFC 5681 §3.1 eq. 4).
    pub inflight_bytes: u64,
    pub mss: u32,
}

/// A congestion-control algorithm.
pub trait CongestionControl {
    fn name(&self) -> &'static str;
    /// An ACK advanced snd_una outside loss recovery.
    fn on_ack(&mut self, ack: &AckSample);
    /// A congestion event starts a recovery episode (or an ECN reduction).
    fn on_congestion_event(&mut self, ev: &CongestionEvent);
    /// The retransmission timer expired.
    fn on_rto(&mut self, now: Time, inflight_bytes: u64, mss: u32);
    /// Loss recovery ended with a full ACK.
    fn on_recovery_exit(&mut self, now: Time, mss: u32);
    /// Congestion window, bytes.
    fn cwnd(&self) -> u64;
    /// Slow-start threshold, bytes; `u64::MAX` when not yet set.
    fn ssthresh(&self) -> u64;
    /// Pacing rate in bits per second, if the algorithm paces.
    fn pacing_rate_bps(&self) -> Option<f64> {
        None
    }
    /// Names of internal variables the plots show (fixed per algorithm).
    fn metric_names(&self) -> &'static [&'static str] {
        &[]
    }
    /// Current values of [`CongestionControl::metric_names`], in order.
    fn metrics(&self, _out: &mut Vec<f64>) {}
}

/// Start-up settings every controller receives.
#[derive(Clone, Copy, Debug)]
pub struct CcInit {
    pub mss: u32,
    pub initial_cwnd_segments: u32,
    /// Initial slow-start threshold in segments; None for "unlimited".
    pub initial_ssthresh_segments: Option<u32>,
    /// RFC 3465 byte counting in congestion avoidance (else per-ACK increase).
    pub byte_counting: bool,
}

impl CcInit {
    pub fn initial_cwnd(&self) -> u64 {
        self.initial_cwnd_segments as u64 * self.mss as u64
    }
    pub fn initial_ssthresh(&self) -> u64 {
        self.initial_ssthresh_segments
            .map_or(u64::MAX, |s| s as u64 * self.mss as u64)
    }
}

/// Build the controller a scenario asks for.
pub fn build(algorithm: CcAlgorithm, init: &CcInit) -> Box<dyn CongestionControl> {
    match algorithm {
        CcAlgorithm::Newreno => Box::new(newreno::NewReno::from_init(init)),
    }
}
