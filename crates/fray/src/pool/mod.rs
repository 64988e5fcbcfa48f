//! The pool system: checks on a ladder of difficulties with bonus and penalty dice and
//! degrees of success, and mass combat where whole sides roll together.
//!
//! Its rules text is cited as "pool" with the heading; `docs/rules/pool.md` describes
//! the text in our words, with the readings chosen where it is ambiguous.
//!
//! - [`model`]: the ladder, checks and results;
//! - [`resolve`](mod@resolve): judging a check, building an attack roll;
//! - [`exact`]: a check's odds in closed form, a side's total hits, who deals more;
//! - [`sample`]: rolling checks through [`crate::rng::Rolls`];
//! - [`battle`]: mass combat, side against side, round by round;
//! - [`scenario`]: mass battles from TOML files, with located errors.

pub mod battle;
pub mod exact;
pub mod model;
pub mod request;
pub mod resolve;
pub mod sample;
pub mod scenario;

pub use battle::{
    ArmorWeight, Army, Combatant, DefenseCount, FormRule, FormVote, MassBattle, MassEvent,
    MassState, TargetingReadings, play_mass_battle, replay_mass_battle,
};
pub use exact::{BaseOutcome, CheckOdds, Comparison, SideHits, compare};
pub use model::{Check, CheckResult, Ladder, PoolError, Rung, parse_side};
pub use resolve::{ArmorMatch, AttackFactors, Dodge, FormEdge, Judgement, attack_check, judge};
pub use sample::{RolledCheck, roll_check};
pub use scenario::{MassScenario, parse_mass_battle};

/// The rules of the pool text, by its section headings.
pub mod rules {
    use crate::trace::Rule;

    /// The rules text this system implements.
    pub const TEXT: &str = "002_20f5940c50db4459.txt";

    pub const CHECK: Rule = Rule {
        id: "check",
        heading: "Dice tech basics",
    };
    pub const ATTACK: Rule = Rule {
        id: "attack-roll",
        heading: "Combat considerations",
    };
    pub const STEP_1: Rule = Rule {
        id: "step-1",
        heading: "The roll, step 1",
    };
    pub const STEP_2: Rule = Rule {
        id: "step-2",
        heading: "The roll, step 2",
    };
}
