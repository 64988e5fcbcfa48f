//! The server's caps on long runs as a client meets them: a run whose battles are only a
//! cap (a battle to a precision, a roster's fit) is refused naming the field that sets
//! the cap, and is answered once that field is within it.

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::{app, post, refused};

#[tokio::test]
async fn a_run_to_a_precision_names_the_field_that_caps_it() {
    for (path, body, field) in [
        (
            "/api/battle",
            r#"{"example": "pikes", "precision": 0.001}"#,
            "`trials`",
        ),
        ("/api/roster", r#"{"example": "pool"}"#, "`max_battles`"),
    ] {
        let e = refused(&app(), path, body, StatusCode::UNPROCESSABLE_ENTITY).await;
        let m = e["error"].as_str().unwrap();
        assert!(
            m.contains("--max-trials") && m.contains(field),
            "{path}: {m}"
        );
    }
    // A roster under the cap is priced, as the playground's tab asks.
    let (status, text) = post(
        &app(),
        "/api/roster",
        json!({"example": "pool", "max_battles": 150000, "precision": 0.2, "trials": 100}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let a: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(a["complete"], true, "{a}");
}
