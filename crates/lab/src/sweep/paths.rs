//! What a sweep may vary, for a front end to offer: a scenario's numeric fields (by the
//! paths `vary` takes, a unit's count first) or an odds system's inputs, each with a
//! range to start from. `fray sweep-paths` and the playground's Sweep tab ask for it, so
//! no front end keeps a list of paths of its own.
//!
//! ```
//! use fray_lab::sweep::paths::PathsRequest;
//! let request = PathsRequest { example: Some("pikes".into()), ..Default::default() };
//! let paths = request.validate().unwrap().run();
//! assert_eq!(paths.paths[0].path, "pool.a.combatants.Pikeman.count");
//! assert_eq!(paths.paths[0].range, "4..16:2");
//! ```

use fray::request::Refusal;
use serde::{Deserialize, Serialize};

use super::Number;
use super::apply::{self, Field};
use super::odds::{self, OddsSystem};
use super::output::number;
use crate::request::BattleRequest;
use fray::math;

/// The most paths an answer lists (a scenario may hold thousands of numbers; the rest
/// are counted in [`Paths::unlisted`]).
pub const MAX_LISTED: usize = 1000;
/// The most bytes of paths an answer lists, so that long names repeated in many paths
/// cannot make a small scenario a large answer.
pub const MAX_LISTED_BYTES: usize = 64 << 10;

/// What `fray sweep-paths` takes: a scenario (its TOML text, or a bundled one by name;
/// the first bundled one by default), or an odds system.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct PathsRequest {
    /// The scenario, as the TOML text of a scenario file.
    pub scenario: Option<String>,
    /// Where `scenario` came from, for messages (a front end that read a file sets it).
    #[serde(skip)]
    pub scenario_source: Option<String>,
    /// A bundled scenario by name, instead of `scenario`.
    pub example: Option<String>,
    /// The inputs of an odds sweep of this system instead of a scenario's fields.
    #[schemars(with = "Option<String>", extend("enum" = ["evasion", "pool", "damage", null]))]
    pub odds: Option<OddsSystem>,
}

/// A request that passed every rule: the fields found, or the odds system.
#[derive(Debug, Clone)]
pub enum ValidPaths {
    /// A scenario's numeric fields, in the order written.
    Scenario(Vec<Field>),
    /// An odds system's inputs.
    Odds(OddsSystem),
}

/// One number a sweep may vary.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SweepPath {
    /// The path `vary` and `find` take.
    pub path: String,
    /// The value the scenario writes (none for an odds input).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Number>,
    /// Whether its values must be whole.
    pub integer: bool,
    /// A range to start from, as `vary` takes it (`4..16:2`): around the scenario's
    /// value (half to twice it, a dozen values at most), or the input's usual span.
    pub range: String,
}

/// What a sweep may vary, the most likely first: a unit's count, then hit points, then
/// the other fields of the sides in the order written, then the scenario's own settings
/// (`max_rounds`; not `trials` or `seed`, which a sweep sets itself). The first is the
/// playground's default.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Paths {
    /// The paths, at most [`MAX_LISTED`] of them and [`MAX_LISTED_BYTES`] of paths.
    pub paths: Vec<SweepPath>,
    /// How many more numeric fields the scenario holds than are listed.
    pub unlisted: usize,
}

impl PathsRequest {
    /// Reads the scenario (refused with its place if it is not one) or names the odds
    /// system.
    pub fn validate(&self) -> Result<ValidPaths, Refusal> {
        if let Some(system) = self.odds {
            if self.scenario.is_some() || self.example.is_some() {
                return Err(Refusal::new(
                    "give a scenario, an example or odds, not both: odds inputs are not a scenario's",
                ));
            }
            return Ok(ValidPaths::Odds(system));
        }
        let battle = BattleRequest {
            scenario: self.scenario.clone(),
            scenario_source: self.scenario_source.clone(),
            example: self.example.clone(),
            ..BattleRequest::default()
        };
        let (source, text) = battle.scenario_text()?;
        crate::parse_scenario(text).map_err(|e| Refusal::located(&source, &e))?;
        Ok(ValidPaths::Scenario(apply::fields(text)))
    }
}

impl ValidPaths {
    /// The paths, the most likely first.
    pub fn run(&self) -> Paths {
        match self {
            Self::Odds(system) => Paths {
                paths: odds::params(*system)
                    .iter()
                    .map(|p| SweepPath {
                        path: p.path.into(),
                        value: None,
                        integer: p.integer,
                        range: p.range.into(),
                    })
                    .collect(),
                unlisted: 0,
            },
            Self::Scenario(fields) => {
                // A sweep sets the trials itself: varying them measures nothing.
                let mut ranked: Vec<(u8, String, &Field)> = fields
                    .iter()
                    .map(|f| (f.path(), f))
                    .filter(|(p, _)| p != "trials")
                    .map(|(p, f)| (rank(&p), p, f))
                    .collect();
                // Stable: the file's order within a rank.
                ranked.sort_by_key(|(r, _, _)| *r);
                let (mut paths, mut bytes) = (Vec::new(), 0);
                for (_, path, f) in &ranked {
                    bytes += path.len();
                    if paths.len() == MAX_LISTED || bytes > MAX_LISTED_BYTES {
                        break;
                    }
                    paths.push(SweepPath {
                        path: path.clone(),
                        value: Some(f.value),
                        integer: f.integer,
                        range: suggest(f.value),
                    });
                }
                let unlisted = ranked.len() - paths.len();
                Paths { paths, unlisted }
            }
        }
    }
}

/// A field's path in words, for a chart's axis: the field spelled out after what it
/// belongs to (`pool.b.combatants.Rider.hp` is "Rider hit points (side b)",
/// `minions.a.count` "side a count", `max_rounds` "round limit").
pub fn in_words(path: &str) -> String {
    let parts: Vec<&str> = path.split('.').collect();
    let Some((field, owner)) = parts.split_last() else {
        return path.to_string();
    };
    let field = field_in_words(field);
    let side = owner.iter().find(|p| matches!(**p, "a" | "b"));
    match (owner.last(), side) {
        (None, _) => field,
        (Some(name), Some(side)) if name == side => format!("side {side} {field}"),
        (Some(name), Some(side)) => format!("{name} {field} (side {side})"),
        (Some(name), None) => format!("{name} {field}"),
    }
}

/// A field's name in words: the short names the rules use spelled out, `_` as spaces.
fn field_in_words(field: &str) -> String {
    match field {
        "hp" => "hit points".into(),
        "max_hp" => "most hit points".into(),
        "ev" => "evasion".into(),
        "ac" => "armor class".into(),
        "tn" => "target number".into(),
        "d" => "dice".into(),
        "max_rounds" => "round limit".into(),
        "p_hit" => "chance to hit".into(),
        "p_success" => "chance of success".into(),
        other => other.replace('_', " "),
    }
}

/// Which comes first: a unit's count, hit points, the sides' other numbers, and last
/// the scenario's own settings (top-level fields such as `max_rounds`).
fn rank(path: &str) -> u8 {
    match path.rsplit_once('.') {
        None => 3,
        Some((_, "count")) => 0,
        Some((_, "hp")) => 1,
        Some(_) => 2,
    }
}

/// A range around `value`: half to twice it (whole numbers from 1 for a positive whole
/// value, at least five of them), on a round step that gives about ten values.
pub fn suggest(value: Number) -> String {
    match value {
        Number::Int(v) => {
            // In i128, so no value of the file overflows on the way.
            let v = i128::from(v);
            let (low, high) = match v {
                v if v > 0 => {
                    let low = (v / 2).max(1);
                    (low, (v * 2).max(low + 4))
                }
                v if v < 0 => (v * 2, (v / 2).max(v * 2 + 4)),
                _ => (0, 10),
            };
            let step = round_step(((high - low) as f64 / 10.0).ceil().max(1.0)) as i128;
            let mut from = low.div_euclid(step) * step;
            if v > 0 && from < 1 {
                from = step;
            }
            let to = (high + step - 1).div_euclid(step) * step;
            let (from, to) = (clamp(from), clamp(to));
            if step == 1 {
                format!("{from}..{to}")
            } else {
                format!("{from}..{to}:{step}")
            }
        }
        Number::Float(v) => {
            let (low, high) = match v {
                v if v > 0.0 => (v / 2.0, v * 2.0),
                v if v < 0.0 => (v * 2.0, v / 2.0),
                _ => (0.0, 1.0),
            };
            let step = round_step((high - low) / 10.0);
            // A hair of slack, so 0.15 / 0.05 (2.9999...) counts as 3 steps.
            let from = (low / step + 1e-9).floor() * step;
            let to = (high / step - 1e-9).ceil() * step;
            // Written as a float, so the field's values read as floats.
            let float = |x: f64| match number(x) {
                s if s.contains(['.', 'e', 'N', 'i']) => s,
                s => s + ".0",
            };
            format!("{}..{}:{}", float(from), float(to), float(step))
        }
    }
}

/// The smallest of 1, 2 or 5 times a power of ten that is at least `raw` (positive).
fn round_step(raw: f64) -> f64 {
    if !(raw.is_finite() && raw > 0.0) {
        return 1.0;
    }
    let ten = math::powf(10.0, math::log10(raw).floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * ten)
        .find(|s| *s >= raw * (1.0 - 1e-9))
        .unwrap_or(10.0 * ten)
}

/// A whole number as a file may write it.
fn clamp(x: i128) -> i64 {
    i64::try_from(x).unwrap_or(if x < 0 { i64::MIN } else { i64::MAX })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep::request::SweepRequest;
    use crate::sweep::{AxisSpec, Values, axis};

    #[test]
    fn paths_are_named_in_words_on_charts() {
        assert_eq!(
            in_words("pool.b.combatants.Rider.hp"),
            "Rider hit points (side b)"
        );
        assert_eq!(in_words("minions.a.count"), "side a count");
        assert_eq!(in_words("max_rounds"), "round limit");
        assert_eq!(in_words("attacker_level"), "attacker level");
        assert_eq!(in_words("p_hit"), "chance to hit");
    }

    fn accepted(range: &str, integer: bool) -> bool {
        axis::values(range, integer).is_ok()
    }

    fn paths(json: &str) -> Paths {
        let r: PathsRequest = serde_json::from_str(json).unwrap();
        r.validate().unwrap().run()
    }

    #[test]
    fn ranges_are_round_and_around_the_value() {
        let int = |v| suggest(Number::Int(v));
        assert_eq!(int(45), "20..90:10");
        assert_eq!(int(10), "4..20:2");
        assert_eq!(int(4), "2..8");
        assert_eq!(int(1), "1..5");
        assert_eq!(int(0), "0..10");
        assert_eq!(int(-3), "-6..-1");
        assert_eq!(int(500), "200..1000:100");
        assert_eq!(
            int(i64::MAX),
            "4000000000000000000..9223372036854775807:2000000000000000000"
        );
        assert!(
            int(i64::MIN).starts_with("-9223372036854775808.."),
            "{}",
            int(i64::MIN)
        );
        assert_eq!(suggest(Number::Float(0.3)), "0.15..0.6:0.05");
        assert_eq!(suggest(Number::Float(0.0)), "0.0..1.0:0.1");
        for v in [-7, 0, 1, 3, 8, 45, 1234, i64::MAX, i64::MIN] {
            assert!(accepted(&int(v), true), "{}", int(v));
        }
        for v in [0.3, 2.5, -1.0, 0.0] {
            let r = suggest(Number::Float(v));
            assert!(accepted(&r, false), "{r}");
        }
    }

    #[test]
    fn a_units_count_comes_first_and_settings_last() {
        let p = paths(r#"{"example": "pikes"}"#);
        let names: Vec<&str> = p.paths.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(
            &names[..3],
            [
                "pool.a.combatants.Pikeman.count",
                "pool.a.combatants.Archer.count",
                "pool.b.combatants.Rider.count"
            ]
        );
        assert_eq!(names[3], "pool.a.combatants.Pikeman.hp");
        assert_eq!(names.last(), Some(&"max_rounds"));
        assert!(
            !names.contains(&"seed") && !names.contains(&"trials"),
            "{names:?}"
        );
        assert_eq!(p.paths[0].value, Some(Number::Int(8)));
        let duel = paths(r#"{"example": "duel"}"#);
        assert_eq!(duel.paths[0].path, "evasion.a.defense.hp");
        assert_eq!(duel.unlisted, 0);
    }

    #[test]
    fn every_bundled_scenarios_first_path_sweeps_as_suggested() {
        for e in crate::examples::EXAMPLES {
            let p = paths(&format!(r#"{{"example": "{}"}}"#, e.name));
            let first = &p.paths[0];
            let request = SweepRequest {
                example: Some(e.name.into()),
                trials: Some(10),
                vary: vec![AxisSpec::new(
                    &first.path,
                    Values::Range(first.range.clone()),
                )],
                ..SweepRequest::default()
            };
            let valid = request.validate();
            assert!(valid.is_ok(), "{}: {first:?}: {:?}", e.name, valid.err());
        }
    }

    #[test]
    fn every_odds_input_sweeps_as_suggested() {
        for system in ["evasion", "pool", "damage"] {
            let p = paths(&format!(r#"{{"odds": "{system}"}}"#));
            assert!(!p.paths.is_empty());
            for path in &p.paths {
                let request: SweepRequest = serde_json::from_value(serde_json::json!({
                    "odds": system, "vary": [{"path": path.path, "values": path.range}]
                }))
                .unwrap();
                assert!(request.validate().is_ok(), "{system}: {path:?}");
            }
        }
    }

    #[test]
    fn a_long_listing_is_cut_and_counted() {
        let mut fields = String::new();
        for i in 0..1500 {
            fields += &format!("f{i} = {i}\n");
        }
        let long = "x".repeat(200);
        let text = format!("[{long}]\n{fields}");
        let listed = ValidPaths::Scenario(apply::fields(&text)).run();
        assert!(listed.paths.len() < MAX_LISTED, "{}", listed.paths.len());
        let bytes: usize = listed.paths.iter().map(|p| p.path.len()).sum();
        assert!(bytes <= MAX_LISTED_BYTES);
        assert_eq!(listed.paths.len() + listed.unlisted, 1500);
        let short = ValidPaths::Scenario(apply::fields(&fields)).run();
        assert_eq!((short.paths.len(), short.unlisted), (MAX_LISTED, 500));
    }

    #[test]
    fn refusals() {
        let refused = |json: &str| {
            let r: PathsRequest = serde_json::from_str(json).unwrap();
            r.validate().unwrap_err().message
        };
        assert!(refused(r#"{"odds": "pool", "example": "duel"}"#).contains("not both"));
        assert!(refused(r#"{"example": "nope"}"#).contains("nope"));
        let e = refused(r#"{"scenario": "system = 3"}"#);
        assert!(
            e.starts_with("the scenario, ") && e.contains("line 1"),
            "{e}"
        );
        assert!(serde_json::from_str::<PathsRequest>(r#"{"exampel": "duel"}"#).is_err());
    }
}
