//! Minions battles from TOML files, validated before anything runs; every error names
//! its line and column.
//!
//! ```toml
//! [rules]                 # all optional
//! order = "precedence"    # precedence | interleaved | simultaneous
//! targeting = "first"     # first | spread | weakest
//! level_excess = "lost"   # lost | kept: level bonuses and penalties past 0 or 5
//! max_rounds = 100        # per combat
//! turns = 1               # one combat per turn; experience is gained between turns
//!
//! [a]
//! name = "Militia"
//! [[a.minions]]
//! name = "Spearman"
//! kind = "recruit"        # recruit | weak-recruit | veteran | monster
//! hp = 6
//! damage = 2
//! armor = 1               # optional, default 0
//! attacks = 1             # optional, per round
//! count = 3               # optional: Spearman 1, Spearman 2, Spearman 3
//! # level, spell_levels, armor_penalty, gaze_armor: optional
//! learns = false          # optional, recruits only: this one never gains a level
//!
//! [b]
//! name = "Orcs"
//! [[b.minions]]
//! name = "Orc"
//! kind = "monster"
//! level = 2
//! hp = 8
//! damage = 3
//!
//! [[spells]]              # optional: spells cast between combats
//! turn = 2                # at the start of this turn (default 1), after experience
//! minion = "Orc"          # or group = "a" | "b": every living minion of the group
//! levels = -1             # level bonus (+) or penalty (−), from -10 to 10
//! armor_penalty = 1       # lowers maximum armor, never below 0
//! damage = 3              # off hit points: no armor, no experience for anyone
//! ```

use std::collections::HashSet;

use serde::Deserialize;
use toml::Spanned;

use super::model::{
    Battle, Group, Kind, Level, LevelExcess, MAX_LEVEL, Minion, Order, Rules, Side, Spell,
    SpellTarget, Targeting,
};
use crate::scenario::Checker;
pub use crate::scenario::ScenarioError;

/// The largest hit points, armor or damage a minion may have.
pub const MAX_STAT: u32 = 1_000_000;
/// The most attacks a minion may make in a round.
pub const MAX_ATTACKS: u32 = 100;
/// The most minions a battle may hold.
pub const MAX_MINIONS: u32 = 20_000;
/// The most attacks a battle may ask for (every attack of every round of every turn),
/// so no file can make fray run for hours.
pub const MAX_WORK: u64 = 200_000_000;

/// A minions battle file as written, before its checks: embed it in other files and
/// check it with [`check_battle`].
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleFile {
    #[serde(default)]
    rules: RulesFile,
    a: Spanned<RawGroup>,
    b: Spanned<RawGroup>,
    #[serde(default)]
    spells: Vec<Spanned<RawSpell>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpell {
    turn: Option<Spanned<i64>>,
    minion: Option<Spanned<String>>,
    group: Option<Spanned<Side>>,
    #[serde(default, deserialize_with = "whole::levels")]
    levels: Option<Spanned<i64>>,
    #[serde(default, deserialize_with = "whole::armor_penalty")]
    armor_penalty: Option<Spanned<i64>>,
    #[serde(default, deserialize_with = "whole::spell_damage")]
    damage: Option<Spanned<i64>>,
}

/// A battle's `[rules]` as written: in a battle file, and shared by a roster's battles
/// (`fray roster`).
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    order: Option<Order>,
    targeting: Option<Targeting>,
    level_excess: Option<LevelExcess>,
    #[serde(default, deserialize_with = "whole::max_rounds")]
    max_rounds: Option<Spanned<i64>>,
    #[serde(default, deserialize_with = "whole::turns")]
    turns: Option<Spanned<i64>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGroup {
    name: Spanned<String>,
    #[serde(default)]
    minions: Vec<MinionFile>,
}

/// A minion's table as written: in a battle file's groups, and as a unit of a roster
/// (`fray roster`), which gives it a `cost` and no `count`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MinionFile {
    name: Spanned<String>,
    kind: Kind,
    cost: Option<Spanned<f64>>,
    #[serde(default, deserialize_with = "whole::level")]
    level: Option<Spanned<i64>>,
    #[serde(deserialize_with = "whole::hp")]
    hp: Spanned<i64>,
    #[serde(deserialize_with = "whole::damage")]
    damage: Spanned<i64>,
    #[serde(default, deserialize_with = "whole::armor")]
    armor: Option<Spanned<i64>>,
    #[serde(default, deserialize_with = "whole::attacks")]
    attacks: Option<Spanned<i64>>,
    #[serde(default, deserialize_with = "whole::count")]
    count: Option<Spanned<i64>>,
    #[serde(default, deserialize_with = "whole::spell_levels")]
    spell_levels: Option<Spanned<i64>>,
    #[serde(default, deserialize_with = "whole::armor_penalty")]
    armor_penalty: Option<Spanned<i64>>,
    #[serde(default, deserialize_with = "whole::gaze_armor")]
    gaze_armor: Option<Spanned<i64>>,
    learns: Option<Spanned<bool>>,
}

/// Every whole number of a battle file is read as any TOML integer and checked against
/// its field's range while the file is read, as a type error would be: a value such as
/// -1 or 4294967296 is refused at once, with the range, rather than named by its type.
mod whole {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer};
    use toml::Spanned;

    fn check<E: Error>(v: Spanned<i64>, what: &str, lo: i64, hi: i64) -> Result<Spanned<i64>, E> {
        let n = *v.get_ref();
        if (lo..=hi).contains(&n) {
            Ok(v)
        } else if what == "level" {
            Err(E::custom(format!("level {n} is outside {lo} to {hi}")))
        } else {
            Err(E::custom(format!(
                "{what} is {n}: expected a whole number from {lo} to {hi}"
            )))
        }
    }

    macro_rules! fields {
        ($($name:ident: $what:literal, $lo:expr, $hi:expr;)*) => {$(
            pub fn $name<'de, D: Deserializer<'de>, T: From<Spanned<i64>>>(
                d: D,
            ) -> Result<T, D::Error> {
                check(Spanned::<i64>::deserialize(d)?, $what, $lo, $hi).map(T::from)
            }
        )*};
    }

    const STAT: i64 = super::MAX_STAT as i64;
    fields! {
        hp: "hp", 1, STAT;
        damage: "damage", 0, STAT;
        spell_damage: "damage", 0, STAT;
        armor: "armor", 0, STAT;
        armor_penalty: "armor_penalty", 0, STAT;
        gaze_armor: "gaze_armor", 0, STAT;
        attacks: "attacks", 1, super::MAX_ATTACKS as i64;
        count: "count", 1, super::MAX_MINIONS as i64;
        level: "level", 0, super::MAX_LEVEL as i64;
        spell_levels: "spell_levels", -10, 10;
        levels: "levels", -10, 10;
        max_rounds: "max_rounds", 1, 100_000;
        turns: "turns", 1, 1_000;
    }
}

/// Checks a battle's rules.
pub fn check_rules(c: &Checker, raw: &RulesFile) -> Result<Rules, ScenarioError> {
    let d = Rules::default();
    Ok(Rules {
        order: raw.order.unwrap_or(d.order),
        targeting: raw.targeting.unwrap_or(d.targeting),
        level_excess: raw.level_excess.unwrap_or(d.level_excess),
        max_rounds: c.optional(&raw.max_rounds, "max_rounds", d.max_rounds, 1, 100_000)?,
        turns: c.optional(&raw.turns, "turns", d.turns, 1, 1_000)?,
    })
}

fn group(
    c: &Checker,
    raw: &Spanned<RawGroup>,
    names: &mut HashSet<String>,
) -> Result<Group, ScenarioError> {
    let g = raw.get_ref();
    let name = c.name(&g.name, "group")?;
    if g.minions.is_empty() {
        return Err(c.at(
            &g.name,
            format!("group `{name}` has no minions: add [[…minions]] tables"),
        ));
    }
    let mut minions = Vec::new();
    for m in &g.minions {
        minions.extend(declared(c, m, names)?);
        if minions.len() > MAX_MINIONS as usize {
            return Err(c.at(
                &m.name,
                format!("more than {MAX_MINIONS} minions in one group"),
            ));
        }
    }
    Ok(Group { name, minions })
}

/// One declared minion, expanded `count` times.
fn declared(
    c: &Checker,
    raw: &MinionFile,
    names: &mut HashSet<String>,
) -> Result<Vec<Minion>, ScenarioError> {
    c.no_cost(&raw.cost, "minions")?;
    let template = minion(c, raw)?;
    let count = match &raw.count {
        None => None,
        Some(n) => Some(c.within(n, "count", 1, MAX_MINIONS)?),
    };
    let names = c.copies(&raw.name, &template.name, count, names)?;
    Ok(names
        .into_iter()
        .map(|name| Minion {
            name,
            ..template.clone()
        })
        .collect())
}

/// A roster's `[minions]` section (`fray roster`): the rules all its battles share, and
/// its units.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RosterSection {
    #[serde(default)]
    rules: RulesFile,
    #[serde(default)]
    units: Vec<MinionFile>,
}

/// Checks a roster's `[minions]` section: its rules and its units (names unique).
pub fn check_roster(
    c: &Checker,
    raw: &RosterSection,
) -> Result<(Rules, crate::scenario::Units<Minion>), ScenarioError> {
    let rules = check_rules(c, &raw.rules)?;
    let mut names = HashSet::new();
    let units = raw
        .units
        .iter()
        .map(|u| check_unit(c, u, &mut names))
        .collect::<Result<_, _>>()?;
    Ok((rules, units))
}

/// A unit of a roster: one minion, its name unique among `names`, and its starting cost
/// if it gives one. A roster sets how many fight, so a unit has no `count`.
fn check_unit(
    c: &Checker,
    raw: &MinionFile,
    names: &mut HashSet<String>,
) -> Result<(Minion, Option<f64>), ScenarioError> {
    let unit = minion(c, raw)?;
    let cost = c.roster_unit(&raw.name, &unit.name, &raw.count, &raw.cost, names)?;
    Ok((unit, cost))
}

/// One minion's checked stats.
fn minion(c: &Checker, raw: &MinionFile) -> Result<Minion, ScenarioError> {
    let name = c.name(&raw.name, "minion")?;
    // `whole::level` and `whole::spell_levels` refused anything out of range while the
    // file was read, so the values fit in `i32`.
    let level = match &raw.level {
        None => raw.kind.starting_level(),
        Some(l) => Level::clamped(*l.get_ref() as i32),
    };
    let spell_levels = raw.spell_levels.as_ref().map_or(0, |s| *s.get_ref() as i32);
    Ok(Minion {
        name: name.clone(),
        kind: raw.kind,
        level,
        hp: c.within(&raw.hp, "hp", 1, MAX_STAT)?,
        armor: c.optional(&raw.armor, "armor", 0, 0, MAX_STAT)?,
        damage: c.within(&raw.damage, "damage", 0, MAX_STAT)?,
        attacks: c.optional(&raw.attacks, "attacks", 1, 1, MAX_ATTACKS)?,
        spell_levels,
        armor_penalty: c.optional(&raw.armor_penalty, "armor_penalty", 0, 0, MAX_STAT)?,
        gaze_armor: c.optional(&raw.gaze_armor, "gaze_armor", 0, 0, MAX_STAT)?,
        learns: learns(c, raw)?,
    })
}

/// Whether a declared minion learns: recruits do unless `learns = false`; veterans and
/// monsters never gain an experience level, so `learns = true` on them is refused.
fn learns(c: &Checker, raw: &MinionFile) -> Result<bool, ScenarioError> {
    match &raw.learns {
        None => Ok(raw.kind.can_learn()),
        Some(l) if *l.get_ref() && !raw.kind.can_learn() => Err(c.at(
            l,
            format!(
                "learns = true, but a {} never gains an experience level: only recruit and weak-recruit can learn",
                match raw.kind {
                    Kind::Veteran => "veteran",
                    _ => "monster",
                }
            ),
        )),
        Some(l) => Ok(*l.get_ref()),
    }
}

/// One spell, checked against the battle's turns and minions.
fn spell(
    c: &Checker,
    raw: &Spanned<RawSpell>,
    turns: u32,
    names: &HashSet<String>,
) -> Result<Spell, ScenarioError> {
    let s = raw.get_ref();
    let turn = match &s.turn {
        None => 1,
        Some(t) => {
            let v = *t.get_ref();
            if !(1..=i64::from(turns)).contains(&v) {
                return Err(c.at(
                    t,
                    format!("turn is {v}: expected a turn of this battle, from 1 to {turns} (rules.turns)"),
                ));
            }
            v as u32
        }
    };
    let target = match (&s.minion, &s.group) {
        (Some(_), Some(g)) => {
            return Err(c.at(
                g,
                "a spell falls on one `minion` or on one `group`, not both",
            ));
        }
        (None, None) => {
            return Err(c.at(
                raw,
                "a spell needs a target: `minion = \"NAME\"` or `group = \"a\"` (or \"b\")",
            ));
        }
        (None, Some(g)) => SpellTarget::Group(*g.get_ref()),
        (Some(m), None) => {
            let name = m.get_ref().trim();
            if !names.contains(name) {
                // Compared without case; the names in a stable order for a stable hint.
                let mut known: Vec<(String, &str)> = names
                    .iter()
                    .map(|n| (n.to_ascii_lowercase(), n.as_str()))
                    .collect();
                known.sort_unstable();
                let hint = crate::text::closest(name, known.iter().map(|k| k.0.as_str()))
                    .and_then(|lower| known.iter().find(|k| k.0 == lower))
                    .map(|k| format!(": did you mean `{}`?", k.1))
                    .unwrap_or_default();
                return Err(c.at(m, format!("no minion is named `{name}`{hint}")));
            }
            SpellTarget::Minion(name.to_string())
        }
    };
    // `whole::levels` refused anything outside -10 to 10 while the file was read.
    let levels = s.levels.as_ref().map_or(0, |l| *l.get_ref() as i32);
    let armor_penalty = c.optional(&s.armor_penalty, "armor_penalty", 0, 0, MAX_STAT)?;
    let damage = c.optional(&s.damage, "damage", 0, 0, MAX_STAT)?;
    if levels == 0 && armor_penalty == 0 && damage == 0 {
        return Err(c.at(
            raw,
            "this spell does nothing: give it `levels`, `armor_penalty` or `damage`",
        ));
    }
    Ok(Spell {
        turn,
        target,
        levels,
        armor_penalty,
        damage,
    })
}

/// Reads and validates a battle from TOML text.
///
/// ```
/// let battle = fray::minions::parse_battle(r#"
/// [a]
/// name = "Knights"
/// [[a.minions]]
/// name = "Knight"
/// kind = "veteran"
/// hp = 10
/// damage = 3
/// [b]
/// name = "Goblins"
/// [[b.minions]]
/// name = "Goblin"
/// kind = "monster"
/// hp = 4
/// damage = 1
/// count = 2
/// "#).unwrap();
/// assert_eq!(battle.b.minions[1].name, "Goblin 2");
/// assert!(fray::minions::parse_battle("[a]\nname = 3").unwrap_err().to_string().contains("line 2"));
/// ```
pub fn parse_battle(text: &str) -> Result<Battle, ScenarioError> {
    let (raw, c): (BattleFile, Checker) = crate::scenario::read(text)?;
    check_battle(&c, &raw)
}

impl BattleFile {
    /// `[rules] max_rounds` as written, if it was: a battle scenario of the lab has a
    /// round limit of its own and refuses a second one here rather than drop it.
    pub fn rules_max_rounds(&self) -> Option<&Spanned<i64>> {
        self.rules.max_rounds.as_ref()
    }
}

/// Checks a minions battle read from a file, locating problems with `c`.
pub fn check_battle(c: &Checker, raw: &BattleFile) -> Result<Battle, ScenarioError> {
    let rules = check_rules(c, &raw.rules)?;
    let mut names = HashSet::new();
    let a = group(c, &raw.a, &mut names)?;
    let b = group(c, &raw.b, &mut names)?;
    let spells = raw
        .spells
        .iter()
        .map(|s| spell(c, s, rules.turns, &names))
        .collect::<Result<_, _>>()?;
    let battle = Battle {
        rules,
        a,
        b,
        spells,
    };
    check_work(&battle)?;
    Ok(battle)
}

/// Refuses a battle that could ask for more than [`MAX_WORK`] attacks.
pub fn check_work(battle: &Battle) -> Result<(), ScenarioError> {
    let rules = &battle.rules;
    let minions = battle.a.minions.iter().chain(&battle.b.minions);
    let per_round: u64 = minions.map(|m| u64::from(m.attacks)).sum();
    let work = per_round * u64::from(rules.max_rounds) * u64::from(rules.turns);
    if work > MAX_WORK {
        return Err(ScenarioError::whole(format!(
            "this battle could ask for {work} attacks ({per_round} a round × max_rounds {} × turns {}): at most {MAX_WORK}; lower max_rounds or turns",
            rules.max_rounds, rules.turns
        )));
    }
    Ok(())
}
