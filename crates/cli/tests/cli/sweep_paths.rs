//! `fray sweep-paths`: what `fray sweep --vary` and `--find` may name, the most likely
//! first, each with a range to start from.

use crate::common::*;

#[test]
fn a_scenarios_paths_list_a_units_count_first() {
    check(
        &["sweep-paths", "--example", "minions"],
        expect![[r#"
            path                               value     range to start from
            minions.a.minions.Spearman.count   4         2..8
            minions.b.minions.Orc.count        3         1..6
            minions.a.minions.Spearman.hp      8         4..16:2
            minions.b.minions.Orc.hp           5         2..10
            minions.rules.turns                3         1..6
            minions.a.minions.Spearman.armor   1         1..5
            minions.a.minions.Spearman.damage  2         1..5
            minions.b.minions.Orc.level        2         1..5
            minions.b.minions.Orc.armor        1         1..5
            minions.b.minions.Orc.damage       2         1..5
            max_rounds                         3         1..6
        "#]],
    );
    // The file's own text, and the same paths as JSON.
    let v = json(&["sweep-paths", &example("battles/pikes.toml"), "--json"]);
    assert_eq!(v["paths"][0]["path"], "pool.a.combatants.Pikeman.count");
    assert_eq!(v["paths"][0]["value"], 8);
    assert_eq!(v["paths"][0]["range"], "4..16:2");
    assert_eq!(v["unlisted"], 0);
}

#[test]
fn every_suggested_range_is_one_sweep_takes() {
    let v = json(&["sweep-paths", "--example", "duel", "--json"]);
    let first = &v["paths"][0];
    let flag = format!(
        "{}={}",
        first["path"].as_str().unwrap(),
        first["range"].as_str().unwrap()
    );
    ok(&[
        "sweep",
        &example("battles/duel.toml"),
        "--vary",
        &flag,
        "--trials",
        "20",
        "--quiet",
    ]);
}

#[test]
fn an_odds_systems_inputs() {
    check(
        &["sweep-paths", "--odds", "evasion"],
        expect![[r#"
            path            value     range to start from
            attacker.level  -         1..30
            defender.ev     -         0..20
        "#]],
    );
}

#[test]
fn refusals_name_the_scenario() {
    refuse(
        &["sweep-paths", "--example", "nope"],
        expect![[r#"
            error: --example: no bundled scenario is named `nope`; the bundled ones: pikes, duel, minions, skirmish
        "#]],
    );
    refuse(
        &["sweep-paths", "--odds", "pool", "--example", "duel"],
        expect![[r#"
            error: the argument '--odds <SYSTEM>' cannot be used with '--example <EXAMPLE>'

            Usage: fray sweep-paths --odds <SYSTEM> [FILE]

            For more information, try '--help'.
        "#]],
    );
}
