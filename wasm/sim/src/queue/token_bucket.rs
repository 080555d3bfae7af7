//! A token bucket (rate r, depth b): tokens accrue at r up to b; a packet of
//! L bytes conforms when the bucket holds L. Output then never exceeds
//! b + r·T in any interval T (Cruz 1991; Linux sch_tbf, ns-3 TbfQueueDisc).
//!
//! Tokens are integers in units of 1e-9 bit, so a rate of r b/s adds exactly
//! r units per ns: no rounding, identical on every target (docs/architecture.md, "Determinism").

use crate::engine::Time;

/// Token units per byte: 8 bits × 1e9.
pub const UNITS_PER_BYTE: u128 = 8 * 1_000_000_000;

#[derive(Clone, Debug)]
pub struct TokenBucket {
    /// b/s, i.e. token units per ns.
    rate: u128,
    depth: u128,
    tokens: u128,
    last: Time,
}

impl TokenBucket {
    /// A full bucket of `depth_bytes` filling at `rate_bps`.
    pub fn new(rate_bps: f64, depth_bytes: u64) -> Self {
        let depth = depth_bytes as u128 * UNITS_PER_BYTE;
        TokenBucket {
            rate: libm::round(rate_bps).max(1.0) as u128,
            depth,
            tokens: depth,
            last: 0,
        }
    }

    /// Add the tokens accrued since the last refill.
    pub fn refill(&mut self, now: Time) {
        if now > self.last {
            let add = (now - self.last) as u128 * self.rate;
            self.tokens = (self.tokens + add).min(self.depth);
            self.last = now;
        }
    }

    pub fn conforms(&self, bytes: u32) -> bool {
        self.tokens >= bytes as u128 * UNITS_PER_BYTE
    }

    /// Spend the tokens of a conforming packet.
    pub fn take(&mut self, bytes: u32) {
        self.tokens -= bytes as u128 * UNITS_PER_BYTE;
    }

    /// Whether a packet of `bytes` can ever conform.
    pub fn fits(&self, bytes: u32) -> bool {
        bytes as u128 * UNITS_PER_BYTE <= self.depth
    }

    /// ns from the last refill until `bytes` conform (0 if they do now).
    pub fn wait_for(&self, bytes: u32) -> Time {
        let need = bytes as u128 * UNITS_PER_BYTE;
        if self.tokens >= need {
            0
        } else {
            (need - self.tokens).div_ceil(self.rate) as Time
        }
    }

    /// When `bytes` will conform, counting from the last refill.
    pub fn ready_at(&self, bytes: u32) -> Time {
        self.last + self.wait_for(bytes)
    }

    /// Tokens held, bytes.
    pub fn level_bytes(&self) -> f64 {
        self.tokens as f64 / UNITS_PER_BYTE as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_full_and_refills_at_the_rate_up_to_the_depth() {
        let mut b = TokenBucket::new(8000.0, 2000); // 1000 B/s
        assert_eq!(b.level_bytes(), 2000.0);
        b.take(1500);
        b.refill(500_000_000);
        assert_eq!(b.level_bytes(), 1000.0);
        b.refill(10_000_000_000);
        assert_eq!(b.level_bytes(), 2000.0);
    }

    #[test]
    fn wait_for_is_the_exact_time_to_accrue_the_shortfall() {
        let mut b = TokenBucket::new(8000.0, 1500);
        b.take(1500);
        assert!(!b.conforms(1));
        assert_eq!(b.wait_for(1000), 1_000_000_000);
        b.refill(999_999_999);
        assert!(!b.conforms(1000));
        b.refill(1_000_000_000);
        assert!(b.conforms(1000));
        assert!(!b.fits(1501));
    }
}
