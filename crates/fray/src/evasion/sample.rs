//! Random play through the one randomness interface: to-hit draws, Luck, damage.

use serde::Serialize;

use super::exact::erosion;
use super::model::{Attacker, DamageKind, Defender, Options, Rounding, Slot, ToHitModel};
use super::resolve::{
    Caught, HighDamage, LuckDice, attacker_breakdown, caught, defender_breakdown, halves,
    high_damage, slot_dr,
};
use crate::dice::DiceExpr;
use crate::math;
use crate::rng::Rolls;

/// One draw of the to-hit variable, compared with the margin (defender − attacker).
pub fn roll_hit(model: ToHitModel, margin: f64, rolls: &mut impl Rolls) -> bool {
    match model {
        ToHitModel::Normal { sigma } => {
            // Box–Muller: two uniforms make one standard normal, z = radius × cos.
            let u1 = 1.0 - rolls.unit();
            let u2 = rolls.unit();
            // The radius is never negative, so the cosine's sign settles the comparison
            // whenever it is opposite to the margin's: the logarithm and square root are
            // then skipped, with the same answer and the same draws. Away from the
            // cosine's zeros (a quarter and three quarters of a turn) its sign is plain
            // from `u2`, so the cosine is skipped too.
            const NEAR_ZERO: f64 = 1e-6;
            let negative_cos = (0.25 + NEAR_ZERO..0.75 - NEAR_ZERO).contains(&u2);
            let positive_cos = !(0.25 - NEAR_ZERO..=0.75 + NEAR_ZERO).contains(&u2);
            if sigma >= 0.0 && ((negative_cos && margin >= 0.0) || (positive_cos && margin < 0.0)) {
                return positive_cos;
            }
            let cos = math::cos(std::f64::consts::TAU * u2);
            if sigma >= 0.0 {
                if cos <= 0.0 && margin >= 0.0 {
                    return false;
                }
                if cos >= 0.0 && margin < 0.0 {
                    return true;
                }
            }
            sigma * ((-2.0 * math::ln(u1)).sqrt() * cos) > margin
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
    /// After DR (× 0.9^DR, rounded), before half damage.
    pub after_dr: i64,
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

/// One line per step of the attack, each naming the heading of the evasion text it
/// follows and its numbers: what a game prints as the attack's explanation.
///
/// ```
/// use fray::evasion::{AttackRoll, DamageRoll, Slot};
/// let r = AttackRoll { hit: true, caught: None, damage: Some(DamageRoll {
///     rolled: 9, after_erosion: 8, slot: Slot::Torso, dr: Some(2.0), after_dr: 6,
///     before_effect: 6, effect: None, damage: 6 }) };
/// assert!(r.to_string().contains("torso DR 2: 8 × 0.9^2 = 6"));
/// ```
impl std::fmt::Display for AttackRoll {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(c) = self.caught {
            return writeln!(
                f,
                "caught: {c}, no hit and no damage (Overriding special cases)"
            );
        }
        let Some(d) = &self.damage else {
            return writeln!(f, "miss (To-hit formula)");
        };
        writeln!(f, "hit (To-hit formula)")?;
        writeln!(f, "damage dice: {} (Damage formula)", d.rolled)?;
        if d.after_erosion != d.rolled {
            writeln!(
                f,
                "erosion: {} − {} = {} (Damage formula)",
                d.rolled,
                d.rolled - d.after_erosion,
                d.after_erosion
            )?;
        }
        match d.dr {
            Some(dr) => writeln!(
                f,
                "slot {} DR {dr}: {} × 0.9^{dr} = {} (Damage formula)",
                d.slot.name(),
                d.after_erosion,
                d.after_dr
            )?,
            None => writeln!(
                f,
                "slot {}: no DR for this damage (Damage formula)",
                d.slot.name()
            )?,
        }
        if d.before_effect != d.after_dr {
            writeln!(
                f,
                "half damage: {} − {} = {} (Damage formula)",
                d.after_dr,
                d.after_dr - d.before_effect,
                d.before_effect
            )?;
        }
        if let Some((effect, turns)) = d.effect {
            let lasting = turns.map(|t| format!(" for {t} turns")).unwrap_or_default();
            writeln!(
                f,
                "high damage on the {}: {effect}{lasting}, {} × {} kept (Damage formula)",
                d.slot.name(),
                d.before_effect,
                effect.kept()
            )?;
        }
        writeln!(
            f,
            "damage dealt: {} (at least 1 on a hit; Damage formula)",
            d.damage
        )
    }
}

/// Rolls one attack: Luck, the to-hit draw, then the damage formula. A caught throw
/// rolls nothing and deals nothing.
///
/// A monster's luckstone not yet drawn is drawn for this attack alone, as for a monster
/// met once. For a monster that fights on, draw its luckstone once with
/// [`draw_luckstone`] and [`Attacker::with_luckstone_drawn`] (and the same for its
/// [`Defender`] profile), then roll every attack with the drawn profiles.
///
/// For many attacks of one pair, build an [`AttackPlan`] once: this function builds one
/// for each call.
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
    AttackPlan::new(a, d, dice, kind, o).attack(d.hp, rolls)
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
    DamageSteps::new(a, d, kind, o).roll(dice, d.hp, rolls)
}

/// The fixed parts of the damage formula for one attacker and defender (evasion,
/// Damage formula): the erosion die, the DR that counts on each slot and its factor
/// 0.9^DR, half damage. Built without allocating.
#[derive(Debug, Clone, Copy, PartialEq)]
struct DamageSteps {
    erosion: u32,
    /// Per slot of [`Slot::TABLE`]: the DR that counts there and its factor 0.9^DR.
    dr: [Option<(f64, f64)>; 6],
    halves: bool,
    kind: DamageKind,
    rounding: Rounding,
}

impl DamageSteps {
    fn new(a: &Attacker, d: &Defender, kind: DamageKind, o: &Options) -> Self {
        Self {
            erosion: erosion(a, kind),
            dr: Slot::TABLE
                .map(|(slot, _)| slot_dr(d, slot, kind).map(|dr| (dr, math::powf(0.9, dr)))),
            halves: halves(d, kind),
            kind,
            rounding: o.rounding,
        }
    }

    /// Rolls a hit's damage against a defender with `hp` hit points left.
    fn roll(&self, dice: &DiceExpr, hp: u32, rolls: &mut impl Rolls) -> DamageRoll {
        let rolled = dice.roll(rolls).max(0);
        let e = self.erosion;
        let after_erosion = if e > 0 {
            (rolled - i64::from(rolls.die(e)) + 1).max(0)
        } else {
            rolled
        };
        let (index, slot) = roll_slot(rolls);
        let dr = self.dr[index];
        // The factor is 0.9^DR worked out once: the same number `reduced` computes.
        let mut v = match dr {
            Some((_, factor)) => round(after_erosion as f64 * factor, self.rounding, rolls),
            None => after_erosion,
        };
        let after_dr = v;
        if self.halves && v / 2 >= 1 {
            v -= i64::from(rolls.die((v / 2) as u32));
        }
        let before_effect = v;
        let effect = high_damage(slot, self.kind, v, hp);
        let effect = effect.map(|e| {
            v = round(v as f64 * e.kept(), self.rounding, rolls);
            let turns = e.lasts_3d2().then(|| (0..3).map(|_| rolls.die(2)).sum());
            (e, turns)
        });
        DamageRoll {
            rolled,
            after_erosion,
            slot,
            dr: dr.map(|(dr, _)| dr),
            after_dr,
            before_effect,
            effect,
            damage: v.max(1),
        }
    }
}

/// One attacker against one defender with everything that does not change between
/// attacks worked out once: both to-hit totals and Luck dice, whether the throw is
/// caught, the damage formula's fixed parts. Only the defender's hit points vary (they
/// decide the high-damage effects), so a duel or a battle loop builds one plan per pair
/// and rolls every attack through it with no breakdown, no string and no allocation.
///
/// A plan draws the same numbers, in the same order, with the same arithmetic as
/// [`roll_attack`] (which builds one per call), so a seed gives the same results.
///
/// ```
/// use fray::evasion::{roll_attack, AttackPlan, Attacker, DamageKind, Defender, Options};
/// use fray::rng::SeededRolls;
/// let (a, d, dice) = (Attacker::default(), Defender { hp: 12, ..Defender::default() }, "2d6".parse().unwrap());
/// let o = Options::default();
/// let plan = AttackPlan::new(&a, &d, &dice, DamageKind::Physical, &o);
/// let one = roll_attack(&a, &d, &dice, DamageKind::Physical, &o, &mut SeededRolls::new(5));
/// assert_eq!(plan.roll(12, &mut SeededRolls::new(5)), one.damage.map(|r| r.damage));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct AttackPlan {
    caught: Option<Caught>,
    attacker: f64,
    attacker_luck: LuckDice,
    defender: f64,
    defender_luck: LuckDice,
    model: ToHitModel,
    dice: DiceExpr,
    steps: DamageSteps,
}

impl AttackPlan {
    /// Works out everything fixed about `a` attacking `d` with `dice` of `kind`. The
    /// defender's hit points are not kept: each roll takes the current ones.
    pub fn new(a: &Attacker, d: &Defender, dice: &DiceExpr, kind: DamageKind, o: &Options) -> Self {
        let caught = caught(a, d);
        // A caught throw never reaches the to-hit totals: skip their terms' strings.
        let ((attacker, attacker_luck), (defender, defender_luck)) = if caught.is_some() {
            ((0.0, LuckDice::None), (0.0, LuckDice::None))
        } else {
            let (ab, db) = (attacker_breakdown(a, d, o), defender_breakdown(d, o));
            ((ab.fixed(), ab.luck), (db.fixed(), db.luck))
        };
        Self {
            caught,
            attacker,
            attacker_luck,
            defender,
            defender_luck,
            model: o.model,
            dice: dice.clone(),
            steps: DamageSteps::new(a, d, kind, o),
        }
    }

    /// Rolls one attack against a defender with `hp` hit points left, every step kept.
    pub fn attack(&self, hp: u32, rolls: &mut impl Rolls) -> AttackRoll {
        let hit = self.caught.is_none() && {
            let attacker = self.attacker + roll_luck(self.attacker_luck, rolls) as f64;
            let defender = self.defender + roll_luck(self.defender_luck, rolls) as f64;
            roll_hit(self.model, defender - attacker, rolls)
        };
        let damage = hit.then(|| self.steps.roll(&self.dice, hp, rolls));
        AttackRoll {
            hit,
            caught: self.caught,
            damage,
        }
    }

    /// The damage one attack deals to a defender with `hp` hit points left: None on a
    /// miss or a caught throw.
    pub fn roll(&self, hp: u32, rolls: &mut impl Rolls) -> Option<i64> {
        self.attack(hp, rolls).damage.map(|d| d.damage)
    }
}

/// The slot a hit lands on, with its place in [`Slot::TABLE`].
fn roll_slot(rolls: &mut impl Rolls) -> (usize, Slot) {
    let mut roll = rolls.die(100);
    for (i, (slot, percent)) in Slot::TABLE.into_iter().enumerate() {
        if roll <= percent {
            return (i, slot);
        }
        roll -= percent;
    }
    (Slot::TABLE.len() - 1, Slot::Cloak)
}
