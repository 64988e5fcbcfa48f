//! The one randomness interface of fray.
//!
//! Every rule that needs chance asks a [`Rolls`] source. Games and simulations use
//! [`SeededRolls`] (ChaCha8, named explicitly so the same seed gives the same numbers on
//! every platform and release); tests use [`ScriptedRolls`] to fix each roll in advance.

use std::collections::VecDeque;

use chacha20::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// A source of random rolls. The only way rules code reaches chance.
pub trait Rolls {
    /// A uniform integer in `1..=sides`. `sides` is at least 1.
    fn die(&mut self, sides: u32) -> u32;

    /// A uniform real number in `[0, 1)`.
    fn unit(&mut self) -> f64;
}

impl<R: Rolls + ?Sized> Rolls for &mut R {
    fn die(&mut self, sides: u32) -> u32 {
        (**self).die(sides)
    }
    fn unit(&mut self) -> f64 {
        (**self).unit()
    }
}

/// The seeded generator: reproducible for a seed and a stream.
///
/// Streams let parallel work stay reproducible: give each fixed-size chunk of trials its
/// own stream (not each thread), and the result does not depend on the thread count.
///
/// ```
/// use fray::rng::{Rolls, SeededRolls};
/// let mut a = SeededRolls::new(7);
/// let mut b = SeededRolls::new(7);
/// assert_eq!(a.die(20), b.die(20));
/// ```
#[derive(Debug)]
pub struct SeededRolls {
    rng: ChaCha8Rng,
}

impl SeededRolls {
    /// A generator for `seed`, on stream 0.
    pub fn new(seed: u64) -> Self {
        Self::with_stream(seed, 0)
    }

    /// A generator for `seed` on an independent `stream`.
    pub fn with_stream(seed: u64, stream: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        Self { rng }
    }
}

impl Rolls for SeededRolls {
    fn die(&mut self, sides: u32) -> u32 {
        self.rng.random_range(1..=sides.max(1))
    }
    fn unit(&mut self) -> f64 {
        self.rng.random::<f64>()
    }
}

/// Rolls fixed in advance, for tests and worked examples.
///
/// ```
/// use fray::rng::{Rolls, ScriptedRolls};
/// let mut rolls = ScriptedRolls::dice([6, 1]);
/// assert_eq!(rolls.die(6), 6);
/// assert_eq!(rolls.die(6), 1);
/// ```
///
/// # Panics
/// A scripted source is a testing tool: it panics, naming the roll, when the script runs
/// out or a scripted die is outside `1..=sides`, because either means the test is wrong.
#[derive(Debug, Clone, Default)]
pub struct ScriptedRolls {
    dice: VecDeque<u32>,
    units: VecDeque<f64>,
    used: usize,
}

impl ScriptedRolls {
    /// A script of die results, used in order.
    pub fn dice(results: impl IntoIterator<Item = u32>) -> Self {
        Self {
            dice: results.into_iter().collect(),
            ..Self::default()
        }
    }

    /// Adds a script of unit-interval results, used in order by [`Rolls::unit`].
    pub fn with_units(mut self, results: impl IntoIterator<Item = f64>) -> Self {
        self.units = results.into_iter().collect();
        self
    }

    /// How many scripted die results are left.
    pub fn remaining(&self) -> usize {
        self.dice.len()
    }
}

impl Rolls for ScriptedRolls {
    fn die(&mut self, sides: u32) -> u32 {
        self.used += 1;
        let Some(value) = self.dice.pop_front() else {
            panic!("scripted rolls ran out at roll {} (a d{sides})", self.used);
        };
        assert!(
            (1..=sides).contains(&value),
            "scripted roll {} is {value}, outside 1..={sides}",
            self.used
        );
        value
    }

    fn unit(&mut self) -> f64 {
        let Some(value) = self.units.pop_front() else {
            panic!("scripted unit rolls ran out");
        };
        assert!(
            (0.0..1.0).contains(&value),
            "scripted unit {value} outside [0, 1)"
        );
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_rolls_and_streams_differ() {
        let roll = |seed, stream| {
            let mut r = SeededRolls::with_stream(seed, stream);
            (0..32).map(|_| r.die(20)).collect::<Vec<_>>()
        };
        assert_eq!(roll(1, 0), roll(1, 0));
        assert_ne!(roll(1, 0), roll(1, 1));
        assert_ne!(roll(1, 0), roll(2, 0));
    }

    #[test]
    fn dice_stay_in_range_and_cover_every_face() {
        let mut r = SeededRolls::new(3);
        let mut seen = [false; 6];
        for _ in 0..600 {
            let v = r.die(6);
            assert!((1..=6).contains(&v));
            seen[v as usize - 1] = true;
        }
        assert!(seen.iter().all(|s| *s));
    }

    #[test]
    fn a_borrowed_source_rolls_as_the_source_itself() {
        let mut direct = SeededRolls::new(11);
        let mut owned = SeededRolls::new(11);
        let mut borrowed = &mut owned;
        for _ in 0..16 {
            assert_eq!(Rolls::die(&mut borrowed, 20), direct.die(20));
            assert_eq!(
                Rolls::unit(&mut borrowed).to_bits(),
                direct.unit().to_bits()
            );
        }
    }

    #[test]
    fn scripted_rolls_come_back_in_order_and_count_down() {
        let mut r = ScriptedRolls::dice([4, 2]).with_units([0.25, 0.5]);
        assert_eq!(r.remaining(), 2);
        assert_eq!(r.die(6), 4);
        assert_eq!(r.remaining(), 1);
        assert_eq!(r.unit(), 0.25);
        assert_eq!(r.unit(), 0.5);
        assert_eq!(r.die(6), 2);
        assert_eq!(r.remaining(), 0);
    }

    #[test]
    #[should_panic(expected = "ran out at roll 2 (a d6)")]
    fn scripted_rolls_say_when_they_run_out() {
        let mut r = ScriptedRolls::dice([3]);
        r.die(6);
        r.die(6);
    }
}
