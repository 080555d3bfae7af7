//! CUBIC's parameters, the `cc_params.cubic` block: a preset plus optional
//! overrides of its constants. Defaults and the sources behind them are
//! documented on each field (they become the JSON Schema); `check` gives the
//! ranges the validator holds them to.

use crate::cc::ParamBlock;
use crate::error::FieldChecks;
use serde::{Deserialize, Serialize};

/// Which description of CUBIC to follow.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum CubicPreset {
    /// RFC 9438: C = 0.4, β = 0.7, Reno-friendly region with α_cubic switched to
    /// 1 once W_est ≥ cwnd_prior, fast convergence, target W_cubic(t + RTT)
    /// clamped to [cwnd, 1.5·cwnd], standard slow start. The default.
    #[default]
    Rfc9438,
    /// Linux net/ipv4/tcp_cubic.c: β = 717/1024, C = 410/1024, fast-convergence
    /// factor (1024+717)/2048, integer `cnt` with its caps (≥ 2; ≤ 20 before
    /// the first loss), Reno emulation with beta_scale = 15, target at
    /// t + delay_min, HyStart (ACK train + delay).
    Linux,
    /// Paper 002 (Hanai et al. 2017) as it writes CUBIC: β = 0.2 is the
    /// decrease, so the window is 0.8·W_max after a loss; K = ∛(W_max·β/C);
    /// t is wall-clock time since the loss; fast convergence W_max = 0.9·cwnd;
    /// TCP-friendly W_tcp = W_max(1−β) + 3β/(2−β)·t/RTT.
    Paper002,
}

/// CUBIC: a preset plus optional overrides of its constants.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct CubicParams {
    /// Which description of CUBIC to follow (default `rfc9438`).
    #[serde(default)]
    pub preset: CubicPreset,
    /// Override C, segments/s³, in (0, 10]. Default by preset: 0.4 (RFC 9438 §5.1,
    /// paper 002), 410/1024 (Linux).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 10.0)))]
    pub c: Option<f64>,
    /// Override β_cubic, the fraction of the window kept after a loss, in
    /// (0, 1). Default by preset: 0.7 (RFC 9438 §4.6), 717/1024 (Linux), 0.8
    /// (paper 002, whose β = 0.2 is the decrease 1 − β_cubic).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1.0)))]
    pub beta: Option<f64>,
    /// Override fast convergence (RFC 9438 §4.7). Default on in every preset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fast_convergence: Option<bool>,
    /// Override the Reno-friendly region (RFC 9438 §4.3; Linux tcp_friendliness).
    /// Default on in every preset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reno_friendly: Option<bool>,
    /// How slow start ends before the first loss: `linux` (Linux
    /// `tcp_cubic.c` HyStart: ACK train and delay increase), `rfc9406`
    /// (HyStart++ with Conservative Slow Start) or `off`. Default `linux`,
    /// `off` for `paper002`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hystart: Option<HyStartMode>,
}

/// How CUBIC leaves its initial slow start (`cc_params.cubic.hystart`).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum HyStartMode {
    /// Linux `tcp_cubic.c` `hystart_update`: from 16 segments, leave slow
    /// start (ssthresh = cwnd) when an ACK train spans half the minimum RTT
    /// (HYSTART_ACK_TRAIN) or a round's minimum RTT exceeds the connection's
    /// by clamp(min RTT/8, 4 ms, 16 ms) (HYSTART_DELAY, 8 samples a round).
    Linux,
    /// HyStart++ (RFC 9406): on a round's minimum RTT rising by
    /// clamp(last round's/8, 4 ms, 16 ms), Conservative Slow Start grows a
    /// quarter as fast for up to 5 rounds, then congestion avoidance; back to
    /// slow start if the RTT falls again. At most L = 8 segments per ACK.
    Rfc9406,
    /// Standard slow start until the first loss.
    Off,
}

impl ParamBlock for CubicParams {
    fn check(&self, c: &mut FieldChecks) {
        if let Some(v) = self.c {
            c.above("c", v, 0.0, 10.0);
        }
        if let Some(v) = self.beta {
            c.open("beta", v, 0.0, 1.0);
        }
    }
}
