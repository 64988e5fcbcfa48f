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

use fray::scenario::{Checker, ScenarioError, read_without};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use crate::systems::evasion::duel::{Duel, Duelist};
pub use crate::systems::evasion::{DuelFile, DuelistFile};
pub use crate::systems::skirmish::{
    MAX_SIDE_NAME, MAX_SKIRMISH_CREATURES, SkirmishFile, SkirmishSideFile,
};
pub use crate::systems::{BattleKind, BattleSystem};

/// The most trials a scenario may ask for.
pub const MAX_TRIALS: u64 = 100_000_000;
/// The largest round limit.
pub const MAX_ROUNDS: u32 = 100_000;

/// The scenario file and its reader's parts that name each system, built from the one
/// list of systems ([`crate::systems::with_systems`]).
macro_rules! scenario_file {
    ([] $(
        $(#[doc = $doc:literal])*
        $field:ident: $Variant:ident($S:path, $Battle:ty)
        section = $section:literal $(schema = $with:literal)?;
    )*) => {
        /// The rule system a battle is played under.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
        #[serde(rename_all = "lowercase")]
        pub enum System {
            $(
                $(#[doc = $doc])*
                $Variant,
            )*
        }

        impl System {
            /// The system as files spell it (`system = "pool"`): its battle system's name.
            pub fn name(self) -> &'static str {
                match self {
                    $(Self::$Variant => <$S as BattleSystem>::NAME,)*
                }
            }
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
            $(
                #[doc = $section]
                $(#[schemars(with = $with)])?
                pub $field: Option<<$S as BattleSystem>::File>,
            )*
            /// A balance sweep over this scenario, read by [`crate::sweep`]; a battle run
            /// ignores it, so a sweep file still plays as one battle.
            #[schemars(with = "Option<serde_json::Value>")]
            pub sweep: Option<toml::Value>,
        }

        /// The section of the scenario's system checked into its battle and sides' names;
        /// refused when another system's section is there, or its own is not.
        fn battle_of(
            c: &Checker,
            raw: ScenarioFile,
            max_rounds: u32,
        ) -> Result<(BattleKind, [String; 2]), ScenarioError> {
            let system = *raw.system.get_ref();
            let present = [$((System::$Variant, raw.$field.is_some()),)*];
            for (s, there) in present {
                if there != (s == system) {
                    let what = if there { "also has" } else { "needs" };
                    return Err(c.at(&raw.system, format!("a {} scenario {what} a [{}] section; exactly the section of its system is expected", system.name(), s.name())));
                }
            }
            match system {
                $(System::$Variant => checked::<$S>(c, raw.$field, max_rounds, |b| {
                    BattleKind::$Variant(b.into())
                }),)*
            }
        }
    };
}
pub(crate) use scenario_file;
crate::systems::with_systems!(crate::scenario::scenario_file);

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
    let name = raw.name.clone();
    let (battle, sides) = battle_of(&c, raw, max_rounds)?;
    Ok(Scenario {
        name: name.unwrap_or_else(|| format!("{} battle", system.name())),
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
