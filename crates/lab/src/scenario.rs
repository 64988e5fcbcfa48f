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

use std::collections::HashSet;

use fray::conditions::Creature;
use fray::conditions::script::{CreatureFile, check_creature};
use fray::dice::DiceExpr;
use fray::evasion::{Attacker, DamageKind, Defender, Options, Rounding, ToHitModel};
use fray::minions::Battle as MinionsBattle;
use fray::minions::scenario::{BattleFile, check_battle};
use fray::pool::MassBattle;
use fray::pool::scenario::{MassBattleFile, check_mass_battle};
use fray::scenario::{Checker, ScenarioError, read};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The most trials a scenario may ask for.
pub const MAX_TRIALS: u64 = 100_000_000;
/// The largest round limit.
pub const MAX_ROUNDS: u32 = 100_000;
/// The most creatures a skirmish may hold: every trial plays them all, every step.
pub const MAX_SKIRMISH_CREATURES: usize = 50;

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

/// An evasion duel as written.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DuelFile {
    /// The normal model's standard deviation (default 5).
    pub sigma: Option<f64>,
    /// The integer model instead: [K, R], K from 1 to 64, R from 1 to 1000.
    #[schemars(with = "Option<[u32; 2]>")]
    pub uniform_sum: Option<toml::Spanned<[i64; 2]>>,
    /// Rounding of damage products: nearest, down, up, stochastic.
    #[schemars(with = "Option<String>")]
    pub rounding: Option<Rounding>,
    /// Monster level / 4 as a fraction.
    #[serde(default)]
    pub fractional_level: bool,
    /// Ammo fired from the wrong kind of launcher still gets the launcher's terms.
    #[serde(default)]
    pub wrong_launcher_counts: bool,
    /// Who strikes first each round: a (default) or b.
    pub first: Option<String>,
    /// Side a's duelist.
    pub a: DuelistFile,
    /// Side b's duelist.
    pub b: DuelistFile,
}

/// One duelist as written.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DuelistFile {
    /// Its name in reports.
    pub name: String,
    /// The damage dice of one hit.
    #[schemars(with = "String")]
    pub damage: DiceExpr,
    /// physical (reduced by DR), elemental or spell.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub kind: DamageKind,
    /// Its attacker profile (the format of `fray tohit --attacker` files).
    #[serde(default)]
    #[schemars(with = "Option<serde_json::Value>")]
    pub attack: Attacker,
    /// Its defender profile, with its hit points (`fray tohit --defender` files).
    #[serde(default)]
    #[schemars(with = "Option<serde_json::Value>")]
    pub defense: Defender,
}

/// A skirmish as written.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SkirmishFile {
    /// Side a's name in reports (default: its creatures' names).
    pub a: Option<SkirmishSideFile>,
    /// Side b's name in reports (default: its creatures' names).
    pub b: Option<SkirmishSideFile>,
    /// The creatures, as in `fray encounter` scripts.
    #[schemars(with = "Vec<serde_json::Value>")]
    pub creature: Vec<CreatureFile>,
}

/// A skirmish side's table: its name, so reports say who won rather than "side a".
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SkirmishSideFile {
    /// The side's name (1 to 100 characters, not blank).
    #[schemars(with = "String", length(min = 1, max = 100))]
    pub name: toml::Spanned<String>,
}

/// The longest side name a skirmish file may give.
pub const MAX_SIDE_NAME: usize = 100;

/// One duelist, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Duelist {
    /// Its name in reports.
    pub name: String,
    /// The damage dice of one hit.
    pub damage: DiceExpr,
    /// Physical (reduced by DR), elemental or spell (evasion, Damage formula).
    pub kind: DamageKind,
    /// How it attacks (the `fray tohit --attacker` profile).
    pub attack: Attacker,
    /// How it defends, with its hit points (the `--defender` profile).
    pub defense: Defender,
}

/// An evasion duel, checked: `a` strikes first each round unless `b_first`.
#[derive(Debug, Clone, PartialEq)]
pub struct Duel {
    /// Side a's duelist.
    pub a: Duelist,
    /// Side b's duelist.
    pub b: Duelist,
    /// The readings of the evasion text in force (model, rounding, ...).
    pub options: Options,
    /// Whether b strikes first each round instead of a.
    pub b_first: bool,
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
        read(text).map_err(|e| fray::evasion::profile::name_the_key(text, e))?;
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
            return Err(c.at(&raw.system, format!("a {} scenario {what} a [{}] section; exactly the section of its system is expected", system_word(system), system_word(s))));
        }
    }
    let mut skirmish_names = [String::new(), String::new()];
    let battle = match system {
        System::Pool => {
            let mut b = check_mass_battle(
                &c,
                raw.pool
                    .ok_or_else(|| ScenarioError::whole("missing [pool]"))?,
            )?
            .battle;
            b.max_rounds = max_rounds;
            fray::pool::scenario::check_work(&b)?;
            BattleKind::Pool(b)
        }
        System::Minions => {
            let mut b = check_battle(
                &c,
                raw.minions
                    .as_ref()
                    .ok_or_else(|| ScenarioError::whole("missing [minions]"))?,
            )?;
            b.rules.max_rounds = max_rounds;
            fray::minions::check_work(&b)?;
            BattleKind::Minions(b)
        }
        System::Evasion => BattleKind::Evasion(Box::new(duel(
            &c,
            raw.evasion
                .ok_or_else(|| ScenarioError::whole("missing [evasion]"))?,
        )?)),
        System::Skirmish => {
            let mut names = HashSet::new();
            let file = raw
                .skirmish
                .ok_or_else(|| ScenarioError::whole("missing [skirmish]"))?;
            if file.creature.len() > MAX_SKIRMISH_CREATURES {
                return Err(c.at_path(
                    &["skirmish", "creature"],
                    format!(
                        "{} creatures: a skirmish holds at most {MAX_SKIRMISH_CREATURES}, since every trial plays them all",
                        file.creature.len()
                    ),
                ));
            }
            let creatures = file
                .creature
                .into_iter()
                .map(|cf| check_creature(&c, cf, &mut names))
                .collect::<Result<Vec<_>, _>>()?;
            for side in [fray::character::Side::A, fray::character::Side::B] {
                if !creatures.iter().any(|cr| cr.side == side) {
                    return Err(c.at_path(
                        &["skirmish"],
                        format!("side {} has no creature", side.letter()),
                    ));
                }
            }
            skirmish_names = [
                side_name(&c, file.a.as_ref(), &creatures, fray::character::Side::A)?,
                side_name(&c, file.b.as_ref(), &creatures, fray::character::Side::B)?,
            ];
            BattleKind::Skirmish(creatures)
        }
    };
    let sides = match &battle {
        BattleKind::Pool(b) => [b.a.name.clone(), b.b.name.clone()],
        BattleKind::Minions(b) => [b.a.name.clone(), b.b.name.clone()],
        BattleKind::Evasion(d) => [d.a.name.clone(), d.b.name.clone()],
        BattleKind::Skirmish(_) => skirmish_names,
    };
    Ok(Scenario {
        name: raw
            .name
            .unwrap_or_else(|| format!("{} battle", system_word(system))),
        sides,
        battle,
        trials,
        seed,
        max_rounds,
    })
}

/// The system as files spell it (`system = "pool"`).
fn system_word(s: System) -> &'static str {
    match s {
        System::Pool => "pool",
        System::Minions => "minions",
        System::Evasion => "evasion",
        System::Skirmish => "skirmish",
    }
}

/// A skirmish side's name: the file's (checked), else its creatures' names joined.
fn side_name(
    c: &Checker,
    given: Option<&SkirmishSideFile>,
    creatures: &[Creature],
    side: fray::character::Side,
) -> Result<String, ScenarioError> {
    if let Some(f) = given {
        let name = f.name.get_ref().trim();
        let chars = name.chars().count();
        if name.is_empty() || chars > MAX_SIDE_NAME || name.chars().any(char::is_control) {
            return Err(c.at(
                &f.name,
                format!("a side's name has {chars} characters: expected 1 to {MAX_SIDE_NAME}, not blank, with no control characters"),
            ));
        }
        return Ok(name.to_string());
    }
    let names: Vec<&str> = creatures
        .iter()
        .filter(|cr| cr.side == side)
        .map(|cr| cr.name.as_str())
        .collect();
    Ok(match names.as_slice() {
        [] => format!("side {}", side.letter()),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    })
}

fn duel(c: &Checker, raw: DuelFile) -> Result<Duel, ScenarioError> {
    let model = match (raw.sigma, raw.uniform_sum) {
        (Some(sigma), None) => ToHitModel::Normal { sigma },
        (None, Some(kr)) => {
            let [k, r] = *kr.get_ref();
            if !((1..=64).contains(&k) && (1..=1000).contains(&r)) {
                return Err(c.at(
                    &kr,
                    format!("uniform_sum is [{k}, {r}]: expected [K, R] with K from 1 to 64 terms and R from 1 to 1000"),
                ));
            }
            ToHitModel::UniformSum {
                k: k as u32,
                r: r as u32,
            }
        }
        (None, None) => ToHitModel::NORMAL,
        (Some(_), Some(_)) => {
            return Err(c.at_path(
                &["evasion", "uniform_sum"],
                "give sigma or uniform_sum, not both",
            ));
        }
    };
    let at: &[&str] = if raw.sigma.is_some() {
        &["evasion", "sigma"]
    } else {
        &["evasion"]
    };
    fray::evasion::ToHit::new(model).map_err(|e| c.at_path(at, e.to_string()))?;
    let options = Options {
        model,
        rounding: raw.rounding.unwrap_or_default(),
        fractional_level_bonus: raw.fractional_level,
        wrong_launcher_counts: raw.wrong_launcher_counts,
    };
    let b_first = match raw.first.as_deref() {
        None | Some("a") => false,
        Some("b") => true,
        Some(other) => {
            return Err(c.at_path(&["evasion", "first"], format!("`{other}`: expected a or b")));
        }
    };
    let duelist = |d: DuelistFile, side: &str| -> Result<Duelist, ScenarioError> {
        fray::evasion::profile::check_attacker(c, &d.attack, &["evasion", side, "attack"])?;
        fray::evasion::profile::check_defender(c, &d.defense, &["evasion", side, "defense"])?;
        if d.damage.max() > fray::evasion::exact::MAX_EXACT_DAMAGE {
            return Err(c.at_path(
                &["evasion", side, "damage"],
                format!(
                    "at most {} damage a hit",
                    fray::evasion::exact::MAX_EXACT_DAMAGE
                ),
            ));
        }
        Ok(Duelist {
            name: d.name,
            damage: d.damage,
            kind: d.kind,
            attack: d.attack,
            defense: d.defense,
        })
    };
    Ok(Duel {
        a: duelist(raw.a, "a")?,
        b: duelist(raw.b, "b")?,
        options,
        b_first,
    })
}
