//! Sweeps: whole (`sweep`, what `fray sweep --json` prints), or in chunks of points for
//! an executor that runs them elsewhere (`sweep_size`, `sweep_chunk`, `sweep_merge`:
//! each chunk plays its points with their own seeds, so the merged outcome is the
//! local one, point for point); and odds sweeps (`fray sweep --odds`).

use std::sync::atomic::AtomicBool;

use fray_lab::request::MAX_THREADS;
use fray_lab::scenario::MAX_TRIALS;
use fray_lab::sweep::odds::OddsPlan;
use fray_lab::sweep::{self as lab, AxisSpec, FindSpec, Plan, Settings, Sweep, Values};
use pyo3::prelude::*;
use serde::Deserialize;

use crate::commands::{json, parse};
use fray::request::Refusal;

use crate::error::{scenario, to_py};

/// A sweep as the Python wrapper sends it: the scenario's text, and what `fray sweep`
/// takes as flags (axes and search replace the scenario's `[sweep]` table when given).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SweepCall {
    scenario: String,
    #[serde(default)]
    vary: Vec<Axis>,
    #[serde(default)]
    find: Option<Find>,
    #[serde(default)]
    trials: Option<u64>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    precision: Option<f64>,
    #[serde(default)]
    threads: u64,
}

/// One axis: a field's TOML path and its values (a list, or `FROM..TO[:STEP]`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Axis {
    path: String,
    values: Values,
}

/// A balance-point search; without values, those of the axis varying the same path.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Find {
    path: String,
    #[serde(default)]
    values: Option<Values>,
    #[serde(default = "half")]
    target: f64,
    #[serde(default)]
    side: Option<String>,
}

fn half() -> f64 {
    0.5
}

impl SweepCall {
    /// The plan: the scenario's `[sweep]` with the call's axes and search in place.
    fn plan(&self, source: Option<&str>) -> Result<Plan, Refusal> {
        let mut plan = lab::plan_of(&self.scenario).map_err(|e| {
            let mut r = scenario(source, e);
            r.message = format!("[sweep]: {}", r.message);
            r
        })?;
        if !self.vary.is_empty() {
            plan.vary = self
                .vary
                .iter()
                .map(|a| AxisSpec::new(&a.path, a.values.clone()))
                .collect();
        }
        if let Some(f) = &self.find {
            let values = match &f.values {
                Some(v) => v.clone(),
                None => plan
                    .vary
                    .iter()
                    .find(|a| a.path == f.path)
                    .map(|a| a.values.clone())
                    .ok_or_else(|| {
                        Refusal::new(format!(
                            "find {}: give the values to search, or vary {} too",
                            f.path, f.path
                        ))
                    })?,
            };
            plan.find = Some(FindSpec {
                origin: format!("find {}", fray::text::escape_controls(&f.path)),
                path: f.path.clone(),
                values,
                target: f.target,
                side: f.side.clone(),
            });
        }
        if plan.vary.is_empty() && plan.find.is_none() {
            return Err(Refusal::new(
                "nothing to sweep: give vary= (or find=), or a [sweep] table in the scenario",
            ));
        }
        Ok(plan)
    }

    /// The sweep checked: every point loads, and the work is within bounds.
    fn check(&self, source: Option<&str>) -> Result<Sweep, Refusal> {
        if let Some(t) = self.trials.filter(|t| !(1..=MAX_TRIALS).contains(t)) {
            return Err(Refusal::new(format!(
                "trials {t}: expected 1 to {MAX_TRIALS}"
            )));
        }
        threads(self.threads)?;
        let settings = Settings {
            trials: self.trials,
            seed: self.seed,
            precision: self.precision,
        };
        lab::check(&self.scenario, &self.plan(source)?, &settings).map_err(|e| scenario(source, e))
    }

    /// A rayon pool of the threads asked for (0: every core).
    fn pool(&self) -> Result<rayon::ThreadPool, Refusal> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads as usize)
            .build()
            .map_err(|e| Refusal::new(e.to_string()))
    }
}

/// The threads asked for, within the lab's bound (as `fray sweep --threads`).
fn threads(n: u64) -> Result<usize, Refusal> {
    if n > MAX_THREADS {
        return Err(Refusal::new(format!(
            "threads {n}: expected 0 (every core) to {MAX_THREADS}"
        )));
    }
    Ok(n as usize)
}

/// Runs `work` on the checked sweep of `request` without the GIL.
fn with_sweep<T: Send>(
    py: Python<'_>,
    request: &str,
    source: Option<&str>,
    work: impl FnOnce(&SweepCall, &Sweep) -> Result<T, Refusal> + Send,
) -> PyResult<T> {
    py.detach(|| {
        let call: SweepCall = parse("sweep", request)?;
        let s = call.check(source)?;
        work(&call, &s)
    })
    .map_err(|r| to_py(py, r))
}

/// The whole sweep and its search, as `fray sweep --json` prints it.
#[pyfunction]
#[pyo3(signature = (request, source = None))]
pub fn sweep(py: Python<'_>, request: &str, source: Option<&str>) -> PyResult<String> {
    with_sweep(py, request, source, |call, s| {
        let never = AtomicBool::new(false);
        json(&lab::run(s, call.threads as usize, &|_| {}, &never).map_err(Refusal::new)?)
    })
}

/// How many points the sweep holds (checking it all, so a bad sweep is refused before
/// any chunk is sent anywhere).
#[pyfunction]
#[pyo3(signature = (request, source = None))]
pub fn sweep_size(py: Python<'_>, request: &str, source: Option<&str>) -> PyResult<usize> {
    with_sweep(py, request, source, |_, s| Ok(s.points.len()))
}

/// The points `start..end` of the sweep, played with their own seeds: the JSON list of
/// their entries in `fray sweep --json`'s `points`.
#[pyfunction]
#[pyo3(signature = (request, start, end, source = None))]
pub fn sweep_chunk(
    py: Python<'_>,
    request: &str,
    start: usize,
    end: usize,
    source: Option<&str>,
) -> PyResult<String> {
    with_sweep(py, request, source, |call, s| {
        let never = AtomicBool::new(false);
        let points = call
            .pool()?
            .install(|| lab::run_points(s, start..end, &|_| {}, &never));
        json(&points)
    })
}

/// The outcome of the sweep when `played` of its points were played elsewhere (by
/// `sweep_chunk`), its search run here: what `sweep` gives for the same request, but
/// for `points`, left empty for the caller to fill with the chunks' points in sweep
/// order. (The points are not parsed back here: serde_json's default float parsing is
/// not exact, Python's is, so the caller splices them in.)
#[pyfunction]
#[pyo3(signature = (request, played, source = None))]
pub fn sweep_merge(
    py: Python<'_>,
    request: &str,
    played: usize,
    source: Option<&str>,
) -> PyResult<String> {
    with_sweep(py, request, source, |call, s| {
        let never = AtomicBool::new(false);
        let found = match &s.find {
            Some(f) => Some(
                call.pool()?
                    .install(|| f.search(s, &never))
                    .map_err(|e| scenario(source, e))?,
            ),
            None => None,
        };
        let mut out = lab::outcome(s, Vec::new(), found);
        out.complete = lab::complete(s, played, out.find.as_ref());
        json(&out)
    })
}

/// An odds sweep as the Python wrapper sends it: `fray sweep --odds`'s plan and threads.
#[derive(Debug, Deserialize)]
struct OddsCall {
    #[serde(flatten)]
    plan: OddsPlan,
    #[serde(default)]
    threads: u64,
}

/// An odds sweep, as `fray sweep --odds SYSTEM --json` prints it.
#[pyfunction]
pub fn odds_sweep(py: Python<'_>, request: &str) -> PyResult<String> {
    py.detach(|| {
        let mut call: OddsCall = parse("sweep", request)?;
        threads(call.threads)?;
        // Axes from JSON carry no origin; name them as a program's axes are named.
        for a in &mut call.plan.vary {
            *a = AxisSpec::new(&a.path, a.values.clone());
        }
        let s = lab::odds::check(&call.plan).map_err(|e| {
            let mut r = scenario(None, e);
            r.message = format!("odds {:?}: {}", call.plan.system, r.message).to_lowercase();
            r
        })?;
        json(&lab::odds::run(&s, call.threads as usize).map_err(Refusal::new)?)
    })
    .map_err(|r| to_py(py, r))
}
