//! A run's threads are all joined before it returns: a game that calls fray from C and
//! then unloads it, or checks for leaks under valgrind, finds none left behind. One test
//! in its own binary, so no other test's threads are counted.

/// The threads of this process now.
fn threads() -> usize {
    std::fs::read_dir("/proc/self/task").map_or(0, |d| d.count())
}

#[test]
fn every_thread_of_a_run_is_joined_when_it_returns() {
    let before = threads();
    let scenario = fray_lab::examples::find("pikes").unwrap().text;
    let valid = fray_lab::request::BattleRequest {
        scenario: Some(scenario.to_string()),
        trials: Some(600),
        threads: 4,
        ..Default::default()
    }
    .validate()
    .unwrap();
    let report = valid.run().unwrap();
    assert_eq!(report.trials, 600);
    // No sleep, no wait: at the return every worker has already ended.
    assert_eq!(threads(), before, "threads left after the run");
}
