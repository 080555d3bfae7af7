//! Delay jitter that keeps FIFO order: each packet is due at arrival +
//! delay + a random jitter (never below zero), but it never leaves before
//! the packet ahead of it, as a real link, unlike netem's default jitter,
//! never reorders. Dense traffic therefore sees a mean delay above `delay`.

use crate::engine::{Rng, Time};

/// How the jitter term is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JitterDistribution {
    /// Uniform on [0, jitter] in whole nanoseconds, added to the delay (the
    /// scenario's `jitter_ms`: never below the propagation delay).
    UniformAbove,
    /// Uniform on [−jitter, +jitter] (netem's default).
    Uniform,
    /// Normal with standard deviation `jitter` (netem `distribution normal`).
    Normal,
}

#[derive(Clone, Debug)]
pub struct FifoJitter {
    delay: Time,
    jitter: Time,
    dist: JitterDistribution,
    last_release: Time,
}

/// A standard normal deviate by the Box–Muller transform, through libm so
/// every target draws the same value (docs/architecture.md, "Determinism").
fn standard_normal(rng: &mut Rng) -> f64 {
    let u1 = 1.0 - rng.uniform(); // (0, 1]
    let u2 = rng.uniform();
    libm::sqrt(-2.0 * libm::log(u1)) * libm::cos(2.0 * core::f64::consts::PI * u2)
}

impl FifoJitter {
    pub fn new(delay: Time, jitter: Time, dist: JitterDistribution) -> Self {
        FifoJitter {
            delay,
            jitter,
            dist,
            last_release: 0,
        }
    }

    /// When a packet arriving at `arrival` leaves (arrivals in time order).
    pub fn release(&mut self, arrival: Time, rng: &mut Rng) -> Time {
        let d = match self.dist {
            JitterDistribution::UniformAbove => self.delay + rng.below(self.jitter + 1),
            JitterDistribution::Uniform => {
                let j = (2.0 * rng.uniform() - 1.0) * self.jitter as f64;
                libm::round(self.delay as f64 + j).max(0.0) as Time
            }
            JitterDistribution::Normal => {
                let j = standard_normal(rng) * self.jitter as f64;
                libm::round(self.delay as f64 + j).max(0.0) as Time
            }
        };
        let t = (arrival + d).max(self.last_release);
        self.last_release = t;
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Time = 1_000_000;

    fn stats(v: &[f64]) -> (f64, f64, f64, f64) {
        let n = v.len() as f64;
        let mean = v.iter().sum::<f64>() / n;
        let sd = (v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt();
        let min = v.iter().cloned().fold(f64::MAX, f64::min);
        let max = v.iter().cloned().fold(f64::MIN, f64::max);
        (mean, sd, min, max)
    }

    #[test]
    fn no_jitter_is_a_constant_delay() {
        let mut rng = Rng::new(1, 1);
        let mut j = FifoJitter::new(10 * MS, 0, JitterDistribution::Uniform);
        for t in [0, 5, 5, 1000, 1_000_000] {
            assert_eq!(j.release(t, &mut rng), t + 10 * MS);
        }
    }

    #[test]
    fn sparse_packets_see_the_delay_spread_by_the_jitter() {
        let mut rng = Rng::new(3, 4);
        let mut j = FifoJitter::new(20 * MS, 5 * MS, JitterDistribution::Uniform);
        // 100 ms apart: the FIFO constraint never binds.
        let d: Vec<f64> = (0..20_000u64)
            .map(|i| (j.release(i * 100 * MS, &mut rng) - i * 100 * MS) as f64 / 1e6)
            .collect();
        let (mean, sd, min, max) = stats(&d);
        assert!((mean - 20.0).abs() < 0.05, "{mean}");
        assert!((sd - 5.0 / 3f64.sqrt()).abs() < 0.05, "{sd}");
        assert!(min >= 15.0 && max <= 25.0);
    }

    #[test]
    fn normal_jitter_has_the_requested_standard_deviation() {
        let mut rng = Rng::new(9, 9);
        let mut j = FifoJitter::new(50 * MS, 4 * MS, JitterDistribution::Normal);
        let d: Vec<f64> = (0..50_000u64)
            .map(|i| (j.release(i * 100 * MS, &mut rng) - i * 100 * MS) as f64 / 1e6)
            .collect();
        let (mean, sd, _, _) = stats(&d);
        assert!((mean - 50.0).abs() < 0.1, "{mean}");
        assert!((sd - 4.0).abs() < 0.1, "{sd}");
    }

    #[test]
    fn dense_packets_keep_their_order_and_wait_for_the_one_ahead() {
        let mut rng = Rng::new(5, 6);
        let mut j = FifoJitter::new(20 * MS, 5 * MS, JitterDistribution::Uniform);
        // 1 ms apart with ±5 ms of jitter: without the FIFO rule they would reorder.
        let out: Vec<Time> = (0..10_000u64)
            .map(|i| j.release(i * MS, &mut rng))
            .collect();
        assert!(out.windows(2).all(|w| w[0] <= w[1]));
        let mean = out
            .iter()
            .enumerate()
            .map(|(i, &t)| (t - i as Time * MS) as f64 / 1e6)
            .sum::<f64>()
            / out.len() as f64;
        assert!(mean > 21.0, "holding back raises the mean delay: {mean}");
    }

    #[test]
    fn uniform_above_never_goes_below_the_delay() {
        let mut rng = Rng::new(6, 1);
        let mut j = FifoJitter::new(10 * MS, MS, JitterDistribution::UniformAbove);
        let d: Vec<f64> = (0..20_000u64)
            .map(|i| (j.release(i * 100 * MS, &mut rng) - i * 100 * MS) as f64 / 1e6)
            .collect();
        let (mean, _, min, max) = stats(&d);
        assert!(min >= 10.0 && max <= 11.0, "{min} {max}");
        assert!((mean - 10.5).abs() < 0.01, "{mean}");
    }

    #[test]
    fn delay_never_goes_negative() {
        let mut rng = Rng::new(2, 2);
        let mut j = FifoJitter::new(MS, 10 * MS, JitterDistribution::Normal);
        for i in 0..10_000u64 {
            let t = i * 100 * MS;
            assert!(j.release(t, &mut rng) >= t);
        }
    }
}
