//! The fit behind the prices of a sampled roster: for each pair of units, a logistic
//! curve of x's score against y (its win chance, a draw counting half) in the log of the
//! cost ratio, fitted to the points of the last rounds (the binomial likelihood of each
//! point, its battles as weights), so the battles of several rounds inform the price, not
//! only the last bisection step's. A weak prior on the slope lets one point give a first
//! guess.

use fray::math;
/// The slope the fit leans to before it has points at two ratios: the logit of the
/// score moves about 4 for each doubling of the cost ratio (a unit's army halved)...
const PRIOR_SLOPE: f64 = 4.0 / std::f64::consts::LN_2;
/// ...held loosely (a standard deviation of about 4.5 in the slope): a single point keeps
/// the prior's slope but with an interval that says how little is known, and once the
/// rounds cluster their points near the fair cost, their own spread, however narrow,
/// decides the slope. Held at 1 (a standard deviation of 1), it pinned the slope of
/// clustered points and made some fits stop early, sure of a cost a few percent off
/// (12 seeds of the bundled pool roster priced to 3%: 87% of the intervals held the
/// cost priced to 0.4%, against 90% held loosely).
const PRIOR_PRECISION: f64 = 0.05;
/// The least slope a curve keeps (see [`fit`]).
const MIN_SLOPE: f64 = 0.05;

/// One point tried: u = ln(cost_y / cost_x), the score, and how many battles it is worth
/// (its effective count: score·(1 − score) / se²).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// ln(cost_y / cost_x).
    pub u: f64,
    /// x's score: its win chance, draws counting half.
    pub score: f64,
    /// Battles it is worth.
    pub weight: f64,
}

/// logit(score) = a + b·u, with the covariance of (a, b).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Curve {
    /// The logit at equal costs.
    pub a: f64,
    /// The slope in ln(cost_y / cost_x).
    pub b: f64,
    /// var(a), var(b), cov(a, b).
    pub cov: [f64; 3],
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + math::exp(-x))
}

impl Curve {
    /// The score it predicts at `u`.
    pub fn score(&self, u: f64) -> f64 {
        sigmoid(self.a + self.b * u)
    }

    /// The standard error of the predicted score at `u` (delta method).
    pub fn se(&self, u: f64) -> f64 {
        let [va, vb, cab] = self.cov;
        let var_eta = (va + u * u * vb + 2.0 * u * cab).max(0.0);
        let s = self.score(u);
        s * (1.0 - s) * var_eta.sqrt()
    }

    /// The curve of the same pair seen from y.
    pub fn flipped(&self) -> Curve {
        Curve {
            a: -self.a,
            b: self.b,
            cov: [self.cov[0], self.cov[1], -self.cov[2]],
        }
    }
}

/// The penalised log-likelihood of `(a, b)` in u centred on `centre`.
fn likelihood(points: &[Point], centre: f64, a: f64, b: f64) -> f64 {
    let mut ll = -0.5 * PRIOR_PRECISION * (b - PRIOR_SLOPE).powi(2);
    for p in points {
        let eta = a + b * (p.u - centre);
        // log σ(η) and log(1 − σ(η)), without overflow.
        let log_s = -math::ln_1p(math::exp(-eta));
        let log_f = -math::ln_1p(math::exp(eta));
        ll += p.weight * (p.score * log_s + (1.0 - p.score) * log_f);
    }
    ll
}

/// Fits the curve to `points` by Newton's method on the penalised log-likelihood, in u
/// centred on the points' weighted mean (so the level and slope are nearly
/// uncorrelated), each step halved until the likelihood rises.
pub fn fit(points: &[Point]) -> Curve {
    let total: f64 = points.iter().map(|p| p.weight).sum::<f64>().max(1e-12);
    let centre = points.iter().map(|p| p.weight * p.u).sum::<f64>() / total;
    let mean =
        (points.iter().map(|p| p.weight * p.score).sum::<f64>() / total).clamp(1e-6, 1.0 - 1e-6);
    let (mut a, mut b) = (math::ln(mean / (1.0 - mean)), PRIOR_SLOPE);
    let mut ll = likelihood(points, centre, a, b);
    let mut cov = [0.0; 3];
    for _ in 0..100 {
        let (mut ga, mut gb) = (0.0, -PRIOR_PRECISION * (b - PRIOR_SLOPE));
        let (mut haa, mut hab, mut hbb) = (1e-9, 0.0, PRIOR_PRECISION);
        for p in points {
            let u = p.u - centre;
            let s = sigmoid(a + b * u);
            let r = p.weight * (p.score - s);
            let w = p.weight * s * (1.0 - s);
            ga += r;
            gb += r * u;
            haa += w;
            hab += w * u;
            hbb += w * u * u;
        }
        let det = haa * hbb - hab * hab;
        if !(det.is_finite() && det > 0.0) {
            break;
        }
        cov = [hbb / det, haa / det, -hab / det];
        let (da, db) = ((hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det);
        let mut step = 1.0;
        let mut moved = false;
        for _ in 0..40 {
            let (na, nb) = (a + step * da, b + step * db);
            let nll = likelihood(points, centre, na, nb);
            if nll >= ll {
                (a, b, ll, moved) = (na, nb, nll, true);
                break;
            }
            step *= 0.5;
        }
        if !moved || (step * (da.abs() + db.abs())) < 1e-10 {
            break;
        }
    }
    // The points scatter about the curve more than their battles explain when a logistic
    // curve is not the true shape: the covariance is widened by that excess (Pearson's
    // χ² over its degrees of freedom, when above 1), so the intervals count the misfit
    // as well as the noise.
    let chi2: f64 = points
        .iter()
        .map(|p| {
            let s = sigmoid(a + b * (p.u - centre)).clamp(1e-9, 1.0 - 1e-9);
            p.weight * (p.score - s).powi(2) / (s * (1.0 - s))
        })
        .sum();
    let dispersion = (chi2 / points.len().saturating_sub(2).max(1) as f64).max(1.0);
    let cov = cov.map(|c| c * dispersion);
    // A unit's score falls as its cost rises: a slope fitted at or below 0 (noise, or
    // points all on one side of a flat curve) is held at a small positive floor, so the
    // bisections that solve on the curve keep a decreasing function.
    let b = b.max(MIN_SLOPE);
    // Back to u itself: logit = (a − b·centre) + b·u.
    let [va, vb, cab] = cov;
    Curve {
        a: a - b * centre,
        b,
        cov: [
            va + centre * centre * vb - 2.0 * centre * cab,
            vb,
            cab - centre * vb,
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_curve_through_its_points_is_found_again() {
        let truth = Curve {
            a: 0.3,
            b: 2.5,
            cov: [0.0; 3],
        };
        let points: Vec<Point> = [-0.6, -0.2, 0.0, 0.3, 0.7]
            .iter()
            .map(|&u| Point {
                u,
                score: truth.score(u),
                weight: 1e6,
            })
            .collect();
        let c = fit(&points);
        assert!(
            (c.a - 0.3).abs() < 1e-3 && (c.b - 2.5).abs() < 1e-3,
            "{c:?}"
        );
        assert!(c.se(0.0) < 1e-3);
        // One point: the slope leans on the prior, the level on the point.
        let one = fit(&[Point {
            u: 0.0,
            score: 0.7,
            weight: 2000.0,
        }]);
        assert!(
            (one.score(0.0) - 0.7).abs() < 0.01 && one.b > 1.0,
            "{one:?}"
        );
    }
}
