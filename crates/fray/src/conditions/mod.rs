//! The conditions system: condition instances and their sources, penalty types and
//! stacking, cover and concealment, Total Defense, opportunity attacks, the seventeen
//! conditions with every effect they name, and the sidebars (forced attacks, escape
//! checks, violating marks, defender auras); on a small tactical core (a square grid,
//! creatures, attack powers, turns), linked to the damage system for damage, immunities
//! and ongoing damage.
//!
//! Its rules text is cited as "conditions" with the heading, e.g. "(conditions, Grabbed)";
//! `docs/rules/conditions.md` describes the text in our words, with the readings chosen
//! where it is ambiguous.
//!
//! - [`model`]: creatures, powers, durations, condition instances;
//! - [`stacking`]: typed modifiers and their breakdown;
//! - [`encounter`]: the encounter state, every query and every action;
//! - [`script`]: encounter scripts in TOML, with expectations, and their runner;
//! - [`readings`]: the readings a designer may switch;
//! - [`bounds`]: the range of every number a script may hold;
//! - [`policy`]: a built-in policy that plays whole skirmishes unattended.

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
pub use script::{Report, ScriptError, parse_script, run_script};
pub use stacking::{Breakdown, Modifier, ModifierType, Suppressed, stack};

/// The rules of the conditions text, by its section headings.
pub mod rules {
    use super::model::CharacterCondition as C;
    use crate::trace::Rule;

    /// The rules text this system implements.
    pub const TEXT: &str = "004_b7dcb49dd7f6a795.txt";

    pub const TOTAL_DEFENSE: Rule = Rule {
        id: "total-defense",
        heading: "Maneuver change: Total Defense",
    };
    pub const SOURCES: Rule = Rule {
        id: "source",
        heading: "Condition source",
    };
    pub const INSTANCES: Rule = Rule {
        id: "instances",
        heading: "Multiple instances of a condition",
    };
    pub const STACKING: Rule = Rule {
        id: "stacking",
        heading: "Penalty types and stacking",
    };
    pub const OPPORTUNITY: Rule = Rule {
        id: "opportunity",
        heading: "Opportunity Attacks",
    };
    pub const FORCED_ATTACK: Rule = Rule {
        id: "forced-attack",
        heading: "Sidebar: Forced attack",
    };
    pub const ESCAPE: Rule = Rule {
        id: "escape",
        heading: "Sidebar: Escape Check",
    };
    pub const MARKS: Rule = Rule {
        id: "marks",
        heading: "Sidebar: Violating marks",
    };
    pub const AURA: Rule = Rule {
        id: "aura",
        heading: "Sidebar: Defender Aura",
    };
    /// fray's tactical core: turns, movement, attacks, saves, damage.
    pub const TURNS: Rule = Rule {
        id: "turn",
        heading: "tactical core: turns",
    };
    pub const MOVEMENT: Rule = Rule {
        id: "movement",
        heading: "tactical core: movement",
    };
    pub const ATTACK: Rule = Rule {
        id: "attack",
        heading: "tactical core: attack rolls",
    };
    pub const SAVES: Rule = Rule {
        id: "save",
        heading: "tactical core: saving throws",
    };
    pub const DAMAGE: Rule = Rule {
        id: "damage",
        heading: "tactical core: damage (the damage system)",
    };
    pub const ONGOING: Rule = Rule {
        id: "ongoing",
        heading: "tactical core: ongoing damage",
    };
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
