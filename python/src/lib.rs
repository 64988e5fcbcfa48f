//! The native part of the `fray` Python package (`fray._native`): a thin front end over
//! the fray library, as the command line is. Each function takes the command's request
//! as JSON (the fields of `fray::<system>::request::*Request` or
//! `fray_lab::request::BattleRequest`, built by the Python wrappers from their keyword
//! arguments) and returns the command's `--json` answer as JSON text, serialized from
//! the same library types the CLI prints, so the two can never differ. The Python side
//! turns that text into dicts and lists.
//!
//! The GIL is released while fray computes (`Python::detach`), and Ctrl-C stops a long
//! run (`interrupt.rs`); a refusal becomes `fray.FrayError` with its place as data
//! (`error.rs`). Nothing here holds a rule.

#![cfg_attr(not(doc), warn(missing_docs))]

mod commands;
mod dict;
mod error;
mod interrupt;
mod roster;
mod sweep;

use pyo3::prelude::*;

/// The module `fray._native`: one function per command, and the exception type.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("FrayError", m.py().get_type::<error::FrayError>())?;
    m.add_function(wrap_pyfunction!(commands::call, m)?)?;
    m.add_function(wrap_pyfunction!(commands::call_with_page, m)?)?;
    m.add_function(wrap_pyfunction!(commands::commands, m)?)?;
    m.add_function(wrap_pyfunction!(commands::schema, m)?)?;
    m.add("MAX_FILE_BYTES", fray_commands::limits::MAX_FILE_BYTES)?;
    m.add_function(wrap_pyfunction!(commands::toml_of, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_plan, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_chunk, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_merge, m)?)?;
    m.add_function(wrap_pyfunction!(roster::roster_jobs, m)?)?;
    m.add_function(wrap_pyfunction!(roster::roster_with, m)?)?;
    Ok(())
}
