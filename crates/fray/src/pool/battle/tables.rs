//! A side's hits drawn whole. Step 1 sums the degrees of a side's attacks, and the sum
//! of `n` attacks of one roll has an exact distribution ([`crate::pool::SideHits`]), so
//! a source that draws from a table ([`Rolls::pick`], one 64-bit word for
//! [`crate::rng::SeededRolls`]) draws the total at once instead of rolling every die:
//! the same law, a few draws a round instead of a die per attacker. A source that only rolls dice (a scripted one, a
//! game's own) rolls them, attack by attack, as before.
//!
//! How near exact: each table holds its distribution's cumulative chances as 64-bit
//! thresholds (summed with compensation, each within about 1e-15) and leaves out the
//! tails trimmed below 1e-17 a value (as `SideHits` does); a draw that lands past the
//! last threshold rolls the dice instead, so no total is impossible. No run of battles
//! could tell the difference from rolling.
//!
//! A roll's tables are worked out together the first time a side meets it, for every
//! count its side can field up to [`CHUNK`], each from the last by one convolution with
//! the single attack's distribution: a state allocates for a roll once, when it is
//! first met (in the first battle, for a side whose attacks are all one roll). What
//! they hold is bounded: at most [`MAX_ROLLS`] rolls a side, each of [`CHUNK`] tables
//! of at most [`MAX_WIDTH`] thresholds.

use crate::dist::Distribution;
use crate::pool::exact::{CheckOdds, TRIM};
use crate::pool::model::Check;
use crate::pool::sample::roll_check;
use crate::rng::Rolls;

/// The most attacks one table sums: more are drawn a table's worth at a time, so a side
/// of thousands keeps a few tables, not one per count.
pub(super) const CHUNK: u32 = 32;

/// The most distinct rolls a side keeps tables for: beyond, its attacks are rolled (a
/// battle of many profiles, where few attacks share a roll).
const MAX_ROLLS: usize = 16;

/// The most outcomes a table may hold: a roll whose totals spread wider is rolled.
const MAX_WIDTH: usize = 4096;

/// 2^64 as a float: a chance times this is its threshold.
const WORDS: f64 = 18_446_744_073_709_551_616.0;

/// One count's table: too wide to keep, or its thresholds.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Slot {
    Rolled,
    Table { min: u64, thresholds: Box<[u64]> },
}

/// The tables of one side, by roll and by count of attacks (1 to [`CHUNK`], or to the
/// side's size if smaller), kept while the state is replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct SideTables {
    /// The most attacks a side makes in a round: its size.
    most: u32,
    rolls: Vec<(Check, Vec<Slot>)>,
}

impl SideTables {
    /// No tables yet, for a side of `most` combatants.
    pub(super) fn new(most: usize) -> Self {
        Self {
            most: u32::try_from(most).unwrap_or(u32::MAX).clamp(1, CHUNK),
            rolls: Vec::new(),
        }
    }

    /// The hits of `n` attacks of `check`: drawn a table at a time where `rolls` can
    /// draw from one, else rolled attack by attack.
    #[inline]
    pub(super) fn hits(&mut self, check: Check, n: u32, rolls: &mut impl Rolls) -> u64 {
        let (mut left, mut hits) = (n, 0);
        while left > 0 {
            let k = left.min(CHUNK);
            hits += self.chunk(check, k, rolls);
            left -= k;
        }
        hits
    }

    /// The hits of `k` (at most [`CHUNK`]) attacks of `check`.
    fn chunk(&mut self, check: Check, k: u32, rolls: &mut impl Rolls) -> u64 {
        if let Some(Slot::Table { min, thresholds }) = self.slot(check, k) {
            if let Some(i) = rolls.pick(thresholds) {
                return min + i as u64;
            }
        }
        (0..k).map(|_| added(check, rolls)).sum()
    }

    /// The table of `k` attacks of `check`, its roll's tables worked out if new; None
    /// when the side keeps no more rolls or `k` is past what it fields.
    fn slot(&mut self, check: Check, k: u32) -> Option<&Slot> {
        let at = match self.rolls.iter().position(|(c, _)| *c == check) {
            Some(at) => at,
            None if self.rolls.len() < MAX_ROLLS => {
                self.rolls.push((check, tables(check, self.most)));
                self.rolls.len() - 1
            }
            None => return None,
        };
        self.rolls[at].1.get(k as usize - 1)
    }
}

/// What one attack adds to its side's hits, rolled.
#[inline]
fn added(check: Check, rolls: &mut impl Rolls) -> u64 {
    let r = roll_check(check, rolls).result;
    u64::from(r.success) * u64::from(r.degree)
}

/// The tables of 1 to `most` attacks of `check`: each count's exact distribution (one
/// more attack convolved in at a time, tails below [`TRIM`] trimmed) as cumulative
/// thresholds out of 2^64.
fn tables(check: Check, most: u32) -> Vec<Slot> {
    let (one, _) = CheckOdds::new(check).contribution(TRIM);
    let mut d = Distribution::point(0);
    (0..most)
        .map(|_| {
            d = d.convolve(&one);
            d.trim(TRIM);
            table(&d)
        })
        .collect()
}

/// One count's table from its distribution.
fn table(d: &Distribution) -> Slot {
    let width = (d.max() - d.min() + 1) as usize;
    if d.min() < 0 || width > MAX_WIDTH {
        return Slot::Rolled;
    }
    // Summed with compensation: the thresholds near the top stay within an ulp or two
    // of the exact cumulative chance.
    let thresholds = d
        .cumulative()
        .map(|c| {
            if c >= 1.0 {
                u64::MAX
            } else {
                (c * WORDS) as u64
            }
        })
        .collect();
    Slot::Table {
        min: d.min() as u64,
        thresholds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pool::exact::SideHits;
    use crate::rng::{ScriptedRolls, SeededRolls};

    fn check(bonus: u32) -> Check {
        Check::new("3/6".parse().unwrap(), bonus, 0).unwrap()
    }

    #[test]
    fn a_source_that_only_rolls_dice_rolls_every_attack() {
        // Two attacks of one die each: 2 hits (all hits: the d6 shows 4, no explosion),
        // then 5 misses and the d6 shows 3.
        let mut tables = SideTables::new(2);
        let mut dice = ScriptedRolls::dice([2, 4, 5, 3]);
        assert_eq!(tables.hits(check(0), 2, &mut dice), 1);
    }

    #[test]
    fn drawn_totals_have_the_exact_mean_and_spread() {
        // 40 attacks (a table of 32 and one of 8) of 3/6 with a bonus die, 200,000 times.
        let exact = SideHits::new(&[(40, check(1))]).distribution;
        let mut tables = SideTables::new(40);
        let mut rolls = SeededRolls::new(3).drawing_whole();
        let n = 200_000;
        let (mut sum, mut squares) = (0.0, 0.0);
        for _ in 0..n {
            let h = tables.hits(check(1), 40, &mut rolls) as f64;
            sum += h;
            squares += h * h;
        }
        let mean = sum / f64::from(n);
        let var = squares / f64::from(n) - mean * mean;
        let se = (exact.variance() / f64::from(n)).sqrt();
        assert!(
            (mean - exact.mean()).abs() < 4.0 * se,
            "{mean} {}",
            exact.mean()
        );
        assert!((var / exact.variance() - 1.0).abs() < 0.02, "{var}");
    }

    #[test]
    fn each_table_is_its_counts_exact_distribution() {
        let all = tables(check(2), 32);
        assert_eq!(all.len(), 32);
        for (k, slot) in all.iter().enumerate() {
            let Slot::Table { min, thresholds } = slot else {
                panic!("a table")
            };
            assert!(thresholds.windows(2).all(|w| w[0] <= w[1]));
            // Within 1e-13 of the whole word: the trimmed tails and the sums' rounding.
            assert!(*thresholds.last().unwrap() as f64 > WORDS * (1.0 - 1e-13));
            let exact = SideHits::new(&[(k as u64 + 1, check(2))]).distribution;
            let mut below = 0u64;
            for (i, &t) in thresholds.iter().enumerate() {
                let p = (t - below) as f64 / WORDS;
                assert!(
                    (p - exact.p(*min as i64 + i as i64)).abs() < 1e-12,
                    "{k} {i}"
                );
                below = t;
            }
        }
    }
}
