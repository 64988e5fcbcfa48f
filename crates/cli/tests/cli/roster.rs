//! `fray roster`: a roster priced as text and JSON, its fairness chosen, bad rosters and
//! requests refused.

use crate::common::*;

#[test]
fn the_minions_roster_prices_exactly() {
    let out = ok(&["roster", "--example", "minions"]);
    let text = &out.stdout;
    assert!(
        text.starts_with(
            "Warband (minions): armies of budget 24.0, fair = mean, Recruit keeps its cost (exact)"
        ),
        "{text}"
    );
    assert!(
        text.contains("row's score against column, at the fair costs (percent, exact):"),
        "{text}"
    );
    let v = json(&["roster", "--example", "minions", "--json"]);
    assert_eq!(v["exact"], true);
    // Every row's mean score at the fair costs is even.
    for row in v["fitted_matrix"]["rows"].as_array().unwrap() {
        assert!((row["mean"].as_f64().unwrap() - 0.5).abs() < 1e-6, "{row}");
    }
}

#[test]
fn fair_against_one_unit_balances_each_against_it() {
    let v = json(&[
        "roster",
        &example("rosters/pool.toml"),
        "--fair",
        "against",
        "Rider",
        "--precision",
        "0.05",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(
        (v["fair"].as_str(), v["reference"].as_str()),
        (Some("against Rider"), Some("Rider"))
    );
    let rider = 1;
    for (x, row) in v["fitted_matrix"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        if x != rider && v["units"][x]["uneven"].is_null() {
            let cell = &row["cells"][rider];
            let (low, high) = (
                cell["low"].as_f64().unwrap(),
                cell["high"].as_f64().unwrap(),
            );
            assert!(low - 0.05 <= 0.5 && 0.5 <= high + 0.05, "{x}: {cell}");
        }
    }
}

#[test]
fn a_bad_roster_or_request_is_refused_with_its_place() {
    let file = scratch("roster").join("bad.toml");
    std::fs::write(&file, "system = \"pool\"\nbudget = 0\n").unwrap();
    let out = fray(&["roster", file.to_str().unwrap()]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("line 2, column 10: budget is 0"),
        "{}",
        out.stderr
    );
    let out = fray(&["roster", "--fair", "against", "Nobody"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("against `Nobody` is not a unit of the roster"),
        "{}",
        out.stderr
    );
}

#[test]
fn csv_and_a_report_page_give_the_same_prices() {
    let v = json(&["roster", "--example", "minions", "--json"]);
    let out = ok(&["roster", "--example", "minions", "--csv"]);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "unit,cost,fitted,low,high,uneven,mean_score_at_cost,mean_score_at_fitted,share_at_cost,share_at_fitted,basis"
    );
    assert_eq!(lines.len(), 1 + v["units"].as_array().unwrap().len());
    assert!(lines[1].starts_with("\"Recruit\",2,2,2,2,"), "{}", lines[1]);
    assert!(
        lines[1].ends_with(",kept") && lines[2].ends_with(",exact"),
        "{lines:?}"
    );
    let dir = scratch("roster-report");
    let out = ok(&[
        "roster",
        "--example",
        "minions",
        "--report",
        dir.to_str().unwrap(),
    ]);
    assert!(out.stderr.contains("report written to"), "{}", out.stderr);
    let page = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert_eq!(
        page.matches("<svg").count(),
        4,
        "the costs, two matrices and what rational players buy"
    );
    assert!(page.contains("What rational players buy"));
    assert!(page.contains("Scores at the fair costs") && page.contains("<h2>Findings</h2>"));
    let fetches = ["src=\"http", "href=\"http"]
        .iter()
        .any(|f| page.contains(f));
    assert!(!page.contains("<script") && !fetches, "self-contained");
}

#[test]
fn progress_lines_count_battles_against_the_cap() {
    let args = [
        "roster",
        "--example",
        "pool",
        "--precision",
        "0.2",
        "--max-battles",
        "200000",
        "--trials",
        "100",
        "--json",
        "--progress-every",
        "0",
    ];
    let out = ok(&args);
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    let battles = v["battles"].as_u64().unwrap();
    let last = out
        .stderr
        .lines()
        .filter_map(|l| l.strip_prefix("fray roster: "))
        .filter_map(|l| l.split_once(" battles of at most "))
        .map(|(done, cap)| (done.parse::<u64>().unwrap(), cap.to_string()))
        .next_back()
        .unwrap_or_else(|| panic!("no progress line: {}", out.stderr));
    assert!(last.0 <= battles, "{last:?} > {battles}");
    // The cap: the fit's and both matrices' (15 pairs of 100 battles and 8 more each).
    assert_eq!(last.1, (200_000 + 2 * 15 * 108).to_string());
    let quiet = ok(&[&args[..], &["--quiet"]].concat());
    assert!(quiet.stderr.is_empty(), "{}", quiet.stderr);
}

#[cfg(unix)]
#[test]
fn ctrl_c_keeps_the_rounds_finished_marked_incomplete() {
    let args = ["roster", "--example", "pool", "--precision", "0.001"]
        .into_iter()
        .chain(["--max-battles", "1000000000", "--threads", "1", "--json"])
        .chain(["--progress-every", "0"])
        .map(std::ffi::OsStr::new)
        .collect::<Vec<_>>();
    // Past the first matrix and a few rounds of the fit, then Ctrl-C.
    let run = interrupted(&args, |line| {
        let done: u64 = line
            .trim_start_matches("fray roster: ")
            .split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        done > 200_000
    });
    assert_eq!(run.code, 130, "{}", run.stderr);
    assert!(run.stderr.contains("interrupted"), "{}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["complete"], false);
    // The rounds finished are kept: the costs moved from the starting ones.
    assert!(v["rounds"].as_u64().unwrap() >= 1, "{v}");
    let moved = v["units"]
        .as_array()
        .unwrap()
        .iter()
        .any(|u| u["fitted"] != u["cost"]);
    assert!(moved, "{}", v["units"]);
}

#[test]
fn the_bundled_rosters_are_listed_with_their_texts() {
    let text = &ok(&["roster", "--list-examples"]).stdout;
    assert!(
        text.contains("  pool ") && text.contains("  minions "),
        "{text}"
    );
    let v = json(&["roster", "--list-examples", "--json"]);
    let listed = v.as_array().unwrap();
    assert_eq!(listed[0]["name"], "pool");
    // Each text is the bundled file, which prices as its name does.
    let file = std::fs::read_to_string(example("rosters/minions.toml")).unwrap();
    assert_eq!(listed[1]["text"], file.as_str());
}

#[test]
fn armies_are_searched_when_asked() {
    let out = ok(&["roster", "--example", "minions", "--armies", "--top", "2"]);
    assert!(
        out.stdout.contains("strongest armies against the field"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("#2 "), "{}", out.stdout);
    let v = json(&[
        "roster",
        "--example",
        "minions",
        "--armies",
        "--top",
        "2",
        "--json",
    ]);
    let armies = v["armies"]["armies"].as_array().unwrap();
    assert_eq!(armies.len(), 2);
    assert!(armies[0]["units"][0]["count"].as_u64().unwrap() > 0);
    // Without --armies there is no search, and no `armies` in the answer.
    let plain = json(&["roster", "--example", "minions", "--json"]);
    assert!(plain.get("armies").is_none());
    let refused = fray(&["roster", "--example", "minions", "--top", "2"]);
    assert_eq!(refused.code, 2);
    assert!(refused.stderr.contains("--armies"), "{}", refused.stderr);
}
