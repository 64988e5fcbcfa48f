//! Every entry's error paths, called as C calls them: null pointers, strings that are not
//! UTF-8, a refused input, and a panic forced in this test build.

use std::ffi::{CStr, CString, c_char};

use super::*;

/// The command name that panics inside `fray_call`, in test builds only.
pub(crate) const PANIC: &str = "__panic__";

fn c(s: &str) -> CString {
    CString::new(s).unwrap()
}

fn last_error() -> Option<String> {
    let p = fray_last_error();
    // SAFETY: fray's own string, valid until the next call on this thread.
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string())
}

/// `fray_call(command, request)`: its status and its answer (freed here).
fn call(command: *const c_char, request: *const c_char) -> (FrayStatus, Option<String>) {
    let mut out = std::ptr::NonNull::<c_char>::dangling().as_ptr();
    // SAFETY: the arguments are the tests' own strings or null.
    let status = unsafe { fray_call(command, request, &mut out) };
    let text = (!out.is_null()).then(|| {
        // SAFETY: fray handed it out.
        let t = unsafe { CStr::from_ptr(out) }.to_str().unwrap().to_string();
        unsafe { fray_free_string(out) };
        t
    });
    (status, text)
}

#[test]
fn an_answer_is_the_command_lines_json() {
    let (name, request) = (c("check"), c(r#"{"rung": "3/6", "bonus": 1}"#));
    let (status, text) = call(name.as_ptr(), request.as_ptr());
    assert_eq!(status, FrayStatus::Ok);
    let direct = fray_commands::call::call(
        "check",
        br#"{"rung": "3/6", "bonus": 1}"#,
        Origin::Body,
        &[],
        Style::Pretty,
        &Context::quiet(),
    )
    .unwrap();
    assert_eq!(text.unwrap(), direct.answer);
    assert_eq!(last_error(), None);
    // An empty request is the command's defaults.
    let (status, _) = call(c("types").as_ptr(), c("").as_ptr());
    assert_eq!(status, FrayStatus::Ok);
}

#[test]
fn a_refusal_is_json_with_its_place_and_the_last_error() {
    let (status, text) = call(c("check").as_ptr(), c("{\n  \"rung\": 3}").as_ptr());
    assert_eq!(status, FrayStatus::Refused);
    let refusal: serde_json::Value = serde_json::from_str(&text.unwrap()).unwrap();
    assert_eq!(refusal["line"], 2);
    assert!(
        refusal["error"]
            .as_str()
            .unwrap()
            .contains("`rung` must be a string")
    );
    assert_eq!(last_error().as_deref(), refusal["error"].as_str());
    let (status, text) = call(c("nope").as_ptr(), c("{}").as_ptr());
    assert_eq!(status, FrayStatus::Refused);
    assert!(text.unwrap().contains("no command `nope`"));
}

#[test]
fn null_pointers_are_refused_and_the_output_nulled() {
    let request = c("{}");
    let (status, text) = call(std::ptr::null(), request.as_ptr());
    assert_eq!((status, text), (FrayStatus::Null, None));
    assert_eq!(last_error().as_deref(), Some("command is a null pointer"));
    let (status, text) = call(c("check").as_ptr(), std::ptr::null());
    assert_eq!((status, text), (FrayStatus::Null, None));
    // SAFETY: a null output pointer is refused before anything is written.
    let status = unsafe { fray_call(c("check").as_ptr(), request.as_ptr(), std::ptr::null_mut()) };
    assert_eq!(status, FrayStatus::Null);
    // Freeing null is nothing.
    unsafe { fray_free_string(std::ptr::null_mut()) };
}

#[test]
fn strings_that_are_not_utf8_are_refused() {
    let bad = CString::new(vec![b'c', 0xff, b'k']).unwrap();
    let (status, text) = call(bad.as_ptr(), c("{}").as_ptr());
    assert_eq!((status, text), (FrayStatus::BadUtf8, None));
    assert!(last_error().unwrap().starts_with("command is not UTF-8"));
    let (status, _) = call(c("check").as_ptr(), bad.as_ptr());
    assert_eq!(status, FrayStatus::BadUtf8);
}

#[test]
fn a_panic_inside_is_caught_and_told() {
    let (status, text) = call(c(PANIC).as_ptr(), c("{}").as_ptr());
    assert_eq!((status, text), (FrayStatus::Panic, None));
    assert_eq!(
        last_error().as_deref(),
        Some("fray failed inside: the test build's forced panic")
    );
    // fray answers after it.
    assert_eq!(
        call(c("types").as_ptr(), c("{}").as_ptr()).0,
        FrayStatus::Ok
    );
    assert_eq!(last_error(), None);
}

#[test]
fn the_last_error_is_each_threads_own() {
    let (status, _) = call(c("nope").as_ptr(), c("{}").as_ptr());
    assert_eq!(status, FrayStatus::Refused);
    let other = std::thread::spawn(|| {
        let (status, _) = call(c("types").as_ptr(), c("{}").as_ptr());
        (status, last_error())
    })
    .join()
    .unwrap();
    assert_eq!(other, (FrayStatus::Ok, None));
    assert!(last_error().unwrap().contains("no command `nope`"));
}
