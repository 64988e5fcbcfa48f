//! The single-call commands: a request as JSON in, the command's `--json` answer out,
//! through the command table (`fray_commands::call`), which names every command.

use std::collections::HashMap;

use fray::request::Refusal;
use fray_commands::call::{Ask, Origin, Style, call_paged};
use fray_commands::{Context, Span};
use pyo3::prelude::*;
use serde::Serialize;

use crate::dict;
use crate::error::{to_py, to_py_at_key};
use crate::interrupt::{Stopped, interruptible};

/// Runs `command` (the CLI's subcommand name) on `request`, the JSON of its request
/// type, and returns what `fray COMMAND --json` prints for it. `sources` names where
/// text fields came from (`{"battle": "examples/minions/x.toml"}`), for messages, as the
/// CLI names the files it read. The GIL is released meanwhile, and Ctrl-C stops a long
/// run at its next chunk and raises KeyboardInterrupt ([`interruptible`]).
/// `dicts` gives, for each source that is a dict written as TOML ([`toml_of`]), the key
/// path of each line, so a refusal located in that text names the dict's key instead.
#[pyfunction]
#[pyo3(signature = (command, request, sources = HashMap::new(), dicts = HashMap::new()))]
pub fn call(
    py: Python<'_>,
    command: &str,
    request: &str,
    sources: HashMap<String, String>,
    dicts: HashMap<String, Vec<String>>,
) -> PyResult<String> {
    let mut sources: Vec<(String, String)> = sources.into_iter().collect();
    sources.sort();
    answer_in(py, command, request, &sources, &dicts, false).map(|(answer, ..)| answer)
}

/// [`call`], the answer's report page (HTML, as `--report` writes it) when `pages` asks
/// for it and the command has one (battle, sweep, design-check, roster: what a notebook
/// shows), and the warnings found in the request (Python raises each as a
/// `FrayWarning` and keeps them on the result).
#[pyfunction]
#[pyo3(signature = (command, request, sources = HashMap::new(), dicts = HashMap::new(), pages = true))]
pub fn call_with_page(
    py: Python<'_>,
    command: &str,
    request: &str,
    sources: HashMap<String, String>,
    dicts: HashMap<String, Vec<String>>,
    pages: bool,
) -> PyResult<(String, Option<String>, Vec<String>)> {
    let mut sources: Vec<(String, String)> = sources.into_iter().collect();
    sources.sort();
    answer_in(py, command, request, &sources, &dicts, pages)
}

/// The compact JSON answer of `command` for `request`, computed without the GIL (a long
/// run stopped by Ctrl-C), with its report page when `pages` asks for it; its refusal as
/// `FrayError`, one in a dict's TOML told at the dict's key (see [`dict::at_key`]).
/// Every single-call function of the module goes through here.
pub fn answer_in(
    py: Python<'_>,
    command: &str,
    request: &str,
    sources: &[(String, String)],
    dicts: &HashMap<String, Vec<String>>,
    pages: bool,
) -> PyResult<(String, Option<String>, Vec<String>)> {
    let ask = Ask {
        pages,
        ..Ask::new(request.as_bytes(), Origin::Built, sources, Style::Compact)
    };
    // A long run (battle, sweep) on a thread of its own, so Ctrl-C can stop it; a quick
    // answer right here, without the thread's cost.
    let long = fray_commands::table::find(command).is_some_and(|e| e.span == Span::Long);
    let outcome = if long {
        interruptible(py, |cx| call_paged(command, &ask, cx))
    } else {
        py.detach(|| call_paged(command, &ask, &Context::quiet()))
            .map_err(Stopped::Refused)
    };
    match outcome {
        Ok((answered, page)) => Ok((answered.answer, page.map(|p| p.html), answered.warnings)),
        Err(Stopped::Signal(e)) => Err(e),
        Err(Stopped::Refused(r)) => {
            let (r, key) = dict::at_key(r, dicts);
            Err(to_py_at_key(py, r, key))
        }
    }
}

/// Every command of the table: `(name, summary, long, text fields)`, for the Python
/// side's check that it has a function for each.
#[pyfunction]
pub fn commands() -> Vec<(&'static str, &'static str, bool, Vec<&'static str>)> {
    fray_commands::entries()
        .into_iter()
        .map(|e| {
            let files = e.files.iter().map(|f| f.field).collect();
            (e.name, e.summary, e.span == Span::Long, files)
        })
        .collect()
}

/// The JSON Schemas of the command called `name` (`{"request": ..., "answer": ...}`,
/// as `fray schema NAME` prints them), or `None` for a name that is no command's:
/// what the Python functions are checked against, field by field.
#[pyfunction]
pub fn schema(name: &str) -> Option<String> {
    fray_commands::table::schema(name).map(|s| s.to_string())
}

/// An answer as JSON text (compact: the Python side parses it at once).
pub fn json(answer: &impl Serialize) -> Result<String, Refusal> {
    fray_commands::json::compact(answer, fray_commands::Keys::Declared)
}

/// A scenario, script or profile given as a dict (sent as JSON) written as TOML text, so
/// it is loaded by the same loader as a file, with the key path of each line, so that
/// its errors name the dict's keys (pass them to [`call`] as `dicts`).
#[pyfunction]
pub fn toml_of(py: Python<'_>, data: &str) -> PyResult<(String, Vec<String>)> {
    py.detach(|| dict::toml_of(data).map(|w| (w.text, w.lines)))
        .map_err(|r| to_py(py, r))
}
