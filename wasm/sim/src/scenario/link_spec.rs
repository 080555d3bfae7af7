//! The serde types of a link's impairments in scenario schema v1: the
//! dummynet timer tick, capacity that changes at given times and a
//! trace-driven link (mahimahi's format). Loss models live in `types.rs`
//! beside the link (`LossSpec`).

use serde::{Deserialize, Serialize};

/// Delay released on the ticks of a software emulator's timer (FreeBSD
/// dummynet, paper 004 §6.2.2): a packet is due `delay_ms` (in whole ticks)
/// after the tick it arrived in, so it waits up to one tick *less* than
/// configured. Cannot be combined with `jitter_ms`.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TimerTick {
    /// Timer interrupt period, ms (1/HZ: 10 ms at HZ=100, 1 ms at HZ=1000).
    pub tick_ms: f64,
    /// Constant forwarding cost added to every packet, ms (default 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub overhead_ms: f64,
}

/// The link's rate from `at_s` on (until the next change).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RateChange {
    /// When the new rate takes effect, seconds after the start of the run. A
    /// packet already being serialised finishes at the old rate.
    pub at_s: f64,
    /// The new transmission rate, bits per second (> 0; use a `blackout`
    /// loss for an outage).
    pub rate_bps: f64,
}

/// A trace-driven link in mahimahi's format (Netravali et al., USENIX ATC
/// 2015, `mm-link`): each line is a time in whole milliseconds at which the
/// link may deliver `opportunity_bytes`; the trace repeats with a period of
/// its last timestamp. A packet may use the rest of an opportunity another
/// packet left and may span several opportunities; bytes of an opportunity
/// that finds the queue empty are lost (mahimahi `LinkQueue::rationalize`).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TraceSpec {
    /// The trace file's text: one non-decreasing whole number of
    /// milliseconds per line, the last one greater than 0.
    pub text: String,
    /// Bytes each delivery opportunity carries (default 1500, one full-size
    /// IP packet; mahimahi's PACKET_SIZE is 1504, the largest TUN payload).
    #[serde(default = "default_opportunity_bytes")]
    pub opportunity_bytes: u32,
}

pub(super) fn default_opportunity_bytes() -> u32 {
    1500
}

fn is_zero(v: &f64) -> bool {
    *v == 0.0
}

/// Most lines a trace may have.
pub const MAX_TRACE_LINES: usize = 1_000_000;
/// Longest period a trace may have, ms (one hour).
pub const MAX_TRACE_PERIOD_MS: u64 = 3_600_000;

impl TraceSpec {
    /// Parse the trace text into delivery times in ms. The error is a
    /// sentence naming the offending line (1-based).
    pub fn parse(&self) -> Result<Vec<u64>, String> {
        parse_mahimahi(&self.text)
    }
}

/// Parse mahimahi trace text: one whole number of ms per line, never
/// decreasing, the last greater than 0 (the checks `mm-link` makes). A final
/// newline is allowed; surrounding spaces and a CR are ignored.
pub fn parse_mahimahi(text: &str) -> Result<Vec<u64>, String> {
    let body = text.strip_suffix('\n').unwrap_or(text);
    let mut out: Vec<u64> = Vec::new();
    if body.trim().is_empty() {
        return Err("has no timestamps: give one whole number of milliseconds per line".into());
    }
    for (i, raw) in body.split('\n').enumerate() {
        let n = i + 1;
        if n > MAX_TRACE_LINES {
            return Err(format!("has more than {MAX_TRACE_LINES} lines"));
        }
        let line = raw.trim();
        if line.is_empty() {
            return Err(format!("line {n} is empty"));
        }
        let ms: u64 = match line.parse() {
            Ok(v) => v,
            Err(_) => {
                let shown: String = line.chars().take(20).collect();
                return Err(format!(
                    "line {n}: '{shown}' is not a whole number of milliseconds"
                ));
            }
        };
        if ms > MAX_TRACE_PERIOD_MS {
            return Err(format!(
                "line {n}: {ms} ms is beyond the longest trace accepted ({MAX_TRACE_PERIOD_MS} ms)"
            ));
        }
        if let Some(&prev) = out.last() {
            if ms < prev {
                return Err(format!(
                    "line {n}: {ms} ms comes before the previous line's {prev} ms; timestamps must not decrease"
                ));
            }
        }
        out.push(ms);
    }
    if out.last() == Some(&0) {
        return Err(
            "must last longer than 0 ms: its last timestamp is the period it repeats with".into(),
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mahimahi_trace_parses_with_or_without_a_final_newline() {
        assert_eq!(parse_mahimahi("0\n1\n1\n5\n"), Ok(vec![0, 1, 1, 5]));
        assert_eq!(parse_mahimahi("3\r\n7"), Ok(vec![3, 7]));
    }

    #[test]
    fn bad_traces_name_the_line_and_the_reason() {
        let e = parse_mahimahi("1\n2\nabc\n").unwrap_err();
        assert!(e.contains("line 3") && e.contains("'abc'"), "{e}");
        let e = parse_mahimahi("1\n5\n4\n").unwrap_err();
        assert!(
            e.contains("line 3") && e.contains("must not decrease"),
            "{e}"
        );
        let e = parse_mahimahi("1\n\n4\n").unwrap_err();
        assert!(e.contains("line 2 is empty"), "{e}");
        assert!(parse_mahimahi("").unwrap_err().contains("no timestamps"));
        assert!(parse_mahimahi("0\n0\n")
            .unwrap_err()
            .contains("longer than 0"));
        assert!(parse_mahimahi("-3\n").unwrap_err().contains("'-3'"));
        assert!(parse_mahimahi("1.5\n")
            .unwrap_err()
            .contains("whole number"));
    }
}
