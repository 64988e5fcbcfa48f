//! Battle scenarios in TOML: the rule system, its combatants, the number of trials, the
//! seed and the stopping rule. The section named after the system uses that system's own
//! file format, so a designer's mass battle, minions battle or creature list moves into
//! the lab unchanged. Everything is checked before anything runs.
//!
//! ```toml
//! name = "Pikes against riders"  # optional
//! system = "pool"                # pool | minions | evasion | skirmish
//! trials = 20000                 # sampled systems (pool, evasion, skirmish)
//! seed = 7
//! max_rounds = 50                # the stopping rule: a trial still undecided is a draw
//!
//! [pool]                         # the format of `fray mass-battle` files
//! [pool.a]
//! name = "Pike square"
//! [[pool.a.combatants]]
//! name = "Pikeman"
//! hp = 6
//! count = 8
//! # ...
//! ```
//!
//! `[minions]` takes the format of `fray minions` files; `[[skirmish.creature]]` the
//! creatures of `fray encounter` scripts; `[evasion]` a duel:
//!
//! ```toml
//! [evasion]
//! sigma = 5                      # or uniform_sum = [4, 17]; rounding = "nearest"
//! # fractional_level = false; wrong_launcher_counts = false (docs/rules/evasion.md)
//! [evasion.a]
//! name = "Valkyrie"
//! damage = "d8+1"
//! kind = "physical"              # physical | elemental | spell
//! [evasion.a.attack]             # an attacker profile (`fray tohit --attacker`)
//! kind = "player"
//! dex = 16
//! [evasion.a.defense]            # a defender profile, with its hit points
//! hp = 40
//! ```

use fray::minions::scenario::BattleFile;
use fray::pool::scenario::MassBattleFile;
use fray::scenario::{Checker, ScenarioError, read_without};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::systems::evasion::EvasionDuel;
pub use crate::systems::evasion::duel::{Duel, Duelist};
pub use crate::systems::evasion::{DuelFile, DuelistFile};
use crate::systems::minions::Minions;
use crate::systems::pool::Pool;
use crate::systems::skirmish::Skirmish;
pub use crate::systems::skirmish::{
    MAX_SIDE_NAME, MAX_SKIRMISH_CREATURES, SkirmishFile, SkirmishSideFile,
};
pub use crate::systems::{BattleKind, BattleSystem};

/// The most trials a scenario may ask for.
pub const MAX_TRIALS: u64 = 100_000_000;
/// The largest round limit.
pub const MAX_ROUNDS: u32 = 100_000;

/// The rule system a battle is played under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum System {
    /// Side-against-side dice-pool mass combat (`[pool]`).
    Pool,
    /// Minions with armor, levels and the hit/miss cycle (`[minions]`).
    Minions,
    /// A one-on-one duel under the evasion system (`[evasion]`).
    Evasion,
    /// A conditions-system skirmish on the grid, played by the built-in policy
    /// (`[[skirmish.creature]]`).
    Skirmish,
}

/// A battle scenario as written.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// A title for reports.
    pub name: Option<String>,
    /// The rule system.
    #[schemars(with = "System")]
    pub system: toml::Spanned<System>,
    /// How many battles to sample (sampled systems only; default 10,000; at most
    /// 100,000,000).
    #[schemars(with = "Option<u64>")]
    pub trials: Option<toml::Spanned<i64>>,
    /// The seed: the same seed gives the same numbers on any thread count (default 1;
    /// any whole number from 0 up).
    #[schemars(with = "Option<u64>")]
    pub seed: Option<toml::Spanned<i64>>,
    /// The stopping rule: a battle still undecided after this many rounds is a draw
    /// (default 100; 1 to 100,000).
    #[schemars(with = "Option<u32>")]
    pub max_rounds: Option<toml::Spanned<i64>>,
    /// A pool mass battle: the format of `fray mass-battle` files.
    #[schemars(with = "Option<serde_json::Value>")]
    pub pool: Option<MassBattleFile>,
    /// A minions battle: the format of `fray minions` files.
    #[schemars(with = "Option<serde_json::Value>")]
    pub minions: Option<BattleFile>,
    /// An evasion duel.
    pub evasion: Option<DuelFile>,
    /// A conditions skirmish.
    pub skirmish: Option<SkirmishFile>,
    /// A balance sweep over this scenario, read by [`crate::sweep`]; a battle run
    /// ignores it, so a sweep file still plays as one battle.
    #[schemars(with = "Option<serde_json::Value>")]
    pub sweep: Option<toml::Value>,
}

/// A checked scenario, ready to play.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    /// The scenario's name in reports.
    pub name: String,
    /// The battle, in its system's own model.
    pub battle: BattleKind,
    /// Battles to play, 1 to [`MAX_TRIALS`].
    pub trials: u64,
    /// The seed of every chunk's stream.
    pub seed: u64,
    /// The stopping rule, 1 to [`MAX_ROUNDS`]: a battle still undecided after this many
    /// rounds is a draw.
    pub max_rounds: u32,
    /// The two sides' names, as reports print them (a skirmish's from its file or its
    /// creatures, the other systems' from their own sections).
    pub sides: [String; 2],
}

/// Reads and checks a scenario.
pub fn parse_scenario(text: &str) -> Result<Scenario, ScenarioError> {
    let (raw, c): (ScenarioFile, Checker) =
        // A combatant's `cost` belongs to rosters: a scenario refuses it, so never offers it.
        read_without(text, &["cost"]).map_err(|e| fray::evasion::profile::name_the_key(text, e))?;
    let system = *raw.system.get_ref();
    let whole = |v: &Option<toml::Spanned<i64>>, what: &str, default: i64, lo: i64, hi: i64| {
        let Some(v) = v else { return Ok(default) };
        let n = *v.get_ref();
        if (lo..=hi).contains(&n) {
            Ok(n)
        } else {
            Err(c.at(
                v,
                format!("{what} is {n}: expected from {lo} to {hi} (a whole number)"),
            ))
        }
    };
    let trials = whole(&raw.trials, "trials", 10_000, 1, MAX_TRIALS as i64)? as u64;
    let max_rounds = whole(&raw.max_rounds, "max_rounds", 100, 1, i64::from(MAX_ROUNDS))? as u32;
    let seed = whole(&raw.seed, "seed", 1, 0, i64::MAX)? as u64;
    let present = [
        (System::Pool, raw.pool.is_some()),
        (System::Minions, raw.minions.is_some()),
        (System::Evasion, raw.evasion.is_some()),
        (System::Skirmish, raw.skirmish.is_some()),
    ];
    for (s, there) in present {
        if there != (s == system) {
            let what = if there { "also has" } else { "needs" };
            return Err(c.at(&raw.system, format!("a {} scenario {what} a [{}] section; exactly the section of its system is expected", system.name(), s.name())));
        }
    }
    let (battle, sides) = match system {
        System::Pool => checked::<Pool>(&c, raw.pool, max_rounds, BattleKind::Pool)?,
        System::Minions => checked::<Minions>(&c, raw.minions, max_rounds, BattleKind::Minions)?,
        System::Evasion => checked::<EvasionDuel>(&c, raw.evasion, max_rounds, |d| {
            BattleKind::Evasion(Box::new(d))
        })?,
        System::Skirmish => {
            checked::<Skirmish>(&c, raw.skirmish, max_rounds, BattleKind::Skirmish)?
        }
    };
    Ok(Scenario {
        name: raw
            .name
            .unwrap_or_else(|| format!("{} battle", system.name())),
        sides,
        battle,
        trials,
        seed,
        max_rounds,
    })
}

/// A system's section checked into a battle of the scenario, with its sides' names.
fn checked<S: BattleSystem>(
    c: &Checker,
    file: Option<S::File>,
    max_rounds: u32,
    wrap: impl FnOnce(S::Battle) -> BattleKind,
) -> Result<(BattleKind, [String; 2]), ScenarioError> {
    let file = file.ok_or_else(|| ScenarioError::whole(format!("missing [{}]", S::NAME)))?;
    let (battle, sides) = S::check(c, file, max_rounds)?;
    Ok((wrap(battle), sides))
}

impl System {
    /// The system as files spell it (`system = "pool"`): its battle system's name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Pool => Pool::NAME,
            Self::Minions => Minions::NAME,
            Self::Evasion => EvasionDuel::NAME,
            Self::Skirmish => Skirmish::NAME,
        }
    }
}
