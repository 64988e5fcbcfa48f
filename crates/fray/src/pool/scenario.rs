//! Mass battles from TOML files, validated before anything runs.
//!
//! ```toml
//! seed = 7                # optional (the command line may override it)
//! max_rounds = 30         # optional, default 50
//! first_hit_die = 6       # optional: full damage's first hit, default d6
//! ladder = "6:8,10,12,20" # optional: base die and larger dice (must keep 3/6)
//!
//! [targeting]             # optional: readings of the targeting order (docs/rules/pool.md)
//! form = "most"           # most | balance: when form makes a target inferior
//! defenses = "all"        # all (armor, size, speed) | armor
//!
//! [[forms]]               # optional: which fighting styles beat which
//! superior = "pike"
//! inferior = "cavalry"
//!
//! [a]
//! name = "Pike square"
//! advantage = 1           # optional: bonus dice on every attack of this side
//! disadvantage = 0        # optional: bonus dice for the other side instead
//! [[a.combatants]]
//! name = "Pikeman"
//! count = 12              # optional: Pikeman 1 ... Pikeman 12
//! hp = 6
//! bonus = 1               # optional: attack bonus, as bonus dice
//! form = "pike"           # optional
//! armor = "medium"        # optional: none | light | medium | heavy
//! magic_armor = 0         # optional: one rung harder per degree
//! hard_to_hit = false     # optional: too small or too large to hit easily
//! dodge = "normal"        # optional: normal | cannot-dodge | dodges-well
//! penetrates = ["light"]  # optional: armor its attacks go through with ease
//! resisted_by = ["heavy"] # optional: armor that stops its attacks well
//!
//! [b]
//! # ... the same
//! ```

use std::collections::HashSet;

use serde::Deserialize;
use toml::Spanned;

use super::battle::{ArmorWeight, Army, Combatant, FormRule, MassBattle, TargetingReadings};
use super::model::{Ladder, MAX_EXTRA_DICE, Rung};
use super::resolve::Dodge;
use crate::scenario::{Checker, ScenarioError, Units};

/// The most combatants a side may field.
pub const MAX_COMBATANTS: u32 = 10_000;
/// The largest hit points, bonus or magic armor.
pub const MAX_STAT: u32 = 1_000_000;
/// The most rounds a battle may last.
pub const MAX_ROUNDS: u32 = 10_000;
/// The most attack rolls a battle may ask for (combatants × rounds).
pub const MAX_WORK: u64 = 50_000_000;

/// A mass battle file as written, before its checks: embed it in other files (the
/// battle lab does) and check it with [`check_mass_battle`].
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MassBattleFile {
    seed: Option<Spanned<i64>>,
    max_rounds: Option<Spanned<i64>>,
    first_hit_die: Option<Spanned<i64>>,
    ladder: Option<Spanned<String>>,
    #[serde(default)]
    forms: Vec<FormRule>,
    #[serde(default)]
    targeting: TargetingReadings,
    a: RawArmy,
    b: RawArmy,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArmy {
    name: Spanned<String>,
    advantage: Option<Spanned<i64>>,
    disadvantage: Option<Spanned<i64>>,
    #[serde(default)]
    combatants: Vec<CombatantFile>,
}

/// A combatant's table as written: in a battle file's sides, and as a unit of a roster
/// (`fray roster`), which gives it a `cost` and no `count`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatantFile {
    name: Spanned<String>,
    hp: Spanned<i64>,
    count: Option<Spanned<i64>>,
    cost: Option<Spanned<f64>>,
    bonus: Option<Spanned<i64>>,
    form: Option<String>,
    #[serde(default)]
    armor: ArmorWeight,
    magic_armor: Option<Spanned<i64>>,
    #[serde(default)]
    hard_to_hit: bool,
    #[serde(default)]
    dodge: Dodge,
    #[serde(default)]
    penetrates: Vec<ArmorWeight>,
    #[serde(default)]
    resisted_by: Vec<ArmorWeight>,
}

/// A roster's `[pool]` section (`fray roster`): every setting of a battle file but its
/// seed, rounds and sides, shared by all its battles, and its units.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RosterSection {
    first_hit_die: Option<Spanned<i64>>,
    ladder: Option<Spanned<String>>,
    #[serde(default)]
    forms: Vec<FormRule>,
    #[serde(default)]
    targeting: TargetingReadings,
    #[serde(default)]
    units: Vec<CombatantFile>,
}

/// The checked settings of a roster's pool battles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The difficulty ladder.
    pub ladder: Ladder,
    /// Which fighting styles beat which.
    pub forms: Vec<FormRule>,
    /// The die of a full-damage first hit.
    pub first_hit_die: u32,
    /// The readings of the targeting order.
    pub targeting: TargetingReadings,
}

/// Checks a roster's `[pool]` section: its settings and its units (names unique).
pub fn check_roster(
    c: &Checker,
    raw: RosterSection,
) -> Result<(Settings, Units<Combatant>), ScenarioError> {
    let settings = Settings {
        ladder: ladder(c, &raw.ladder)?,
        forms: raw.forms,
        first_hit_die: c.optional(&raw.first_hit_die, "first_hit_die", 6, 1, 1_000)?,
        targeting: raw.targeting,
    };
    let mut names = HashSet::new();
    let units = raw
        .units
        .iter()
        .map(|u| check_unit(c, u, &mut names))
        .collect::<Result<_, _>>()?;
    Ok((settings, units))
}

/// The battle of two armies under `settings`, with a round limit: checked for its work
/// as a battle file is.
pub fn battle_of(
    settings: &Settings,
    a: Army,
    b: Army,
    max_rounds: u32,
) -> Result<MassBattle, ScenarioError> {
    let battle = MassBattle {
        ladder: settings.ladder.clone(),
        a,
        b,
        forms: settings.forms.clone(),
        max_rounds,
        first_hit_die: settings.first_hit_die,
        targeting: settings.targeting,
    };
    check_work(&battle)?;
    Ok(battle)
}

/// The ladder a file names (the standard one when none): its base die must be 6.
fn ladder(c: &Checker, raw: &Option<Spanned<String>>) -> Result<Ladder, ScenarioError> {
    Ok(match raw {
        None => Ladder::standard(),
        Some(text) => {
            let ladder: Ladder = text
                .get_ref()
                .parse()
                .map_err(|e: super::model::PoolError| c.at(text, e.to_string()))?;
            let start = Rung { tn: 3, die: 6 };
            ladder.position(start).map_err(|_| {
                c.at(
                    text,
                    "attack rolls start at 3/6, so the ladder's base die must be 6",
                )
            })?;
            ladder
        }
    })
}

/// A mass battle read from a file, with the seed it asks for (if any).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MassScenario {
    /// The battle.
    pub battle: MassBattle,
    /// The file's seed.
    pub seed: Option<u64>,
}

fn army(c: &Checker, raw: &RawArmy, names: &mut HashSet<String>) -> Result<Army, ScenarioError> {
    let name = c.name(&raw.name, "side")?;
    if raw.combatants.is_empty() {
        return Err(c.at(
            &raw.name,
            format!("side `{name}` has no combatants: add [[…combatants]] tables"),
        ));
    }
    let mut combatants = Vec::new();
    for rc in &raw.combatants {
        combatants.extend(declared(c, rc, names)?);
        if combatants.len() > MAX_COMBATANTS as usize {
            return Err(c.at(
                &rc.name,
                format!("more than {MAX_COMBATANTS} combatants on one side"),
            ));
        }
    }
    Ok(Army {
        name,
        combatants,
        advantage: c.optional(&raw.advantage, "advantage", 0, 0, 50)?,
        disadvantage: c.optional(&raw.disadvantage, "disadvantage", 0, 0, 50)?,
    })
}

fn declared(
    c: &Checker,
    raw: &CombatantFile,
    names: &mut HashSet<String>,
) -> Result<Vec<Combatant>, ScenarioError> {
    c.no_cost(&raw.cost, "combatants")?;
    let template = combatant(c, raw)?;
    let count = match &raw.count {
        None => None,
        Some(n) => Some(c.within(n, "count", 1, MAX_COMBATANTS)?),
    };
    let names = c.copies(&raw.name, &template.name, count, names)?;
    Ok(names
        .into_iter()
        .map(|name| Combatant {
            name,
            ..template.clone()
        })
        .collect())
}

/// A unit of a roster: one combatant, its name unique among `names`, and its starting
/// cost if it gives one (above 0). A roster sets how many fight, so a unit has no
/// `count`.
fn check_unit(
    c: &Checker,
    raw: &CombatantFile,
    names: &mut HashSet<String>,
) -> Result<(Combatant, Option<f64>), ScenarioError> {
    let unit = combatant(c, raw)?;
    let cost = c.roster_unit(&raw.name, &unit.name, &raw.count, &raw.cost, names)?;
    Ok((unit, cost))
}

/// One combatant's checked stats.
fn combatant(c: &Checker, raw: &CombatantFile) -> Result<Combatant, ScenarioError> {
    let name = c.name(&raw.name, "combatant")?;
    Ok(Combatant {
        name: name.clone(),
        hp: c.within(&raw.hp, "hp", 1, MAX_STAT)?,
        bonus: c.optional(&raw.bonus, "bonus", 0, 0, 50)?,
        form: raw.form.clone(),
        armor: raw.armor,
        magic_armor: c.optional(&raw.magic_armor, "magic_armor", 0, 0, 20)?,
        hard_to_hit: raw.hard_to_hit,
        dodge: raw.dodge,
        penetrates: raw.penetrates.clone(),
        resisted_by: raw.resisted_by.clone(),
    })
}

/// Reads and validates a mass battle from TOML text.
///
/// ```
/// let s = fray::pool::parse_mass_battle(r#"
/// seed = 3
/// [a]
/// name = "Pikes"
/// [[a.combatants]]
/// name = "Pike"
/// hp = 6
/// count = 3
/// [b]
/// name = "Riders"
/// [[b.combatants]]
/// name = "Rider"
/// hp = 8
/// armor = "light"
/// "#).unwrap();
/// assert_eq!((s.battle.a.combatants.len(), s.seed), (3, Some(3)));
/// ```
pub fn parse_mass_battle(text: &str) -> Result<MassScenario, ScenarioError> {
    let (raw, c): (MassBattleFile, Checker) = crate::scenario::read_without(text, &["cost"])?;
    check_mass_battle(&c, raw)
}

/// Checks a mass battle read from a file, locating problems with `c`.
pub fn check_mass_battle(c: &Checker, raw: MassBattleFile) -> Result<MassScenario, ScenarioError> {
    let ladder = ladder(c, &raw.ladder)?;
    let mut names = HashSet::new();
    let battle = MassBattle {
        ladder,
        a: army(c, &raw.a, &mut names)?,
        b: army(c, &raw.b, &mut names)?,
        forms: raw.forms,
        max_rounds: c.optional(&raw.max_rounds, "max_rounds", 50, 1, MAX_ROUNDS)?,
        first_hit_die: c.optional(&raw.first_hit_die, "first_hit_die", 6, 1, 1_000)?,
        targeting: raw.targeting,
    };
    check_bonus_dice(c, &raw.a, &battle.a, &battle.b)?;
    check_bonus_dice(c, &raw.b, &battle.b, &battle.a)?;
    check_work(&battle)?;
    let seed = match &raw.seed {
        None => None,
        Some(v) if *v.get_ref() >= 0 => Some(v.get_ref().unsigned_abs()),
        Some(v) => {
            return Err(c.at(
                v,
                format!(
                    "seed is {}: expected a whole number from 0 to {}",
                    v.get_ref(),
                    i64::MAX
                ),
            ));
        }
    };
    Ok(MassScenario { battle, seed })
}

/// Refuses a combatant whose attack bonus, with its side's advantage and the other
/// side's disadvantage, would give more than [`MAX_EXTRA_DICE`] bonus dice: checked at
/// load, since the battle could not play its attack roll.
fn check_bonus_dice(
    c: &Checker,
    raw: &RawArmy,
    army: &Army,
    other: &Army,
) -> Result<(), ScenarioError> {
    let side = army.advantage + other.disadvantage;
    for rc in &raw.combatants {
        // Already checked to lie in 0..=50.
        let bonus = rc.bonus.as_ref().map_or(0, |b| *b.get_ref()).clamp(0, 50) as u32;
        if bonus + side > MAX_EXTRA_DICE {
            let message = format!(
                "bonus {bonus} with the side's advantage {} and the other side's disadvantage {} gives {} bonus dice: at most {MAX_EXTRA_DICE} in all",
                army.advantage,
                other.disadvantage,
                bonus + side
            );
            return Err(match &rc.bonus {
                Some(b) => c.at(b, message),
                None => c.at(&rc.name, message),
            });
        }
    }
    Ok(())
}

/// Refuses a battle that could ask for more than [`MAX_WORK`] attack rolls.
pub fn check_work(battle: &MassBattle) -> Result<(), ScenarioError> {
    let fighters = (battle.a.combatants.len() + battle.b.combatants.len()) as u64;
    let work = fighters * u64::from(battle.max_rounds);
    if work > MAX_WORK {
        return Err(ScenarioError::whole(format!(
            "this battle could ask for {work} attack rolls ({fighters} combatants × max_rounds {}): at most {MAX_WORK}; lower max_rounds",
            battle.max_rounds
        )));
    }
    Ok(())
}
