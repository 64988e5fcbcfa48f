//! The queries and expectations of an encounter script (`do = "query"` and
//! `do = "expect"` steps), as the format writes them.

use serde::{Deserialize, Serialize};

use super::{CharacterCondition, Defense, Name, Square, bounds, yes};

/// What a query step asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Query {
    /// The attack modifiers of `creature` against `target`, with their breakdown.
    AttackModifiers,
    /// Whether `creature` has combat advantage against `target`, and from what.
    CombatAdvantage,
    /// What `creature` may do now.
    Actions,
    /// Every condition instance of `creature`.
    Conditions,
}

/// An expectation.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "check", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Check {
    Condition {
        creature: Name,
        condition: CharacterCondition,
        #[serde(default = "yes")]
        present: bool,
        #[serde(
            default,
            deserialize_with = "bounds::optional::<_, { bounds::at::COUNT }, _>"
        )]
        count: Option<usize>,
        source: Option<Name>,
        /// Only instances imposed by this effect (not a creature).
        effect: Option<String>,
    },
    Hp {
        creature: Name,
        #[serde(deserialize_with = "bounds::expected_hp")]
        value: i64,
    },
    Position {
        creature: Name,
        at: Option<Square>,
    },
    CombatAdvantage {
        attacker: Name,
        target: Name,
        value: bool,
    },
    AttackModifier {
        attacker: Name,
        target: Name,
        #[serde(deserialize_with = "bounds::expected")]
        total: i32,
        cover: Option<String>,
        concealment: Option<String>,
        #[serde(default)]
        violates_mark: bool,
        suppressed: Option<String>,
    },
    ViolatesMark {
        attacker: Name,
        targets: Vec<Name>,
        #[serde(default)]
        earlier: Vec<Name>,
        #[serde(default)]
        initially: Vec<Name>,
        #[serde(default)]
        marked_during: Vec<Name>,
        forced_by: Option<Name>,
        value: bool,
    },
    Can {
        creature: Name,
        /// standard, move, minor, free, opportunity, immediate, attack, walk or flank.
        action: String,
        value: bool,
    },
    MovementCost {
        creature: Name,
        #[serde(deserialize_with = "bounds::squares")]
        squares: u32,
        #[serde(
            default,
            deserialize_with = "bounds::optional::<_, { bounds::at::SQUARES }, _>"
        )]
        value: Option<u32>,
    },
    LineOfSight {
        from: Name,
        to: Name,
        value: bool,
    },
    LineOfEffect {
        from: Name,
        to: Name,
        value: bool,
    },
    OccupiesSpace {
        creature: Name,
        value: bool,
    },
    Refused {
        contains: String,
    },
    Log {
        contains: String,
        /// Whether the log should contain it (true) or not (false).
        #[serde(default = "yes")]
        present: bool,
    },
    Defense {
        creature: Name,
        defense: Defense,
        #[serde(deserialize_with = "bounds::expected")]
        value: i32,
    },
    Perception {
        creature: Name,
        #[serde(deserialize_with = "bounds::expected")]
        modifier: i32,
    },
    Initiative {
        order: Vec<Name>,
    },
    /// Whether passive Perception (10 + Perception + modifiers) meets `dc`, against
    /// `target` if given.
    Perceives {
        creature: Name,
        target: Option<Name>,
        #[serde(deserialize_with = "bounds::dc")]
        dc: i32,
        value: bool,
    },
}
