//! D&D 4th edition's resistances and vulnerabilities: the rules the damage text
//! replaces (damage, introduction), kept as a baseline to measure the redesign against.
//!
//! The 4E rules, as the Rules Compendium states them (p. 224, "Resistance") and the
//! Player's Handbook errata to its keywords (PHB p. 55), and as `docs/design-check.md`
//! cites them:
//!
//! - `Resist N type` takes N off damage of that type, never below 0; resistances to one
//!   type do not add up: the highest applies.
//! - Against an attack of several types a resistance counts only when the creature
//!   resists every one of the types, and then only the weakest of them.
//! - `Vulnerable N type` adds N; where the text is unclear (several vulnerable types in
//!   one attack) a named [`VulnerabilityRule`] chooses.
//! - Resistance and vulnerability to the same damage both apply.
//! - Untyped damage (our physical) has no resistance in 4E (damage, introduction: mundane
//!   attacks cannot be resisted), so no trait here covers physical damage.
//! - Immunity to a type is treated as an unlimited resistance to it, so it counts under
//!   the every-type rule like any resistance (a choice; 4E does not say).
//! - Insubstantial halves all damage, rounded down, after the traits (a choice of order).

use serde::{Deserialize, Serialize};

use crate::damage::{DamageType, TypeSelector};

/// A 4E resistance or vulnerability: a flat number against some types.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flat {
    /// The types it covers: one type, or all (non-physical counts as all).
    pub types: TypeSelector,
    /// How much it takes off or adds.
    pub value: u32,
}

impl Flat {
    /// `value` against one type.
    pub fn of(t: DamageType, value: u32) -> Self {
        Self {
            types: TypeSelector::Only(t),
            value,
        }
    }

    /// `value` against every type (4E's "resist 5 all").
    pub fn all(value: u32) -> Self {
        Self {
            types: TypeSelector::All,
            value,
        }
    }

    /// Whether it covers `t`: physical (untyped) damage is never covered.
    fn covers(&self, t: &DamageType) -> bool {
        *t != DamageType::Physical && self.types.covers(t)
    }
}

/// A 4E stat block's damage traits.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Defender {
    /// Resistances.
    pub resist: Vec<Flat>,
    /// Vulnerabilities.
    pub vulnerable: Vec<Flat>,
    /// Damage immunities, by type.
    pub immune: Vec<DamageType>,
    /// Insubstantial: half damage from every source.
    pub insubstantial: bool,
}

/// How vulnerabilities add up against an attack of several types, where 4E's texts
/// leave it open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VulnerabilityRule {
    /// Every vulnerability the attack meets applies once (the default: Wizards of the
    /// Coast's customer support answered so, and the damage text's complaint that 4E
    /// favours attacks of many types fits it).
    #[default]
    Each,
    /// Only the highest vulnerability among the attack's types applies, as 4E's rule for
    /// resistances keeps one.
    Highest,
}

/// The readings of the 4E baseline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// How vulnerabilities add up against several types.
    pub vulnerability: VulnerabilityRule,
}

/// What a hit came to under 4E.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The damage before traits.
    pub original: u32,
    /// Damage the resistance took off (the weakest across the types, at most the damage
    /// with vulnerabilities added), or 0.
    pub resisted: u32,
    /// The damage vulnerabilities added.
    pub added: u32,
    /// Damage taken: original − resisted + added, never below 0, halved when
    /// insubstantial; 0 against immunity to every type.
    #[serde(rename = "final")]
    pub final_damage: u32,
}

/// The largest value among `traits` covering `t`, if any covers it.
fn highest(traits: &[Flat], t: &DamageType) -> Option<(usize, u32)> {
    traits
        .iter()
        .enumerate()
        .filter(|(_, f)| f.covers(t))
        .map(|(i, f)| (i, f.value))
        .max_by_key(|&(i, v)| (v, std::cmp::Reverse(i)))
}

/// Resolves `amount` of `types` (physical when empty) against a 4E defender.
///
/// ```
/// use fray::baseline::fourth_edition::{resolve, Defender, Flat, Options};
/// use fray::damage::DamageType::{Lightning, Thunder};
/// // Rules Compendium's example: resist 10 lightning and 5 thunder against 15 lightning
/// // and thunder: only the weaker resistance, 5, counts.
/// let d = Defender { resist: vec![Flat::of(Lightning, 10), Flat::of(Thunder, 5)], ..Defender::default() };
/// assert_eq!(resolve(15, &[Lightning, Thunder], &d, &Options::default()).final_damage, 10);
/// // With only resist 10 lightning, nothing is resisted.
/// let d = Defender { resist: vec![Flat::of(Lightning, 10)], ..Defender::default() };
/// assert_eq!(resolve(15, &[Lightning, Thunder], &d, &Options::default()).final_damage, 15);
/// ```
pub fn resolve(amount: u32, types: &[DamageType], d: &Defender, o: &Options) -> Outcome {
    let physical = [DamageType::Physical];
    let types = if types.is_empty() {
        &physical[..]
    } else {
        types
    };
    let immune = |t: &DamageType| *t != DamageType::Physical && d.immune.contains(t);
    if types.iter().all(immune) {
        return Outcome {
            original: amount,
            resisted: amount,
            added: 0,
            final_damage: 0,
        };
    }
    // Every type must be resisted (immunity counting as unlimited); then the weakest.
    let resisted = types
        .iter()
        .map(|t| {
            if immune(t) {
                Some(u32::MAX)
            } else {
                highest(&d.resist, t).map(|(_, v)| v)
            }
        })
        .try_fold(u32::MAX, |low, v| v.map(|v| low.min(v)))
        .unwrap_or(0);
    let mut chosen: Vec<(usize, u32)> = types
        .iter()
        .filter(|t| !immune(t))
        .filter_map(|t| highest(&d.vulnerable, t))
        .collect();
    chosen.sort_unstable();
    chosen.dedup();
    let added = match o.vulnerability {
        VulnerabilityRule::Each => chosen.iter().map(|&(_, v)| u64::from(v)).sum::<u64>(),
        VulnerabilityRule::Highest => chosen.iter().map(|&(_, v)| u64::from(v)).max().unwrap_or(0),
    }
    .min(u64::from(u32::MAX / 4)) as u32;
    // Resistance and vulnerability both apply: the smaller cancels part of the larger.
    let before = u64::from(amount) + u64::from(added);
    let resisted = u64::from(resisted).min(before);
    let taken = before - resisted;
    let taken = if d.insubstantial { taken / 2 } else { taken };
    Outcome {
        original: amount,
        resisted: resisted as u32,
        added,
        final_damage: taken.min(u64::from(u32::MAX)) as u32,
    }
}
