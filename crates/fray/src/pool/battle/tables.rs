//! A side's hits drawn whole. Step 1 sums the degrees of a side's attacks, and the sum
//! of `n` attacks of one roll has an exact distribution ([`crate::pool::SideHits`]), so
//! a source that draws words ([`Rolls::word`], [`crate::rng::SeededRolls`]'s) draws
//! the total at once, one word from an alias table, instead of rolling every die: the
//! same law, a few draws a round instead of a die per attacker. A source that only
//! rolls dice (a scripted one, a game's own) rolls them, attack by attack, as before.
//!
//! How near exact: each total's chance is a whole number of 2^64ths, the difference of
//! its distribution's cumulative chances as 64-bit thresholds (summed with
//! compensation, each within about 1e-15); the tails trimmed below 1e-17 a value (as
//! `SideHits` does) are one more outcome of the table, which rolls the dice instead, so
//! no total is impossible. The alias table (Walker's, built as Vose does, in whole
//! numbers) gives each outcome exactly its share of the 2^64 words, in one lookup
//! whatever the table's width. No run of battles could tell the difference from
//! rolling.
//!
//! A roll's tables are worked out together the first time a side meets it, for every
//! count its side can field up to [`CHUNK`], each from the last by one convolution with
//! the single attack's distribution: a state allocates for a roll once, when it is
//! first met (in the first battle, for a side whose attacks are all one roll). What
//! they hold is bounded: at most [`MAX_ROLLS`] rolls a side, each of [`CHUNK`] tables
//! of at most [`MAX_WIDTH`] outcomes (twice as many columns at most, 16 bytes each:
//! 16 MB a side at the very worst, a few kilobytes for a usual battle).

use std::sync::Arc;

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
const MAX_WIDTH: usize = 1024;

/// 2^64 as a float: a chance times this is its threshold.
const WORDS: f64 = 18_446_744_073_709_551_616.0;

/// One count's table: too wide to keep, or its alias table of totals from `min`.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Slot {
    Rolled,
    Table { min: u64, alias: Alias },
}

/// An alias table: a word's top bits pick a column, and its low bits below the
/// column's cut give the column's own outcome, else its alias. Outcome [`TAIL`] is the
/// trimmed tail (the dice are rolled).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Alias {
    /// 64 less the bits that number the columns.
    shift: u32,
    /// Shared with the tables a memo keeps ([`Drawn`]): a clone is a pointer.
    columns: Arc<[Column]>,
}

/// A table kept by a caller to draw a set of attacks' hits from without looking it
/// up again (a memo's remembered round): its totals from `min`, its alias table
/// shared with the side's tables.
#[derive(Debug, Clone)]
pub(super) struct Drawn {
    min: u64,
    alias: Alias,
}

impl Drawn {
    /// The hits a word draws; None for the trimmed tail, whose attacks are rolled
    /// ([`SideTables::rolled`]).
    #[inline(always)]
    pub(super) fn hits(&self, word: u64) -> Option<u64> {
        (self.alias.outcome(word)).map(|i| self.min + u64::from(i))
    }
}

/// A column of an alias table: its cut, and its own outcome and its alias side by
/// side, read together (one lookup, one bounds check).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Column {
    cut: u64,
    outcome: [u16; 2],
}

/// The outcome that stands for the trimmed tail.
const TAIL: u16 = u16::MAX;

/// The most sets of attacks of several rolls a side keeps a joint table for; beyond,
/// each roll's total is drawn from its own table.
const MAX_JOINT: usize = 512;

/// The most rolls a joint table sums.
const MAX_PARTS: usize = 4;

/// The tables of one side, by roll and by count of attacks (1 to [`CHUNK`], or to the
/// side's size if smaller), kept while the state is replayed; and joint tables, one
/// for each set of attacks of several rolls met (a side of pikemen and archers), so
/// that a round's hits are one draw however many rolls make them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct SideTables {
    /// The most attacks a side makes in a round: its size.
    most: u32,
    rolls: Vec<(Check, Vec<Slot>)>,
    /// The joint tables, found by their key ([`key`]) with open addressing: the
    /// keys (0 for none), and each one's table in `joint`.
    keys: Vec<u64>,
    at: Vec<u32>,
    joint: Vec<Slot>,
}

impl SideTables {
    /// No tables yet, for a side of `most` combatants.
    pub(super) fn new(most: usize) -> Self {
        Self {
            most: u32::try_from(most).unwrap_or(u32::MAX).clamp(1, CHUNK),
            rolls: Vec::new(),
            keys: vec![0; 2 * MAX_JOINT],
            at: vec![0; 2 * MAX_JOINT],
            joint: Vec::new(),
        }
    }

    /// The hits of `n` attacks of `check`: drawn a table at a time where `rolls` can
    /// draw from one, else rolled attack by attack.
    #[inline]
    pub(super) fn hits(&mut self, check: Check, n: u32, rolls: &mut impl Rolls) -> u64 {
        match self.roll(check) {
            Some(at) => self.hits_of(at, n, rolls),
            None => (0..n).map(|_| added(check, rolls)).sum(),
        }
    }

    /// How many joint tables the side has built.
    pub(super) fn joint_tables(&self) -> usize {
        self.joint.len()
    }

    /// The number of `check` among this side's rolls, its tables worked out if new;
    /// None when the side keeps no more rolls.
    pub(super) fn roll(&mut self, check: Check) -> Option<usize> {
        match self.rolls.iter().position(|(c, _)| *c == check) {
            Some(at) => Some(at),
            None if self.rolls.len() < MAX_ROLLS => {
                self.rolls.push((check, tables(check, self.most)));
                Some(self.rolls.len() - 1)
            }
            None => None,
        }
    }

    /// The hits of `n` attacks of roll number `at` (a [`SideTables::roll`]).
    #[inline(always)]
    pub(super) fn hits_of(&self, at: usize, n: u32, rolls: &mut impl Rolls) -> u64 {
        // At most a table's worth (a side of up to CHUNK attacks, every round): one
        // word, one lookup.
        let (check, slots) = &self.rolls[at];
        if let Some(Slot::Table { min, alias }) = slots.get((n as usize).wrapping_sub(1)) {
            if let Some(word) = rolls.word() {
                return match alias.outcome(word) {
                    Some(i) => min + u64::from(i),
                    None => (0..n).map(|_| added(*check, rolls)).sum(),
                };
            }
        }
        self.hits_in_tables(at, n, rolls)
    }

    /// [`SideTables::hits_of`] a table's worth at a time: more attacks than a table
    /// sums, a count too wide to keep, or a source that draws no words.
    #[inline(never)]
    fn hits_in_tables(&self, at: usize, n: u32, rolls: &mut impl Rolls) -> u64 {
        let (check, slots) = &self.rolls[at];
        let (mut left, mut hits) = (n, 0);
        while left > 0 {
            let k = left.min(CHUNK);
            let drawn = match slots.get(k as usize - 1) {
                Some(Slot::Table { min, alias }) => (rolls.word())
                    .and_then(|w| alias.outcome(w))
                    .map(|i| min + u64::from(i)),
                _ => None,
            };
            hits += drawn.unwrap_or_else(|| (0..k).map(|_| added(*check, rolls)).sum());
            left -= k;
        }
        hits
    }
}

impl SideTables {
    /// The hits of a round's attacks, `parts` of them (roll number, attacks), in one
    /// draw from their joint table where the side keeps one (at most [`MAX_PARTS`]
    /// rolls of at most [`CHUNK`] attacks each); else each roll's from its own.
    pub(super) fn hits_together(&mut self, parts: &[(usize, u32)], rolls: &mut impl Rolls) -> u64 {
        match parts {
            [] => return 0,
            [(at, n)] => return self.hits_of(*at, *n, rolls),
            _ => {}
        }
        match self.joint_table(parts) {
            Some(t) => self.hits_joint(t, parts, rolls),
            None => self.each(parts, rolls),
        }
    }

    /// [`SideTables::hits_together`] of several `parts` whose joint table is number
    /// `t` (a [`SideTables::joint_table`]).
    #[inline(always)]
    fn hits_joint(&self, t: usize, parts: &[(usize, u32)], rolls: &mut impl Rolls) -> u64 {
        if let Slot::Table { min, alias } = &self.joint[t] {
            let Some(word) = rolls.word() else {
                return self.each(parts, rolls);
            };
            return match alias.outcome(word) {
                Some(i) => min + u64::from(i),
                None => self.rolled(parts, rolls),
            };
        }
        self.each(parts, rolls)
    }

    /// The table `parts` (as [`SideTables::hits_together`] takes them) draw their
    /// hits from in one word, built if new: their roll's own for one part, their
    /// joint table for several; None where they have none (they are drawn part by
    /// part, [`SideTables::each`]).
    pub(super) fn drawn(&mut self, parts: &[(usize, u32)]) -> Option<Drawn> {
        let slot = match parts {
            [(at, n)] => self.rolls[*at].1.get((*n as usize).wrapping_sub(1))?,
            _ => {
                let t = self.joint_table(parts)?;
                &self.joint[t]
            }
        };
        match slot {
            Slot::Table { min, alias } => Some(Drawn {
                min: *min,
                alias: alias.clone(),
            }),
            Slot::Rolled => None,
        }
    }

    /// Every attack of `parts` rolled: the trimmed tail of a table.
    pub(super) fn rolled(&self, parts: &[(usize, u32)], rolls: &mut impl Rolls) -> u64 {
        (parts.iter())
            .map(|&(at, n)| (0..n).map(|_| added(self.rolls[at].0, rolls)).sum::<u64>())
            .sum()
    }

    /// Each part's hits from its roll's own tables.
    pub(super) fn each(&self, parts: &[(usize, u32)], rolls: &mut impl Rolls) -> u64 {
        parts
            .iter()
            .map(|&(at, n)| self.hits_of(at, n, rolls))
            .sum()
    }

    /// The number of the joint table of `parts`, worked out if new; None when they are
    /// too many or too large, or the side keeps no more tables.
    pub(super) fn joint_table(&mut self, parts: &[(usize, u32)]) -> Option<usize> {
        let key = key(parts)?;
        let mask = self.keys.len() - 1;
        let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask;
        loop {
            match self.keys[i] {
                k if k == key => return Some(self.at[i] as usize),
                0 => break,
                _ => i = (i + 1) & mask,
            }
        }
        if self.joint.len() >= MAX_JOINT {
            return None;
        }
        let mut d = Distribution::point(0);
        for &(at, n) in parts {
            let (one, _) = CheckOdds::new(self.rolls[at].0).contribution(TRIM);
            for _ in 0..n {
                d = d.convolve(&one);
                d.trim(TRIM);
            }
        }
        self.keys[i] = key;
        self.at[i] = self.joint.len() as u32;
        self.joint.push(table(&d));
        Some(self.joint.len() - 1)
    }
}

/// A set of attacks as one number (never 0): for each part, its roll (below 16) and
/// its attacks (1 to [`CHUNK`]), 11 bits each; None beyond those bounds.
fn key(parts: &[(usize, u32)]) -> Option<u64> {
    if parts.len() > MAX_PARTS {
        return None;
    }
    parts.iter().try_fold(0u64, |key, &(at, n)| {
        ((1..=CHUNK).contains(&n) && at < 16)
            .then(|| key << 11 | 1 << 10 | (at as u64) << 6 | u64::from(n - 1))
    })
}

impl Alias {
    /// The table of outcomes with these weights (summing to 2^64), by Vose's
    /// construction in whole numbers: each column holds exactly 2^64 / columns words.
    fn new(weights: &[u128]) -> Self {
        let bits = weights.len().next_power_of_two().trailing_zeros().max(1);
        let columns = 1usize << bits;
        let each = 1u128 << (64 - bits);
        let mut w: Vec<u128> = weights.to_vec();
        w.resize(columns, 0);
        let (mut small, mut large): (Vec<usize>, Vec<usize>) =
            (0..columns).partition(|&i| w[i] < each);
        let mut cut = vec![each as u64; columns];
        let mut outcome = vec![[0u16; 2]; columns];
        let number = |i: usize| {
            if i + 1 == weights.len() {
                TAIL
            } else {
                i as u16
            }
        };
        while let (Some(&s), Some(&l)) = (small.last(), large.last()) {
            small.pop();
            cut[s] = w[s] as u64;
            // A column of no weight of its own (padding) is its alias's alone.
            let own = if w[s] == 0 { l } else { s };
            outcome[s] = [number(own), number(l)];
            w[l] -= each - w[s];
            if w[l] < each {
                large.pop();
                small.push(l);
            }
        }
        // What is left holds exactly a column each: its own outcome alone.
        for i in large.into_iter().chain(small) {
            outcome[i] = [number(i); 2];
        }
        Self {
            shift: 64 - bits,
            columns: (cut.into_iter().zip(outcome))
                .map(|(cut, outcome)| Column { cut, outcome })
                .collect(),
        }
    }

    /// The outcome a word draws: a total's offset, or None for the tail.
    #[inline(always)]
    fn outcome(&self, word: u64) -> Option<u16> {
        let column = (word >> self.shift) as usize;
        let low = word & ((1u64 << self.shift) - 1);
        // Both read, then one picked by a shift: the pick waits on the cut alone,
        // not on a second read after it.
        let Column {
            cut,
            outcome: [own, alias],
        } = self.columns[column];
        let both = u32::from(own) | u32::from(alias) << 16;
        let i = (both >> (16 * u32::from(low >= cut))) as u16;
        (i != TAIL).then_some(i)
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
    // of the exact cumulative chance. Each total's weight is the step between two
    // thresholds; the tail's, what the last leaves of 2^64.
    let mut below = 0u64;
    let mut weights: Vec<u128> = d
        .cumulative()
        .map(|c| {
            let t = if c >= 1.0 {
                u64::MAX
            } else {
                (c * WORDS) as u64
            }
            .max(below);
            let w = t - below;
            below = t;
            u128::from(w)
        })
        .collect();
    weights.push((1u128 << 64) - u128::from(below));
    Slot::Table {
        min: d.min() as u64,
        alias: Alias::new(&weights),
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

    /// Each outcome's share of the 2^64 words, as the alias table deals them.
    fn shares(alias: &Alias, outcomes: usize) -> Vec<u128> {
        let each = 1u128 << alias.shift;
        let mut share = vec![0u128; outcomes];
        let index = |o: u16| {
            if o == TAIL {
                outcomes - 1
            } else {
                usize::from(o)
            }
        };
        for &Column {
            cut,
            outcome: [own, other],
        } in alias.columns.iter()
        {
            share[index(own)] += u128::from(cut);
            share[index(other)] += each - u128::from(cut);
        }
        share
    }

    #[test]
    fn an_alias_table_gives_each_outcome_exactly_its_weight() {
        let cases: [&[u128]; 4] = [
            &[1 << 64],
            &[1 << 63, 1 << 62, 1 << 62],
            &[3, (1 << 64) - 10, 7],
            &[(1 << 64) / 3, (1 << 64) / 3, (1 << 64) / 3 + 1, 0, 0],
        ];
        for weights in cases {
            let alias = Alias::new(weights);
            assert_eq!(shares(&alias, weights.len()), weights, "{weights:?}");
        }
        // A word in the first column, below its cut, draws its own outcome; the word
        // at the very top draws the last column's.
        let alias = Alias::new(&[1 << 63, 1 << 62, 1 << 62]);
        assert_eq!(alias.outcome(0), Some(0));
        assert_eq!(
            alias.outcome(u64::MAX),
            None,
            "the last weight is the tail's"
        );
    }

    #[test]
    fn attacks_of_several_rolls_drawn_together_have_their_sums_law() {
        // 5 attacks with two bonus dice and 3 with none: one joint table, whose
        // shares are the exact law of the sum, and whose draws have its mean.
        let mut tables = SideTables::new(8);
        let (a, b) = (
            tables.roll(check(2)).unwrap(),
            tables.roll(check(0)).unwrap(),
        );
        let parts = [(a, 5), (b, 3)];
        let t = tables.joint_table(&parts).unwrap();
        assert_eq!(tables.joint_table(&parts), Some(t), "kept, not built again");
        let exact = SideHits::new(&[(5, check(2)), (3, check(0))]).distribution;
        let Slot::Table { min, alias } = &tables.joint[t] else {
            panic!("a table")
        };
        let width = (exact.max() - exact.min() + 2) as usize;
        let share = shares(alias, width);
        for (i, &w) in share[..width - 1].iter().enumerate() {
            let p = w as f64 / WORDS;
            assert!((p - exact.p(*min as i64 + i as i64)).abs() < 1e-12, "{i}");
        }
        let mut rolls = SeededRolls::new(9).drawing_whole();
        let n = 100_000;
        let sum: u64 = (0..n)
            .map(|_| tables.hits_together(&parts, &mut rolls))
            .sum();
        let se = (exact.variance() / f64::from(n)).sqrt();
        assert!((sum as f64 / f64::from(n) - exact.mean()).abs() < 4.0 * se);
        // No attacks: no hits, nothing drawn.
        let mut dice = ScriptedRolls::dice([6; 4]);
        assert_eq!(SideTables::new(2).hits_together(&[], &mut dice), 0);
        assert_eq!(dice.remaining(), 4);
    }

    #[test]
    fn each_table_is_its_counts_exact_distribution() {
        let all = tables(check(2), 32);
        assert_eq!(all.len(), 32);
        for (k, slot) in all.iter().enumerate() {
            let Slot::Table { min, alias } = slot else {
                panic!("a table")
            };
            let exact = SideHits::new(&[(k as u64 + 1, check(2))]).distribution;
            let width = (exact.max() - exact.min() + 2) as usize;
            let share = shares(alias, width);
            assert_eq!(share.iter().sum::<u128>(), 1 << 64, "every word draws");
            // The tail: within 1e-13 of nothing (the trimmed tails and the sums'
            // rounding).
            assert!((share[width - 1] as f64) < WORDS * 1e-13);
            for (i, &w) in share[..width - 1].iter().enumerate() {
                let p = w as f64 / WORDS;
                assert!(
                    (p - exact.p(*min as i64 + i as i64)).abs() < 1e-12,
                    "{k} {i}"
                );
            }
        }
    }
}
