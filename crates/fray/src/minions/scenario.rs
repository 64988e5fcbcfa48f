//! Minions battles from TOML files, validated before anything runs; every error names
//! its line and column.
//!
//! ```toml
//! [rules]                 # all optional
//! order = "precedence"    # precedence | interleaved | simultaneous
//! targeting = "first"     # first | spread | weakest
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
//!
//! [b]
//! name = "Orcs"
//! [[b.minions]]
//! name = "Orc"
//! kind = "monster"
//! level = 2
//! hp = 8
//! damage = 3
//! ```

use std::collections::HashSet;

use serde::Deserialize;
use toml::Spanned;

use super::model::{Battle, Group, Kind, Level, MAX_LEVEL, Minion, Order, Rules, Targeting};
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
    rules: RawRules,
    a: Spanned<RawGroup>,
    b: Spanned<RawGroup>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawRules {
    order: Option<Order>,
    targeting: Option<Targeting>,
    max_rounds: Option<Spanned<u32>>,
    turns: Option<Spanned<u32>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGroup {
    name: Spanned<String>,
    #[serde(default)]
    minions: Vec<RawMinion>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMinion {
    name: Spanned<String>,
    kind: Kind,
    level: Option<Spanned<i64>>,
    hp: Spanned<u32>,
    damage: Spanned<u32>,
    #[serde(default)]
    armor: Option<Spanned<u32>>,
    attacks: Option<Spanned<u32>>,
    count: Option<Spanned<u32>>,
    #[serde(default)]
    spell_levels: Option<Spanned<i32>>,
    #[serde(default)]
    armor_penalty: Option<Spanned<u32>>,
    #[serde(default)]
    gaze_armor: Option<Spanned<u32>>,
}

fn rules(c: &Checker, raw: &RawRules) -> Result<Rules, ScenarioError> {
    let d = Rules::default();
    Ok(Rules {
        order: raw.order.unwrap_or(d.order),
        targeting: raw.targeting.unwrap_or(d.targeting),
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
    raw: &RawMinion,
    names: &mut HashSet<String>,
) -> Result<Vec<Minion>, ScenarioError> {
    let name = c.name(&raw.name, "minion")?;
    let level = match &raw.level {
        None => raw.kind.starting_level(),
        Some(l) if (0..=i64::from(MAX_LEVEL)).contains(l.get_ref()) => {
            Level::clamped(*l.get_ref() as i32)
        }
        Some(l) => {
            return Err(c.at(
                l,
                format!("level {} is outside 0 to {MAX_LEVEL}", l.get_ref()),
            ));
        }
    };
    let spell_levels = match &raw.spell_levels {
        None => 0,
        Some(s) if (-10..=10).contains(s.get_ref()) => *s.get_ref(),
        Some(s) => {
            return Err(c.at(
                s,
                "spell_levels must be from -10 to 10 (levels stay within 0 to 5 anyway)",
            ));
        }
    };
    let template = Minion {
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
    };
    let count = match &raw.count {
        None => None,
        Some(n) => Some(c.within(n, "count", 1, MAX_MINIONS)?),
    };
    let names = c.copies(&raw.name, &name, count, names)?;
    Ok(names
        .into_iter()
        .map(|name| Minion {
            name,
            ..template.clone()
        })
        .collect())
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

/// Checks a minions battle read from a file, locating problems with `c`.
pub fn check_battle(c: &Checker, raw: &BattleFile) -> Result<Battle, ScenarioError> {
    let rules = rules(c, &raw.rules)?;
    let mut names = HashSet::new();
    let a = group(c, &raw.a, &mut names)?;
    let b = group(c, &raw.b, &mut names)?;
    let battle = Battle { rules, a, b };
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
