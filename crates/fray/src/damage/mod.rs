//! The damage system: typed damage, resistances, vulnerabilities, immunities, damage
//! triggers, templates, and attacks with several damage types.
//!
//! Its rules text is cited as "damage" with the heading, e.g. "(damage, Damage Trigger)";
//! `docs/rules/damage.md` describes the text in our words, with the readings chosen
//! where it is ambiguous.
//!
//! - [`model`]: the data types (damage types, traits, hits);
//! - [`notation`]: the stat-block notation designers write;
//! - [`resolve`](mod@resolve): the rules, as pure functions with traces;
//! - [`modify`]: changing an attack's types and adding extra damage;
//! - [`exact`] and [`sample`]: damage dice, as exact distributions or rolled.
//!
//! ```
//! use fray::damage::{explain, parse_traits, DamageType, Defender, Hit, Readings};
//! let defender = Defender::new(parse_traits("Resist Fire; Vulnerable 5 Cold")?);
//! let hit = Hit::new(17, [DamageType::Fire, DamageType::Cold]);
//! let explained = explain(&hit, &defender, &Readings::default());
//! assert_eq!(explained.outcome.final_damage, 15);
//! for step in &explained.trace.steps {
//!     println!("{step}");
//! }
//! # Ok::<(), fray::damage::NotationErrors>(())
//! ```

pub mod exact;
pub mod examples;
pub mod model;
pub mod modify;
pub mod notation;
pub mod predicate;
mod print;
pub mod request;
pub mod resolve;
pub mod sample;
mod templates;

pub use model::*;
pub use modify::{ChoiceRule, Modification, ModifyError, choosable, choose_type};
pub use notation::{
    NotationError, NotationErrors, StatBlock, parse_stat_block, parse_stat_block_with, parse_traits,
};
pub use predicate::{
    FACT_NAMES, Fact, KNOWN_KEYWORDS, Literal, Predicate, PredicateError, Vocabulary,
    is_known_keyword,
};
pub use resolve::{
    DamageOutcome, EffectOutcome, Explained, Readings, Shield, TriggerFired, explain, resolve,
    resolve_with,
};
pub use templates::expand as expand_template;

/// The rules of the damage text, named by its section headings, as traces cite them.
pub mod rules {
    use crate::trace::Rule;

    /// The rules text this system implements.
    pub const TEXT: &str = "000_e394d34835c3e0fa.txt";

    pub const RESISTANCE: Rule = Rule {
        id: "resistance",
        heading: "Resistance",
    };
    pub const VULNERABILITY: Rule = Rule {
        id: "vulnerability",
        heading: "Vulnerability",
    };
    pub const REDUCTION: Rule = Rule {
        id: "resistance-reduction",
        heading: "Resistance reduction",
    };
    pub const IMMUNITY: Rule = Rule {
        id: "damage-immunity",
        heading: "Damage Immunity",
    };
    pub const CONDITION_IMMUNITY: Rule = Rule {
        id: "condition-immunity",
        heading: "Condition Immunity",
    };
    pub const NONDAMAGE_IMMUNITY: Rule = Rule {
        id: "nondamage-immunity",
        heading: "Nondamage Immunity",
    };
    pub const TRIGGER: Rule = Rule {
        id: "damage-trigger",
        heading: "Damage Trigger",
    };
    pub const CHOICE: Rule = Rule {
        id: "choose",
        heading: "Choosing between multiple Resistances or multiple Vulnerabilities",
    };
    pub const FINAL: Rule = Rule {
        id: "final",
        heading: "Simultaneously Applying Resistances and Vulnerabilities",
    };
    pub const MULTI_TYPE: Rule = Rule {
        id: "multiple-types",
        heading: "Resolving attacks with multiple damage types",
    };
    pub const DEFAULT_TYPE: Rule = Rule {
        id: "physical",
        heading: "Default damage type: Physical",
    };
    pub const CHANGE_TYPE: Rule = Rule {
        id: "change-type",
        heading: "Changing the damage type of an attack",
    };
    pub const EXTRA_DAMAGE: Rule = Rule {
        id: "extra-damage",
        heading: "Adding extra damage to an attack",
    };
}
