//! Balance sweeps: one scenario played at many values of one or two of its numbers,
//! to see how the outcome moves (a curve for one axis, a grid for two), and a search
//! for the value that makes a side's win probability reach a target.
//!
//! A point is the scenario's text with the varied fields written in (by their TOML
//! path, [`apply`]), loaded by [`crate::parse_scenario`] like any battle, so every
//! check applies. Each point's seed is derived from the sweep's seed and the point's
//! values ([`point_seed`]), never its place in the sweep: a point gives the same
//! numbers in any sweep that holds it, on any thread count, in any chunk of points
//! run anywhere ([`run_points`]). A point's report is `fray battle`'s report of that
//! scenario with that seed.
//!
//! ```
//! use fray_lab::sweep::{self, AxisSpec, Plan, Settings, Values};
//! let text = fray_lab::examples::find("duel").unwrap().text;
//! let plan = Plan {
//!     vary: vec![AxisSpec::new("evasion.b.defense.hp", Values::List(vec![30.0, 60.0]))],
//!     find: None,
//!     precision: None,
//! };
//! let settings = Settings { trials: Some(500), ..Settings::default() };
//! let s = sweep::check(text, &plan, &settings).unwrap();
//! let out = sweep::run(&s, 1, &|_| {}, &Default::default()).unwrap();
//! let win = |i: usize| out.points[i].report.sides[0].win.p; // exact: the duel's chain
//! assert!(win(0) > win(1), "a tougher troll is harder to beat");
//! ```

pub mod apply;
pub mod axis;
pub mod find;
pub mod odds;
pub mod output;
pub mod paths;
pub mod report;
pub mod request;
mod run;

use fray::character::Side;
use fray::request::Refusal;
use fray::scenario::ScenarioError;
use serde::{Deserialize, Serialize, Serializer};

pub use axis::Number;
pub use find::{Evaluation, Found};
pub use run::{Outcome, PointResult, complete, outcome, points_of, run, run_points, search};

use crate::request::{MAX_PRECISION, MIN_PRECISION};
use crate::scenario::Scenario;
use apply::Field;

/// The most points a sweep may hold.
pub const MAX_POINTS: usize = 10_000;
/// The most battles a sweep may play in all (points × trials), so an absurd sweep is
/// refused before any work rather than running for days.
pub const MAX_SWEEP_BATTLES: u64 = 1_000_000_000;
/// The most axes: one gives a curve, two a grid (charts draw no more).
pub const MAX_AXES: usize = 2;
/// The most bytes a sweep's points hold in all (each point's scenario text, and its
/// fighters at [`FIGHTER_BYTES`] each): checking them stays within about a second, and
/// keeping them within a few hundred MB.
pub const MAX_SWEEP_HELD: u64 = 64 << 20;
/// What one fighter of a point's battle is counted as holding, loaded.
pub const FIGHTER_BYTES: u64 = 128;

/// The values of an axis as given: a range in the `--vary` syntax or a list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Values {
    /// `FROM..TO`, `FROM..TO:STEP` or `A,B,C` ([`axis::values`]).
    Range(String),
    /// The values themselves.
    List(Vec<f64>),
}

/// One axis as asked for: a field's path and its values. A misspelt field is refused,
/// never read as a default.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AxisSpec {
    /// The field's path, as the TOML names it (`evasion.b.defense.hp`).
    pub path: String,
    /// Its values.
    pub values: Values,
    /// Where the axis was asked for (`--vary PATH=RANGE`, a `[sweep]` entry), named in
    /// its errors.
    #[serde(skip)]
    pub origin: String,
}

impl AxisSpec {
    /// An axis asked for by a program (its errors name it `vary PATH`).
    pub fn new(path: &str, values: Values) -> Self {
        Self {
            path: path.into(),
            values,
            origin: format!("vary {}", fray::text::escape_controls(path)),
        }
    }

    /// An axis written `PATH=RANGE` (as the command line takes it), named `origin` in
    /// its errors.
    pub fn from_text(text: &str, origin: String) -> Result<Self, ScenarioError> {
        let (path, range) = axis::split_flag(text).map_err(|e| ScenarioError::whole(e.message))?;
        Ok(Self {
            path: path.into(),
            values: Values::Range(range.into()),
            origin,
        })
    }
}

/// The search for a balance point, as asked for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindSpec {
    /// The field searched.
    pub path: String,
    /// The range searched (its smallest and largest values are the bracket); none to
    /// search outward from the scenario's own value of the field ([`find::Span`]).
    #[serde(default)]
    pub values: Option<Values>,
    /// The win probability sought (0 to 1; default 0.5).
    #[serde(default = "half")]
    pub target: f64,
    /// The side whose win probability is meant: a (default) or b.
    #[serde(default)]
    pub side: Option<String>,
    /// Where the search was asked for, named in its errors.
    #[serde(skip)]
    pub origin: String,
}

fn half() -> f64 {
    0.5
}

/// A sweep as asked for: by flags, by a scenario's `[sweep]` table, or by a program
/// (the Python bindings and the web playground send this as JSON).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Plan {
    /// The axes: one gives a curve, two a grid.
    #[serde(default)]
    pub vary: Vec<AxisSpec>,
    /// A balance point to search for.
    #[serde(default)]
    pub find: Option<FindSpec>,
    /// Play every sampled point until each win probability's 95% half-width is at most
    /// this, as `fray battle --precision` does (the trials are then each point's cap).
    #[serde(default)]
    pub precision: Option<f64>,
}

/// Overrides of the scenario's own numbers, as `fray battle` takes them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Settings {
    /// Trials of every point (default: the scenario's).
    pub trials: Option<u64>,
    /// The sweep's seed, from which every point's is derived (default: the scenario's).
    pub seed: Option<u64>,
    /// The precision every point plays to, in place of the plan's (`--precision`).
    #[serde(default)]
    pub precision: Option<f64>,
}

/// One axis, checked: the field's canonical path and the values it takes.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Axis {
    /// The canonical path (array entries by name where they have one).
    pub path: String,
    /// The values, in the order asked.
    pub values: Vec<Number>,
    #[serde(skip)]
    field: Field,
    #[serde(skip)]
    origin: String,
}

/// One point: the values of every axis, its seed, and its scenario, checked.
#[derive(Debug, Clone)]
pub struct Point {
    /// Each axis's path and value, in axis order.
    pub values: Vec<(String, Number)>,
    /// The point's seed ([`point_seed`]).
    pub seed: u64,
    /// The scenario with the values written in and the point's seed and trials.
    pub scenario: Scenario,
}

/// A sweep, checked: every point loads, and the work is within bounds.
#[derive(Debug, Clone)]
pub struct Sweep {
    /// The scenario as written (with the trials and seed overrides).
    pub base: Scenario,
    /// The axes, in the order asked.
    pub axes: Vec<Axis>,
    /// Every point, the first axis varying slowest.
    pub points: Vec<Point>,
    /// The balance point search, if asked for.
    pub find: Option<find::Find>,
    /// The 95% half-width each sampled point plays to (`base.trials` is then the cap);
    /// `None` for fixed trials or a system with no dice.
    pub precision: Option<f64>,
    /// Remarks for the front end to show (an asked precision that has no effect).
    pub notes: Vec<String>,
    text: String,
}

/// The sweep's seed of a point: the sweep's seed mixed with each varied field's
/// canonical path and value (sorted by path), so a point's numbers do not depend on the
/// other points or on the order of the axes. FNV-1a, then SplitMix64's finalizer; kept
/// below 2^63 so a scenario file can hold it (`seed = ...`).
pub fn point_seed(seed: u64, values: &[(String, Number)]) -> u64 {
    let mut sorted: Vec<&(String, Number)> = values.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    eat(&seed.to_le_bytes());
    for (path, v) in sorted {
        eat(path.as_bytes());
        eat(b"=");
        eat(v.toml().as_bytes());
        eat(b";");
    }
    let mut z = h.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) >> 1
}

/// The plan a scenario's `[sweep]` table holds (an empty plan when it has none),
/// checked with located errors.
///
/// ```toml
/// [[sweep.vary]]
/// path = "evasion.b.defense.hp"
/// values = "40..80:10"          # or a list: [40, 50, 60]
/// [sweep.find]
/// path = "evasion.b.defense.hp"
/// values = "20..120"            # the range searched (optional: without it, outward
///                               # from the file's own value, see sweep::find::Span)
/// target = 0.5                  # optional (default 0.5)
/// side = "a"                    # optional (default a)
/// ```
pub fn plan_of(text: &str) -> Result<Plan, ScenarioError> {
    #[derive(Deserialize)]
    struct Outer {
        sweep: Option<PlanFile>,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct PlanFile {
        #[serde(default)]
        vary: Vec<AxisFile>,
        find: Option<FindFile>,
        precision: Option<f64>,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct AxisFile {
        path: String,
        values: Values,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct FindFile {
        path: String,
        values: Option<Values>,
        target: Option<f64>,
        side: Option<String>,
    }
    let (outer, checker): (Outer, _) = fray::scenario::read(text)?;
    let Some(file) = outer.sweep else {
        return Ok(Plan::default());
    };
    let origin = |at: &[&str], what: String| {
        let e = checker.at_path(at, "");
        match e.location {
            Some(l) => format!("[sweep] {what} (line {})", l.line),
            None => format!("[sweep] {what}"),
        }
    };
    let vary = file
        .vary
        .into_iter()
        .enumerate()
        .map(|(i, a)| AxisSpec {
            origin: origin(
                &["sweep", "vary", &i.to_string()],
                format!("vary entry {}", i + 1),
            ),
            path: a.path,
            values: a.values,
        })
        .collect();
    let find = file.find.map(|f| FindSpec {
        origin: origin(&["sweep", "find"], "find".into()),
        path: f.path,
        values: f.values,
        target: f.target.unwrap_or(0.5),
        side: f.side,
    });
    Ok(Plan {
        vary,
        find,
        precision: file.precision,
    })
}

/// Checks a sweep of the scenario `text`: the scenario itself, every axis and the
/// search, and every point (loaded as a battle), with the work bounded before any is
/// done.
pub fn check(text: &str, plan: &Plan, settings: &Settings) -> Result<Sweep, ScenarioError> {
    let mut base = crate::parse_scenario(text)?;
    let precision = settings.precision.or(plan.precision);
    if let Some(p) = precision
        && !(MIN_PRECISION..=MAX_PRECISION).contains(&p)
    {
        return Err(ScenarioError::whole(format!(
            "precision {}: expected a number from {MIN_PRECISION} to {MAX_PRECISION}",
            fray::text::quoted_number(p)
        )));
    }
    // As `fray battle --precision`: no effect without dice (and said so); the trials are
    // the cap.
    let mut notes = Vec::new();
    if precision.is_some() && crate::run::deterministic(&base) {
        notes.push(format!(
            "precision has no effect here: a {} battle has no dice, so each point's one run is its exact outcome",
            base.battle.name()
        ));
    }
    let precision = precision.filter(|_| !crate::run::deterministic(&base));
    let default_trials = if precision.is_some() {
        crate::run::MAX_PRECISION_TRIALS
    } else {
        base.trials
    };
    base.trials = settings.trials.unwrap_or(default_trials);
    base.seed = settings.seed.unwrap_or(base.seed);
    let fields = apply::fields(text);
    if plan.vary.len() > MAX_AXES {
        return Err(ScenarioError::whole(format!(
            "{} axes: a sweep varies at most {MAX_AXES} fields (a curve or a grid)",
            plan.vary.len()
        )));
    }
    let mut axes: Vec<Axis> = Vec::new();
    for spec in &plan.vary {
        // A plan sent as JSON says nothing of where it came from.
        let named;
        let spec = if spec.origin.is_empty() {
            named = AxisSpec::new(&spec.path, spec.values.clone());
            &named
        } else {
            spec
        };
        let field = apply::find(&fields, &spec.path)
            .map_err(|e| ScenarioError::whole(format!("{}: {e}", spec.origin)))?;
        if axes.iter().any(|a| a.field == *field) {
            return Err(ScenarioError::whole(format!(
                "{}: {} is already varied",
                spec.origin,
                field.path()
            )));
        }
        let values = values_of(&spec.values, field.integer)
            .map_err(|e| ScenarioError::whole(format!("{}: {e}", spec.origin)))?;
        axes.push(Axis {
            path: field.path(),
            values,
            field: field.clone(),
            origin: spec.origin.clone(),
        });
    }
    let count = axes
        .iter()
        .map(|a| a.values.len())
        .try_fold(1usize, usize::checked_mul)
        .filter(|n| *n <= MAX_POINTS)
        .ok_or_else(|| {
            ScenarioError::whole(format!(
                "the sweep has {} points: at most {MAX_POINTS} are allowed",
                axes.iter()
                    .map(|a| a.values.len().to_string())
                    .collect::<Vec<_>>()
                    .join(" × ")
            ))
        })?;
    let count = if axes.is_empty() { 0 } else { count };
    let battles = crate::run::planned_trials(&base).saturating_mul(count as u64);
    if battles > MAX_SWEEP_BATTLES {
        return Err(ScenarioError::whole(format!(
            "{count} points × {} trials{} = {battles} battles: a sweep plays at most {MAX_SWEEP_BATTLES}; use fewer points or {}",
            base.trials,
            if precision.is_some() { " at most" } else { "" },
            if precision.is_some() {
                "a lower cap (`trials`)"
            } else {
                "fewer `trials`"
            }
        )));
    }
    // Each point is the scenario checked again and kept: what the points hold is
    // bounded (their text, and their fighters as loaded), so neither the time to check a
    // sweep nor its memory grows past the bound. The text alone is known at once.
    let over = |held: u64| {
        ScenarioError::whole(format!(
            "the sweep has {count} points of a scenario of {} bytes: each point is the scenario checked again and kept (its text, and {FIGHTER_BYTES} bytes a fighter), over {held} bytes in all, and a sweep holds at most {MAX_SWEEP_HELD} ({} MiB); use fewer points or a smaller scenario",
            text.len(),
            MAX_SWEEP_HELD >> 20
        ))
    };
    let text_held = (text.len() as u64).saturating_mul(count as u64);
    if text_held > MAX_SWEEP_HELD {
        return Err(over(text_held));
    }
    let mut held = 0u64;
    let mut sweep = Sweep {
        base,
        points: Vec::with_capacity(count),
        find: None,
        precision,
        notes,
        text: text.to_string(),
        axes: Vec::new(),
    };
    for i in 0..count {
        let mut rest = i;
        let mut chosen = vec![0; axes.len()];
        for (k, a) in axes.iter().enumerate().rev() {
            chosen[k] = rest % a.values.len();
            rest /= a.values.len();
        }
        let changes: Vec<(&Axis, Number)> = axes
            .iter()
            .zip(&chosen)
            .map(|(a, j)| (a, a.values[*j]))
            .collect();
        let point = sweep.point(&changes)?;
        let fighters = point.scenario.battle.roster().len() as u64;
        held = held
            .saturating_add(text.len() as u64)
            .saturating_add(fighters.saturating_mul(FIGHTER_BYTES));
        if held > MAX_SWEEP_HELD {
            return Err(over(held));
        }
        sweep.points.push(point);
    }
    sweep.axes = axes;
    if let Some(f) = &plan.find {
        let find = find::Find::check(&sweep, &fields, f)?;
        // The search's battles count against the same bound as the points'.
        let all = battles.saturating_add(find.planned_battles(&sweep.base));
        if all > MAX_SWEEP_BATTLES {
            return Err(ScenarioError::whole(format!(
                "{battles} battles for the points and up to {} for the search ({}, at most {} values): a sweep plays at most {MAX_SWEEP_BATTLES}; use fewer `trials` or {}",
                all - battles,
                find.origin(),
                find.max_evaluations(),
                match find.span {
                    find::Span::Range { .. } => "a narrower range",
                    find::Span::Outward { .. } => "a range to search (PATH=FROM..TO)",
                }
            )));
        }
        sweep.find = Some(find);
    }
    Ok(sweep)
}

/// The values of a spec: whole numbers for an `integer` field.
fn values_of(values: &Values, integer: bool) -> Result<Vec<Number>, Refusal> {
    match values {
        Values::Range(r) => axis::values(r, integer),
        Values::List(list) => {
            if list.len() > axis::MAX_AXIS_VALUES {
                return Err(Refusal::new(format!(
                    "{} values: an axis takes at most {}",
                    list.len(),
                    axis::MAX_AXIS_VALUES
                )));
            }
            list.iter()
                .map(|x| axis::number(&x.to_string(), integer))
                .collect()
        }
    }
}

impl Sweep {
    /// The point with these values set: its text loaded as a battle, with the point's
    /// seed; an error names where the axis was asked for and the value.
    fn point(&self, changes: &[(&Axis, Number)]) -> Result<Point, ScenarioError> {
        let set: Vec<(&Field, Number)> = changes.iter().map(|(a, v)| (&a.field, *v)).collect();
        let values: Vec<(String, Number)> =
            changes.iter().map(|(a, v)| (a.path.clone(), *v)).collect();
        let scenario = self.scenario_at(&set, &values).map_err(|e| {
            let which: Vec<String> = changes
                .iter()
                .map(|(a, v)| format!("{} (value {v})", a.origin))
                .collect();
            ScenarioError {
                message: format!("{}: {}", which.join(", "), e.message),
                ..e
            }
        })?;
        Ok(Point {
            seed: scenario.seed,
            values,
            scenario,
        })
    }

    /// The scenario with fields set and the seed of those values.
    fn scenario_at(
        &self,
        set: &[(&Field, Number)],
        values: &[(String, Number)],
    ) -> Result<Scenario, ScenarioError> {
        let mut s = crate::parse_scenario(&apply::write(&self.text, set))?;
        s.trials = self.base.trials;
        s.seed = point_seed(self.base.seed, values);
        Ok(s)
    }
}

/// A side as a sweep request names it: `a` or `b`.
fn side_of(word: Option<&str>) -> Result<Side, Refusal> {
    match word.map(str::trim) {
        None | Some("a") => Ok(Side::A),
        Some("b") => Ok(Side::B),
        Some(other) => Err(Refusal::new(format!(
            "side `{}`: expected a or b",
            fray::text::escape_controls(other)
        ))),
    }
}

/// Writes `(path, value)` pairs as a JSON object, in axis order.
fn as_map<S: Serializer>(values: &[(String, Number)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(values.iter().map(|(k, v)| (k, v)))
}
