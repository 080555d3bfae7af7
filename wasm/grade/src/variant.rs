//! Per-student variants: a seed and parameter choices derived from the student id (fixtures
//! computed by an independent implementation in tests/fixtures/lessons/variants.json).
//!
//! state = FNV-1a 64 of the UTF-8 bytes of `assignment id + "\n" + normalised student id`
//! (student.rs);
//! draws come from SplitMix64 over that state (Steele, Lea & Flood 2014): first the seed
//! (`min + draw % (max − min + 1)`, only when the assignment asks for one), then for each
//! parameter in order the index `draw % values.len()`.

use crate::assignment::{Assignment, VariantParam};
use crate::student;
use serde_json::Value;

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a, 64 bits.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(FNV_OFFSET, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(FNV_PRIME)
    })
}

/// SplitMix64.
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(state: u64) -> Self {
        Self(state)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// One student's variant: the seed (if drawn) and each parameter's chosen value.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    pub seed: Option<u64>,
    pub params: Vec<(VariantParam, Value)>,
}

/// The variant of `student` (normalised here, so `S01` and `s01` get the same one).
pub fn derive(a: &Assignment, student: &str) -> Variant {
    let key = format!("{}\n{}", a.id, student::normalise(student));
    let mut rng = SplitMix64::new(fnv1a64(key.as_bytes()));
    let seed = a.variants.seed.as_ref().map(|r| {
        let span = r.max.saturating_sub(r.min).saturating_add(1);
        r.min + rng.next_u64() % span.max(1)
    });
    let params = a
        .variants
        .params
        .iter()
        .map(|p| {
            let i = (rng.next_u64() % p.values.len().max(1) as u64) as usize;
            (p.clone(), p.values.get(i).cloned().unwrap_or(Value::Null))
        })
        .collect();
    Variant { seed, params }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a64_matches_the_published_vectors() {
        // http://www.isthe.com/chongo/src/fnv/test_fnv.c: "" and "a".
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn splitmix64_matches_the_reference_sequence() {
        // Seed 1234567: the first outputs of Vigna's splitmix64.c.
        let mut r = SplitMix64::new(1_234_567);
        assert_eq!(r.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(r.next_u64(), 3_203_168_211_198_807_973);
    }
}
