//! Exact answers: the hit probability (averaged over the Luck dice exactly), the
//! distribution of damage per hit and per attack, and each high-damage effect's chance.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use super::model::{Attacker, DamageKind, Defender, Options, Rounding, Slot, ToHitModel};
use super::resolve::{
    Breakdown, Caught, HighDamage, LuckDice, attacker_breakdown, caught, defender_breakdown,
    halves, high_damage, reduced, round_branches, slot_dr,
};
use crate::dice::DiceExpr;
use crate::dist::Distribution;

/// The largest damage an exact damage distribution may reach.
pub const MAX_EXACT_DAMAGE: i64 = 2_000;

/// Why an evasion question could not be answered.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EvasionError {
    /// A standard deviation that is not a positive finite number.
    #[error("sigma must be a positive number (up to 1000), got {}", crate::text::quoted_number(*.0))]
    Sigma(f64),
    /// An integer model out of bounds.
    #[error(
        "the uniform-sum model needs 1 to 64 terms of radius 1 to 1000, got {k} terms of radius {r}"
    )]
    UniformSum {
        /// How many uniform integers are summed (1 to 64 accepted).
        k: u32,
        /// Each integer's half-width (1 to 1000 accepted).
        r: u32,
    },
    /// Damage too large to enumerate exactly.
    #[error("damage up to {0} is too large for an exact distribution: at most {MAX_EXACT_DAMAGE}")]
    TooMuchDamage(i64),
}

/// The distribution of the sum of `k` uniform integers in −r..=r, as probabilities from
/// −k·r up. Each added uniform is a moving window over the sum so far, read off prefix
/// sums, so the cost is O(k² · r) (about 8 million steps at the largest model, 64 terms of
/// radius 1000) rather than the O((k·r)²) of convolving whole distributions, which took
/// seconds. The sum is symmetric: the lower half is computed from prefix sums, whose
/// values there are small, and mirrored, so both tails keep their relative precision and
/// every probability is within about 1e-15 of the exact convolution (a test compares).
fn uniform_sum(k: u32, r: u32) -> Vec<f64> {
    let width = 2 * r as usize + 1;
    let share = 1.0 / width as f64;
    let mut current = vec![1.0];
    let mut prefix = Vec::new();
    for _ in 0..k {
        let len = current.len() + width - 1;
        prefix.clear();
        prefix.push(0.0);
        let mut total = 0.0;
        for p in &current {
            total += p;
            prefix.push(total);
        }
        let mut next = vec![0.0; len];
        let half = len / 2;
        for (j, slot) in next.iter_mut().enumerate().take(half + 1) {
            // next[j] = (current[j − 2r] + … + current[j]) / width.
            let hi = (j + 1).min(current.len());
            let lo = j.saturating_sub(width - 1).min(hi);
            *slot = (prefix[hi] - prefix[lo]) * share;
        }
        for j in half + 1..len {
            next[j] = next[len - 1 - j];
        }
        current = next;
    }
    current
}

/// A to-hit model ready to answer: P(draw > margin).
#[derive(Debug, Clone, PartialEq)]
pub struct ToHit {
    model: ToHitModel,
    /// For the integer model: P(S ≥ min + i).
    at_least: Vec<f64>,
    min: i64,
}

impl ToHit {
    /// Validates the model and prepares it.
    pub fn new(model: ToHitModel) -> Result<Self, EvasionError> {
        match model {
            ToHitModel::Normal { sigma } if sigma.is_finite() && sigma > 0.0 && sigma <= 1000.0 => {
                Ok(Self {
                    model,
                    at_least: Vec::new(),
                    min: 0,
                })
            }
            ToHitModel::Normal { sigma } => Err(EvasionError::Sigma(sigma)),
            ToHitModel::UniformSum { k, r } if (1..=64).contains(&k) && (1..=1000).contains(&r) => {
                let mut at_least = uniform_sum(k, r);
                for i in (0..at_least.len().saturating_sub(1)).rev() {
                    at_least[i] += at_least[i + 1];
                }
                Ok(Self {
                    model,
                    at_least,
                    min: -i64::from(k) * i64::from(r),
                })
            }
            ToHitModel::UniformSum { k, r } => Err(EvasionError::UniformSum { k, r }),
        }
    }

    /// The model.
    pub fn model(&self) -> ToHitModel {
        self.model
    }

    /// P(hit) when the defender's total exceeds the attacker's by `margin`.
    pub fn p_hit(&self, margin: f64) -> f64 {
        match self.model {
            ToHitModel::Normal { sigma } => {
                0.5 * crate::math::erfc(margin / (sigma * std::f64::consts::SQRT_2))
            }
            ToHitModel::UniformSum { k, .. } => {
                // S > k·margin  ⇔  S ≥ floor(k·margin) + 1.
                let first = (f64::from(k) * margin).floor() + 1.0;
                let index = first - self.min as f64;
                if index <= 0.0 {
                    1.0
                } else if index >= self.at_least.len() as f64 {
                    0.0
                } else {
                    self.at_least[index as usize]
                }
            }
        }
    }

    /// P(hit) for fixed totals plus Luck dice on each side, averaged exactly.
    ///
    /// ```
    /// use fray::evasion::{LuckDice, ToHit, ToHitModel};
    /// let to_hit = ToHit::new(ToHitModel::NORMAL).unwrap();
    /// assert!((to_hit.p_hit_with_luck(3.0, LuckDice::None, 3.0, LuckDice::None) - 0.5).abs() < 1e-15);
    /// ```
    pub fn p_hit_with_luck(
        &self,
        attacker: f64,
        a_luck: LuckDice,
        defender: f64,
        d_luck: LuckDice,
    ) -> f64 {
        let (la, ld) = (a_luck.distribution(), d_luck.distribution());
        la.iter()
            .flat_map(|a| ld.iter().map(move |d| (a, d)))
            .map(|(a, d)| {
                a.p * d.p * self.p_hit((defender + d.value as f64) - (attacker + a.value as f64))
            })
            .sum()
    }
}

/// The hit chance of an attacker against a defender, with both breakdowns.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HitChance {
    /// P(hit): 0 when the throw is caught.
    pub p_hit: f64,
    /// Set when the throw is caught: the text's "hit" in quotes means the object is
    /// taken, so there is no hit and no damage (evasion, Overriding special cases).
    pub caught: Option<Caught>,
    /// The attacker's terms.
    pub attacker: Breakdown,
    /// The defender's terms.
    pub defender: Breakdown,
}

/// The exact hit chance. A caught throw never hits (its `p_hit` is 0).
///
/// ```
/// use fray::evasion::{hit_chance, Attacker, Defender, Options};
/// let h = hit_chance(&Attacker { level: 8, ..Attacker::default() }, &Defender { ev: 2.0, ..Defender::default() }, &Options::default()).unwrap();
/// assert_eq!(h.p_hit, 0.5); // level 8 / 4 = 2 against EV 2
/// ```
pub fn hit_chance(a: &Attacker, d: &Defender, o: &Options) -> Result<HitChance, EvasionError> {
    Ok(hit_chance_with(&ToHit::new(o.model)?, a, d, o))
}

/// [`hit_chance`] with a to-hit model prepared once, for tables and sweeps that ask many
/// questions of one model (`to_hit` is used in place of `o.model`).
pub fn hit_chance_with(to_hit: &ToHit, a: &Attacker, d: &Defender, o: &Options) -> HitChance {
    let (ab, db) = (attacker_breakdown(a, d, o), defender_breakdown(d, o));
    let caught = caught(a, d);
    let p_hit = match caught {
        Some(_) => 0.0,
        None => to_hit.p_hit_with_luck(ab.fixed(), ab.luck, db.fixed(), db.luck),
    };
    HitChance {
        p_hit,
        caught,
        attacker: ab,
        defender: db,
    }
}

/// The exact damage of one attack.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DamageOdds {
    /// P(hit) (0 for a caught throw).
    pub p_hit: f64,
    /// Damage dealt by a hit, were it to land.
    pub per_hit: Distribution,
    /// The most damage a hit can reach before a high-damage cut: against hit points of
    /// twice this or more no high-damage effect can happen. With negative DR it exceeds
    /// the dice's maximum.
    pub most_before_effects: i64,
    /// Damage dealt by an attack (0 on a miss).
    pub per_attack: Distribution,
    /// P(each high-damage effect | hit).
    pub effects: Vec<(HighDamage, f64)>,
}

/// The exact damage distribution of an attack dealing `dice` of `kind`.
///
/// ```
/// use fray::evasion::{damage_odds, Attacker, DamageKind, Defender, Options};
/// let odds = damage_odds(&"2d4".parse().unwrap(), DamageKind::Physical, &Attacker::default(), &Defender { hp: 40, ..Defender::default() }, &Options::default()).unwrap();
/// assert_eq!(odds.p_hit, 0.5);
/// assert!((odds.per_hit.mean() - 5.0).abs() < 1e-12); // no armor, no effects
/// assert!((odds.per_attack.mean() - 2.5).abs() < 1e-12);
/// ```
pub fn damage_odds(
    dice: &DiceExpr,
    kind: DamageKind,
    a: &Attacker,
    d: &Defender,
    o: &Options,
) -> Result<DamageOdds, EvasionError> {
    let most = most_after_dr(dice.max(), kind, d);
    if most > MAX_EXACT_DAMAGE as f64 {
        return Err(EvasionError::TooMuchDamage(most.ceil() as i64));
    }
    let p_hit = hit_chance(a, d, o)?.p_hit;
    let erosion = erosion(a, kind);
    let mut finals: BTreeMap<i64, f64> = BTreeMap::new();
    let mut effects: BTreeMap<u8, (HighDamage, f64)> = BTreeMap::new();
    let mut most_before_effects = 1;
    for base in dice.distribution().iter() {
        for (eroded, p_erosion) in erosion_branches(base.value.max(0), erosion) {
            for (slot, percent) in Slot::TABLE {
                let p = base.p * p_erosion * f64::from(percent) / 100.0;
                after_slot(
                    eroded,
                    slot,
                    kind,
                    d,
                    o.rounding,
                    &mut |value, before, effect, q| {
                        most_before_effects = most_before_effects.max(before);
                        *finals.entry(value).or_default() += p * q;
                        if let Some(e) = effect {
                            effects.entry(e as u8).or_insert((e, 0.0)).1 += p * q;
                        }
                    },
                );
            }
        }
    }
    let per_hit = Distribution::from_masses(finals);
    let per_attack = Distribution::from_masses(
        per_hit
            .iter()
            .filter(|_| p_hit > 0.0)
            .map(|m| (m.value, m.p * p_hit))
            .chain([(0, 1.0 - p_hit)]),
    );
    Ok(DamageOdds {
        p_hit,
        per_hit,
        most_before_effects,
        per_attack,
        effects: effects.into_values().collect(),
    })
}

/// An upper bound of a hit's damage after DR (before half damage and high-damage
/// cuts, which only lower it): negative DR multiplies the dice's maximum by up to
/// 0.9^DR, so the exact answer's size is bounded by this and not by the dice alone.
pub fn most_after_dr(dice_max: i64, kind: DamageKind, d: &Defender) -> f64 {
    let lowest_dr = Slot::TABLE
        .iter()
        .filter_map(|(slot, _)| slot_dr(d, *slot, kind))
        .fold(0.0, f64::min);
    // One more for rounding up.
    reduced(dice_max.max(0), lowest_dr) + 1.0
}

/// The greatest erosion that counts: a weapon's or projectile's, on physical hits.
pub fn erosion(a: &Attacker, kind: DamageKind) -> u32 {
    match (a.weapon_used(), kind) {
        (Some(w), DamageKind::Physical) => w.erosion,
        _ => 0,
    }
}

/// Damage after erosion: loses 1d(erosion) − 1, never below 0.
fn erosion_branches(damage: i64, erosion: u32) -> Vec<(i64, f64)> {
    if erosion == 0 {
        return vec![(damage, 1.0)];
    }
    (1..=erosion)
        .map(|die| {
            (
                (damage - i64::from(die) + 1).max(0),
                1.0 / f64::from(erosion),
            )
        })
        .collect()
}

/// Everything after the slot is chosen: DR, half damage, the high-damage effect, and
/// the minimum of 1. Calls `out(final, before_effect, effect, probability)` for every
/// branch. Only physical damage meets DR and the slot's high-damage effect: both belong
/// to the reduction mechanic, which elemental and spell damage skip (evasion, Damage
/// formula).
pub fn after_slot(
    damage: i64,
    slot: Slot,
    kind: DamageKind,
    d: &Defender,
    rounding: Rounding,
    out: &mut impl FnMut(i64, i64, Option<HighDamage>, f64),
) {
    let after_dr = match slot_dr(d, slot, kind) {
        Some(dr) => round_branches(reduced(damage, dr), rounding),
        None => [(damage, 1.0), (0, 0.0)],
    };
    for (v2, p2) in after_dr.into_iter().filter(|b| b.1 > 0.0) {
        let half = if halves(d, kind) { v2 / 2 } else { 0 };
        let halved: Vec<(i64, f64)> = if half >= 1 {
            (1..=half)
                .map(|die| (v2 - die, 1.0 / half as f64))
                .collect()
        } else {
            vec![(v2, 1.0)]
        };
        for (v3, p3) in halved {
            match high_damage(slot, kind, v3, d.hp) {
                Some(e) => {
                    for (v4, p4) in round_branches(v3 as f64 * e.kept(), rounding)
                        .into_iter()
                        .filter(|b| b.1 > 0.0)
                    {
                        out(v4.max(1), v3, Some(e), p2 * p3 * p4);
                    }
                }
                None => out(v3.max(1), v3, None, p2 * p3),
            }
        }
    }
}

/// What the status bar should show about a defender.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Appraisal {
    /// The defender's fixed to-hit total (its EV total).
    pub ev_total: f64,
    /// Its Luck dice, added on top.
    pub luck: LuckDice,
    /// Expected DR against physical damage, over the slot table.
    pub expected_dr: f64,
    /// DR by slot: what a physical hit on each slot is reduced by.
    pub dr_by_slot: Vec<(Slot, f64)>,
    /// The bonus of the reference attacker.
    pub reference_bonus: f64,
    /// The reference attacker's exact chance to hit this defender.
    pub reference_hit_chance: f64,
}

/// Appraises a defender against a reference attacker of the given total bonus.
///
/// ```
/// use fray::evasion::{appraise, Armor, ArmorPiece, Defender, Options};
/// let d = Defender { armor: Armor { torso: Some(ArmorPiece { dr: 5.0, ..Default::default() }), ..Default::default() }, ..Defender::default() };
/// assert!((appraise(&d, 0.0, &Options::default()).unwrap().expected_dr - 2.0).abs() < 1e-12); // 40% × 5
/// ```
pub fn appraise(
    d: &Defender,
    reference_bonus: f64,
    o: &Options,
) -> Result<Appraisal, EvasionError> {
    let to_hit = ToHit::new(o.model)?;
    let b = defender_breakdown(d, o);
    let dr_by_slot: Vec<(Slot, f64)> = Slot::TABLE
        .iter()
        .map(|(s, _)| (*s, slot_dr(d, *s, DamageKind::Physical).unwrap_or(0.0)))
        .collect();
    let expected_dr = Slot::TABLE
        .iter()
        .zip(&dr_by_slot)
        .map(|((_, pct), (_, dr))| f64::from(*pct) / 100.0 * dr)
        .sum();
    Ok(Appraisal {
        ev_total: b.fixed(),
        luck: b.luck,
        expected_dr,
        dr_by_slot,
        reference_bonus,
        reference_hit_chance: to_hit.p_hit_with_luck(
            reference_bonus,
            LuckDice::None,
            b.fixed(),
            b.luck,
        ),
    })
}
