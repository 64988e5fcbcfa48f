//! Runs to a precision (issue 15): batches in order, the stop decided on whole batches,
//! so the same seed gives the same trials and numbers on any thread count.

use std::sync::atomic::AtomicBool;

use fray_lab::report::{report_with, wilson};
use fray_lab::run::{
    BATCH_CHUNKS, CHUNK, play_chunks, play_to_precision, play_to_precision_on, widest_half_width,
};

use crate::scenario;

fn never() -> AtomicBool {
    AtomicBool::new(false)
}

#[test]
fn the_same_seed_gives_the_same_count_and_numbers_on_one_thread_and_two() {
    let s = scenario("pikes", 200_000);
    let json = |threads| {
        let (t, p) = play_to_precision_on(&s, threads, 0.003, false, &|_| {}, &never()).unwrap();
        serde_json::to_string(&report_with(&s, &t, Some(&p))).unwrap()
    };
    let one = json(1);
    assert_eq!(one, json(2), "two threads");
    assert_eq!(one, json(1), "again");
    assert!(one.contains("\"precision\":{\"target\":0.003"), "{one}");
}

#[test]
fn the_run_stops_after_the_first_batch_that_meets_the_target() {
    let s = scenario("pikes", 200_000);
    let (t, p) = play_to_precision(&s, 0.003, false, &|_| {}, &never());
    let batch = BATCH_CHUNKS * CHUNK;
    assert!(p.reached && p.half_width <= 0.003, "{p:?}");
    assert_eq!(t.trials % batch, 0, "whole batches");
    assert!(
        t.trials >= 2 * batch,
        "this target needs more than one batch"
    );
    // One batch fewer was not enough: the run did not stop late.
    let fewer = play_chunks(&s, 0..t.trials / CHUNK - BATCH_CHUNKS, &|_| {}, &never());
    assert!(widest_half_width(&fewer) > 0.003);
    // The half-width is the widest of both sides' Wilson intervals.
    let side = |w| {
        let (_, lo, hi) = wilson(w, t.trials);
        (hi - lo) / 2.0
    };
    assert_eq!(p.half_width, side(t.wins[0]).max(side(t.wins[1])));
}

#[test]
fn a_loose_precision_stops_early_and_a_tight_one_at_the_cap() {
    let s = scenario("pikes", 200_000);
    let (loose, p) = play_to_precision(&s, 0.05, false, &|_| {}, &never());
    assert_eq!(loose.trials, BATCH_CHUNKS * CHUNK, "one batch");
    assert!(p.reached);
    let capped = scenario("pikes", 5_000);
    let (t, p) = play_to_precision(&capped, 0.0005, false, &|_| {}, &never());
    assert_eq!(t.trials, 5_000, "stopped at the cap, not past it");
    assert!(
        !p.reached && p.half_width > 0.0005 && p.cap == 5_000,
        "{p:?}"
    );
    let r = report_with(&capped, &t, Some(&p));
    assert!(r.complete, "the cap was played");
    assert!(
        r.notes
            .iter()
            .any(|n| n.contains("not reached") && n.contains("5,000")),
        "{:?}",
        r.notes
    );
}

#[test]
fn exact_wins_need_one_batch_only() {
    let s = scenario("duel", 1_000_000);
    let (t, p) = play_to_precision(&s, 0.0001, true, &|_| {}, &never());
    assert_eq!(t.trials, BATCH_CHUNKS * CHUNK);
    assert!(p.reached && p.half_width == 0.0);
}
