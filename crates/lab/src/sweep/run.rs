//! Playing a sweep's points in parallel, each a whole battle run with its own seed.
//! Points (and each point's chunks of trials) share one rayon pool; a cancelled sweep
//! keeps the points that finished, and the outcome says it is incomplete.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use fray::request::Refusal;
use rayon::prelude::*;
use serde::Serialize;

use super::{Axis, Found, Number, Sweep, as_map};
use crate::Scenario;
use crate::report::{Report, exact_duel_of, report, report_with, system_name};

/// One point's result: the values, the seed, and `fray battle`'s report of the point.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct PointResult {
    /// Each axis's path and value.
    #[serde(serialize_with = "as_map")]
    #[schemars(with = "std::collections::BTreeMap<String, f64>")]
    pub values: Vec<(String, Number)>,
    /// The point's seed: `fray battle --seed` with it gives this report.
    pub seed: u64,
    /// The battle lab's report of the point.
    pub report: Report,
}

/// A sweep's results.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Outcome {
    /// The scenario's name.
    pub name: String,
    /// Its rule system.
    pub system: String,
    /// The sweep's seed (each point's is derived from it).
    pub seed: u64,
    /// Trials of each point (1 for a system with no dice); with `precision`, each
    /// point's cap (its report says how many it played).
    pub trials: u64,
    /// The 95% half-width every sampled point played to, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub precision: Option<f64>,
    /// The axes and their values.
    pub axes: Vec<Axis>,
    /// Whether every point finished (false after a cancel).
    pub complete: bool,
    /// How many points the sweep holds.
    pub planned_points: usize,
    /// The points that finished, in sweep order (the first axis varying slowest).
    pub points: Vec<PointResult>,
    /// The balance point, when one was searched for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub find: Option<Found>,
    /// Why the search found no balance point (its range does not cross the target):
    /// the points played are kept all the same.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub find_failed: Option<String>,
}

/// Plays the points `range` of the sweep on the current rayon pool, skipping those not
/// yet started once `cancel` is set, and dropping a point cut short. Any split of the
/// points into ranges gives the same results, point for point (chunks of a sweep may
/// run on other machines).
pub fn run_points(
    sweep: &Sweep,
    range: Range<usize>,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Vec<PointResult> {
    let range = range.start.min(sweep.points.len())..range.end.min(sweep.points.len());
    let done = AtomicUsize::new(0);
    let results: Vec<Option<PointResult>> = sweep.points[range]
        .par_iter()
        .map(|p| {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let report = play_point(&p.scenario, sweep.precision, cancel)?;
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            Some(PointResult {
                values: p.values.clone(),
                seed: p.seed,
                report,
            })
        })
        .collect();
    results.into_iter().flatten().collect()
}

/// The points of `sweep` in order from its first, given their reports played elsewhere
/// (chunks of [`run_points`] on other machines, their JSON read back): each with the
/// values and seed the sweep gives it. Reports beyond the sweep's points are dropped.
pub fn points_of(sweep: &Sweep, reports: Vec<Report>) -> Vec<PointResult> {
    sweep
        .points
        .iter()
        .zip(reports)
        .map(|(p, report)| PointResult {
            values: p.values.clone(),
            seed: p.seed,
            report,
        })
        .collect()
}

/// Plays one point's scenario as `fray battle` does with its seed: to `precision` when
/// given (batch after batch, up to the scenario's trials), else every trial; `None` when
/// `cancel` cut it short.
pub(super) fn play_point(
    s: &Scenario,
    precision: Option<f64>,
    cancel: &AtomicBool,
) -> Option<Report> {
    let r = match precision {
        Some(target) => {
            let wins_exact = exact_duel_of(s).is_some();
            let (tally, reached) =
                crate::run::play_to_precision(s, target, wins_exact, &|_| {}, cancel);
            report_with(s, &tally, Some(&reached))
        }
        None => report(s, &crate::run::play_until(s, &|_| {}, cancel)),
    };
    r.complete.then_some(r)
}

/// Plays the whole sweep (and its search) on a pool of `threads` threads (0: every
/// core), calling `progress` with the points done so far.
pub fn run(
    sweep: &Sweep,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Outcome, Refusal> {
    crate::run::on_threads(threads, || {
        let points = run_points(sweep, 0..sweep.points.len(), progress, cancel);
        let find = search(sweep, cancel);
        outcome(sweep, points, find)
    })
}

/// The sweep's search for a balance point, if it asks for one and is not cancelled: the
/// point found, or why there is none.
pub fn search(sweep: &Sweep, cancel: &AtomicBool) -> Option<Result<Found, Refusal>> {
    let f = sweep.find.as_ref()?;
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    Some(f.search(sweep, cancel).map_err(Refusal::from))
}

/// The outcome of `sweep` from its points played (in sweep order, possibly gathered
/// from chunks run elsewhere with [`run_points`]) and its search, if it ran: a search
/// that found no balance point keeps the points and says why.
pub fn outcome(
    sweep: &Sweep,
    points: Vec<PointResult>,
    find: Option<Result<Found, Refusal>>,
) -> Outcome {
    let (find, find_failed) = match find {
        Some(Ok(found)) => (Some(found), None),
        Some(Err(why)) => (None, Some(why.message)),
        None => (None, None),
    };
    Outcome {
        name: sweep.base.name.clone(),
        system: system_name(&sweep.base).into(),
        seed: sweep.base.seed,
        trials: crate::run::planned_trials(&sweep.base),
        precision: sweep.precision,
        axes: sweep.axes.clone(),
        complete: complete(sweep, points.len(), find.as_ref(), find_failed.is_some()),
        planned_points: sweep.points.len(),
        points,
        find,
        find_failed,
    }
}

/// Whether a sweep is complete: every point played, and its search (if any) either ran
/// to its end or found that the range holds no balance point.
pub fn complete(sweep: &Sweep, played: usize, find: Option<&Found>, find_failed: bool) -> bool {
    played == sweep.points.len()
        && (sweep.find.is_none() || find_failed || find.is_some_and(|f| f.complete))
}
