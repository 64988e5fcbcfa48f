//! `fray sweep SCENARIO --vary PATH=RANGE`: a battle scenario played over a grid of
//! values (or searched with `--find`), as text, JSON, CSV and a report; `--odds` sweeps
//! are in `odds.rs`.

mod odds;

use crate::common::*;

/// Runs `fray sweep ARGS` and returns standard output, asserting success.
fn sweep(args: &[&str]) -> &'static str {
    &ok(&[&["sweep"], args].concat()).stdout
}

/// Two fields of each bundled scenario, a few values of each (the first axis's count
/// given; the second has two).
const SWEEP_AXES: [(&str, &str, usize, &str); 4] = [
    (
        "duel",
        "evasion.b.defense.hp=50,70",
        2,
        "evasion.a.defense.hp=40,50",
    ),
    (
        "minions",
        "minions.b.minions.Orc.count=2..4",
        3,
        "minions.a.minions.Spearman.hp=6,8",
    ),
    (
        "pikes",
        "pool.b.combatants.Rider.count=8..12:2",
        3,
        "pool.a.combatants.Pikeman.count=6,8",
    ),
    (
        "skirmish",
        "skirmish.creature.Fighter.hp=20,32",
        2,
        "skirmish.creature.Goblin Cutter.hp=10,14",
    ),
];

#[test]
fn sweep_runs_every_bundled_example_on_one_and_two_axes() {
    for (name, first, n1, second) in SWEEP_AXES {
        let file = example(&format!("battles/{name}.toml"));
        let one = json(&["sweep", &file, "--vary", first, "--trials", "20", "--json"]);
        assert_eq!(one["points"].as_array().unwrap().len(), n1, "{name}");
        assert!(one["complete"].as_bool().unwrap());
        let path = first.split('=').next().unwrap();
        for p in one["points"].as_array().unwrap() {
            assert!(p["values"][path].is_i64(), "{name}: {p}");
            let wins = p["report"]["sides"][0]["win"]["p"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&wins));
        }
        let csv = sweep(&[
            &file, "--vary", first, "--vary", second, "--trials", "20", "--csv",
        ]);
        let rows: Vec<&str> = csv.lines().collect();
        let grid = n1 * 2;
        assert_eq!(rows.len(), grid + 1, "{name}: {csv}");
        assert!(
            rows[0].starts_with(&format!("{path},")),
            "{name}: {}",
            rows[0]
        );
        let text = sweep(&[&file, "--vary", first, "--vary", second, "--trials", "20"]);
        assert_eq!(text.lines().count(), grid + 2, "{name}: {text}");
    }
}

#[test]
fn sweep_json_and_csv_are_identical_on_one_thread_and_on_all() {
    let file = example("battles/pikes.toml");
    for format in ["--json", "--csv"] {
        let run = |threads: &str| {
            sweep(&[
                &file,
                "--vary",
                "pool.b.combatants.Rider.count=8..11",
                "--vary",
                "pool.a.advantage=0,1",
                "--trials",
                "300",
                "--seed",
                "12",
                "--threads",
                threads,
                format,
            ])
        };
        assert_eq!(run("1"), run("0"), "{format}");
    }
}

#[test]
fn a_sweep_point_equals_fray_battle_with_its_value_and_seed() {
    let file = example("battles/pikes.toml");
    let out = json(&[
        "sweep",
        &file,
        "--vary",
        "pool.b.combatants.Rider.count=9,11",
        "--trials",
        "500",
        "--json",
    ]);
    let point = &out["points"][1];
    assert_eq!(point["values"]["pool.b.combatants.Rider.count"], 11);
    let text = std::fs::read_to_string(&file)
        .unwrap()
        .replace("count = 10", "count = 11");
    let scenario = write(&scratch("sweep-point"), "pikes11.toml", text);
    let seed = point["seed"].as_u64().unwrap().to_string();
    let battle = json(&[
        "battle", &scenario, "--trials", "500", "--seed", &seed, "--json",
    ]);
    assert_eq!(battle, point["report"]);
}

#[test]
fn sweep_find_lands_where_the_exact_duel_crosses_one_half() {
    let out = json(&[
        "sweep",
        &example("battles/duel.toml"),
        "--find",
        "evasion.b.defense.hp=20..200",
        "--target",
        "0.5",
        "--trials",
        "10",
        "--json",
    ]);
    let f = &out["find"];
    assert_eq!(f["exact"], true);
    let (low, high) = (f["low"].as_f64().unwrap(), f["high"].as_f64().unwrap());
    assert_eq!(high - low, 1.0);
    let at = |v: f64| {
        f["evaluations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["value"].as_f64() == Some(v))
            .map(|e| e["p"].as_f64().unwrap())
            .unwrap()
    };
    assert!(at(low) >= 0.5 && at(high) < 0.5);
    // The exact duel at those hit points, from `fray battle` itself.
    let text = std::fs::read_to_string(example("battles/duel.toml")).unwrap();
    let dir = scratch("sweep-find");
    for (hp, above) in [(low, true), (high, false)] {
        let path = write(
            &dir,
            &format!("duel{hp}.toml"),
            text.replace("hp = 60", &format!("hp = {hp}")),
        );
        let r = json(&["battle", &path, "--trials", "10", "--json"]);
        assert_eq!(r["sides"][0]["win"]["basis"], "exact");
        let exact = r["sides"][0]["win"]["p"].as_f64().unwrap();
        assert_eq!(exact, at(hp));
        assert_eq!(exact >= 0.5, above, "{hp}: {exact}");
    }
    let text = sweep(&[
        &example("battles/duel.toml"),
        "--vary",
        "evasion.b.defense.hp=60..90:10",
        "--find",
        "evasion.b.defense.hp",
        "--trials",
        "10",
    ]);
    assert!(
        text.contains("balance point: Valkyrie wins 50.00% at evasion.b.defense.hp"),
        "{text}"
    );
}

#[test]
fn sweep_errors_name_the_flag_the_value_and_the_known_paths() {
    let file = example("battles/duel.toml");
    let fails = |args: &[&str], expected: Expect| {
        let run = refuse(&[&["sweep"], args].concat(), expected);
        assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
    };
    fails(
        &[&file, "--vary", "evasion.b.defence.hp=1"],
        expect![[r#"
            error: $ROOT/examples/battles/duel.toml, --vary evasion.b.defence.hp=1: `evasion.b.defence.hp` names no numeric field written in the scenario (a default must be written in the file to be varied); nearest known paths: evasion.b.defense.hp, evasion.a.defense.hp, evasion.b.defense.ev, evasion.b.defense.size, evasion.a.defense.luck, evasion.a.attack.dex
        "#]],
    );
    fails(
        &[&file, "--vary", "evasion.b.defense.hp=50,0"],
        expect![[r#"
            error: $ROOT/examples/battles/duel.toml, line 56, column 6: --vary evasion.b.defense.hp=50,0 (value 0): evasion.b.defense.hp: must be a whole number from 1 to 1000000, got the integer `0`
              | hp = 0
              |      ^
        "#]],
    );
    fails(
        &[
            &file,
            "--vary",
            "evasion.b.defense.hp=1..1000",
            "--vary",
            "evasion.a.defense.hp=1..20",
        ],
        expect![[r#"
            error: $ROOT/examples/battles/duel.toml, the sweep has 1000 × 20 points: at most 10000 are allowed
        "#]],
    );
    fails(
        &[
            &file,
            "--vary",
            "evasion.b.defense.hp=1..100",
            "--trials",
            "100000000",
        ],
        expect![[r#"
            error: $ROOT/examples/battles/duel.toml, 100 points × 100000000 trials = 10000000000 battles: a sweep plays at most 1000000000; use fewer points or fewer `trials`
        "#]],
    );
    fails(
        &[&file, "--vary", "nonsense"],
        expect![[r#"
            error: $ROOT/examples/battles/duel.toml, `nonsense`: expected PATH=RANGE, e.g. evasion.b.defense.hp=40..80:10
        "#]],
    );
    fails(
        &[&file],
        expect![[r#"
            error: $ROOT/examples/battles/duel.toml, nothing to sweep: give `vary` (or `find`), or a [sweep] table in the scenario
        "#]],
    );
    // A search outward from the file's value counts its most values against the bound.
    fails(
        &[
            &example("battles/pikes.toml"),
            "--find",
            "pool.b.combatants.Rider.count",
            "--trials",
            "100000000",
        ],
        expect![[r#"
            error: $ROOT/examples/battles/pikes.toml, 0 battles for the points and up to 3600000000 for the search (--find pool.b.combatants.Rider.count, at most 36 values): a sweep plays at most 1000000000; use fewer `trials` or a range to search (PATH=FROM..TO)
        "#]],
    );
    // A search whose range does not cross the target fails too, but after its work:
    // what it played is printed (see a_search_without_a_crossing_keeps_the_points_it_played).
    let run = refuse(
        &["sweep", &file, "--find", "evasion.b.defense.hp=20..30"],
        expect![[r#"
            error: --find evasion.b.defense.hp=20..30: Valkyrie's win probability is 0.9977 at 20 and 0.9852 at 30: it does not cross 0.5 in this range
        "#]],
    );
    assert!(
        run.stdout.contains("Valkyrie against troll"),
        "{}",
        run.stdout
    );
}

#[test]
fn sweep_reads_its_table_from_the_file_and_writes_a_report() {
    let dir = scratch("sweep-report");
    let duel = std::fs::read_to_string(example("battles/duel.toml")).unwrap();
    let file = write(
        &dir,
        "duel-sweep.toml",
        duel.clone()
            + "\n[[sweep.vary]]\npath = \"evasion.b.defense.hp\"\nvalues = \"40..80:20\"\n",
    );
    let out = sweep(&[
        &file,
        "--trials",
        "50",
        "--report",
        dir.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(out.lines().count(), 5, "{out}");
    let page = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(
        page.contains("<svg") && page.contains("Win probability by defense hit points (side b)")
    );
    // Offline: nothing loaded from elsewhere.
    assert!(!page.contains("<script") && !page.contains("src=") && !page.contains("href="));
    let svg = std::fs::read_to_string(dir.join("win.svg")).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("<polyline"),
        "{svg}"
    );
    // The same file still plays as one battle.
    ok(&["battle", &file, "--trials", "10"]);
    let bad = write(&dir, "bad.toml", duel + "\n[sweep]\nvary = 3\n");
    refuse(
        &["sweep", &bad],
        expect![[r#"
            error: $TMP/sweep-report/bad.toml, [sweep]: line 60, column 8: must be a list, got the integer `3`
              | vary = 3
              |        ^
        "#]],
    );
}

#[test]
fn sweep_precision_points_are_fray_battle_with_that_precision_and_seed() {
    let pikes = example("battles/pikes.toml");
    let mut sweep_args = vec![
        "sweep",
        pikes.as_str(),
        "--vary",
        "pool.b.combatants.Rider.count=9,11",
        "--precision",
        "0.01",
        "--trials",
        "100000",
        "--quiet",
    ];
    let all = json(&[&sweep_args[..], &["--json"]].concat());
    assert_eq!(all["precision"], 0.01);
    assert_eq!(all["trials"], 100_000);
    let point = &all["points"][1];
    let battles = point["report"]["trials"].as_u64().unwrap();
    assert!(
        battles > 0 && battles < 100_000,
        "stopped at the precision: {battles}"
    );
    assert_eq!(point["report"]["precision"]["reached"], true);
    // The same scenario with that value, written by hand, played by `fray battle`.
    let text = std::fs::read_to_string(&pikes)
        .unwrap()
        .replace("count = 10\nhp = 7", "count = 11\nhp = 7");
    let file = write(&scratch("sweep-precision"), "pikes-11.toml", text);
    let seed = point["seed"].to_string();
    let battle = json(&[
        "battle",
        &file,
        "--precision",
        "0.01",
        "--trials",
        "100000",
        "--seed",
        &seed,
        "--quiet",
        "--json",
    ]);
    assert_eq!(battle, point["report"]);
    // One thread: the same points, battle for battle; the CSV gives each point's battles.
    sweep_args.extend(["--threads", "1"]);
    assert_eq!(json(&[&sweep_args[..], &["--json"]].concat()), all);
    sweep_args.pop();
    sweep_args.pop();
    sweep_args.push("--csv");
    let csv = sweep(&sweep_args[1..]);
    let row = csv.lines().nth(2).unwrap();
    assert!(
        row.starts_with("11,") && row.contains(&format!(",{battles},")),
        "{row}"
    );
    refuse(
        &[
            "sweep",
            &pikes,
            "--vary",
            "pool.b.combatants.Rider.count=9",
            "--precision",
            "2",
        ],
        expect![[r#"
            error: $ROOT/examples/battles/pikes.toml, precision 2: expected a number from 0.0001 to 0.5
        "#]],
    );
}

#[test]
fn a_precision_on_a_battle_without_dice_is_said_to_have_no_effect() {
    check(
        &[
            "sweep",
            &example("battles/minions.toml"),
            "--vary",
            "minions.a.minions.0.hp=2..3",
            "--precision",
            "0.01",
        ],
        expect![[r#"
            Militia against the orc band (minions system), 1 battle a point, sweep seed 1
            minions.a.minions.Spearman.hp  Militia wins  Orc band wins  draw  rounds  standing a  standing b
            2                              0% exact      100% exact     0%    5.00    0.00        1.00
            3                              0% exact      100% exact     0%    6.00    0.00        1.00
            --- stderr
            note: precision has no effect here: a minions battle has no dice, so each point's one run is its exact outcome
        "#]],
    );
}

#[test]
fn a_search_without_a_crossing_keeps_the_points_it_played() {
    let run = fray(&[
        "sweep",
        &example("battles/duel.toml"),
        "--vary",
        "evasion.b.defense.hp=20..30:10",
        "--find",
        "evasion.b.defense.hp",
        "--trials",
        "200",
        "--json",
    ]);
    assert_eq!(run.code, 2, "the search failed: {}", run.stderr);
    assert!(run.stderr.contains("does not cross 0.5"), "{}", run.stderr);
    let out: serde_json::Value = serde_json::from_str(&run.stdout).expect("the points as JSON");
    assert_eq!(out["points"].as_array().map(Vec::len), Some(2));
    assert!(
        out["find_failed"]
            .as_str()
            .unwrap()
            .contains("does not cross")
    );
    assert_eq!(out["complete"], true);
}

#[test]
fn a_search_without_a_range_steps_outward_from_the_files_value() {
    // The troll has 60 hit points in the file; the two whole values around the
    // crossing are given with their chances.
    check(
        &[
            "sweep",
            &example("battles/duel.toml"),
            "--find",
            "evasion.b.defense.hp",
        ],
        expect![[r#"
            Valkyrie against troll (evasion system), 20,000 battles a point, sweep seed 3
            balance point: Valkyrie wins 50.00% at evasion.b.defense.hp = 81.485, between 81 and 82 (exact answers; 10 values tried)
              searched outward from the scenario's value 60, over 32 to 88
              whole values: at 81, Valkyrie wins 50.62% (exact); at 82, 49.34% (exact)
        "#]],
    );
    // Sampled: each whole value with its 95% interval, in the text and the JSON.
    let args = [
        "sweep",
        &example("battles/pikes.toml"),
        "--find",
        "pool.b.combatants.Rider.count",
        "--side",
        "b",
        "--trials",
        "500",
        "--seed",
        "3",
    ];
    check(
        &args,
        expect![[r#"
            Pikes against riders (pool system), 500 battles a point, sweep seed 3
            balance point: Riders wins 50.00% at pool.b.combatants.Rider.count = 13.748, between 13 and 14 (sampled answers; the range is where the 95% intervals leave the crossing; 8 values tried)
              searched outward from the scenario's value 10, over 6 to 14
              whole values: at 13, Riders wins 32.80% (95% interval 28.83% to 37.03%); at 14, 55.80% (95% interval 51.42% to 60.09%)
        "#]],
    );
    let out = json(&[&args[..], &["--json"]].concat());
    let f = &out["find"];
    assert_eq!(f["start"], 10);
    let whole = f["whole_values"].as_array().unwrap();
    assert_eq!(whole.len(), 2);
    assert_eq!(
        whole[0]["value"].as_i64().unwrap() + 1,
        whole[1]["value"].as_i64().unwrap()
    );
    for w in whole {
        assert!(w["low"].as_f64() < w["p"].as_f64() && w["p"].as_f64() < w["high"].as_f64());
    }
    // The report page gives them as a table.
    let dir = scratch("sweep-outward");
    let report = dir.join("report");
    ok(&[&args[..], &["--report", report.to_str().unwrap()]].concat());
    let page = std::fs::read_to_string(report.join("report.html")).unwrap();
    assert!(page.contains("<table class=\"whole\">"), "{page}");
    assert!(
        page.contains("searched outward from the scenario's value 10"),
        "{page}"
    );
}

/// An all-or-nothing exact answer (a minions battle is won or lost) crosses the target in
/// one step between two whole values: said so, with no value interpolated between them.
#[test]
fn an_all_or_nothing_crossing_is_between_two_whole_values() {
    let out = ok(&[
        "sweep",
        &example("battles/minions.toml"),
        "--find",
        "minions.a.minions.Spearman.hp=1..30",
    ]);
    assert!(
        out.stdout.contains(
            "balance point: Militia wins 50.00% between minions.a.minions.Spearman.hp = 3 and 4: the exact answers step across it"
        ),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("3.500"), "{}", out.stdout);
}
