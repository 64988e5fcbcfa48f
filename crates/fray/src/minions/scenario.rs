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
use std::fmt;

use serde::Deserialize;
use toml::Spanned;

use super::model::{Battle, Group, Kind, Level, MAX_LEVEL, Minion, Order, Rules, Targeting};
use crate::text::{LineIndex, Location};

/// The largest hit points, armor or damage a minion may have.
pub const MAX_STAT: u32 = 1_000_000;
/// The most attacks a minion may make in a round.
pub const MAX_ATTACKS: u32 = 100;
/// The most minions a battle may hold.
pub const MAX_MINIONS: u32 = 20_000;
/// The most attacks a battle may ask for (every attack of every round of every turn),
/// so no file can make fray run for hours.
pub const MAX_WORK: u64 = 200_000_000;

/// A scenario that could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ScenarioError {
    /// Where the problem is, when it is in a particular place.
    pub location: Option<Location>,
    /// What was wrong and what was expected.
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location {
            Some(l) => write!(
                f,
                "line {}, column {}: {}\n{l}",
                l.line, l.column, self.message
            ),
            None => f.write_str(&self.message),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBattle {
    #[serde(default)]
    rules: RawRules,
    a: Spanned<RawGroup>,
    b: Spanned<RawGroup>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawRules {
    order: Option<Order>,
    targeting: Option<Targeting>,
    max_rounds: Option<Spanned<u32>>,
    turns: Option<Spanned<u32>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGroup {
    name: Spanned<String>,
    #[serde(default)]
    minions: Vec<RawMinion>,
}

#[derive(Deserialize)]
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

struct Checker<'s> {
    lines: LineIndex<'s>,
}

impl Checker<'_> {
    fn at<T>(&self, spanned: &Spanned<T>, message: impl Into<String>) -> ScenarioError {
        let span = spanned.span();
        ScenarioError {
            location: Some(self.lines.locate(span.start, span.end - span.start)),
            message: message.into(),
        }
    }

    fn within(
        &self,
        value: &Spanned<u32>,
        what: &str,
        lo: u32,
        hi: u32,
    ) -> Result<u32, ScenarioError> {
        let v = *value.get_ref();
        if (lo..=hi).contains(&v) {
            Ok(v)
        } else {
            Err(self.at(
                value,
                format!("{what} is {v}: expected a whole number from {lo} to {hi}"),
            ))
        }
    }

    fn optional(
        &self,
        value: &Option<Spanned<u32>>,
        what: &str,
        default: u32,
        lo: u32,
        hi: u32,
    ) -> Result<u32, ScenarioError> {
        value
            .as_ref()
            .map_or(Ok(default), |v| self.within(v, what, lo, hi))
    }

    fn rules(&self, raw: &RawRules) -> Result<Rules, ScenarioError> {
        let d = Rules::default();
        Ok(Rules {
            order: raw.order.unwrap_or(d.order),
            targeting: raw.targeting.unwrap_or(d.targeting),
            max_rounds: self.optional(&raw.max_rounds, "max_rounds", d.max_rounds, 1, 100_000)?,
            turns: self.optional(&raw.turns, "turns", d.turns, 1, 1_000)?,
        })
    }

    fn group(
        &self,
        raw: &Spanned<RawGroup>,
        names: &mut HashSet<String>,
    ) -> Result<Group, ScenarioError> {
        let g = raw.get_ref();
        if g.name.get_ref().trim().is_empty() {
            return Err(self.at(&g.name, "the group's name is empty"));
        }
        if g.minions.is_empty() {
            return Err(self.at(
                &g.name,
                format!(
                    "group `{}` has no minions: add [[…minions]] tables",
                    g.name.get_ref()
                ),
            ));
        }
        let mut minions = Vec::new();
        for m in &g.minions {
            minions.extend(self.minions(m, names)?);
            if minions.len() > MAX_MINIONS as usize {
                return Err(self.at(
                    &m.name,
                    format!("more than {MAX_MINIONS} minions in one group"),
                ));
            }
        }
        Ok(Group {
            name: g.name.get_ref().clone(),
            minions,
        })
    }

    /// One declared minion, expanded `count` times.
    fn minions(
        &self,
        raw: &RawMinion,
        names: &mut HashSet<String>,
    ) -> Result<Vec<Minion>, ScenarioError> {
        let name = raw.name.get_ref().trim();
        if name.is_empty() {
            return Err(self.at(&raw.name, "the minion's name is empty"));
        }
        let level = match &raw.level {
            None => raw.kind.starting_level(),
            Some(l) if (0..=i64::from(MAX_LEVEL)).contains(l.get_ref()) => {
                Level::clamped(*l.get_ref() as i32)
            }
            Some(l) => {
                return Err(self.at(
                    l,
                    format!("level {} is outside 0 to {MAX_LEVEL}", l.get_ref()),
                ));
            }
        };
        let spell_levels = match &raw.spell_levels {
            None => 0,
            Some(s) if (-10..=10).contains(s.get_ref()) => *s.get_ref(),
            Some(s) => {
                return Err(self.at(
                    s,
                    "spell_levels must be from -10 to 10 (levels stay within 0 to 5 anyway)",
                ));
            }
        };
        let template = Minion {
            name: name.to_string(),
            kind: raw.kind,
            level,
            hp: self.within(&raw.hp, "hp", 1, MAX_STAT)?,
            armor: self.optional(&raw.armor, "armor", 0, 0, MAX_STAT)?,
            damage: self.within(&raw.damage, "damage", 0, MAX_STAT)?,
            attacks: self.optional(&raw.attacks, "attacks", 1, 1, MAX_ATTACKS)?,
            spell_levels,
            armor_penalty: self.optional(&raw.armor_penalty, "armor_penalty", 0, 0, MAX_STAT)?,
            gaze_armor: self.optional(&raw.gaze_armor, "gaze_armor", 0, 0, MAX_STAT)?,
        };
        let count = self.optional(&raw.count, "count", 1, 1, MAX_MINIONS)?;
        let expanded: Vec<Minion> = if raw.count.is_none() {
            vec![template]
        } else {
            (1..=count)
                .map(|i| Minion {
                    name: format!("{name} {i}"),
                    ..template.clone()
                })
                .collect()
        };
        for m in &expanded {
            if !names.insert(m.name.clone()) {
                return Err(self.at(
                    &raw.name,
                    format!(
                        "a minion named `{}` already exists: names must be unique",
                        m.name
                    ),
                ));
            }
        }
        Ok(expanded)
    }
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
    let checker = Checker {
        lines: LineIndex::new(text),
    };
    let raw: RawBattle = toml::from_str(text).map_err(|e| ScenarioError {
        location: e
            .span()
            .map(|s| checker.lines.locate(s.start, s.end - s.start)),
        message: e.message().trim().to_string(),
    })?;
    let rules = checker.rules(&raw.rules)?;
    let mut names = HashSet::new();
    let a = checker.group(&raw.a, &mut names)?;
    let b = checker.group(&raw.b, &mut names)?;
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
        return Err(ScenarioError {
            location: None,
            message: format!(
                "this battle could ask for {work} attacks ({per_round} a round × max_rounds {} × turns {}): at most {MAX_WORK}; lower max_rounds or turns",
                rules.max_rounds, rules.turns
            ),
        });
    }
    Ok(())
}
