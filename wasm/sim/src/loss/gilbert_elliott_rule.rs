//! Bursty loss: the Gilbert–Elliott two-state Markov channel (Gilbert 1960,
//! Elliott 1963; the parameters of netem `loss gemodel p r 1-h 1-k`). Per
//! packet the channel first moves Good → Bad with probability p or
//! Bad → Good with probability r, then loses the packet with probability
//! 1 − k in Good and 1 − h in Bad. With k = 1 and h = 0 (Gilbert's model)
//! losses come in bursts of mean length 1/r.
//!
//! Stationary loss rate: π_B·(1 − h) + π_G·(1 − k), with π_B = p/(p + r).

use crate::engine::Rng;

#[derive(Clone, Debug)]
pub struct GilbertElliott {
    p: f64,
    r: f64,
    loss_good: f64,
    loss_bad: f64,
    bad: bool,
}

impl GilbertElliott {
    /// p = P(Good → Bad), r = P(Bad → Good), loss probability in each
    /// state; all clamped to [0, 1]. Starts in Good.
    pub fn new(p: f64, r: f64, loss_good: f64, loss_bad: f64) -> Self {
        let c = |x: f64| {
            if x.is_finite() {
                x.clamp(0.0, 1.0)
            } else {
                0.0
            }
        };
        GilbertElliott {
            p: c(p),
            r: c(r),
            loss_good: c(loss_good),
            loss_bad: c(loss_bad),
            bad: false,
        }
    }

    /// Gilbert's model: no loss in Good, every packet lost in Bad.
    pub fn gilbert(p: f64, r: f64) -> Self {
        Self::new(p, r, 0.0, 1.0)
    }

    /// Whether the channel is in the Bad state.
    pub fn is_bad(&self) -> bool {
        self.bad
    }

    /// The long-run loss rate.
    pub fn stationary_loss(&self) -> f64 {
        if self.p + self.r == 0.0 {
            return if self.bad {
                self.loss_bad
            } else {
                self.loss_good
            };
        }
        let pi_bad = self.p / (self.p + self.r);
        pi_bad * self.loss_bad + (1.0 - pi_bad) * self.loss_good
    }

    /// Step the chain and decide the next packet's fate.
    pub fn lose(&mut self, rng: &mut Rng) -> bool {
        self.bad = if self.bad {
            !rng.bernoulli(self.r)
        } else {
            rng.bernoulli(self.p)
        };
        rng.bernoulli(if self.bad {
            self.loss_bad
        } else {
            self.loss_good
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gilbert_losses_come_in_bursts_of_mean_length_one_over_r() {
        let mut rng = Rng::new(11, 3);
        let mut ge = GilbertElliott::gilbert(0.01, 0.25);
        let n = 1_000_000;
        let lost: Vec<bool> = (0..n).map(|_| ge.lose(&mut rng)).collect();
        let rate = lost.iter().filter(|&&x| x).count() as f64 / n as f64;
        // π_B = 0.01/0.26 = 0.03846.
        assert!((rate - ge.stationary_loss()).abs() < 0.002, "{rate}");
        let mut bursts = Vec::new();
        let mut run = 0;
        for &x in &lost {
            if x {
                run += 1;
            } else if run > 0 {
                bursts.push(run);
                run = 0;
            }
        }
        let mean = bursts.iter().sum::<u32>() as f64 / bursts.len() as f64;
        assert!((mean - 4.0).abs() < 0.1, "mean burst {mean}");
    }

    #[test]
    fn elliott_state_losses_mix_by_the_stationary_distribution() {
        let mut rng = Rng::new(5, 8);
        let mut ge = GilbertElliott::new(0.05, 0.2, 0.001, 0.5);
        let want = 0.2 * 0.5 + 0.8 * 0.001;
        assert!((ge.stationary_loss() - want).abs() < 1e-15);
        let n = 1_000_000;
        let rate = (0..n).filter(|_| ge.lose(&mut rng)).count() as f64 / n as f64;
        assert!((rate - want).abs() < 0.003, "{rate}");
    }

    #[test]
    fn p_zero_never_leaves_good() {
        let mut rng = Rng::new(1, 1);
        let mut ge = GilbertElliott::gilbert(0.0, 0.5);
        assert!((0..10_000).all(|_| !ge.lose(&mut rng)));
        assert!(!ge.is_bad());
    }
}
