//! Simulated time: `u64` nanoseconds (DESIGN.md §4). Conversions from the
//! scenario's human units happen once, here, with explicit rounding.

/// Simulated time or a duration, in nanoseconds.
pub type Time = u64;

pub const NS_PER_MS: Time = 1_000_000;
pub const NS_PER_S: Time = 1_000_000_000;

/// Seconds (as written in a scenario) to nanoseconds, rounded to the nearest ns.
pub fn secs(s: f64) -> Time {
    (s * 1e9).round().max(0.0) as Time
}

/// Milliseconds to nanoseconds, rounded to the nearest ns.
pub fn millis(ms: f64) -> Time {
    (ms * 1e6).round().max(0.0) as Time
}

/// Nanoseconds to seconds for reporting.
pub fn to_secs(t: Time) -> f64 {
    t as f64 / 1e9
}

/// Time to serialise `bytes` onto a link of `rate_bps` bits per second,
/// rounded up to the next nanosecond (integer arithmetic, identical on every target).
pub fn transmission_time(bytes: u64, rate_bps: u64) -> Time {
    let bits = bytes as u128 * 8 * NS_PER_S as u128;
    let rate = rate_bps.max(1) as u128;
    bits.div_ceil(rate) as Time
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_1500_byte_packet_takes_12_us_at_1_gbps() {
        assert_eq!(transmission_time(1500, 1_000_000_000), 12_000);
    }

    #[test]
    fn transmission_time_rounds_up() {
        // 1 byte at 3 b/s = 2.666.. s
        assert_eq!(transmission_time(1, 3), 2_666_666_667);
    }

    #[test]
    fn unit_conversions_round_to_nearest_ns() {
        assert_eq!(secs(0.1), 100_000_000);
        assert_eq!(millis(0.0000004), 0);
        assert_eq!(millis(20.0), 20 * NS_PER_MS);
        assert_eq!(to_secs(1_500_000_000), 1.5);
    }
}
