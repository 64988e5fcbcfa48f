//! Rolling damage dice through the one randomness interface, then resolving.

use super::defender::Defender;
use super::exact::amount;
use super::model::Hit;
use super::resolve::{Explained, Readings, explain};
use crate::dice::DiceExpr;
use crate::rng::Rolls;

/// Rolls `dice`, adds them to the hit's amount, and resolves with a full explanation.
/// Returns the rolled total and the explanation.
///
/// ```
/// use fray::damage::{sample, Defender, Hit, Readings};
/// use fray::dice::DiceExpr;
/// use fray::rng::ScriptedRolls;
/// let dice: DiceExpr = "2d6".parse().unwrap();
/// let (rolled, e) = sample::roll(&dice, &Hit::new(0, []), &Defender::default(), &Readings::default(), &mut ScriptedRolls::dice([3, 5]));
/// assert_eq!((rolled, e.outcome.final_damage), (8, 8));
/// ```
pub fn roll(
    dice: &DiceExpr,
    hit: &Hit,
    defender: &Defender,
    readings: &Readings,
    rolls: &mut impl Rolls,
) -> (i64, Explained) {
    let total = dice.roll(rolls);
    let mut hit = hit.clone();
    hit.amount = amount(i64::from(hit.amount) + total);
    (total, explain(&hit, defender, readings))
}
