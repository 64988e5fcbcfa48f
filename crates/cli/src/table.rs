//! The command line over the command table: each subcommand lowers its flags into the
//! command's request, runs it here, and prints the answer as text or as the table's
//! JSON. A refusal names its field as a flag (`--trials`); its warnings go to standard
//! error first.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Result, anyhow};
use fray::request::Refusal;
use fray_commands::{Command, Context, Prepared};

use crate::output;

/// A command run to its answer, with its validated request (some texts print from it).
pub struct Ran<V, A> {
    /// The request that passed every input rule.
    pub valid: V,
    /// The answer.
    pub answer: A,
}

/// Runs `C` on `request` with nothing to cancel or report: its warnings and notes
/// printed on standard error, its refusal returned as the error to print.
pub fn run<C: Command>(request: C::Request) -> Result<Ran<C::Valid, C::Answer>> {
    let prepared = prepare::<C>(request)?;
    let answer = C::perform(&prepared.valid, &Context::quiet()).map_err(refused)?;
    Ok(Ran {
        valid: prepared.valid,
        answer,
    })
}

/// `--strict`: every warning a refusal, for the one command this process runs.
static STRICT: AtomicBool = AtomicBool::new(false);

/// `--json`: the answer as the table's JSON, for the one command this process runs.
static JSON: AtomicBool = AtomicBool::new(false);

/// Sets `--json` for the command to run.
pub fn set_json(json: bool) {
    JSON.store(json, Ordering::Relaxed);
}

/// Whether `--json` was given: print the answer as the table's JSON.
pub fn as_json() -> bool {
    JSON.load(Ordering::Relaxed)
}

/// Sets `--strict` for the command to run.
pub fn set_strict(strict: bool) {
    STRICT.store(strict, Ordering::Relaxed);
}

/// Validates `request` as `C`'s, its warnings and notes printed on standard error
/// (under `--strict`, a warning refuses it).
pub fn prepare<C: Command>(request: C::Request) -> Result<Prepared<C::Valid>> {
    let mut prepared = C::prepare(request).map_err(refused)?;
    let bytes = prepared.cost.effort.answer_bytes;
    if bytes > fray_commands::limits::MAX_PRINTED_ANSWER {
        return Err(refused(Refusal::new(format!(
            "the answer would be about {} MiB: the command line prints at most {} MiB; ask for less (fewer or smaller dice, fewer points or combatants)",
            bytes >> 20,
            fray_commands::limits::MAX_PRINTED_ANSWER >> 20
        ))));
    }
    if STRICT.load(Ordering::Relaxed) {
        prepared = prepared.refuse_warnings().map_err(refused)?;
    }
    output::warn_each(&prepared.warnings);
    for n in &prepared.notes {
        output::note(n);
    }
    Ok(prepared)
}

/// `C`'s answer as `--json` prints it, in every front end the same.
pub fn json<C: Command>(answer: &C::Answer) -> Result<String> {
    fray_commands::json::pretty(answer, C::KEYS).map_err(refused)
}

/// The subcommand this process runs, whose arguments name a refusal's field.
static SUBCOMMAND: OnceLock<clap::Command> = OnceLock::new();

/// Sets the subcommand whose arguments word refusals (once, before it runs).
pub fn set_subcommand(command: clap::Command) {
    let _ = SUBCOMMAND.set(command);
}

/// The command line's word for the request field at `path`: the argument that sets it
/// (`--trials` for `trials`, `--sigma` for `model.sigma`, `FILE` for a positional
/// scenario), found among the subcommand's own arguments by the field's name (its long
/// flag, or its id); the path itself, quoted, where no argument sets it.
pub fn flag_of(path: &str) -> String {
    let last = path.rsplit('.').next().unwrap_or(path);
    let name = last.split('[').next().unwrap_or(last);
    let long = name.replace('_', "-");
    let arg = SUBCOMMAND.get().and_then(|c| {
        c.get_arguments()
            .find(|a| a.get_long() == Some(long.as_str()) || a.get_id() == name)
    });
    match arg {
        Some(a) if a.get_long().is_some() => format!("--{}", a.get_long().unwrap_or(name)),
        Some(a) => a
            .get_value_names()
            .and_then(|v| v.first())
            .map_or_else(|| name.to_uppercase(), ToString::to_string),
        None => format!("`{path}`"),
    }
}

/// A refusal as the error the command line prints (`error: ` and its message with its
/// field as a flag, the quoted line and caret included), its warnings printed first so
/// none is lost.
pub fn refused(r: Refusal) -> anyhow::Error {
    output::warn_each(&r.warnings);
    let message = r.worded(flag_of);
    match r.hint {
        Some(hint) => anyhow!("{message}\nhint: {hint}"),
        None => anyhow!(message),
    }
}
