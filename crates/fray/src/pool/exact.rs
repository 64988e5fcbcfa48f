//! Exact odds: a check's distribution of (success, degree) in closed form, and the
//! distribution of a whole side's total hits.

use serde::Serialize;

use super::model::{Check, CheckResult};
use super::resolve::judge;
use crate::dist::Distribution;

/// The chance that the exploding die adds another degree (a 1 on a d6).
pub const EXPLODE_P: f64 = 1.0 / 6.0;

/// Values below this are trimmed from side totals; the trimmed mass is reported.
pub const TRIM: f64 = 1e-17;

/// One way a check can end before any explosion.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BaseOutcome {
    /// Success or failure.
    pub success: bool,
    /// Degree from the dice (hits on a success, misses on a failure).
    pub degree: u32,
    /// All hits or all misses: the 1/6 exploding die adds degrees.
    pub explodes: bool,
    /// Probability.
    pub p: f64,
}

/// The exact odds of a check.
///
/// The exploding die makes the degree unbounded, so the odds are kept in closed form: a
/// few base outcomes, and for those that explode a geometric tail (each further degree
/// 1/6 as likely as the one before).
///
/// ```
/// use fray::pool::{Check, CheckOdds};
/// let odds = CheckOdds::new(Check::new("3/6".parse().unwrap(), 0, 0).unwrap());
/// assert!((odds.p_success() - 0.5).abs() < 1e-15);
/// // A hit on one die is all hits: degree 1, then +1 per 1 rolled on a d6.
/// assert!((odds.p(true, 1) - 0.5 * 5.0 / 6.0).abs() < 1e-15);
/// assert!((odds.p(true, 2) - 0.5 * 5.0 / 36.0).abs() < 1e-15);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CheckOdds {
    /// The check.
    pub check: Check,
    /// Dice rolled.
    pub dice: u32,
    /// The base outcomes, by success then degree.
    pub outcomes: Vec<BaseOutcome>,
}

impl CheckOdds {
    /// Computes the odds of `check`.
    pub fn new(check: Check) -> Self {
        let dice = check.dice();
        let penalty = check.has_penalty();
        let mut outcomes: Vec<BaseOutcome> = Vec::new();
        for (hits, p) in binomial(dice, check.rung.p_hit()).into_iter().enumerate() {
            let j = judge(hits as u32, dice, penalty);
            match outcomes
                .iter_mut()
                .find(|o| (o.success, o.degree, o.explodes) == (j.success, j.degree, j.explodes))
            {
                Some(o) => o.p += p,
                None => outcomes.push(BaseOutcome {
                    success: j.success,
                    degree: j.degree,
                    explodes: j.explodes,
                    p,
                }),
            }
        }
        outcomes.sort_by_key(|o| (!o.success, o.degree));
        Self {
            check,
            dice,
            outcomes,
        }
    }

    /// P(success).
    pub fn p_success(&self) -> f64 {
        self.outcomes
            .iter()
            .filter(|o| o.success)
            .map(|o| o.p)
            .sum()
    }

    /// P(success = `success`, degree = `degree`), exactly.
    pub fn p(&self, success: bool, degree: u32) -> f64 {
        self.outcomes
            .iter()
            .filter(|o| o.success == success && o.degree <= degree)
            .map(|o| match (o.explodes, degree - o.degree) {
                (false, 0) => o.p,
                (false, _) => 0.0,
                (true, extra) => o.p * (1.0 - EXPLODE_P) * EXPLODE_P.powi(extra as i32),
            })
            .sum()
    }

    /// Expected degree of success, failures counting 0: what a check adds to its side's
    /// hits. An explosion adds 1/5 of a degree on average.
    pub fn mean_degree(&self) -> f64 {
        self.outcomes
            .iter()
            .filter(|o| o.success)
            .map(|o| o.p * expected_degree(o))
            .sum()
    }

    /// Expected degree given success (0 if success is impossible).
    pub fn mean_degree_given(&self, success: bool) -> f64 {
        let (mass, total) = self
            .outcomes
            .iter()
            .filter(|o| o.success == success)
            .fold((0.0, 0.0), |(m, t), o| {
                (m + o.p, t + o.p * expected_degree(o))
            });
        if mass > 0.0 { total / mass } else { 0.0 }
    }

    /// Every (success, degree) with probability at least `eps`, in order; the explosion
    /// tails are listed until their remaining mass is below `eps`.
    pub fn listing(&self, eps: f64) -> Vec<(CheckResult, f64)> {
        let mut rows = Vec::new();
        for success in [true, false] {
            let top = self
                .outcomes
                .iter()
                .filter(|o| o.success == success)
                .map(|o| {
                    if o.explodes {
                        o.degree + tail_length(o.p, eps)
                    } else {
                        o.degree
                    }
                })
                .max();
            for degree in 0..=top.unwrap_or(0) {
                let p = self.p(success, degree);
                if p >= eps {
                    rows.push((CheckResult { success, degree }, p));
                }
            }
        }
        rows
    }

    /// The distribution of what the check adds to its side: its degree on a success,
    /// 0 on a failure. Values below `eps` are trimmed; returns the trimmed mass too.
    pub fn contribution(&self, eps: f64) -> (Distribution, f64) {
        let masses = self.outcomes.iter().flat_map(|o| {
            let degree = if o.success { o.degree } else { 0 };
            let extra = if o.success && o.explodes {
                tail_length(o.p, eps)
            } else {
                0
            };
            (0..=extra).map(move |k| {
                let p = if o.success && o.explodes {
                    o.p * (1.0 - EXPLODE_P) * EXPLODE_P.powi(k as i32)
                } else {
                    o.p
                };
                (i64::from(degree + k), p)
            })
        });
        let mut d = Distribution::from_masses(masses);
        let listed = d.total();
        let dropped = d.trim(eps);
        (d, (1.0 - listed).max(0.0) + dropped)
    }
}

fn expected_degree(o: &BaseOutcome) -> f64 {
    f64::from(o.degree)
        + if o.explodes {
            EXPLODE_P / (1.0 - EXPLODE_P)
        } else {
            0.0
        }
}

/// How many explosion steps until the tail of an outcome of probability `p` is below
/// `eps` (at most 60: 6^-60 is far below any f64 that matters).
fn tail_length(p: f64, eps: f64) -> u32 {
    let mut k = 0;
    let mut remaining = p * EXPLODE_P;
    while remaining >= eps && k < 60 {
        k += 1;
        remaining *= EXPLODE_P;
    }
    k
}

/// P(hits = h) for h in 0..=n, on n dice each hitting with chance p (0 < p < 1).
fn binomial(n: u32, p: f64) -> Vec<f64> {
    let q = 1.0 - p;
    let mut pmf = vec![0.0; n as usize + 1];
    pmf[0] = q.powi(n as i32);
    for h in 0..n as usize {
        pmf[h + 1] = pmf[h] * (n as usize - h) as f64 / (h + 1) as f64 * p / q;
    }
    pmf
}

/// A side's total hits: the sum of the degrees of its successful checks.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideHits {
    /// The distribution of total hits.
    pub distribution: Distribution,
    /// Probability mass trimmed away (values below [`TRIM`]): a bound on the error.
    pub error_bound: f64,
}

impl SideHits {
    /// The exact distribution of a side's total hits, for `count` combatants making each
    /// check. Identical checks are summed by repeated squaring, so sides of thousands
    /// take milliseconds.
    ///
    /// ```
    /// use fray::pool::{Check, SideHits};
    /// let check = Check::new("3/6".parse().unwrap(), 3, 0).unwrap();
    /// let side = SideHits::new(&[(100, check)]);
    /// assert!(side.error_bound < 1e-12);
    /// assert!((side.distribution.total() - 1.0).abs() < 1e-12);
    /// ```
    pub fn new(groups: &[(u64, Check)]) -> Self {
        let mut total = Distribution::point(0);
        let mut error_bound = 0.0;
        for &(count, check) in groups {
            let (one, dropped) = CheckOdds::new(check).contribution(TRIM);
            let (all, dropped_power) = one.power(count, TRIM);
            total = total.convolve(&all);
            error_bound += dropped * count as f64 + dropped_power + total.trim(TRIM);
        }
        Self {
            distribution: total,
            error_bound,
        }
    }
}

/// Who deals more hits in a round.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Comparison {
    /// P(side A's hits > side B's).
    pub p_a_more: f64,
    /// P(equal hits).
    pub p_tie: f64,
    /// P(side B's hits > side A's).
    pub p_b_more: f64,
}

/// Compares two independent sides' total hits.
pub fn compare(a: &Distribution, b: &Distribution) -> Comparison {
    let mut below = 0.0;
    let mut b_cdf = Vec::with_capacity((a.max() - a.min() + 1) as usize);
    let mut v = b.min();
    for x in a.min()..=a.max() {
        while v < x {
            below += b.p(v);
            v += 1;
        }
        b_cdf.push(below);
    }
    let (mut more, mut tie) = (0.0, 0.0);
    for (i, x) in (a.min()..=a.max()).enumerate() {
        let pa = a.p(x);
        more += pa * b_cdf[i];
        tie += pa * b.p(x);
    }
    Comparison {
        p_a_more: more,
        p_tie: tie,
        p_b_more: (1.0 - more - tie).max(0.0),
    }
}
