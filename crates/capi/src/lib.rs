//! fray's C interface: what a game written in C (a NetHack variant, say), or any language
//! that calls C, links to. `include/fray.h` is generated from this crate by cbindgen.
//!
//! This first layer is the command table as JSON: [`fray_call`] takes a command's name and
//! its request (the JSON `POST /api/NAME` takes) and gives what `fray NAME --json`
//! prints, or the refusal as the JSON every front end gives (`error`, `line`, `column`,
//! `width`, `source`, `hint`, `warnings`).
//!
//! The rules of the boundary, stated in the header and tested:
//! - no panic crosses it: every function that returns a status catches one and returns
//!   [`FrayStatus::Panic`];
//! - a null pointer where a string is wanted is [`FrayStatus::Null`], a string that is
//!   not UTF-8 is [`FrayStatus::BadUtf8`]; the output is then set to null;
//! - every string fray hands out is freed with [`fray_free_string`], once;
//! - any function may run on several threads at once; [`fray_last_error`] is per thread.
//!
//! ```
//! use std::ffi::{CStr, CString};
//! use fray_c::{FrayStatus, fray_call, fray_free_string};
//! let (name, request) = (CString::new("check").unwrap(), CString::new(r#"{"rung": "3/6"}"#).unwrap());
//! let mut answer = std::ptr::null_mut();
//! let status = unsafe { fray_call(name.as_ptr(), request.as_ptr(), &mut answer) };
//! assert_eq!(status, FrayStatus::Ok);
//! let text = unsafe { CStr::from_ptr(answer) }.to_str().unwrap();
//! assert!(text.contains("\"p_success\": 0.5"));
//! unsafe { fray_free_string(answer) };
//! ```

use std::cell::RefCell;
use std::ffi::{CStr, CString, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};

use fray_commands::call::{Origin, Style, call};
use fray_commands::{Context, envelope};

/// What every function of fray's C interface returns.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrayStatus {
    /// Done: the output is set.
    Ok = 0,
    /// fray refused the input (a bad request, an unknown command): the output holds the
    /// refusal as JSON, and `fray_last_error` its message.
    Refused = 1,
    /// A pointer that may not be null was null. The output, if there is one, is null.
    Null = 2,
    /// A string was not UTF-8. The output, if there is one, is null.
    BadUtf8 = 3,
    /// fray failed inside (a bug, caught before it reached the caller): `fray_last_error`
    /// says what; the output, if there is one, is null.
    Panic = 4,
}

thread_local! {
    /// The message of this thread's last failed call.
    static LAST_ERROR: RefCell<Option<CString>> = const { RefCell::new(None) };
}

/// Why a call failed: its status and its message.
struct Failure {
    status: FrayStatus,
    message: String,
}

impl Failure {
    fn new(status: FrayStatus, message: impl Into<String>) -> Self {
        Self {
            status,
            message: message.into(),
        }
    }
}

/// Runs one entry of the interface: a panic inside is caught and told, the thread's last
/// error is set (or cleared on success).
fn entry(work: impl FnOnce() -> Result<FrayStatus, Failure>) -> FrayStatus {
    let (status, message) = match catch_unwind(AssertUnwindSafe(work)) {
        Ok(Ok(status)) => (status, None),
        Ok(Err(f)) => (f.status, Some(f.message)),
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_string());
            (
                FrayStatus::Panic,
                Some(format!("fray failed inside: {what}")),
            )
        }
    };
    LAST_ERROR.with(|e| {
        *e.borrow_mut() = message.map(|m| CString::new(m.replace('\0', " ")).unwrap_or_default());
    });
    status
}

/// A C string argument as UTF-8, or the failure naming it.
///
/// # Safety
/// `p` is null or points to a NUL-terminated string.
unsafe fn text<'a>(p: *const c_char, what: &str) -> Result<&'a str, Failure> {
    if p.is_null() {
        return Err(Failure::new(
            FrayStatus::Null,
            format!("{what} is a null pointer"),
        ));
    }
    // SAFETY: not null, and NUL-terminated by the caller's contract.
    let bytes = unsafe { CStr::from_ptr(p) };
    bytes
        .to_str()
        .map_err(|e| Failure::new(FrayStatus::BadUtf8, format!("{what} is not UTF-8: {e}")))
}

/// A string handed out to the caller (JSON never holds a NUL byte: it escapes them).
fn handed_out(s: String) -> *mut c_char {
    CString::new(s).map_or(std::ptr::null_mut(), CString::into_raw)
}

/// Runs the command `command` (`"battle"`, `"check"`, ...: `fray`'s subcommands) on
/// `request_json`, its request as JSON (`"{}"` or `""` for its defaults), and sets
/// `*answer_json` to a new string: on `FRAY_STATUS_OK` what `fray COMMAND --json` prints,
/// on `FRAY_STATUS_REFUSED` the refusal as JSON (`{"error": ..., "line": ..., ...}`).
/// Free it with `fray_free_string`. On any other status `*answer_json` is null.
///
/// A long command (a battle, a sweep) runs to its end on the calling thread, on as many
/// threads as its request's `threads` asks (0: every core).
///
/// # Safety
/// `command` and `request_json` are null or NUL-terminated strings; `answer_json` is null
/// or points to a `char *` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_call(
    command: *const c_char,
    request_json: *const c_char,
    answer_json: *mut *mut c_char,
) -> FrayStatus {
    entry(|| {
        if answer_json.is_null() {
            return Err(Failure::new(
                FrayStatus::Null,
                "answer_json is a null pointer",
            ));
        }
        // SAFETY: not null, writable by the caller's contract.
        unsafe { *answer_json = std::ptr::null_mut() };
        // SAFETY: the caller's contract on both strings.
        let (name, request) = unsafe {
            (
                text(command, "command")?,
                text(request_json, "request_json")?,
            )
        };
        #[cfg(test)]
        if name == tests::PANIC {
            panic!("the test build's forced panic");
        }
        let answered = call(
            name,
            request.as_bytes(),
            Origin::Body,
            &[],
            Style::Pretty,
            &Context::quiet(),
        );
        match answered {
            Ok(answered) => {
                // SAFETY: as above.
                unsafe { *answer_json = handed_out(answered.answer) };
                Ok(FrayStatus::Ok)
            }
            Err(r) => {
                // SAFETY: as above.
                unsafe { *answer_json = handed_out(envelope::refusal(&r).to_string()) };
                Err(Failure::new(FrayStatus::Refused, r.message))
            }
        }
    })
}

/// Frees a string fray handed out (an answer of `fray_call`). Null is ignored.
///
/// # Safety
/// `s` is null or a string fray handed out and not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_free_string(s: *mut c_char) {
    if !s.is_null() {
        // SAFETY: made by CString::into_raw in this crate, freed once by the contract.
        drop(unsafe { CString::from_raw(s) });
    }
}

/// The message of the last call on this thread that did not return `FRAY_STATUS_OK`, or
/// null after one that did. Owned by fray: valid until this thread's next call.
#[unsafe(no_mangle)]
pub extern "C" fn fray_last_error() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ref().map_or(std::ptr::null(), |m| m.as_ptr()))
}

#[cfg(test)]
mod tests;
