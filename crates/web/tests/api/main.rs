//! The API as a client sees it: every endpoint with good and bad input, the caps, the
//! run limit, streaming, cancellation when the client leaves, and the server still
//! answering after every refusal.

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use fray_web::{Limits, router};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

mod caps;
mod guard;
mod runs;
mod warnings;

/// One request through the whole application: status, `fray-warnings` and body.
async fn call(
    app: &Router,
    method: &str,
    path: &str,
    body: impl Into<Body>,
) -> (StatusCode, Option<String>, String) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(body.into())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let warnings = response
        .headers()
        .get("fray-warnings")
        .map(|v| v.to_str().unwrap().to_string());
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, warnings, String::from_utf8(bytes.to_vec()).unwrap())
}

async fn post(app: &Router, path: &str, body: Value) -> (StatusCode, String) {
    let (status, _, text) = call(app, "POST", path, body.to_string()).await;
    (status, text)
}

/// A refusal's JSON, after checking its status.
async fn refused(app: &Router, path: &str, body: impl Into<Body>, status: StatusCode) -> Value {
    let (got, _, text) = call(app, "POST", path, body).await;
    assert_eq!(got, status, "{text}");
    serde_json::from_str(&text).unwrap()
}

fn app() -> Router {
    router(Limits::default(), None)
}

/// `GET path`: its status, headers and body's bytes.
async fn get(app: &Router, path: &str) -> (StatusCode, axum::http::HeaderMap, Vec<u8>) {
    let request = Request::builder().uri(path).body(Body::empty()).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes();
    (parts.status, parts.headers, bytes.to_vec())
}

/// The answer of `path` for `body` is the library's answer for the same request.
async fn same_as_library<A: serde::Serialize>(app: &Router, path: &str, body: Value, answer: A) {
    let (status, text) = post(app, path, body).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    // The same text, in the struct's order or (as most commands print it) through a
    // `Value`, keys sorted; which one each command prints is checked against the
    // command's own output in crates/cli/tests/cli.rs.
    let direct = fray_lab::answer::json_text(&answer).unwrap();
    let sorted = fray_lab::answer::json_text(&serde_json::to_value(&answer).unwrap()).unwrap();
    assert!(text == direct || text == sorted, "{path}: {text}");
}

#[tokio::test]
async fn every_command_answers_what_its_json_prints() {
    use fray::conditions::request::EncounterRequest;
    use fray::damage::request::DamageRequest;
    use fray::evasion::request::{
        AppraiseRequest, EvasionDamageRequest, TableRequest, ToHitRequest,
    };
    use fray::minions::request::MinionsRequest;
    use fray::pool::request::{CheckRequest, MassBattleRequest, SidesRequest};
    let app = app();
    macro_rules! check {
        ($path:expr, $ty:ty, $body:expr, |$r:ident| $run:expr) => {{
            let body = $body;
            let $r: $ty = serde_json::from_value(body.clone()).unwrap();
            same_as_library(&app, $path, body, $run).await;
        }};
    }
    let file = |p: &str| {
        std::fs::read_to_string(format!("{}/../../{p}", env!("CARGO_MANIFEST_DIR"))).unwrap()
    };
    check!(
        "/api/damage",
        DamageRequest,
        json!({"amount": 17, "types": ["fire", "cold"], "vs": "Resist Fire; Vulnerable 5 Cold"}),
        |r| r.validate().unwrap().run()
    );
    check!(
        "/api/damage",
        DamageRequest,
        json!({"amount": "2d6+3", "types": ["fire"], "vs": "Resist 5 Fire"}),
        |r| r.validate().unwrap().run()
    );
    check!(
        "/api/check",
        CheckRequest,
        json!({"rung": "3/6", "bonus": 2}),
        |r| r.validate().unwrap().run()
    );
    check!(
        "/api/sides",
        SidesRequest,
        json!({"a": "5x3/6+3b", "b": "7x4/6+1b"}),
        |r| r.validate().unwrap().run()
    );
    check!(
        "/api/mass-battle",
        MassBattleRequest,
        json!({"battle": file("examples/pool/pikes-vs-riders.toml"), "seed": 7}),
        |r| r.validate().unwrap().run().unwrap()
    );
    check!(
        "/api/minions",
        MinionsRequest,
        json!({"battle": file("examples/minions/recruits-vs-orcs.toml")}),
        |r| r.validate().unwrap().run().unwrap()
    );
    check!(
        "/api/tohit",
        ToHitRequest,
        json!({"attacker_bonus": 3, "defender_bonus": 5, "attacker_luck": 6}),
        |r| r.validate().unwrap().run()
    );
    check!(
        "/api/tohit",
        ToHitRequest,
        json!({"attacker": file("examples/evasion/valkyrie.toml"), "defender": file("examples/evasion/troll.toml")}),
        |r| r.validate().unwrap().run()
    );
    check!(
        "/api/evasion-damage",
        EvasionDamageRequest,
        json!({"attacker": file("examples/evasion/valkyrie.toml"), "defender": file("examples/evasion/troll.toml"), "damage": "d8+d12"}),
        |r| r.validate().unwrap().run().unwrap()
    );
    check!(
        "/api/evasion-table",
        TableRequest,
        json!({"levels": [0, 5], "evs": [0, 3]}),
        |r| r.validate().unwrap().run()
    );
    check!(
        "/api/appraise",
        AppraiseRequest,
        json!({"defender": file("examples/evasion/knight.toml")}),
        |r| r.validate().unwrap().run().unwrap()
    );
    check!(
        "/api/encounter",
        EncounterRequest,
        json!({"script": file("examples/encounters/grabbed.toml")}),
        |r| r.validate().unwrap().run()
    );
    check!(
        "/api/design-check",
        fray_lab::design::Request,
        json!({"text": "damage"}),
        |r| r.run()
    );
    check!(
        "/api/battle",
        fray_lab::request::BattleRequest,
        json!({"example": "duel", "trials": 500, "seed": 4}),
        |r| r.validate().unwrap().run().unwrap()
    );
    check!(
        "/api/sweep-paths",
        fray_lab::sweep::paths::PathsRequest,
        json!({"example": "pikes"}),
        |r| r.validate().unwrap().run()
    );
    check!(
        "/api/sweep",
        fray_lab::sweep::request::SweepRequest,
        json!({"odds": "pool", "vary": [{"path": "bonus", "values": "0..3"}]}),
        |r| r
            .validate()
            .unwrap()
            .run_with(&|_| {}, &Default::default())
            .unwrap()
    );
    check!(
        "/api/sweep",
        fray_lab::sweep::request::SweepRequest,
        json!({"example": "duel", "trials": 100, "vary": [{"path": "evasion.b.defense.hp", "values": [30, 50]}]}),
        |r| r
            .validate()
            .unwrap()
            .run_with(&|_| {}, &Default::default())
            .unwrap()
    );
}

#[tokio::test]
async fn listings_and_the_page_are_served() {
    let app = app();
    let (s, _, text) = call(
        &app,
        "GET",
        "/api/types?including_physical=true",
        Body::empty(),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        text,
        fray_lab::answer::json_text(&fray_lab::answer::types(true)).unwrap()
    );
    // The icon every browser asks for is there (it was a 404).
    for path in ["/favicon.ico", "/favicon.svg"] {
        let (s, _, text) = call(&app, "GET", path, Body::empty()).await;
        assert_eq!(s, StatusCode::OK, "{path}");
        assert!(text.starts_with("<svg"), "{path}: {text}");
    }
    let (s, _, text) = call(&app, "GET", "/api/types?physical=1", Body::empty()).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "an unknown query field: {text}");
    // The examples are a command: the scenarios with their texts.
    let (s, text) = post(&app, "/api/examples", json!({"of": "battle"})).await;
    assert_eq!(s, StatusCode::OK, "{text}");
    let listed: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(listed["examples"][1]["name"], "duel");
    assert_eq!(
        listed["examples"][1]["text"],
        fray_lab::examples::find("duel").unwrap().text
    );
    let (s, _, text) = call(&app, "GET", "/api/battle/schema", Body::empty()).await;
    assert_eq!(s, StatusCode::OK);
    assert!(text.contains("\"evasion\""));
    let (s, _, page) = call(&app, "GET", "/", Body::empty()).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("<script src=\"app.js\">"));
    for asset in fray_web::playground::ASSETS {
        let (s, headers, body) = get(&app, &format!("/{}", asset.name)).await;
        assert_eq!(s, StatusCode::OK, "{}", asset.name);
        assert_eq!(body, asset.text.as_bytes(), "{}", asset.name);
        assert_eq!(
            headers[header::CONTENT_TYPE],
            asset.media_type,
            "{}",
            asset.name
        );
    }
    // Without fray's WebAssembly, the page is told so (and runs everything here).
    let (s, _, body) = get(&app, "/fray.wasm").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(String::from_utf8_lossy(&body).contains("--wasm"));
}

#[tokio::test]
async fn the_webassembly_is_served_when_given() {
    let wasm = b"\0asm\x01\0\0\0".to_vec();
    let app = router(Limits::default(), Some(wasm.clone()));
    let (s, headers, body) = get(&app, "/fray.wasm").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "application/wasm");
    assert_eq!(body, wasm);
    // The page may compile it and run it in a Worker of its own making; no other eval.
    let (_, headers, _) = get(&app, "/").await;
    let policy = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
    assert!(
        policy.contains("script-src 'self' 'wasm-unsafe-eval';"),
        "{policy}"
    );
    assert!(policy.contains("worker-src blob:"), "{policy}");
    assert_eq!(policy.matches("eval").count(), 1, "{policy}");
}

#[tokio::test]
async fn the_command_table_is_served() {
    let app = app();
    let (s, _, text) = call(&app, "GET", "/api/commands", Body::empty()).await;
    assert_eq!(s, StatusCode::OK, "{text}");
    assert_eq!(text, fray_commands::envelope::commands());
    let table: Value = serde_json::from_str(&text).unwrap();
    let span = |name: &str| {
        table
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == name)
            .map(|c| c["span"].clone())
    };
    assert_eq!(span("roster"), Some(json!("long")));
    assert_eq!(span("design-check"), Some(json!("quick")));
    let (s, _, _) = call(&app, "POST", "/api/commands", Body::empty()).await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn a_quick_answer_comes_with_its_page_when_asked() {
    let app = app();
    let (s, plain) = post(&app, "/api/design-check", json!({"text": "damage"})).await;
    assert_eq!(s, StatusCode::OK, "{plain}");
    let (s, paged) = post(
        &app,
        "/api/design-check?pages=true",
        json!({"text": "damage"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{paged}");
    let paged: Value = serde_json::from_str(&paged).unwrap();
    assert_eq!(
        paged["text"],
        plain.as_str(),
        "the text is not the plain answer"
    );
    let html = paged["html"].as_str().unwrap();
    assert!(
        html.starts_with("<!DOCTYPE html>") && html.contains("<svg"),
        "{html}"
    );
    assert!(!paged["charts"].as_array().unwrap().is_empty());
    // A command that writes no page: its text alone.
    let (s, check) = post(&app, "/api/check?pages=true", json!({"rung": "3/6"})).await;
    assert_eq!(s, StatusCode::OK, "{check}");
    let check: Value = serde_json::from_str(&check).unwrap();
    assert_eq!(check.as_object().unwrap().len(), 1, "{check}");
    assert!(check["text"].as_str().unwrap().contains("\"p_success\""));
    let e = refused(
        &app,
        "/api/check?page=1",
        json!({}).to_string(),
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(e["error"].as_str().unwrap().contains("page"), "{e}");
}

#[tokio::test]
async fn the_schemas_of_the_commands_are_served() {
    let app = app();
    let (s, _, text) = call(&app, "GET", "/api/schema", Body::empty()).await;
    assert_eq!(s, StatusCode::OK, "{text}");
    let all: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(all, fray_commands::table::schemas());
    for name in fray_commands::names() {
        assert_eq!(all[name]["request"]["type"], "object", "{name}");
    }
    let (s, _, text) = call(&app, "GET", "/api/schema/check", Body::empty()).await;
    assert_eq!(s, StatusCode::OK, "{text}");
    let check: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(check, all["check"]);
    assert!(
        check["answer"]["properties"]["p_success"].is_object(),
        "{check}"
    );
    let (s, _, text) = call(&app, "GET", "/api/schema/nope", Body::empty()).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{text}");
    assert!(
        text.contains("no command `nope`; the commands are battle, "),
        "{text}"
    );
    let (s, _, _) = call(&app, "POST", "/api/schema", Body::empty()).await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn bad_requests_are_refused_with_a_message_and_a_place() {
    let app = router(
        Limits {
            max_body: 4096,
            ..Limits::default()
        },
        None,
    );
    // Malformed JSON: serde's message at its line and column.
    let e = refused(
        &app,
        "/api/damage",
        "{\n  \"amount\": 17,\n  oops\n}",
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(3), Some(3)),
        "{e}"
    );
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .starts_with("the request body, line 3, column 3: "),
        "{e}"
    );
    // An unknown field.
    let e = refused(
        &app,
        "/api/check",
        r#"{"rung": "3/6", "bonuss": 2}"#,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("unknown field `bonuss`"),
        "{e}"
    );
    // A wrong type.
    let e = refused(
        &app,
        "/api/battle",
        r#"{"trials": "many"}"#,
        StatusCode::BAD_REQUEST,
    )
    .await;
    // In fray's words, naming the field, not serde's ("invalid type: string, expected u64").
    let m = e["error"].as_str().unwrap();
    assert!(
        m.contains("`trials` must be a whole number from 0 up, got the string \"many\""),
        "{e}"
    );
    assert!(!m.contains("invalid type") && !m.contains("u64"), "{e}");
    // fray's own refusal, located: a bad trait in the stat block.
    let e = refused(
        &app,
        "/api/damage",
        json!({"amount": 5, "vs": "Resist Fire\nFrobnicate Fire"}).to_string(),
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(e["line"], 2, "{e}");
    assert!(e["column"].as_u64().unwrap() >= 1, "{e}");
    // A scenario that does not load: the lab's message and place.
    let e = refused(
        &app,
        "/api/battle",
        json!({"scenario": "system = \"evasion\"\ntrials = -3"}).to_string(),
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .starts_with("the scenario, line "),
        "{e}"
    );
    assert!(e["line"].is_u64(), "{e}");
    // A body over the cap.
    let huge = json!({"vs": "Resist Fire; ".repeat(1000)}).to_string();
    let e = refused(&app, "/api/damage", huge, StatusCode::PAYLOAD_TOO_LARGE).await;
    assert!(e["error"].as_str().unwrap().contains("4096 bytes"), "{e}");
    // The lab's own bound on trials, and the server's lower cap.
    let e = refused(
        &app,
        "/api/battle",
        r#"{"trials": 0}"#,
        StatusCode::BAD_REQUEST,
    )
    .await;
    // The field by its path, and named in the API's words (the CLI says `--trials`).
    assert_eq!(e["field"], "trials", "{e}");
    assert_eq!(
        e["error"],
        "`trials`: expected a whole number from 1 to 100000000, got 0"
    );
    assert_eq!(
        e["message"],
        "expected a whole number from 1 to 100000000, got 0"
    );
    let e = refused(
        &app,
        "/api/battle",
        r#"{"example": "duel", "trials": 90000000}"#,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        e["error"].as_str().unwrap().contains("at most 2000000"),
        "{e}"
    );
    let e = refused(
        &app,
        "/api/battle",
        r#"{"example": "duel", "precision": 0.001}"#,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        e["error"].as_str().unwrap().contains("`trials` is the cap"),
        "{e}"
    );
    let e = refused(&app, "/api/sweep", r#"{"odds": "evasion", "vary": [{"path": "attacker.level", "values": "1..30"}, {"path": "defender.ev", "values": "0..20"}]}"#, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("630 points asked for: this server sweeps at most 400"),
        "{e}"
    );
    let e = refused(&app, "/api/sweep", r#"{"example": "duel", "trials": 100000, "vary": [{"path": "evasion.b.defense.hp", "values": "10..100"}]}"#, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("battles asked for in all"),
        "{e}"
    );
    // Wrong method, unknown path: JSON too.
    let (s, _, text) = call(&app, "GET", "/api/damage", Body::empty()).await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED);
    assert!(text.contains("\"error\""));
    let (s, _, text) = call(&app, "POST", "/api/nothing", Body::empty()).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(text.contains("docs/api.md"));
    // And the server still answers.
    let (s, text) = post(&app, "/api/check", json!({"rung": "3/6"})).await;
    assert_eq!(s, StatusCode::OK, "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_tcp_the_server_survives_garbage_and_answers_after() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(fray_web::serve(
        listener,
        Limits {
            max_body: 2048,
            ..Limits::default()
        },
        None,
    ));
    async fn raw(addr: std::net::SocketAddr, bytes: &[u8]) -> String {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        s.write_all(bytes).await.unwrap();
        let mut out = Vec::new();
        // The server may keep the connection open after answering: read what comes.
        let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut out)).await;
        String::from_utf8_lossy(&out).into_owned()
    }
    let garbage = raw(addr, b"\x00\x01NOT HTTP AT ALL\r\n\r\n").await;
    assert!(
        garbage.is_empty() || garbage.starts_with("HTTP/1.1 400"),
        "{garbage}"
    );
    // A client that announces a huge body, sends a little of it and goes away.
    {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        let head =
            "POST /api/damage HTTP/1.1\r\nhost: localhost\r\ncontent-length: 100000000\r\n\r\n";
        s.write_all(head.as_bytes()).await.unwrap();
        s.write_all(&[b'x'; 4000]).await.unwrap();
    }
    let ok = raw(addr, format!("POST /api/check HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: 15\r\n\r\n{{\"rung\": \"3/6\"}}").as_bytes()).await;
    assert!(ok.starts_with("HTTP/1.1 200"), "{ok}");
    assert!(ok.contains("\"p_success\""), "{ok}");
}

#[tokio::test]
async fn every_command_of_the_table_has_its_endpoint() {
    let app = app();
    for name in fray_commands::names() {
        // An unknown field reaches the command's own request type, which refuses it:
        // the endpoint exists and reads that command's request.
        let path = format!("/api/{name}");
        let e = refused(
            &app,
            &path,
            r#"{"no_such_field": 1}"#,
            StatusCode::BAD_REQUEST,
        )
        .await;
        let message = e["error"].as_str().unwrap();
        assert!(
            message.contains("unknown field `no_such_field`"),
            "{path}: {e}"
        );
        assert_eq!(e["source"], "the request body", "{path}: {e}");
    }
    let e = refused(&app, "/api/no-such-command", "{}", StatusCode::NOT_FOUND).await;
    assert!(e["error"].as_str().unwrap().contains("docs/api.md"), "{e}");
}

#[test]
fn the_docs_list_every_endpoint_and_no_other() {
    let docs = include_str!("../../../../docs/api.md");
    let names = fray_commands::names();
    for e in fray_commands::entries() {
        let row = format!("| `POST /api/{}` | `{}`", e.name, e.request);
        assert!(docs.contains(&row), "docs/api.md has no row {row}");
    }
    for listed in docs.split("| `POST /api/").skip(1) {
        let name = listed.split('`').next().unwrap();
        assert!(
            names.contains(&name),
            "docs/api.md lists POST /api/{name}, which is no command"
        );
    }
}

#[tokio::test]
async fn a_bad_scenario_is_refused_with_its_place_as_data() {
    let scenario = include_str!("../../../../tests/data/bad_duel.toml");
    let e = refused(
        &app(),
        "/api/battle",
        json!({ "scenario": scenario }).to_string(),
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(30), Some(6)),
        "{e}"
    );
    assert_eq!(e["width"], 3, "{e}");
    assert_eq!(e["source"], "the scenario", "{e}");
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("evasion.a.defense.hp"),
        "{e}"
    );
}

#[tokio::test]
async fn only_a_json_object_is_a_request_and_nested_parts_refuse_unknown_fields() {
    let app = app();
    for (body, what) in [
        ("[]", "an array"),
        ("[1, 2]", "an array"),
        ("\"x\"", "a string"),
        ("3", "a number"),
    ] {
        for path in ["/api/damage", "/api/tohit", "/api/sweep"] {
            let e = refused(&app, path, body, StatusCode::BAD_REQUEST).await;
            let m = e["error"].as_str().unwrap();
            assert!(
                m.contains("a JSON object") && m.contains(what),
                "{path} {body}: {m}"
            );
        }
    }
    // A misspelt field of a search or an axis is refused, not read as its default.
    let e = refused(
        &app,
        "/api/sweep",
        r#"{"example":"duel","find":{"path":"evasion.b.defense.hp","values":"20..120","targt":0.9}}"#,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("unknown field `targt`"),
        "{e}"
    );
    let e = refused(
        &app,
        "/api/sweep",
        r#"{"example":"duel","vary":[{"path":"evasion.b.defense.hp","values":"20..40:10","step":2}]}"#,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("unknown field `step`"),
        "{e}"
    );
}

#[tokio::test]
async fn a_huge_number_is_quoted_short() {
    let app = app();
    for (path, body) in [
        (
            "/api/tohit",
            r#"{"attacker_bonus": 1e308, "defender_bonus": 0}"#,
        ),
        ("/api/battle", r#"{"precision": 1e308}"#),
        (
            "/api/tohit",
            r#"{"attacker_bonus": 1, "defender_bonus": 0, "model": {"sigma": 1e308}}"#,
        ),
    ] {
        let e = refused(&app, path, body, StatusCode::BAD_REQUEST).await;
        let m = e["error"].as_str().unwrap();
        assert!(m.contains("1e308") && m.len() < 200, "{path}: {m}");
    }
}
