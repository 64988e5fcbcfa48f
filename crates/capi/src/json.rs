//! The first layer: the command table as JSON in and JSON out, as every front end drives
//! it.

use std::ffi::c_char;

use fray_commands::call::{Origin, Style, call};
use fray_commands::{Answered, Context, Refusal, envelope};

use crate::boundary::{Failure, Working, entry, handed_out, pointer_output, text};

/// Runs the command `command` (`"battle"`, `"check"`, ...: `fray`'s subcommands) on
/// `request_json`, its request as JSON (`"{}"` or `""` for its defaults), and sets
/// `*answer_json` to a new string: on `FRAY_STATUS_OK` what `fray COMMAND --json` prints,
/// on `FRAY_STATUS_REFUSED` the refusal as JSON (`{"error": ..., "line": ..., ...}`).
/// Free it with `fray_free_string`. On any other status `*answer_json` is null.
///
/// A long command (a battle, a sweep) runs to its end on the calling thread, on as many
/// worker threads as its request's `threads` asks (0: every core); they are told to stop
/// before this returns and end a moment after.
///
/// # Safety
/// `command` and `request_json` are null or NUL-terminated strings; `answer_json` is null
/// or points to a `char *` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_call(
    command: *const c_char,
    request_json: *const c_char,
    answer_json: *mut *mut c_char,
) -> crate::FrayStatus {
    // SAFETY: the caller's contract.
    unsafe {
        call_with(
            command,
            request_json,
            answer_json,
            "answer_json",
            |a| a.answer,
            |r| envelope::refusal(r).to_string(),
        )
    }
}

/// The call both entry points make: the arguments read at the boundary, the command
/// run (its worker threads' panics kept quiet, as any call's), and the text handed out
/// into `out`: `answered`'s of the answer, or `refused`'s of the refusal.
unsafe fn call_with(
    command: *const c_char,
    request_json: *const c_char,
    out: *mut *mut c_char,
    out_name: &str,
    answered: impl FnOnce(Answered<String>) -> String,
    refused: impl FnOnce(&Refusal) -> String,
) -> crate::FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract on every argument.
        let (out, name, request) = unsafe {
            (
                pointer_output(out, out_name)?,
                text(command, "command")?,
                text(request_json, "request_json")?,
            )
        };
        let working = Working::start();
        let outcome = call(
            name,
            request.as_bytes(),
            Origin::Body,
            &[],
            Style::Pretty,
            &Context::quiet(),
        );
        drop(working);
        match outcome {
            Ok(a) => {
                out.set(handed_out(answered(a)));
                Ok(())
            }
            Err(r) => {
                out.set(handed_out(refused(&r)));
                Err(Failure::from(r))
            }
        }
    })
}

/// [`fray_call`], with the whole outcome in `*envelope_json` (free it with
/// `fray_free_string`): `{"answer": TEXT, "warnings": [...], "notes": [...]}` on
/// `FRAY_STATUS_OK`, `TEXT` being what `fray COMMAND --json` prints, or `{"refusal":
/// {...}}` on `FRAY_STATUS_REFUSED`: the envelope of the WebAssembly build. A game shows
/// the warnings beside the answer (a probable typo: `fyre` read as a damage type of its
/// own, "did you mean `fire`?"); `"strict": true` in the request refuses it instead.
/// On any other status `*envelope_json` is null.
///
/// # Safety
/// As [`fray_call`]'s.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_call_envelope(
    command: *const c_char,
    request_json: *const c_char,
    envelope_json: *mut *mut c_char,
) -> crate::FrayStatus {
    // SAFETY: the caller's contract.
    unsafe {
        call_with(
            command,
            request_json,
            envelope_json,
            "envelope_json",
            |a| envelope::answer(a).to_string(),
            |r| envelope::refused(r).to_string(),
        )
    }
}
