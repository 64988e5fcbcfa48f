//! Sweeps in chunks of points for an executor that runs them elsewhere (`sweep_plan`,
//! `sweep_chunk`, `sweep_merge`: each chunk plays its points with their own seeds, so
//! the merged outcome is the local one, point for point); a whole sweep is the `sweep`
//! command, called as every command is (`commands::call`). Every one reads the same
//! request as the web's and the command line's, `fray_lab::sweep::request::SweepRequest`.

use std::sync::atomic::AtomicBool;

use fray::request::Refusal;
use fray_commands::chunks;
use fray_commands::{Command, lab::Sweep as SweepCommand};
use fray_lab::sweep::Sweep;

use pyo3::prelude::*;

use crate::error::to_py;
use crate::interrupt::{Stopped, interruptible};

/// The request's text fields named by where they came from.
fn sources(source: Option<&str>) -> Vec<(String, String)> {
    source
        .map(|s| vec![("scenario".to_string(), s.to_string())])
        .unwrap_or_default()
}

/// A refusal as `FrayError`, in the request's field names.
fn refused(py: Python<'_>, r: Refusal) -> PyErr {
    to_py(py, r)
}

/// Runs `work` on the checked battle sweep of `request` without the GIL, on the threads
/// the request asks for.
fn with_sweep<T: Send>(
    py: Python<'_>,
    request: &str,
    source: Option<&str>,
    work: impl FnOnce(&Sweep) -> Result<T, Refusal> + Send,
) -> PyResult<T> {
    let sources = sources(source);
    py.detach(|| {
        let plan = chunks::checked(request.as_bytes(), sources)?;
        fray_lab::run::on_threads(plan.threads, || work(&plan.sweep))?
    })
    .map_err(|r| to_py(py, r))
}

/// How many points the sweep holds, and whether it searches (`find`, which
/// [`sweep_merge`] runs where it is called), checking it all, so a bad sweep is refused
/// before any chunk is sent anywhere.
#[pyfunction]
#[pyo3(signature = (request, source = None))]
pub fn sweep_plan(py: Python<'_>, request: &str, source: Option<&str>) -> PyResult<(usize, bool)> {
    with_sweep(py, request, source, |s| {
        Ok((s.points.len(), s.find.is_some()))
    })
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
    with_sweep(py, request, source, |s| {
        let never = AtomicBool::new(false);
        chunks::chunk(s, start..end, &|_| {}, &never)
    })
}

/// The outcome of the sweep whose points were played elsewhere, given `chunks`: the
/// texts [`sweep_chunk`] gave, in sweep order. Their reports are read back exactly (the
/// JSON's floats are the floats written) and put beside the values and seeds the sweep
/// gives each point; the search (`find`), each step waiting on the last, runs here, on
/// a thread of its own that Ctrl-C stops within a second, as every long call. What
/// `sweep` gives for the same request, as JSON, and its report page (what a notebook
/// shows).
#[pyfunction]
#[pyo3(signature = (request, chunks, source = None))]
pub fn sweep_merge(
    py: Python<'_>,
    request: &str,
    chunks: Vec<String>,
    source: Option<&str>,
) -> PyResult<(String, Option<String>)> {
    let sources = sources(source);
    let outcome = interruptible(py, |cx| {
        let plan = chunks::checked(request.as_bytes(), sources)?;
        fray_lab::run::on_threads(plan.threads, || merge(&plan.sweep, &chunks, cx.cancel))?
    });
    match outcome {
        Ok(answer) => Ok(answer),
        Err(Stopped::Signal(e)) => Err(e),
        Err(Stopped::Refused(r)) => Err(refused(py, r)),
    }
}

/// [`sweep_merge`]'s work: the chunks merged (the search run, stopped when `cancel`
/// is set), the answer's compact JSON and its page.
fn merge(
    s: &Sweep,
    chunks: &[String],
    cancel: &AtomicBool,
) -> Result<(String, Option<String>), Refusal> {
    let answer = chunks::merge(s, chunks, cancel)?;
    let page = SweepCommand::pages(&answer).map(|p| p.html);
    let text = fray_commands::json::compact(&answer, SweepCommand::KEYS)?;
    Ok((text, page))
}
