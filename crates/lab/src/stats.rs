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
