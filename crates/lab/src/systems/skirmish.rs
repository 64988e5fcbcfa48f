//! The conditions system's skirmishes in the lab: the `[skirmish]` section (side names
//! and creatures as in `fray encounter` scripts), played unattended by the built-in
//! policy on a skirmish the chunk resets for each trial.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

use fray::character::Side;
use fray::conditions::Creature;
use fray::conditions::policy;
use fray::conditions::script::{CreatureFile, check_creature};
use fray::rng::SeededRolls;
use fray::scenario::{Checker, ScenarioError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use super::{BattleSystem, name, one_of, whole};
use crate::tally::{Tally, named_counts};

/// The most creatures a skirmish may hold: every trial plays them all. A turn costs
/// about twice as much at 1,024 creatures as at 4 (the encounter's spatial index), and
/// `fray battle` of such skirmishes peaks at 15 MB resident (docs/performance.md).
pub const MAX_SKIRMISH_CREATURES: usize = 1024;

/// A conditions-system skirmish on the grid.
#[derive(Debug)]
pub struct Skirmish;

/// What a chunk keeps: one skirmish, reset for each trial, and a buffer for hit points.
#[derive(Default)]
pub struct Kept {
    skirmish: Option<policy::Skirmish>,
    hp: Vec<i64>,
}

impl BattleSystem for Skirmish {
    const NAME: &'static str = "skirmish";
    type File = SkirmishFile;
    type Battle = Vec<Creature>;
    type Kept = Kept;

    fn check(
        c: &Checker,
        file: SkirmishFile,
        _max_rounds: u32,
    ) -> Result<(Vec<Creature>, [String; 2]), ScenarioError> {
        let mut names = HashSet::new();
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
            .map(|cf| check_creature(c, cf, &mut names))
            .collect::<Result<Vec<_>, _>>()?;
        for side in [Side::A, Side::B] {
            if !creatures.iter().any(|cr| cr.side == side) {
                return Err(c.at_path(
                    &["skirmish"],
                    format!("side {} has no creature", side.letter()),
                ));
            }
        }
        let sides = [
            side_name(c, file.a.as_ref(), &creatures, Side::A)?,
            side_name(c, file.b.as_ref(), &creatures, Side::B)?,
        ];
        Ok((creatures, sides))
    }

    fn roster(cs: &Vec<Creature>) -> Vec<(String, Side, i64)> {
        cs.iter()
            .map(|c| (c.name.clone(), c.side, c.max_hp))
            .collect()
    }

    fn trial(
        creatures: &Vec<Creature>,
        max_rounds: u32,
        rolls: &mut SeededRolls,
        kept: &mut Kept,
        t: &mut Tally,
        cancel: &AtomicBool,
    ) -> bool {
        // One skirmish per chunk, reset for each trial; counted from its encounter
        // through the kept buffer, as a pool battle is. Hundreds of creatures that cannot
        // reach each other play every round: a cancel is looked at once a round.
        let sk = kept
            .skirmish
            .get_or_insert_with(|| policy::Skirmish::new(creatures));
        if !sk.play_until(max_rounds, rolls, || cancel.load(Ordering::Relaxed)) {
            return false;
        }
        let e = &sk.encounter;
        kept.hp.clear();
        kept.hp.extend(e.creatures().iter().map(|c| c.hp));
        t.record(
            sk.winner(),
            sk.rounds(max_rounds),
            &kept.hp,
            named_counts(&e.stats.damage_by_type),
            named_counts(&e.stats.conditions),
        );
        true
    }

    /// The `[skirmish]` section: side names and creatures as in `fray encounter` scripts.
    fn schema() -> Option<Value> {
        let int = |what: &str| json!({"type": "integer", "minimum": i32::MIN, "maximum": i32::MAX, "description": what});
        let count = |what: &str| json!({"type": "integer", "minimum": 0, "maximum": u32::MAX, "description": what});
        let power = json!({
            "type": "object",
            "additionalProperties": false,
            "required": ["name"],
            "properties": {
                "name": name("The power's name."),
                "action": one_of(&["standard", "move", "minor", "free", "opportunity", "immediate"], "The action it takes (default standard)."),
                "usage": one_of(&["at-will", "encounter"], "How often (default at-will)."),
                "keywords": {"type": "array", "items": {"type": "string"}},
                "attack": int("The attack bonus (default 0)."),
                "vs": one_of(&["ac", "fortitude", "reflex", "will"], "The defense it targets (default ac)."),
                "damage": {"type": "string", "description": "Damage dice on a hit, e.g. 1d8+4."},
                "types": {"type": "array", "items": {"type": "string"}},
                "effects": {"type": "array", "items": {"type": "object"}},
                "ongoing": count("Ongoing damage on a hit (save ends)."),
                "forced": {"type": "array", "minItems": 2, "maxItems": 2, "description": "[push | pull | slide, squares]"},
                "trigger": {"type": "string"}
            }
        });
        let creature = json!({
            "type": "object",
            "additionalProperties": false,
            "required": ["name", "side", "hp"],
            "properties": {
                "name": name("A unique name."),
                "side": one_of(&["a", "b"], "Its side."),
                "level": count("Its level (default 1)."),
                "hp": whole(1, 1_000_000, "Hit points."),
                "ac": int("Armor class (default 10)."),
                "fortitude": int("Default 10."),
                "reflex": int("Default 10."),
                "will": int("Default 10."),
                "speed": count("Squares a move (default 6)."),
                "crawl": count("Squares a crawl (default 1)."),
                "acrobatics": int("Default 0."),
                "athletics": int("Default 0."),
                "perception": int("Default 0."),
                "initiative": int("Default 0."),
                "position": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2, "description": "[x, y]"},
                "traits": {"type": "string", "description": "Damage traits in the stat-block notation."},
                "power": {"type": "array", "items": power},
                "aura": count("Aura size in squares.")
            }
        });
        let side = json!({
            "type": "object",
            "additionalProperties": false,
            "required": ["name"],
            "properties": {"name": {"type": "string", "minLength": 1, "maxLength": MAX_SIDE_NAME, "description": "The side's name in reports (default: its creatures' names)."}}
        });
        Some(json!({
            "type": "object",
            "description": "A conditions skirmish: creatures as in `fray encounter` scripts (docs/rules/conditions.md).",
            "additionalProperties": false,
            "required": ["creature"],
            "properties": {
                "a": side.clone(),
                "b": side,
                "creature": {"type": "array", "minItems": 2, "maxItems": MAX_SKIRMISH_CREATURES, "items": creature}
            }
        }))
    }
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

/// A skirmish side's name: the file's (checked), else its creatures' names joined.
fn side_name(
    c: &Checker,
    given: Option<&SkirmishSideFile>,
    creatures: &[Creature],
    side: Side,
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
