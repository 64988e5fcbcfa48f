//! What `fray damage` answers: one hit resolved with its trace, or the exact
//! distribution of final damage for dice. Serialized, it is the command's `--json`.

use schemars::JsonSchema;
use serde::Serialize;

use super::{Explained, Hit, Keyword};

/// What `fray damage` computes: one resolution, or an exact distribution of dice.
/// Serialized, it is the command's `--json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum DamageResult {
    /// A fixed amount, or dice rolled once.
    Resolved(Box<Resolved>),
    /// The exact distribution of final damage for dice.
    Distribution(Box<DistributionResult>),
}

/// One hit resolved, with every rule step, and what the request said.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Resolved {
    /// The numbers, effects, triggers and trace, the changes to the attack first.
    #[serde(flatten)]
    pub explained: Explained,
    /// The defender's traits, in the notation.
    pub traits: Vec<String>,
    /// The declared conditions, left out when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub declared: Vec<Keyword>,
    /// The hit as it landed, its amount the original damage.
    pub hit: Hit,
    /// The built-in example played, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub example: Option<&'static str>,
    /// The dice, when the amount was dice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice: Option<String>,
    /// The seed of the roll.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// What the dice rolled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rolled: Option<i64>,
}

/// The exact distribution of final damage for a dice amount.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct DistributionResult {
    /// The dice.
    pub dice: String,
    /// The hit's damage types.
    pub types: super::DamageTypes,
    /// The defender's traits, in the notation.
    pub traits: Vec<String>,
    /// The declared conditions, or null when there are none.
    pub declared: Option<Vec<Keyword>>,
    /// The built-in example played, or null.
    pub example: Option<&'static str>,
    /// Always true: the distribution is computed, not sampled.
    pub exact: bool,
    /// Mean damage before traits.
    pub mean_original: f64,
    /// Mean final damage.
    pub mean_final: f64,
    /// Least final damage.
    pub min: i64,
    /// Greatest final damage.
    pub max: i64,
    /// Each final damage with its probability.
    pub distribution: Vec<DamageP>,
    /// The hit before the dice (its amount the extra damage), for the text heading.
    #[serde(skip)]
    pub hit: Hit,
}

/// One row of a damage distribution.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema)]
pub struct DamageP {
    /// Final damage.
    pub damage: i64,
    /// Its probability.
    pub p: f64,
}
