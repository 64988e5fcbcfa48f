//! Rolling checks through the one randomness interface.

use super::model::{Check, CheckResult};
use super::resolve::judge;
use crate::rng::Rolls;

/// More explosions than this cannot happen with a fair die (6^-1000); a rigged source
/// stops here instead of looping forever.
const MAX_EXPLOSIONS: u32 = 1_000;

/// A rolled check, with what the dice showed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RolledCheck {
    /// The result.
    pub result: CheckResult,
    /// Dice rolled.
    pub dice: u32,
    /// Hits among them.
    pub hits: u32,
    /// Degrees added by the exploding die.
    pub explosions: u32,
}

/// Rolls a check: each die hits on TN or lower; then the success rule; then, on all hits
/// or all misses, a d6 that adds a degree on each 1 and rolls again.
///
/// ```
/// use fray::pool::{roll_check, Check};
/// use fray::rng::ScriptedRolls;
/// let check = Check::new("3/6".parse().unwrap(), 1, 0).unwrap();
/// // Two dice: 2 and 3 both hit (all hits), then the d6 shows 1, 1, 4: two explosions.
/// let r = roll_check(check, &mut ScriptedRolls::dice([2, 3, 1, 1, 4]));
/// assert!(r.result.success);
/// assert_eq!(r.result.degree, 4);
/// ```
// Inlined: a battle's attack loop is mostly this, and a call costs it a fifth.
#[inline(always)]
pub fn roll_check(check: Check, rolls: &mut impl Rolls) -> RolledCheck {
    let dice = check.dice();
    let hits = rolls.hits(dice, check.rung.die, check.rung.tn);
    let j = judge(hits, dice, check.has_penalty());
    let explosions = rolls.explosions(j.explodes, 6, 1, MAX_EXPLOSIONS);
    RolledCheck {
        result: CheckResult {
            success: j.success,
            degree: j.degree + explosions,
        },
        dice,
        hits,
        explosions,
    }
}
