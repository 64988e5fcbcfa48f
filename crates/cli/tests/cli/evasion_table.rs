//! `fray evasion-table`: the chance to hit by level (or skill) and defender EV, its
//! ranges, and the library's request beside the command.

use crate::common::*;

#[test]
fn the_table_by_level_and_by_skill() {
    let table = [
        "evasion-table",
        "--levels",
        "0..8",
        "--step",
        "4",
        "--evs",
        "0..2",
    ];
    let v = json(&[&table[..], &["--json"]].concat());
    assert_eq!(v["rows"].as_array().unwrap().len(), 3);
    assert_eq!(v["rows"][0]["p_hit"][0], 0.5);
    // The text says its rows' step, so level 4 is not read as the level after 0.
    let text = &ok(&table).stdout;
    assert!(
        text.contains("rows: attacker level, every 4; columns"),
        "{text}"
    );
    check(
        &["evasion-table", "--by", "skill"],
        expect![[r#"
            P(hit) in %, normal model σ = 5; rows: attacker skill; columns: defender EV (medium size, no armor)
                             0     1     2     3     4     5     6     7     8     9    10
              restricted  21.2  15.9  11.5   8.1   5.5   3.6   2.3   1.4   0.8   0.5   0.3
               unskilled  34.5  27.4  21.2  15.9  11.5   8.1   5.5   3.6   2.3   1.4   0.8
                   basic  50.0  42.1  34.5  27.4  21.2  15.9  11.5   8.1   5.5   3.6   2.3
                 skilled  65.5  57.9  50.0  42.1  34.5  27.4  21.2  15.9  11.5   8.1   5.5
                  expert  78.8  72.6  65.5  57.9  50.0  42.1  34.5  27.4  21.2  15.9  11.5
        "#]],
    );
}

#[test]
fn ranges_must_run_upwards() {
    refuse(
        &["evasion-table", "--evs", "5..1"],
        expect![[r#"
            error: --evs: [5, 1]: expected [FROM, TO], whole numbers from -50 to 50 with FROM not above TO
        "#]],
    );
    refuse(
        &["evasion-table", "--levels", "10..2"],
        expect![[r#"
            error: --levels: [10, 2]: expected [FROM, TO], whole numbers from 0 to 100 with FROM not above TO
        "#]],
    );
}

#[test]
fn the_largest_uniform_sum_table_takes_moments() {
    let out = assert_cmd::Command::new(bin())
        .args(["evasion-table", "--uniform-sum", "64,1000", "--json"])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let first = v["rows"][0]["p_hit"][0].as_f64().unwrap();
    assert!((first - 0.5).abs() < 1e-3, "level 0 against EV 0: {first}");
}

#[test]
fn requests_answer_as_the_command() {
    use fray::evasion::request::TableRequest;
    let table = |json: &str| request_of(json, |r: TableRequest| Ok(r.validate()?.run()));
    let cases: &[(&str, &[&str])] = &[
        (r#"{}"#, &["evasion-table"]),
        (
            r#"{"by": "skill", "evs": [-3, 3], "model": {"uniform_sum": [4, 17]}}"#,
            &[
                "evasion-table",
                "--by",
                "skill",
                "--evs",
                "-3..3",
                "--uniform-sum",
                "4,17",
            ],
        ),
        (
            r#"{"levels": [0, 12], "step": 4, "evs": [2, 5]}"#,
            &[
                "evasion-table",
                "--levels",
                "0..12",
                "--step",
                "4",
                "--evs",
                "2..5",
            ],
        ),
        (
            r#"{"levels": [10, 2]}"#,
            &["evasion-table", "--levels", "10..2"],
        ),
        (r#"{"step": 0}"#, &["evasion-table", "--step", "0"]),
        (
            r#"{"evs": [-51, 0]}"#,
            &["evasion-table", "--evs", "-51..0"],
        ),
    ];
    each_same_as_cli(cases, table);
}
