//! The command line over the command table: each subcommand lowers its flags into the
//! command's request, runs it here, and prints the answer as text or as the table's
//! JSON. Refusals keep their words; their warnings go to standard error first.

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

/// A refusal as the error the command line prints (`error: ` and its message, the
/// quoted line and caret included), its warnings printed first so none is lost.
pub fn refused(r: Refusal) -> anyhow::Error {
    output::warn_each(&r.warnings);
    match r.hint {
        Some(hint) => anyhow!("{}\nhint: {hint}", r.message),
        None => anyhow!(r.message),
    }
}
