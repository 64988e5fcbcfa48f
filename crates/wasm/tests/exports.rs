//! The WebAssembly build's exports, called natively as a host (the page's Worker) calls
//! them: buffers in, the outcome read back through `fray_outcome`.

use fray_wasm::{
    fray_alloc, fray_call, fray_commands, fray_cost, fray_free, fray_outcome, fray_sweep_merged,
    fray_sweep_plan, fray_sweep_points,
};
use serde_json::Value;

/// Copies `text` into a buffer of the module's, as a host does.
fn put(text: &str) -> (*mut u8, usize) {
    let ptr = fray_alloc(text.len());
    // SAFETY: fray_alloc gave `len` writable bytes.
    unsafe { std::ptr::copy_nonoverlapping(text.as_ptr(), ptr, text.len()) };
    (ptr, text.len())
}

/// The outcome of the last call, `len` bytes long.
fn outcome(len: usize) -> Value {
    // SAFETY: the outcome is `len` bytes, kept until the next call.
    let bytes = unsafe { std::slice::from_raw_parts(fray_outcome(), len) };
    serde_json::from_slice(bytes).unwrap()
}

fn call(name: &str, request: &str, pages: bool) -> Value {
    let (n, nl) = put(name);
    let (r, rl) = put(request);
    // SAFETY: both buffers are live and of those lengths; freed once, after the call.
    let len = unsafe { fray_call(n, nl, r, rl, u32::from(pages)) };
    let out = outcome(len);
    unsafe {
        fray_free(n, nl);
        fray_free(r, rl);
    }
    out
}

#[test]
fn a_command_is_answered_through_the_exports() {
    let out = call("check", r#"{"rung": "3/6", "bonus": 1}"#, false);
    let answer: Value = serde_json::from_str(out["answer"].as_str().unwrap()).unwrap();
    assert!(answer["p_success"].as_f64().unwrap() > 0.5);
    let out = call("battle", r#"{"example": "minions"}"#, true);
    assert!(
        out["html"]
            .as_str()
            .unwrap()
            .to_ascii_lowercase()
            .starts_with("<!doctype html>")
    );
    // Bad bytes are a refusal, not a crash: invalid UTF-8 in the request and the name.
    let (r, rl) = put("{\"rung\": \"3/6\"");
    let len = unsafe { fray_call(b"\xff".as_ptr(), 1, r, rl, 0) };
    assert!(
        outcome(len)["refusal"]["error"]
            .as_str()
            .unwrap()
            .contains("no command")
    );
    let bad = b"{\"rung\": \"\xff\"}";
    let len = unsafe { fray_call(b"check".as_ptr(), 5, bad.as_ptr(), bad.len(), 0) };
    let refusal = &outcome(len)["refusal"];
    assert_eq!(
        (refusal["line"].as_u64(), refusal["column"].as_u64()),
        (Some(1), Some(11)),
        "{refusal}"
    );
    unsafe { fray_free(r, rl) };
    // An empty request is the command's defaults.
    let len = unsafe { fray_call(b"types".as_ptr(), 5, std::ptr::null(), 0, 0) };
    assert!(outcome(len).get("answer").is_some());
}

#[test]
fn the_cost_the_table_and_the_examples_are_exported() {
    let (n, nl) = put("sweep");
    let (r, rl) = put(
        r#"{"example": "duel", "vary": [{"path": "evasion.b.defense.hp", "values": "30..70:10"}]}"#,
    );
    let len = unsafe { fray_cost(n, nl, r, rl) };
    let cost = outcome(len);
    assert_eq!(
        (cost["span"].as_str(), cost["cost"]["points"].as_u64()),
        (Some("long"), Some(5))
    );
    unsafe {
        fray_free(n, nl);
        fray_free(r, rl);
    }
    assert_eq!(
        outcome(fray_commands()).as_array().unwrap().len(),
        fray_commands::names().len()
    );
    // The examples are the table's `examples` command, called as any other.
    let (n, nl) = put("examples");
    let (r, rl) = put(r#"{"of": "roster"}"#);
    let len = unsafe { fray_call(n, nl, r, rl, 0) };
    unsafe {
        fray_free(n, nl);
        fray_free(r, rl);
    }
    let rosters: Value = serde_json::from_str(outcome(len)["answer"].as_str().unwrap()).unwrap();
    let pool = &rosters["examples"][0];
    assert_eq!(pool["name"], "pool");
    assert!(pool["text"].as_str().unwrap().contains("[[pool.units]]"));
}

/// A sweep played in chunks, as the page plays one: `fray_sweep_plan`, then
/// `fray_sweep_points` for each chunk, then `fray_sweep_merged`.
fn sweep_in_chunks(request: &str, bounds: &[(usize, usize)]) -> Value {
    let (r, rl) = put(request);
    // SAFETY: the request's buffer is live and of that length until freed below.
    let plan = outcome(unsafe { fray_sweep_plan(r, rl) });
    assert!(plan["points"].as_u64().is_some(), "{plan}");
    let chunks: Vec<String> = bounds
        .iter()
        .map(|&(start, end)| {
            // SAFETY: as above.
            let out = outcome(unsafe { fray_sweep_points(r, rl, start, end) });
            out["chunk"].as_str().unwrap().to_string()
        })
        .collect();
    let list = serde_json::to_string(&chunks).unwrap();
    let (c, cl) = put(&list);
    // SAFETY: both buffers are live; each freed once, after the call.
    let merged = outcome(unsafe { fray_sweep_merged(r, rl, c, cl, 1) });
    unsafe {
        fray_free(r, rl);
        fray_free(c, cl);
    }
    merged
}

#[test]
fn a_sweep_in_chunks_is_the_whole_sweep_and_a_stopped_one_keeps_its_points() {
    let request = r#"{"example": "pikes", "trials": 40, "seed": 3,
        "vary": [{"path": "pool.b.combatants.Rider.count", "values": "6..10"}]}"#;
    let whole = call("sweep", request, true);
    let chunked = sweep_in_chunks(request, &[(0, 2), (2, 4), (4, 5)]);
    assert_eq!(chunked["answer"], whole["answer"]);
    assert_eq!(chunked["html"], whole["html"]);
    assert_eq!(chunked["notes"], whole["notes"]);
    // Stopped after two chunks: the four points finished, marked incomplete.
    let stopped = sweep_in_chunks(request, &[(0, 2), (2, 4)]);
    let answer: Value = serde_json::from_str(stopped["answer"].as_str().unwrap()).unwrap();
    assert_eq!(answer["complete"], false);
    assert_eq!(answer["points"].as_array().unwrap().len(), 4);
    let full: Value = serde_json::from_str(whole["answer"].as_str().unwrap()).unwrap();
    assert_eq!(answer["points"][3], full["points"][3]);
    // Chunks out of order, or with a gap, are refused, not matched to the wrong points.
    for bounds in [&[(2, 4), (0, 2)][..], &[(0, 2), (3, 5)][..]] {
        let wrong = sweep_in_chunks(request, bounds);
        let e = wrong["refusal"]["error"].as_str().unwrap();
        assert!(e.contains("sweep order"), "{e}");
    }
    // An odds sweep is refused in chunks (it is exact and quick).
    let (r, rl) = put(r#"{"odds": "pool", "vary": [{"path": "bonus", "values": "0..2"}]}"#);
    // SAFETY: the buffer is live; freed once, after the call.
    let plan = outcome(unsafe { fray_sweep_plan(r, rl) });
    unsafe { fray_free(r, rl) };
    assert!(
        plan["refusal"]["error"].as_str().unwrap().contains("odds"),
        "{plan}"
    );
}
