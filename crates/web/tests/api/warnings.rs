//! Warnings beside an answer: in the `fray-warnings` header, the body staying exactly
//! what `--json` prints; and `strict`, which refuses a request that would warn.

use axum::http::StatusCode;
use serde_json::json;

use super::{app, call, post, refused};

#[tokio::test]
async fn warnings_and_notes_travel_in_a_header_beside_the_answer() {
    let app = app();
    let (s, warnings, _) = call(
        &app,
        "POST",
        "/api/damage",
        json!({"amount": 5, "types": ["fier"]}).to_string(),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let w: Vec<String> = serde_json::from_str(&warnings.expect("a typo warns")).unwrap();
    assert!(w.iter().any(|w| w.contains("fire")), "{w:?}");
    let (_, notes, _) = call(
        &app,
        "POST",
        "/api/battle",
        json!({"example": "minions", "seed": 3}).to_string(),
    )
    .await;
    assert!(notes.expect("a note").contains("no effect"));
}

#[tokio::test]
async fn strict_refuses_a_request_that_warns_quick_or_long() {
    let app = app();
    let e = refused(
        &app,
        "/api/damage",
        json!({"amount": 5, "types": ["fier"], "strict": true}).to_string(),
        StatusCode::BAD_REQUEST,
    )
    .await;
    let error = e["error"].as_str().unwrap();
    assert!(
        error.contains("strict") && error.contains("fire"),
        "{error}"
    );
    // Without a warning, strict changes nothing.
    let (s, text) = post(
        &app,
        "/api/damage",
        json!({"amount": 5, "types": ["fire"], "strict": true}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{text}");
    // A note (an override with no effect) is not a warning: a long run goes on.
    let (s, text) = post(
        &app,
        "/api/battle",
        json!({"example": "minions", "seed": 3, "strict": true}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{text}");
    // `strict` is true or false, nothing else.
    let e = refused(
        &app,
        "/api/damage",
        json!({"amount": 5, "strict": "yes"}).to_string(),
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("`strict` must be true or false"),
        "{e}"
    );
}
