//! What a small call from Python costs in Rust alone: `cargo bench -p fray-python --bench
//! call`. The same work `fray._native.call("damage", ...)` does without the GIL (the
//! request's JSON read, validated, run, and the answer written as JSON), beside the
//! library call alone; `python/bench/measure.py` times the same from Python.

use divan::{Bencher, black_box};
use fray::damage::request::DamageRequest;

fn main() {
    divan::main();
}

const REQUEST: &str =
    r#"{"amount": 17, "types": ["fire", "cold"], "vs": "Resist Fire; Vulnerable 5 Cold"}"#;

/// The native function's work: JSON in, the `--json` answer out.
#[divan::bench]
fn damage_json_in_json_out(bencher: Bencher) {
    bencher.bench(|| {
        let request: DamageRequest = serde_json::from_str(black_box(REQUEST)).expect("valid");
        let answer = request.validate().expect("valid").run();
        serde_json::to_string(&answer).expect("serializable")
    });
}

/// The library alone: the request validated and run (the stat block parsed, the hit
/// explained with its trace).
#[divan::bench]
fn damage_request_run(bencher: Bencher) {
    let request: DamageRequest = serde_json::from_str(REQUEST).expect("valid");
    bencher.bench(|| black_box(&request).validate().expect("valid").run());
}
