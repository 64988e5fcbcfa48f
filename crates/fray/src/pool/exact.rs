//! Exact odds: a check's distribution of (success, degree) in closed form, and the
//! distribution of a whole side's total hits.

use schemars::JsonSchema;
use serde::Serialize;

use super::model::{Check, CheckResult, PoolError};
use super::resolve::judge;
use crate::dist::{Distribution, chance};
use crate::math;

/// The chance that the exploding die adds another degree (a 1 on a d6).
pub const EXPLODE_P: f64 = 1.0 / 6.0;

/// The longest explosion chain counted: 6^-400 (about 1e-311) is near the smallest
/// `f64`, so a longer chain's probability is 0 (and its length fits an `i32` power).
pub const LONGEST_CHAIN: u32 = 400;

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
    /// Its natural logarithm, kept because `p` underflows to 0 for outcomes less likely
    /// than about 1e-308 (all misses on 101 dice at 9999/10000) while their logarithm
    /// stays exact: conditional means use it.
    pub ln_p: f64,
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
        let rung = check.rung;
        // Each count of hits is its own outcome: the degree counts the hits of a success
        // and the misses of a failure, so no two counts are judged alike.
        for (hits, ln_p) in ln_binomial(dice, rung.tn, rung.die).into_iter().enumerate() {
            let j = judge(hits as u32, dice, penalty);
            outcomes.push(BaseOutcome {
                success: j.success,
                degree: j.degree,
                explodes: j.explodes,
                p: math::exp(ln_p),
                ln_p,
            });
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

    /// Whether some outcome is too unlikely for an `f64` (below about 1e-308) and shows
    /// as probability 0: callers say so rather than print 0 as if exact.
    pub fn underflows(&self) -> bool {
        self.outcomes
            .iter()
            .any(|o| o.p == 0.0 && o.ln_p > f64::NEG_INFINITY)
    }

    /// P(success = `success`, degree = `degree`), exactly.
    pub fn p(&self, success: bool, degree: u32) -> f64 {
        self.outcomes
            .iter()
            .filter(|o| o.success == success && o.degree <= degree)
            .map(|o| match (o.explodes, degree - o.degree) {
                (false, 0) => o.p,
                (false, _) => 0.0,
                // Longer chains count as 0, and the cast to i32 must not wrap.
                (true, extra) if extra > LONGEST_CHAIN => 0.0,
                (true, extra) => o.p * (1.0 - EXPLODE_P) * EXPLODE_P.powi(extra as i32),
            })
            .sum::<f64>()
            + 0.0
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

    /// Expected degree given success (or given failure), 0 if that cannot happen.
    /// Weighed by logarithms, so it stays right when the condition is too unlikely for
    /// its probability to be an `f64` (a failure at 9999/10000 with 100 bonus dice).
    pub fn mean_degree_given(&self, success: bool) -> f64 {
        let top = self
            .outcomes
            .iter()
            .filter(|o| o.success == success)
            .map(|o| o.ln_p)
            .fold(f64::NEG_INFINITY, f64::max);
        if top == f64::NEG_INFINITY {
            return 0.0;
        }
        let (mass, total) =
            self.outcomes
                .iter()
                .filter(|o| o.success == success)
                .fold((0.0, 0.0), |(m, t), o| {
                    let w = math::exp(o.ln_p - top);
                    (m + w, t + w * expected_degree(o))
                });
        total / mass
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
    /// 0 on a failure. Values below `eps` are trimmed; returns the error too: the
    /// unlisted explosion tails (in closed form), the trimmed values, and how far the
    /// listed values miss 1 through rounding.
    pub fn contribution(&self, eps: f64) -> (Distribution, f64) {
        let mut tail = 0.0;
        let masses: Vec<(i64, f64)> = self
            .outcomes
            .iter()
            .flat_map(|o| {
                let degree = if o.success { o.degree } else { 0 };
                let extra = if o.success && o.explodes {
                    let extra = tail_length(o.p, eps);
                    tail += o.p * EXPLODE_P.powi(extra as i32 + 1);
                    extra
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
            })
            .collect();
        let mut d = Distribution::from_masses(masses);
        let rounding = (1.0 - tail - d.total()).abs();
        let dropped = d.trim(eps);
        (d, tail + rounding + dropped)
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
/// `eps` (at most [`LONGEST_CHAIN`], past which every probability is 0).
fn tail_length(p: f64, eps: f64) -> u32 {
    let mut k = 0;
    let mut remaining = p * EXPLODE_P;
    while remaining >= eps && k < LONGEST_CHAIN {
        k += 1;
        remaining *= EXPLODE_P;
    }
    k
}

/// ln P(hits = h) for h in 0..=n, on n dice each hitting on `tn` or lower on a
/// `die`-sided die (0 < tn < die).
///
/// Worked outward from the most likely count, in logarithms, then normalised: no term
/// underflows (q^n at 9999/10000 with 101 dice is 1e-404, which an `f64` cannot hold),
/// and q is `(die − tn)/die` exactly rather than `1 − p` with its rounding.
fn ln_binomial(n: u32, tn: u32, die: u32) -> Vec<f64> {
    let n = n as usize;
    let (hit, miss) = (f64::from(tn), f64::from(die - tn));
    let ln_odds = math::ln(hit / miss);
    let mode = (((n + 1) as f64 * hit / f64::from(die)).floor() as usize).min(n);
    let mut ln = vec![0.0; n + 1];
    for h in mode..n {
        ln[h + 1] = ln[h] + math::ln((n - h) as f64 / (h + 1) as f64) + ln_odds;
    }
    for h in (0..mode).rev() {
        ln[h] = ln[h + 1] + math::ln((h + 1) as f64 / (n - h) as f64) - ln_odds;
    }
    let total: f64 = ln.iter().map(|&l| math::exp(l)).sum();
    let ln_total = math::ln(total);
    ln.iter().map(|l| l - ln_total).collect()
}

/// A side's total hits: the sum of the degrees of its successful checks.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideHits {
    /// The distribution of total hits.
    pub distribution: Distribution,
    /// A bound on the error of the distribution, in total: the probability mass trimmed
    /// away (values below [`TRIM`], explosion tails beyond them) plus what rounding can
    /// add in the products (about 1e-16 times the support, per product).
    pub error_bound: f64,
}

/// The most multiply-adds [`SideHits::try_new`] may spend: a second or two. Sides beyond
/// it are refused rather than left running.
pub const MAX_SIDE_WORK: f64 = 1e10;

impl SideHits {
    /// The exact distribution of a side's total hits, for `count` combatants making each
    /// check. Identical checks are summed by repeated squaring, so sides of thousands
    /// take milliseconds. Unbounded in time for huge sides: see [`SideHits::try_new`].
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
            let (all, dropped_power, rounding) = one.power_bounded(count, TRIM);
            let rounding = rounding + crate::dist::rounding(&total, &all);
            total = total.convolve(&all);
            error_bound += dropped * count as f64 + dropped_power + rounding + total.trim(TRIM);
        }
        Self {
            distribution: total,
            error_bound,
        }
    }

    /// Like [`SideHits::new`], after estimating the work and refusing a side that would
    /// take more than [`MAX_SIDE_WORK`] multiply-adds (ten million combatants with a
    /// hundred bonus dice would take minutes).
    pub fn try_new(groups: &[(u64, Check)]) -> Result<Self, PoolError> {
        let work = Self::work(groups);
        if work > MAX_SIDE_WORK {
            return Err(PoolError::TooMuchWork(format!(
                "computing this side exactly would take about {work:.1e} steps, more than {MAX_SIDE_WORK:.0e}: use fewer combatants, fewer bonus dice or fewer different checks"
            )));
        }
        Ok(Self::new(groups))
    }

    /// An estimate of the multiply-adds [`SideHits::new`] spends: each repeated squaring
    /// costs the square of the support it works on, which grows with the count but is
    /// trimmed to about ±9 standard deviations (tails below [`TRIM`]). About 5e9 a
    /// second in a release build.
    pub fn work(groups: &[(u64, Check)]) -> f64 {
        let mut work = 0.0;
        let mut total_width = 1.0;
        for &(count, check) in groups {
            let (one, _) = CheckOdds::new(check).contribution(TRIM);
            let width = (one.max() - one.min() + 1) as f64;
            let n = count as f64;
            let support =
                (n * (width - 1.0) + 1.0).min(18.0 * one.variance().sqrt() * n.sqrt() + width);
            // Squarings at growing sizes sum to about twice the last one; then the
            // product with the groups before.
            work += 2.0 * support * support + total_width * support;
            total_width += support;
        }
        work
    }

    /// Why these odds cannot be trusted to their stated bound, if they cannot: the
    /// distribution's mass plus the trimmed mass should be 1.
    pub fn precision_warning(&self) -> Option<String> {
        let total = self.distribution.total();
        let missing = (1.0 - total - self.error_bound).abs();
        (missing > 1e-9 || !total.is_finite()).then(|| {
            format!(
                "precision lost: the distribution holds {total:.6} of the probability instead of 1 (less the trimmed {:.1e})",
                self.error_bound
            )
        })
    }
}

/// Who deals more hits in a round.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, JsonSchema)]
pub struct Comparison {
    /// P(side A's hits > side B's).
    pub p_a_more: f64,
    /// P(equal hits).
    pub p_tie: f64,
    /// P(side B's hits > side A's).
    pub p_b_more: f64,
}

/// Compares two independent sides' total hits. Each of the three probabilities is
/// summed directly (none is 1 minus the others), with B's lower tail summed from the
/// bottom and its upper tail from the top, so a small one keeps its relative precision.
pub fn compare(a: &Distribution, b: &Distribution) -> Comparison {
    let (b_min, b_max) = (b.min(), b.max());
    let values: Vec<f64> = (b_min..=b_max).map(|v| b.p(v)).collect();
    // below[i]: P(B < b_min + i); above[i]: P(B > b_min + i - 1).
    let mut below = Vec::with_capacity(values.len() + 1);
    let mut sum = 0.0;
    below.push(0.0);
    for p in &values {
        sum += p;
        below.push(sum);
    }
    let mut above = vec![0.0; values.len() + 1];
    let mut sum = 0.0;
    for (i, p) in values.iter().enumerate().rev() {
        sum += p;
        above[i] = sum;
    }
    let index = |x: i64| (x.clamp(b_min, b_max + 1) - b_min) as usize;
    let (mut more, mut tie, mut less) = (0.0, 0.0, 0.0);
    for m in a.iter() {
        more += m.p * below[index(m.value)];
        tie += m.p * b.p(m.value);
        less += m.p * above[index(m.value.saturating_add(1))];
    }
    Comparison {
        p_a_more: chance(more),
        p_tie: chance(tie),
        p_b_more: chance(less),
    }
}
