//! The rules every entry of the interface keeps: a status for every call, the message of
//! this thread's last failure, no panic let through, no pointer trusted before it is
//! checked, and every string and handle handed out taken back by its own `fray_free_*`.

use std::cell::{Cell, RefCell};
use std::ffi::{CStr, CString, c_char};
use std::panic::{AssertUnwindSafe, PanicHookInfo, catch_unwind};
use std::ptr::NonNull;
use std::sync::Once;
use std::sync::atomic::{AtomicUsize, Ordering};

use fray::request::Refusal;

/// What every function of fray's C interface returns.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrayStatus {
    /// Done: the outputs are set.
    Ok = 0,
    /// fray refused the input (a bad request, profile, stat block or dice; an unknown
    /// command): `fray_last_error` says what and where. `fray_call` also sets its
    /// answer to the refusal as JSON.
    Refused = 1,
    /// A pointer that may not be null was null. Pointer outputs are set to null.
    Null = 2,
    /// A string was not UTF-8. Pointer outputs are set to null.
    BadUtf8 = 3,
    /// fray failed inside (a bug, caught before it reached the caller, and printed
    /// nowhere): `fray_last_error` says what and where; pointer outputs are set to null.
    Panic = 4,
}

thread_local! {
    /// The message of this thread's last failed call, whole and on one line.
    static LAST_ERROR: RefCell<Option<(CString, CString)>> = const { RefCell::new(None) };
    /// How many calls of the interface this thread is inside (a callback may call again).
    static INSIDE: Cell<usize> = const { Cell::new(0) };
    /// Where this thread's last silenced panic happened: its message says where.
    static PANICKED_AT: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Calls running worker threads now (a battle, a sweep): a panic on one of those threads
/// (unnamed, as rayon's are) reaches the caller through its call, so it is not printed
/// either. A named thread (`main`, a Rust host's test) always has its panics printed.
static WORKING: AtomicUsize = AtomicUsize::new(0);

/// Installs, once, the panic hook that keeps fray's panics off standard error (a message
/// there corrupts a curses screen): one caught at the boundary is told by its status and
/// `fray_last_error`. Any other panic goes to the hook there was before.
fn silence_caught_panics() {
    static ONCE: Once = Once::new();
    if std::thread::panicking() {
        return; // no hook can be set now; a later call sets it
    }
    ONCE.call_once(|| {
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info: &PanicHookInfo<'_>| {
            let inside = INSIDE.try_with(Cell::get).unwrap_or(0) > 0;
            let worker =
                WORKING.load(Ordering::SeqCst) > 0 && std::thread::current().name().is_none();
            if !inside && !worker {
                return before(info);
            }
            let at = info.location().map(|l| l.to_string());
            let _ = PANICKED_AT.try_with(|p| *p.borrow_mut() = at);
        }));
    });
}

/// Marks a call that runs worker threads, for as long as it lives.
pub(crate) struct Working(());

impl Working {
    pub(crate) fn start() -> Self {
        silence_caught_panics();
        WORKING.fetch_add(1, Ordering::SeqCst);
        Working(())
    }
}

impl Drop for Working {
    fn drop(&mut self) {
        WORKING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A panic's payload that is a refusal, not a bug: raised where a `Result` cannot go
/// (inside a roll, when the game's die returns a number out of range).
pub(crate) struct RefusedInside(pub(crate) String);

/// Why a call failed: its status and its message.
#[derive(Debug)]
pub(crate) struct Failure {
    status: FrayStatus,
    message: String,
    /// The message for one line of a game's message window, when it is not the message
    /// with its line breaks replaced.
    line: Option<String>,
}

impl Failure {
    pub(crate) fn new(status: FrayStatus, message: impl Into<String>) -> Self {
        Self {
            status,
            message: message.into(),
            line: None,
        }
    }

    /// An input fray refused.
    pub(crate) fn refused(message: impl Into<String>) -> Self {
        Self::new(FrayStatus::Refused, message)
    }
}

/// A refusal of the library, worded as every front end words it (with its hint).
impl From<Refusal> for Failure {
    fn from(r: Refusal) -> Self {
        // The one-line form leaves out the quoted line and its caret (`  | `), which
        // the place in the words already names.
        // Its field named as the request's JSON names it (`` `trials` ``).
        let full = r.to_string();
        let words = full.lines().filter(|l| !l.starts_with("  | "));
        let mut line = one_line(&words.collect::<Vec<_>>().join("\n"));
        let message = match r.hint {
            Some(hint) => {
                line = format!("{line} ({})", one_line(&hint));
                format!("{full} ({hint})")
            }
            None => full,
        };
        Self {
            line: Some(line),
            ..Self::refused(message)
        }
    }
}

/// `text` on one line: each line trimmed, the empty ones left out, joined by spaces.
fn one_line(text: &str) -> String {
    let lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    lines.collect::<Vec<_>>().join(" ")
}

/// Runs one entry of the interface: a panic inside is caught and told, the thread's last
/// error is set (or cleared on success).
pub(crate) fn entry(work: impl FnOnce() -> Result<(), Failure>) -> FrayStatus {
    silence_caught_panics();
    let _ = PANICKED_AT.try_with(|p| p.borrow_mut().take());
    let _ = INSIDE.try_with(|n| n.set(n.get() + 1));
    let caught = catch_unwind(AssertUnwindSafe(work));
    let _ = INSIDE.try_with(|n| n.set(n.get() - 1));
    let (status, message) = match caught {
        Ok(Ok(())) => (FrayStatus::Ok, None),
        Ok(Err(f)) => {
            let line = f.line.unwrap_or_else(|| one_line(&f.message));
            (f.status, Some((f.message, line)))
        }
        Err(panic) if panic.is::<RefusedInside>() => {
            let message = panic
                .downcast::<RefusedInside>()
                .map_or_else(|_| String::new(), |r| r.0);
            let line = one_line(&message);
            (FrayStatus::Refused, Some((message, line)))
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_string());
            let at = PANICKED_AT
                .try_with(|p| p.borrow_mut().take())
                .ok()
                .flatten();
            let message = match at {
                Some(at) => format!("fray failed inside: {what}, at {at}"),
                None => format!("fray failed inside: {what}"),
            };
            let line = one_line(&message);
            (FrayStatus::Panic, Some((message, line)))
        }
    };
    // `try_with`: during a thread's teardown the message is lost rather than a panic
    // raised where nothing can catch it.
    let c = |m: String| CString::new(m.replace('\0', " ")).unwrap_or_default();
    let _ = LAST_ERROR.try_with(|e| {
        *e.borrow_mut() = message.map(|(m, line)| (c(m), c(line)));
    });
    status
}

/// Where a test build may panic on purpose: in every check of an input and before a
/// handle is handed out, after the pointer outputs are set to null (each entry sets them
/// first), so that a test sees what a caller would after a real panic in the work.
fn checkpoint() {
    #[cfg(test)]
    crate::tests::panic_if_asked();
}

/// A C string argument as UTF-8, or the failure naming it.
///
/// # Safety
/// `p` is null or points to a NUL-terminated string.
pub(crate) unsafe fn text<'a>(p: *const c_char, what: &str) -> Result<&'a str, Failure> {
    checkpoint();
    if p.is_null() {
        return Err(null(what));
    }
    // SAFETY: not null, and NUL-terminated by the caller's contract.
    let bytes = unsafe { CStr::from_ptr(p) };
    bytes
        .to_str()
        .map_err(|e| Failure::new(FrayStatus::BadUtf8, format!("{what} is not UTF-8: {e}")))
}

fn null(what: &str) -> Failure {
    Failure::new(FrayStatus::Null, format!("{what} is a null pointer"))
}

/// A string handed out to the caller (fray's texts hold no NUL byte; one would be
/// replaced rather than cut the text short).
pub(crate) fn handed_out(s: String) -> *mut c_char {
    let s = if s.contains('\0') {
        s.replace('\0', " ")
    } else {
        s
    };
    CString::new(s).map_or(std::ptr::null_mut(), CString::into_raw)
}

/// An output the caller gives, checked not null. It is written with [`Out::set`] and
/// never read: callers pass uninitialised memory, so no reference to it is made.
pub(crate) struct Out<T>(NonNull<T>);

impl<T> Out<T> {
    pub(crate) fn set(&self, value: T) {
        // SAFETY: not null, and writable for a `T` by the caller's contract.
        unsafe { self.0.as_ptr().write(value) }
    }
}

/// An output the caller gives: checked not null.
///
/// # Safety
/// `p` is null or points to memory for a `T` the call may write.
pub(crate) unsafe fn output<T>(p: *mut T, what: &str) -> Result<Out<T>, Failure> {
    checkpoint();
    NonNull::new(p).map(Out).ok_or_else(|| null(what))
}

/// A pointer output (a handle or a string): checked not null and set to null at once, so
/// that it is null on every failure.
///
/// # Safety
/// `p` is null or points to memory for a pointer the call may write.
pub(crate) unsafe fn pointer_output<T>(p: *mut *mut T, what: &str) -> Result<Out<*mut T>, Failure> {
    let out = NonNull::new(p).map(Out).ok_or_else(|| null(what))?;
    out.set(std::ptr::null_mut());
    Ok(out)
}

/// An optional text output (a trace, warnings): null when the caller does not want it;
/// otherwise set to null at once.
///
/// # Safety
/// `p` is null or points to memory for a `char *` the call may write.
pub(crate) unsafe fn optional_text(p: *mut *mut c_char) -> Option<Out<*mut c_char>> {
    let out = NonNull::new(p).map(Out);
    if let Some(out) = &out {
        out.set(std::ptr::null_mut());
    }
    out
}

/// Warnings (probable typos) into an optional output: one a line, or null when none.
pub(crate) fn warn(out: Option<Out<*mut c_char>>, warnings: &[String]) {
    if let Some(out) = out
        && !warnings.is_empty()
    {
        out.set(handed_out(warnings.join("\n")));
    }
}

/// A handle the caller gives, to read.
///
/// # Safety
/// `p` is null or a live handle of this type that fray handed out.
pub(crate) unsafe fn handle<'a, T>(p: *const T, what: &str) -> Result<&'a T, Failure> {
    checkpoint();
    // SAFETY: the caller's contract.
    unsafe { p.as_ref() }.ok_or_else(|| null(what))
}

/// A handle the caller gives, to change (no other thread may use it meanwhile).
///
/// # Safety
/// `p` is null or a live handle of this type that fray handed out, used by this thread
/// alone during the call.
pub(crate) unsafe fn handle_mut<'a, T>(p: *mut T, what: &str) -> Result<&'a mut T, Failure> {
    checkpoint();
    // SAFETY: the caller's contract.
    unsafe { p.as_mut() }.ok_or_else(|| null(what))
}

/// Hands a new handle out through `out`.
pub(crate) fn give<T>(out: Out<*mut T>, value: T) {
    checkpoint();
    out.set(Box::into_raw(Box::new(value)));
}

/// Takes back a handle fray handed out and drops it; null is ignored.
///
/// # Safety
/// `p` is null or a handle of this type fray handed out and not yet freed.
pub(crate) unsafe fn take_back<T>(p: *mut T) {
    if !p.is_null() {
        // SAFETY: made by `give` (Box::into_raw), freed once by the contract.
        drop(unsafe { Box::from_raw(p) });
    }
}

/// Frees a string fray handed out (an answer, a trace, an explanation). Null is ignored.
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
    LAST_ERROR
        .try_with(|e| {
            e.borrow()
                .as_ref()
                .map_or(std::ptr::null(), |m| m.0.as_ptr())
        })
        .unwrap_or(std::ptr::null())
}

/// `fray_last_error()` on one line, for a game's message window: the same words without
/// the quoted input line and its caret, with no line break. Null after a call that
/// succeeded; owned by fray, valid until this thread's next call.
#[unsafe(no_mangle)]
pub extern "C" fn fray_last_error_line() -> *const c_char {
    LAST_ERROR
        .try_with(|e| {
            e.borrow()
                .as_ref()
                .map_or(std::ptr::null(), |m| m.1.as_ptr())
        })
        .unwrap_or(std::ptr::null())
}
