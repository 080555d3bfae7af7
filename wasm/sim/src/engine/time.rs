//! Simulated time: `u64` nanoseconds (docs/architecture.md, "Determinism"). Conversions from the
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
    let rate_bps = rate_bps.max(1);
    // Any packet: bytes · 8·10⁹ fits in 64 bits below 2.3 GB, and 64-bit
    // arithmetic is far cheaper than 128-bit (library calls in WASM, where
    // even `checked_mul` widens to 128 bits: hence a comparison).
    if bytes <= u64::MAX / (8 * NS_PER_S) {
        return (bytes * 8 * NS_PER_S).div_ceil(rate_bps);
    }
    let bits = bytes as u128 * 8 * NS_PER_S as u128;
    let rate = rate_bps as u128;
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
    fn the_64_bit_and_128_bit_paths_agree() {
        let wide = |b: u64, r: u64| (b as u128 * 8_000_000_000).div_ceil(r as u128) as u64;
        for (b, r) in [
            (1500, 1_000_000_007),
            (9000, 3),
            (2_305_843_009, 10_000_000_000),
        ] {
            assert_eq!(transmission_time(b, r), wide(b, r), "{b} B at {r} b/s");
        }
        // Past 2.3 GB the product overflows 64 bits and the 128-bit path takes over.
        assert_eq!(
            transmission_time(u64::MAX / 1000, 1 << 40),
            wide(u64::MAX / 1000, 1 << 40)
        );
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
