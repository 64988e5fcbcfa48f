//! The minions system's battles in the lab: the `[minions]` section (the format of
//! `fray minions` files). No dice: one play is the exact outcome.

use std::sync::atomic::{AtomicBool, Ordering};

use fray::character::Side;
use fray::minions::scenario::{BattleFile, check_battle};
use fray::minions::{Battle, BattleState};
use fray::rng::SeededRolls;
use fray::scenario::{Checker, ScenarioError};
use fray::trace::NoTrace;
use serde_json::{Value, json};

use super::{BattleSystem, name, one_of, whole};
use crate::tally::Tally;

/// Minions with armor, levels and the hit/miss cycle.
#[derive(Debug)]
pub struct Minions;

impl BattleSystem for Minions {
    const NAME: &'static str = "minions";
    const DETERMINISTIC: bool = true;
    type File = BattleFile;
    type Battle = Battle;
    type Kept = ();

    fn check(
        c: &Checker,
        file: BattleFile,
        max_rounds: u32,
    ) -> Result<(Battle, [String; 2]), ScenarioError> {
        if let Some(written) = file.rules_max_rounds() {
            return Err(c.at(
                written,
                "a battle scenario's round limit is its top-level max_rounds, which would replace this one: write it there, once",
            ));
        }
        let mut b = check_battle(c, &file)?;
        b.rules.max_rounds = max_rounds;
        fray::minions::check_work(&b)?;
        let sides = [b.a.name.clone(), b.b.name.clone()];
        Ok((b, sides))
    }

    fn roster(b: &Battle) -> Vec<(String, Side, i64)> {
        let side = |side| move |m: &fray::minions::Minion| (m.name.clone(), side, i64::from(m.hp));
        (b.a.minions.iter().map(side(Side::A)))
            .chain(b.b.minions.iter().map(side(Side::B)))
            .collect()
    }

    fn trial(
        b: &Battle,
        _: u32,
        _: &mut SeededRolls,
        _: &mut (),
        t: &mut Tally,
        cancel: &AtomicBool,
    ) -> bool {
        // As `fray::minions::play` plays it, turn by turn.
        let mut state = BattleState::new(b);
        // Round by round (`play_turn_until`), so that a battle near the work bound stops
        // within a round of a cancel.
        let stop = || cancel.load(Ordering::Relaxed);
        while state.turn < b.rules.turns && !state.decided() {
            if state.play_turn_until(&mut NoTrace, &stop).is_none() {
                return false;
            }
        }
        // Read from the state: the outcome's copy of every name is not needed here.
        let hp: Vec<i64> = state.fighters().iter().map(|f| i64::from(f.hp)).collect();
        let max: i64 = state.fighters().iter().map(|f| i64::from(f.spec.hp)).sum();
        let dealt = (max - hp.iter().sum::<i64>()).max(0) as u64;
        t.record(state.winner(), state.rounds, &hp, [("physical", dealt)], []);
        true
    }

    fn turns(b: &Battle) -> Option<u32> {
        Some(b.rules.turns)
    }

    /// The `[minions]` section: a minions battle, as `fray minions` reads it.
    fn schema() -> Option<Value> {
        use fray::minions::model::MAX_LEVEL;
        use fray::minions::scenario::{MAX_ATTACKS, MAX_MINIONS, MAX_STAT};
        let stat = i64::from(MAX_STAT);
        let minion = json!({
            "type": "object",
            "additionalProperties": false,
            "required": ["name", "kind", "hp", "damage"],
            "properties": {
                "name": name("A unique name (numbered when count > 1)."),
                "kind": one_of(&["recruit", "weak-recruit", "veteran", "monster"], "What kind of minion."),
                "level": whole(0, i64::from(MAX_LEVEL), "Its level (default: its kind's)."),
                "hp": whole(1, stat, "Hit points."),
                "damage": whole(0, stat, "Damage of each hit."),
                "armor": whole(0, stat, "Armor (default 0)."),
                "attacks": whole(1, i64::from(MAX_ATTACKS), "Attacks a round (default 1)."),
                "count": whole(1, i64::from(MAX_MINIONS), "How many copies (default 1)."),
                "spell_levels": whole(-10, 10, "Levels its spells give or take."),
                "armor_penalty": whole(0, stat, "Armor its spells take."),
                "gaze_armor": whole(0, stat, "Armor its gaze takes."),
                "learns": {"type": "boolean"}
            }
        });
        let group = json!({
            "type": "object",
            "additionalProperties": false,
            "required": ["name"],
            "properties": {"name": name("The group's name in reports."), "minions": {"type": "array", "items": minion}}
        });
        Some(json!({
            "type": "object",
            "description": "A minions battle: the format of `fray minions` files (docs/rules/minions.md).",
            "additionalProperties": false,
            "required": ["a", "b"],
            "properties": {
                "rules": {"type": "object", "additionalProperties": false, "properties": {
                    "order": one_of(&["precedence", "interleaved", "simultaneous"], "Who attacks first in a round (default precedence)."),
                    "targeting": one_of(&["first", "spread", "weakest"], "How a victim is picked (default first)."),
                    "level_excess": one_of(&["lost", "kept"], "Level changes past 0 or 5 (default lost)."),
                    "turns": whole(1, 1_000, "Turns, each one combat (default 1).")
                }},
                "a": group.clone(),
                "b": group,
                "spells": {"type": "array", "items": {"type": "object", "additionalProperties": false, "properties": {
                    "turn": {"type": "integer", "minimum": 1},
                    "minion": {"type": "string"},
                    "group": one_of(&["a", "b"], "The group it falls on."),
                    "levels": whole(-10, 10, "Levels given or taken."),
                    "armor_penalty": whole(0, stat, "Armor taken."),
                    "damage": whole(0, stat, "Damage dealt.")
                }}}
            }
        }))
    }
}
