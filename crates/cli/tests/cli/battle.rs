//! `fray battle [SCENARIO]`: many battles of a bundled or written scenario in any of the
//! four systems, their odds and how they are printed, and the refusals.

mod exact;
mod report;
mod requests;

use crate::common::*;

#[test]
fn battle_plays_the_default_and_bundled_scenarios() {
    let out = &ok(&["battle", "--trials", "300"]).stdout;
    assert!(
        out.contains("won:") && out.contains("rounds: mean"),
        "{out}"
    );
    let list = json(&["battle", "--list-examples", "--json"]);
    for e in list.as_array().unwrap() {
        let name = e["name"].as_str().unwrap();
        let v = json(&["battle", "--example", name, "--trials", "200", "--json"]);
        assert!(v["sides"][0]["win"]["p"].is_f64(), "{name}");
        assert!(v["draw"]["high"].is_f64(), "{name}");
        assert!(v["rounds"]["median"].is_u64(), "{name}");
    }
}

#[test]
fn the_json_is_the_same_on_one_thread_and_on_all() {
    let duel = ["battle", "--example", "duel", "--trials", "500", "--json"];
    let one = fray(&[&duel[..], &["--threads", "1"]].concat());
    let all = fray(&duel);
    assert_eq!(
        one.stdout, all.stdout,
        "identical JSON on one thread and on all"
    );
}

#[test]
fn bad_battle_scenarios_are_refused() {
    let dir = scratch("battle-bad");
    let sideless = write(
        &dir,
        "sideless.toml",
        "system = \"pool\"\ntrials = 10\n[pool.a]\nname = \"A\"\n",
    );
    refuse(
        &["battle", &sideless],
        expect![[r#"
            error: $TMP/battle-bad/sideless.toml, line 3, column 2: missing field `b`
              | [pool.a]
              |  ^^^^
        "#]],
    );
    let darts = write(&dir, "darts.toml", "system = \"darts\"\n");
    refuse(
        &["battle", &darts],
        expect![[r#"
            error: $TMP/battle-bad/darts.toml, line 1, column 10: unknown variant `darts`, expected one of `pool`, `minions`, `evasion`, `skirmish`
              | system = "darts"
              |          ^^^^^^^
        "#]],
    );
    refuse(
        &["battle", "--example", "chess"],
        expect![[r#"
            error: --example: no bundled scenario is named `chess`; the bundled ones: pikes, duel, minions, skirmish
        "#]],
    );
    refuse(
        &["battle", "--trials", "0"],
        expect![[r#"
            error: --trials: expected a whole number from 1 to 100000000, got 0
        "#]],
    );
}

#[test]
fn the_shared_bad_scenario_is_refused_at_its_place_with_a_caret() {
    // The same file the web's and Python's tests refuse at the same place.
    refuse(
        &["battle", &root("tests/data/bad_duel.toml")],
        expect![[r#"
            error: $ROOT/tests/data/bad_duel.toml, line 30, column 6: evasion.a.defense.hp: must be a whole number from 1 to 1000000, got the integer `-45`
              | hp = -45
              |      ^^^
        "#]],
    );
}

#[test]
fn a_huge_pool_ladder_in_a_scenario_is_refused() {
    let lab = write(
        &scratch("battle-ladder"),
        "lab.toml",
        "system = \"pool\"\ntrials = 10\n[pool]\nladder = \"1000000\"\n[pool.a]\nname = \"A\"\n[[pool.a.combatants]]\nname = \"x\"\nhp = 1\n[pool.b]\nname = \"B\"\n[[pool.b.combatants]]\nname = \"y\"\nhp = 1\n",
    );
    refuse(
        &["battle", &lab],
        expect![[r#"
            error: $TMP/battle-ladder/lab.toml, line 4, column 10: a ladder needs a base die from 2 to 1000 sides and at most 64 larger dice in increasing order, each at most 1000000: got base d1000000
              | ladder = "1000000"
              |          ^^^^^^^^^
        "#]],
    );
}

/// 2,000 battles, sides named, rates with intervals, nothing rounded to a false 0.00%.
#[test]
fn grammar_and_numbers() {
    let run = check(
        &[
            "battle",
            "--example",
            "pikes",
            "--trials",
            "2000",
            "--seed",
            "1",
        ],
        expect![[r#"
            Pikes against riders (pool system), 2,000 battles
              Pike square won: 98.40% [97.75%, 98.86%]
              Riders won: 1.55% [1.09%, 2.19%]
              draw, no one left standing: 0.05% [0.01%, 0.28%]
              draw, undecided after 40 rounds: 0% [0%, 0.19%]
            rounds: mean 2.73 [2.71, 2.75], 10% 2, median 3, 90% 3, max 7
            survivors (sampled):
              a Pikeman 1              standing  92.00%   hp left    2.58 / 6
              a Pikeman 2              standing  96.80%   hp left    3.13 / 6
              a Pikeman 3              standing  97.20%   hp left    3.51 / 6
              a Pikeman 4              standing  97.25%   hp left    3.79 / 6
              a Pikeman 5              standing  97.45%   hp left    4.11 / 6
              a Pikeman 6              standing  97.65%   hp left    4.47 / 6
              a Pikeman 7              standing  97.75%   hp left    4.81 / 6
              a Pikeman 8              standing  98.40%   hp left    5.88 / 6
              a Archer 1               standing   8.30%   hp left    0.09 / 4
              a Archer 2               standing  22.20%   hp left    0.26 / 4
              a Archer 3               standing  40.00%   hp left    0.51 / 4
              b Rider 1                standing   0.80%   hp left    0.01 / 7
              b Rider 2                standing   0.90%   hp left    0.02 / 7
              b Rider 3                standing   1.00%   hp left    0.03 / 7
              b Rider 4                standing   1.05%   hp left    0.03 / 7
              b Rider 5                standing   1.15%   hp left    0.04 / 7
              b Rider 6                standing   1.10%   hp left    0.05 / 7
              b Rider 7                standing   1.20%   hp left    0.06 / 7
              b Rider 8                standing   1.30%   hp left    0.07 / 7
              b Rider 9                standing   1.50%   hp left    0.08 / 7
              b Rider 10               standing   1.55%   hp left    0.09 / 7
            damage per battle (sampled), physical: 96.38
            note: sampled: 2000 battles, seed 1; intervals are 95% Wilson intervals
        "#]],
    );
    let out = &run.stdout;
    assert!(
        !out.contains("Riders wins") && !out.contains("battle(s)"),
        "{out}"
    );
    // A rate that rounds to nothing is not printed as a certain 0.00% (40.00% is).
    assert!(!out.contains(" 0.00%") && !out.contains("[0.00%"), "{out}");
    // Interval bounds at no successes are exactly 0, not a rounding residue.
    let v = json(&[
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
fn mutual_destruction_and_turns_are_named() {
    let out = &ok(&[
        "battle",
        "--example",
        "pikes",
        "--trials",
        "2000",
        "--seed",
        "7",
    ])
    .stdout;
    assert!(
        out.contains("  draw, no one left standing: 0% [0%, 0.19%]"),
        "{out}"
    );
    assert!(
        out.contains("  draw, undecided after 40 rounds: 0% [0%, 0.19%]"),
        "{out}"
    );
    assert!(!out.contains("draws (undecided"), "{out}");
    let run = check(
        &["battle", "--example", "minions"],
        expect![[r#"
            Militia against the orc band (minions system), 1 battle
              Militia won: 100% (exact)
              Orc band won: 0% (exact)
              draw, no one left standing: 0% (exact)
              draw, undecided after 3 turns (each combat at most 3 rounds): 0% (exact)
            combat rounds over all turns: mean 4.00, 10% 4, median 4, 90% 4, max 4
            survivors:
              a Spearman 1             standing    100%   hp left    1.00 / 8
              a Spearman 2             standing    100%   hp left    8.00 / 8
              a Spearman 3             standing    100%   hp left    8.00 / 8
              a Spearman 4             standing    100%   hp left    8.00 / 8
              b Orc 1                  standing      0%   hp left    0.00 / 5
              b Orc 2                  standing      0%   hp left    0.00 / 5
              b Orc 3                  standing      0%   hp left    0.00 / 5
            damage per battle, physical: 22.00
            note: minions battles have no dice: this one run is the exact outcome
        "#]],
    );
    assert!(
        !run.stdout.contains("undecided after 3 rounds"),
        "{}",
        run.stdout
    );
}

#[test]
fn skirmish_sides_have_names() {
    let run = check(
        &["battle", "--example", "skirmish", "--trials", "200"],
        expect![[r#"
            Goblin ambush (skirmish system), 200 battles
              Heroes won: 80.50% [74.46%, 85.39%]
              Goblins won: 19.50% [14.61%, 25.54%]
              draw, no one left standing: 0% [0%, 1.88%]
              draw, undecided after 20 rounds: 0% [0%, 1.88%]
            rounds: mean 7.36 [7.12, 7.60], 10% 5, median 7, 90% 10, max 13
            survivors (sampled):
              a Fighter                standing  50.50%   hp left    4.63 / 32
              a Cleric                 standing  80.50%   hp left   14.05 / 26
              b Goblin Cutter          standing   0.50%   hp left    0.07 / 14
              b Goblin Hexer           standing  19.50%   hp left    1.92 / 18
              b Goblin Blackblade      standing   3.00%   hp left    0.45 / 20
            damage per battle (sampled), physical: 45.66
            damage per battle (sampled), poison: 21.05
            damage per battle (sampled), radiant: 35.34
            conditions per battle (sampled), grabbed: 2.06
            conditions per battle (sampled), prone: 3.46
            conditions per battle (sampled), slowed: 4.43
            conditions per battle (sampled), unconscious: 3.46
            note: sampled: 200 battles, seed 11; intervals are 95% Wilson intervals
        "#]],
    );
    let out = &run.stdout;
    assert!(!out.contains("side a") && !out.contains("side b"), "{out}");
    // Without names, a side is named by its creatures.
    let skirmish = std::fs::read_to_string(example("battles/skirmish.toml")).unwrap();
    let dir = scratch("battle-skirmish-names");
    let unnamed = write(
        &dir,
        "unnamed.toml",
        skirmish.replace(
            "[skirmish.a]\nname = \"Heroes\"\n\n[skirmish.b]\nname = \"Goblins\"\n",
            "",
        ),
    );
    let out = &ok(&["battle", &unnamed, "--trials", "100"]).stdout;
    assert!(out.contains("  Fighter and Cleric won: "), "{out}");
    assert!(
        out.contains("  Goblin Cutter, Goblin Hexer and Goblin Blackblade won: "),
        "{out}"
    );
    let blank = write(&dir, "blank.toml", skirmish.replace("\"Heroes\"", "\"  \""));
    refuse(
        &["battle", &blank],
        expect![[r#"
            error: $TMP/battle-skirmish-names/blank.toml, line 11, column 8: a side's name has 0 characters: expected 1 to 100, not blank, with no control characters
              | name = "  "
              |        ^^^^
        "#]],
    );
}

#[test]
fn ignored_flags_are_refused_or_explained() {
    refuse(
        &["battle", "--list-examples", "--trials", "5"],
        expect![[r#"
            error: the argument '--list-examples' cannot be used with '--trials <TRIALS>'

            Usage: fray battle --list-examples [FILE]

            For more information, try '--help'.
        "#]],
    );
    refuse(
        &["battle", "--list-examples", "--example", "duel"],
        expect![[r#"
            error: the argument '--list-examples' cannot be used with '--example <EXAMPLE>'

            Usage: fray battle --list-examples [FILE]

            For more information, try '--help'.
        "#]],
    );
    refuse(
        &["battle", "--schema", "--seed", "3"],
        expect![[r#"
            error: the argument '--schema' cannot be used with '--seed <SEED>'

            Usage: fray battle --schema [FILE]

            For more information, try '--help'.
        "#]],
    );
    ok(&["battle", "--list-examples", "--json"]);
    let err = &ok(&["battle", "--example", "minions", "--trials", "500"]).stderr;
    assert!(
        err.contains("note: `trials` has no effect here: a minions battle has no dice"),
        "{err}"
    );
    let err = &ok(&["battle", "--example", "pikes", "--trials", "300"]).stderr;
    assert!(!err.contains("no effect"), "{err}");
}

#[test]
fn the_help_gives_the_thread_default() {
    let out = &ok(&["battle", "--help"]).stdout;
    assert!(
        out.contains("Threads to use (0: every core) [default: 0]"),
        "{out}"
    );
}

#[test]
fn the_schema_describes_every_section() {
    let v = json(&["battle", "--schema"]);
    let p = &v["properties"];
    assert!(p["system"].is_object());
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
        p["skirmish"]["properties"]["creature"]["maxItems"],
        fray_lab::scenario::MAX_SKIRMISH_CREATURES,
        "{v}"
    );
}

/// A user without the repository gets a template: a bundled scenario's text, which plays
/// as the example does.
#[test]
fn a_bundled_scenario_prints_as_a_template() {
    let text = &ok(&["battle", "--show-example", "duel"]).stdout;
    assert_eq!(text, fray_lab::examples::find("duel").unwrap().text);
    let path = write(&scratch("show-example"), "duel.toml", text);
    let from_file = json(&["battle", &path, "--trials", "300", "--seed", "4", "--json"]);
    let bundled = json(&[
        "battle",
        "--example",
        "duel",
        "--trials",
        "300",
        "--seed",
        "4",
        "--json",
    ]);
    assert_eq!(from_file["sides"], bundled["sides"]);
    let run = fray(&["battle", "--show-example", "chess"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("the bundled ones are pikes"),
        "{}",
        run.stderr
    );
}
