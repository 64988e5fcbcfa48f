//! `fray sweep --odds SYSTEM --vary INPUT=RANGE`: the single-call commands (`check`,
//! `damage`, `evasion-table`) over a grid, each point the command's own JSON.

use super::sweep;
use crate::common::*;

#[test]
fn odds_sweep_points_equal_the_single_commands_json() {
    // Evasion: one cell of `fray evasion-table` a point.
    let grid = json(&[
        "sweep",
        "--odds",
        "evasion",
        "--vary",
        "attacker.level=1..12:5",
        "--vary",
        "defender.ev=-2..6:4",
        "--set",
        "model.sigma=4",
        "--json",
    ]);
    let points = grid["points"].as_array().unwrap();
    assert_eq!(points.len(), 9);
    for p in points {
        let (level, ev) = (&p["values"]["attacker.level"], &p["values"]["defender.ev"]);
        let table = json(&[
            "evasion-table",
            "--levels",
            &format!("{level}..{level}"),
            "--evs",
            &format!("{ev}..{ev}"),
            "--sigma",
            "4",
            "--json",
        ]);
        assert_eq!(p["answer"], table);
        assert_eq!(p["outcomes"][0], table["rows"][0]["p_hit"][0]);
    }
    // A higher level hits an evasive defender more often.
    assert!(points[6]["outcomes"][0].as_f64() > points[2]["outcomes"][0].as_f64());
    // Pool: `fray check` a point.
    let pool = json(&[
        "sweep", "--odds", "pool", "--vary", "tn=2..4", "--set", "bonus=1", "--json",
    ]);
    let p = &pool["points"][2];
    let check = json(&["check", "4/6", "--bonus", "1", "--json"]);
    assert_eq!(p["answer"], check);
    assert_eq!(p["outcomes"][0], check["p_success"]);
    assert_eq!(p["outcomes"][1], check["mean_degree"]);
    // Damage: `fray damage` a point, a fixed amount and dice.
    let damage = json(&[
        "sweep",
        "--odds",
        "damage",
        "--vary",
        "amount=3..12:3",
        "--set",
        r#"types=["fire"]"#,
        "--set",
        "vs=Resist 5 Fire",
        "--json",
    ]);
    let p = &damage["points"][3];
    let single = json(&["damage", "12", "fire", "--vs", "Resist 5 Fire", "--json"]);
    assert_eq!(p["answer"], single);
    assert_eq!(p["outcomes"][0].as_f64(), single["final"].as_f64());
    let dice = json(&[
        "sweep",
        "--odds",
        "damage",
        "--vary",
        "attacker_level=1,3",
        "--set",
        "amount=2d6",
        "--set",
        "vs=Resist 5 Fire",
        "--set",
        r#"types=["fire"]"#,
        "--json",
    ]);
    let single = json(&[
        "damage",
        "2d6",
        "fire",
        "--vs",
        "Resist 5 Fire",
        "--attacker-level",
        "3",
        "--json",
    ]);
    assert_eq!(dice["points"][1]["answer"], single);
    assert_eq!(dice["points"][1]["outcomes"][0], single["mean_final"]);
}

#[test]
fn odds_sweeps_are_the_same_on_one_thread_and_chart_like_battle_sweeps() {
    let dir = scratch("sweep-odds-report");
    let args = [
        "--odds",
        "pool",
        "--vary",
        "tn=1..5",
        "--vary",
        "bonus=-2..2",
    ];
    for format in ["--json", "--csv"] {
        let all = sweep(&[&args[..], &[format]].concat());
        let one = sweep(&[&args[..], &[format, "--threads", "1"]].concat());
        assert_eq!(all, one, "{format}");
    }
    let csv = sweep(&[&args[..], &["--csv"]].concat());
    assert_eq!(csv.lines().next(), Some("tn,bonus,p_success,mean_degree"));
    assert_eq!(csv.lines().count(), 26);
    let text = sweep(&[&args[..], &["--report", dir.to_str().unwrap()]].concat());
    assert!(
        text.starts_with("pool odds, exact\ntn  bonus  p_success  mean_degree\n"),
        "{text}"
    );
    let page = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(page.contains("<svg") && !page.contains("<script"));
    let heat = std::fs::read_to_string(dir.join("p_success_heat.svg")).unwrap();
    assert!(
        heat.starts_with("<svg") && heat.contains("50% contour"),
        "a heat map"
    );
    let curve = sweep(&[
        "--odds",
        "evasion",
        "--vary",
        "defender.ev=0..8",
        "--report",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(curve.lines().count(), 11, "{curve}");
    let line = std::fs::read_to_string(dir.join("p_hit.svg")).unwrap();
    assert!(line.contains("<polyline"), "a curve");
}

#[test]
fn odds_sweep_errors_name_the_input_and_the_point() {
    let fails = |args: &[&str], expected: Expect| {
        refuse(&[&["sweep"], args].concat(), expected);
    };
    fails(
        &["--odds", "pool", "--vary", "armor=1..3"],
        expect![[r#"
            error: --odds: pool: vary armor: `armor` is not an input of pool odds: expected one of tn, d, bonus, penalty, steps
        "#]],
    );
    fails(
        &["--odds", "evasion", "--vary", "defender.ev=40..60"],
        expect![[r#"
            error: --odds: evasion: at defender.ev = 51: [51, 51]: expected [FROM, TO], whole numbers from -50 to 50 with FROM not above TO
        "#]],
    );
    fails(
        &[
            "--odds",
            "evasion",
            "--vary",
            "defender.ev=1",
            "--set",
            "model.bogus=1",
        ],
        expect![[r#"
            error: --odds: evasion: at defender.ev = 1: unknown field `bogus`, expected one of `sigma`, `uniform_sum`, `fractional_level`, `wrong_launcher_counts`
        "#]],
    );
    fails(
        &[
            "--odds",
            "damage",
            "--vary",
            "amount=1",
            "--set",
            "roll=true",
        ],
        expect![[r#"
            error: --odds: damage: at amount = 1: roll: an odds sweep takes the exact distribution, not one roll
        "#]],
    );
    fails(
        &["--odds", "pool"],
        expect![[r#"
            error: --odds: pool: 0 axes: an odds sweep varies 1 or 2 inputs (a curve or a grid)
        "#]],
    );
    fails(
        &["--odds", "pool", "--vary", "tn=1", "--trials", "5"],
        expect![[r#"
            error: the argument '--odds <SYSTEM>' cannot be used with '--trials <TRIALS>'

            Usage: fray sweep --odds <SYSTEM> --vary <PATH=RANGE> [FILE]

            For more information, try '--help'.
        "#]],
    );
}
