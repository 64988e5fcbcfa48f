//! Data types of the pool system: the difficulty ladder, checks, and their results.

use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The most bonus or penalty dice a check may have, so odds stay quick to compute.
pub const MAX_EXTRA_DICE: u32 = 100;
/// The largest base die of a ladder: it gives base − 1 rungs, so this bounds the ladder's
/// size (a d100 base, for percentile designs, fits).
pub const MAX_BASE_DIE: u32 = 1_000;
/// The largest of a ladder's larger dice (each gives only two rungs).
pub const MAX_LARGER_DIE: u32 = 1_000_000;
/// The most larger dice a ladder may have.
pub const MAX_LARGER_DICE: usize = 64;
/// Error messages quote at most this many characters of the input.
const QUOTED: usize = 40;

/// A difficulty: roll `tn` or lower on a `die`-sided die to score a hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "String", into = "String")]
pub struct Rung {
    /// The target number.
    pub tn: u32,
    /// The die size.
    pub die: u32,
}

impl Rung {
    /// The chance that one die hits.
    pub fn p_hit(self) -> f64 {
        f64::from(self.tn) / f64::from(self.die)
    }
}

impl fmt::Display for Rung {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.tn, self.die)
    }
}

/// Why a rung, a ladder or a check was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    /// Not of the form `TN/D`.
    #[error("`{0}` is not a difficulty: expected TN/D, such as 3/6")]
    Syntax(String),
    /// A well-formed difficulty that is not a rung of the ladder.
    #[error("{rung} is not on the ladder: its rungs are {ladder}")]
    OffLadder {
        /// The refused rung.
        rung: Rung,
        /// The ladder, written out (a long one only by its ends, so messages stay short).
        ladder: String,
    },
    /// A ladder whose dice do not grow, or that would be too large.
    #[error(
        "a ladder needs a base die from 2 to {MAX_BASE_DIE} sides and at most {MAX_LARGER_DICE} larger dice in increasing order, each at most {MAX_LARGER_DIE}: {0}"
    )]
    BadLadder(String),
    /// Too many extra dice.
    #[error("{0} extra dice is too many: at most {MAX_EXTRA_DICE} bonus or penalty dice")]
    TooManyDice(u32),
    /// Exact odds that would take too long to compute, and what to do instead.
    #[error("{0}")]
    TooMuchWork(String),
    /// A check spec that could not be read.
    #[error("`{text}`: {why}")]
    Spec {
        /// The spec.
        text: String,
        /// What was wrong.
        why: String,
    },
}

impl FromStr for Rung {
    type Err = PoolError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let syntax = || PoolError::Syntax(excerpt(s.trim()));
        let (tn, die) = s.trim().split_once('/').ok_or_else(syntax)?;
        let tn: u32 = tn.trim().parse().map_err(|_| syntax())?;
        let die: u32 = die.trim().parse().map_err(|_| syntax())?;
        if die == 0 || tn == 0 || tn >= die {
            return Err(syntax());
        }
        Ok(Self { tn, die })
    }
}

impl TryFrom<String> for Rung {
    type Error = PoolError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Rung> for String {
    fn from(r: Rung) -> Self {
        r.to_string()
    }
}

/// The ladder of difficulties, hardest first.
///
/// Built from a base die and larger dice: `1/D` for each larger die (largest first), then
/// `1/base` to `(base−1)/base`, then `(D−1)/D` for each larger die. A step moves one
/// rung; steps past either end are lost.
///
/// ```
/// use fray::pool::{Ladder, Rung};
/// let ladder = Ladder::standard();
/// assert_eq!(ladder.to_string(), "1/20 1/12 1/10 1/8 1/6 2/6 3/6 4/6 5/6 7/8 9/10 11/12 19/20");
/// let seven_eighths: Rung = "7/8".parse().unwrap();
/// assert_eq!(ladder.step(seven_eighths, -1).unwrap().to_string(), "5/6");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ladder {
    rungs: Vec<Rung>,
}

impl Ladder {
    /// The text's ladder: base d6, larger dice d8, d10, d12, d20.
    pub fn standard() -> Self {
        Self::new(6, &[8, 10, 12, 20]).unwrap_or_else(|_| Self { rungs: Vec::new() })
    }

    /// A ladder on other dice: `base` from 2 to [`MAX_BASE_DIE`], at most
    /// [`MAX_LARGER_DICE`] larger dice, increasing, each at most [`MAX_LARGER_DIE`].
    /// Checked before anything is allocated, so a huge base is refused at once.
    pub fn new(base: u32, larger: &[u32]) -> Result<Self, PoolError> {
        let bad = |why: String| Err(PoolError::BadLadder(why));
        if !(2..=MAX_BASE_DIE).contains(&base) {
            return bad(format!("got base d{base}"));
        }
        if larger.len() > MAX_LARGER_DICE {
            return bad(format!("got {} larger dice", larger.len()));
        }
        if let Some(w) = larger.windows(2).find(|w| w[0] >= w[1]) {
            return bad(format!("d{} comes after d{}", w[1], w[0]));
        }
        if let Some(d) = larger.first().filter(|d| **d <= base) {
            return bad(format!("larger die d{d} is not larger than base d{base}"));
        }
        if let Some(d) = larger.last().filter(|d| **d > MAX_LARGER_DIE) {
            return bad(format!("got d{d}"));
        }
        let hard = larger.iter().rev().map(|&die| Rung { tn: 1, die });
        let middle = (1..base).map(|tn| Rung { tn, die: base });
        let easy = larger.iter().map(|&die| Rung { tn: die - 1, die });
        Ok(Self {
            rungs: hard.chain(middle).chain(easy).collect(),
        })
    }

    /// The rungs, hardest first.
    pub fn rungs(&self) -> &[Rung] {
        &self.rungs
    }

    /// The position of a rung, or why it is not on this ladder.
    pub fn position(&self, rung: Rung) -> Result<usize, PoolError> {
        self.rungs
            .iter()
            .position(|r| *r == rung)
            .ok_or_else(|| PoolError::OffLadder {
                rung,
                ladder: self.summary(),
            })
    }

    /// The ladder written out, or for a long one its first and last rungs and their
    /// number: error messages never list hundreds of rungs.
    pub fn summary(&self) -> String {
        const ENDS: usize = 5;
        if self.rungs.len() <= 3 * ENDS {
            return self.to_string();
        }
        let names = |rungs: &[Rung]| {
            rungs
                .iter()
                .map(Rung::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        format!(
            "{} … {} ({} rungs)",
            names(&self.rungs[..ENDS]),
            names(&self.rungs[self.rungs.len() - ENDS..]),
            self.rungs.len()
        )
    }

    /// Reads a rung and checks that it is on this ladder.
    pub fn parse(&self, text: &str) -> Result<Rung, PoolError> {
        let rung: Rung = text.parse()?;
        self.position(rung).map(|_| rung)
    }

    /// The rung `steps` easier (positive) or harder (negative), stopping at the ends.
    pub fn step(&self, rung: Rung, steps: i64) -> Result<Rung, PoolError> {
        let at = self.position(rung)? as i64;
        let to = at
            .saturating_add(steps)
            .clamp(0, self.rungs.len() as i64 - 1);
        Ok(self.rungs[to as usize])
    }
}

impl FromStr for Ladder {
    type Err = PoolError;
    /// `BASE:LARGER,LARGER...`, e.g. `6:8,10,12,20` (the standard ladder) or `10:12,20`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = |why: &str| PoolError::Spec {
            text: excerpt(s.trim()),
            why: why.to_string(),
        };
        let (base, larger) = s.split_once(':').unwrap_or((s, ""));
        let base: u32 = base.trim().parse().map_err(|_| {
            bad(&format!(
                "expected BASE:LARGER,..., such as 6:8,10,12,20 (a base die from 2 to {MAX_BASE_DIE})"
            ))
        })?;
        // Counted before any list is built, so a huge list costs nothing.
        if larger.split(',').filter(|d| !d.trim().is_empty()).count() > MAX_LARGER_DICE {
            return Err(bad(&format!("at most {MAX_LARGER_DICE} larger dice")));
        }
        let larger = larger
            .split(',')
            .map(str::trim)
            .filter(|d| !d.is_empty())
            .map(|d| {
                d.parse::<u32>()
                    .map_err(|_| bad("expected die sizes separated by commas after `:`"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Self::new(base, &larger)
    }
}

impl fmt::Display for Ladder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.rungs.iter().map(Rung::to_string).collect();
        f.write_str(&names.join(" "))
    }
}

/// A check: a difficulty with bonus and penalty dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Check {
    /// The difficulty.
    pub rung: Rung,
    /// Bonus dice.
    #[serde(default)]
    pub bonus: u32,
    /// Penalty dice.
    #[serde(default)]
    pub penalty: u32,
}

impl Check {
    /// A check at `rung` with bonus and penalty dice (at most [`MAX_EXTRA_DICE`] each).
    pub fn new(rung: Rung, bonus: u32, penalty: u32) -> Result<Self, PoolError> {
        match bonus.max(penalty) {
            extra if extra > MAX_EXTRA_DICE => Err(PoolError::TooManyDice(extra)),
            _ => Ok(Self {
                rung,
                bonus,
                penalty,
            }),
        }
    }

    /// Bonus and penalty dice cancel one for one; what is left: (bonus, penalty).
    pub fn net(self) -> (u32, u32) {
        (
            self.bonus.saturating_sub(self.penalty),
            self.penalty.saturating_sub(self.bonus),
        )
    }

    /// Dice rolled: one plus the extra dice left after cancelling.
    pub fn dice(self) -> u32 {
        let (bonus, penalty) = self.net();
        1 + bonus + penalty
    }

    /// Whether penalty dice remain after cancelling (then any miss fails).
    pub fn has_penalty(self) -> bool {
        self.net().1 > 0
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rung)?;
        if self.bonus > 0 {
            write!(f, "+{}b", self.bonus)?;
        }
        if self.penalty > 0 {
            write!(f, "+{}p", self.penalty)?;
        }
        Ok(())
    }
}

/// The result of a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CheckResult {
    /// Success or failure.
    pub success: bool,
    /// Degree of success (hits) or of failure (misses), explosions included.
    pub degree: u32,
}

/// The most combatants a side spec may hold in all.
pub const MAX_SIDE: u64 = 10_000_000;

/// Reads a side: comma-separated checks written `[COUNTx]RUNG[+Nb][+Np]`, such as
/// `5x3/6+3b,2x1/8+2p`. Every rung must be on `ladder`.
///
/// ```
/// use fray::pool::{parse_side, Ladder};
/// let side = parse_side("7x4/6+1b, 2x1/8+2p", &Ladder::standard()).unwrap();
/// assert_eq!(side.len(), 2);
/// assert_eq!((side[1].0, side[1].1.penalty), (2, 2));
/// ```
pub fn parse_side(spec: &str, ladder: &Ladder) -> Result<Vec<(u64, Check)>, PoolError> {
    let mut side = Vec::new();
    let mut total = 0u64;
    for part in spec.split(',').map(str::trim) {
        let bad = |why: &str| PoolError::Spec {
            text: excerpt(part),
            why: why.to_string(),
        };
        if part.is_empty() {
            return Err(PoolError::Spec {
                text: excerpt(spec),
                why: "an empty check between commas".into(),
            });
        }
        let (count, rest) = match part.split_once(['x', 'X']) {
            Some((n, rest)) => (
                n.trim().parse::<u64>().map_err(|_| {
                    bad(&format!(
                        "expected a count from 1 to {MAX_SIDE} before `x`, such as 5x3/6"
                    ))
                })?,
                rest,
            ),
            None => (1, part),
        };
        let mut pieces = rest.split('+').map(str::trim);
        let rung = ladder.parse(pieces.next().unwrap_or_default())?;
        let (mut bonus, mut penalty) = (0u32, 0u32);
        for piece in pieces {
            // The kind is the last character, whatever its width: never split inside one.
            let mut chars = piece.chars();
            let kind = chars.next_back();
            let n: u32 = chars.as_str().parse().map_err(|_| {
                bad(&format!(
                    "expected +Nb (bonus dice) or +Np (penalty dice), N from 0 to {MAX_EXTRA_DICE}, after the difficulty"
                ))
            })?;
            match kind {
                Some('b' | 'B') => bonus = bonus.saturating_add(n),
                Some('p' | 'P') => penalty = penalty.saturating_add(n),
                _ => {
                    return Err(bad(
                        "expected +Nb (bonus dice) or +Np (penalty dice) after the difficulty",
                    ));
                }
            }
        }
        total = total.saturating_add(count);
        if count == 0 || total > MAX_SIDE {
            return Err(bad(&format!(
                "a side holds from 1 to {MAX_SIDE} combatants"
            )));
        }
        side.push((count, Check::new(rung, bonus, penalty)?));
    }
    Ok(side)
}

/// At most [`QUOTED`] characters of `text` (cut on a character boundary), so an error
/// about a huge input stays short.
fn excerpt(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}
