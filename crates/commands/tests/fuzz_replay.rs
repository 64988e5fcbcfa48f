//! Replays the command table's fuzz regression corpus on stable Rust, as part of
//! `cargo test`: each file of `tests/fuzz-regressions/command_call/` (its first byte picks
//! the command in `fray_commands::names()` order, the rest is the request's body) is fed
//! to the fuzz target's own entry point (`fuzz/src/command_entries.rs`, included here by
//! path), each under its own `catch_unwind`. See docs/testing.md.

use std::path::{Path, PathBuf};

#[path = "../../../fuzz/src/command_entries.rs"]
mod command_entries;

fn sorted(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    paths.sort();
    paths
}

#[test]
fn every_request_that_ever_crashed_the_fuzz_target_replays_without_a_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-regressions");
    let mut failures = Vec::new();
    let mut replayed = 0;
    for dir in sorted(&root) {
        if dir.file_name().and_then(|n| n.to_str()) != Some("command_call") {
            failures.push(format!("{}: no fuzz target of that name", dir.display()));
            continue;
        }
        for file in sorted(&dir) {
            let bytes = std::fs::read(&file).expect("a corpus file");
            replayed += 1;
            if let Err(payload) = std::panic::catch_unwind(|| command_entries::command_call(&bytes))
            {
                let why = payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                failures.push(format!("{}: panicked: {why}", file.display()));
            }
        }
    }
    assert!(replayed > 0, "no inputs under {}", root.display());
    assert!(
        failures.is_empty(),
        "{} of {replayed} inputs failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The caps the target performs requests under are below the server's (checked when
/// this file is compiled).
const _: () = {
    use fray_commands::limits;
    assert!(command_entries::MAX_BATTLES < limits::DEFAULT_MAX_TRIALS);
    assert!(command_entries::MAX_POINTS < limits::DEFAULT_MAX_POINTS as u64);
    assert!(command_entries::MAX_STEPS < limits::DEFAULT_MAX_STEPS);
    assert!(command_entries::MAX_ANSWER < limits::DEFAULT_MAX_ANSWER);
};
