//! The entry point of the battle-lab fuzz target (`fray battle FILE`), shared with the
//! regression replay of `crates/lab/tests/lab.rs`, which includes this file by path.

use fray_lab::{parse_scenario, report, run};

/// Trials of a lab scenario played per input: the file may ask for millions, and the
/// rules under test are the same in the fifth trial as in the millionth.
pub const MAX_LAB_TRIALS: u64 = 4;

/// Lab scenarios: parse, then play a few trials and build the reports.
pub fn lab_scenario(text: &str) {
    let Ok(mut scenario) = parse_scenario(text) else {
        return;
    };
    scenario.trials = scenario.trials.min(MAX_LAB_TRIALS);
    let tally = run::play(&scenario, &|_| {});
    let r = report::report(&scenario, &tally);
    let _ = report::text(&r);
    let _ = report::html(&r);
}
