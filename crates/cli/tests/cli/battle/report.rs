//! `fray battle --report DIR` and what `fray battle` writes besides its answer: the HTML
//! report and its charts, progress lines, and what an interrupted run leaves.

use crate::common::*;

#[test]
fn battle_writes_an_html_report() {
    let dir = scratch("battle-report");
    ok(&[
        "battle",
        "--example",
        "duel",
        "--trials",
        "200",
        "--report",
        dir.to_str().unwrap(),
    ]);
    let page = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(page.contains("<svg") && page.contains("Valkyrie") && page.contains("</html>"));
    assert_eq!(
        page.matches("<svg").count(),
        5,
        "outcomes, rounds, survival, hit points, damage (no conditions in a duel)"
    );
}

/// A success message is a note, not a warning.
#[test]
fn the_report_is_announced_in_a_note() {
    let dir = scratch("battle-report-note");
    let err = &ok(&[
        "battle",
        "--example",
        "duel",
        "--trials",
        "100",
        "--quiet",
        "--report",
        dir.to_str().unwrap(),
    ])
    .stderr;
    assert!(err.contains("note: report written to"), "{err}");
    assert!(!err.contains("warning"), "{err}");
}

/// `fray battle --example <each> --report DIR` writes a page whose charts are drawn by
/// plotters (its SVG backend), with titles, legends, the exact duel answer beside the
/// sampled one, and the hit-point values written; the hand-drawn charts' unlabelled
/// bars (a bare "98.2%" text at the edge, no legend) are gone.
#[test]
fn reports_of_every_example_draw_titled_charts_with_legends() {
    for example in ["pikes", "duel", "minions", "skirmish"] {
        let dir = scratch(&format!("battle-charts-{example}"));
        let mut args = vec!["battle", "--example", example, "--quiet", "--report"];
        let path = dir.to_str().unwrap().to_string();
        args.push(&path);
        if example != "minions" {
            args.extend(["--trials", "300"]);
        }
        ok(&args);
        let page = std::fs::read_to_string(dir.join("report.html")).unwrap();
        let charts = page.matches("<svg").count();
        assert!(charts >= 5, "{example}: {charts} charts");
        for title in [
            "Battles by",
            "Survival by combatant",
            "Hit points remaining (mean)",
            "maximum",
            "Damage per battle by type",
        ] {
            assert!(page.contains(title), "{example}: no {title}");
        }
        // Hit-point bars carry their values ("12.34 / 20").
        assert!(page.contains(" / "), "{example}: no hit-point values");
        // The hand-drawn charts wrote one-decimal percentages with no legend.
        assert!(!page.contains("font-size=\"12\">98.2%"), "{example}");
        // A duel's outcomes are exact, like a minions battle's.
        if example == "minions" || example == "duel" {
            assert!(page.contains("Outcome (exact)"), "{example}");
        } else {
            assert!(
                page.contains("Outcome probability (95% interval)"),
                "{example}"
            );
            assert!(
                page.contains("95% interval\n</text>"),
                "{example}: no interval legend"
            );
        }
        if example == "duel" {
            assert!(page.contains("exact mean"), "duel: no exact mean line");
        }
        if example == "skirmish" {
            assert!(
                page.contains("Conditions per battle"),
                "skirmish: conditions not charted"
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn an_unwritable_report_directory_is_refused_before_the_run() {
    let blocker = write(&scratch("battle-unwritable"), "a-file", "not a directory");
    let started = std::time::Instant::now();
    let out = assert_cmd::Command::new(bin())
        .args([
            "battle",
            "--example",
            "duel",
            "--trials",
            "100000000",
            "--report",
        ])
        .arg(std::path::Path::new(&blocker).join("out"))
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot create"), "{err}");
    assert!(out.stdout.is_empty());
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
}

#[test]
fn progress_lines_without_a_terminal_and_none_with_quiet() {
    let err = &ok(&[
        "battle",
        "--example",
        "duel",
        "--trials",
        "3000",
        "--threads",
        "1",
        "--json",
        "--progress-every",
        "0",
    ])
    .stderr;
    assert!(
        err.contains("fray battle: ") && err.contains("/3000 battles"),
        "{err}"
    );
    assert!(err.lines().all(|l| l.len() < 80), "short lines: {err}");
    let quiet = ok(&[
        "battle",
        "--example",
        "duel",
        "--trials",
        "3000",
        "--quiet",
        "--json",
        "--progress-every",
        "0",
    ]);
    assert!(quiet.stderr.is_empty(), "{}", quiet.stderr);
}

#[cfg(unix)]
#[test]
fn ctrl_c_prints_the_finished_battles_marked_incomplete() {
    let report = scratch("battle-interrupted").join("report");
    let args = [
        "battle",
        "--example",
        "duel",
        "--trials",
        "100000000",
        "--threads",
        "1",
    ];
    let args: Vec<&std::ffi::OsStr> = args
        .iter()
        .map(|a| a.as_ref())
        .chain(["--json", "--progress-every", "0", "--report"].map(|a| a.as_ref()))
        .chain([report.as_os_str()])
        .collect();
    // Once some chunks are done (the first progress line), Ctrl-C.
    let run = interrupted(&args, |line| {
        assert!(line.starts_with("fray battle: "), "{line}");
        true
    });
    let (stdout, rest) = (&run.stdout, &run.stderr);
    assert_eq!(run.code, 130, "{rest}");
    assert!(rest.contains("interrupted"), "{rest}");
    let v: Value = serde_json::from_str(stdout).unwrap();
    assert_eq!(v["complete"], false);
    assert_eq!(v["planned_trials"], 100_000_000);
    let done = v["trials"].as_u64().unwrap();
    assert!(done > 0 && done < 100_000_000 && done % 256 == 0, "{done}");
    let page = std::fs::read_to_string(report.join("report.html")).unwrap();
    assert!(
        page.contains("Incomplete: interrupted after"),
        "the page says so"
    );
}
