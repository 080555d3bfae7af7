//! Seeded random-number streams: PCG32 (O'Neill 2014, "PCG: a family of simple
//! fast space-efficient statistically good algorithms", pcg32 XSH-RR) with one
//! stream per component, derived from the scenario seed and the component's id
//! by SplitMix64, so adding a flow never perturbs another component's draws
//! (docs/architecture.md, "Determinism"). Transcendentals go through `libm` for bit-identical results
//! on native and wasm32.

/// PCG32 multiplier (pcg_basic.c, PCG32_MULT).
const PCG_MULT: u64 = 6364136223846793005;

#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
    inc: u64,
}

/// SplitMix64 finaliser (Steele, Lea, Flood 2014), used to spread seeds.
fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// FNV-1a over a component name, to turn "link:bottleneck:ab" into a stream id.
pub fn stream_id(name: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

impl Rng {
    /// A stream for component `stream` under scenario seed `seed`.
    pub fn new(seed: u64, stream: u64) -> Self {
        let mut r = Rng {
            state: 0,
            inc: (splitmix64(stream ^ 0x5851_F42D_4C95_7F2D) << 1) | 1,
        };
        r.next_u32();
        r.state = r.state.wrapping_add(splitmix64(seed));
        r.next_u32();
        r
    }

    /// A stream named after a component (see [`stream_id`]).
    pub fn for_component(seed: u64, name: &str) -> Self {
        Self::new(seed, stream_id(name))
    }

    pub fn next_u32(&mut self) -> u32 {
        let old = self.state;
        self.state = old.wrapping_mul(PCG_MULT).wrapping_add(self.inc);
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        let rot = (old >> 59) as u32;
        xorshifted.rotate_right(rot)
    }

    pub fn next_u64(&mut self) -> u64 {
        ((self.next_u32() as u64) << 32) | self.next_u32() as u64
    }

    /// Uniform in [0, 1) with 53 random bits.
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// True with probability `p`.
    pub fn bernoulli(&mut self, p: f64) -> bool {
        p > 0.0 && self.uniform() < p
    }

    /// Exponentially distributed with the given mean.
    pub fn exponential(&mut self, mean: f64) -> f64 {
        -mean * libm::log(1.0 - self.uniform())
    }

    /// Uniform integer in [0, n).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_and_stream_give_the_same_sequence() {
        let mut a = Rng::new(42, 7);
        let mut b = Rng::new(42, 7);
        for _ in 0..1000 {
            assert_eq!(a.next_u32(), b.next_u32());
        }
    }

    #[test]
    fn different_streams_differ() {
        let mut a = Rng::for_component(42, "flow:f0");
        let mut b = Rng::for_component(42, "flow:f1");
        let same = (0..100).filter(|_| a.next_u32() == b.next_u32()).count();
        assert!(same < 3);
    }

    #[test]
    fn uniform_has_mean_one_half() {
        let mut r = Rng::new(1, 1);
        let n = 200_000;
        let mean: f64 = (0..n).map(|_| r.uniform()).sum::<f64>() / n as f64;
        assert!((mean - 0.5).abs() < 0.005, "mean {mean}");
    }

    #[test]
    fn exponential_has_the_requested_mean() {
        let mut r = Rng::new(3, 9);
        let n = 200_000;
        let mean: f64 = (0..n).map(|_| r.exponential(2.0)).sum::<f64>() / n as f64;
        assert!((mean - 2.0).abs() < 0.03, "mean {mean}");
    }

    #[test]
    fn below_stays_in_range() {
        let mut r = Rng::new(5, 5);
        assert!((0..10_000).all(|_| r.below(7) < 7));
    }
}
