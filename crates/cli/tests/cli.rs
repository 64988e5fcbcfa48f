//! The `fray` command, as a user runs it.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn fray() -> Command {
    Command::cargo_bin("fray").expect("the fray binary is built")
}

/// Runs `fray damage ARGS --json` and returns the parsed output.
fn damage_json(args: &[&str]) -> Value {
    let out = fray()
        .arg("damage")
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The (original, mitigated, added, final) numbers of a JSON result.
fn numbers(v: &Value) -> Numbers {
    let n = |k: &str| {
        v[k].as_i64()
            .unwrap_or_else(|| panic!("`{k}` is an integer in {v}"))
    };
    (n("original"), n("mitigated"), n("added"), n("final"))
}

/// Original, mitigated, added and final damage.
type Numbers = (i64, i64, i64, i64);

const THREE: &str = "Resist Fire (Advantage); Resist 10 Fire; Resist 5 All";

#[test]
fn worked_examples_of_the_text() {
    let cases: &[(&[&str], Numbers)] = &[
        (&["27", "fire", "--vs", THREE], (27, 10, 0, 17)),
        (
            &["27", "fire", "--vs", THREE, "--advantage"],
            (27, 13, 0, 14),
        ),
        (
            &["17", "fire", "--vs", "Resist Fire; Vulnerable 5 Fire"],
            (17, 8, 5, 14),
        ),
        (
            &[
                "17",
                "fire",
                "cold",
                "--vs",
                "Resist Fire; Vulnerable 5 Cold",
            ],
            (17, 4, 2, 15),
        ),
        (
            &[
                "17",
                "fire",
                "cold",
                "acid",
                "--vs",
                "Damage Immune: Fire; Vulnerable 5 Cold; Vulnerable Acid",
            ],
            (17, 8, 6, 15),
        ),
        (
            &["17", "fire", "cold", "--vs", "Resist Fire; Resist All 5"],
            (17, 6, 0, 11),
        ),
    ];
    for (args, expected) in cases {
        assert_eq!(numbers(&damage_json(args)), *expected, "{args:?}");
    }
}

#[test]
fn insubstantial_and_swarm_tables() {
    let cases: &[(&[&str], i64)] = &[
        (&["20", "--vs", "Insubstantial"], 10),
        (&["20", "fire", "--vs", "Insubstantial"], 10),
        (&["20", "--vs", "Insubstantial", "--advantage"], 20),
        (&["20", "fire", "--vs", "Insubstantial", "--advantage"], 30),
        (&["20", "fire", "--vs", "Swarm"], 10),
        (&["20", "poison", "--vs", "Swarm"], 20),
        (&["20", "poison", "--vs", "Swarm", "--area"], 30),
        (&["20", "--vs", "Swarm", "--area"], 30),
    ];
    for (args, expected) in cases {
        assert_eq!(damage_json(args)["final"], *expected, "{args:?}");
    }
}

#[test]
fn the_issue_example_explains_itself_in_text() {
    fray()
        .args([
            "damage",
            "17",
            "fire",
            "cold",
            "--vs",
            "Resist Fire; Vulnerable 5 Cold",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("final damage: 15"))
        .stdout(predicate::str::contains("fire: Resist Fire mitigates 8"))
        .stdout(predicate::str::contains("adds 5"))
        .stdout(predicate::str::contains("(8 + 0) / 2 = 4"))
        .stdout(predicate::str::contains("(5 + 0) / 2 = 2"));
}

#[test]
fn json_has_the_promised_fields() {
    let v = damage_json(&[
        "17",
        "fire",
        "cold",
        "--vs",
        "Resist Fire; Vulnerable 5 Cold; Damage Trigger Cold: slowed",
    ]);
    assert_eq!(v["types"], serde_json::json!(["fire", "cold"]));
    assert_eq!(v["triggers"][0]["effect"], "slowed");
    let trace = v["trace"].as_array().unwrap();
    assert!(
        trace
            .iter()
            .all(|s| s["id"].is_string() && s["heading"].is_string() && s["text"].is_string())
    );
    assert!(trace.iter().any(|s| s["numbers"]["mitigated"] == 4));
}

#[test]
fn the_main_job_runs_the_default_example() {
    fray()
        .arg("damage")
        .assert()
        .success()
        .stdout(predicate::str::contains("example `multi-type`"))
        .stdout(predicate::str::contains("final damage: 15"));
}

#[test]
fn every_built_in_example_runs() {
    let out = fray()
        .args(["damage", "--list-examples", "--json"])
        .output()
        .unwrap();
    let list: Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert!(names.len() >= 10);
    for name in names {
        let v = damage_json(&["--example", name]);
        assert_eq!(v["example"], name);
    }
}

#[test]
fn flags_reach_the_rules() {
    assert_eq!(
        damage_json(&["12", "fire", "--vs", "Resist Fire 5", "--environmental"])["final"],
        7
    );
    assert_eq!(
        damage_json(&["20", "fire", "--vs", "Resist 10 Fire", "--reduce", "fire:5"])["final"],
        15
    );
    assert_eq!(
        damage_json(&["20", "--vs", "Vulnerable All (Critical)", "--critical"])["final"],
        30
    );
    assert_eq!(
        damage_json(&["20", "--vs", "Resist All (Ongoing)", "--ongoing"])["final"],
        10
    );
    assert_eq!(
        damage_json(&["20", "--vs", "Resist All (Not Silvered)", "--silvered"])["final"],
        20
    );
    assert_eq!(
        damage_json(&[
            "20",
            "--vs",
            "Vulnerable All (Epic)",
            "--attacker-level",
            "21"
        ])["final"],
        30
    );
    assert_eq!(
        damage_json(&["20", "--vs", "Resist All (Fear)", "--keyword", "fear"])["final"],
        10
    );
    let v = damage_json(&[
        "10",
        "--vs",
        "Condition Immune: Stunned; Nondamage Immune: Gaze",
        "--effect",
        "stunned",
        "--effect",
        "prone",
    ]);
    assert_eq!(
        (
            v["effects"][0]["applies"].as_bool(),
            v["effects"][1]["applies"].as_bool()
        ),
        (Some(false), Some(true))
    );
    let v = damage_json(&[
        "10",
        "--modify",
        "gain fire",
        "--modify",
        "extra 4 cold",
        "--vs",
        "Resist Fire",
    ]);
    assert_eq!(v["types"], serde_json::json!(["physical", "fire", "cold"]));
    assert_eq!(v["original"], 14);
}

#[test]
fn dice_give_an_exact_distribution_and_seeded_rolls_repeat() {
    let v = damage_json(&["2d6+3", "fire", "--vs", "Resist Fire"]);
    let rows = v["distribution"].as_array().unwrap();
    let total: f64 = rows.iter().map(|r| r["p"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert_eq!(v["min"], 3, "5 - 2");
    assert_eq!(v["max"], 8, "15 - 7");
    let a = damage_json(&["3d8", "fire", "--roll", "--seed", "42"]);
    let b = damage_json(&["3d8", "fire", "--roll", "--seed", "42"]);
    assert_eq!(a, b);
    assert_eq!(a["seed"], 42);
    assert_eq!(a["final"], a["rolled"]);
}

#[test]
fn types_lists_what_may_be_chosen() {
    let out = fray().args(["types", "--json"]).output().unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        !v["choosable"]
            .as_array()
            .unwrap()
            .contains(&Value::from("physical"))
    );
    let out = fray()
        .args(["types", "--json", "--including-physical"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        v["choosable"]
            .as_array()
            .unwrap()
            .contains(&Value::from("physical"))
    );
}

/// Bad input: a clear message on stderr, a non-zero exit, and never a panic.
fn refused(args: &[&str], phrase: &str) {
    fray()
        .args(args)
        .assert()
        .failure()
        .stderr(predicate::str::contains(phrase))
        .stderr(predicate::str::contains("panicked").not());
}

#[test]
fn malformed_traits_are_refused_with_line_and_column() {
    refused(
        &["damage", "10", "--vs", "Damage Immune: All"],
        "line 1, column 16",
    );
    refused(
        &["damage", "10", "--vs", "Damage Immune: All"],
        "not valid for a damage immunity",
    );
    refused(
        &["damage", "10", "--vs", "Resist Fire (Advantage"],
        "never closed",
    );
    refused(
        &["damage", "10", "--vs", "Resistt Fire"],
        "did you mean `resist`",
    );
    refused(
        &["damage", "10", "--vs", "Resist Fire\nVulnerable"],
        "line 2",
    );
    refused(
        &["damage", "10", "--vs", "Condition Immune: Sleepy"],
        "not a character condition",
    );
}

#[test]
fn bad_arguments_are_refused() {
    refused(&["damage", "ten"], "not a dice expression");
    refused(&["damage", "99999999999999"], "too large");
    refused(&["damage", "5000d6"], "too large");
    refused(&["damage", "10", "all"], "selects several damage types");
    refused(
        &["damage", "10", "--environmental", "--advantage"],
        "--advantage describes an attacker",
    );
    refused(&["damage", "10", "--reduce", "fire"], "expected TYPE:VALUE");
    refused(&["damage", "10", "--reduce", "fire:-3"], "whole number");
    refused(
        &["damage", "10", "--modify", "explode"],
        "not a modification",
    );
    refused(&["damage", "4000000000"], "too large");
    refused(&["damage", "--example", "nope"], "no built-in example");
    refused(&["damage", "10", "--attacker-level", "99999"], "99999");
}

#[test]
fn a_stat_block_file_names_itself_in_errors() {
    let dir = std::env::temp_dir().join(format!("fray-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("ghost.txt");
    std::fs::write(
        &good,
        "Insubstantial\nDamage Trigger Radiant: it flickers\n",
    )
    .unwrap();
    assert_eq!(
        damage_json(&["20", "radiant", "--vs-file", good.to_str().unwrap()])["triggers"][0]["effect"],
        "it flickers"
    );
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "Resist Fire\nResist 5 (Critical)\n").unwrap();
    refused(
        &["damage", "10", "--vs-file", bad.to_str().unwrap()],
        "bad.txt, line 2",
    );
    refused(
        &[
            "damage",
            "10",
            "--vs-file",
            dir.join("missing.txt").to_str().unwrap(),
        ],
        "cannot read",
    );
}

#[test]
fn typos_warn_on_stderr_and_keep_json_clean() {
    let out = fray()
        .args(["damage", "10", "fier", "--vs", "Resist Fier", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean `fire`"));
    let _: Value = serde_json::from_slice(&out.stdout).unwrap();
}

fn example(name: &str) -> String {
    format!(
        "{}/../../examples/minions/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn minions_plays_every_example_file() {
    let dir = format!("{}/../../examples/minions", env!("CARGO_MANIFEST_DIR"));
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        fray()
            .args(["minions", path.to_str().unwrap()])
            .assert()
            .success()
            .stdout(predicate::str::contains("result:"));
    }
}

#[test]
fn minions_log_says_why_each_attack_hit_or_missed() {
    fray()
        .args(["minions", &example("recruits-vs-orcs.toml")])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "its first attack this combat always hits",
        ))
        .stdout(predicate::str::contains(
            "1 level below its victim, miss 1 of 1",
        ))
        .stdout(predicate::str::contains("armor soaks 1"))
        .stdout(predicate::str::contains("is slain by"))
        .stdout(predicate::str::contains(
            "gains its experience level: level 1 → 2",
        ));
}

#[test]
fn minions_json_has_the_log_and_the_result() {
    let out = fray()
        .args(["minions", &example("gorgon.toml"), "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["result"]["winner"], "a");
    assert!(v["result"]["rounds"].as_u64().unwrap() > 0);
    let minions = v["result"]["minions"].as_array().unwrap();
    assert!(
        minions
            .iter()
            .all(|m| m["hp"].is_u64() && m["armor"].is_u64() && m["level"].is_u64())
    );
    let log = v["log"].as_array().unwrap();
    assert!(
        log.iter()
            .any(|e| e["event"] == "armor-gained" && e["heading"] == "Gaining Armor During Combat")
    );
    assert!(
        log.iter()
            .all(|e| e["text"].is_string() && e["rule"].is_string())
    );
}

#[test]
fn minions_options_override_the_file() {
    let out = fray()
        .args([
            "minions",
            &example("gorgon.toml"),
            "--json",
            "--quiet",
            "--max-rounds",
            "1",
            "--order",
            "simultaneous",
            "--targeting",
            "weakest",
        ])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rules"]["max_rounds"], 1);
    assert_eq!(v["rules"]["order"], "simultaneous");
    assert_eq!(v["result"]["rounds"], 1);
    assert_eq!(v["log"].as_array().unwrap().len(), 0);
}

#[test]
fn malformed_battle_files_are_refused_with_line_and_column() {
    let dir = std::env::temp_dir().join(format!("fray-minions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "[a]\nname = \"A\"\n[[a.minions]]\nname = \"X\"\nkind = \"hero\"\nhp = 5\ndamage = 1\n",
    )
    .unwrap();
    refused(
        &["minions", bad.to_str().unwrap()],
        "bad.toml, line 5, column 8",
    );
    std::fs::write(
        &bad,
        "[a]\nname = \"A\"\n[[a.minions]]\nname = \"X\"\nkind = \"recruit\"\nhp = -5\ndamage = 1\n",
    )
    .unwrap();
    refused(&["minions", bad.to_str().unwrap()], "line 6");
    std::fs::write(&bad, "[a\n").unwrap();
    refused(&["minions", bad.to_str().unwrap()], "line 1");
    refused(
        &["minions", dir.join("none.toml").to_str().unwrap()],
        "cannot read",
    );
    refused(
        &["minions", &example("horde.toml"), "--max-rounds", "0"],
        "0",
    );
}

fn json_of(args: &[&str]) -> Value {
    let out = fray().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn check_prints_exact_odds() {
    let v = json_of(&["check", "3/6", "--bonus", "2", "--json"]);
    assert!((v["p_success"].as_f64().unwrap() - 0.875).abs() < 1e-12);
    assert!(v["mean_degree"].is_f64());
    let rows = v["distribution"].as_array().unwrap();
    let total: f64 = rows.iter().map(|r| r["p"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert!(
        rows.iter()
            .all(|r| r["success"].is_boolean() && r["degree"].is_u64())
    );
    let v = json_of(&[
        "check", "9/10", "--ladder", "10:12,20", "--steps", "1", "--json",
    ]);
    assert_eq!(v["check"], "11/12", "a designer's d10 ladder");
    refused(
        &["check", "3/6", "--ladder", "10:12,20"],
        "not on the ladder",
    );
    let v = json_of(&["check", "7/8", "--steps", "-1", "--json"]);
    assert_eq!(v["check"], "5/6");
    fray()
        .args(["check", "3/6", "--penalty", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("any miss fails"))
        .stdout(predicate::str::contains("#"));
}

#[test]
fn sides_compares_two_sides_exactly() {
    let v = json_of(&[
        "sides",
        "--a",
        "5x3/6+3b",
        "--b",
        "7x4/6+1b,2x1/8+2p",
        "--json",
    ]);
    let total = ["p_a_more", "p_tie", "p_b_more"]
        .iter()
        .map(|k| v[k].as_f64().unwrap())
        .sum::<f64>();
    assert!((total - 1.0).abs() < 1e-9);
    assert!(v["a_mean_total"].as_f64().unwrap() > 9.0 && v["b_mean_total"].as_f64().unwrap() > 9.0);
    let same = json_of(&["sides", "--a", "3x3/6+1b", "--b", "3x3/6+1b", "--json"]);
    assert!(
        (same["p_a_more"].as_f64().unwrap() - same["p_b_more"].as_f64().unwrap()).abs() < 1e-12
    );
    fray()
        .args(["sides", "--a", "2000x3/6+2b", "--b", "2000x4/6"])
        .assert()
        .success()
        .stdout(predicate::str::contains("who deals more hits"));
}

#[test]
fn pool_commands_refuse_bad_input() {
    refused(&["check", "3/8"], "not on the ladder");
    refused(&["check", "three"], "not a difficulty");
    refused(&["check", "3/6", "--bonus", "500"], "too many");
    refused(&["sides", "--a", "5x3/6+3q", "--b", "3/6"], "--a");
    refused(&["sides", "--a", "3/6", "--b", "99999999x3/6"], "--b");
}

#[test]
fn mass_battle_plays_a_seeded_battle_with_a_log() {
    let file = format!(
        "{}/../../examples/pool/pikes-vs-riders.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    fray()
        .args(["mass-battle", &file])
        .assert()
        .success()
        .stdout(predicate::str::contains("exact odds of this round"))
        .stdout(predicate::str::contains("attacks"))
        .stdout(predicate::str::contains("result:"));
    let a = json_of(&["mass-battle", &file, "--json", "--seed", "3"]);
    let b = json_of(&["mass-battle", &file, "--json", "--seed", "3"]);
    assert_eq!(a, b, "the same seed replays the same battle");
    assert_eq!(a["seed"], 3);
    assert!(a["rounds"][0]["odds"]["p_a_more"].is_f64());
    assert!(a["result"]["rounds"].as_u64().unwrap() >= 1);
    let dir = std::env::temp_dir().join(format!("fray-mass-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "[a]\nname = \"A\"\n[[a.combatants]]\nname = \"x\"\nhp = \"lots\"\n",
    )
    .unwrap();
    refused(&["mass-battle", bad.to_str().unwrap()], "bad.toml, line 5");
}

fn evasion_example(name: &str) -> String {
    format!(
        "{}/../../examples/evasion/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn tohit_from_bonuses_and_from_profiles() {
    let v = json_of(&[
        "tohit",
        "--attacker-bonus",
        "2",
        "--defender-bonus",
        "2",
        "--json",
    ]);
    assert_eq!(v["p_hit"], 0.5, "equal totals give one half");
    let v = json_of(&[
        "tohit",
        "--attacker-bonus",
        "0",
        "--defender-bonus",
        "5",
        "--sigma",
        "5",
        "--json",
    ]);
    assert!((v["p_hit"].as_f64().unwrap() - 0.158_655_253_931_457).abs() < 1e-12);
    let v = json_of(&[
        "tohit",
        "--attacker-bonus",
        "-1",
        "--defender-bonus",
        "0",
        "--uniform-sum",
        "2,2",
        "--attacker-luck",
        "4",
        "--json",
    ]);
    assert!(v["p_hit"].as_f64().unwrap() > 0.0);
    let v = json_of(&[
        "tohit",
        "--attacker",
        &evasion_example("valkyrie.toml"),
        "--defender",
        &evasion_example("troll.toml"),
        "--json",
    ]);
    assert!(v["p_hit"].as_f64().unwrap() > 0.5);
    assert!(
        v["attacker"]["terms"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["source"].as_str().unwrap().contains("Dexterity"))
    );
    fray()
        .args([
            "tohit",
            "--attacker",
            &evasion_example("archer.toml"),
            "--defender",
            &evasion_example("knight.toml"),
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("distance 4"))
        .stdout(predicate::str::contains("large shield (shield) EV"));
}

#[test]
fn evasion_damage_table_and_appraisal() {
    let v = json_of(&[
        "evasion-damage",
        "--attacker",
        &evasion_example("valkyrie.toml"),
        "--defender",
        &evasion_example("troll.toml"),
        "--damage",
        "d8+d12",
        "--json",
    ]);
    let total: f64 = v["per_hit"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["p"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert!(v["mean_per_attack"].as_f64().unwrap() < v["mean_per_hit"].as_f64().unwrap());
    assert!(!v["high_damage_effects"].as_array().unwrap().is_empty());
    let v = json_of(&[
        "evasion-table",
        "--levels",
        "0..8",
        "--step",
        "4",
        "--evs",
        "0..2",
        "--json",
    ]);
    assert_eq!(v["rows"].as_array().unwrap().len(), 3);
    assert_eq!(v["rows"][0]["p_hit"][0], 0.5);
    fray()
        .args(["evasion-table", "--by", "skill"])
        .assert()
        .success()
        .stdout(predicate::str::contains("expert"));
    let v = json_of(&[
        "appraise",
        "--defender",
        &evasion_example("knight.toml"),
        "--json",
    ]);
    assert!((v["expected_dr"].as_f64().unwrap() - 3.7).abs() < 1e-9);
    assert!(v["reference_hit_chance"].is_f64());
}

#[test]
fn evasion_commands_refuse_bad_input() {
    refused(
        &["tohit", "--attacker-bonus", "1"],
        "give --attacker-bonus and --defender-bonus",
    );
    refused(
        &[
            "tohit",
            "--attacker-bonus",
            "1",
            "--defender-bonus",
            "0",
            "--sigma",
            "0",
        ],
        "sigma",
    );
    refused(
        &[
            "tohit",
            "--attacker-bonus",
            "1",
            "--defender-bonus",
            "0",
            "--uniform-sum",
            "4",
        ],
        "K,R",
    );
    refused(
        &[
            "tohit",
            "--attacker-bonus",
            "1",
            "--defender-bonus",
            "0",
            "--uniform-sum",
            "0,17",
        ],
        "uniform-sum",
    );
    refused(
        &[
            "tohit",
            "--attacker-bonus",
            "1e300",
            "--defender-bonus",
            "0",
        ],
        "from -1000 to 1000",
    );
    refused(
        &[
            "evasion-damage",
            "--attacker",
            &evasion_example("valkyrie.toml"),
            "--defender",
            &evasion_example("troll.toml"),
            "--damage",
            "900d10",
        ],
        "too large",
    );
    refused(&["evasion-table", "--evs", "5..1"], "--evs");
    let dir = std::env::temp_dir().join(format!("fray-evasion-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "kind = \"player\"\n[weapon]\nerosion = 7\n").unwrap();
    refused(
        &[
            "tohit",
            "--attacker",
            bad.to_str().unwrap(),
            "--defender",
            &evasion_example("troll.toml"),
        ],
        "bad.toml, line 3, column 11: weapon.erosion",
    );
    std::fs::write(&bad, "ev = 2\nspeed = 12\n").unwrap();
    refused(
        &["appraise", "--defender", bad.to_str().unwrap()],
        "unknown field",
    );
}

#[test]
fn encounter_scripts_run_from_the_command_line() {
    let dir = format!("{}/../../examples/encounters", env!("CARGO_MANIFEST_DIR"));
    fray()
        .args(["encounter", &format!("{dir}/grabbed.toml")])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "[escape] Hero escape check against Ogre",
        ))
        .stdout(predicate::str::contains("0 failed"));
    let v = json_of(&["encounter", &format!("{dir}/marks.toml"), "--json"]);
    assert!(v["expectations_met"].as_u64().unwrap() > 5);
    assert!(
        v["log"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["id"].is_string() && s["heading"].is_string())
    );
    let tmp = std::env::temp_dir().join(format!("fray-encounter-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let failing = tmp.join("failing.toml");
    let text = std::fs::read_to_string(format!("{dir}/stacking.toml"))
        .unwrap()
        .replacen("total = -4", "total = -3", 1);
    std::fs::write(&failing, text).unwrap();
    refused(
        &["encounter", failing.to_str().unwrap()],
        "expectation(s) failed",
    );
    let bad = tmp.join("bad.toml");
    std::fs::write(&bad, "[[creature]]\nname = \"A\"\nside = \"a\"\nhp = 10\n[[step]]\ndo = \"apply\"\ncreature = \"Z\"\ncondition = \"prone\"\n").unwrap();
    refused(
        &["encounter", bad.to_str().unwrap()],
        "bad.toml, line 7, column 12: step.0.creature: no creature is named `Z`",
    );
}

#[test]
fn battle_plays_the_default_and_bundled_scenarios() {
    fray()
        .arg("battle")
        .arg("--trials")
        .arg("300")
        .assert()
        .success()
        .stdout(predicate::str::contains("won:"))
        .stdout(predicate::str::contains("rounds: mean"));
    let list = json_of(&["battle", "--list-examples", "--json"]);
    for e in list.as_array().unwrap() {
        let name = e["name"].as_str().unwrap();
        let v = json_of(&["battle", "--example", name, "--trials", "200", "--json"]);
        assert!(v["sides"][0]["win"]["p"].is_f64(), "{name}");
        assert!(v["draw"]["high"].is_f64(), "{name}");
        assert!(v["rounds"]["median"].is_u64(), "{name}");
    }
    let one = fray()
        .args([
            "battle",
            "--example",
            "duel",
            "--trials",
            "500",
            "--json",
            "--threads",
            "1",
        ])
        .output()
        .unwrap();
    let all = fray()
        .args(["battle", "--example", "duel", "--trials", "500", "--json"])
        .output()
        .unwrap();
    assert_eq!(
        one.stdout, all.stdout,
        "identical JSON on one thread and on all"
    );
}

#[test]
fn battle_writes_an_html_report_and_a_schema() {
    let dir = std::env::temp_dir().join(format!("fray-report-{}", std::process::id()));
    fray()
        .args([
            "battle",
            "--example",
            "duel",
            "--trials",
            "200",
            "--report",
            dir.to_str().unwrap(),
        ])
        .assert()
        .success();
    let page = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(page.contains("<svg") && page.contains("Valkyrie") && page.contains("</html>"));
    assert_eq!(
        page.matches("<svg").count(),
        5,
        "outcomes, rounds, survival, hit points, damage (no conditions in a duel)"
    );
    let schema = json_of(&["battle", "--schema"]);
    assert!(schema["properties"]["system"].is_object());
}

#[test]
fn bad_battle_scenarios_are_refused() {
    let dir = std::env::temp_dir().join(format!("fray-battle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "system = \"pool\"\ntrials = 10\n[pool.a]\nname = \"A\"\n",
    )
    .unwrap();
    refused(&["battle", bad.to_str().unwrap()], "bad.toml, line");
    std::fs::write(&bad, "system = \"darts\"\n").unwrap();
    refused(
        &["battle", bad.to_str().unwrap()],
        "unknown variant `darts`",
    );
    refused(&["battle", "--example", "chess"], "no bundled scenario");
    refused(&["battle", "--trials", "0"], "0");
}

// ---- issue 11: damage ----

/// (damage, Damage Trigger): the trigger is reported after the hit's effects.
#[test]
fn damage_triggers_print_after_the_hits_effects() {
    let out = fray()
        .args([
            "damage",
            "10",
            "cold",
            "--vs",
            "Damage Trigger Cold: slowed; Condition Immune: Stunned",
            "--effect",
            "stunned",
            "--effect",
            "prone",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let trigger = text
        .find("trigger (cold): slowed")
        .expect("trigger printed");
    let stunned = text
        .find("effect stunned: ignored")
        .expect("effect printed");
    let prone = text
        .find("effect prone: takes hold")
        .expect("effect printed");
    assert!(stunned < trigger && prone < trigger, "{text}");
}

/// (damage, Resistance: Condition): an unknown condition is refused, in --vs and in files.
#[test]
fn unknown_conditions_are_refused_with_their_place() {
    refused(
        &["damage", "20", "fire", "--vs", "Resist Fire (Sometimes)"],
        "line 1, column 14: in the condition: `Sometimes` is not a condition or keyword fray knows",
    );
    refused(
        &["damage", "20", "--vs", "Resist All (Not Silverd)"],
        "did you mean `silvered`",
    );
    let dir = std::env::temp_dir().join(format!("fray-cli-issue11-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("sometimes.txt");
    std::fs::write(&bad, "Resist Cold\nResist Fire (Sometimes)\n").unwrap();
    refused(
        &["damage", "20", "--vs-file", bad.to_str().unwrap()],
        "sometimes.txt, line 2, column 14",
    );
    let good = dir.join("declared.txt");
    std::fs::write(&good, "Resist Fire (Sometimes)\nConditions: Sometimes\n").unwrap();
    let path = good.to_str().unwrap();
    assert_eq!(damage_json(&["20", "fire", "--vs-file", path])["final"], 20);
    let v = damage_json(&["20", "fire", "--vs-file", path, "--met", "sometimes"]);
    assert_eq!(v["final"], 10);
    assert_eq!(v["declared"], serde_json::json!(["sometimes"]));
    assert_eq!(v["hit"]["met"], serde_json::json!(["sometimes"]));
}

/// `--declare NAME` declares a condition; `--met NAME` says the hit meets it.
#[test]
fn declared_conditions_from_the_command_line() {
    let base = ["20", "fire", "--vs", "Resist Fire (Not Underwater)"];
    let declared = [&base[..], &["--declare", "Underwater"]].concat();
    assert_eq!(damage_json(&declared)["final"], 10);
    let met = [&declared[..], &["--met", "underwater"]].concat();
    assert_eq!(damage_json(&met)["final"], 20);
    fray()
        .args([
            "damage",
            "20",
            "fire",
            "--vs",
            "Resist Fire (Wet)",
            "--declare",
            "wet",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "against Conditions: Wet; Resist Fire (Wet)",
        ));
    refused(
        &["damage", "20", "--declare", "wet", "--met", "wte"],
        "--met `wte` is not a declared condition (did you mean `wet`?)",
    );
    refused(&["damage", "20", "--met", "advantage"], "declared: none");
    refused(&["damage", "20", "--declare", "Fear"], "already known");
    refused(
        &["damage", "20", "--vs", "Conditions: Fear"],
        "line 1, column 13",
    );
}

/// Keywords and effect names must be known (or, for keywords, declared).
#[test]
fn unknown_keywords_and_effects_are_refused_with_a_hint() {
    refused(
        &["damage", "20", "--keyword", "feer"],
        "--keyword: `feer` is not a keyword fray knows (did you mean `fear`?)",
    );
    assert_eq!(
        damage_json(&[
            "20",
            "--vs",
            "Resist All (Wet)",
            "--declare",
            "wet",
            "--keyword",
            "wet"
        ])["final"],
        10
    );
    refused(
        &["damage", "20", "--vs", "Nondamage Immune: Charn"],
        "column 19: `Charn` is not a keyword fray knows (did you mean `charm`?)",
    );
    refused(
        &["damage", "20", "--effect", "stuned"],
        "--effect: `stuned` is not an effect fray knows (did you mean `stunned`?)",
    );
    refused(
        &["damage", "20", "--effect", "on fire"],
        "blinded, dazed, deafened",
    );
    refused(
        &["damage", "20", "--effect", "on fire"],
        "push, pull, slide",
    );
}

/// Every flag that names a damage type warns about a probable typo, not only TYPE...
#[test]
fn probable_type_typos_warn_in_reduce_and_modify_too() {
    for args in [
        &["damage", "10", "--reduce", "fier:5", "--json"][..],
        &["damage", "10", "--modify", "gain colld", "--json"][..],
        &["damage", "10", "--modify", "extra 3 acdi", "--json"][..],
    ] {
        let out = fray().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("did you mean"), "{args:?}: {stderr}");
        let _: Value = serde_json::from_slice(&out.stdout).unwrap();
    }
}

/// --modify changes happen before the hit lands, so they open the explanation.
#[test]
fn modifications_open_the_explanation() {
    let v = damage_json(&[
        "10",
        "--modify",
        "gain fire",
        "--modify",
        "extra 4 cold",
        "--vs",
        "Resist Fire",
    ]);
    let trace = v["trace"].as_array().unwrap();
    assert_eq!(trace[0]["id"], "change-type");
    assert_eq!(trace[1]["id"], "extra-damage");
    assert_eq!(trace[1]["numbers"]["before"], 10);
    assert_eq!(trace[1]["numbers"]["damage"], 14);
    assert_eq!(trace.last().unwrap()["id"], "final");
    assert_eq!(v["final"], 11);
}

/// The bundled stat block with a declared condition plays both ways.
#[test]
fn the_wet_golem_example_declares_its_condition() {
    let path = format!(
        "{}/../../examples/damage/wet-golem.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let dry = damage_json(&["20", "lightning", "--vs-file", &path]);
    assert_eq!(dry["final"], 10);
    let wet = damage_json(&["20", "lightning", "--vs-file", &path, "--met", "wet"]);
    assert_eq!(wet["final"], 25);
    assert_eq!(wet["triggers"].as_array().unwrap().len(), 1);
}

// ---- issue 11: pool and minions ----

#[test]
fn minions_spells_between_combats_and_recruits_that_cannot_learn() {
    fray()
        .args(["minions", &example("spells.toml")])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "a spell of turn 2 falls on Chief: armor −1 (maximum now 1)",
        ))
        .stdout(predicate::str::contains(
            "3 damage, no armor against it (6 hp left)",
        ))
        .stdout(predicate::str::contains("-2 levels (level 3 → 1)"))
        .stdout(predicate::str::contains("Orc 3 is slain by Dullard"))
        .stdout(predicate::str::contains("Dullard made its first kill").not());
    let v = json_of(&[
        "minions",
        &example("spells.toml"),
        "--json",
        "--level-excess",
        "kept",
    ]);
    assert_eq!(v["rules"]["level_excess"], "kept");
    let log = v["log"].as_array().unwrap();
    assert!(
        log.iter()
            .any(|e| e["event"] == "spell" && e["minion"] == "Chief" && e["damage"] == 3)
    );
    let dir = std::env::temp_dir().join(format!("fray-spells-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    let text = std::fs::read_to_string(example("spells.toml"))
        .unwrap()
        .replace(
            "minion = \"Chief\"\ndamage = 3",
            "minion = \"Cheif\"\ndamage = 3",
        );
    std::fs::write(&bad, text).unwrap();
    refused(&["minions", bad.to_str().unwrap()], "did you mean `Chief`");
}

#[test]
fn mass_battle_targets_by_defenses_and_by_the_form_of_most_attackers() {
    let dir = std::env::temp_dir().join(format!("fray-targets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("forms.toml");
    let battle = |pikes: u32| {
        format!(
            "max_rounds = 1\n[[forms]]\nsuperior = \"pike\"\ninferior = \"cavalry\"\n[a]\nname = \"A\"\n[[a.combatants]]\nname = \"Pike\"\ncount = {pikes}\nhp = 9\nform = \"pike\"\n[[a.combatants]]\nname = \"Mace\"\ncount = {}\nhp = 9\n[b]\nname = \"B\"\n[[b.combatants]]\nname = \"Swordsman\"\nhp = 9\nform = \"sword\"\n[[b.combatants]]\nname = \"Rider\"\nhp = 9\nform = \"cavalry\"\n[[b.combatants]]\nname = \"Dancer\"\nhp = 9\ndodge = \"dodges-well\"\n",
            3 - pikes
        )
    };
    std::fs::write(&file, battle(2)).unwrap();
    fray()
        .args(["mass-battle", file.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("Pike 1 attacks Rider at 4/6"))
        .stdout(predicate::str::contains("Pike 2 attacks Swordsman at 3/6"))
        .stdout(predicate::str::contains("Mace 1 attacks Dancer at 2/6"));
    std::fs::write(&file, battle(1)).unwrap();
    fray()
        .args(["mass-battle", file.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("Pike 1 attacks Swordsman at 3/6"))
        .stdout(predicate::str::contains("Mace 1 attacks Rider at 3/6"));
    // The other readings: one edge among neutral attackers is enough, and dodging does
    // not count as a defense.
    fray()
        .args([
            "mass-battle",
            file.to_str().unwrap(),
            "--form-vote",
            "balance",
            "--defenses",
            "armor",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("Pike 1 attacks Rider at 4/6"))
        .stdout(predicate::str::contains("Mace 1 attacks Swordsman at 3/6"))
        .stdout(predicate::str::contains("Mace 2 attacks Dancer at 2/6"));
    let with_readings = |table: &str| battle(1).replace("max_rounds = 1\n", table);
    std::fs::write(
        &file,
        with_readings("max_rounds = 1\n[targeting]\nform = \"balance\"\n"),
    )
    .unwrap();
    fray()
        .args(["mass-battle", file.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("Pike 1 attacks Rider at 4/6"));
    std::fs::write(
        &file,
        with_readings("max_rounds = 1\n[targeting]\nform = \"all\"\n"),
    )
    .unwrap();
    refused(&["mass-battle", file.to_str().unwrap()], "line 3, column 8");
}

// ---- issue 11: evasion ----

#[test]
fn evasion_negative_dr_raises_damage_and_caught_gems_deal_none() {
    // -3 ring mail (DR 1 − 3 = −2) and a −2 helm: 10 × 0.9^-2 = 12.3 on torso and head.
    let v = json_of(&[
        "evasion-damage",
        "--attacker",
        &evasion_example("valkyrie.toml"),
        "--defender",
        &evasion_example("cursed-fighter.toml"),
        "--damage",
        "10",
        "--json",
    ]);
    let per_hit = v["per_hit"].as_array().unwrap();
    let p12 = per_hit
        .iter()
        .find(|r| r["damage"] == 12)
        .map(|r| r["p"].as_f64().unwrap());
    assert!((p12.unwrap() - 0.6).abs() < 1e-12, "{v}");
    assert!((v["mean_per_hit"].as_f64().unwrap() - 11.2).abs() < 1e-12);
    // Elemental damage skips DR and the high-damage cuts: 30 against 30 hp stays 30.
    let v = json_of(&[
        "evasion-damage",
        "--attacker",
        &evasion_example("valkyrie.toml"),
        "--defender",
        &evasion_example("cursed-fighter.toml"),
        "--damage",
        "30",
        "--kind",
        "elemental",
        "--json",
    ]);
    assert_eq!(v["per_hit"][0]["damage"], 30, "{v}");
    assert_eq!(v["high_damage_effects"].as_array().unwrap().len(), 0);
    // A gem thrown at a unicorn is caught: taken, no hit, no damage.
    let v = json_of(&[
        "evasion-damage",
        "--attacker",
        &evasion_example("gem-thrower.toml"),
        "--defender",
        &evasion_example("unicorn.toml"),
        "--damage",
        "1d4",
        "--json",
    ]);
    assert_eq!(
        (v["p_hit"].as_f64(), v["mean_per_attack"].as_f64()),
        (Some(0.0), Some(0.0))
    );
    assert_eq!(v["caught"], "gem-by-unicorn");
    fray()
        .args([
            "tohit",
            "--attacker",
            &evasion_example("gem-thrower.toml"),
            "--defender",
            &evasion_example("unicorn.toml"),
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("no hit and no damage"))
        .stdout(predicate::str::contains("P(hit) = 0.0000%"));
    // The ring of evasiveness is in the EV total; negative DR shows in the appraisal.
    let v = json_of(&[
        "appraise",
        "--defender",
        &evasion_example("cursed-fighter.toml"),
        "--json",
    ]);
    assert_eq!(v["ev_total"], 2.0, "ring mail EV 1 + ring 1: {v}");
    assert!(
        (v["expected_dr"].as_f64().unwrap() + 1.2).abs() < 1e-12,
        "{v}"
    );
}

#[test]
fn evasion_profiles_that_cannot_be_played_are_refused() {
    let dir = std::env::temp_dir().join(format!("fray-evasion11-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("monster.toml");
    std::fs::write(
        &bad,
        "kind = \"monster\"\nlevel = 5\n[weapon]\nkind = \"launcher\"\n",
    )
    .unwrap();
    refused(
        &[
            "tohit",
            "--attacker",
            bad.to_str().unwrap(),
            "--defender",
            &evasion_example("troll.toml"),
        ],
        "monster.toml, line 4, column 8: weapon.kind: a monster never swings a launcher",
    );
    std::fs::write(
        &bad,
        "kind = \"player\"\n[weapon]\nkind = \"ammo\"\n[ranged]\nprojectile = \"ammo\"\nkicked = true\n",
    )
    .unwrap();
    refused(
        &[
            "evasion-damage",
            "--attacker",
            bad.to_str().unwrap(),
            "--defender",
            &evasion_example("troll.toml"),
            "--damage",
            "d6",
        ],
        "line 6, column 10: ranged.kicked",
    );
}

#[test]
fn evasion_wrong_launcher_option() {
    let dir = std::env::temp_dir().join(format!("fray-evasion11w-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let archer = dir.join("crossbow.toml");
    std::fs::write(
        &archer,
        "kind = \"player\"\n[weapon]\nkind = \"ammo\"\n[ranged]\nlauncher = \"wrong\"\nlauncher_enchantment = 2\n",
    )
    .unwrap();
    let troll = evasion_example("troll.toml");
    let fixed = |extra: &[&str]| {
        let mut args = vec![
            "tohit",
            "--attacker",
            archer.to_str().unwrap(),
            "--defender",
            &troll,
            "--json",
        ];
        args.extend_from_slice(extra);
        json_of(&args)["attacker"]["fixed"].as_f64().unwrap()
    };
    assert_eq!(fixed(&[]), -6.0, "by default a wrong launcher adds nothing");
    assert_eq!(fixed(&["--wrong-launcher-counts"]), -4.0, "−6 + 2");
}

// ---- issue 11: conditions ----

#[test]
fn encounter_readings_switch_from_the_command_line() {
    let dir = format!("{}/../../examples/encounters", env!("CARGO_MANIFEST_DIR"));
    let tmp = std::env::temp_dir().join(format!("fray-readings-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let script = tmp.join("mark.toml");
    std::fs::write(
        &script,
        "[[creature]]\nname = \"Orc\"\nside = \"b\"\nhp = 30\nposition = [0, 0]\n\
         [[creature]]\nname = \"Paladin\"\nside = \"a\"\nhp = 30\nposition = [5, 5]\n\
         [[creature]]\nname = \"Wizard\"\nside = \"a\"\nhp = 20\nposition = [0, 1]\n\
         [[step]]\ndo = \"apply\"\ncreature = \"Orc\"\ncondition = \"marked\"\nsource = \"Paladin\"\n\
         [[step]]\ndo = \"apply\"\ncreature = \"Orc\"\ncondition = \"prone\"\n\
         [[step]]\ndo = \"expect\"\ncheck = \"attack-modifier\"\nattacker = \"Orc\"\n\
         target = \"Wizard\"\nviolates_mark = true\ntotal = -4\n",
    )
    .unwrap();
    let path = script.to_str().unwrap();
    // Untyped by default: the mark's -2 and prone's -2 add up.
    fray()
        .args(["encounter", path])
        .assert()
        .success()
        .stdout(predicate::str::contains("1 expectation(s) met, 0 failed"));
    // As a power penalty, only one -2 counts.
    fray()
        .args(["encounter", path, "--reading", "mark-penalty-power"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "attack modifier should be -4, is -2",
        ));
    // A stunned creature escapes by default, not under the other reading.
    let stunned = format!("{dir}/no-actions-no-escape.toml");
    fray().args(["encounter", &stunned]).assert().success();
    fray()
        .args(["encounter", &stunned, "--reading", "stunned-cannot-escape"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "Dazzled should be at (-1, 4), is at (0, 4)",
        ));
    refused(
        &["encounter", path, "--reading", "mark-penalty-cover"],
        "invalid value",
    );
}

#[test]
fn new_encounter_scripts_run_and_bad_terrain_is_located() {
    let dir = format!("{}/../../examples/encounters", env!("CARGO_MANIFEST_DIR"));
    for name in [
        "terrain",
        "objects",
        "senses",
        "effects",
        "mark-triggers",
        "reappear",
    ] {
        fray()
            .args(["encounter", &format!("{dir}/{name}.toml")])
            .assert()
            .success()
            .stdout(predicate::str::contains(", 0 failed"));
    }
    let tmp = std::env::temp_dir().join(format!("fray-terrain-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let bad = tmp.join("bad.toml");
    std::fs::write(&bad, "[[terrain]]\nname = \"pit\"\nsquares = []\n").unwrap();
    refused(
        &["encounter", bad.to_str().unwrap()],
        "line 3, column 11: expected at least one square",
    );
}

// ---- issue 12: reading input and writing text ----

/// A scratch directory of its own for each test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fray-text12-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs fray; returns (exit code, stdout, stderr) after checking it did not panic.
fn run_fray(args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = fray().args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    (out.status.code().unwrap_or(-1), out.stdout, stderr)
}

#[cfg(unix)]
#[test]
fn dev_zero_is_read_only_up_to_the_limit() {
    refused(
        &["damage", "5", "--vs-file", "/dev/zero"],
        "/dev/zero is larger than 1048576 bytes: a stat block file may hold at most 1048576",
    );
    refused(&["minions", "/dev/zero"], "/dev/zero is larger than");
    refused(
        &["appraise", "--defender", "/dev/zero"],
        "/dev/zero is larger than",
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_is_read_only_up_to_the_limit() {
    let fifo = scratch("fifo").join("pipe");
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here: /dev/zero above covers the same reader
    }
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            use std::io::Write;
            let mut w = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
            let chunk = vec![b'#'; 1 << 16];
            // Writes until the reader hangs up (a broken pipe ends the loop).
            while w.write_all(&chunk).is_ok() {}
        })
    };
    refused(
        &["damage", "5", "--vs-file", fifo.to_str().unwrap()],
        "is larger than 1048576 bytes",
    );
    writer.join().unwrap();
}

#[test]
fn text_that_is_not_utf8_is_located() {
    let file = scratch("utf8").join("block.txt");
    std::fs::write(&file, b"Resist Fire\nResist \xE9t\xFF Cold\n").unwrap();
    refused(
        &["damage", "5", "--vs-file", file.to_str().unwrap()],
        "block.txt, line 2, column 8: the byte 0xE9 is not UTF-8 text",
    );
    let battle = scratch("utf8").join("battle.toml");
    std::fs::write(&battle, b"[a]\nname = \"Orcs\xC3\"\n").unwrap();
    refused(
        &["minions", battle.to_str().unwrap()],
        "battle.toml, line 2, column 13: the byte 0xC3",
    );
}

#[test]
fn a_deep_nesting_error_quotes_a_short_excerpt() {
    let file = scratch("nest").join("deep.toml");
    let deep = format!("x = {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    std::fs::write(&file, deep).unwrap();
    let (code, _, stderr) = run_fray(&["minions", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.len() < 600, "{} bytes: {stderr}", stderr.len());
    assert!(
        stderr.contains("deep.toml, line 1, column 85: arrays or tables are nested too deeply"),
        "{stderr}"
    );
    // The caret stands under a `[` of the excerpt, at the column's place in it.
    let lines: Vec<&str> = stderr.lines().collect();
    let at = lines[2].find('^').unwrap();
    assert_eq!(lines[1].chars().nth(at), Some('['), "{stderr}");
    // A long stat-block line is quoted the same way.
    let long = scratch("nest").join("long.txt");
    let text = format!(
        "{}Resist Fier 99999999999999999999",
        "Swarm; ".repeat(30_000)
    );
    std::fs::write(&long, text).unwrap();
    let (code, _, stderr) = run_fray(&["damage", "5", "--vs-file", long.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.len() < 800, "{} bytes: {stderr}", stderr.len());
    assert!(stderr.contains("line 1, column 210013: limit `99999999999999999999` is too large: expected a whole number from 0 to 1000000000"), "{stderr}");
}

/// No control character but new line and tab reaches the terminal.
fn assert_no_controls(bytes: &[u8], what: &str) {
    let text = String::from_utf8_lossy(bytes);
    assert!(
        !text
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t'),
        "{what}: {text:?}"
    );
}

#[test]
fn escape_sequences_from_files_never_reach_the_terminal() {
    let dir = scratch("escape");
    // A minions battle file naming a creature with an escape sequence (a TOML escape).
    let battle = dir.join("battle.toml");
    let text = std::fs::read_to_string(example("recruits-vs-orcs.toml"))
        .unwrap()
        .replacen("name = \"Orc\"", "name = \"Orc\\u001b]0;pwned\\u0007\"", 1);
    std::fs::write(&battle, text).unwrap();
    let (code, stdout, stderr) = run_fray(&["minions", battle.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert_no_controls(&stdout, "minions log");
    assert!(String::from_utf8_lossy(&stdout).contains("hits Orc\\u{1b}]0;pwned\\u{7} 1"));
    let (_, stdout, _) = run_fray(&["minions", battle.to_str().unwrap(), "--json"]);
    assert_no_controls(&stdout, "minions JSON");
    let _: Value = serde_json::from_slice(&stdout).unwrap();
    // C1 controls and bidirectional overrides, which serde_json writes raw: escaped in
    // text, and valid JSON escapes that read back as the same name.
    let text = std::fs::read_to_string(example("recruits-vs-orcs.toml"))
        .unwrap()
        .replacen("name = \"Orc\"", "name = \"Orc\\u009b2J\\u202e\"", 1);
    std::fs::write(&battle, text).unwrap();
    let (_, stdout, _) = run_fray(&["minions", battle.to_str().unwrap()]);
    assert_no_controls(&stdout, "minions log, C1");
    assert!(String::from_utf8_lossy(&stdout).contains("hits Orc\\u{9b}2J\\u{202e} 1"));
    let (_, stdout, _) = run_fray(&["minions", battle.to_str().unwrap(), "--json"]);
    let json = String::from_utf8(stdout).unwrap();
    assert!(!json.contains('\u{9b}') && !json.contains('\u{202e}'));
    assert!(json.contains("Orc\\u009b2J\\u202e 1"), "{json}");
    let v: Value = serde_json::from_str(&json).unwrap();
    assert!(v.to_string().contains("Orc\u{9b}2J\u{202e} 1"));

    // A stat block: raw bytes in a trigger's effect, and in a line quoted by an error.
    let block = dir.join("block.txt");
    std::fs::write(&block, "Damage Trigger Fire: \x1b[2J\x07glows\n").unwrap();
    let (code, stdout, _) =
        run_fray(&["damage", "5", "fire", "--vs-file", block.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_no_controls(&stdout, "damage output");
    assert!(String::from_utf8_lossy(&stdout).contains("trigger (fire): \\u{1b}[2J\\u{7}glows"));
    std::fs::write(&block, "Damage Trigger Fire: x\x1b]0;pwned\x07\n").unwrap();
    let (code, _, stderr) =
        run_fray(&["damage", "5", "fire", "--vs-file", block.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_no_controls(stderr.as_bytes(), "damage error");
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(
        lines[1].contains("`pwned\\u{7}` does not start a trait"),
        "{stderr}"
    );
    assert_eq!(lines[2], "  | Damage Trigger Fire: x\\u{1b}]0;pwned\\u{7}");
    assert_eq!(
        lines[3],
        format!("  | {}{}", " ".repeat(31), "^".repeat(10))
    );

    // A profile: a value with an escape sequence, and a raw one in a comment.
    let profile = dir.join("profile.toml");
    std::fs::write(&profile, "kind = \"\\u001b]0;pwned\\u0007\"\nev = 2\n").unwrap();
    let (code, _, stderr) = run_fray(&["appraise", "--defender", profile.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_no_controls(stderr.as_bytes(), "profile error");
    assert!(
        stderr.contains("unknown variant `\\u{1b}]0;pwned\\u{7}`"),
        "{stderr}"
    );
    std::fs::write(&profile, "kind = \"monster\" # \x1b]0;pwned\x07\n").unwrap();
    let (code, _, stderr) = run_fray(&["appraise", "--defender", profile.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_no_controls(stderr.as_bytes(), "profile comment");
    assert!(stderr.contains("# \\u{1b}]0;pwned\\u{7}"), "{stderr}");
}

#[test]
fn warnings_are_capped_like_errors() {
    let file = scratch("warnings").join("typos.txt");
    std::fs::write(&file, "Resist fier\n".repeat(80_000)).unwrap();
    let (code, _, stderr) = run_fray(&["damage", "5", "fire", "--vs-file", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(stderr.len() < 10_000, "{} bytes of warnings", stderr.len());
    assert_eq!(stderr.matches("warning: ").count(), 21, "{stderr}");
    assert!(
        stderr.contains("typos.txt, line 20, column 8: `fier`"),
        "{stderr}"
    );
    assert!(stderr.contains("... and 79980 more warnings"), "{stderr}");
}

#[test]
fn damage_numeric_flags_walk_their_range() {
    // (arguments after `damage`, Ok(final damage) or Err(phrase of the refusal))
    let cases: &[(&[&str], Result<i64, &str>)] = &[
        (&["0", "fire"], Ok(0)),
        (&["--", "-1", "fire"], Err("from 0 to 1000000")),
        (&["--", "2-3", "fire"], Err("comes to -1")),
        (&["1000000", "fire"], Ok(1_000_000)),
        (&["1000001", "fire"], Err("too large")),
        (&["4294967295", "fire"], Err("too large")),
        (&["99999999999999999999", "fire"], Err("too large")),
        (&["--", "-9223372036854775808", "fire"], Err("amount")),
        (&["1d0"], Err("no sides")),
        (&["--", "-1d6"], Err("not a dice expression")),
        (&["0d6", "--roll", "--seed", "1"], Ok(0)),
        (&["1000d1", "--roll", "--seed", "1"], Ok(1000)),
        (&["10", "--attacker-level", "0"], Ok(10)),
        (&["10", "--attacker-level", "1000"], Ok(10)),
        (
            &["10", "--attacker-level", "-1"],
            Err("expected a whole number from 0 to 1000"),
        ),
        (
            &["10", "--attacker-level", "1001"],
            Err("expected a whole number from 0 to 1000"),
        ),
        (
            &["10", "--attacker-level", "4294967295"],
            Err("from 0 to 1000"),
        ),
        (
            &["10", "--attacker-level", "99999999999999999999"],
            Err("from 0 to 1000"),
        ),
        (
            &["10", "fire", "--vs", "Resist Fire", "--reduce", "fire:0"],
            Ok(5),
        ),
        (
            &[
                "10",
                "fire",
                "--vs",
                "Resist Fire",
                "--reduce",
                "fire:1000000000",
            ],
            Ok(10),
        ),
        (&["10", "--reduce", "fire:-1"], Err("from 0 to 1000000000")),
        (
            &["10", "--reduce", "fire:1000000001"],
            Err("from 0 to 1000000000"),
        ),
        (
            &["10", "--reduce", "fire:4294967295"],
            Err("from 0 to 1000000000"),
        ),
        (
            &["10", "--reduce", "fire:99999999999999999999"],
            Err("from 0 to 1000000000"),
        ),
        (&["10", "--modify", "extra 0"], Ok(10)),
        (&["10", "--modify", "extra 999999990"], Ok(1_000_000_000)),
        (
            &["10", "--modify", "extra 999999991"],
            Err("above 1000000000"),
        ),
        (
            &["1d10", "--modify", "extra 999999991"],
            Err("above 1000000000"),
        ),
        (
            &[
                "1d10",
                "--modify",
                "extra 999999991",
                "--roll",
                "--seed",
                "1",
            ],
            Err("above"),
        ),
        (
            &["10", "--modify", "extra -1"],
            Err("extra amount `-1` is not a whole number from 0 to 1000000000"),
        ),
        (
            &["10", "--modify", "extra 4294967295"],
            Err("from 0 to 1000000000"),
        ),
        (
            &["10", "--modify", "extra 99999999999999999999"],
            Err("from 0 to 1000000000"),
        ),
        (&["1d6", "--roll", "--seed", "0"], Ok(-1)),
        (&["1d6", "--roll", "--seed", "18446744073709551615"], Ok(-1)),
        (
            &["1d6", "--roll", "--seed", "-1"],
            Err("expected a whole number from 0 to 18446744073709551615"),
        ),
        (
            &["1d6", "--roll", "--seed", "99999999999999999999"],
            Err("from 0 to 18446744073709551615"),
        ),
    ];
    for (args, expected) in cases {
        let mut all = vec!["damage", "--json"];
        all.extend_from_slice(args);
        let (code, stdout, stderr) = run_fray(&all);
        match expected {
            Ok(final_damage) => {
                assert_eq!(code, 0, "{args:?}: {stderr}");
                let v: Value = serde_json::from_slice(&stdout).unwrap();
                let got = v["final"].as_i64().unwrap();
                if *final_damage >= 0 {
                    assert_eq!(got, *final_damage, "{args:?}");
                } else {
                    assert!((1..=6).contains(&got), "{args:?}: {got}");
                }
            }
            Err(phrase) => {
                assert_eq!(code, 2, "{args:?}");
                assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
                assert!(stderr.contains(phrase), "{args:?}: {stderr}");
            }
        }
    }
}

// ---- issue 12: evasion profiles, minions and the battle lab ----

fn scratch_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fray-12-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn issue12_evasion_enchantments_at_the_integer_minimum_are_refused_with_their_range() {
    let dir = scratch_dir("evmin");
    let troll = evasion_example("troll.toml");
    let archer = evasion_example("archer.toml");
    let cases = [
        ("attacker", "rings_of_accuracy = -2147483648\n", "line 1"),
        (
            "attacker",
            "kind = \"player\"\n[weapon]\nkind = \"ammo\"\n[ranged]\nlauncher_enchantment = -2147483648\n",
            "line 5",
        ),
        (
            "defender",
            "[armor.torso]\nenchantment = -2147483648\n",
            "line 2",
        ),
        ("defender", "rings_of_evasiveness = -2147483648\n", "line 1"),
    ];
    for (i, (role, text, line)) in cases.iter().enumerate() {
        let file = dir.join(format!("p{i}.toml"));
        std::fs::write(&file, text).unwrap();
        let f = file.to_str().unwrap();
        let (a, d) = if *role == "attacker" {
            (f, troll.as_str())
        } else {
            (archer.as_str(), f)
        };
        refused(
            &["tohit", "--attacker", a, "--defender", d],
            "expected a whole number from -50 to 50",
        );
        refused(&["tohit", "--attacker", a, "--defender", d], line);
    }
}

#[test]
fn issue12_the_largest_uniform_sum_table_takes_moments() {
    let out = fray()
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

/// A battle whose log has 300,002 events: 100,000 rounds between two walls.
fn long_minions_battle(dir: &std::path::Path) -> String {
    let file = dir.join("long.toml");
    std::fs::write(
        &file,
        "[rules]\nmax_rounds = 100000\n[a]\nname = \"A\"\n[[a.minions]]\nname = \"Wall\"\nkind = \"veteran\"\nhp = 1000000\ndamage = 1\n[b]\nname = \"B\"\n[[b.minions]]\nname = \"Rock\"\nkind = \"veteran\"\nhp = 1000000\ndamage = 1\n",
    )
    .unwrap();
    file.to_str().unwrap().to_string()
}

#[test]
fn issue12_minions_keeps_only_the_log_asked_for_and_bounds_it() {
    let dir = scratch_dir("minlog");
    let file = long_minions_battle(&dir);
    refused(&["minions", &file], "add --quiet for the result alone");
    refused(
        &["minions", &file, "--json"],
        "more than the 50000 fray prints as JSON",
    );
    fray()
        .args(["minions", &file, "--quiet"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Wall"))
        .stdout(predicate::str::contains("900000/1000000 hp"));
    let v = json_of(&["minions", &file, "--quiet", "--json"]);
    assert_eq!(v["log"].as_array().map(Vec::len), Some(0));
    assert_eq!(v["result"]["rounds"], 100000);
    // A short battle still prints its whole log.
    let v = json_of(&["minions", "../../examples/minions/gorgon.toml", "--json"]);
    assert!(v["log"].as_array().is_some_and(|l| !l.is_empty()));
}

#[test]
fn issue12_minions_numbers_out_of_range_name_the_range() {
    let dir = scratch_dir("minrange");
    let file = dir.join("neg.toml");
    std::fs::write(
        &file,
        "[a]\nname = \"A\"\n[[a.minions]]\nname = \"X\"\nkind = \"veteran\"\nhp = -1\ndamage = 1\n[b]\nname = \"B\"\n[[b.minions]]\nname = \"Y\"\nkind = \"veteran\"\nhp = 1\ndamage = 4294967296\n",
    )
    .unwrap();
    refused(
        &["minions", file.to_str().unwrap()],
        "line 6, column 6: hp is -1: expected a whole number from 1 to 1000000",
    );
}

fn stuck_duel(dir: &std::path::Path) -> String {
    let file = dir.join("stuck.toml");
    let side = |s: &str| {
        format!(
            "[evasion.{s}]\nname = \"{s} gems\"\ndamage = \"1d4\"\n[evasion.{s}.attack.ranged]\nprojectile = \"missile\"\nlauncher = \"none\"\nthrown = \"gem\"\n[evasion.{s}.defense]\nunicorn = true\n"
        )
    };
    std::fs::write(
        &file,
        format!(
            "system = \"evasion\"\ntrials = 300\nmax_rounds = 10\n{}{}",
            side("a"),
            side("b")
        ),
    )
    .unwrap();
    file.to_str().unwrap().to_string()
}

#[test]
fn issue12_an_exact_duel_nobody_can_win_is_a_draw_with_a_note() {
    let dir = scratch_dir("stuck");
    let file = stuck_duel(&dir);
    fray()
        .args(["battle", &file])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "undecided after 10 rounds: 100% (exact)",
        ))
        .stdout(predicate::str::contains(
            "neither duelist can ever deal damage",
        ))
        .stdout(predicate::str::contains("NaN").not());
    let v = json_of(&["battle", &file, "--json", "--quiet"]);
    assert_eq!(v["draw"]["p"], 1.0);
    assert_eq!(v["draw"]["basis"], "exact");
    assert_eq!(v["sides"][0]["win"]["p"], 0.0);
    assert_eq!(v["sides"][0]["win"]["basis"], "exact");
    assert_eq!(v["rounds"]["mean_basis"], "sampled", "infinite: not exact");
}

#[test]
fn issue12_an_unwritable_report_directory_is_refused_before_the_run() {
    let dir = scratch_dir("report");
    let blocker = dir.join("a-file");
    std::fs::write(&blocker, "not a directory").unwrap();
    let started = std::time::Instant::now();
    fray()
        .args([
            "battle",
            "--example",
            "duel",
            "--trials",
            "100000000",
            "--report",
        ])
        .arg(blocker.join("out"))
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot create"))
        .stdout(predicate::str::is_empty());
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
}

#[test]
fn issue12_progress_lines_without_a_terminal_and_none_with_quiet() {
    let out = fray()
        .args([
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
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("fray battle: ") && err.contains("/3000 battles"),
        "{err}"
    );
    assert!(err.lines().all(|l| l.len() < 80), "short lines: {err}");
    fray()
        .args(["battle", "--example", "duel", "--trials", "3000", "--quiet"])
        .args(["--json", "--progress-every", "0"])
        .assert()
        .success()
        .stderr(predicate::str::is_empty());
}

#[cfg(unix)]
#[test]
fn issue12_ctrl_c_prints_the_finished_battles_marked_incomplete() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command as Std, Stdio};

    let dir = scratch_dir("sigint");
    let report = dir.join("report");
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("fray"))
        .args(["battle", "--example", "duel", "--trials", "100000000"])
        .args([
            "--threads",
            "1",
            "--json",
            "--progress-every",
            "0",
            "--report",
        ])
        .arg(&report)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    // Wait until some chunks are done, then interrupt as Ctrl-C does.
    err.read_line(&mut line).unwrap();
    assert!(line.starts_with("fray battle: "), "{line}");
    let sent = Std::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{rest}");
    assert!(rest.contains("interrupted"), "{rest}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
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

// ---- issue 12: pool and dice ----

#[test]
fn pool_sides_with_a_multibyte_character_are_refused() {
    refused(&["sides", "--a", "3/6+é", "--b", "3/6"], "--a");
    refused(&["sides", "--a", "3/6", "--b", "é"], "--b");
}

#[test]
fn pool_huge_ladders_are_refused_quickly_with_a_short_message() {
    for ladder in ["4000000000", "1000000"] {
        let out = fray()
            .args(["check", "3/6", "--ladder", ladder])
            .output()
            .unwrap();
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("2 to 1000"), "{err}");
        assert!(err.len() < 400, "{} bytes", err.len());
    }
    let out = fray()
        .args(["check", "3/7", "--ladder", "1000"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("999 rungs") && err.len() < 400, "{err}");
    let dir = std::env::temp_dir().join(format!("fray-pool12-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let battle = dir.join("ladder.toml");
    std::fs::write(
        &battle,
        "ladder = \"4000000000\"\n[a]\nname = \"A\"\n[[a.combatants]]\nname = \"x\"\nhp = 1\n[b]\nname = \"B\"\n[[b.combatants]]\nname = \"y\"\nhp = 1\n",
    )
    .unwrap();
    refused(
        &["mass-battle", battle.to_str().unwrap()],
        "line 1, column 10",
    );
    let lab = dir.join("lab.toml");
    std::fs::write(
        &lab,
        "system = \"pool\"\ntrials = 10\n[pool]\nladder = \"1000000\"\n[pool.a]\nname = \"A\"\n[[pool.a.combatants]]\nname = \"x\"\nhp = 1\n[pool.b]\nname = \"B\"\n[[pool.b.combatants]]\nname = \"y\"\nhp = 1\n",
    )
    .unwrap();
    refused(&["battle", lab.to_str().unwrap()], "2 to 1000");
}

#[test]
fn pool_a_near_certain_check_prints_near_certainty() {
    let args = [
        "check",
        "9999/10000",
        "--ladder",
        "6:10000",
        "--bonus",
        "100",
    ];
    fray()
        .args(args)
        .assert()
        .success()
        .stdout(predicate::str::contains("P(success) = 100.0000%"))
        .stdout(predicate::str::contains("success 101"))
        .stdout(predicate::str::contains("less likely than 1e-308"));
    let mut json = args.to_vec();
    json.push("--json");
    let v = json_of(&json);
    assert!((v["p_success"].as_f64().unwrap() - 1.0).abs() < 1e-12);
    assert!(!v["distribution"].as_array().unwrap().is_empty());
    assert!((v["mean_degree_given_failure"].as_f64().unwrap() - 101.2).abs() < 1e-9);
    assert_eq!(v["warnings"].as_array().unwrap().len(), 1);
    let v = json_of(&[
        "sides",
        "--a",
        "9999/10000+100b",
        "--b",
        "3/6",
        "--ladder",
        "6:10000",
        "--json",
    ]);
    assert!(v["a_sd_total"].as_f64().unwrap() > 0.1, "{v}");
    assert!(v["p_a_more"].as_f64().unwrap() > 0.99);
    let out = fray()
        .args([
            "sides",
            "--a",
            "9999/10000+100b",
            "--b",
            "3/6",
            "--ladder",
            "6:10000",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("-0.000"), "{text}");
}

#[test]
fn pool_small_side_odds_are_computed_directly_or_flagged() {
    let v = json_of(&["sides", "--a", "8x5/6+3b", "--b", "8x1/8", "--json"]);
    let b_more = v["p_b_more"].as_f64().unwrap();
    assert!(b_more > 1e-14 && b_more < 1e-12, "{b_more}");
    assert!(v["below_error_bound"].as_array().unwrap().is_empty());
    // Far apart, the tie is below what the trimming can tell: flagged, not a bare 0.
    let v = json_of(&["sides", "--a", "2000x3/6+2b", "--b", "2000x4/6", "--json"]);
    let below: Vec<&str> = v["below_error_bound"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(
        below.contains(&"p_tie") && below.contains(&"p_b_more"),
        "{v}"
    );
    fray()
        .args(["sides", "--a", "2000x3/6+2b", "--b", "2000x4/6"])
        .assert()
        .success()
        .stdout(predicate::str::contains("warning: p_tie, p_b_more"));
    refused(
        &["sides", "--a", "10000000x3/6+100b", "--b", "3/6"],
        "use fewer combatants",
    );
}

#[test]
fn dice_too_costly_for_an_exact_distribution_say_to_roll() {
    refused(&["damage", "1000d10000", "fire"], "--roll");
    fray()
        .args(["damage", "1000d10000", "fire", "--roll", "--seed", "3"])
        .assert()
        .success();
}

// ---- issue 12: conditions ----

#[test]
fn encounter_scripts_refuse_out_of_range_numbers_and_empty_files() {
    let tmp = std::env::temp_dir().join(format!("fray-encounter12-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let write = |name: &str, text: &str| {
        let p = tmp.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let hero = "[[creature]]\nname = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n";
    // Four billion damage: refused where it is written, with the range.
    let damage = write(
        "damage.toml",
        &format!("{hero}[[step]]\ndo = \"damage\"\ncreature = \"Hero\"\namount = 4294967295\n"),
    );
    refused(
        &["encounter", &damage],
        "line 9, column 10: an amount is 4294967295: expected a whole number from 0 to 1000000",
    );
    // A square at the integer extreme.
    let far = write("far.toml", &hero.replace("[0, 0]", "[2147483647, 0]"));
    refused(&["encounter", &far], "from -1000000 to 1000000");
    // An empty script, and one with nothing but creatures.
    let empty = write("empty.toml", "");
    refused(&["encounter", &empty], "nothing to play");
    let idle = write("idle.toml", hero);
    fray()
        .args(["encounter", &idle])
        .assert()
        .success()
        .stdout(predicate::str::contains("no [[step]]: nothing to play"));
    // A d20 roll outside the die refuses the step: the attack does not run.
    let roll = write(
        "roll.toml",
        &format!(
            "{hero}[[creature.power]]\nname = \"Jab\"\nattack = 5\ndamage = \"1d4\"\n\
             [[creature]]\nname = \"Orc\"\nside = \"b\"\nhp = 10\nposition = [1, 0]\n\
             [[step]]\ndo = \"attack\"\nattacker = \"Hero\"\npower = \"Jab\"\ntargets = [\"Orc\"]\nrolls = [25]\n"
        ),
    );
    fray()
        .args(["encounter", &roll])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("Hero attacks Orc").not())
        .stderr(predicate::str::contains(
            "the fixed roll 25 cannot come from a d20: the step is refused and changes nothing",
        ));
}

// ---- issue 13: the text of every command ----

/// Runs fray and returns standard output and standard error, asserting success.
fn texts13(args: &[&str]) -> (String, String) {
    let out = fray().args(args).assert().success().get_output().clone();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn root13(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn issue13_names_print_as_the_rules_call_them() {
    let (out, _) = texts13(&[
        "evasion-damage",
        "--attacker",
        &root13("examples/evasion/valkyrie.toml"),
        "--defender",
        &root13("examples/evasion/knight.toml"),
        "--damage",
        "10d10",
    ]);
    for good in [
        "10d10 physical damage",
        "  wounded arms: ",
        "  cloak torn: ",
        "  wounded legs: ",
    ] {
        assert!(out.contains(good), "{good} in {out}");
    }
    for bad in [
        "Physical",
        "WoundedArms",
        "CloakTorn",
        "WoundedLegs",
        "Stunned",
    ] {
        assert!(!out.contains(bad), "{bad} in {out}");
    }
    let gem = root13("examples/evasion/gem-thrower.toml");
    let unicorn = root13("examples/evasion/unicorn.toml");
    let (out, _) = texts13(&["tohit", "--attacker", &gem, "--defender", &unicorn]);
    assert!(
        out.contains("the throw is caught (a gem thrown at a unicorn)"),
        "{out}"
    );
    assert!(!out.contains("GemByUnicorn"), "{out}");
    let (out, _) = texts13(&["minions", &example("horde.toml")]);
    assert!(out.contains("order interleaved, targeting spread"), "{out}");
}

/// The encounter log names defenses, modifier types, targets and durations as the rules
/// do: no `vs Ac`, `(Untyped)`, `Attack` or `UntilEnded`.
#[test]
fn issue13_encounter_log_names_print_as_the_rules_call_them() {
    let dir = root13("examples/encounters");
    let (out, _) = texts13(&["encounter", &format!("{dir}/mark-attack-roll.toml")]);
    assert!(out.contains("= 13 vs AC 15: miss"), "{out}");
    assert!(!out.contains("vs Ac "), "{out}");
    let (out, _) = texts13(&["encounter", &format!("{dir}/effects.toml")]);
    assert!(
        out.contains("Hero gets -1 (untyped) to attack rolls from Bane (until ended)"),
        "{out}"
    );
    assert!(
        out.contains("to all defenses from Shield of Faith (until the end of Hero's next turn)"),
        "{out}"
    );
    for debug in [
        "UntilEnded",
        "EndOfNextTurn",
        "(Untyped)",
        "(Power)",
        " Attack from",
    ] {
        assert!(!out.contains(debug), "{debug} in {out}");
    }
}

#[test]
fn issue13_grammar_and_numbers() {
    let (out, _) = texts13(&[
        "battle",
        "--example",
        "pikes",
        "--trials",
        "2000",
        "--seed",
        "1",
    ]);
    assert!(out.contains("(pool system), 2,000 battles\n"), "{out}");
    assert!(out.contains("  Riders won: "), "{out}");
    assert!(out.contains("  Pike square won: "), "{out}");
    assert!(
        !out.contains("Riders wins") && !out.contains("battle(s)"),
        "{out}"
    );
    // A rate that rounds to nothing is not printed as a certain 0.00%.
    assert!(!out.contains("0.00%"), "{out}");
    let (out, _) = texts13(&["minions", &example("gorgon.toml")]);
    assert!(
        out.contains("result: Knights (a) won after 1 turn, 6 combat rounds in all"),
        "{out}"
    );
    assert!(
        out.contains("up to 20 combat rounds a combat, 1 turn\n"),
        "{out}"
    );
    assert!(!out.contains("(s)") && !out.contains(" wins"), "{out}");
    let (out, _) = texts13(&[
        "mass-battle",
        &root13("examples/pool/pikes-vs-riders.toml"),
        "--seed",
        "1",
    ]);
    assert!(!out.contains(" 1 hits") && !out.contains("(s)"), "{out}");
    assert!(out.contains("takes 1 per hit for 1 hit = 1"), "{out}");
    assert!(
        out.contains("result: side a (Pike square) won after 3 rounds"),
        "{out}"
    );
    // A success message is a note, not a warning.
    let dir = scratch_dir("13-report");
    let (_, err) = texts13(&[
        "battle",
        "--example",
        "duel",
        "--trials",
        "100",
        "--quiet",
        "--report",
        dir.to_str().unwrap(),
    ]);
    assert!(err.contains("note: report written to"), "{err}");
    assert!(!err.contains("warning"), "{err}");
    // Interval bounds at no successes are exactly 0, not a rounding residue.
    let v = json_of(&[
        "battle",
        "--example",
        "pikes",
        "--trials",
        "300",
        "--seed",
        "1",
        "--json",
    ]);
    assert_eq!(v["undecided"]["low"].as_f64(), Some(0.0), "{v}");
    assert_eq!(v["mutual_destruction"]["low"].as_f64(), Some(0.0), "{v}");
    assert!(!v.to_string().contains("e-1"), "{v}");
}

#[test]
fn issue13_mutual_destruction_and_turns_are_named() {
    let (out, _) = texts13(&[
        "battle",
        "--example",
        "pikes",
        "--trials",
        "2000",
        "--seed",
        "1",
    ]);
    assert!(
        out.contains("  mutual destruction (no one left standing): 0.05% [0.01%, 0.28%]"),
        "{out}"
    );
    assert!(
        out.contains("  undecided after 40 rounds: 0% [0%, 0.19%]"),
        "{out}"
    );
    assert!(!out.contains("draws (undecided"), "{out}");
    let (out, _) = texts13(&["battle", "--example", "minions"]);
    assert!(
        out.contains("  undecided after 3 turns (each combat at most 3 rounds): 0% (exact)"),
        "{out}"
    );
    assert!(
        out.contains("combat rounds over all turns: mean 4.00"),
        "{out}"
    );
    assert!(!out.contains("undecided after 3 rounds"), "{out}");
    // Both groups slain in one combat: a mutual destruction, in fray minions too.
    let dir = scratch_dir("13-mutual");
    let file = dir.join("both.toml");
    std::fs::write(
        &file,
        "[rules]\norder = \"simultaneous\"\n[a]\nname = \"A\"\n[[a.minions]]\nname = \"X\"\nkind = \"monster\"\nhp = 1\ndamage = 5\n[b]\nname = \"B\"\n[[b.minions]]\nname = \"Y\"\nkind = \"monster\"\nhp = 1\ndamage = 5\n",
    )
    .unwrap();
    let (out, _) = texts13(&["minions", file.to_str().unwrap()]);
    assert!(
        out.contains("result: mutual destruction: both groups fell"),
        "{out}"
    );
    assert!(!out.contains("no group wins"), "{out}");
}

#[test]
fn issue13_skirmish_sides_have_names() {
    let (out, _) = texts13(&["battle", "--example", "skirmish", "--trials", "200"]);
    assert!(
        out.contains("  Heroes won: ") && out.contains("  Goblins won: "),
        "{out}"
    );
    assert!(!out.contains("side a") && !out.contains("side b"), "{out}");
    // Without names, a side is named by its creatures.
    let text = fray_example_text("skirmish").replace(
        "[skirmish.a]\nname = \"Heroes\"\n\n[skirmish.b]\nname = \"Goblins\"\n",
        "",
    );
    let dir = scratch_dir("13-skirmish");
    let file = dir.join("unnamed.toml");
    std::fs::write(&file, &text).unwrap();
    let (out, _) = texts13(&["battle", file.to_str().unwrap(), "--trials", "100"]);
    assert!(out.contains("  Fighter and Cleric won: "), "{out}");
    assert!(
        out.contains("  Goblin Cutter, Goblin Hexer and Goblin Blackblade won: "),
        "{out}"
    );
    let blank = dir.join("blank.toml");
    std::fs::write(
        &blank,
        fray_example_text("skirmish").replace("\"Heroes\"", "\"  \""),
    )
    .unwrap();
    refused(
        &["battle", blank.to_str().unwrap()],
        "a side's name has 0 characters: expected 1 to 100",
    );
}

fn fray_example_text(name: &str) -> String {
    std::fs::read_to_string(root13(&format!("examples/battles/{name}.toml"))).unwrap()
}

#[test]
fn issue13_ignored_flags_are_refused_or_explained() {
    refused(
        &["battle", "--list-examples", "--trials", "5"],
        "'--list-examples' cannot be used with '--trials <TRIALS>'",
    );
    refused(
        &["battle", "--list-examples", "--example", "duel"],
        "cannot be used with",
    );
    refused(
        &["battle", "--schema", "--seed", "3"],
        "cannot be used with",
    );
    texts13(&["battle", "--list-examples", "--json"]);
    let (_, err) = texts13(&["battle", "--example", "minions", "--trials", "500"]);
    assert!(
        err.contains("note: --trials has no effect here: a minions battle has no dice"),
        "{err}"
    );
    let (_, err) = texts13(&["battle", "--example", "pikes", "--trials", "300"]);
    assert!(!err.contains("no effect"), "{err}");
}

#[test]
fn issue13_help_defaults_negatives_and_ranges() {
    let (out, _) = texts13(&["--help"]);
    assert!(
        out.contains("A combat-rules engine and balance lab"),
        "{out}"
    );
    assert!(!out.contains("The fray command line"), "{out}");
    for cmd in ["check", "sides"] {
        let (out, _) = texts13(&[cmd, "--help"]);
        assert_eq!(out.matches("6:8,10,12,20").count(), 1, "{out}");
    }
    let (out, _) = texts13(&["battle", "--help"]);
    assert!(
        out.contains("Threads to use (0: every core) [default: 0]"),
        "{out}"
    );
    refused(
        &[
            "tohit",
            "--attacker-bonus",
            "3",
            "--defender-bonus",
            "2",
            "--sigma",
            "-1",
        ],
        "error: sigma must be a positive number",
    );
    let penalty = json_of(&["check", "3/6", "--penalty", "1", "--json"]);
    let negative = json_of(&["check", "3/6", "--bonus", "-1", "--json"]);
    assert_eq!(penalty, negative);
    assert_ne!(negative, json_of(&["check", "3/6", "--json"]));
    refused(
        &["check", "3/6", "--bonus", "-101"],
        "--bonus -101: too many dice",
    );
    refused(
        &["evasion-table", "--levels", "10..2"],
        "with FROM not above TO",
    );
    refused(
        &["evasion-table", "--evs", "5..1"],
        "with FROM not above TO",
    );
}

#[test]
fn issue13_the_schema_describes_every_section() {
    let v = json_of(&["battle", "--schema"]);
    let p = &v["properties"];
    assert_eq!(p["max_rounds"]["minimum"], 1, "{v}");
    assert_eq!(p["trials"]["minimum"], 1, "{v}");
    let pool = &p["pool"]["properties"]["a"]["properties"]["combatants"]["items"]["properties"];
    assert_eq!(pool["hp"]["minimum"], 1, "{v}");
    assert_eq!(pool["hp"]["maximum"], 1_000_000, "{v}");
    let minions = &p["minions"]["properties"];
    assert_eq!(
        minions["rules"]["properties"]["turns"]["maximum"], 1_000,
        "{v}"
    );
    assert_eq!(
        minions["a"]["properties"]["minions"]["items"]["properties"]["level"]["maximum"],
        5
    );
    let creature = &p["skirmish"]["properties"]["creature"]["items"]["properties"];
    assert_eq!(creature["hp"]["minimum"], 1, "{v}");
    assert!(
        creature["power"]["items"]["properties"]["vs"]["enum"].is_array(),
        "{v}"
    );
    assert_eq!(
        p["skirmish"]["properties"]["creature"]["maxItems"], 50,
        "{v}"
    );
}

#[test]
fn issue13_located_errors_look_the_same_everywhere() {
    let dir = scratch_dir("13-carets");
    let scenario = dir.join("bad.toml");
    std::fs::write(&scenario, "system = \"pool\"\nmax_rounds = 0\n").unwrap();
    let out = fray()
        .args(["battle", scenario.to_str().unwrap()])
        .assert()
        .failure()
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("  | max_rounds = 0\n  |              ^"),
        "{err}"
    );
    let out = fray()
        .args(["damage", "10", "fire", "--vs", "Resist Fire x"])
        .assert()
        .failure()
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("  | Resist Fire x\n  | "), "{err}");
    assert!(err.contains('^'), "{err}");
}

#[test]
fn issue13_completions_and_man_page() {
    for shell in ["bash", "zsh", "fish"] {
        let (out, _) = texts13(&["completions", shell]);
        for word in ["evasion-table", "mass-battle", "list-examples"] {
            assert!(out.contains(word), "{shell}: {word}");
        }
    }
    let (bash, _) = texts13(&["completions", "bash"]);
    assert!(bash.contains("complete -F _fray"), "{bash}");
    let (zsh, _) = texts13(&["completions", "zsh"]);
    assert!(zsh.starts_with("#compdef fray"), "{zsh}");
    let (fish, _) = texts13(&["completions", "fish"]);
    assert!(fish.contains("complete -c fray"), "{fish}");
    refused(&["completions", "tcsh"], "invalid value 'tcsh'");
    let (man, _) = texts13(&["man"]);
    assert!(man.contains(".TH fray 1"), "{man}");
    assert!(man.contains("combat\\-rules engine"), "{man}");
    let ignore = std::fs::read_to_string(root13(".gitignore")).unwrap();
    let readme = std::fs::read_to_string(root13("README.md")).unwrap();
    assert!(readme.contains("--report out/"));
    assert!(ignore.lines().any(|l| l.trim() == "out/"), "{ignore}");
}

#[test]
fn issue13_module_docs_cite_texts_by_short_name() {
    for system in ["damage", "evasion", "pool", "minions", "conditions"] {
        let doc =
            std::fs::read_to_string(root13(&format!("crates/fray/src/{system}/mod.rs"))).unwrap();
        let head: String = doc.lines().take_while(|l| l.starts_with("//!")).collect();
        assert!(
            head.contains(&format!("docs/rules/{system}.md")),
            "{system}"
        );
        assert!(head.contains(&format!("\"{system}\"")), "{system}");
        let hashed = head
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .any(|w| {
                w.len() == 20
                    && w.as_bytes()[3] == b'_'
                    && w[..3].bytes().all(|b| b.is_ascii_digit())
            });
        assert!(!hashed, "{system}: {head}");
        assert!(!head.contains(".txt"), "{system}: {head}");
    }
}

// ---- issue 13: report charts ----

/// `fray battle --example <each> --report DIR` writes a page whose charts are drawn by
/// plotters (its SVG backend), with titles, legends, the exact duel answer beside the
/// sampled one, and the hit-point values written; the hand-drawn charts' unlabelled
/// bars (a bare "98.2%" text at the edge, no legend) are gone.
#[test]
fn issue13_battle_reports_of_every_example_draw_titled_charts_with_legends() {
    for example in ["pikes", "duel", "minions", "skirmish"] {
        let dir =
            std::env::temp_dir().join(format!("fray-13-charts-{example}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut args = vec!["battle", "--example", example, "--quiet", "--report"];
        let path = dir.to_str().unwrap().to_string();
        args.push(&path);
        if example != "minions" {
            args.extend(["--trials", "300"]);
        }
        fray().args(&args).assert().success();
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
        // A duel's outcomes are exact (issue 15), like a minions battle's.
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

// ---- issue 15: evasion duel, exact in the lab, --precision ----

/// `fray battle --example duel` gives the chain's answers for the wins, draws and mean
/// rounds (marked exact, no interval), and marks what it sampled.
#[test]
fn issue15_the_duel_reports_exact_figures_and_says_what_is_sampled() {
    let v = json_of(&["battle", "--example", "duel", "--trials", "300", "--json"]);
    for side in 0..2 {
        let win = &v["sides"][side]["win"];
        assert_eq!(win["basis"], "exact", "{win}");
        assert_eq!(win["low"], win["p"], "no interval on an exact figure");
    }
    let (a, b) = (
        v["sides"][0]["win"]["p"].as_f64().unwrap(),
        v["sides"][1]["win"]["p"].as_f64().unwrap(),
    );
    assert!(
        (a + b - 1.0).abs() < 1e-12 && a > 0.7 && a < 0.85,
        "{a} {b}"
    );
    assert_eq!(v["draw"]["basis"], "exact");
    assert_eq!(v["rounds"]["mean_basis"], "exact");
    assert_eq!(v["rounds"]["basis"], "sampled");
    assert_eq!(v["survivors_basis"], "sampled");
    assert!(
        v["survivors"][0]["survival_low"].as_f64().unwrap()
            < v["survivors"][0]["survival_high"].as_f64().unwrap()
    );
    // Another seed samples other battles but the same exact answer.
    let other = json_of(&[
        "battle",
        "--example",
        "duel",
        "--trials",
        "300",
        "--json",
        "--seed",
        "99",
    ]);
    assert_eq!(other["sides"][0]["win"], v["sides"][0]["win"]);
    assert_ne!(other["rounds"]["histogram"], v["rounds"]["histogram"]);
    let out = fray()
        .args(["battle", "--example", "duel", "--trials", "300", "--quiet"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Valkyrie won: 77.43% (exact)"), "{text}");
    assert!(text.contains("(exact); sampled: 10%"), "{text}");
    assert!(text.contains("survivors (sampled):"), "{text}");
}

#[test]
fn issue15_precision_gives_the_same_json_on_one_thread_and_two_and_stops_early() {
    let run = |threads: &str| {
        json_of(&[
            "battle",
            "--example",
            "pikes",
            "--precision",
            "0.01",
            "--json",
            "--quiet",
            "--threads",
            threads,
        ])
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one["precision"]["target"], 0.01);
    assert_eq!(one["precision"]["reached"], true);
    assert_eq!(one["precision"]["cap"], 10_000_000);
    let trials = one["trials"].as_u64().unwrap();
    assert!(trials < 20_000, "a loose target stops early: {trials}");
    assert_eq!(one["complete"], true);
}

#[test]
fn issue15_precision_stops_at_the_cap_and_says_so() {
    let out = fray()
        .args([
            "battle",
            "--example",
            "pikes",
            "--precision",
            "0.0005",
            "--trials",
            "3000",
        ])
        .args(["--json", "--quiet"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["trials"], 3000);
    assert_eq!(v["precision"]["reached"], false);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("not reached") && err.contains("cap of 3,000"),
        "{err}"
    );
    refused(
        &["battle", "--precision", "0"],
        "--precision 0: expected a number from 0.0001 to 0.5",
    );
    refused(&["battle", "--precision", "lots"], "invalid float literal");
}

// ---- issue 14: requests ----
// Each command's request type, built from JSON as the web API and the Python bindings
// will build it, gives what the command prints with --json for the same input, and a
// bad request is refused with the command's own message.

/// What `fray ARGS` gives: its JSON output, or its error message (the last line of
/// standard error, without `error: `; messages of several lines keep them all).
fn cli_answer(args: &[&str]) -> Result<Value, String> {
    let (code, stdout, stderr) = run_fray(args);
    if code == 0 {
        return Ok(serde_json::from_slice(&stdout).expect("--json output is JSON"));
    }
    let at = stderr
        .find("error: ")
        .unwrap_or_else(|| panic!("{args:?}: no error in {stderr}"));
    Err(stderr[at + "error: ".len()..].trim_end().to_string())
}

/// Asserts the library's answer to a request equals the command's for `args`.
fn same_as_cli(library: Result<Value, String>, args: &[&str]) {
    assert_eq!(library, cli_answer(args), "{args:?}");
}

/// A result as JSON read back from its text, as the command's output is read: serde_json
/// reads some floats one unit in the last place off, the same way for both sides.
fn as_read(result: &impl serde::Serialize) -> Value {
    serde_json::from_str(&serde_json::to_string(result).unwrap()).unwrap()
}

/// A damage request from JSON, validated and run, as JSON or its refusal.
fn damage_request(json: &str) -> Result<Value, String> {
    use fray::damage::request::DamageRequest;
    let request: DamageRequest = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let valid = request.validate().map_err(|e| e.message)?;
    Ok(as_read(&valid.run()))
}

#[test]
fn damage_requests_answer_as_the_command() {
    let cases: &[(&str, &[&str])] = &[
        (r#"{}"#, &["damage"]),
        (
            r#"{"amount": 17, "types": ["fire", "cold"], "vs": "Resist Fire; Vulnerable 5 Cold",
                "critical": true}"#,
            &[
                "damage",
                "17",
                "fire",
                "cold",
                "--critical",
                "--vs",
                "Resist Fire; Vulnerable 5 Cold",
            ],
        ),
        (
            r#"{"amount": "2d6+3", "types": ["fire"], "vs": "Resist 5 Fire"}"#,
            &["damage", "2d6+3", "fire", "--vs", "Resist 5 Fire"],
        ),
        (
            r#"{"amount": "2d6+3", "types": ["fire"], "roll": true, "seed": 4}"#,
            &["damage", "2d6+3", "fire", "--roll", "--seed", "4"],
        ),
        (
            r#"{"example": "environmental"}"#,
            &["damage", "--example", "environmental"],
        ),
        (
            r#"{"amount": "1d10", "types": ["fire"], "modify": ["gain cold", "extra 3 acid"],
                "vs": "Resist 5 Fire", "advantage": true, "attacker_level": 12}"#,
            &[
                "damage",
                "1d10",
                "fire",
                "--modify",
                "gain cold",
                "--modify",
                "extra 3 acid",
                "--vs",
                "Resist 5 Fire",
                "--advantage",
                "--attacker-level",
                "12",
            ],
        ),
        (
            r#"{"amount": 10, "types": ["fire"], "declare": ["wet"], "met": ["wet"],
                "vs": "Resist 5 Fire (wet)", "effect": ["stunned"], "keyword": ["fear"],
                "reduce": ["fire:2"], "reading": ["reduction-ignores-conditions"]}"#,
            &[
                "damage",
                "10",
                "fire",
                "--declare",
                "wet",
                "--met",
                "wet",
                "--vs",
                "Resist 5 Fire (wet)",
                "--effect",
                "stunned",
                "--keyword",
                "fear",
                "--reduce",
                "fire:2",
                "--reading",
                "reduction-ignores-conditions",
            ],
        ),
        // Refusals: the same message.
        (
            r#"{"amount": 10, "attacker_level": 1001}"#,
            &["damage", "10", "--attacker-level", "1001"],
        ),
        (
            r#"{"amount": 10, "vs": "Damage Immune: All"}"#,
            &["damage", "10", "--vs", "Damage Immune: All"],
        ),
        (
            r#"{"amount": 10, "environmental": true, "area": true}"#,
            &["damage", "10", "--environmental", "--area"],
        ),
        (r#"{"amount": "1000d10000"}"#, &["damage", "1000d10000"]),
        (r#"{"amount": -1}"#, &["damage", "--", "-1"]),
        (
            r#"{"amount": 10, "met": ["wet"], "declare": ["wett"]}"#,
            &["damage", "10", "--met", "wet", "--declare", "wett"],
        ),
        (r#"{"example": "nope"}"#, &["damage", "--example", "nope"]),
    ];
    each_same_as_cli(cases, damage_request);
}

#[test]
fn bad_damage_requests_are_refused_before_any_work() {
    refusal(
        damage_request(r#"{"amount": 1, "colour": "red"}"#),
        "unknown field `colour`",
    );
    refusal(
        damage_request(r#"{"amount": 1, "attacker_level": -1}"#),
        "invalid value",
    );
    // A roll needs a seed in a request: the library takes none from a clock.
    refusal(
        damage_request(r#"{"amount": "1d6", "roll": true}"#),
        "needs a seed",
    );
    refusal(
        damage_request(r#"{"amount": 1, "example": "multi-type"}"#),
        "not both",
    );
}

/// A battle request from JSON, validated and run, as JSON or its refusal.
fn battle_request(json: &str) -> Result<Value, String> {
    use fray_lab::request::BattleRequest;
    let request: BattleRequest = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let valid = request.validate().map_err(|e| e.message)?;
    Ok(as_read(&valid.run().map_err(|e| e.message)?))
}

#[test]
fn battle_requests_answer_as_the_command() {
    let duel = format!(
        "{}/../../examples/battles/duel.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let duel_text = std::fs::read_to_string(&duel).unwrap();
    let with_text =
        serde_json::json!({"scenario": duel_text, "trials": 300, "seed": 9}).to_string();
    let cases: Vec<(String, Vec<&str>)> = vec![
        (
            r#"{"example": "duel", "trials": 300, "seed": 5, "threads": 1}"#.into(),
            vec![
                "battle",
                "--example",
                "duel",
                "--trials",
                "300",
                "--seed",
                "5",
                "--threads",
                "1",
            ],
        ),
        (
            r#"{"example": "pikes", "trials": 200}"#.into(),
            vec!["battle", "--example", "pikes", "--trials", "200"],
        ),
        (
            r#"{"example": "skirmish", "trials": 50, "seed": 2}"#.into(),
            vec![
                "battle",
                "--example",
                "skirmish",
                "--trials",
                "50",
                "--seed",
                "2",
            ],
        ),
        (
            r#"{"example": "minions"}"#.into(),
            vec!["battle", "--example", "minions"],
        ),
        (
            with_text,
            vec!["battle", &duel, "--trials", "300", "--seed", "9"],
        ),
        // Refusals: the same message.
        (r#"{"trials": 0}"#.into(), vec!["battle", "--trials", "0"]),
        (
            r#"{"trials": 100000001}"#.into(),
            vec!["battle", "--trials", "100000001"],
        ),
        (
            r#"{"threads": 1025}"#.into(),
            vec!["battle", "--threads", "1025"],
        ),
        (
            r#"{"example": "nope"}"#.into(),
            vec!["battle", "--example", "nope"],
        ),
    ];
    for (json, args) in &cases {
        let mut with_json = args.clone();
        with_json.extend(["--json", "--quiet"]);
        same_as_cli(battle_request(json), &with_json);
    }
    // A scenario's own errors keep their line and column; a request names it "the scenario".
    refusal(
        battle_request(r#"{"scenario": "system = \"pool\"\ntrials = 0\n"}"#),
        "the scenario, line 2",
    );
    refusal(
        battle_request(r#"{"example": "duel", "trails": 5}"#),
        "unknown field `trails`",
    );
    refusal(
        battle_request(r#"{"example": "duel", "scenario": ""}"#),
        "not both",
    );
}

/// Each (request JSON, command arguments) pair answers alike, `--json` added.
fn each_same_as_cli(cases: &[(&str, &[&str])], answer: impl Fn(&str) -> Result<Value, String>) {
    for (json, args) in cases {
        let mut with_json = args.to_vec();
        with_json.push("--json");
        same_as_cli(answer(json), &with_json);
    }
}

/// The request is refused, and the message says `phrase`.
fn refusal(answer: Result<Value, String>, phrase: &str) {
    let message = answer.expect_err("a refusal");
    assert!(message.contains(phrase), "{message}");
}

/// A request of type `R` from JSON, validated and run by `run`, as JSON or its refusal.
fn request_of<R: serde::de::DeserializeOwned, A: serde::Serialize>(
    json: &str,
    run: impl Fn(R) -> Result<A, fray::request::Refusal>,
) -> Result<Value, String> {
    let request: R = serde_json::from_str(json).map_err(|e| e.to_string())?;
    run(request).map(|a| as_read(&a)).map_err(|e| e.message)
}

#[test]
fn pool_requests_answer_as_the_commands() {
    use fray::pool::request::{CheckRequest, MassBattleRequest, SidesRequest};
    let check = |json: &str| request_of(json, |r: CheckRequest| Ok(r.validate()?.run()));
    let cases: &[(&str, &[&str])] = &[
        (r#"{"rung": "3/6"}"#, &["check", "3/6"]),
        (
            r#"{"rung": "9/10", "ladder": "10:12,20", "steps": 1, "bonus": -2, "penalty": 1}"#,
            &[
                "check",
                "9/10",
                "--ladder",
                "10:12,20",
                "--steps",
                "1",
                "--bonus",
                "-2",
                "--penalty",
                "1",
            ],
        ),
        (
            r#"{"rung": "3/6", "bonus": -101}"#,
            &["check", "3/6", "--bonus", "-101"],
        ),
        (
            r#"{"rung": "3/6", "steps": 1001}"#,
            &["check", "3/6", "--steps", "1001"],
        ),
        (
            r#"{"rung": "3/6", "ladder": "1:2"}"#,
            &["check", "3/6", "--ladder", "1:2"],
        ),
        (r#"{"rung": "99/6"}"#, &["check", "99/6"]),
    ];
    each_same_as_cli(cases, check);
    let sides = |json: &str| request_of(json, |r: SidesRequest| Ok(r.validate()?.run()));
    let cases: &[(&str, &[&str])] = &[
        (
            r#"{"a": "5x3/6+3b", "b": "4x4/6"}"#,
            &["sides", "--a", "5x3/6+3b", "--b", "4x4/6"],
        ),
        (
            r#"{"a": "5x3/6", "b": "bogus"}"#,
            &["sides", "--a", "5x3/6", "--b", "bogus"],
        ),
        // Refused before any work, with the bound in the message.
        (
            r#"{"a": "10000000x3/6+100b", "b": "1x3/6"}"#,
            &["sides", "--a", "10000000x3/6+100b", "--b", "1x3/6"],
        ),
    ];
    each_same_as_cli(cases, sides);
    let file = format!(
        "{}/../../examples/pool/pikes-vs-riders.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let mass = |json: &str| request_of(json, |r: MassBattleRequest| r.validate()?.run());
    for (extra, args) in [
        (serde_json::json!({"seed": 3}), vec!["--seed", "3"]),
        (
            serde_json::json!({"quiet": true, "form_vote": "balance", "defenses": "armor"}),
            vec!["--quiet", "--form-vote", "balance", "--defenses", "armor"],
        ),
    ] {
        let mut json = extra;
        json["battle"] = Value::from(text.clone());
        let mut cli = vec!["mass-battle", &file, "--json"];
        cli.extend(args);
        same_as_cli(mass(&json.to_string()), &cli);
    }
    refusal(mass(r#"{"battle": "[a\n"}"#), "the battle, line 1");
    refusal(mass(r#"{"battle": "", "sed": 1}"#), "unknown field `sed`");
}

#[test]
fn minions_and_encounter_requests_answer_as_the_commands() {
    use fray::conditions::request::EncounterRequest;
    use fray::minions::request::MinionsRequest;
    let examples = format!("{}/../../examples", env!("CARGO_MANIFEST_DIR"));
    let minions = |json: &str| request_of(json, |r: MinionsRequest| r.validate()?.run());
    let horde = format!("{examples}/minions/horde.toml");
    let gorgon = format!("{examples}/minions/gorgon.toml");
    let cases: Vec<(&String, Value, Vec<&str>)> = vec![
        (&horde, serde_json::json!({}), vec![]),
        (
            &gorgon,
            serde_json::json!({"order": "simultaneous", "targeting": "weakest",
                "level_excess": "kept", "max_rounds": 5, "turns": 2}),
            vec![
                "--order",
                "simultaneous",
                "--targeting",
                "weakest",
                "--level-excess",
                "kept",
                "--max-rounds",
                "5",
                "--turns",
                "2",
            ],
        ),
        (&horde, serde_json::json!({"quiet": true}), vec!["--quiet"]),
        (
            &horde,
            serde_json::json!({"max_rounds": 0}),
            vec!["--max-rounds", "0"],
        ),
        (
            &horde,
            serde_json::json!({"turns": 1001}),
            vec!["--turns", "1001"],
        ),
    ];
    for (file, mut json, flags) in cases {
        json["battle"] = Value::from(std::fs::read_to_string(file).unwrap());
        let mut cli = vec!["minions", file.as_str(), "--json"];
        cli.extend(flags);
        same_as_cli(minions(&json.to_string()), &cli);
    }
    refusal(minions(r#"{"battle": "[a\n"}"#), "the battle, line 1");
    refusal(
        minions(r#"{"battle": "", "rounds": 3}"#),
        "unknown field `rounds`",
    );

    let encounter = |json: &str| request_of(json, |r: EncounterRequest| Ok(r.validate()?.run()));
    for (name, json, flags) in [
        ("marks", serde_json::json!({}), vec![]),
        (
            "mark-penalty",
            serde_json::json!({"reading": ["mark-penalty-power"], "seed": 3}),
            vec!["--reading", "mark-penalty-power", "--seed", "3"],
        ),
    ] {
        let file = format!("{examples}/encounters/{name}.toml");
        let mut json = json;
        json["script"] = Value::from(std::fs::read_to_string(&file).unwrap());
        let mut cli = vec!["encounter", file.as_str(), "--json"];
        cli.extend(flags);
        same_as_cli(encounter(&json.to_string()), &cli);
    }
    // A failed expectation is part of the answer (the command also exits 2 after printing it).
    let file = format!("{examples}/encounters/no-actions-no-escape.toml");
    let json = serde_json::json!({"script": std::fs::read_to_string(&file).unwrap(),
        "reading": ["stunned-cannot-escape"]});
    let answer = encounter(&json.to_string()).unwrap();
    let failures = answer["failures"].as_array().unwrap();
    assert!(!failures.is_empty(), "{answer}");
    refusal(
        encounter(r#"{"script": "[[creature]]\nname = 3\n"}"#),
        "the script, line 2",
    );
}

#[test]
fn evasion_requests_answer_as_the_commands() {
    use fray::evasion::request::{
        AppraiseRequest, EvasionDamageRequest, TableRequest, ToHitRequest,
    };
    let dir = format!("{}/../../examples/evasion", env!("CARGO_MANIFEST_DIR"));
    let path = |name: &str| format!("{dir}/{name}.toml");
    let text = |name: &str| std::fs::read_to_string(path(name)).unwrap();
    let tohit = |json: &str| request_of(json, |r: ToHitRequest| Ok(r.validate()?.run()));
    let cases: &[(&str, &[&str])] = &[
        (
            r#"{"attacker_bonus": 5, "defender_bonus": 2, "attacker_luck": 4, "defender_luck": -3}"#,
            &[
                "tohit",
                "--attacker-bonus",
                "5",
                "--defender-bonus",
                "2",
                "--attacker-luck",
                "4",
                "--defender-luck",
                "-3",
            ],
        ),
        (
            r#"{"attacker_bonus": 1, "defender_bonus": 1, "model": {"uniform_sum": "4,17"}}"#,
            &[
                "tohit",
                "--attacker-bonus",
                "1",
                "--defender-bonus",
                "1",
                "--uniform-sum",
                "4,17",
            ],
        ),
        (
            r#"{"attacker_bonus": 1, "defender_bonus": 1, "attacker_luck": 14}"#,
            &[
                "tohit",
                "--attacker-bonus",
                "1",
                "--defender-bonus",
                "1",
                "--attacker-luck",
                "14",
            ],
        ),
        (
            r#"{"attacker_bonus": 5000, "defender_bonus": 1}"#,
            &["tohit", "--attacker-bonus", "5000", "--defender-bonus", "1"],
        ),
        (
            r#"{"attacker_bonus": 1, "defender_bonus": 1, "model": {"sigma": -1}}"#,
            &[
                "tohit",
                "--attacker-bonus",
                "1",
                "--defender-bonus",
                "1",
                "--sigma",
                "-1",
            ],
        ),
        (
            r#"{"attacker_bonus": 5}"#,
            &["tohit", "--attacker-bonus", "5"],
        ),
    ];
    each_same_as_cli(cases, tohit);
    // Profiles: the request holds their text; a front end that read files names them.
    let (archer, troll) = (path("archer"), path("troll"));
    let json = serde_json::json!({"attacker": text("archer"), "defender": text("troll"),
        "model": {"sigma": 3, "fractional_level": true}});
    same_as_cli(
        tohit(&json.to_string()),
        &[
            "tohit",
            "--attacker",
            &archer,
            "--defender",
            &troll,
            "--sigma",
            "3",
            "--fractional-level",
            "--json",
        ],
    );
    refusal(
        tohit(&serde_json::json!({"attacker": "level = -4", "defender": ""}).to_string()),
        "attacker, line 1",
    );

    let damage = |json: &str| request_of(json, |r: EvasionDamageRequest| r.validate()?.run());
    let (ant, knight) = (path("soldier-ant"), path("knight"));
    for (extra, flags) in [
        (
            serde_json::json!({"damage": "3d6"}),
            vec!["--damage", "3d6"],
        ),
        (
            serde_json::json!({"damage": "d8+2", "kind": "elemental", "rounding": "down"}),
            vec![
                "--damage",
                "d8+2",
                "--kind",
                "elemental",
                "--rounding",
                "down",
            ],
        ),
        (serde_json::json!({"damage": "x"}), vec!["--damage", "x"]),
    ] {
        let mut json = extra;
        json["attacker"] = Value::from(text("soldier-ant"));
        json["defender"] = Value::from(text("knight"));
        let mut cli = vec![
            "evasion-damage",
            "--attacker",
            &ant,
            "--defender",
            &knight,
            "--json",
        ];
        cli.extend(flags);
        same_as_cli(damage(&json.to_string()), &cli);
    }

    let table = |json: &str| request_of(json, |r: TableRequest| Ok(r.validate()?.run()));
    let cases: &[(&str, &[&str])] = &[
        (r#"{}"#, &["evasion-table"]),
        (
            r#"{"by": "skill", "evs": "-3..3", "model": {"uniform_sum": "4,17"}}"#,
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
            r#"{"levels": "0..12", "step": 4, "evs": "2..5"}"#,
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
            r#"{"levels": "10..2"}"#,
            &["evasion-table", "--levels", "10..2"],
        ),
        (r#"{"step": 0}"#, &["evasion-table", "--step", "0"]),
        (
            r#"{"evs": "-51..0"}"#,
            &["evasion-table", "--evs", "-51..0"],
        ),
    ];
    each_same_as_cli(cases, table);

    let appraise = |json: &str| request_of(json, |r: AppraiseRequest| r.validate()?.run());
    for (bonus, flag) in [(4.0, "4"), (4000.0, "4000")] {
        let json = serde_json::json!({"defender": text("knight"), "reference_bonus": bonus});
        same_as_cli(
            appraise(&json.to_string()),
            &[
                "appraise",
                "--defender",
                &knight,
                "--reference-bonus",
                flag,
                "--json",
            ],
        );
    }
    refusal(
        appraise(r#"{"defender": "", "model": {"sigmaa": 3}}"#),
        "unknown field `sigmaa`",
    );
}

/// A request serialized and read back is the same request, so a front end may store,
/// send or vary one as JSON (sweeps, links, Python dicts).
#[test]
fn requests_survive_a_json_round_trip() {
    fn round_trip<R>(request: R)
    where
        R: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    {
        let json = serde_json::to_string(&request).unwrap();
        let back: R = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(back, request, "{json}");
    }
    let damage: fray::damage::request::DamageRequest = serde_json::from_str(
        r#"{"amount": "2d6+1", "types": ["fire"], "reduce": ["fire:2"], "roll": true, "seed": 3,
            "reading": ["nondamage-attacks-only"], "attacker_level": 7}"#,
    )
    .unwrap();
    round_trip(damage);
    round_trip(fray_lab::request::BattleRequest {
        example: Some("duel".into()),
        trials: Some(10),
        ..Default::default()
    });
    round_trip(fray::pool::request::CheckRequest {
        rung: "3/6".into(),
        bonus: -2,
        ..Default::default()
    });
    round_trip(fray::pool::request::SidesRequest::default());
    let mass: fray::pool::request::MassBattleRequest =
        serde_json::from_str(r#"{"battle": "x", "form_vote": "balance", "defenses": "armor"}"#)
            .unwrap();
    round_trip(mass);
    let minions: fray::minions::request::MinionsRequest =
        serde_json::from_str(r#"{"battle": "x", "order": "interleaved", "turns": 2}"#).unwrap();
    round_trip(minions);
    round_trip(fray::conditions::request::EncounterRequest::default());
    let table: fray::evasion::request::TableRequest =
        serde_json::from_str(r#"{"by": "skill", "model": {"uniform_sum": "4,17"}}"#).unwrap();
    assert_eq!(
        (table.step, table.levels.as_str()),
        (3, "0..30"),
        "defaults kept"
    );
    round_trip(table);
    round_trip(fray::evasion::request::ToHitRequest::default());
    round_trip(fray::evasion::request::EvasionDamageRequest::default());
    round_trip(fray::evasion::request::AppraiseRequest::default());
}

// ---- issue 16: sweep ----

/// A bundled battle scenario's path.
fn battle_file(name: &str) -> String {
    format!(
        "{}/../../examples/battles/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Runs `fray sweep ARGS` and returns standard output, asserting success.
fn sweep_out(args: &[&str]) -> String {
    let out = fray().arg("sweep").args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
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
        let file = battle_file(name);
        let one: Value = serde_json::from_str(&sweep_out(&[
            &file, "--vary", first, "--trials", "20", "--json",
        ]))
        .unwrap();
        assert_eq!(one["points"].as_array().unwrap().len(), n1, "{name}");
        assert!(one["complete"].as_bool().unwrap());
        let path = first.split('=').next().unwrap();
        for p in one["points"].as_array().unwrap() {
            assert!(p["values"][path].is_i64(), "{name}: {p}");
            let wins = p["report"]["sides"][0]["win"]["p"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&wins));
        }
        let csv = sweep_out(&[
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
        let text = sweep_out(&[&file, "--vary", first, "--vary", second, "--trials", "20"]);
        assert_eq!(text.lines().count(), grid + 2, "{name}: {text}");
    }
}

#[test]
fn sweep_json_and_csv_are_identical_on_one_thread_and_on_all() {
    let file = battle_file("pikes");
    for format in ["--json", "--csv"] {
        let run = |threads: &str| {
            sweep_out(&[
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
    let file = battle_file("pikes");
    let out: Value = serde_json::from_str(&sweep_out(&[
        &file,
        "--vary",
        "pool.b.combatants.Rider.count=9,11",
        "--trials",
        "500",
        "--json",
    ]))
    .unwrap();
    let point = &out["points"][1];
    assert_eq!(point["values"]["pool.b.combatants.Rider.count"], 11);
    let text = std::fs::read_to_string(&file)
        .unwrap()
        .replace("count = 10", "count = 11");
    let dir = std::env::temp_dir().join(format!("fray-sweep-point-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let scenario = dir.join("pikes11.toml");
    std::fs::write(&scenario, text).unwrap();
    let seed = point["seed"].as_u64().unwrap().to_string();
    let battle = fray()
        .args([
            "battle",
            scenario.to_str().unwrap(),
            "--trials",
            "500",
            "--seed",
            &seed,
            "--json",
        ])
        .output()
        .unwrap();
    assert!(battle.status.success());
    let battle: Value = serde_json::from_slice(&battle.stdout).unwrap();
    assert_eq!(battle, point["report"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sweep_find_lands_where_the_exact_duel_crosses_one_half() {
    let out: Value = serde_json::from_str(&sweep_out(&[
        &battle_file("duel"),
        "--find",
        "evasion.b.defense.hp=20..200",
        "--target",
        "0.5",
        "--trials",
        "10",
        "--json",
    ]))
    .unwrap();
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
    let text = std::fs::read_to_string(battle_file("duel")).unwrap();
    let dir = std::env::temp_dir().join(format!("fray-sweep-find-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (hp, above) in [(low, true), (high, false)] {
        let path = dir.join(format!("duel{hp}.toml"));
        std::fs::write(&path, text.replace("hp = 60", &format!("hp = {hp}"))).unwrap();
        let out = fray()
            .args(["battle", path.to_str().unwrap(), "--trials", "10", "--json"])
            .output()
            .unwrap();
        let r: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(r["sides"][0]["win"]["basis"], "exact");
        let exact = r["sides"][0]["win"]["p"].as_f64().unwrap();
        assert_eq!(exact, at(hp));
        assert_eq!(exact >= 0.5, above, "{hp}: {exact}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    let text = sweep_out(&[
        &battle_file("duel"),
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
    let file = battle_file("duel");
    let fails = |args: &[&str], wanted: &[&str]| {
        let out = fray().arg("sweep").args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        for w in wanted {
            assert!(err.contains(w), "{args:?}: `{w}` not in {err}");
        }
        assert!(out.stdout.is_empty());
    };
    fails(
        &[&file, "--vary", "evasion.b.defence.hp=1"],
        &["nearest known paths: evasion.b.defense.hp"],
    );
    fails(
        &[&file, "--vary", "evasion.b.defense.hp=50,0"],
        &[
            "--vary evasion.b.defense.hp=50,0 (value 0)",
            "line 56, column 6",
        ],
    );
    fails(
        &[
            &file,
            "--vary",
            "evasion.b.defense.hp=1..1000",
            "--vary",
            "evasion.a.defense.hp=1..20",
        ],
        &["at most 10000"],
    );
    fails(
        &[
            &file,
            "--vary",
            "evasion.b.defense.hp=1..100",
            "--trials",
            "100000000",
        ],
        &["at most 1000000000"],
    );
    fails(&[&file, "--vary", "nonsense"], &["expected PATH=RANGE"]);
    fails(&[&file], &["nothing to sweep"]);
    fails(
        &[&file, "--find", "evasion.b.defense.hp"],
        &["give the range to search"],
    );
    fails(
        &[&file, "--find", "evasion.b.defense.hp=20..30"],
        &["does not cross 0.5"],
    );
}

#[test]
fn sweep_reads_its_table_from_the_file_and_writes_a_report() {
    let dir = std::env::temp_dir().join(format!("fray-sweep-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(battle_file("duel")).unwrap()
        + "\n[[sweep.vary]]\npath = \"evasion.b.defense.hp\"\nvalues = \"40..80:20\"\n";
    let file = dir.join("duel-sweep.toml");
    std::fs::write(&file, text).unwrap();
    let out = sweep_out(&[
        file.to_str().unwrap(),
        "--trials",
        "50",
        "--report",
        dir.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(out.lines().count(), 5, "{out}");
    let page = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(page.contains("<svg") && page.contains("Win probability by evasion.b.defense.hp"));
    // Offline: nothing loaded from elsewhere.
    assert!(!page.contains("<script") && !page.contains("src=") && !page.contains("href="));
    let svg = std::fs::read_to_string(dir.join("win.svg")).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("<polyline"),
        "{svg}"
    );
    // The same file still plays as one battle.
    fray()
        .args(["battle", file.to_str().unwrap(), "--trials", "10"])
        .assert()
        .success();
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        std::fs::read_to_string(battle_file("duel")).unwrap() + "\n[sweep]\nvary = 3\n",
    )
    .unwrap();
    fray()
        .args(["sweep", bad.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("[sweep]: line"));
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- issue 16: precision and odds sweeps ----

/// Runs a fray command with `--json` and returns its parsed output, asserting success.
fn with_json(args: &[&str]) -> Value {
    json_of(&[args, &["--json"]].concat())
}

#[test]
fn sweep_precision_points_are_fray_battle_with_that_precision_and_seed() {
    let pikes = battle_file("pikes");
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
    let all = with_json(&sweep_args);
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
    let dir = std::env::temp_dir().join(format!("fray-sweep-precision-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(&pikes)
        .unwrap()
        .replace("count = 10\nhp = 7", "count = 11\nhp = 7");
    let file = dir.join("pikes-11.toml");
    std::fs::write(&file, text).unwrap();
    let seed = point["seed"].to_string();
    let battle = with_json(&[
        "battle",
        file.to_str().unwrap(),
        "--precision",
        "0.01",
        "--trials",
        "100000",
        "--seed",
        &seed,
        "--quiet",
    ]);
    assert_eq!(battle, point["report"]);
    // One thread: the same points, battle for battle; the CSV gives each point's battles.
    sweep_args.extend(["--threads", "1"]);
    assert_eq!(with_json(&sweep_args), all);
    sweep_args.pop();
    sweep_args.pop();
    sweep_args.push("--csv");
    let csv = sweep_out(&sweep_args[1..]);
    let row = csv.lines().nth(2).unwrap();
    assert!(
        row.starts_with("11,") && row.contains(&format!(",{battles},")),
        "{row}"
    );
    fray()
        .args([
            "sweep",
            &pikes,
            "--vary",
            "pool.b.combatants.Rider.count=9",
            "--precision",
            "2",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "precision 2: expected a number from",
        ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn odds_sweep_points_equal_the_single_commands_json() {
    // Evasion: one cell of `fray evasion-table` a point.
    let grid = with_json(&[
        "sweep",
        "--odds",
        "evasion",
        "--vary",
        "attacker.level=1..12:5",
        "--vary",
        "defender.ev=-2..6:4",
        "--set",
        "model.sigma=4",
    ]);
    let points = grid["points"].as_array().unwrap();
    assert_eq!(points.len(), 9);
    for p in points {
        let (level, ev) = (&p["values"]["attacker.level"], &p["values"]["defender.ev"]);
        let table = with_json(&[
            "evasion-table",
            "--levels",
            &format!("{level}..{level}"),
            "--evs",
            &format!("{ev}..{ev}"),
            "--sigma",
            "4",
        ]);
        assert_eq!(p["answer"], table);
        assert_eq!(p["outcomes"][0], table["rows"][0]["p_hit"][0]);
    }
    // A higher level hits an evasive defender more often.
    assert!(points[6]["outcomes"][0].as_f64() > points[2]["outcomes"][0].as_f64());
    // Pool: `fray check` a point.
    let pool = with_json(&[
        "sweep", "--odds", "pool", "--vary", "tn=2..4", "--set", "bonus=1",
    ]);
    let p = &pool["points"][2];
    let check = with_json(&["check", "4/6", "--bonus", "1"]);
    assert_eq!(p["answer"], check);
    assert_eq!(p["outcomes"][0], check["p_success"]);
    assert_eq!(p["outcomes"][1], check["mean_degree"]);
    // Damage: `fray damage` a point, a fixed amount and dice.
    let damage = with_json(&[
        "sweep",
        "--odds",
        "damage",
        "--vary",
        "amount=3..12:3",
        "--set",
        r#"types=["fire"]"#,
        "--set",
        "vs=Resist 5 Fire",
    ]);
    let p = &damage["points"][3];
    let single = with_json(&["damage", "12", "fire", "--vs", "Resist 5 Fire"]);
    assert_eq!(p["answer"], single);
    assert_eq!(p["outcomes"][0].as_f64(), single["final"].as_f64());
    let dice = with_json(&[
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
    ]);
    let single = with_json(&[
        "damage",
        "2d6",
        "fire",
        "--vs",
        "Resist 5 Fire",
        "--attacker-level",
        "3",
    ]);
    assert_eq!(dice["points"][1]["answer"], single);
    assert_eq!(dice["points"][1]["outcomes"][0], single["mean_final"]);
}

#[test]
fn odds_sweeps_are_the_same_on_one_thread_and_chart_like_battle_sweeps() {
    let dir = std::env::temp_dir().join(format!("fray-odds-sweep-{}", std::process::id()));
    let args = [
        "--odds",
        "pool",
        "--vary",
        "tn=1..5",
        "--vary",
        "bonus=-2..2",
    ];
    for format in ["--json", "--csv"] {
        let all = sweep_out(&[&args[..], &[format]].concat());
        let one = sweep_out(&[&args[..], &[format, "--threads", "1"]].concat());
        assert_eq!(all, one, "{format}");
    }
    let csv = sweep_out(&[&args[..], &["--csv"]].concat());
    assert_eq!(csv.lines().next(), Some("tn,bonus,p_success,mean_degree"));
    assert_eq!(csv.lines().count(), 26);
    let text = sweep_out(&[&args[..], &["--report", dir.to_str().unwrap()]].concat());
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
    let curve = sweep_out(&[
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
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn odds_sweep_errors_name_the_input_and_the_point() {
    // `refused` asserts a failure without a panic; code 2 is the command's refusal.
    let fails = |args: &[&str], says: &str| {
        refused(&[&["sweep"], args].concat(), says);
        fray().arg("sweep").args(args).assert().code(2);
    };
    fails(
        &["--odds", "pool", "--vary", "armor=1..3"],
        "`armor` is not an input of pool odds: expected one of tn, d, bonus, penalty, steps",
    );
    fails(
        &["--odds", "evasion", "--vary", "defender.ev=40..60"],
        "at defender.ev = 51: --evs `51..51`",
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
        "unknown field `bogus`",
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
        "not one roll",
    );
    fails(&["--odds", "pool"], "an odds sweep varies 1 or 2 inputs");
    fails(
        &["--odds", "pool", "--vary", "tn=1", "--trials", "5"],
        "cannot be used with",
    );
}

// ---- issue 18: fray serve ----

/// `fray serve` on a free loopback port, killed when dropped.
struct Served {
    child: std::process::Child,
    addr: String,
}

impl Served {
    fn start(args: &[&str]) -> Self {
        use std::io::BufRead;
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("fray"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|s| s.split('/').next())
            .unwrap_or_else(|| panic!("no address printed: {line:?}"))
            .to_string();
        Self { child, addr }
    }

    /// POSTs `body` to `path`: the status code and the body.
    fn post(&self, path: &str, body: &str) -> (u16, String) {
        use std::io::{Read, Write};
        let mut s = std::net::TcpStream::connect(&self.addr).unwrap();
        write!(
            s,
            "POST {path} HTTP/1.1\r\nhost: t\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        let status = out[9..12].parse().unwrap();
        let body = out.split_once("\r\n\r\n").unwrap().1.to_string();
        (status, body)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn serve_answers_byte_for_byte_what_json_prints() {
    let served = Served::start(&[]);
    let cases: [(&str, &str, &[&str]); 5] = [
        (
            "/api/check",
            r#"{"rung": "3/6", "bonus": 2}"#,
            &["check", "3/6", "--bonus", "2"],
        ),
        (
            "/api/damage",
            r#"{"amount": "17", "types": ["fire", "cold"], "vs": "Resist Fire; Vulnerable 5 Cold"}"#,
            &[
                "damage",
                "17",
                "fire",
                "cold",
                "--vs",
                "Resist Fire; Vulnerable 5 Cold",
            ],
        ),
        (
            "/api/battle",
            r#"{"example": "duel", "trials": 400, "seed": 9}"#,
            &[
                "battle",
                "--example",
                "duel",
                "--trials",
                "400",
                "--seed",
                "9",
                "--quiet",
            ],
        ),
        (
            "/api/sides",
            r#"{"a": "5x3/6+3b", "b": "7x4/6+1b"}"#,
            &["sides", "--a", "5x3/6+3b", "--b", "7x4/6+1b"],
        ),
        (
            "/api/sweep",
            r#"{"odds": "pool", "vary": [{"path": "bonus", "values": "0..2"}]}"#,
            &["sweep", "--odds", "pool", "--vary", "bonus=0..2"],
        ),
    ];
    for (path, body, args) in cases {
        let (status, answer) = served.post(path, body);
        assert_eq!(status, 200, "{path}: {answer}");
        let cli = fray().args(args).arg("--json").output().unwrap();
        assert_eq!(answer, String::from_utf8(cli.stdout).unwrap(), "{path}");
    }
    // A refusal: 400 with the library's words, as the command's error.
    let (status, answer) = served.post("/api/check", r#"{"rung": "9/7"}"#);
    assert_eq!(status, 400);
    let cli = fray().args(["check", "9/7"]).output().unwrap();
    let message = String::from_utf8(cli.stderr).unwrap();
    let v: Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(
        format!("error: {}\n", v["error"].as_str().unwrap()),
        message
    );
}

#[test]
fn serve_keeps_to_the_loopback_unless_told() {
    fray()
        .args(["serve", "--addr", "0.0.0.0:0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--allow-remote"));
    let served = Served::start(&["--max-trials", "1000"]);
    let (status, answer) = served.post("/api/battle", r#"{"example": "duel", "trials": 1001}"#);
    assert_eq!(status, 422, "{answer}");
    assert!(answer.contains("at most 1000 a request"), "{answer}");
}
