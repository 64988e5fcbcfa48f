//! Roster files: the shared settings of one army system, a budget, and the units to
//! price, each a combatant (pool) or minion (minions) with an optional starting cost.
//!
//! ```toml
//! name = "Field armies"     # optional: a title for reports
//! system = "pool"           # pool | minions
//! budget = 60               # what each army may spend
//! seed = 7                  # optional (default 1)
//! max_rounds = 40           # optional: pool battles' round limit (default 100)
//!
//! [pool]                    # any setting of a mass battle file but its sides
//! [[pool.forms]]
//! superior = "pike"
//! inferior = "cavalry"
//!
//! [[pool.units]]            # a combatant's table, with a cost and no count
//! name = "Pikeman"
//! cost = 6
//! hp = 6
//! form = "pike"
//! ```
//!
//! A minions roster has `[minions.rules]` (the rules of `fray minions` files) and
//! `[[minions.units]]` (minion tables).
//!
//! An optional `[armies]` says how mixed armies are built for `fray roster --armies`:
//!
//! ```toml
//! [armies]
//! min_spend = 0.9           # optional: the least share of the budget spent (default: full)
//! [[armies.limit]]          # optional: the fewest and most of a unit
//! unit = "Archer"
//! max = 4
//! whole_field = true        # optional: each unit's field army is the most whole units
//!                           # the budget buys (default: the mixture worth the budget)
//! [[armies.field]]          # optional: the armies players bring (default: each unit alone)
//! name = "Pike wall"
//! units = { Pikeman = 6, Archer = 2 }
//! ```

use fray::minions::Rules;
use fray::minions::scenario::RosterSection as MinionsSection;
use fray::pool::Combatant;
use fray::pool::scenario::{RosterSection as PoolSection, Settings};
use fray::scenario::{Checker, ScenarioError, read_without};
use serde::Deserialize;
use toml::Spanned;

use crate::scenario::MAX_ROUNDS;

/// The most units a roster may price: every pair is a matchup.
pub const MAX_UNITS: usize = 32;

/// A roster file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RosterFile {
    name: Option<String>,
    system: Spanned<String>,
    budget: Spanned<f64>,
    seed: Option<Spanned<i64>>,
    max_rounds: Option<Spanned<i64>>,
    pool: Option<PoolSection>,
    minions: Option<MinionsSection>,
    armies: Option<ArmiesSection>,
}

/// How the roster's mixed armies are built (`fray roster --armies`), as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ArmiesSection {
    /// The least share of the budget an army spends (default: an army is full).
    min_spend: Option<Spanned<f64>>,
    /// Each unit's field army is the most whole units the budget buys (default: the
    /// mixture of whole armies worth the budget, as the pricing plays it).
    #[serde(default)]
    whole_field: bool,
    #[serde(default)]
    limit: Vec<LimitEntry>,
    #[serde(default)]
    field: Vec<FieldEntry>,
}

/// `[[armies.limit]]`: the fewest and most of one unit an army may field.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LimitEntry {
    unit: Spanned<String>,
    min: Option<Spanned<i64>>,
    max: Option<Spanned<i64>>,
}

/// `[[armies.field]]`: a named army the designer expects players to bring.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FieldEntry {
    name: Spanned<String>,
    units: Spanned<std::collections::BTreeMap<String, i64>>,
}

/// How mixed armies are built, checked.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ArmyRules {
    /// The least share of the budget an army spends; `None`: an army is full (it cannot
    /// buy one more of the cheapest unit).
    pub min_spend: Option<f64>,
    /// The fewest and most of each unit, in roster order.
    pub limits: Vec<(u32, u32)>,
    /// Whether each unit's field army is the most whole units the budget buys, points
    /// left unspent, rather than the mixture of the whole armies around the budget that
    /// the pricing's matchups play (each worth the whole budget on average).
    pub whole_field: bool,
    /// The named armies that are the field, each with its count of every unit (none:
    /// the field is every unit's army alone).
    pub field: Vec<(String, Vec<u32>)>,
}

/// The units of a roster, in their system's own model.
#[derive(Debug, Clone, PartialEq)]
pub enum Units {
    /// Pool combatants, with the settings every battle shares.
    Pool {
        /// Forms, ladder, first-hit die, targeting.
        settings: Settings,
        /// One combatant a unit.
        units: Vec<Combatant>,
    },
    /// Minions, with the rules every battle shares (rounds and turns among them).
    Minions {
        /// The rules of play.
        rules: Rules,
        /// One minion a unit.
        units: Vec<fray::minions::Minion>,
    },
}

/// A roster that passed every check.
#[derive(Debug, Clone, PartialEq)]
pub struct Roster {
    /// Its title in reports.
    pub name: String,
    /// What each army may spend.
    pub budget: f64,
    /// The seed of every matchup's streams.
    pub seed: u64,
    /// A pool battle's round limit.
    pub max_rounds: u32,
    /// The units, in the file's order.
    pub units: Units,
    /// Each unit's name, in the same order.
    pub names: Vec<String>,
    /// Each unit's starting cost: its own, or, where a unit gives none, the mean of those
    /// given (a tenth of the budget when none is given).
    pub costs: Vec<f64>,
    /// How its mixed armies are built (`[armies]`).
    pub armies: ArmyRules,
}

impl Roster {
    /// The system's name, as files spell it.
    pub fn system(&self) -> &'static str {
        match self.units {
            Units::Pool { .. } => "pool",
            Units::Minions { .. } => "minions",
        }
    }

    /// Whether its battles have no dice (minions): every matchup is then exact.
    pub fn exact(&self) -> bool {
        matches!(self.units, Units::Minions { .. })
    }

    /// The index of the unit named `name`.
    pub fn unit(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }
}

/// Reads and checks a roster file.
///
/// ```
/// let r = fray_lab::roster::parse_roster(r#"
/// system = "minions"
/// budget = 12
/// [[minions.units]]
/// name = "Spearman"
/// kind = "veteran"
/// hp = 6
/// damage = 2
/// cost = 3
/// [[minions.units]]
/// name = "Orc"
/// kind = "monster"
/// hp = 8
/// damage = 2
/// "#).unwrap();
/// assert_eq!((r.names.len(), r.costs[1]), (2, 3.0));
/// ```
pub fn parse_roster(text: &str) -> Result<Roster, ScenarioError> {
    // A roster sets how many fight: a unit's `count` is refused, so never offered.
    let (raw, c): (RosterFile, Checker) = read_without(text, &["count"])?;
    let budget = *raw.budget.get_ref();
    let (lo, hi) = fray::scenario::COST_RANGE;
    if !(budget.is_finite() && (lo..=hi).contains(&budget)) {
        return Err(c.at(
            &raw.budget,
            format!("budget is {budget}: expected a number above 0, from {lo} to {hi}"),
        ));
    }
    let whole = |v: &Option<Spanned<i64>>, what: &str, default: u64, hi: u64| {
        let Some(v) = v else { return Ok(default) };
        u64::try_from(*v.get_ref())
            .ok()
            .filter(|n| (1..=hi).contains(n) || (what == "seed" && *n == 0))
            .ok_or_else(|| {
                c.at(
                    v,
                    format!(
                        "{what} is {}: expected a whole number from {} to {hi}",
                        v.get_ref(),
                        u64::from(what != "seed")
                    ),
                )
            })
    };
    let seed = whole(&raw.seed, "seed", 1, i64::MAX as u64)?;
    let max_rounds = whole(&raw.max_rounds, "max_rounds", 100, u64::from(MAX_ROUNDS))? as u32;
    let (units, given): (Units, Vec<(String, Option<f64>)>) = match raw.system.get_ref().as_str() {
        "pool" => {
            let section = one_section(&c, &raw.system, raw.pool, raw.minions.is_some(), "pool")?;
            let (settings, units) = fray::pool::scenario::check_roster(&c, section)?;
            let given = units
                .iter()
                .map(|(u, cost)| (u.name.clone(), *cost))
                .collect();
            let units = units.into_iter().map(|(u, _)| u).collect();
            (Units::Pool { settings, units }, given)
        }
        "minions" => {
            let section = one_section(&c, &raw.system, raw.minions, raw.pool.is_some(), "minions")?;
            if raw.max_rounds.is_some() {
                return Err(c.at(
                    &raw.system,
                    "a minions roster's round limit is [minions.rules] max_rounds, not a top-level max_rounds",
                ));
            }
            let (rules, units) = fray::minions::scenario::check_roster(&c, &section)?;
            let given = units
                .iter()
                .map(|(u, cost)| (u.name.clone(), *cost))
                .collect();
            let units = units.into_iter().map(|(u, _)| u).collect();
            (Units::Minions { rules, units }, given)
        }
        other => {
            return Err(c.at(
                &raw.system,
                format!(
                    "system `{other}`: a roster prices the units of an army system, pool or minions"
                ),
            ));
        }
    };
    if !(2..=MAX_UNITS).contains(&given.len()) {
        return Err(c.at(
            &raw.system,
            format!(
                "the roster has {} units: expected from 2 to {MAX_UNITS} ([[{}.units]] tables)",
                given.len(),
                raw.system.get_ref()
            ),
        ));
    }
    let stated: Vec<f64> = given.iter().filter_map(|(_, c)| *c).collect();
    let fill = if stated.is_empty() {
        budget / 10.0
    } else {
        stated.iter().sum::<f64>() / stated.len() as f64
    };
    let costs: Vec<f64> = given.iter().map(|(_, c)| c.unwrap_or(fill)).collect();
    let names: Vec<String> = given.into_iter().map(|(n, _)| n).collect();
    let armies = army_rules(&c, raw.armies.unwrap_or_default(), &names, &costs, budget)?;
    Ok(Roster {
        name: raw.name.unwrap_or_else(|| "Roster".to_string()),
        budget,
        seed,
        max_rounds,
        units,
        costs,
        names,
        armies,
    })
}

/// The `[armies]` section checked against the units and the budget: each limit names a
/// unit, once, its `min` at most its `max`; the minimum spend a share of the budget its
/// limits allow; each named army of known units and within the budget.
fn army_rules(
    c: &Checker,
    raw: ArmiesSection,
    names: &[String],
    costs: &[f64],
    budget: f64,
) -> Result<ArmyRules, ScenarioError> {
    let unit = |name: &Spanned<String>| {
        names
            .iter()
            .position(|n| n == name.get_ref())
            .ok_or_else(|| {
                c.at(
                    name,
                    format!(
                        "no unit `{}` in the roster; its units are {}",
                        fray::text::escape_controls(name.get_ref()),
                        names.join(", ")
                    ),
                )
            })
    };
    let count = |v: &Spanned<i64>, what: &str| {
        u32::try_from(*v.get_ref())
            .ok()
            .filter(|&n| n <= MAX_ARMY_COUNT)
            .ok_or_else(|| {
                c.at(
                    v,
                    format!(
                        "{what} is {}: expected a whole number from 0 to {MAX_ARMY_COUNT}",
                        v.get_ref()
                    ),
                )
            })
    };
    let mut limits = vec![(0, MAX_ARMY_COUNT); names.len()];
    let mut limited = vec![false; names.len()];
    for l in &raw.limit {
        let u = unit(&l.unit)?;
        if std::mem::replace(&mut limited[u], true) {
            return Err(c.at(&l.unit, format!("`{}` is limited twice", names[u])));
        }
        let min = l
            .min
            .as_ref()
            .map(|v| count(v, "min"))
            .transpose()?
            .unwrap_or(0);
        let max = match &l.max {
            Some(v) => count(v, "max")?,
            None => MAX_ARMY_COUNT,
        };
        if min > max {
            let message = format!("min {min} is above max {max} for `{}`", names[u]);
            return Err(match &l.min {
                Some(at) => c.at(at, message),
                None => c.at(&l.unit, message),
            });
        }
        limits[u] = (min, max);
    }
    let least: f64 = limits
        .iter()
        .zip(costs)
        .map(|(&(min, _), c)| f64::from(min) * c)
        .sum();
    if least > budget {
        let at = raw.limit.first().map(|l| &l.unit);
        let message = format!(
            "the least each army must field costs {least} at the starting costs, over the budget of {budget}"
        );
        return Err(match at {
            Some(at) => c.at(at, message),
            None => ScenarioError::whole(message),
        });
    }
    let min_spend = match &raw.min_spend {
        None => None,
        Some(v) => {
            let share = *v.get_ref();
            if !(share.is_finite() && (0.0..=1.0).contains(&share)) {
                return Err(c.at(
                    v,
                    format!("min_spend is {share}: expected a share of the budget, from 0 to 1"),
                ));
            }
            Some(share)
        }
    };
    if let Some(f) = raw.field.get(MAX_FIELD) {
        return Err(c.at(
            &f.name,
            format!("more than {MAX_FIELD} named armies: the field is at most {MAX_FIELD}"),
        ));
    }
    let mut field = Vec::new();
    for f in &raw.field {
        let mut counts = vec![0u32; names.len()];
        for (name, &n) in f.units.get_ref() {
            let u = names.iter().position(|x| x == name).ok_or_else(|| {
                c.at(
                    &f.units,
                    format!(
                        "army `{}` names no unit `{}`; the roster's units are {}",
                        fray::text::escape_controls(f.name.get_ref()),
                        fray::text::escape_controls(name),
                        names.join(", ")
                    ),
                )
            })?;
            counts[u] = u32::try_from(n)
                .ok()
                .filter(|&n| n <= MAX_ARMY_COUNT)
                .ok_or_else(|| {
                    c.at(
                        &f.units,
                        format!(
                            "army `{}`: {n} of `{name}`, expected 0 to {MAX_ARMY_COUNT}",
                            f.name.get_ref()
                        ),
                    )
                })?;
        }
        let spent: f64 = counts
            .iter()
            .zip(costs)
            .map(|(&n, c)| f64::from(n) * c)
            .sum();
        if counts.iter().all(|&n| n == 0) || spent > budget + 1e-9 {
            return Err(c.at(
                &f.units,
                format!(
                    "army `{}` costs {spent} at the starting costs: a field army fields someone, within the budget of {budget}",
                    fray::text::escape_controls(f.name.get_ref())
                ),
            ));
        }
        field.push((f.name.get_ref().clone(), counts));
    }
    Ok(ArmyRules {
        min_spend,
        limits,
        whole_field: raw.whole_field,
        field,
    })
}

/// The most named armies a roster's field may hold (each candidate plays every one).
pub const MAX_FIELD: usize = 64;

/// The most of one unit an `[armies]` limit or a named army may give.
pub const MAX_ARMY_COUNT: u32 = 10_000;

/// The section the system names, present, and the other absent.
fn one_section<T: Default>(
    c: &Checker,
    system: &Spanned<String>,
    section: Option<T>,
    other: bool,
    name: &str,
) -> Result<T, ScenarioError> {
    if other {
        return Err(c.at(
            system,
            format!("system = \"{name}\", but the roster has the other system's section: keep only [{name}]"),
        ));
    }
    section.ok_or_else(|| {
        c.at(
            system,
            format!("system = \"{name}\" needs a [{name}] section with its [[{name}.units]]"),
        )
    })
}
