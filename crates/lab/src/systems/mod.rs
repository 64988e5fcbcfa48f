//! The battle systems the lab plays, one file each, every one implementing
//! [`BattleSystem`]: its section of a scenario file and its check, its sides and
//! combatants, one trial on the state a chunk keeps, its exact answer where it has one,
//! and its section's schema. [`BattleKind`] holds a checked battle of any of them and
//! only dispatches; `with_systems!` is the one list of them, from which the battle kinds,
//! the scenario file's sections and its reader are built: adding a system is a file here
//! and a line in that list (docs/contributing.md).

pub mod evasion;
pub mod minions;
pub mod pool;
pub mod skirmish;

use std::sync::atomic::AtomicBool;

use fray::character::Side;
use fray::request::Refusal;
use fray::rng::SeededRolls;
use fray::scenario::{Checker, ScenarioError};
use serde_json::{Value, json};

use crate::tally::Tally;
use evasion::duel::ExactDuel;

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
    /// What a worker keeps from one trial to the next, across its chunks (a state reset
    /// rather than rebuilt, buffers, tables worked out from the battle), so that a trial
    /// allocates nothing. Nothing in it may change a trial's numbers: which chunks a
    /// worker plays depends on the thread count.
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

    /// Plays up to `n` trials with `rolls` (one chunk), counting each: returns how many
    /// were played to their end (fewer once `cancel` is set, as [`BattleSystem::trial`]
    /// says). A system whose trials are short may count a chunk at once, where counting
    /// each trial would cost as much as playing it; the tally is the same.
    fn chunk(
        battle: &Self::Battle,
        max_rounds: u32,
        rolls: &mut SeededRolls,
        kept: &mut Self::Kept,
        n: u64,
        tally: &mut Tally,
        cancel: &AtomicBool,
    ) -> u64 {
        let mut done = 0;
        while done < n && Self::trial(battle, max_rounds, rolls, kept, tally, cancel) {
            done += 1;
        }
        done
    }

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

/// Every battle system of the lab, the one list of them: each line a system's field in a
/// scenario file (its section), its variant of [`BattleKind`] and of
/// [`crate::scenario::System`] (with the system's doc), its [`BattleSystem`], the battle a
/// variant holds, its section's doc, and its section's schema when written by hand
/// (`schema = "..."`, the type schemars stands in with). The list is handed to `$make`, a macro that builds from it (after `[...]`, any
/// tokens of its own); adding a system is its file beside this one and a line here
/// (docs/contributing.md).
macro_rules! with_systems {
    ($($make:ident)::+ $(, [$($extra:tt)*])?) => {
        $($make)::+! {
            [$($($extra)*)?]
            /// Side-against-side dice-pool mass combat (`[pool]`).
            pool: Pool($crate::systems::pool::Pool, fray::pool::MassBattle)
                section = "A pool mass battle: the format of `fray mass-battle` files."
                schema = "Option<serde_json::Value>";
            /// Minions with armor, levels and the hit/miss cycle (`[minions]`).
            minions: Minions($crate::systems::minions::Minions, fray::minions::Battle)
                section = "A minions battle: the format of `fray minions` files."
                schema = "Option<serde_json::Value>";
            /// A one-on-one duel under the evasion system (`[evasion]`).
            evasion: Evasion(
                $crate::systems::evasion::EvasionDuel,
                Box<$crate::systems::evasion::duel::Duel>
            ) section = "An evasion duel.";
            /// A conditions-system skirmish on the grid, played by the built-in policy
            /// (`[[skirmish.creature]]`).
            skirmish: Skirmish($crate::systems::skirmish::Skirmish, Vec<fray::conditions::Creature>)
                section = "A conditions skirmish.";
        }
    };
}
pub(crate) use with_systems;

/// [`BattleKind`] and [`each`] from the list of systems.
macro_rules! battle_kinds {
    ([] $(
        $(#[doc = $doc:literal])*
        $field:ident: $Variant:ident($S:path, $Battle:ty)
        section = $section:literal $(schema = $with:literal)?;
    )*) => {
        /// The battle of a scenario, under its system.
        #[derive(Debug, Clone, PartialEq)]
        pub enum BattleKind {
            $(
                $(#[doc = $doc])*
                $Variant($Battle),
            )*
        }

        /// Walks every battle system, in the order `system =` lists them.
        pub fn each(v: &mut impl EachSystem) {
            $(v.system::<$S>();)*
        }
    };
}
pub(crate) use battle_kinds;
with_systems!(crate::systems::battle_kinds);

/// The match of [`dispatch!`], from the list of systems.
macro_rules! dispatch_match {
    ([$kind:expr, $Sys:ident, $b:ident, $body:expr] $(
        $(#[doc = $doc:literal])*
        $field:ident: $Variant:ident($S:path, $Battle:ty)
        section = $section:literal $(schema = $with:literal)?;
    )*) => {
        match $kind {
            $(
                $crate::systems::BattleKind::$Variant($b) => {
                    type $Sys = $S;
                    let $b: &<$Sys as $crate::systems::BattleSystem>::Battle = $b;
                    $body
                }
            )*
        }
    };
}
pub(crate) use dispatch_match;

/// Evaluates `$body` with `$S` the [`BattleSystem`] of the battle `$kind` holds and `$b`
/// its battle: the one place that matches on [`BattleKind`].
macro_rules! dispatch {
    ($kind:expr, $S:ident, $b:ident => $body:expr) => {
        crate::systems::with_systems!(crate::systems::dispatch_match, [$kind, $S, $b, $body])
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
