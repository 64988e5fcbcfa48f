//! The battle systems the lab plays, one file each, every one implementing
//! [`BattleSystem`]: its section of a scenario file and its check, its sides and
//! combatants, one trial on the state a chunk keeps, its exact answer where it has one,
//! and its section's schema. [`BattleKind`] holds a checked battle of any of them and
//! only dispatches; adding a system is a file here, a variant there and a line in the
//! scenario's reader (docs/contributing.md).

pub mod evasion;
pub mod minions;
pub mod pool;
pub mod skirmish;

use std::sync::atomic::AtomicBool;

use fray::character::Side;
use fray::conditions::Creature;
use fray::minions::Battle as MinionsBattle;
use fray::pool::MassBattle;
use fray::request::Refusal;
use fray::rng::SeededRolls;
use fray::scenario::{Checker, ScenarioError};
use serde_json::{Value, json};

use crate::tally::Tally;
use evasion::duel::{Duel, ExactDuel};

/// One battle system as the lab plays it.
pub trait BattleSystem {
    /// The system as scenario files spell it (`system = "pool"`, the `[pool]` section)
    /// and reports name it.
    const NAME: &'static str;
    /// Whether the system has no dice: one run is then the exact outcome.
    const DETERMINISTIC: bool = false;
    /// Its section of a scenario file, as written.
    type File;
    /// A battle that passed every check, ready to play.
    type Battle: Sync;
    /// What a chunk of trials keeps from one trial to the next (a state reset rather than
    /// rebuilt, buffers), so that a trial allocates nothing.
    type Kept: Default;

    /// Checks the section, with the scenario's round limit in force; returns the battle
    /// and its two sides' names as reports print them.
    fn check(
        c: &Checker,
        file: Self::File,
        max_rounds: u32,
    ) -> Result<(Self::Battle, [String; 2]), ScenarioError>;

    /// Every combatant, in the order a trial counts their hit points: its name, side and
    /// hit points at the start.
    fn roster(battle: &Self::Battle) -> Vec<(String, Side, i64)>;

    /// Plays one trial with `rolls`, on the state the chunk keeps, and counts it.
    /// A system whose one trial can be long (a pool battle of thousands a side, a
    /// minions battle near its work bound) looks at `cancel` between rounds or turns
    /// and, once it is set, stops and counts nothing: it returns whether the trial was
    /// played to its end. The others end within moments and may ignore it.
    fn trial(
        battle: &Self::Battle,
        max_rounds: u32,
        rolls: &mut SeededRolls,
        kept: &mut Self::Kept,
        tally: &mut Tally,
        cancel: &AtomicBool,
    ) -> bool;

    /// The exact answer where the system has one (None: everything is sampled), or why
    /// this battle has none.
    fn exact(battle: &Self::Battle) -> Option<Result<ExactDuel, Refusal>> {
        let _ = battle;
        None
    }

    /// The turns of a battle played in turns of combats (minions), whose round limit
    /// bounds each combat; None for a battle of rounds alone.
    fn turns(battle: &Self::Battle) -> Option<u32> {
        let _ = battle;
        None
    }

    /// The JSON Schema of its section, written by hand from the loader's own bounds;
    /// None where the section's type derives its schema.
    fn schema() -> Option<Value>;
}

/// The battle of a scenario, under its system.
#[derive(Debug, Clone, PartialEq)]
pub enum BattleKind {
    /// A pool mass battle (the `fray mass-battle` format).
    Pool(MassBattle),
    /// A minions battle: no dice, so one play is exact.
    Minions(MinionsBattle),
    /// An evasion duel, also solved exactly when hit points allow.
    Evasion(Box<Duel>),
    /// A conditions skirmish: creatures on the grid, played by a built-in policy.
    Skirmish(Vec<Creature>),
}

/// Evaluates `$body` with `$S` the [`BattleSystem`] of the battle `$kind` holds and `$b`
/// its battle: the one place that matches on [`BattleKind`].
macro_rules! dispatch {
    ($kind:expr, $S:ident, $b:ident => $body:expr) => {
        match $kind {
            $crate::systems::BattleKind::Pool($b) => {
                type $S = $crate::systems::pool::Pool;
                $body
            }
            $crate::systems::BattleKind::Minions($b) => {
                type $S = $crate::systems::minions::Minions;
                $body
            }
            $crate::systems::BattleKind::Evasion($b) => {
                type $S = $crate::systems::evasion::EvasionDuel;
                let $b: &$crate::systems::evasion::duel::Duel = $b;
                $body
            }
            $crate::systems::BattleKind::Skirmish($b) => {
                type $S = $crate::systems::skirmish::Skirmish;
                $body
            }
        }
    };
}
pub(crate) use dispatch;

impl BattleKind {
    /// The system's name, as files spell it.
    pub fn name(&self) -> &'static str {
        dispatch!(self, S, _b => S::NAME)
    }

    /// Whether the system has no dice.
    pub fn deterministic(&self) -> bool {
        dispatch!(self, S, _b => S::DETERMINISTIC)
    }

    /// Every combatant: name, side, hit points at the start.
    pub fn roster(&self) -> Vec<(String, Side, i64)> {
        dispatch!(self, S, b => S::roster(b))
    }

    /// The exact answer, where the system has one.
    pub fn exact(&self) -> Option<Result<ExactDuel, Refusal>> {
        dispatch!(self, S, b => S::exact(b))
    }

    /// The turns of a battle played in turns of combats.
    pub fn turns(&self) -> Option<u32> {
        dispatch!(self, S, b => S::turns(b))
    }
}

/// Something done once for each battle system, with its type in hand.
pub trait EachSystem {
    /// Called once for each system.
    fn system<S: BattleSystem>(&mut self);
}

/// Walks every battle system, in the order `system =` lists them.
pub fn each(v: &mut impl EachSystem) {
    v.system::<pool::Pool>();
    v.system::<minions::Minions>();
    v.system::<evasion::EvasionDuel>();
    v.system::<skirmish::Skirmish>();
}

/// A whole number's schema, with its range and meaning.
pub(crate) fn whole(lo: i64, hi: i64, what: &str) -> Value {
    json!({"type": "integer", "minimum": lo, "maximum": hi, "description": what})
}

/// A name's schema: a string of at least one character.
pub(crate) fn name(what: &str) -> Value {
    json!({"type": "string", "minLength": 1, "description": what})
}

/// A word's schema: one of `words`.
pub(crate) fn one_of(words: &[&str], what: &str) -> Value {
    json!({"type": "string", "enum": words, "description": what})
}
