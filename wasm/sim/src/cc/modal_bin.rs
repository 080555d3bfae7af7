//! Paper 000's reduction of timing samples to one value, the modal-bin rule
//! (§3.4.1, after Lai & Baker): shared by the receiver's recv() timing
//! (`tcp::receiver`, `host::estimator`) and the e2e_feedback controller's
//! ACK spacing.

/// Histogram classes (paper 000 §3.4.1: "a 10-class histogram").
pub const HISTOGRAM_BINS: usize = 10;
/// `recv()` samples per estimate: "about 10 packets suffice" (§3.4.1, §3.7).
pub const SAMPLES_PER_ESTIMATE: usize = 10;

/// Paper 000's reduction of recv() samples (after Lai & Baker): a histogram of
/// [`HISTOGRAM_BINS`] equal classes over [min, max]; the lowest and highest
/// classes are outliers (copy-only and two-packet reads); the mean of the
/// fullest remaining class is d. Ties go to the lower class. When every
/// sample lies in the two outer classes (or all are equal to 1 part in 10⁹)
/// the median stands in. None for no samples.
pub fn modal_bin_mean(samples: &[f64]) -> Option<f64> {
    if samples.is_empty() {
        return None;
    }
    let lo = samples.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = samples.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if hi - lo <= 1e-9 * lo.abs() {
        return Some(median(samples));
    }
    let width = (hi - lo) / HISTOGRAM_BINS as f64;
    let bin = |x: f64| (((x - lo) / width) as usize).min(HISTOGRAM_BINS - 1);
    let mut count = [0usize; HISTOGRAM_BINS];
    let mut sum = [0.0f64; HISTOGRAM_BINS];
    for &x in samples {
        let b = bin(x);
        count[b] += 1;
        sum[b] += x;
    }
    let mut best = None;
    for b in 1..HISTOGRAM_BINS - 1 {
        if count[b] > 0 && best.is_none_or(|k: usize| count[b] > count[k]) {
            best = Some(b);
        }
    }
    Some(best.map_or_else(|| median(samples), |b| sum[b] / count[b] as f64))
}

fn median(samples: &[f64]) -> f64 {
    let mut v = samples.to_vec();
    // Values equal under total_cmp are the same bits: an unstable sort gives the same order.
    v.sort_unstable_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_modal_bin_ignores_the_lowest_and_highest_classes() {
        // Copy-only reads (1 µs), one-packet reads near 20 µs, two-packet reads (40 µs).
        let s = [1.0, 20.0, 20.2, 19.9, 20.1, 24.0, 20.0, 40.0, 39.0, 20.3];
        let d = modal_bin_mean(&s).unwrap();
        assert!((d - 20.083).abs() < 0.01, "{d}");
    }

    #[test]
    fn equal_samples_give_that_value() {
        assert_eq!(modal_bin_mean(&[5.0; 10]), Some(5.0));
        assert_eq!(modal_bin_mean(&[]), None);
    }
}
