//! The minions system: armor that soaks the first points of damage each combat round,
//! levels 0 to 5, one experience level for recruits, and the level-difference cycle of
//! hits and misses.
//!
//! It implements the rules text "minions" (file 003 of the rules texts, named by
//! [`rules::TEXT`]), cited with the heading; `docs/rules/minions.md` describes the text
//! in our words, with the readings chosen where it is ambiguous.
//!
//! Its files, in layers: each imports only from the ones before it in this list
//! (`tests/architecture.rs` checks it).
//!
//! 1. [`model`]: minions, groups, and the options of play the text leaves open;
//! 2. [`events`]: what a battle reports as it is played, each [`Event`] with its words;
//! 3. [`resolve`](mod@resolve): the rules as a deterministic state machine reporting [`Event`]s;
//! 4. [`scenario`]: battles from TOML files, with located errors.
//!
//! The text has no dice, so there is no `exact` or `sample` module: one run of
//! [`play`] is the exact outcome.

pub mod events;
mod living;
pub mod model;
pub mod request;
pub mod resolve;
pub mod scenario;

pub use events::{AttackReport, CombatEnd, Event};
pub use model::{
    Battle, Experience, Group, Kind, Level, LevelExcess, Minion, Order, Rules, Side, Spell,
    SpellTarget, Targeting,
};
pub use resolve::{BattleState, Fighter, FinalMinion, Outcome, RoundPlayed, play};
pub use scenario::{ScenarioError, check_work, parse_battle};

/// The rules of the minions text, by its section headings (and fray's readings).
pub mod rules {
    use crate::trace::Rule;

    /// The rules text this system implements.
    pub const TEXT: &str = "003_3eb7dd0a15101726.txt";

    /// Armor soaks damage and resets each round; a minion dies at 0 hit points.
    pub const ARMOR: Rule = Rule {
        id: "armor",
        heading: "How Armor Affects Combat",
    };
    /// Armor gained mid-round raises the maximum now and soaks from the next round.
    pub const GAINING_ARMOR: Rule = Rule {
        id: "armor-gained",
        heading: "Gaining Armor During Combat",
    };
    /// A recruit's first kill qualifies it for one experience level next turn.
    pub const EXPERIENCE: Rule = Rule {
        id: "experience",
        heading: "Experience Level",
    };
    /// The level difference decides the cycle of hits and misses.
    pub const LEVELS_IN_COMBAT: Rule = Rule {
        id: "level-cycle",
        heading: "How Levels Affect Combat",
    };
    /// Spells cast between combats: what the text says spells do (*Minion Levels*, *How
    /// Armor Affects Combat*), given a time by fray (docs/rules/minions.md).
    pub const SPELLS: Rule = Rule {
        id: "spell",
        heading: "fray reading: spells between combats",
    };
    /// Turns, combats and their ends: fray's reading (docs/rules/minions.md).
    pub const PLAY: Rule = Rule {
        id: "play",
        heading: "fray reading: turns and combats",
    };
}
