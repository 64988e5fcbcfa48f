//! fray in a browser: the command table compiled to WebAssembly, with no JavaScript
//! glue generator. The module exports a handful of C-ABI functions that take JSON and
//! give JSON (the [`fray_commands::envelope`] of each command), and imports one
//! function of its own, `fray.progress(done)`, called as a long run finishes chunks.
//! The page's `fray.js` loads it in a Web Worker and lends it the WASI functions Rust's
//! standard library asks for (`docs/playground.md`).
//!
//! Built for `wasm32-wasip1`: on that target the chart library lays out text with the
//! same estimate as the command line (on `wasm32-unknown-unknown` it measures text in
//! the page's DOM, which a Worker has none of), so reports match the command line's
//! byte for byte.
//!
//! The calling convention, for any host:
//! 1. `fray_alloc(len)` gives a buffer; the host writes a command's name or request
//!    there (UTF-8) and passes pointer and length to a call, which frees nothing.
//! 2. A call (`fray_call`, `fray_cost`, `fray_commands`, `fray_examples`,
//!    `fray_roster_examples`) returns the length of its outcome, a JSON text that
//!    `fray_outcome()` points to until the next call. The host copies it out.
//! 3. `fray_free(ptr, len)` gives back what `fray_alloc` gave.
//!
//! ```
//! // The same functions, called natively as a host would.
//! let name = b"check";
//! let request = br#"{"rung": "3/6"}"#;
//! let len = unsafe {
//!     fray_wasm::fray_call(name.as_ptr(), name.len(), request.as_ptr(), request.len(), 0)
//! };
//! let out = unsafe { std::slice::from_raw_parts(fray_wasm::fray_outcome(), len) };
//! let v: serde_json::Value = serde_json::from_slice(out).unwrap();
//! assert!(v["answer"].as_str().unwrap().contains("p_success"));
//! ```

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;

use fray_commands::chunks::envelope as chunks;
use fray_commands::{Context, envelope};

thread_local! {
    /// The last call's outcome, kept until the next call so the host can copy it.
    static OUTCOME: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Never set: a run in a Worker is stopped by ending the Worker (nothing can reach
/// a flag inside a Worker that is busy running).
static NEVER: AtomicBool = AtomicBool::new(false);

#[cfg(target_family = "wasm")]
mod host {
    #[link(wasm_import_module = "fray")]
    unsafe extern "C" {
        /// Tells the page how many units of the run are done (battles, or points).
        pub safe fn progress(done: f64);
    }
}

#[cfg(not(target_family = "wasm"))]
mod host {
    /// Natively there is no page to tell.
    pub fn progress(_done: f64) {}
}

/// Keeps `text` as the outcome and returns its length.
fn keep(text: String) -> usize {
    OUTCOME.with(|o| {
        let mut o = o.borrow_mut();
        *o = text;
        o.len()
    })
}

/// # Safety
/// `ptr` and `len` must describe `len` readable bytes (a buffer from [`fray_alloc`]).
unsafe fn bytes<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if len == 0 {
        &[]
    } else {
        // SAFETY: the caller gives a live buffer of `len` bytes.
        unsafe { std::slice::from_raw_parts(ptr, len) }
    }
}

/// A buffer of `len` bytes for the host to write into; give it back with [`fray_free`].
#[unsafe(no_mangle)]
pub extern "C" fn fray_alloc(len: usize) -> *mut u8 {
    let mut buffer = Vec::<u8>::with_capacity(len);
    let ptr = buffer.as_mut_ptr();
    std::mem::forget(buffer);
    ptr
}

/// Gives back a buffer of [`fray_alloc`].
///
/// # Safety
/// `ptr` must come from `fray_alloc(len)`, with the same `len`, and not be used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_free(ptr: *mut u8, len: usize) {
    // SAFETY: a Vec of capacity `len` made this pointer; it is rebuilt empty and dropped.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len) });
}

/// Where the last call's outcome starts (its length is what the call returned).
#[unsafe(no_mangle)]
pub extern "C" fn fray_outcome() -> *const u8 {
    OUTCOME.with(|o| o.borrow().as_ptr())
}

/// Runs the command named by the first buffer on the request (JSON) in the second,
/// with its report page when `pages` is not 0: see [`envelope::call`].
///
/// # Safety
/// Each pointer and length must describe a readable buffer (see the crate's docs).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_call(
    name: *const u8,
    name_len: usize,
    request: *const u8,
    request_len: usize,
    pages: u32,
) -> usize {
    // SAFETY: the host's buffers, as this function's contract says.
    let (name, request) = unsafe { (bytes(name, name_len), bytes(request, request_len)) };
    let name = String::from_utf8_lossy(name);
    let progress = |done: u64| host::progress(done as f64);
    let cx = Context {
        cancel: &NEVER,
        progress: &progress,
    };
    keep(envelope::call(&name, request, pages != 0, &cx))
}

/// What the named command would cost on the request: see [`envelope::cost`].
///
/// # Safety
/// Each pointer and length must describe a readable buffer (see the crate's docs).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_cost(
    name: *const u8,
    name_len: usize,
    request: *const u8,
    request_len: usize,
) -> usize {
    // SAFETY: the host's buffers, as this function's contract says.
    let (name, request) = unsafe { (bytes(name, name_len), bytes(request, request_len)) };
    keep(envelope::cost(&String::from_utf8_lossy(name), request))
}

/// The command table: see [`envelope::commands`].
#[unsafe(no_mangle)]
pub extern "C" fn fray_commands() -> usize {
    keep(envelope::commands())
}

/// A battle sweep's plan: see [`fray_commands::chunks::envelope::plan`]. The page plays
/// a sweep in chunks so that a cancel, which can only come between two calls, keeps the
/// points finished.
///
/// # Safety
/// The pointer and length must describe a readable buffer (see the crate's docs).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_sweep_plan(request: *const u8, request_len: usize) -> usize {
    // SAFETY: the host's buffer, as this function's contract says.
    let request = unsafe { bytes(request, request_len) };
    keep(chunks::plan(request))
}

/// The sweep's points `start..end`: see [`fray_commands::chunks::envelope::points`].
///
/// # Safety
/// The pointer and length must describe a readable buffer (see the crate's docs).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_sweep_points(
    request: *const u8,
    request_len: usize,
    start: usize,
    end: usize,
) -> usize {
    // SAFETY: the host's buffer, as this function's contract says.
    let request = unsafe { bytes(request, request_len) };
    let progress = |done: u64| host::progress(done as f64);
    let cx = Context {
        cancel: &NEVER,
        progress: &progress,
    };
    keep(chunks::points(request, start, end, &cx))
}

/// The sweep's envelope from its chunks (a JSON list of texts), incomplete when they
/// hold fewer points than the sweep: see [`fray_commands::chunks::envelope::merged`].
///
/// # Safety
/// Each pointer and length must describe a readable buffer (see the crate's docs).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_sweep_merged(
    request: *const u8,
    request_len: usize,
    chunks: *const u8,
    chunks_len: usize,
    pages: u32,
) -> usize {
    // SAFETY: the host's buffers, as this function's contract says.
    let (request, chunks) = unsafe { (bytes(request, request_len), bytes(chunks, chunks_len)) };
    let progress = |done: u64| host::progress(done as f64);
    let cx = Context {
        cancel: &NEVER,
        progress: &progress,
    };
    keep(chunks::merged(request, chunks, pages != 0, &cx))
}
