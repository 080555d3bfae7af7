//! Jain's fairness index (Jain, Chiu, Hawe 1984): J = (Σx)² / (n·Σx²), in [1/n, 1].

pub fn jain_index(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let sum: f64 = xs.iter().sum();
    let sum_sq: f64 = xs.iter().map(|x| x * x).sum();
    if xs.is_empty() || sum_sq == 0.0 {
        return 1.0;
    }
    sum * sum / (n * sum_sq)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_shares_are_perfectly_fair() {
        assert_eq!(jain_index(&[5.0, 5.0, 5.0, 5.0]), 1.0);
    }

    #[test]
    fn one_flow_taking_everything_gives_one_over_n() {
        assert!((jain_index(&[10.0, 0.0, 0.0, 0.0]) - 0.25).abs() < 1e-12);
    }

    #[test]
    fn two_to_one_split() {
        // (3)^2 / (2 * 5) = 0.9
        assert!((jain_index(&[2.0, 1.0]) - 0.9).abs() < 1e-12);
    }
}
