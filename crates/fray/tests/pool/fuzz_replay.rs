//! Replays the fuzz regression corpus on stable Rust, as part of `cargo test`.
//!
//! `tests/fuzz-regressions/<target>/` holds every input that ever crashed (or nearly
//! crashed) the fuzz target of that name (`fuzz/fuzz_targets/<target>.rs`). Each file is
//! fed to the very function the target calls (`fuzz/src/entries.rs`, included here by
//! path), each under its own `catch_unwind`, so one run lists every input that still
//! panics. Errors are fine; panics are not. See docs/testing.md.
//!
//! This lives in the pool binary only to avoid a new test binary: it covers every target
//! over the `fray` library (the lab's scenario target is replayed by `crates/lab/tests`).

use std::fs;
use std::panic;
use std::path::{Path, PathBuf};

#[path = "../../../../fuzz/src/entries.rs"]
mod entries;

/// The function a fuzz target feeds its text to.
type Entry = fn(&str);

/// Each fuzz target over the library and the entry point it calls.
const TARGETS: &[(&str, Entry)] = &[
    ("dice", entries::dice),
    ("damage_types", entries::damage_types),
    ("stat_block", entries::stat_block),
    ("predicate", entries::predicate),
    ("evasion_attacker", entries::evasion_attacker),
    ("evasion_defender", entries::evasion_defender),
    ("pool_ladder", entries::pool_ladder),
    ("pool_side", entries::pool_side),
    ("pool_mass_battle", entries::pool_mass_battle),
    ("minions_battle", entries::minions_battle),
    ("encounter", entries::encounter),
];

/// Targets replayed by another crate's tests (they need that crate).
const ELSEWHERE: &[&str] = &["lab_scenario", "sweep_axis", "odds_set", "command_call"];

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    paths.sort();
    paths
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

#[test]
fn every_input_that_ever_crashed_a_fuzz_target_replays_without_a_panic() {
    let root = manifest_dir().join("tests/fuzz-regressions");
    let mut failures = Vec::new();
    let mut replayed = 0;
    for dir in sorted_entries(&root).into_iter().filter(|p| p.is_dir()) {
        let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let Some(&(_, entry)) = TARGETS.iter().find(|(t, _)| *t == name) else {
            failures.push(format!("{}: no fuzz target of that name", dir.display()));
            continue;
        };
        for file in sorted_entries(&dir) {
            let bytes = fs::read(&file).expect("a corpus file");
            // The targets skip bytes that are not UTF-8 (the parsers take text).
            let Ok(text) = String::from_utf8(bytes) else {
                failures.push(format!(
                    "{}: not UTF-8, so no target reads it",
                    file.display()
                ));
                continue;
            };
            replayed += 1;
            if let Err(payload) = panic::catch_unwind(|| entry(&text)) {
                let at = file.strip_prefix(&root).unwrap_or(&file);
                failures.push(format!(
                    "{}: panicked: {}",
                    at.display(),
                    panic_message(&*payload)
                ));
            }
        }
    }
    assert!(
        replayed >= 3,
        "only {replayed} inputs found under {}",
        root.display()
    );
    assert!(
        failures.is_empty(),
        "{} of {replayed} regression inputs failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A new fuzz target without a replay entry would keep its crashes out of `cargo test`.
#[test]
fn every_fuzz_target_has_a_replay_entry() {
    let targets = manifest_dir().join("../../fuzz/fuzz_targets");
    let mut names = Vec::new();
    for file in sorted_entries(&targets) {
        let name = file
            .file_stem()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        names.push(name.to_string());
        assert!(
            TARGETS.iter().any(|(t, _)| *t == name) || ELSEWHERE.contains(&name),
            "fuzz target {name} has no entry in TARGETS"
        );
    }
    for (t, _) in TARGETS {
        assert!(
            names.iter().any(|n| n == t),
            "TARGETS names {t}, which is no fuzz target"
        );
    }
}
