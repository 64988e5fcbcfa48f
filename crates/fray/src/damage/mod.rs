//! The damage system: typed damage, resistances, vulnerabilities, immunities, damage
//! triggers, templates, and attacks with several damage types.
//!
//! It implements the rules text "damage" (file 000 of the rules texts, named by [`rules::TEXT`]),
//! cited with the heading, e.g. "(damage, Damage Trigger)"; `docs/rules/damage.md`
//! describes the text in our words, with the readings chosen where it is ambiguous.
//!
//! Its files, in layers: each imports only from its own layer or below
//! (`tests/architecture.rs` checks it), so each can be read after the ones it uses.
//!
//! 1. [`model`]: the facts of a hit (damage types, selectors, limits, keywords, effects);
//! 2. [`predicate`]: the condition language over those facts;
//! 3. [`traits`]: resistances, vulnerabilities, immunities, triggers (with predicates);
//! 4. `templates`: Insubstantial, Swarm and Regiment expanded into traits;
//! 5. [`defender`]: a stat block's traits lowered for resolution;
//! 6. `print`: traits printed back in the notation;
//! 7. [`notation`]: the stat-block notation designers write, with located errors;
//! 8. [`resolve`](mod@resolve): the rules, as pure functions with traces;
//! 9. [`modify`]: changing an attack's types and adding extra damage; [`exact`]: damage
//!    dice as exact distributions;
//! 10. [`sample`]: damage dice rolled;
//! 11. [`examples`]: the text's worked examples, playable by the CLI.
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

pub mod answer;
pub mod defender;
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
pub mod traits;

pub use defender::Defender;
pub use model::*;
pub use modify::{
    ChoiceRule, Modification, ModifyError, TypesListing, choosable, choose_type, types_listing,
};
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
pub use traits::*;

/// The rules of the damage text, named by its section headings, as traces cite them.
pub mod rules {
    use crate::trace::Rule;

    /// The rules text this system implements.
    pub const TEXT: &str = "000_e394d34835c3e0fa.txt";

    /// Cited when a resistance halves damage, up to its limit.
    pub const RESISTANCE: Rule = Rule {
        id: "resistance",
        heading: "Resistance",
    };
    /// Cited when a vulnerability adds damage, up to its limit.
    pub const VULNERABILITY: Rule = Rule {
        id: "vulnerability",
        heading: "Vulnerability",
    };
    /// Cited when an attack's resistance reduction lowers a resistance.
    pub const REDUCTION: Rule = Rule {
        id: "resistance-reduction",
        heading: "Resistance reduction",
    };
    /// Cited when a damage immunity ignores a type.
    pub const IMMUNITY: Rule = Rule {
        id: "damage-immunity",
        heading: "Damage Immunity",
    };
    /// Cited when a condition immunity stops a hit's condition.
    pub const CONDITION_IMMUNITY: Rule = Rule {
        id: "condition-immunity",
        heading: "Condition Immunity",
    };
    /// Cited when a keyword immunity stops a hit's effects but not its damage.
    pub const NONDAMAGE_IMMUNITY: Rule = Rule {
        id: "nondamage-immunity",
        heading: "Nondamage Immunity",
    };
    /// Cited when damage of a type fires a damage trigger.
    pub const TRIGGER: Rule = Rule {
        id: "damage-trigger",
        heading: "Damage Trigger",
    };
    /// Cited when the best of several resistances (or the worst of several vulnerabilities)
    /// is chosen.
    pub const CHOICE: Rule = Rule {
        id: "choose",
        heading: "Choosing between multiple Resistances or multiple Vulnerabilities",
    };
    /// Cited when resistance and vulnerability apply to the same damage together.
    pub const FINAL: Rule = Rule {
        id: "final",
        heading: "Simultaneously Applying Resistances and Vulnerabilities",
    };
    /// Cited when an attack deals several types at once.
    pub const MULTI_TYPE: Rule = Rule {
        id: "multiple-types",
        heading: "Resolving attacks with multiple damage types",
    };
    /// Cited when damage that names no type is physical.
    pub const DEFAULT_TYPE: Rule = Rule {
        id: "physical",
        heading: "Default damage type: Physical",
    };
    /// Cited when an attack gains or becomes a damage type.
    pub const CHANGE_TYPE: Rule = Rule {
        id: "change-type",
        heading: "Changing the damage type of an attack",
    };
    /// Cited when extra damage is added to an attack.
    pub const EXTRA_DAMAGE: Rule = Rule {
        id: "extra-damage",
        heading: "Adding extra damage to an attack",
    };
}
