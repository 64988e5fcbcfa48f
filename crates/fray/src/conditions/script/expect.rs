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
    /// Whether a creature has a condition (from a source, how many instances).
    Condition {
        /// The creature looked at.
        creature: Name,
        /// The condition concerned.
        condition: CharacterCondition,
        /// Whether it should be there (true) or not (false).
        #[serde(default = "yes")]
        present: bool,
        /// How many instances there should be, when the number matters.
        #[serde(
            default,
            deserialize_with = "bounds::optional::<_, { bounds::at::COUNT }, _>"
        )]
        count: Option<usize>,
        /// Only instances from this creature, when given.
        source: Option<Name>,
        /// Only instances imposed by this effect (not a creature).
        effect: Option<String>,
    },
    /// A creature's hit points.
    Hp {
        /// The creature looked at.
        creature: Name,
        /// The hit points the script expects.
        #[serde(deserialize_with = "bounds::expected_hp")]
        value: i64,
    },
    /// Where a creature is.
    Position {
        /// The creature looked at.
        creature: Name,
        /// The square expected; none: it occupies no square.
        at: Option<Square>,
    },
    /// Whether the attacker has combat advantage against the target.
    CombatAdvantage {
        /// The attacking creature.
        attacker: Name,
        /// The creature attacked.
        target: Name,
        /// The answer the script expects: a wrong one is a failure at this step.
        value: bool,
    },
    /// The stacked modifiers of an attack roll.
    AttackModifier {
        /// The attacking creature.
        attacker: Name,
        /// The creature attacked.
        target: Name,
        /// The stacked total the script expects.
        #[serde(deserialize_with = "bounds::expected")]
        total: i32,
        /// `cover` or `superior`: situational cover of this attack.
        cover: Option<String>,
        /// `concealment` or `total`: situational concealment of this attack.
        concealment: Option<String>,
        /// Whether the attack violates a mark (its penalty counts).
        #[serde(default)]
        violates_mark: bool,
        /// A modifier, by its source, that should be suppressed by the stacking rules.
        suppressed: Option<String>,
    },
    /// Whether an attack would violate a mark.
    ViolatesMark {
        /// The attacking creature.
        attacker: Name,
        /// The creatures the attack targets.
        targets: Vec<Name>,
        /// Targets of earlier attacks of the same power: including a marker there keeps the
        /// mark unviolated.
        #[serde(default)]
        earlier: Vec<Name>,
        /// The targets first chosen, when an enemy's effect changed them (Sidebar:
        /// Violating marks).
        #[serde(default)]
        initially: Vec<Name>,
        /// Creatures that mark the attacker during this attack (an interrupt).
        #[serde(default)]
        marked_during: Vec<Name>,
        /// A dominator forcing the attack (Sidebar: Forced attack): it violates no mark.
        forced_by: Option<Name>,
        /// The answer the script expects: a wrong one is a failure at this step.
        value: bool,
    },
    /// Whether a creature may take an action now.
    Can {
        /// The creature looked at.
        creature: Name,
        /// standard, move, minor, free, opportunity, immediate, attack, walk or flank.
        action: String,
        /// The answer the script expects: a wrong one is a failure at this step.
        value: bool,
    },
    /// What a walk costs, or that it is refused.
    MovementCost {
        /// The creature that would walk.
        creature: Name,
        /// How many squares the walk would be.
        #[serde(deserialize_with = "bounds::squares")]
        squares: u32,
        /// The movement it should cost; none: the walk should be refused.
        #[serde(
            default,
            deserialize_with = "bounds::optional::<_, { bounds::at::SQUARES }, _>"
        )]
        value: Option<u32>,
    },
    /// Whether one creature can see another.
    LineOfSight {
        /// The creature looking or acting from its square.
        from: Name,
        /// The creature looked at or reached.
        to: Name,
        /// The answer the script expects: a wrong one is a failure at this step.
        value: bool,
    },
    /// Whether one creature has line of effect to another.
    LineOfEffect {
        /// The creature looking or acting from its square.
        from: Name,
        /// The creature looked at or reached.
        to: Name,
        /// The answer the script expects: a wrong one is a failure at this step.
        value: bool,
    },
    /// Whether a creature occupies a space (not exiled or swallowed).
    OccupiesSpace {
        /// The creature looked at.
        creature: Name,
        /// The answer the script expects: a wrong one is a failure at this step.
        value: bool,
    },
    /// That the last action was refused, with this reason.
    Refused {
        /// Text to look for, so a script need not repeat a whole message.
        contains: String,
    },
    /// That the log holds (or does not hold) a text.
    Log {
        /// Text to look for, so a script need not repeat a whole message.
        contains: String,
        /// Whether the log should contain it (true) or not (false).
        #[serde(default = "yes")]
        present: bool,
    },
    /// A creature's defense with its modifiers.
    Defense {
        /// The creature looked at.
        creature: Name,
        /// The defense concerned.
        defense: Defense,
        /// The defense expected, with its modifiers.
        #[serde(deserialize_with = "bounds::expected")]
        value: i32,
    },
    /// A Perception check (or passive Perception) against a DC.
    Perception {
        /// The creature whose Perception it is.
        creature: Name,
        /// The Perception modifier expected.
        #[serde(deserialize_with = "bounds::expected")]
        modifier: i32,
    },
    /// The initiative order.
    Initiative {
        /// The initiative order expected, first to act first.
        order: Vec<Name>,
    },
    /// Whether passive Perception (10 + Perception + modifiers) meets `dc`, against
    /// `target` if given.
    Perceives {
        /// The creature the step acts on or the check is about, by its name in the script.
        creature: Name,
        /// The creature perceived or asked about, if any.
        target: Option<Name>,
        /// The difficulty class the check is made against.
        #[serde(deserialize_with = "bounds::dc")]
        dc: i32,
        /// The answer the script expects: a wrong one is a failure at this step.
        value: bool,
    },
}
