//! Exact discrete distributions over consecutive integers, shared by every rule system.

use serde::Serialize;

/// A probability distribution over the integers `min ..= min + probs.len() - 1`.
///
/// Stored densely because rule outcomes (damage, hits, degrees) live on small ranges,
/// which makes convolution a tight loop over two slices.
///
/// ```
/// use fray::dist::Distribution;
/// let d6 = Distribution::uniform(1, 6);
/// let two = d6.convolve(&d6);
/// assert!((two.p(7) - 6.0 / 36.0).abs() < 1e-12);
/// assert!((two.mean() - 7.0).abs() < 1e-12);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Distribution {
    min: i64,
    probs: Vec<f64>,
}

/// One value and its probability, as reports list them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Mass {
    /// The outcome.
    pub value: i64,
    /// Its probability.
    pub p: f64,
}

/// A probability as reported: a sum of masses, each rounded, can come to a hair above
/// 1 (or below 0); a chance is neither, so it is clamped where it is reported.
///
/// ```
/// assert_eq!(fray::dist::chance(1.0000000000000198), 1.0);
/// assert_eq!(fray::dist::chance(-1e-18), 0.0);
/// ```
pub fn chance(p: f64) -> f64 {
    p.clamp(0.0, 1.0)
}

impl Distribution {
    /// Certainty of one value.
    pub fn point(value: i64) -> Self {
        Self {
            min: value,
            probs: vec![1.0],
        }
    }

    /// Every integer of `lo..=hi` equally likely (`hi >= lo`).
    pub fn uniform(lo: i64, hi: i64) -> Self {
        let n = (hi - lo + 1).max(1) as usize;
        Self {
            min: lo,
            probs: vec![1.0 / n as f64; n],
        }
    }

    /// Builds a distribution from (value, probability) pairs; repeated values add up.
    pub fn from_masses(masses: impl IntoIterator<Item = (i64, f64)>) -> Self {
        let masses: Vec<(i64, f64)> = masses.into_iter().collect();
        let Some(min) = masses.iter().map(|m| m.0).min() else {
            return Self::point(0);
        };
        let max = masses.iter().map(|m| m.0).max().unwrap_or(min);
        let mut probs = vec![0.0; (max - min + 1) as usize];
        for (value, p) in masses {
            probs[(value - min) as usize] += p;
        }
        Self { min, probs }
    }

    /// The smallest value with room in the support.
    pub fn min(&self) -> i64 {
        self.min
    }

    /// The largest value with room in the support.
    pub fn max(&self) -> i64 {
        self.min + self.probs.len() as i64 - 1
    }

    /// P(X = value).
    pub fn p(&self, value: i64) -> f64 {
        usize::try_from(value - self.min)
            .ok()
            .and_then(|i| self.probs.get(i).copied())
            .unwrap_or(0.0)
    }

    /// P(X >= value), never outside 0..=1 (a sum of many masses may round past 1).
    pub fn p_at_least(&self, value: i64) -> f64 {
        chance(self.iter().filter(|m| m.value >= value).map(|m| m.p).sum())
    }

    /// Total probability mass (1 up to rounding), summed with compensation (Neumaier)
    /// so that a deficit of 1e-17 is measured, not lost in the rounding of the sum.
    pub fn total(&self) -> f64 {
        self.cumulative().last().unwrap_or(0.0)
    }

    /// The chance of each value or less, from the least to the greatest (every value
    /// between, those of no chance too), summed with compensation as
    /// [`Distribution::total`] is: the last is the total.
    pub fn cumulative(&self) -> impl Iterator<Item = f64> + '_ {
        let (mut sum, mut lost) = (0.0f64, 0.0f64);
        self.probs.iter().map(move |&p| {
            let t = sum + p;
            lost += if sum.abs() >= p.abs() {
                (sum - t) + p
            } else {
                (p - t) + sum
            };
            sum = t;
            sum + lost
        })
    }

    /// The expected value.
    pub fn mean(&self) -> f64 {
        // + 0.0: an empty sum is -0.0, which would print as "-0.000".
        self.iter().map(|m| m.value as f64 * m.p).sum::<f64>() + 0.0
    }

    /// The variance.
    pub fn variance(&self) -> f64 {
        let mean = self.mean();
        self.iter()
            .map(|m| (m.value as f64 - mean).powi(2) * m.p)
            .sum::<f64>()
            + 0.0
    }

    /// Every value with non-zero probability, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Mass> + '_ {
        self.probs
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0.0)
            .map(|(i, p)| Mass {
                value: self.min + i as i64,
                p: *p,
            })
    }

    /// The distribution of X + Y for independent X (self) and Y (other).
    pub fn convolve(&self, other: &Self) -> Self {
        let mut probs = vec![0.0; self.probs.len() + other.probs.len() - 1];
        for (i, a) in self.probs.iter().enumerate() {
            for (j, b) in other.probs.iter().enumerate() {
                probs[i + j] += a * b;
            }
        }
        Self {
            min: self.min + other.min,
            probs,
        }
    }

    /// The distribution of X + U for U uniform on `lo..=hi` (`hi >= lo`), in time linear
    /// in the support: each value is a window sum of `self`, taken from prefix sums on the
    /// lower side and suffix sums on the upper side, whichever is smaller, so that small
    /// tails do not vanish in a difference of two numbers near 1.
    pub fn add_uniform(&self, lo: i64, hi: i64) -> Self {
        let s = (hi - lo + 1).max(1) as usize;
        let n = self.probs.len();
        let mut prefix = Vec::with_capacity(n + 1);
        let mut sum = 0.0;
        prefix.push(0.0);
        for p in &self.probs {
            sum += p;
            prefix.push(sum);
        }
        let mut suffix = vec![0.0; n + 1];
        let mut sum = 0.0;
        for (i, p) in self.probs.iter().enumerate().rev() {
            sum += p;
            suffix[i] = sum;
        }
        let scale = 1.0 / s as f64;
        let probs = (0..n + s - 1)
            .map(|i| {
                // The window of self's indices first..=last.
                let (first, last) = (i.saturating_sub(s - 1), i.min(n - 1));
                let window = if prefix[last + 1] <= suffix[first] {
                    prefix[last + 1] - prefix[first]
                } else {
                    suffix[first] - suffix[last + 1]
                };
                window.max(0.0) * scale
            })
            .collect();
        Self {
            min: self.min + lo,
            probs,
        }
    }

    /// Drops the outer values whose probability is below `eps`, from both ends, and
    /// returns the mass dropped: an exact bound on the error this introduces.
    pub fn trim(&mut self, eps: f64) -> f64 {
        let first = self.probs.iter().position(|p| *p >= eps);
        let Some(first) = first else {
            return 0.0;
        };
        let last = self.probs.iter().rposition(|p| *p >= eps).unwrap_or(first);
        let dropped: f64 = self.probs[..first]
            .iter()
            .chain(&self.probs[last + 1..])
            .sum();
        self.probs.truncate(last + 1);
        self.probs.drain(..first);
        self.min += first as i64;
        dropped
    }

    /// The distribution of the sum of `n` independent copies, by repeated squaring;
    /// after each product, values below `eps` are trimmed. Returns the distribution and
    /// the total mass trimmed (a bound on the error).
    pub fn power(&self, n: u64, eps: f64) -> (Self, f64) {
        let (result, trimmed, _) = self.power_bounded(n, eps);
        (result, trimmed)
    }

    /// Like [`Distribution::power`], and a bound on the error rounding adds besides:
    /// each product of supports of lengths `k ≤ l` is off by at most `k` units of
    /// rounding in all (each value is a sum of at most `k` products).
    pub fn power_bounded(&self, n: u64, eps: f64) -> (Self, f64, f64) {
        let mut result = Self::point(0);
        let mut base = self.clone();
        let mut dropped = base.trim(eps);
        let mut rounding = 0.0;
        let mut n = n;
        while n > 0 {
            if n & 1 == 1 {
                rounding += self::rounding(&result, &base);
                result = result.convolve(&base);
                dropped += result.trim(eps);
            }
            n >>= 1;
            if n > 0 {
                rounding += self::rounding(&base, &base);
                base = base.convolve(&base);
                dropped += base.trim(eps);
            }
        }
        (result, dropped, rounding)
    }

    /// The distribution of X + k.
    pub fn shift(mut self, k: i64) -> Self {
        self.min += k;
        self
    }

    /// The distribution of f(X): outcomes mapped through a rule.
    pub fn map(&self, mut f: impl FnMut(i64) -> i64) -> Self {
        Self::from_masses(self.iter().map(|m| (f(m.value), m.p)))
    }
}

/// A bound on the mass error of `a.convolve(b)` from rounding alone (supports below a
/// point mass are exact).
pub fn rounding(a: &Distribution, b: &Distribution) -> f64 {
    let k = a.probs.len().min(b.probs.len());
    if k <= 1 { 0.0 } else { k as f64 * f64::EPSILON }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_power_reports_its_rounding_bound_and_every_trimmed_mass() {
        let d6 = Distribution::uniform(1, 6);
        // n = 4: two squarings of the base (supports 6, then 11 values), then one product
        // with a point, which is exact.
        let (exact, dropped, rounding) = d6.power_bounded(4, 0.0);
        assert_eq!(dropped, 0.0);
        assert_eq!(rounding, 17.0 * f64::EPSILON);
        assert!((exact.p(4) - 1.0 / 1296.0).abs() < 1e-18);
        // Trimmed: what is dropped is exactly what the result lacks.
        let (trimmed, dropped, _) = d6.power_bounded(4, 1e-3);
        assert!(dropped > 0.0 && trimmed.min() > 4);
        assert!((trimmed.total() + dropped - 1.0).abs() < 1e-12);
    }

    #[test]
    fn a_shift_moves_every_value() {
        let d = Distribution::uniform(1, 4).shift(3);
        assert_eq!((d.min(), d.max()), (4, 7));
        assert_eq!(Distribution::point(2).shift(-5).min(), -3);
    }

    #[test]
    fn tail_probability_counts_the_value_itself() {
        let two_d6 = Distribution::uniform(1, 6).add_uniform(1, 6);
        assert!((two_d6.p_at_least(10) - 6.0 / 36.0).abs() < 1e-15);
        assert!((two_d6.p_at_least(2) - 1.0).abs() < 1e-15);
        assert_eq!(two_d6.p_at_least(13), 0.0);
    }

    #[test]
    fn total_keeps_the_mass_a_plain_sum_rounds_away() {
        // Ten masses of 1e-16 after a 1: each alone is below half an ulp of 1, so a plain
        // sum stays at exactly 1; the compensated sum keeps their 1e-15.
        let d = Distribution::from_masses(
            std::iter::once((0, 1.0)).chain((1..=10).map(|v| (v, 1e-16))),
        );
        assert!((d.total() - (1.0 + 1e-15)).abs() < 1e-17, "{}", d.total());
        let small_first = Distribution::from_masses((0..10).map(|v| (v, 1e-16)).chain([(10, 1.0)]));
        assert!((small_first.total() - (1.0 + 1e-15)).abs() < 1e-17);
    }

    #[test]
    fn iter_skips_values_of_no_probability() {
        let d = Distribution::from_masses([(0, 0.5), (2, 0.5)]);
        let values: Vec<i64> = d.iter().map(|m| m.value).collect();
        assert_eq!(values, [0, 2]);
    }

    #[test]
    fn adding_a_die_to_a_point_gives_the_die() {
        let d6 = Distribution::point(0).add_uniform(1, 6);
        assert_eq!((d6.min(), d6.max()), (1, 6));
        for v in 1..=6 {
            assert!((d6.p(v) - 1.0 / 6.0).abs() < 1e-15);
        }
    }

    #[test]
    fn three_d6_matches_brute_force() {
        let d6 = Distribution::uniform(1, 6);
        let three = d6.convolve(&d6).convolve(&d6);
        let mut counts = [0u32; 19];
        for a in 1..=6 {
            for b in 1..=6 {
                for c in 1..=6 {
                    counts[a + b + c] += 1;
                }
            }
        }
        for (total, count) in counts.iter().enumerate().skip(3) {
            let expected = f64::from(*count) / 216.0;
            assert!((three.p(total as i64) - expected).abs() < 1e-12, "{total}");
        }
        assert!((three.total() - 1.0).abs() < 1e-12);
        assert!((three.variance() - 3.0 * 35.0 / 12.0).abs() < 1e-9);
    }

    #[test]
    fn powers_match_repeated_convolution() {
        let d = Distribution::from_masses([(0, 0.5), (1, 0.3), (3, 0.2)]);
        let mut slow = Distribution::point(0);
        for _ in 0..13 {
            slow = slow.convolve(&d);
        }
        let (fast, dropped) = d.power(13, 0.0);
        assert_eq!(dropped, 0.0);
        for v in slow.min()..=slow.max() {
            assert!((slow.p(v) - fast.p(v)).abs() < 1e-14, "{v}");
        }
        let (trimmed, dropped) = d.power(13, 1e-6);
        assert!(dropped > 0.0 && dropped < 1e-4);
        assert!((trimmed.total() + dropped - 1.0).abs() < 1e-12);
    }

    #[test]
    fn map_merges_outcomes() {
        let d4 = Distribution::uniform(1, 4);
        let halved = d4.map(|v| v / 2);
        assert_eq!(halved.min(), 0);
        assert_eq!(halved.max(), 2);
        assert!((halved.p(1) - 0.5).abs() < 1e-12);
        assert_eq!(halved.p(7), 0.0);
        assert_eq!(halved.p(-3), 0.0);
    }
}
