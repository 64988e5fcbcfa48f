//! The pool system's mass battles in the lab: the `[pool]` section (the format of
//! `fray mass-battle` files), one battle replayed on a state the chunk keeps.

use std::sync::atomic::{AtomicBool, Ordering};

use fray::character::Side;
use fray::pool::scenario::{MassBattleFile, check_mass_battle, check_work};
use fray::pool::{MassBattle, MassState};
use fray::rng::SeededRolls;
use fray::scenario::{Checker, ScenarioError};
use fray::trace::NoTrace;
use serde_json::{Value, json};

use super::{BattleSystem, name, one_of, whole};
use crate::tally::Tally;

/// Side-against-side dice-pool mass combat.
#[derive(Debug)]
pub struct Pool;

/// What a chunk keeps: the battle's state, replayed, a buffer for its hit points, and
/// the hit points the battle starts with (summed once, not over every fighter's record
/// each battle).
#[derive(Default)]
pub struct Kept {
    state: Option<MassState>,
    hp: Vec<i64>,
    start_hp: i64,
}

impl BattleSystem for Pool {
    const NAME: &'static str = "pool";
    type File = MassBattleFile;
    type Battle = MassBattle;
    type Kept = Kept;

    fn check(
        c: &Checker,
        file: MassBattleFile,
        max_rounds: u32,
    ) -> Result<(MassBattle, [String; 2]), ScenarioError> {
        let mut b = check_mass_battle(c, file)?.battle;
        b.max_rounds = max_rounds;
        check_work(&b)?;
        let sides = [b.a.name.clone(), b.b.name.clone()];
        Ok((b, sides))
    }

    fn roster(b: &MassBattle) -> Vec<(String, Side, i64)> {
        let side = |side| move |c: &fray::pool::Combatant| (c.name.clone(), side, i64::from(c.hp));
        (b.a.combatants.iter().map(side(Side::A)))
            .chain(b.b.combatants.iter().map(side(Side::B)))
            .collect()
    }

    fn trial(
        b: &MassBattle,
        _: u32,
        rolls: &mut SeededRolls,
        kept: &mut Kept,
        t: &mut Tally,
        cancel: &AtomicBool,
    ) -> bool {
        let state = kept.state.get_or_insert_with(|| {
            let fighters = b.a.combatants.iter().chain(&b.b.combatants);
            kept.start_hp = fighters.map(|c| i64::from(c.hp)).sum();
            MassState::new(b)
        });
        // Round by round, as `replay_mass_battle` plays, so that a battle of thousands
        // a side (seconds each) stops within a round of a cancel.
        state.reset();
        while !state.over() {
            if cancel.load(Ordering::Relaxed) {
                return false;
            }
            if state.play_round(rolls, &mut NoTrace).is_err() {
                state.reset();
                break;
            }
        }
        // Counted from the state, through a buffer the chunk keeps: no vector per battle.
        kept.hp.clear();
        kept.hp
            .extend(state.hp.iter().flatten().map(|h| i64::from(*h)));
        let dealt = (kept.start_hp - kept.hp.iter().sum::<i64>()).max(0) as u64;
        t.record(
            state.winner(),
            state.round,
            &kept.hp,
            [("physical", dealt)],
            [],
        );
        true
    }

    /// The `[pool]` section: a mass battle, as `fray mass-battle` reads it.
    fn schema() -> Option<Value> {
        use fray::pool::scenario::{MAX_COMBATANTS, MAX_ROUNDS, MAX_STAT};
        let armor = ["none", "light", "medium", "heavy"];
        let combatant = json!({
            "type": "object",
            "additionalProperties": false,
            "required": ["name", "hp"],
            "properties": {
                "name": name("A unique name (numbered when count > 1)."),
                "hp": whole(1, i64::from(MAX_STAT), "Hit points."),
                "count": whole(1, i64::from(MAX_COMBATANTS), "How many copies (default 1)."),
                "bonus": whole(0, 50, "Bonus dice on its attacks (default 0)."),
                "form": {"type": "string", "description": "Its fighting style, for [[forms]]."},
                "armor": one_of(&armor, "Armor weight (default none)."),
                "magic_armor": whole(0, 20, "Magic armor (default 0)."),
                "hard_to_hit": {"type": "boolean", "default": false},
                "dodge": one_of(&["normal", "cannot-dodge", "dodges-well"], "Dodging (default normal)."),
                "penetrates": {"type": "array", "items": one_of(&armor, "An armor weight its attacks penetrate.")},
                "resisted_by": {"type": "array", "items": one_of(&armor, "An armor weight that resists its attacks.")}
            }
        });
        let army = json!({
            "type": "object",
            "additionalProperties": false,
            "required": ["name"],
            "properties": {
                "name": name("The side's name in reports."),
                "advantage": whole(0, 50, "Advantage dice (default 0)."),
                "disadvantage": whole(0, 50, "Disadvantage dice (default 0)."),
                "combatants": {"type": "array", "items": combatant}
            }
        });
        Some(json!({
            "type": "object",
            "description": "A pool mass battle: the format of `fray mass-battle` files (docs/rules/pool.md).",
            "additionalProperties": false,
            "required": ["a", "b"],
            "properties": {
                "seed": whole(0, i64::MAX, "The seed (the scenario's seed is used in the lab)."),
                "max_rounds": whole(1, i64::from(MAX_ROUNDS), "Overridden by the scenario's max_rounds."),
                "first_hit_die": whole(1, 1_000, "The die of a full-damage first hit (default 6)."),
                "ladder": {"type": "string", "description": "The ladder's dice, BASE:LARGER,... with base 6 (default 6:8,10,12,20)."},
                "forms": {"type": "array", "items": {
                    "type": "object", "additionalProperties": false, "required": ["superior", "inferior"],
                    "properties": {"superior": {"type": "string"}, "inferior": {"type": "string"}}
                }},
                "targeting": {"type": "object", "additionalProperties": false, "properties": {
                    "form": one_of(&["most", "balance"], "When form makes a target inferior (default most)."),
                    "defenses": one_of(&["all", "armor"], "Which defenses order the targets (default all).")
                }},
                "a": army.clone(),
                "b": army
            }
        }))
    }
}
