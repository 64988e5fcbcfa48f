//! Exact distributions of damage when the amount is rolled on dice.

use super::defender::Defender;
use super::model::Hit;
use super::resolve::{Readings, resolve_with};
use crate::dice::DiceExpr;
use crate::dist::Distribution;
use crate::trace::NoTrace;

/// The exact distribution of final damage when `dice` are rolled and added to the hit's
/// own amount (a negative total deals 0).
///
/// Resolution is deterministic given the amount, so this maps each total of the dice
/// distribution through the rules: no sampling.
///
/// ```
/// use fray::damage::{exact, parse_traits, Defender, DamageType, Hit, Readings};
/// use fray::dice::DiceExpr;
/// let defender = Defender::new(parse_traits("Resist Fire").unwrap());
/// let dice: DiceExpr = "1d4".parse().unwrap();
/// let d = exact::final_damage(&dice, &Hit::new(0, [DamageType::Fire]), &defender, &Readings::default());
/// // 1, 2, 3, 4 halved (rounded down) and subtracted: 1, 1, 2, 2.
/// assert_eq!(d.p(1), 0.5);
/// assert_eq!(d.p(2), 0.5);
/// ```
pub fn final_damage(
    dice: &DiceExpr,
    hit: &Hit,
    defender: &Defender,
    readings: &Readings,
) -> Distribution {
    final_damage_until(dice, hit, defender, readings, &|| false)
}

/// How many totals are resolved between looks at the stop flag.
const TOTALS_BETWEEN_CHECKS: u32 = 256;

/// [`final_damage`], which looks at `stop` every few hundred totals: once it says so,
/// the remaining totals count as 0 and the distribution is meaningless (the caller,
/// whose client left, throws it away).
pub fn final_damage_until(
    dice: &DiceExpr,
    hit: &Hit,
    defender: &Defender,
    readings: &Readings,
    stop: &dyn Fn() -> bool,
) -> Distribution {
    let mut hit = hit.clone();
    let base = i64::from(hit.amount);
    let mut since_check = 0;
    let mut stopped = stop();
    dice.distribution().map(|total| {
        since_check += 1;
        if since_check == TOTALS_BETWEEN_CHECKS {
            since_check = 0;
            stopped = stopped || stop();
        }
        if stopped {
            return 0;
        }
        hit.amount = amount(base + total);
        resolve_with(&hit, defender, readings, &mut NoTrace).final_damage as i64
    })
}

/// The distribution of the damage before traits.
pub fn original_damage(dice: &DiceExpr, hit: &Hit) -> Distribution {
    let base = i64::from(hit.amount);
    dice.distribution()
        .map(|total| i64::from(amount(base + total)))
}

/// A dice total as an amount of damage: never below 0.
pub(crate) fn amount(total: i64) -> u32 {
    u32::try_from(total.max(0)).unwrap_or(u32::MAX)
}
