//! `fray minions FILE`: a battle of minion groups from a TOML file, its log and result,
//! the options that override the file, and the library's request beside the command.

use crate::common::*;

#[test]
fn plays_every_example_file() {
    for entry in std::fs::read_dir(example("minions")).unwrap() {
        let path = entry.unwrap().path();
        let run = ok(&["minions", path.to_str().unwrap()]);
        assert!(run.stdout.contains("result:"), "{path:?}: {}", run.stdout);
    }
}

#[test]
fn the_log_says_why_each_attack_hit_or_missed() {
    let out = &ok(&["minions", &example("minions/recruits-vs-orcs.toml")]).stdout;
    for said in [
        "its first attack this combat always hits",
        "1 level below its victim, miss 1 of 1",
        "armor soaks 1",
        "is slain by",
        "gains its experience level: level 1 → 2",
    ] {
        assert!(out.contains(said), "{said} in {out}");
    }
}

#[test]
fn the_rules_line_names_the_order_and_targeting_as_the_rules_do() {
    let out = &ok(&["minions", &example("minions/horde.toml")]).stdout;
    assert!(out.contains("order interleaved, targeting spread"), "{out}");
}

#[test]
fn the_result_line_counts_turns_and_rounds_in_words() {
    let out = &ok(&["minions", &example("minions/gorgon.toml")]).stdout;
    assert!(
        out.contains("result: Knights (a) won after 1 turn, 6 combat rounds in all"),
        "{out}"
    );
    assert!(
        out.contains("up to 20 combat rounds a combat, 1 turn\n"),
        "{out}"
    );
    assert!(!out.contains("(s)") && !out.contains(" wins"), "{out}");
}

/// Both groups slain in one combat: a mutual destruction, as in `fray battle`.
#[test]
fn both_groups_slain_at_once_is_a_mutual_destruction() {
    let dir = scratch("minions-mutual");
    let file = write(
        &dir,
        "both.toml",
        "[rules]\norder = \"simultaneous\"\n[a]\nname = \"A\"\n[[a.minions]]\nname = \"X\"\nkind = \"monster\"\nhp = 1\ndamage = 5\n[b]\nname = \"B\"\n[[b.minions]]\nname = \"Y\"\nkind = \"monster\"\nhp = 1\ndamage = 5\n",
    );
    let run = check(
        &["minions", &file],
        expect![[r#"
            A (a) against B (b): order simultaneous, targeting first, up to 100 combat rounds a combat, 1 turn
            turn 1 begins
              turn 1, round 1: armor resets to its maximum
                X hits Y (attack 1: its first attack this combat always hits): 5 damage, armor soaks 0, 5 to hit points (0 armor, 0 hp left)
                Y is slain by X
                Y hits X (attack 1: its first attack this combat always hits): 5 damage, armor soaks 0, 5 to hit points (0 armor, 0 hp left)
                X is slain by Y
            combat of turn 1 ends after 1 round: both groups fell
            result: draw: both groups fell after 1 turn, 1 combat round in all
              a  X                    slain     0/1    hp  armor 0   level 1
              b  Y                    slain     0/1    hp  armor 0   level 1
        "#]],
    );
    assert!(!run.stdout.contains("no group wins"), "{}", run.stdout);
}

#[test]
fn json_has_the_log_and_the_result() {
    let v = json(&["minions", &example("minions/gorgon.toml"), "--json"]);
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
fn options_override_the_file() {
    let v = json(&[
        "minions",
        &example("minions/gorgon.toml"),
        "--json",
        "--quiet",
        "--max-rounds",
        "1",
        "--order",
        "simultaneous",
        "--targeting",
        "weakest",
    ]);
    assert_eq!(v["rules"]["max_rounds"], 1);
    assert_eq!(v["rules"]["order"], "simultaneous");
    assert_eq!(v["result"]["rounds"], 1);
    assert_eq!(v["log"].as_array().unwrap().len(), 0);
}

#[test]
fn spells_between_combats_and_recruits_that_cannot_learn() {
    let out = &ok(&["minions", &example("minions/spells.toml")]).stdout;
    for said in [
        "a spell of turn 2 falls on Chief: armor −1 (maximum now 1)",
        "3 damage, no armor against it (6 hp left)",
        "-2 levels (level 3 → 1)",
        "Orc 3 is slain by Dullard",
    ] {
        assert!(out.contains(said), "{said} in {out}");
    }
    assert!(!out.contains("Dullard made its first kill"), "{out}");
    let v = json(&[
        "minions",
        &example("minions/spells.toml"),
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
    let text = std::fs::read_to_string(example("minions/spells.toml"))
        .unwrap()
        .replace(
            "minion = \"Chief\"\ndamage = 3",
            "minion = \"Cheif\"\ndamage = 3",
        );
    let bad = write(&scratch("minions-spells"), "bad.toml", text);
    refuse(
        &["minions", &bad],
        expect![[r#"
            error: $TMP/minions-spells/bad.toml, line 63, column 10: no minion is named `Cheif`: did you mean `Chief`?
              | minion = "Cheif"
              |          ^^^^^^^
        "#]],
    );
}

#[test]
fn malformed_battle_files_are_refused_with_line_and_column() {
    let dir = scratch("minions-malformed");
    let hero = write(
        &dir,
        "hero.toml",
        "[a]\nname = \"A\"\n[[a.minions]]\nname = \"X\"\nkind = \"hero\"\nhp = 5\ndamage = 1\n",
    );
    refuse(
        &["minions", &hero],
        expect![[r#"
            error: $TMP/minions-malformed/hero.toml, line 5, column 8: unknown variant `hero`, expected one of `recruit`, `weak-recruit`, `veteran`, `monster`
              | kind = "hero"
              |        ^^^^^^
        "#]],
    );
    let negative = write(
        &dir,
        "negative.toml",
        "[a]\nname = \"A\"\n[[a.minions]]\nname = \"X\"\nkind = \"recruit\"\nhp = -5\ndamage = 1\n",
    );
    refuse(
        &["minions", &negative],
        expect![[r#"
            error: $TMP/minions-malformed/negative.toml, line 6, column 6: hp is -5: expected a whole number from 1 to 1000000
              | hp = -5
              |      ^^
        "#]],
    );
    let unclosed = write(&dir, "unclosed.toml", "[a\n");
    refuse(
        &["minions", &unclosed],
        expect![[r#"
            error: $TMP/minions-malformed/unclosed.toml, line 1, column 3: unclosed table, expected `]`
              | [a
              |   ^
        "#]],
    );
    let none = dir.join("none.toml");
    refuse(
        &["minions", none.to_str().unwrap()],
        expect![[r#"
            error: cannot read $TMP/minions-malformed/none.toml: No such file or directory (os error 2)
        "#]],
    );
    refuse(
        &[
            "minions",
            &example("minions/horde.toml"),
            "--max-rounds",
            "0",
        ],
        expect![[r#"
            error: --max-rounds: expected a whole number from 1 to 100000, got 0
        "#]],
    );
}

#[test]
fn numbers_out_of_range_name_the_range() {
    let file = write(
        &scratch("minions-range"),
        "neg.toml",
        "[a]\nname = \"A\"\n[[a.minions]]\nname = \"X\"\nkind = \"veteran\"\nhp = -1\ndamage = 1\n[b]\nname = \"B\"\n[[b.minions]]\nname = \"Y\"\nkind = \"veteran\"\nhp = 1\ndamage = 4294967296\n",
    );
    refuse(
        &["minions", &file],
        expect![[r#"
            error: $TMP/minions-range/neg.toml, line 6, column 6: hp is -1: expected a whole number from 1 to 1000000
              | hp = -1
              |      ^^
        "#]],
    );
}

/// A battle whose log has 300,002 events: 100,000 rounds between two walls.
#[test]
fn keeps_only_the_log_asked_for_and_bounds_it() {
    let file = write(
        &scratch("minions-long-log"),
        "long.toml",
        "[rules]\nmax_rounds = 100000\n[a]\nname = \"A\"\n[[a.minions]]\nname = \"Wall\"\nkind = \"veteran\"\nhp = 1000000\ndamage = 1\n[b]\nname = \"B\"\n[[b.minions]]\nname = \"Rock\"\nkind = \"veteran\"\nhp = 1000000\ndamage = 1\n",
    );
    refuse(
        &["minions", &file],
        expect![[r#"
            error: this battle's log has 300002 events, more than the 200000 fray prints: ask for `quiet` (the result alone), or lower `turns` or `max_rounds`
        "#]],
    );
    refuse(
        &["minions", &file, "--json"],
        expect![[r#"
            error: this battle's log has 300002 events, more than the 50000 fray prints as JSON: ask for `quiet` (the result alone), or lower `turns` or `max_rounds`
        "#]],
    );
    check(
        &["minions", &file, "--quiet"],
        expect![[r#"
            A (a) against B (b): order precedence, targeting first, up to 100000 combat rounds a combat, 1 turn
            result: draw: undecided, both groups still stand after 1 turn, 100000 combat rounds in all
              a  Wall                 alive  900000/1000000 hp  armor 0   level 2
              b  Rock                 alive  900000/1000000 hp  armor 0   level 2
        "#]],
    );
    let v = json(&["minions", &file, "--quiet", "--json"]);
    assert_eq!(v["log"].as_array().map(Vec::len), Some(0));
    assert_eq!(v["result"]["rounds"], 100000);
    // A short battle still prints its whole log.
    let v = json(&["minions", &example("minions/gorgon.toml"), "--json"]);
    assert!(v["log"].as_array().is_some_and(|l| !l.is_empty()));
}

#[test]
fn requests_answer_as_the_command() {
    use fray::minions::request::MinionsRequest;
    let minions = |json: &str| request_of(json, |r: MinionsRequest| r.validate()?.run());
    let horde = example("minions/horde.toml");
    let gorgon = example("minions/gorgon.toml");
    let cases: Vec<(&String, Value, Vec<&str>)> = vec![
        (&horde, json!({}), vec![]),
        (
            &gorgon,
            json!({"order": "simultaneous", "targeting": "weakest",
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
        (&horde, json!({"quiet": true}), vec!["--quiet"]),
        (&horde, json!({"max_rounds": 0}), vec!["--max-rounds", "0"]),
        (&horde, json!({"turns": 1001}), vec!["--turns", "1001"]),
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
}
