//! Random play through the one randomness interface: to-hit draws, Luck, damage.

use serde::Serialize;

use super::exact::erosion;
use super::model::{Attacker, DamageKind, Defender, Options, Rounding, Slot, ToHitModel};
use super::resolve::{
    Caught, HighDamage, LuckDice, attacker_breakdown, caught, defender_breakdown, halves,
    high_damage, reduced, slot_dr,
};
use crate::dice::DiceExpr;
use crate::rng::Rolls;

/// One draw of the to-hit variable, compared with the margin (defender − attacker).
pub fn roll_hit(model: ToHitModel, margin: f64, rolls: &mut impl Rolls) -> bool {
    match model {
        ToHitModel::Normal { sigma } => {
            // Box–Muller: two uniforms make one standard normal.
            let u1 = 1.0 - rolls.unit();
            let u2 = rolls.unit();
            let z = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
            sigma * z > margin
        }
        ToHitModel::UniformSum { k, r } => {
            let sum: i64 = (0..k)
                .map(|_| i64::from(rolls.die(2 * r + 1)) - i64::from(r) - 1)
                .sum();
            sum as f64 > f64::from(k) * margin
        }
    }
}

/// Rolls a Luck term.
pub fn roll_luck(luck: LuckDice, rolls: &mut impl Rolls) -> i64 {
    match luck {
        LuckDice::None => 0,
        LuckDice::Die { negative, sides } => {
            let v = i64::from(rolls.die(sides));
            if negative { -v } else { v }
        }
        LuckDice::Luckstone => {
            let luck = 3 + rolls.die(3);
            i64::from(rolls.die(luck / 2))
        }
    }
}

/// The 1d3 of a monster's luckstone Luck (3 + 1d3): roll it once per monster.
pub fn draw_luckstone(rolls: &mut impl Rolls) -> u32 {
    rolls.die(3)
}

fn round(x: f64, rounding: Rounding, rolls: &mut impl Rolls) -> i64 {
    match rounding {
        Rounding::Nearest => (x + 0.5).floor() as i64,
        Rounding::Down => x.floor() as i64,
        Rounding::Up => x.ceil() as i64,
        Rounding::Stochastic => {
            let floor = x.floor();
            floor as i64 + i64::from(rolls.unit() < x - floor)
        }
    }
}

/// What one hit's damage went through.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DamageRoll {
    /// The dice total, before anything is taken off.
    pub rolled: i64,
    /// After erosion: 1d(erosion) − 1 taken off, never below 0.
    pub after_erosion: i64,
    /// The slot the hit landed on (drawn by [`Slot::TABLE`]): its DR and its
    /// high-damage effect apply.
    pub slot: Slot,
    /// The DR that counted, if any.
    pub dr: Option<f64>,
    /// After DR and half damage.
    pub before_effect: i64,
    /// The high-damage effect, and its duration in turns when it has one.
    pub effect: Option<(HighDamage, Option<u32>)>,
    /// Damage dealt: at least 1 on a hit (evasion, Damage formula).
    pub damage: i64,
}

/// One attack, rolled.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttackRoll {
    /// Whether it hit (a caught throw does not).
    pub hit: bool,
    /// Set when the throw was caught: taken, so no hit and no damage.
    pub caught: Option<Caught>,
    /// The damage, on a hit.
    pub damage: Option<DamageRoll>,
}

/// Rolls one attack: Luck, the to-hit draw, then the damage formula. A caught throw
/// rolls nothing and deals nothing.
///
/// A monster's luckstone not yet drawn is drawn for this attack alone, as for a monster
/// met once. For a monster that fights on, draw its luckstone once with
/// [`draw_luckstone`] and [`Attacker::with_luckstone_drawn`] (and the same for its
/// [`Defender`] profile), then roll every attack with the drawn profiles.
///
/// ```
/// use fray::evasion::{roll_attack, Attacker, DamageKind, Defender, Options};
/// use fray::rng::SeededRolls;
/// let r = roll_attack(&Attacker::default(), &Defender::default(), &"d6".parse().unwrap(), DamageKind::Physical, &Options::default(), &mut SeededRolls::new(1));
/// assert_eq!(r.hit, r.damage.is_some());
/// ```
pub fn roll_attack(
    a: &Attacker,
    d: &Defender,
    dice: &DiceExpr,
    kind: DamageKind,
    o: &Options,
    rolls: &mut impl Rolls,
) -> AttackRoll {
    let caught = caught(a, d);
    let hit = caught.is_none() && {
        let (ab, db) = (attacker_breakdown(a, d, o), defender_breakdown(d, o));
        let attacker = ab.fixed() + roll_luck(ab.luck, rolls) as f64;
        let defender = db.fixed() + roll_luck(db.luck, rolls) as f64;
        roll_hit(o.model, defender - attacker, rolls)
    };
    let damage = hit.then(|| roll_damage(a, d, dice, kind, o, rolls));
    AttackRoll {
        hit,
        caught,
        damage,
    }
}

/// Rolls the damage of a hit.
pub fn roll_damage(
    a: &Attacker,
    d: &Defender,
    dice: &DiceExpr,
    kind: DamageKind,
    o: &Options,
    rolls: &mut impl Rolls,
) -> DamageRoll {
    let rolled = dice.roll(rolls).max(0);
    let e = erosion(a, kind);
    let after_erosion = if e > 0 {
        (rolled - i64::from(rolls.die(e)) + 1).max(0)
    } else {
        rolled
    };
    let slot = roll_slot(rolls);
    let dr = slot_dr(d, slot, kind);
    let mut v = match dr {
        Some(dr) => round(reduced(after_erosion, dr), o.rounding, rolls),
        None => after_erosion,
    };
    if halves(d, kind) && v / 2 >= 1 {
        v -= i64::from(rolls.die((v / 2) as u32));
    }
    let before_effect = v;
    let effect = high_damage(slot, kind, v, d.hp);
    let effect = effect.map(|e| {
        v = round(v as f64 * e.kept(), o.rounding, rolls);
        let turns = e.lasts_3d2().then(|| (0..3).map(|_| rolls.die(2)).sum());
        (e, turns)
    });
    DamageRoll {
        rolled,
        after_erosion,
        slot,
        dr,
        before_effect,
        effect,
        damage: v.max(1),
    }
}

fn roll_slot(rolls: &mut impl Rolls) -> Slot {
    let mut roll = rolls.die(100);
    for (slot, percent) in Slot::TABLE {
        if roll <= percent {
            return slot;
        }
        roll -= percent;
    }
    Slot::Cloak
}
