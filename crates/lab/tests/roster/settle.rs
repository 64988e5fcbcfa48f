//! An exact roster's solve reaches the exact crossings, or says everywhere that it did
//! not: a 32-unit minions roster, where sweeping one unit at a time went round without
//! settling (30 sweeps, every interval still printed as exact), settles with Newton steps
//! on every cost at once; an answer that did not settle says so in its text, findings,
//! CSV and report.

use fray_lab::roster::{RosterAnswer, RosterRequest, report, sentences, text};

fn price(text: &str) -> RosterAnswer {
    RosterRequest {
        roster: Some(text.to_string()),
        ..RosterRequest::default()
    }
    .validate()
    .unwrap()
    .run()
    .unwrap()
}

#[test]
fn thirty_two_minions_units_settle_on_their_exact_crossings() {
    let a = price(include_str!("many-minions.toml"));
    assert!(a.exact && a.complete && a.reached, "not settled");
    // Every unit but the reference scores even on average, to the solve's tolerance.
    for row in a
        .fitted_matrix
        .rows
        .iter()
        .filter(|r| r.unit != a.reference)
    {
        assert!((row.mean - 0.5).abs() < 1e-8, "{}: {}", row.unit, row.mean);
    }
    assert!(!text::text(&a).contains("did not settle"));
}

#[test]
fn an_unsettled_exact_roster_says_so_everywhere() {
    let mut a = price(fray_lab::roster::request::EXAMPLES[1].2);
    assert!(a.exact && a.reached);
    // As a solve that stopped short leaves it: costs within intervals, not crossings.
    a.reached = false;
    for u in a.units.iter_mut().filter(|u| u.name != "Recruit") {
        (u.low, u.high) = (u.fitted * 0.99, u.fitted * 1.01);
    }
    a.findings = sentences::findings(&a);
    let shown = text::text(&a);
    assert!(
        shown.contains("did not settle") && shown.contains("not settled"),
        "{shown}"
    );
    let unit_lines: Vec<&str> = shown.lines().skip(3).take(3).collect();
    assert!(
        unit_lines.iter().all(|l| !l.ends_with("exact")),
        "{unit_lines:?}"
    );
    assert!(a.findings.iter().any(|f| f == sentences::UNSETTLED));
    assert!(report::html(&a).contains("did not settle"));
    let csv = report::csv(&a);
    assert!(csv.lines().next().unwrap().ends_with(",basis"), "{csv}");
    assert_eq!(
        csv.lines().filter(|l| l.ends_with(",unsettled")).count(),
        3,
        "{csv}"
    );
}
