//! Dice expressions such as `2d6+1d4+3`, rolled through [`Rolls`] or computed exactly.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::dist::Distribution;
use crate::rng::Rolls;

/// The most dice one expression may hold, so exact distributions stay small.
pub const MAX_DICE: u32 = 1_000;
/// The most sides a die may have.
pub const MAX_SIDES: u32 = 10_000;
/// The largest flat modifier, in absolute value.
pub const MAX_MODIFIER: i64 = 1_000_000;
/// The most work (values touched, see [`DiceExpr::exact_work`]) an exact distribution
/// may take: a fraction of a second. `1000d100` fits; `1000d10000` (five billion) does
/// not and must be sampled instead.
pub const MAX_EXACT_WORK: u64 = 500_000_000;

/// A group of identical dice: `count`d`sides`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceGroup {
    /// How many dice (at most [`MAX_DICE`] over the whole expression).
    pub count: u32,
    /// Faces of each die, 1 to [`MAX_SIDES`]: each rolls 1..=sides.
    pub sides: u32,
}

/// A sum of dice groups and a flat modifier.
///
/// ```
/// use fray::dice::DiceExpr;
/// let e: DiceExpr = "2d6+3".parse().unwrap();
/// assert_eq!((e.min(), e.max()), (5, 15));
/// assert!((e.distribution().mean() - 10.0).abs() < 1e-12);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct DiceExpr {
    groups: Vec<DiceGroup>,
    modifier: i64,
}

/// Why a dice expression was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// Not of the form `NdM+K`.
    #[error("`{text}` is not a dice expression: expected terms like 2d6, d8 or 3 joined by + or -")]
    Syntax {
        /// The refused text.
        text: String,
    },
    /// A number beyond the limits.
    #[error(
        "`{text}` is too large: at most {MAX_DICE} dice of at most {MAX_SIDES} sides, and a modifier of at most {MAX_MODIFIER}"
    )]
    TooLarge {
        /// The refused text.
        text: String,
    },
    /// An exact distribution too costly to compute: sample it instead.
    #[error(
        "the exact distribution of `{text}` would take {work} steps, more than {MAX_EXACT_WORK}: roll it instead (`roll`), or use fewer or smaller dice"
    )]
    TooMuchWork {
        /// The expression.
        text: String,
        /// Its cost, by [`DiceExpr::exact_work`].
        work: u64,
    },
    /// A zero-sided die.
    #[error("`{text}` has a die with no sides")]
    NoSides {
        /// The refused text.
        text: String,
    },
}

impl DiceExpr {
    /// A fixed amount where a dice expression is expected: damage that does not roll.
    pub fn constant(value: i64) -> Self {
        Self {
            groups: Vec::new(),
            modifier: value,
        }
    }

    /// The dice groups.
    pub fn groups(&self) -> &[DiceGroup] {
        &self.groups
    }

    /// The flat modifier.
    pub fn modifier(&self) -> i64 {
        self.modifier
    }

    /// True when no dice are rolled.
    pub fn is_constant(&self) -> bool {
        self.groups.is_empty()
    }

    /// The smallest total.
    pub fn min(&self) -> i64 {
        self.groups.iter().map(|g| i64::from(g.count)).sum::<i64>() + self.modifier
    }

    /// The largest total.
    pub fn max(&self) -> i64 {
        self.groups
            .iter()
            .map(|g| i64::from(g.count) * i64::from(g.sides))
            .sum::<i64>()
            + self.modifier
    }

    /// Rolls the expression: every die through `rolls`, in order, plus the modifier. The
    /// same seeded [`Rolls`] gives the same total on every platform.
    pub fn roll(&self, rolls: &mut impl Rolls) -> i64 {
        let dice: i64 = self
            .groups
            .iter()
            .flat_map(|g| (0..g.count).map(move |_| g.sides))
            .map(|sides| i64::from(rolls.die(sides)))
            .sum();
        dice + self.modifier
    }

    /// The exact distribution of the total. Each die is added by a running window sum
    /// ([`Distribution::add_uniform`]), so the cost is [`DiceExpr::exact_work`]: check it
    /// against [`MAX_EXACT_WORK`] first (or call [`DiceExpr::try_distribution`]) when
    /// the expression comes from a user.
    pub fn distribution(&self) -> Distribution {
        let mut total = Distribution::point(self.modifier);
        for g in &self.groups {
            for _ in 0..g.count {
                total = total.add_uniform(1, i64::from(g.sides));
            }
        }
        total
    }

    /// The values [`DiceExpr::distribution`] touches: for each die, the support so far
    /// plus the die's sides. Grows as dice² × sides, so it is checked before computing.
    pub fn exact_work(&self) -> u64 {
        let mut support = 1u64;
        let mut work = 0u64;
        for g in &self.groups {
            for _ in 0..g.count {
                work = work.saturating_add(support + u64::from(g.sides));
                support += u64::from(g.sides) - 1;
            }
        }
        work
    }

    /// The exact distribution, or [`DiceError::TooMuchWork`] when it would take more
    /// than [`MAX_EXACT_WORK`].
    pub fn try_distribution(&self) -> Result<Distribution, DiceError> {
        self.check_exact()?;
        Ok(self.distribution())
    }

    /// Whether the exact distribution is affordable ([`MAX_EXACT_WORK`]), before any
    /// caller computes it.
    pub fn check_exact(&self) -> Result<(), DiceError> {
        let work = self.exact_work();
        if work > MAX_EXACT_WORK {
            return Err(DiceError::TooMuchWork {
                text: self.to_string(),
                work,
            });
        }
        Ok(())
    }
}

impl FromStr for DiceExpr {
    type Err = DiceError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let syntax = || DiceError::Syntax { text: text.into() };
        let too_large = || DiceError::TooLarge { text: text.into() };
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.is_empty() {
            return Err(syntax());
        }
        let mut expr = Self::constant(0);
        let mut dice = 0u32;
        for (sign, term) in signed_terms(&compact).ok_or_else(syntax)? {
            match term.to_ascii_lowercase().split_once('d') {
                Some((count, sides)) => {
                    if sign < 0 {
                        return Err(syntax());
                    }
                    let count = if count.is_empty() {
                        Ok(1)
                    } else {
                        count.parse::<u32>()
                    };
                    let (count, sides) = match (count, sides.parse::<u32>()) {
                        (Ok(c), Ok(s)) => (c, s),
                        (Err(e), _) | (_, Err(e)) if overflowed(&e) => return Err(too_large()),
                        _ => return Err(syntax()),
                    };
                    if sides == 0 {
                        return Err(DiceError::NoSides { text: text.into() });
                    }
                    dice = dice.saturating_add(count);
                    if dice > MAX_DICE || sides > MAX_SIDES {
                        return Err(too_large());
                    }
                    expr.groups.push(DiceGroup { count, sides });
                }
                None => {
                    let value: i64 = term.parse().map_err(|e| {
                        if overflowed(&e) {
                            too_large()
                        } else {
                            syntax()
                        }
                    })?;
                    expr.modifier += sign * value;
                    if expr.modifier.abs() > MAX_MODIFIER {
                        return Err(too_large());
                    }
                }
            }
        }
        Ok(expr)
    }
}

/// A number too long for its type was absurd, not malformed.
fn overflowed(e: &std::num::ParseIntError) -> bool {
    matches!(e.kind(), std::num::IntErrorKind::PosOverflow)
}

/// Splits `2d6+3-1` into signed terms; `None` on an empty term.
fn signed_terms(text: &str) -> Option<Vec<(i64, &str)>> {
    let mut terms = Vec::new();
    let mut sign = 1;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if c == '+' || c == '-' {
            if i == 0 && c == '-' {
                sign = -1;
                start = 1;
                continue;
            }
            terms.push((sign, text.get(start..i).filter(|t| !t.is_empty())?));
            sign = if c == '-' { -1 } else { 1 };
            start = i + 1;
        }
    }
    terms.push((sign, text.get(start..).filter(|t| !t.is_empty())?));
    Some(terms)
}

impl fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for g in &self.groups {
            if !first {
                f.write_str("+")?;
            }
            write!(f, "{}d{}", g.count, g.sides)?;
            first = false;
        }
        match (first, self.modifier) {
            (true, m) => write!(f, "{m}"),
            (false, 0) => Ok(()),
            (false, m) if m > 0 => write!(f, "+{m}"),
            (false, m) => write!(f, "{m}"),
        }
    }
}

impl TryFrom<String> for DiceExpr {
    type Error = DiceError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<DiceExpr> for String {
    fn from(e: DiceExpr) -> Self {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::ScriptedRolls;

    #[test]
    fn exact_work_counts_the_support_so_far_plus_each_die() {
        let work = |text: &str| text.parse::<DiceExpr>().unwrap().exact_work();
        // 2d6: the first die touches 1 + 6 values, the second the 6 totals so far + 6.
        assert_eq!(work("2d6"), 7 + 12);
        // 3d4: 1 + 4, then 4 + 4, then 7 + 4.
        assert_eq!(work("3d4+9"), 5 + 8 + 11);
        assert_eq!(work("12"), 0);
    }

    #[test]
    fn exactly_the_work_bound_is_affordable_and_one_more_die_is_not() {
        let at_bound: DiceExpr = "315d9984+1d814".parse().unwrap();
        assert_eq!(at_bound.exact_work(), MAX_EXACT_WORK);
        assert!(at_bound.check_exact().is_ok());
        let over: DiceExpr = "315d9984+1d815".parse().unwrap();
        assert!(matches!(
            over.check_exact(),
            Err(DiceError::TooMuchWork { work, .. }) if work == MAX_EXACT_WORK + 1
        ));
    }

    #[test]
    fn the_modifier_bound_is_inclusive_and_serde_writes_the_notation() {
        assert!(format!("2d6+{MAX_MODIFIER}").parse::<DiceExpr>().is_ok());
        assert!(matches!(
            format!("2d6+{}", MAX_MODIFIER + 1).parse::<DiceExpr>(),
            Err(DiceError::TooLarge { .. })
        ));
        let e: DiceExpr = "2d6+3".parse().unwrap();
        assert_eq!(String::from(e), "2d6+3");
    }

    #[test]
    fn an_expression_shows_its_groups_and_modifier() {
        let e: DiceExpr = "1d4 + 2d6 - 1".parse().unwrap();
        assert_eq!(
            e.groups(),
            [
                DiceGroup { count: 1, sides: 4 },
                DiceGroup { count: 2, sides: 6 }
            ]
        );
        assert_eq!(e.modifier(), -1);
        assert!(!e.is_constant());
        let flat: DiceExpr = "7".parse().unwrap();
        assert!(flat.is_constant());
        assert_eq!(flat.modifier(), 7);
    }

    #[test]
    fn parses_and_prints_expressions() {
        for (text, shown) in [
            ("2d6+3", "2d6+3"),
            ("d8", "1d8"),
            ("1d4 + 2d6 - 1", "1d4+2d6-1"),
            ("7", "7"),
            ("-2", "-2"),
        ] {
            let e: DiceExpr = text.parse().unwrap();
            assert_eq!(e.to_string(), shown);
        }
    }

    #[test]
    fn refuses_bad_and_absurd_expressions() {
        for bad in ["", "d", "2d", "2x6", "1d6+", "+", "-1d6", "3d6++1"] {
            assert!(
                matches!(bad.parse::<DiceExpr>(), Err(DiceError::Syntax { .. })),
                "{bad}"
            );
        }
        for huge in [
            "1001d6",
            "1d10001",
            "99999999999d6",
            "2000000",
            "1d6+99999999999999999999",
        ] {
            assert!(
                matches!(huge.parse::<DiceExpr>(), Err(DiceError::TooLarge { .. })),
                "{huge}"
            );
        }
        assert!(matches!(
            "1d0".parse::<DiceExpr>(),
            Err(DiceError::NoSides { .. })
        ));
    }

    #[test]
    fn rolls_through_the_interface() {
        let e: DiceExpr = "2d6+1d4+3".parse().unwrap();
        let mut rolls = ScriptedRolls::dice([6, 2, 4]);
        assert_eq!(e.roll(&mut rolls), 15);
        assert_eq!(rolls.remaining(), 0);
    }

    #[test]
    fn distribution_spans_min_to_max() {
        let e: DiceExpr = "3d4-2".parse().unwrap();
        let d = e.distribution();
        assert_eq!((d.min(), d.max()), (e.min(), e.max()));
        assert!((d.p(1) - 1.0 / 64.0).abs() < 1e-12);
    }
}
