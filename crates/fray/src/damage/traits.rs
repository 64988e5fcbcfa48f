//! The traits of a stat block: resistances, vulnerabilities, immunities and damage
//! triggers, each with the condition ([`Predicate`]) under which it applies. They sit above
//! the predicates they hold and below the templates that expand into them.

use serde::{Deserialize, Serialize};

use super::model::{DamageType, Keyword, Limit, Template, TypeSelector};
use super::predicate::Predicate;
use crate::character::CharacterCondition;

/// Halves damage of a type, up to a limit, when a condition holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resistance {
    /// The types covered.
    pub types: TypeSelector,
    /// The most it may mitigate; none means half of an attack (all of environmental damage).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<Limit>,
    /// It applies only to hits meeting this condition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Predicate>,
    /// The template it was expanded from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<Template>,
}

/// Adds half again of damage of a type, up to a limit, when a condition holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vulnerability {
    /// The types covered.
    pub types: TypeSelector,
    /// The most it may add; none means half of the damage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<Limit>,
    /// It applies only to hits meeting this condition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Predicate>,
    /// The template it was expanded from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<Template>,
}

/// Ignores all damage of one type. "All" is not valid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageImmunity {
    /// The one type ignored.
    pub damage_type: DamageType,
}

/// What a condition immunity protects against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ImmunityTarget {
    /// One character condition.
    Condition(CharacterCondition),
    /// Push, pull and slide.
    ForcedMovement,
}

/// Ignores one negative condition (or forced movement), when a condition holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConditionImmunity {
    /// What is ignored.
    pub target: ImmunityTarget,
    /// The immunity is active only against hits meeting this condition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Predicate>,
    /// The template it was expanded from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<Template>,
}

/// Ignores every effect but damage of hits carrying a keyword.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NondamageImmunity {
    /// The keyword (damage type names count as keywords).
    pub keyword: Keyword,
}

/// An effect reported after a hit that dealt damage of a type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageTrigger {
    /// The types that trigger it.
    pub types: TypeSelector,
    /// What happens, as the stat block says it.
    pub effect: String,
}

/// One line of a stat block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "trait", rename_all = "kebab-case")]
pub enum Trait {
    /// A resistance line.
    Resist(Resistance),
    /// A vulnerability line.
    Vulnerable(Vulnerability),
    /// A damage immunity line.
    DamageImmune(DamageImmunity),
    /// A condition immunity line.
    ConditionImmune(ConditionImmunity),
    /// A nondamage immunity line.
    NondamageImmune(NondamageImmunity),
    /// A damage trigger line.
    DamageTrigger(DamageTrigger),
    /// A template, standing for the traits it grants.
    Template {
        /// Which template.
        template: Template,
    },
}
