//! `fray_call`: the command table's answers and refusals, byte for byte.

use fray_commands::Context;
use fray_commands::call::{Origin, Style};

use super::*;
use crate::*;

/// `fray_call(command, request)`: its status and its answer (freed here).
fn call(command: &str, request: &str) -> (FrayStatus, Option<String>) {
    let mut out = unset();
    // SAFETY: the arguments are this test's own strings.
    let status = unsafe { fray_call(c(command).as_ptr(), c(request).as_ptr(), &mut out) };
    (status, take(out))
}

#[test]
fn an_answer_is_the_command_lines_json() {
    let (status, text) = call("check", r#"{"rung": "3/6", "bonus": 1}"#);
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
    assert_eq!(call("types", "").0, FrayStatus::Ok);
}

#[test]
fn a_refusal_is_json_with_its_place_and_the_last_error() {
    let (status, text) = call("check", "{\n  \"rung\": 3}");
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
    let (status, text) = call("nope", "{}");
    assert_eq!(status, FrayStatus::Refused);
    assert!(text.unwrap().contains("no command `nope`"));
}

#[test]
fn a_refusal_names_its_field_by_path_in_the_requests_words() {
    // The field the command line calls `--trials`, as the request's JSON names it.
    let (status, text) = call("battle", r#"{"trials": 0}"#);
    assert_eq!(status, FrayStatus::Refused);
    let refusal: serde_json::Value = serde_json::from_str(&text.unwrap()).unwrap();
    assert_eq!(refusal["field"], "trials");
    assert_eq!(
        refusal["error"],
        "`trials`: expected a whole number from 1 to 100000000, got 0"
    );
    assert_eq!(last_error().as_deref(), refusal["error"].as_str());
}

/// `fray_call_envelope(command, request)`: its status and its envelope, parsed.
fn envelope(command: &str, request: &str) -> (FrayStatus, serde_json::Value) {
    let mut out = unset();
    // SAFETY: the arguments are this test's own strings.
    let status = unsafe { fray_call_envelope(c(command).as_ptr(), c(request).as_ptr(), &mut out) };
    (status, serde_json::from_str(&take(out).unwrap()).unwrap())
}

#[test]
fn the_envelope_carries_the_warnings_and_strict_refuses_them() {
    let request = r#"{"amount": "17", "types": ["fyre"], "vs": "Resist 9 Fire"}"#;
    let (status, v) = envelope("damage", request);
    assert_eq!(status, FrayStatus::Ok);
    let warnings = v["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1);
    assert!(
        warnings[0]
            .as_str()
            .unwrap()
            .contains("did you mean `fire`")
    );
    assert_eq!(v["answer"].as_str(), call("damage", request).1.as_deref());
    let strict = r#"{"amount": "17", "types": ["fyre"], "vs": "Resist 9 Fire", "strict": true}"#;
    let (status, v) = envelope("damage", strict);
    assert_eq!(status, FrayStatus::Refused);
    let error = v["refusal"]["error"].as_str().unwrap();
    assert!(
        error.contains("strict") && error.contains("did you mean `fire`"),
        "{error}"
    );
    assert_eq!(call("damage", strict).0, FrayStatus::Refused);
}
