//! The JSON Schema of every system section of a scenario file. The sections are the
//! systems' own file formats, read by the `fray` library's loaders (which keep spans and
//! do not depend on a schema crate), so their schemas are written here, with the ranges
//! taken from the loaders' own constants: an editor then refuses what `fray battle`
//! refuses. `crates/lab/tests/lab` checks the numbers against the loaders. The whole
//! file's schema ([`json_schema`]) is assembled here too, so the schema has one place.

use serde_json::{Value, json};

use crate::scenario::{MAX_ROUNDS, MAX_TRIALS, ScenarioFile};
use crate::systems::{BattleSystem, EachSystem, name, one_of};

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
                "description": "Present for a run to a precision (`precision`).",
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
        // Each system's section as the system describes it.
        struct Sections<'a>(&'a mut serde_json::Map<String, Value>);
        impl EachSystem for Sections<'_> {
            fn system<S: BattleSystem>(&mut self) {
                if let Some(schema) = S::schema() {
                    self.0.insert(S::NAME.into(), schema);
                }
            }
        }
        crate::systems::each(&mut Sections(p));
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
