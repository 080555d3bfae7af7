//! Independent (Bernoulli) loss: every packet is lost with probability p,
//! whatever happened to the packets before it (netem `loss random`).

use crate::engine::Rng;

#[derive(Clone, Debug)]
pub struct BernoulliLoss {
    p: f64,
    seen: u64,
    lost: u64,
}

impl BernoulliLoss {
    /// `p` is clamped to [0, 1].
    pub fn new(p: f64) -> Self {
        BernoulliLoss {
            p: if p.is_finite() {
                p.clamp(0.0, 1.0)
            } else {
                0.0
            },
            seen: 0,
            lost: 0,
        }
    }

    /// Whether the next packet is lost.
    pub fn lose(&mut self, rng: &mut Rng) -> bool {
        self.seen += 1;
        let lost = rng.bernoulli(self.p);
        self.lost += u64::from(lost);
        lost
    }

    /// Packets lost so far over packets seen.
    pub fn observed_rate(&self) -> f64 {
        if self.seen == 0 {
            0.0
        } else {
            self.lost as f64 / self.seen as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loses_a_fraction_p_with_no_memory() {
        let mut rng = Rng::new(7, 7);
        let mut l = BernoulliLoss::new(0.01);
        let n = 400_000;
        let outcomes: Vec<bool> = (0..n).map(|_| l.lose(&mut rng)).collect();
        // Binomial: σ = √(p(1−p)/n) ≈ 1.6e-4.
        assert!(
            (l.observed_rate() - 0.01).abs() < 6e-4,
            "{}",
            l.observed_rate()
        );
        // No memory: P(loss | previous lost) ≈ p as well.
        let after: Vec<bool> = outcomes.windows(2).filter(|w| w[0]).map(|w| w[1]).collect();
        let cond = after.iter().filter(|&&x| x).count() as f64 / after.len() as f64;
        assert!(cond < 0.03, "{cond}");
    }

    #[test]
    fn zero_and_one_are_exact() {
        let mut rng = Rng::new(1, 2);
        let mut never = BernoulliLoss::new(0.0);
        let mut always = BernoulliLoss::new(1.0);
        assert!((0..1000).all(|_| !never.lose(&mut rng)));
        assert!((0..1000).all(|_| always.lose(&mut rng)));
    }
}
