//! The single-call commands: a request as JSON in, the command's `--json` answer out,
//! through the command table (`fray_commands::call`), which names every command.

use std::collections::HashMap;

use fray::request::Refusal;
use fray_commands::call::{Origin, Style, serde_words};
use fray_commands::{Context, Span};
use pyo3::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::to_py;

/// Runs `command` (the CLI's subcommand name) on `request`, the JSON of its request
/// type, and returns what `fray COMMAND --json` prints for it. `sources` names where
/// text fields came from (`{"battle": "examples/minions/x.toml"}`), for messages, as the
/// CLI names the files it read. The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (command, request, sources = HashMap::new()))]
pub fn call(
    py: Python<'_>,
    command: &str,
    request: &str,
    sources: HashMap<String, String>,
) -> PyResult<String> {
    let mut sources: Vec<(String, String)> = sources.into_iter().collect();
    sources.sort();
    answer(py, command, request, &sources)
}

/// The compact JSON answer of `command` for `request`, computed without the GIL; its
/// refusal as `FrayError`. Every single-call function of the module goes through here.
pub fn answer(
    py: Python<'_>,
    command: &str,
    request: &str,
    sources: &[(String, String)],
) -> PyResult<String> {
    py.detach(|| {
        fray_commands::call::call(
            command,
            request.as_bytes(),
            Origin::Built,
            sources,
            Style::Compact,
            &Context::quiet(),
        )
        .map(|a| a.answer)
    })
    .map_err(|r| to_py(py, r))
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

/// The request's JSON as its type; a wrong shape is refused with serde's words.
pub fn parse<T: DeserializeOwned>(command: &str, request: &str) -> Result<T, Refusal> {
    serde_json::from_str(request)
        .map_err(|e| Refusal::new(format!("{command}: {}", serde_words(&e))))
}

/// An answer as JSON text (compact: the Python side parses it at once).
pub fn json(answer: &impl Serialize) -> Result<String, Refusal> {
    fray_commands::json::compact(answer, fray_commands::Keys::Declared)
}

/// A scenario, script or profile given as a dict (sent as JSON) written as TOML text, so
/// it is loaded by the same loader as a file and its errors point at a line and column
/// of this text.
#[pyfunction]
pub fn toml_of(py: Python<'_>, data: &str) -> PyResult<String> {
    py.detach(|| {
        let value: toml::Value = parse("a dict as TOML", data)?;
        toml::to_string(&value).map_err(|e| Refusal::new(format!("a dict as TOML: {e}")))
    })
    .map_err(|r| to_py(py, r))
}
