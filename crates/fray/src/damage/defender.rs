//! A defender: the traits of a stat block lowered for resolution, with templates
//! expanded. It sits above the templates it expands and below the rules that read it.

use serde::{Deserialize, Serialize};

use super::model::DamageType;
use super::templates;
use super::traits::{
    ConditionImmunity, DamageImmunity, DamageTrigger, NondamageImmunity, Resistance, Trait,
    Vulnerability,
};

/// A defender's traits, with templates expanded, ready for resolution.
///
/// Build it from stat-block traits (see [`super::parse_traits`]); each expanded trait
/// remembers its template so explanations can name it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Defender {
    /// Its resistances, template ones included.
    pub resistances: Vec<Resistance>,
    /// Its vulnerabilities, template ones included.
    pub vulnerabilities: Vec<Vulnerability>,
    /// The damage types it ignores.
    pub immunities: Vec<DamageImmunity>,
    /// The conditions (and forced movement) it ignores.
    pub condition_immunities: Vec<ConditionImmunity>,
    /// Keywords whose hits deal it damage only.
    pub nondamage_immunities: Vec<NondamageImmunity>,
    /// What happens after damage of a type, reported after the hit.
    pub triggers: Vec<DamageTrigger>,
}

impl Defender {
    /// How many traits it has, of every kind: what resolving a hit against it walks.
    pub fn trait_count(&self) -> usize {
        self.resistances.len()
            + self.vulnerabilities.len()
            + self.immunities.len()
            + self.condition_immunities.len()
            + self.nondamage_immunities.len()
            + self.triggers.len()
    }

    /// Lowers stat-block traits, expanding templates.
    pub fn new(traits: impl IntoIterator<Item = Trait>) -> Self {
        let mut d = Self::default();
        for t in traits {
            d.add(t);
        }
        d
    }

    /// Adds one trait (a template adds all it grants).
    pub fn add(&mut self, t: Trait) {
        match t {
            Trait::Resist(r) => self.resistances.push(r),
            Trait::Vulnerable(v) => self.vulnerabilities.push(v),
            Trait::DamageImmune(i) => self.immunities.push(i),
            Trait::ConditionImmune(c) => self.condition_immunities.push(c),
            Trait::NondamageImmune(n) => self.nondamage_immunities.push(n),
            Trait::DamageTrigger(d) => self.triggers.push(d),
            Trait::Template { template } => {
                for granted in templates::expand(template) {
                    self.add(granted);
                }
            }
        }
    }

    /// Whether the defender is immune to damage of `t`.
    pub fn is_immune(&self, t: &DamageType) -> bool {
        self.immunities.iter().any(|i| i.damage_type == *t)
    }
}
