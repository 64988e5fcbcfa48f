//! A command's outcome as one JSON text (`fray_commands::envelope`), what the
//! WebAssembly build hands the page: the answer exactly as `--json` prints it, the report
//! page, the cost before the work, and refusals as every front end writes them.

use std::sync::atomic::{AtomicU64, Ordering};

use fray_commands::call::{Origin, Style, call};
use fray_commands::{Command, Context, envelope, lab::Battle};
use serde_json::Value;

fn parsed(text: &str) -> Value {
    assert!(!text.contains('\n'), "an envelope is one line");
    serde_json::from_str(text).unwrap()
}

#[test]
fn the_answer_is_the_json_the_command_line_prints() {
    let request = br#"{"example": "duel", "trials": 400, "seed": 5}"#;
    let out = parsed(&envelope::call("battle", request, true, &Context::quiet()));
    let direct = call(
        "battle",
        request,
        Origin::Body,
        &[],
        Style::Pretty,
        &Context::quiet(),
    )
    .unwrap();
    assert_eq!(out["answer"].as_str().unwrap(), direct.answer);
    // The report page `--report` writes, of the same battle.
    let typed = Battle::run(serde_json::from_slice(request).unwrap(), &Context::quiet()).unwrap();
    let page = Battle::pages(&typed.answer).unwrap();
    assert_eq!(out["html"].as_str().unwrap(), page.html);
    assert_eq!(out["warnings"], Value::Array(vec![]));
    // Without pages asked for, none.
    let bare = parsed(&envelope::call("battle", request, false, &Context::quiet()));
    assert!(bare.get("html").is_none());
    assert_eq!(bare["answer"], out["answer"]);
}

#[test]
fn a_sweep_and_the_design_check_bring_their_charts() {
    let sweep = br#"{"example": "duel", "trials": 100,
        "vary": [{"path": "evasion.b.defense.hp", "values": "30..40:10"}]}"#;
    let out = parsed(&envelope::call("sweep", sweep, true, &Context::quiet()));
    let charts = out["charts"].as_array().unwrap();
    assert!(!charts.is_empty());
    assert!(charts[0]["svg"].as_str().unwrap().starts_with("<svg"));
    let out = parsed(&envelope::call(
        "design-check",
        br#"{"text": "damage"}"#,
        true,
        &Context::quiet(),
    ));
    assert!(out["html"].as_str().unwrap().contains("<svg"));
    assert!(!out["charts"].as_array().unwrap().is_empty());
}

#[test]
fn progress_is_told_to_the_context() {
    let seen = AtomicU64::new(0);
    let progress = |done: u64| seen.store(done, Ordering::Relaxed);
    let cx = Context {
        progress: &progress,
        ..Context::quiet()
    };
    let out = parsed(&envelope::call(
        "battle",
        br#"{"example": "skirmish", "trials": 300}"#,
        false,
        &cx,
    ));
    assert!(out.get("answer").is_some(), "{out}");
    assert_eq!(seen.load(Ordering::Relaxed), 300);
}

#[test]
fn a_refusal_keeps_its_place_and_names_the_field() {
    let out = parsed(&envelope::call(
        "check",
        b"{\n  \"rung\": 3}",
        false,
        &Context::quiet(),
    ));
    let r = &out["refusal"];
    assert_eq!(
        (r["line"].as_u64(), r["source"].as_str()),
        (Some(2), Some("the request body"))
    );
    assert!(
        r["error"]
            .as_str()
            .unwrap()
            .contains("`rung` must be a string")
    );
    // A flag of the command line is named as the request's field.
    let out = parsed(&envelope::call(
        "battle",
        br#"{"trials": 0}"#,
        false,
        &Context::quiet(),
    ));
    let e = out["refusal"]["error"].as_str().unwrap();
    assert!(e.contains("`trials`") && !e.contains("--trials"), "{e}");
    let out = parsed(&envelope::call("nope", b"{}", false, &Context::quiet()));
    assert!(
        out["refusal"]["error"]
            .as_str()
            .unwrap()
            .contains("no command `nope`")
    );
}

#[test]
fn the_cost_is_known_before_the_work() {
    let out = parsed(&envelope::cost(
        "battle",
        br#"{"example": "pikes", "trials": 2000000}"#,
    ));
    assert_eq!(out["span"], "long");
    assert_eq!(out["cost"]["planned"], 2_000_000);
    assert!(out["cost"]["steps"].as_u64().unwrap() > 2_000_000);
    let quick = parsed(&envelope::cost("check", br#"{"rung": "3/6"}"#));
    assert_eq!(quick["span"], "quick");
    let refused = parsed(&envelope::cost("battle", br#"{"trials": "many"}"#));
    assert!(
        refused["refusal"]["error"]
            .as_str()
            .unwrap()
            .contains("`trials` must be a whole number")
    );
}

#[test]
fn the_table_and_the_examples_are_listed() {
    let commands = parsed(&envelope::commands());
    let names: Vec<&str> = commands
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, fray_commands::names());
    let battle = &commands[0];
    assert_eq!(
        (battle["name"].as_str(), battle["span"].as_str()),
        (Some("battle"), Some("long"))
    );
    // The examples are a command like any other: each scenario with its text.
    let out = envelope::call("examples", br#"{"of": "battle"}"#, false, &Context::quiet());
    let examples: serde_json::Value =
        serde_json::from_str(parsed(&out)["answer"].as_str().unwrap()).unwrap();
    let examples = examples["examples"].as_array().unwrap();
    assert_eq!(examples.len(), fray_lab::examples::EXAMPLES.len());
    for (e, bundled) in examples.iter().zip(fray_lab::examples::EXAMPLES) {
        assert_eq!(e["name"], bundled.name);
        assert_eq!(e["text"], bundled.text);
    }
}
