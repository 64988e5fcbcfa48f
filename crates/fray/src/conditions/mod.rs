//! The conditions system: condition instances and their sources, penalty types and
//! stacking, cover and concealment, Total Defense, opportunity attacks, the seventeen
//! conditions with every effect they name, and the sidebars (forced attacks, escape
//! checks, violating marks, defender auras); on a small tactical core (a square grid,
//! creatures, attack powers, turns), linked to the damage system for damage, immunities
//! and ongoing damage.
//!
//! It implements the rules text "conditions" (file 004 of the rules texts, named by
//! [`rules::TEXT`]), cited with the heading, e.g. "(conditions, Grabbed)";
//! `docs/rules/conditions.md` describes the text in our words, with the readings chosen
//! where it is ambiguous. It has no dice distributions of its own (no `exact` or
//! `sample`): its rolls go through [`crate::rng::Rolls`], its damage through the damage
//! system, and its scenario layer is [`script`].
//!
//! Its files, in layers: each imports only from its own layer or the ones before it in
//! this list (`tests/architecture.rs` checks it).
//!
//! 1. [`bounds`]: the range of every number a script may hold; [`readings`]: the
//!    readings a designer may switch;
//! 2. [`model`]: creatures, powers, durations, condition instances (with [`rules`]);
//! 3. [`stacking`]: typed modifiers and their breakdown;
//! 4. [`encounter`]: the encounter state, every query and every action, one file per
//!    concern (senses, modifiers, actions, lifecycle, turns, movement, combat, terrain);
//! 5. [`script`]: encounter scripts in TOML (the format, then the player that runs them
//!    against an [`Encounter`]); [`policy`]: a built-in policy that plays whole
//!    skirmishes unattended.

pub mod bounds;
pub mod encounter;
pub mod model;
pub mod policy;
pub mod readings;
pub mod request;
pub mod script;
pub mod stacking;

pub use encounter::{
    AppliedModifier, AttackOptions, Encounter, EscapeChoice, HEARING, PerceptionResult, Refused,
    Situation, Stats, Target, Terrain,
};
pub use model::{
    ActionType, CharacterCondition, ConditionEffect, ConditionInstance, Creature, Defense,
    Duration, Forced, InstanceDuration, Power, Skill, Square, Trigger, Usage,
};
pub use readings::{MarkPenalty, Readings};
pub use script::{Report, ScriptError, parse_script, run_script, run_script_until};
pub use stacking::{Breakdown, Modifier, ModifierType, Suppressed, stack, stacked_total};

/// The rules of the conditions text, by its section headings.
pub mod rules {
    use super::model::CharacterCondition as C;
    use crate::trace::Rule;

    /// The rules text this system implements.
    pub const TEXT: &str = "004_b7dcb49dd7f6a795.txt";

    /// Cited when a creature takes Total Defense and when its bonus ends.
    pub const TOTAL_DEFENSE: Rule = Rule {
        id: "total-defense",
        heading: "Maneuver change: Total Defense",
    };
    /// Cited when an instance is tied to (or ends with) its source.
    pub const SOURCES: Rule = Rule {
        id: "source",
        heading: "Condition source",
    };
    /// Cited when several instances of one condition are kept and ended apart.
    pub const INSTANCES: Rule = Rule {
        id: "instances",
        heading: "Multiple instances of a condition",
    };
    /// Cited when bonuses and penalties are stacked by type.
    pub const STACKING: Rule = Rule {
        id: "stacking",
        heading: "Penalty types and stacking",
    };
    /// Cited when leaving adjacency or a ranged or area power provokes.
    pub const OPPORTUNITY: Rule = Rule {
        id: "opportunity",
        heading: "Opportunity Attacks",
    };
    /// Cited when a dominator forces an attack.
    pub const FORCED_ATTACK: Rule = Rule {
        id: "forced-attack",
        heading: "Sidebar: Forced attack",
    };
    /// Cited by escape checks against grabbers and swallowers.
    pub const ESCAPE: Rule = Rule {
        id: "escape",
        heading: "Sidebar: Escape Check",
    };
    /// Cited when an attack violates a mark and by what that triggers.
    pub const MARKS: Rule = Rule {
        id: "marks",
        heading: "Sidebar: Violating marks",
    };
    /// Cited when a defender aura marks an enemy or the mark ends.
    pub const AURA: Rule = Rule {
        id: "aura",
        heading: "Sidebar: Defender Aura",
    };
    /// fray's tactical core: turns, movement, attacks, saves, damage.
    pub const TURNS: Rule = Rule {
        id: "turn",
        heading: "tactical core: turns",
    };
    /// Cited by walking, standing up and forced movement (fray's tactical core).
    pub const MOVEMENT: Rule = Rule {
        id: "movement",
        heading: "tactical core: movement",
    };
    /// Cited by attack rolls against a defense (fray's tactical core).
    pub const ATTACK: Rule = Rule {
        id: "attack",
        heading: "tactical core: attack rolls",
    };
    /// Cited by saving throws (fray's tactical core).
    pub const SAVES: Rule = Rule {
        id: "save",
        heading: "tactical core: saving throws",
    };
    /// Cited when damage goes through the damage system.
    pub const DAMAGE: Rule = Rule {
        id: "damage",
        heading: "tactical core: damage (the damage system)",
    };
    /// Cited when ongoing damage is dealt at the start of a turn.
    pub const ONGOING: Rule = Rule {
        id: "ongoing",
        heading: "tactical core: ongoing damage",
    };
    /// Cited when a condition immunity (from the damage text) stops a condition.
    pub const IMMUNITY: Rule = Rule {
        id: "immunity",
        heading: "Condition Immunity (damage text)",
    };

    /// The section of one condition.
    pub fn rule_of(c: C) -> Rule {
        let heading = match c {
            C::Blinded => "Blinded",
            C::Dazed => "Dazed",
            C::Deafened => "Deafened",
            C::Dominated => "Dominated",
            C::Exiled => "Exiled (was “Removed from Game”)",
            C::Grabbed => "Grabbed",
            C::Helpless => "Helpless",
            C::Immobilized => "Immobilized",
            C::Marked => "Marked",
            C::Petrified => "Petrified",
            C::Prone => "Prone",
            C::Restrained => "Restrained",
            C::Slowed => "Slowed",
            C::Stunned => "Stunned",
            C::Swallowed => "Swallowed",
            C::Unconscious => "Unconscious",
            C::Weakened => "Weakened",
        };
        Rule {
            id: c.name(),
            heading,
        }
    }
}
