//! `fray mass-battle FILE`: a seeded pool battle of many combatants with its log, the
//! readings that choose targets, and the library's request beside the command.

use crate::common::*;

#[test]
fn plays_a_seeded_battle_with_a_log() {
    let file = example("pool/pikes-vs-riders.toml");
    let out = &ok(&["mass-battle", &file]).stdout;
    for said in ["exact odds of this round", "attacks", "result:"] {
        assert!(out.contains(said), "{said} in {out}");
    }
    let args = ["mass-battle", &file, "--json", "--seed", "3"];
    let a = json(&args);
    // A second run of its own: the same seed replays the same battle.
    let b: Value = serde_json::from_str(&fray_again(&args).stdout).unwrap();
    assert_eq!(a, b, "the same seed replays the same battle");
    assert_eq!(a["seed"], 3);
    assert!(a["rounds"][0]["odds"]["p_a_more"].is_f64());
    assert!(a["result"]["rounds"].as_u64().unwrap() >= 1);
    let bad = write(
        &scratch("mass-battle-bad"),
        "bad.toml",
        "[a]\nname = \"A\"\n[[a.combatants]]\nname = \"x\"\nhp = \"lots\"\n",
    );
    refuse(
        &["mass-battle", &bad],
        expect![[r#"
            error: $TMP/mass-battle-bad/bad.toml, line 5, column 6: must be a whole number, got the string "lots"
              | hp = "lots"
              |      ^^^^^^
        "#]],
    );
}

#[test]
fn the_log_counts_hits_in_words() {
    let out = &ok(&[
        "mass-battle",
        &example("pool/pikes-vs-riders.toml"),
        "--seed",
        "1",
    ])
    .stdout;
    assert!(!out.contains(" 1 hits") && !out.contains("(s)"), "{out}");
    assert!(out.contains("takes 1 per hit for 1 hit = 1"), "{out}");
    assert!(
        out.contains("result: side a (Pike square) won after 3 rounds"),
        "{out}"
    );
}

#[test]
fn a_huge_ladder_in_the_file_is_refused_where_it_is_written() {
    let battle = write(
        &scratch("mass-battle-ladder"),
        "ladder.toml",
        "ladder = \"4000000000\"\n[a]\nname = \"A\"\n[[a.combatants]]\nname = \"x\"\nhp = 1\n[b]\nname = \"B\"\n[[b.combatants]]\nname = \"y\"\nhp = 1\n",
    );
    refuse(
        &["mass-battle", &battle],
        expect![[r#"
            error: $TMP/mass-battle-ladder/ladder.toml, line 1, column 10: a ladder needs a base die from 2 to 1000 sides and at most 64 larger dice in increasing order, each at most 1000000: got base d4000000000
              | ladder = "4000000000"
              |          ^^^^^^^^^^^^
        "#]],
    );
}

#[test]
fn targets_by_defenses_and_by_the_form_of_most_attackers() {
    let dir = scratch("mass-battle-targets");
    let battle = |pikes: u32| {
        format!(
            "max_rounds = 1\n[[forms]]\nsuperior = \"pike\"\ninferior = \"cavalry\"\n[a]\nname = \"A\"\n[[a.combatants]]\nname = \"Pike\"\ncount = {pikes}\nhp = 9\nform = \"pike\"\n[[a.combatants]]\nname = \"Mace\"\ncount = {}\nhp = 9\n[b]\nname = \"B\"\n[[b.combatants]]\nname = \"Swordsman\"\nhp = 9\nform = \"sword\"\n[[b.combatants]]\nname = \"Rider\"\nhp = 9\nform = \"cavalry\"\n[[b.combatants]]\nname = \"Dancer\"\nhp = 9\ndodge = \"dodges-well\"\n",
            3 - pikes
        )
    };
    let says = |args: &[&str], lines: &[&str]| {
        let out = &ok(&[&["mass-battle"], args].concat()).stdout;
        for line in lines {
            assert!(out.contains(line), "{args:?}: {line} in {out}");
        }
    };
    let two_pikes = write(&dir, "two-pikes.toml", battle(2));
    says(
        &[&two_pikes],
        &[
            "Pike 1 attacks Rider at 4/6",
            "Pike 2 attacks Swordsman at 3/6",
            "Mace 1 attacks Dancer at 2/6",
        ],
    );
    let one_pike = write(&dir, "one-pike.toml", battle(1));
    says(
        &[&one_pike],
        &[
            "Pike 1 attacks Swordsman at 3/6",
            "Mace 1 attacks Rider at 3/6",
        ],
    );
    // The other readings: one edge among neutral attackers is enough, and dodging does
    // not count as a defense.
    says(
        &[&one_pike, "--form-vote", "balance", "--defenses", "armor"],
        &[
            "Pike 1 attacks Rider at 4/6",
            "Mace 1 attacks Swordsman at 3/6",
            "Mace 2 attacks Dancer at 2/6",
        ],
    );
    let with_readings = |table: &str| battle(1).replace("max_rounds = 1\n", table);
    let balance = write(
        &dir,
        "balance.toml",
        with_readings("max_rounds = 1\n[targeting]\nform = \"balance\"\n"),
    );
    says(&[&balance], &["Pike 1 attacks Rider at 4/6"]);
    let all = write(
        &dir,
        "all.toml",
        with_readings("max_rounds = 1\n[targeting]\nform = \"all\"\n"),
    );
    refuse(
        &["mass-battle", &all],
        expect![[r#"
            error: $TMP/mass-battle-targets/all.toml, line 3, column 8: unknown variant `all`, expected `most` or `balance`
              | form = "all"
              |        ^^^^^
        "#]],
    );
}

#[test]
fn requests_answer_as_the_command() {
    use fray::pool::request::MassBattleRequest;
    let file = example("pool/pikes-vs-riders.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    let mass = |json: &str| request_of(json, |r: MassBattleRequest| r.validate()?.run());
    for (extra, args) in [
        (json!({"seed": 3}), vec!["--seed", "3"]),
        (
            json!({"quiet": true, "form_vote": "balance", "defenses": "armor"}),
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
