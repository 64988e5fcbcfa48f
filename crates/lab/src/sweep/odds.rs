//! Odds sweeps: the single-roll rules' exact answers (closed forms, no sampling) at many
//! values of one or two inputs, with the same axes and outputs as battle sweeps.
//!
//! Each point is the single command's request (`fray evasion-table`, `fray check`,
//! `fray damage`) built as JSON from the fixed inputs and the point's values, checked by
//! that request's own `validate` and run by the library: a point's `answer` is exactly
//! the command's `--json` for the same inputs. The swept inputs are named by
//! [`params`]; other fields of the request are fixed with `PATH=VALUE` pairs.
//!
//! ```
//! use fray_lab::sweep::odds::{self, OddsPlan, OddsSystem};
//! use fray_lab::sweep::{AxisSpec, Values};
//! let plan = OddsPlan {
//!     system: OddsSystem::Evasion,
//!     set: vec![],
//!     vary: vec![AxisSpec::new("defender.ev", Values::Range("0..4".into()))],
//! };
//! let out = odds::run(&odds::check(&plan).unwrap(), 1).unwrap();
//! let p = |i: usize| out.points[i].outcomes[0];
//! assert!(p(0) > p(4), "an evasive defender is hit less often");
//! ```

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use fray::damage::request::DamageResult;
use fray::request::{Effort, Refusal};
use fray::scenario::ScenarioError;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{AxisSpec, MAX_AXES, MAX_POINTS, Number, as_map, axis};

/// The single-roll rules an odds sweep can vary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum OddsSystem {
    /// The chance to hit (`fray evasion-table`, one cell a point).
    Evasion,
    /// A check's degrees (`fray check`).
    Pool,
    /// Damage after the defender's traits (`fray damage`; the mean for dice).
    Damage,
}

impl OddsSystem {
    /// The system by the name `--odds` takes.
    pub fn named(word: &str) -> Option<Self> {
        match word.trim() {
            "evasion" => Some(Self::Evasion),
            "pool" => Some(Self::Pool),
            "damage" => Some(Self::Damage),
            _ => None,
        }
    }

    /// The request every point starts from, before the fixed inputs and its values.
    fn base(self) -> Map<String, Value> {
        let json = match self {
            Self::Evasion => {
                serde_json::json!({"by": "level", "levels": [1, 1], "step": 1, "evs": [0, 0]})
            }
            Self::Pool => serde_json::json!({"rung": "3/6"}),
            Self::Damage => serde_json::json!({"amount": 10}),
        };
        match json {
            Value::Object(m) => m,
            _ => Map::new(),
        }
    }

    /// Runs a point's request: the command's `--json` and the point's outcomes, read
    /// from the typed answer (in the order of [`OddsSystem::outcomes`]), or its refusal.
    fn answer(self, request: Value) -> Result<(Value, Vec<f64>), Refusal> {
        fn go<R: serde::de::DeserializeOwned, A: Serialize>(
            request: Value,
            run: impl Fn(R) -> Result<A, Refusal>,
            outcomes: impl Fn(&A) -> Vec<f64>,
        ) -> Result<(Value, Vec<f64>), Refusal> {
            let r: R = serde_json::from_value(request).map_err(|e| Refusal::new(e.to_string()))?;
            let answer = run(r)?;
            let o = outcomes(&answer);
            let json = serde_json::to_value(answer).map_err(|e| Refusal::new(e.to_string()))?;
            Ok((json, o))
        }
        match self {
            Self::Evasion => go(
                request,
                |r: fray::evasion::request::TableRequest| Ok(r.validate()?.run()),
                // The table of one level and one EV: its only cell.
                |t| {
                    vec![
                        t.rows
                            .first()
                            .and_then(|r| r.p_hit.first())
                            .copied()
                            .unwrap_or(f64::NAN),
                    ]
                },
            ),
            Self::Pool => go(
                request,
                |r: fray::pool::request::CheckRequest| Ok(r.validate()?.run()),
                |c| vec![c.p_success, c.mean_degree],
            ),
            Self::Damage => go(
                request,
                |r: fray::damage::request::DamageRequest| {
                    if r.roll {
                        // One seeded roll is a sample; an odds sweep is exact.
                        return Err(Refusal::new(
                            "roll: an odds sweep takes the exact distribution, not one roll",
                        ));
                    }
                    Ok(r.validate()?.run())
                },
                // A fixed amount resolves to one number; dice to a distribution's mean.
                |d| {
                    vec![match d {
                        DamageResult::Resolved(r) => r.explained.outcome.final_damage as f64,
                        DamageResult::Distribution(d) => d.mean_final,
                    }]
                },
            ),
        }
    }

    /// Checks a point's request by the command's own rules, without running it, and
    /// says what running it will cost.
    fn effort(self, request: Value) -> Result<Effort, Refusal> {
        fn go<R: serde::de::DeserializeOwned>(
            request: Value,
            check: impl Fn(R) -> Result<Effort, Refusal>,
        ) -> Result<Effort, Refusal> {
            let r: R = serde_json::from_value(request).map_err(|e| Refusal::new(e.to_string()))?;
            check(r)
        }
        match self {
            Self::Evasion => go(request, |r: fray::evasion::request::TableRequest| {
                r.validate().map(|_| Effort::small())
            }),
            Self::Pool => go(request, |r: fray::pool::request::CheckRequest| {
                r.validate().map(|_| Effort::small())
            }),
            Self::Damage => go(request, |r: fray::damage::request::DamageRequest| {
                if r.roll {
                    return Err(Refusal::new(
                        "roll: an odds sweep takes the exact distribution, not one roll",
                    ));
                }
                Ok(r.validate()?.effort())
            }),
        }
    }

    /// What each point reports: a column's name, and whether it is a probability
    /// (charted in percent, mapped with its 50% contour).
    pub fn outcomes(self) -> &'static [(&'static str, bool)] {
        match self {
            Self::Evasion => &[("p_hit", true)],
            Self::Pool => &[("p_success", true), ("mean_degree", false)],
            Self::Damage => &[("damage", false)],
        }
    }
}

impl fmt::Display for OddsSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Evasion => "evasion",
            Self::Pool => "pool",
            Self::Damage => "damage",
        })
    }
}

/// An input an odds sweep may vary: its path, whether it is whole, its value when not
/// varied, and how it is written into the request.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    /// The name `--vary` takes.
    pub path: &'static str,
    /// Whole numbers only.
    pub integer: bool,
    /// A range to start a sweep from, as `vary` takes it (`fray sweep-paths`).
    pub range: &'static str,
    write: fn(&mut Map<String, Value>, Number),
}

/// The inputs of `system` a sweep may vary.
pub fn params(system: OddsSystem) -> &'static [Param] {
    fn single(m: &mut Map<String, Value>, key: &str, v: Number) {
        let v = serde_json::to_value(v).unwrap_or(Value::Null);
        m.insert(key.into(), Value::Array(vec![v.clone(), v]));
    }
    fn number(m: &mut Map<String, Value>, key: &str, v: Number) {
        m.insert(key.into(), serde_json::to_value(v).unwrap_or(Value::Null));
    }
    /// One side of the rung `TN/D`, the other kept.
    fn rung(m: &mut Map<String, Value>, tn: bool, v: Number) {
        let old = m.get("rung").and_then(Value::as_str).unwrap_or("3/6");
        let (a, b) = old.split_once('/').unwrap_or(("3", "6"));
        let new = if tn {
            format!("{v}/{b}")
        } else {
            format!("{a}/{v}")
        };
        m.insert("rung".into(), Value::String(new));
    }
    /// A whole-number input (every input of the single-roll rules is one).
    const fn whole(
        path: &'static str,
        range: &'static str,
        write: fn(&mut Map<String, Value>, Number),
    ) -> Param {
        Param {
            path,
            integer: true,
            range,
            write,
        }
    }
    match system {
        OddsSystem::Evasion => {
            const INPUTS: &[Param] = &[
                whole("attacker.level", "1..30", |m, v| single(m, "levels", v)),
                whole("defender.ev", "0..20", |m, v| single(m, "evs", v)),
            ];
            INPUTS
        }
        OddsSystem::Pool => {
            const INPUTS: &[Param] = &[
                whole("tn", "1..5", |m, v| rung(m, true, v)),
                whole("d", "6", |m, v| rung(m, false, v)),
                whole("bonus", "0..6", |m, v| number(m, "bonus", v)),
                whole("penalty", "0..6", |m, v| number(m, "penalty", v)),
                whole("steps", "-3..3", |m, v| number(m, "steps", v)),
            ];
            INPUTS
        }
        OddsSystem::Damage => {
            const INPUTS: &[Param] = &[
                whole("amount", "5..50:5", |m, v| number(m, "amount", v)),
                whole("attacker_level", "1..30", |m, v| {
                    number(m, "attacker_level", v)
                }),
            ];
            INPUTS
        }
    }
}

/// An odds sweep as asked for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct OddsPlan {
    /// The rules.
    pub system: OddsSystem,
    /// Fixed inputs, `PATH=VALUE` (`model.sigma=4`, `ladder=6:8,10`, `defender.ev=3`):
    /// a [`Param`] or a field of the command's request (dots for nested fields; a value
    /// that reads as JSON is taken as such, else as text).
    #[serde(default)]
    pub set: Vec<String>,
    /// The axes: one gives a curve, two a grid.
    pub vary: Vec<AxisSpec>,
}

/// One axis of an odds sweep, checked.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct OddsAxis {
    /// The input's name.
    pub path: String,
    /// Its values, in the order asked.
    pub values: Vec<Number>,
    #[serde(skip)]
    param: usize,
}

/// An odds sweep, checked: every point's request built and accepted.
#[derive(Debug, Clone)]
pub struct OddsSweep {
    /// The rules.
    pub system: OddsSystem,
    /// The axes.
    pub axes: Vec<OddsAxis>,
    /// Each point's values and request (the first axis varying slowest).
    pub points: Vec<(Vec<(String, Number)>, Value)>,
    /// What working out every point costs, known before any is.
    pub effort: Effort,
}

/// One point: its values, the command's answer and the outcomes read from it.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct OddsPoint {
    /// Each axis's input and value.
    #[serde(serialize_with = "as_map")]
    #[schemars(with = "std::collections::BTreeMap<String, f64>")]
    pub values: Vec<(String, Number)>,
    /// The outcomes, in the order of [`OddsSystem::outcomes`].
    pub outcomes: Vec<f64>,
    /// The single command's `--json` for these inputs.
    pub answer: Value,
}

/// An odds sweep's results: exact, so complete and the same on any thread count.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct OddsOutcome {
    /// The rules.
    pub system: OddsSystem,
    /// The outcomes' names (the columns after the axes).
    pub outcomes: Vec<String>,
    /// The axes and their values.
    pub axes: Vec<OddsAxis>,
    /// Every point, the first axis varying slowest.
    pub points: Vec<OddsPoint>,
}

/// Writes `value` at the dotted `path` of `m`, making objects on the way.
fn set_path(m: &mut Map<String, Value>, path: &str, value: Value) -> Result<(), Refusal> {
    let (head, rest) = match path.split_once('.') {
        Some((h, r)) => (h, Some(r)),
        None => (path, None),
    };
    if head.is_empty() {
        return Err("an empty name in the path".into());
    }
    match rest {
        None => {
            m.insert(head.into(), value);
            Ok(())
        }
        Some(rest) => match m
            .entry(head.to_string())
            .or_insert_with(|| Value::Object(Map::new()))
        {
            Value::Object(inner) => set_path(inner, rest, value),
            _ => Err(Refusal::new(format!("`{head}` holds a value, not fields"))),
        },
    }
}

/// The parameter named `path`, or the refusal listing the known ones.
fn param(system: OddsSystem, path: &str) -> Result<usize, Refusal> {
    let known = params(system);
    known
        .iter()
        .position(|p| p.path == path.trim())
        .ok_or_else(|| {
            let names: Vec<&str> = known.iter().map(|p| p.path).collect();
            Refusal::new(format!(
                "`{}` is not an input of {system} odds: expected one of {}",
                fray::text::escape_controls(path),
                names.join(", ")
            ))
        })
}

/// Checks an odds sweep: the axes, the fixed inputs and every point's request (by the
/// command's own rules), with the number of points bounded first.
pub fn check(plan: &OddsPlan) -> Result<OddsSweep, ScenarioError> {
    let whole = ScenarioError::whole;
    let system = plan.system;
    if plan.vary.is_empty() || plan.vary.len() > MAX_AXES {
        return Err(whole(format!(
            "{} axes: an odds sweep varies 1 or {MAX_AXES} inputs (a curve or a grid)",
            plan.vary.len()
        )));
    }
    let mut base = system.base();
    let mut fixed = Vec::new();
    for flag in &plan.set {
        let at = |e: Refusal| whole(format!("`set` {}: {e}", fray::text::escape_controls(flag)));
        let (path, value) = axis::split_flag(flag).map_err(at)?;
        // An input by its number; anything else (`amount=2d6`) as the request's field.
        if let Ok(i) = param(system, path)
            && let Ok(v) = axis::number(value, params(system)[i].integer)
        {
            fixed.push((i, v));
            continue;
        }
        let value = serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.into()));
        set_path(&mut base, path.trim(), value).map_err(at)?;
    }
    for (i, v) in fixed {
        (params(system)[i].write)(&mut base, v);
    }
    let mut axes: Vec<OddsAxis> = Vec::new();
    for spec in &plan.vary {
        let at = |e: Refusal| whole(format!("vary {}: {e}", spec.path));
        let i = param(system, &spec.path).map_err(at)?;
        if axes.iter().any(|a| a.param == i) {
            return Err(at("already varied".into()));
        }
        let values = super::values_of(&spec.values, params(system)[i].integer).map_err(at)?;
        axes.push(OddsAxis {
            path: params(system)[i].path.into(),
            values,
            param: i,
        });
    }
    let count = axes
        .iter()
        .map(|a| a.values.len())
        .try_fold(1usize, usize::checked_mul)
        .filter(|n| *n <= MAX_POINTS)
        .ok_or_else(|| whole(format!("at most {MAX_POINTS} points are allowed")))?;
    let mut points = Vec::with_capacity(count);
    let mut effort = Effort::default();
    for n in 0..count {
        let mut rest = n;
        let mut chosen = vec![Number::Int(0); axes.len()];
        for (k, a) in axes.iter().enumerate().rev() {
            chosen[k] = a.values[rest % a.values.len()];
            rest /= a.values.len();
        }
        let mut request = base.clone();
        for (a, v) in axes.iter().zip(&chosen) {
            (params(system)[a.param].write)(&mut request, *v);
        }
        let values: Vec<(String, Number)> = axes
            .iter()
            .zip(&chosen)
            .map(|(a, v)| (a.path.clone(), *v))
            .collect();
        let request = Value::Object(request);
        // Refused here, before any point is worked out, with the point named; the work
        // is left for `run`, and its cost is known before it starts.
        let cost = system.effort(request.clone()).map_err(|e| {
            let e = e.message;
            let at: Vec<String> = values.iter().map(|(p, v)| format!("{p} = {v}")).collect();
            whole(format!("at {}: {e}", at.join(", ")))
        })?;
        effort = effort.plus(cost);
        points.push((values, request));
    }
    Ok(OddsSweep {
        system,
        axes,
        points,
        effort,
    })
}

/// Every point's exact answer, on a pool of `threads` threads (0: every core).
pub fn run(sweep: &OddsSweep, threads: usize) -> Result<OddsOutcome, Refusal> {
    run_until(sweep, threads, &|_| {}, &AtomicBool::new(false))
}

/// [`run`], calling `progress` with the points done so far, and refusing with
/// "interrupted" once `cancel` is set (looked at before each point: an odds sweep is
/// exact, so a part of it is not an answer).
pub fn run_until(
    sweep: &OddsSweep,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Result<OddsOutcome, Refusal> {
    let done = AtomicUsize::new(0);
    let points = crate::run::on_threads(threads, || {
        sweep
            .points
            .par_iter()
            .map(|(values, request)| {
                if cancel.load(Ordering::Relaxed) {
                    return Err(Refusal::new("interrupted: the odds sweep was cancelled"));
                }
                let (answer, outcomes) = sweep.system.answer(request.clone())?;
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                Ok(OddsPoint {
                    values: values.clone(),
                    outcomes,
                    answer,
                })
            })
            .collect::<Result<Vec<_>, Refusal>>()
    })??;
    Ok(OddsOutcome {
        system: sweep.system,
        outcomes: sweep
            .system
            .outcomes()
            .iter()
            .map(|(n, _)| (*n).into())
            .collect(),
        axes: sweep.axes.clone(),
        points,
    })
}
