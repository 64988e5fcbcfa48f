//! Rolling damage dice through the one randomness interface, then resolving.

use super::defender::Defender;
use super::exact::amount;
use super::model::Hit;
use super::resolve::{DamageOutcome, Explained, Readings, explain, resolve_with};
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

/// [`roll`] keeping no trace: the same rolls and the same numbers, with nothing built
/// but the outcome (what a game's every turn calls when it prints no explanation).
///
/// ```
/// use fray::damage::{sample, Defender, Hit, Readings};
/// use fray::rng::SeededRolls;
/// let (dice, hit, d, r) = ("3d6".parse().unwrap(), Hit::new(0, []), Defender::default(), Readings::default());
/// let (total, outcome) = sample::roll_outcome(&dice, &hit, &d, &r, &mut SeededRolls::new(4));
/// let (same, explained) = sample::roll(&dice, &hit, &d, &r, &mut SeededRolls::new(4));
/// assert_eq!((total, outcome), (same, explained.outcome));
/// ```
pub fn roll_outcome(
    dice: &DiceExpr,
    hit: &Hit,
    defender: &Defender,
    readings: &Readings,
    rolls: &mut impl Rolls,
) -> (i64, DamageOutcome) {
    let total = dice.roll(rolls);
    let mut hit = hit.clone();
    hit.amount = amount(i64::from(hit.amount) + total);
    (
        total,
        resolve_with(&hit, defender, readings, &mut crate::trace::NoTrace),
    )
}
