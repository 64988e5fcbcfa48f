//! The JSON Schema of every system section of a scenario file. The sections are the
//! systems' own file formats, read by the `fray` library's loaders (which keep spans and
//! do not depend on a schema crate), so their schemas are written here, with the ranges
//! taken from the loaders' own constants: an editor then refuses what `fray battle`
//! refuses. `crates/lab/tests/lab` checks the numbers against the loaders. The whole
//! file's schema ([`json_schema`]) is assembled here too, so the schema has one place.

use serde_json::{Value, json};

use crate::scenario::{MAX_ROUNDS, MAX_TRIALS, ScenarioFile};

fn whole(lo: i64, hi: i64, what: &str) -> Value {
    json!({"type": "integer", "minimum": lo, "maximum": hi, "description": what})
}

fn name(what: &str) -> Value {
    json!({"type": "string", "minLength": 1, "description": what})
}

fn one_of(words: &[&str], what: &str) -> Value {
    json!({"type": "string", "enum": words, "description": what})
}

/// The `[pool]` section: a mass battle, as `fray mass-battle` reads it.
pub fn pool() -> Value {
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
    json!({
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
    })
}

/// The `[minions]` section: a minions battle, as `fray minions` reads it.
pub fn minions() -> Value {
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
    json!({
        "type": "object",
        "description": "A minions battle: the format of `fray minions` files (docs/rules/minions.md).",
        "additionalProperties": false,
        "required": ["a", "b"],
        "properties": {
            "rules": {"type": "object", "additionalProperties": false, "properties": {
                "order": one_of(&["precedence", "interleaved", "simultaneous"], "Who attacks first in a round (default precedence)."),
                "targeting": one_of(&["first", "spread", "weakest"], "How a victim is picked (default first)."),
                "level_excess": one_of(&["lost", "kept"], "Level changes past 0 or 5 (default lost)."),
                "max_rounds": whole(1, 100_000, "Overridden by the scenario's max_rounds: the rounds of one combat."),
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
    })
}

/// The `[skirmish]` section: side names and creatures as in `fray encounter` scripts.
pub fn skirmish() -> Value {
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
        "properties": {"name": {"type": "string", "minLength": 1, "maxLength": crate::scenario::MAX_SIDE_NAME, "description": "The side's name in reports (default: its creatures' names)."}}
    });
    json!({
        "type": "object",
        "description": "A conditions skirmish: creatures as in `fray encounter` scripts (docs/rules/conditions.md).",
        "additionalProperties": false,
        "required": ["creature"],
        "properties": {
            "a": side.clone(),
            "b": side,
            "creature": {"type": "array", "minItems": 2, "maxItems": crate::scenario::MAX_SKIRMISH_CREATURES, "items": creature}
        }
    })
}

/// The JSON Schema of a report (`fray battle --json`): every figure with its basis,
/// "exact" or "sampled", and a sampled figure's 95% interval beside it.
pub fn report() -> Value {
    let basis = one_of(&["exact", "sampled"], "How the figure was found.");
    let number = |what: &str| json!({"type": "number", "description": what});
    let probability =
        |what: &str| json!({"type": "number", "minimum": 0.0, "maximum": 1.0, "description": what});
    let count = |what: &str| json!({"type": "integer", "minimum": 0, "description": what});
    let estimate = json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["p", "low", "high", "exact", "basis"],
        "properties": {
            "p": probability("The probability (exact, or the sampled share)."),
            "low": probability("The 95% interval's lower end (Wilson; p when exact)."),
            "high": probability("The 95% interval's upper end (Wilson; p when exact)."),
            "exact": {"type": "boolean", "description": "Whether p is exact (basis is \"exact\")."},
            "basis": basis
        }
    });
    let side = json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["name", "win"],
        "properties": {"name": name("The side's name."), "win": estimate.clone()}
    });
    let rounds = json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["mean", "mean_basis", "mean_low", "mean_high", "basis", "p10", "median", "p90", "max", "histogram"],
        "properties": {
            "mean": number("Mean rounds: exact (a duel's chain) or sampled, as mean_basis says."),
            "mean_basis": basis.clone(),
            "mean_low": number("The mean's 95% interval, lower end (the mean when exact)."),
            "mean_high": number("The mean's 95% interval, upper end (the mean when exact)."),
            "basis": one_of(&["exact", "sampled"], "How the spread (percentiles, maximum, histogram) was found."),
            "p10": count("10th percentile."),
            "median": count("Median."),
            "p90": count("90th percentile."),
            "max": count("Most rounds played."),
            "histogram": {"type": "array", "items": {"type": "array", "minItems": 2, "maxItems": 2, "description": "[rounds, battles]"}}
        }
    });
    let survivor = json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["name", "side", "max_hp", "survival", "survival_low", "survival_high", "mean_hp_left"],
        "properties": {
            "name": name("The combatant."),
            "side": one_of(&["a", "b"], "Its side."),
            "max_hp": count("Its hit points at the start."),
            "survival": probability("P(standing at the end)."),
            "survival_low": probability("Its 95% interval, lower end."),
            "survival_high": probability("Its 95% interval, upper end."),
            "mean_hp_left": number("Mean hit points left (0 for the fallen).")
        }
    });
    let per_battle = |what: &str| json!({"type": "object", "additionalProperties": {"type": "number"}, "description": what});
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "fray battle report",
        "type": "object",
        "additionalProperties": false,
        "required": ["name", "system", "trials", "seed", "max_rounds", "sampled", "sides", "survivors_basis", "damage_basis", "draw", "mutual_destruction", "undecided", "limit", "rounds_counted", "rounds", "survivors", "damage_per_battle", "conditions_per_battle", "notes", "complete", "planned_trials"],
        "properties": {
            "name": name("The scenario's title."),
            "system": one_of(&["pool", "minions", "evasion", "skirmish"], "The rule system."),
            "trials": count("The battles played (for a run to a precision, as many as it took)."),
            "seed": count("The seed."),
            "max_rounds": count("The round limit."),
            "sampled": {"type": "boolean", "description": "False when one run is the exact outcome (no dice)."},
            "sides": {"type": "array", "minItems": 2, "maxItems": 2, "items": side},
            "survivors_basis": basis.clone(),
            "damage_basis": basis.clone(),
            "draw": estimate.clone(),
            "mutual_destruction": estimate.clone(),
            "undecided": estimate,
            "limit": name("The stopping rule in words."),
            "rounds_counted": name("What the rounds count."),
            "rounds": rounds,
            "survivors": {"type": "array", "items": survivor},
            "damage_per_battle": per_battle("Mean damage per battle, by type."),
            "conditions_per_battle": per_battle("Mean conditions inflicted per battle, by condition."),
            "notes": {"type": "array", "items": {"type": "string"}},
            "complete": {"type": "boolean", "description": "False when the run was interrupted."},
            "planned_trials": count("The battles the run was to play (the cap of a run to a precision)."),
            "precision": {
                "type": "object",
                "additionalProperties": false,
                "required": ["target", "cap", "reached", "half_width"],
                "description": "Present for a run to a precision (--precision).",
                "properties": {
                    "target": number("The 95% half-width asked for."),
                    "cap": count("The most battles the run could play."),
                    "reached": {"type": "boolean"},
                    "half_width": number("The widest half-width of a sampled win probability at the end (0 when the wins are exact).")
                }
            }
        }
    })
}

/// The JSON Schema of scenario files (system sections are described by their own
/// systems' formats).
pub fn json_schema() -> serde_json::Value {
    let mut schema = serde_json::to_value(schemars::schema_for!(ScenarioFile)).unwrap_or_default();
    // The numbers' ranges are the checker's (`parse_scenario`), and each system section
    // is its loader's format: written out in `crate::schema`.
    let nullable = |lo: i64, hi: i64, what: &str| serde_json::json!({"type": ["integer", "null"], "minimum": lo, "maximum": hi, "description": what});
    if let Some(p) = schema
        .get_mut("properties")
        .and_then(serde_json::Value::as_object_mut)
    {
        p.insert(
            "trials".into(),
            nullable(
                1,
                MAX_TRIALS as i64,
                "How many battles to sample (sampled systems only; default 10,000).",
            ),
        );
        p.insert(
            "seed".into(),
            nullable(
                0,
                i64::MAX,
                "The seed: the same seed gives the same numbers on any thread count (default 1).",
            ),
        );
        p.insert(
            "max_rounds".into(),
            nullable(1, i64::from(MAX_ROUNDS), "The stopping rule: a battle still undecided after this many rounds (for minions, rounds of each combat) is a draw (default 100)."),
        );
        p.insert("pool".into(), pool());
        p.insert("minions".into(), minions());
        p.insert("skirmish".into(), skirmish());
    }
    if let Some(defs) = schema
        .get_mut("$defs")
        .and_then(serde_json::Value::as_object_mut)
    {
        defs.remove("SkirmishFile");
        defs.remove("SkirmishSideFile");
    }
    schema
}
