//! The statistics every stage of the lab shares: the interval a sampled probability is
//! reported with (the runner's stopping rule uses the same one).

/// 95% Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64, f64) {
    if n == 0 {
        return (0.0, 0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    // At k = 0 (or k = n) the bound is 0 (or 1) exactly; the subtraction would leave a
    // rounding residue such as 1e-19 that reads as a real chance.
    let low = if k == 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if k == n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (p, low, high)
}

/// 95% interval of a sampled score `p` whose standard error is `se`, from `n` battles:
/// Wilson's form with `se²` in place of `p(1 − p)/n` (the same interval when each battle
/// is a plain win or loss, and the right spread for a mixture or draws counting half).
/// Unlike `p ± 1.96 se` it never shrinks to a point at 0 or 1: a thousand wins in a
/// thousand battles is 99.6% to 100%, not 100% exactly.
pub fn score_interval(p: f64, se: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (se * se + z * z / (4.0 * n * n)).sqrt() / denom;
    // min and max, not clamp: a score a rounding above 1 (or NaN) never panics.
    let p = p.clamp(0.0, 1.0);
    (
        (centre - half).max(0.0).min(p),
        (centre + half).min(1.0).max(p),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_interval_is_wilsons_for_plain_battles_and_never_a_point() {
        for (k, n) in [(0u64, 1000u64), (1000, 1000), (300, 1000), (7, 20)] {
            let p = k as f64 / n as f64;
            let se = (p * (1.0 - p) / n as f64).sqrt();
            let (_, low, high) = wilson(k, n);
            let (l, h) = score_interval(p, se, n);
            assert!(
                (l - low).abs() < 1e-12 && (h - high).abs() < 1e-12,
                "{k}/{n}"
            );
        }
        let (low, high) = score_interval(1.0, 0.0, 1000);
        assert!(low > 0.99 && low < 0.999 && high == 1.0, "{low}");
        assert_eq!(score_interval(0.5, 0.1, 0), (0.0, 1.0));
    }
}
