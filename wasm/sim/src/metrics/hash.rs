//! `trace_hash`: FNV-1a (64-bit) over every column key and every sampled value's
//! IEEE-754 bits, little-endian, in row order. Identical on every target because
//! the values themselves are (docs/architecture.md, "Determinism").

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

#[derive(Clone, Debug)]
pub struct TraceHasher(u64);

impl Default for TraceHasher {
    fn default() -> Self {
        Self(FNV_OFFSET)
    }
}

impl TraceHasher {
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(FNV_PRIME);
        }
    }

    pub fn value(&mut self, v: f64) {
        self.bytes(&v.to_bits().to_le_bytes());
    }

    /// 16 lowercase hex digits.
    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_of_known_input() {
        // FNV-1a 64 test vector: "a" -> af63dc4c8601ec8c
        let mut h = TraceHasher::default();
        h.bytes(b"a");
        assert_eq!(h.hex(), "af63dc4c8601ec8c");
    }

    #[test]
    fn values_hash_by_their_bits() {
        let mut a = TraceHasher::default();
        let mut b = TraceHasher::default();
        a.value(0.0);
        b.value(-0.0);
        assert_ne!(a.hex(), b.hex());
    }
}
