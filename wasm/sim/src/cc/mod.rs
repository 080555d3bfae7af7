//! Congestion control: the policy behind one trait, one file per algorithm
//! (the controller and its `cc_params` block: struct, defaults, doc strings,
//! checks), listed once in registry.rs, which defines [`CcAlgorithm`] and
//! [`CcParams`] (the scenario re-exports both). Nothing here reads the
//! scenario: the scenario is built on these types.
//! The TCP sender (tcp/) owns the machinery (sequence space, loss detection,
//! timers); a [`CongestionControl`] decides cwnd, ssthresh and pacing from the
//! events it is told about. Windows are in bytes at this boundary.
//!
//! Building: [`build_with`] makes the controller a flow's scenario asks for;
//! [`build_from`] makes a successor from a running controller's [`Handoff`]
//! (mid-flow switching). [`build`] is the parameter-free form kept for callers
//! written before `cc_params` existed.

pub mod bbr;
pub mod bic;
pub mod common;
pub mod compound;
pub mod cubic;
pub mod e2e_feedback;
pub mod fast;
pub mod highspeed;
pub mod htcp;
pub mod hystart;
pub mod hystart_pp;
pub mod modal_bin;
pub mod newreno;
pub mod receiver_rate;
mod registry;
pub mod scalable;
#[cfg(test)]
pub mod test_dummy;
pub mod vegas;
pub mod westwood;

pub use common::SlowStart;
pub use registry::ParamBlock;

use crate::engine::Time;
use registry::{define_cc_types, for_each_cc};

// CcAlgorithm and CcParams: one line per algorithm in registry.rs.
for_each_cc!(define_cc_types);

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

/// Optional per-ACK measurements that the basic sender does not make yet.
/// Every field defaults to "not measured", and every algorithm works without
/// them (each says what it falls back to). They travel beside [`AckSample`]
/// through [`CongestionControl::on_ack_with`] so that adding one never breaks
/// a sender that builds `AckSample` with a struct literal.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct AckExtras {
    /// Per-packet passage time d through the receiving host (paper 000
    /// §3.10, the duration of one `recv()`), carried back in the ACK. Used by
    /// `e2e_feedback`; without it the controller uses the ACK inter-arrival
    /// time per acknowledged segment.
    pub passage_time: Option<Time>,
    /// The receiver's measured rate `prate`, bits/s, carried back in the ACK
    /// (paper 001 §4.2.2). Used by `receiver_rate`; without it the controller
    /// measures the acknowledged (or sent) rate over the same unit time.
    pub receiver_rate_bps: Option<f64>,
    /// A delivery-rate sample, bits/s (draft-cheng-iccrg-delivery-rate-estimation:
    /// data delivered between this packet's send and its ACK over that
    /// interval). Used by `bbr`; without it BBR takes one sample per round
    /// trip from `delivered_bytes` and `now`.
    pub delivery_rate_bps: Option<f64>,
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

/// What a running controller passes to its successor when a flow switches
/// algorithm mid-flow. The successor starts from this window and these RTT
/// estimates and initialises its own state from them (each algorithm's
/// `from_handoff` says how). A sender that holds better RTT estimates (its
/// RFC 6298 estimator) may overwrite `srtt`, `min_rtt` and `latest_rtt`
/// before calling [`build_from`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Handoff {
    /// Simulated time of the switch.
    pub now: Time,
    /// Congestion window, bytes.
    pub cwnd_bytes: u64,
    /// Slow-start threshold, bytes; `u64::MAX` when unset.
    pub ssthresh_bytes: u64,
    /// Smoothed RTT; 0 when no sample has been taken.
    pub srtt: Time,
    /// Minimum RTT seen; 0 when no sample has been taken.
    pub min_rtt: Time,
    /// Most recent RTT sample; 0 when none.
    pub latest_rtt: Time,
    /// The predecessor's bottleneck-bandwidth estimate, bits/s, if it keeps
    /// one (BBR, Westwood+, e2e_feedback).
    pub bandwidth_bps: Option<f64>,
    /// The predecessor's pacing rate, bits/s, if it paces.
    pub pacing_rate_bps: Option<f64>,
}

impl Handoff {
    /// cwnd / srtt in bits per second, when both are known.
    pub fn window_rate_bps(&self) -> Option<f64> {
        (self.srtt > 0).then(|| self.cwnd_bytes as f64 * 8.0 / common::secs(self.srtt))
    }
}

/// What every controller needs to know about the flow it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CcContext {
    /// Sender maximum segment size, bytes.
    pub mss: u32,
    /// Initial window, segments (RFC 6928: 10).
    pub initial_cwnd_segments: u32,
    /// Seed of the controller's own random choices (only BBR's initial
    /// PROBE_BW phase uses one). Derive it from the scenario seed and the flow.
    pub seed: u64,
    /// How slow start counts an ACK (`tcp.slow_start`, [`common::slow_start`]).
    pub slow_start: SlowStart,
}

/// A congestion-control algorithm.
pub trait CongestionControl {
    fn name(&self) -> &'static str;
    /// An ACK advanced snd_una outside loss recovery.
    fn on_ack(&mut self, ack: &AckSample);
    /// As [`CongestionControl::on_ack`], with the optional measurements a
    /// richer sender or receiver provides. Algorithms that use them override
    /// this; the rest ignore `extras`.
    fn on_ack_with(&mut self, ack: &AckSample, extras: &AckExtras) {
        let _ = extras;
        self.on_ack(ack);
    }
    /// A congestion event starts a recovery episode (or an ECN reduction).
    /// Afterwards `ssthresh()` is finite: the sender's fast recovery starts
    /// from it (RFC 6582 §3.2 step 3).
    fn on_congestion_event(&mut self, ev: &CongestionEvent);
    /// The retransmission timer expired.
    fn on_rto(&mut self, now: Time, inflight_bytes: u64, mss: u32);
    /// Loss recovery ended with a full ACK.
    fn on_recovery_exit(&mut self, now: Time, mss: u32);
    /// The sender found a timeout spurious and undoes its reduction (Linux
    /// `tcp_undo_cwnd_reduction`): cwnd becomes the controller's
    /// `undo_cwnd`, which for Reno and CUBIC (`tcp_reno_undo_cwnd`) is
    /// max(cwnd, `prior_cwnd`), and ssthresh goes back up to
    /// `prior_ssthresh` if that is larger. Both are bytes; `prior_ssthresh`
    /// may be `u64::MAX` (no threshold yet). Returns false for a controller
    /// whose undo the lab does not model: it keeps its reduced window.
    fn undo(&mut self, prior_cwnd: u64, prior_ssthresh: u64) -> bool {
        let _ = (prior_cwnd, prior_ssthresh);
        false
    }
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
    /// Units of [`CongestionControl::metric_names`], same order.
    fn metric_units(&self) -> &'static [&'static str] {
        &[]
    }
    /// What the values of state-like metrics mean: (metric name, the label of
    /// value 0, 1, …). The page's internals panel shows these labels
    /// (web/src/panels/plots/ccStateNames.json, generated by `cc::tests`).
    fn metric_states(&self) -> &'static [(&'static str, &'static [&'static str])] {
        &[]
    }
    /// Current values of [`CongestionControl::metric_names`], in order.
    /// Always finite: 0 stands for "not yet defined".
    fn metrics(&self, _out: &mut Vec<f64>) {}
    /// State for a successor algorithm (mid-flow switching).
    fn handoff(&self, now: Time) -> Handoff;
}

/// Build the controller a scenario asks for, with default parameters.
/// Kept for callers that predate `cc_params`; prefer [`build_with`].
pub fn build(
    algorithm: CcAlgorithm,
    mss: u32,
    initial_cwnd_segments: u32,
) -> Box<dyn CongestionControl> {
    build_with(
        algorithm,
        &CcParams::default(),
        &CcContext {
            mss,
            initial_cwnd_segments,
            seed: 0,
            slow_start: Default::default(),
        },
    )
}

/// Stack settings from the flow's `tcp` options that a controller starts from.
#[derive(Clone, Copy, Debug)]
pub struct StackInit {
    /// Initial slow-start threshold, segments (validation allows it for newreno only).
    pub initial_ssthresh_segments: Option<u32>,
    /// RFC 3465 byte counting in congestion avoidance (newreno, compound).
    pub byte_counting: bool,
}

/// Build a flow's controller: its algorithm, `cc_params` and `tcp` options.
pub fn build_for_flow(
    algorithm: CcAlgorithm,
    params: &CcParams,
    ctx: &CcContext,
    stack: &StackInit,
) -> Box<dyn CongestionControl> {
    match algorithm {
        CcAlgorithm::Newreno => {
            let ssthresh = stack
                .initial_ssthresh_segments
                .map_or(u64::MAX, |s| s as u64 * ctx.mss as u64);
            Box::new(
                newreno::NewReno::new(ctx.mss, ctx.initial_cwnd_segments)
                    .with_ssthresh(ssthresh)
                    .with_byte_counting(stack.byte_counting)
                    .with_slow_start(ctx.slow_start),
            )
        }
        CcAlgorithm::Compound => Box::new(
            compound::Compound::new(&params.compound.clone().unwrap_or_default(), ctx)
                .with_byte_counting(stack.byte_counting),
        ),
        _ => build_with(algorithm, params, ctx),
    }
}

/// Build the controller for `algorithm` with the flow's `cc_params`.
pub fn build_with(
    algorithm: CcAlgorithm,
    params: &CcParams,
    ctx: &CcContext,
) -> Box<dyn CongestionControl> {
    dispatch(algorithm, params, ctx, None)
}

/// [`build_from`] with the flow's `tcp` options applied where an algorithm
/// reads them (newreno's and compound's byte counting; the initial ssthresh
/// does not apply to a successor, which takes ssthresh from the hand-off).
pub fn build_from_for_flow(
    algorithm: CcAlgorithm,
    params: &CcParams,
    ctx: &CcContext,
    stack: &StackInit,
    h: &Handoff,
) -> Box<dyn CongestionControl> {
    match algorithm {
        CcAlgorithm::Newreno => {
            Box::new(newreno::NewReno::from_handoff(ctx, h).with_byte_counting(stack.byte_counting))
        }
        CcAlgorithm::Compound => Box::new(
            compound::Compound::from_handoff(&params.compound.clone().unwrap_or_default(), ctx, h)
                .with_byte_counting(stack.byte_counting),
        ),
        _ => build_from(algorithm, params, ctx, h),
    }
}

/// Build `algorithm` as the successor of a running controller: it starts from
/// the predecessor's window, ssthresh and RTT estimates in `h` (get them with
/// [`CongestionControl::handoff`]) instead of from the initial window.
pub fn build_from(
    algorithm: CcAlgorithm,
    params: &CcParams,
    ctx: &CcContext,
    h: &Handoff,
) -> Box<dyn CongestionControl> {
    dispatch(algorithm, params, ctx, Some(h))
}

/// How the registry (cc/registry.rs) builds a controller: every
/// algorithm's type implements this in its own file.
pub trait Registered: CongestionControl + Sized + 'static {
    /// Its `cc_params` block (`()` when it takes none).
    type Params: Default + Clone;
    /// A fresh controller at the start of a flow.
    fn create(p: &Self::Params, ctx: &CcContext) -> Self;
    /// A successor that takes over from a running controller's hand-off.
    fn resume(p: &Self::Params, ctx: &CcContext, h: &Handoff) -> Self;
}

fn make<T: Registered>(
    p: Option<&T::Params>,
    ctx: &CcContext,
    h: Option<&Handoff>,
) -> Box<dyn CongestionControl> {
    let default = T::Params::default();
    let p = p.unwrap_or(&default);
    match h {
        None => Box::new(T::create(p, ctx)),
        Some(h) => Box::new(T::resume(p, ctx, h)),
    }
}

/// The `cc_params` block of a registry line (none when it takes no parameters).
macro_rules! params_of {
    ($p:ident) => {
        None
    };
    ($p:ident $field:ident) => {
        $p.$field.as_ref()
    };
}

macro_rules! define_cc_dispatch {
    ($(
        $(#[doc = $doc:literal])*
        $(#[cfg($cfg:meta)])?
        $variant:ident = $json:literal, $display:literal, $ctor:path
        $(, $(#[cfg($pcfg:meta)])? $field:ident : $params:ty)?;
    )*) => {
        fn dispatch(
            algorithm: CcAlgorithm,
            params: &CcParams,
            ctx: &CcContext,
            h: Option<&Handoff>,
        ) -> Box<dyn CongestionControl> {
            match algorithm {
                $($(#[cfg($cfg)])? CcAlgorithm::$variant => make::<$ctor>(params_of!(params $($field)?), ctx, h),)*
            }
        }
    };
}
for_each_cc!(define_cc_dispatch);

#[cfg(test)]
mod tests;
