//! The pool system: checks on a ladder of difficulties with bonus and penalty dice and
//! degrees of success, and mass combat where whole sides roll together.
//!
//! It implements the rules text "pool" (file 002 of the rules texts, named by [`rules::TEXT`]),
//! cited with the heading; `docs/rules/pool.md` describes the text in our words, with
//! the readings chosen where it is ambiguous.
//!
//! Its files, in layers: each imports only from its own layer or the ones before it in
//! this list (`tests/architecture.rs` checks it).
//!
//! 1. [`model`]: the ladder, checks and results;
//! 2. [`resolve`](mod@resolve): judging a check, building an attack roll;
//! 3. [`exact`]: a check's odds in closed form, a side's total hits, who deals more;
//!    [`sample`]: rolling checks through [`crate::rng::Rolls`];
//! 4. [`battle`]: mass combat, side against side, round by round;
//! 5. [`scenario`]: mass battles from TOML files, with located errors.

pub mod battle;
pub mod exact;
pub mod model;
pub mod request;
pub mod resolve;
pub mod sample;
pub mod scenario;

pub use battle::{
    ArmorWeight, Army, Combatant, DefenseCount, FormRule, FormVote, MassBattle, MassEvent,
    MassKernel, MassState, TargetingReadings, play_mass_battle, replay_mass_battle,
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

    /// A check: a rung TN/D, bonus and penalty dice, success and degree.
    pub const CHECK: Rule = Rule {
        id: "check",
        heading: "Dice tech basics",
    };
    /// An attack roll: 3/6 moved one rung per factor.
    pub const ATTACK: Rule = Rule {
        id: "attack-roll",
        heading: "Combat considerations",
    };
    /// Mass combat's first step: every attack rolled, the hits totalled and spread.
    pub const STEP_1: Rule = Rule {
        id: "step-1",
        heading: "The roll, step 1",
    };
    /// Mass combat's second step: the side with more hits deals full damage.
    pub const STEP_2: Rule = Rule {
        id: "step-2",
        heading: "The roll, step 2",
    };
}
