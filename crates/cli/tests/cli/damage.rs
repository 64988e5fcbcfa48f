//! `fray damage AMOUNT TYPES --vs TRAITS`: one hit against a defender's traits, its
//! explanation, its flags, and its refusals.

mod conditions;
mod ranges;
mod requests;

use crate::common::*;

/// `fray damage ARGS --json`, parsed.
fn damage(args: &[&str]) -> Value {
    json(&[&["damage"], args, &["--json"]].concat())
}

/// Original, mitigated, added and final damage.
type Numbers = (i64, i64, i64, i64);

/// The (original, mitigated, added, final) numbers of a JSON result.
fn numbers(v: &Value) -> Numbers {
    let n = |k: &str| {
        v[k].as_i64()
            .unwrap_or_else(|| panic!("`{k}` is an integer in {v}"))
    };
    (n("original"), n("mitigated"), n("added"), n("final"))
}

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
        assert_eq!(numbers(&damage(args)), *expected, "{args:?}");
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
        assert_eq!(damage(args)["final"], *expected, "{args:?}");
    }
}

#[test]
fn the_multi_type_example_explains_itself_in_text() {
    check(
        &[
            "damage",
            "17",
            "fire",
            "cold",
            "--vs",
            "Resist Fire; Vulnerable 5 Cold",
        ],
        expect![[r#"
            17 fire and cold damage against Resist Fire; Vulnerable Cold 5
               1. [multiple-types] the hit deals fire and cold at once: each type is weighed against the whole 17, then the two largest mitigations and the two largest additions are averaged
               2. [resistance] fire: Resist Fire mitigates 8: half of 17
               3. [vulnerability] fire: no vulnerability applies
               4. [resistance] cold: no resistance applies
               5. [vulnerability] cold: Vulnerable Cold 5 adds 5: the lower of half of 17 (8) and its limit 5
               6. [multiple-types] mitigation: the two largest are fire 8 and cold 0: (8 + 0) / 2 = 4
               7. [multiple-types] addition: the two largest are cold 5 and fire 0: (5 + 0) / 2 = 2
               8. [final] 17 − 4 + 2 = 15
            final damage: 15 (17 − 4 + 2)
        "#]],
    );
}

#[test]
fn json_has_the_promised_fields() {
    let v = damage(&[
        "17",
        "fire",
        "cold",
        "--vs",
        "Resist Fire; Vulnerable 5 Cold; Damage Trigger Cold: slowed",
    ]);
    assert_eq!(v["types"], json!(["fire", "cold"]));
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
fn without_arguments_it_runs_the_default_example() {
    check(
        &["damage"],
        expect![[r#"
            example `multi-type`: Multiple damage types, example 1: 17 fire and cold against Resist Fire and Vulnerable 5 Cold
            17 fire and cold damage against Resist Fire; Vulnerable Cold 5
               1. [multiple-types] the hit deals fire and cold at once: each type is weighed against the whole 17, then the two largest mitigations and the two largest additions are averaged
               2. [resistance] fire: Resist Fire mitigates 8: half of 17
               3. [vulnerability] fire: no vulnerability applies
               4. [resistance] cold: no resistance applies
               5. [vulnerability] cold: Vulnerable Cold 5 adds 5: the lower of half of 17 (8) and its limit 5
               6. [multiple-types] mitigation: the two largest are fire 8 and cold 0: (8 + 0) / 2 = 4
               7. [multiple-types] addition: the two largest are cold 5 and fire 0: (5 + 0) / 2 = 2
               8. [final] 17 − 4 + 2 = 15
            final damage: 15 (17 − 4 + 2)
        "#]],
    );
}

#[test]
fn every_built_in_example_runs() {
    let list = json(&["damage", "--list-examples", "--json"]);
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert!(names.len() >= 10);
    for name in names {
        let v = damage(&["--example", name]);
        assert_eq!(v["example"], name);
    }
}

#[test]
fn flags_reach_the_rules() {
    assert_eq!(
        damage(&["12", "fire", "--vs", "Resist Fire 5", "--environmental"])["final"],
        7
    );
    assert_eq!(
        damage(&["20", "fire", "--vs", "Resist 10 Fire", "--reduce", "fire:5"])["final"],
        15
    );
    assert_eq!(
        damage(&["20", "--vs", "Vulnerable All (Critical)", "--critical"])["final"],
        30
    );
    assert_eq!(
        damage(&["20", "--vs", "Resist All (Ongoing)", "--ongoing"])["final"],
        10
    );
    assert_eq!(
        damage(&["20", "--vs", "Resist All (Not Silvered)", "--silvered"])["final"],
        20
    );
    assert_eq!(
        damage(&[
            "20",
            "--vs",
            "Vulnerable All (Epic)",
            "--attacker-level",
            "21"
        ])["final"],
        30
    );
    assert_eq!(
        damage(&["20", "--vs", "Resist All (Fear)", "--keyword", "fear"])["final"],
        10
    );
    let v = damage(&[
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
    let v = damage(&[
        "10",
        "--modify",
        "gain fire",
        "--modify",
        "extra 4 cold",
        "--vs",
        "Resist Fire",
    ]);
    assert_eq!(v["types"], json!(["physical", "fire", "cold"]));
    assert_eq!(v["original"], 14);
}

#[test]
fn dice_give_an_exact_distribution_and_seeded_rolls_repeat() {
    let v = damage(&["2d6+3", "fire", "--vs", "Resist Fire"]);
    let rows = v["distribution"].as_array().unwrap();
    let total: f64 = rows.iter().map(|r| r["p"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert_eq!(v["min"], 3, "5 - 2");
    assert_eq!(v["max"], 8, "15 - 7");
    let args = ["damage", "3d8", "fire", "--roll", "--seed", "42", "--json"];
    let a = json(&args);
    // A second run of its own: the same seed rolls the same dice.
    let b: Value = serde_json::from_str(&fray_again(&args).stdout).unwrap();
    assert_eq!(a, b);
    assert_eq!(a["seed"], 42);
    assert_eq!(a["final"], a["rolled"]);
}

#[test]
fn dice_too_costly_for_an_exact_distribution_say_to_roll() {
    refuse(
        &["damage", "1000d10000", "fire"],
        expect![[r#"
            error: the exact distribution of `1000d10000` would take 5004501500 steps, more than 500000000: roll it instead (`roll`), or use fewer or smaller dice
        "#]],
    );
    ok(&["damage", "1000d10000", "fire", "--roll", "--seed", "3"]);
}

#[test]
fn malformed_traits_are_refused_with_line_and_column() {
    refuse(
        &["damage", "10", "--vs", "Damage Immune: All"],
        expect![[r#"
            error: the defender's traits could not be read:
            --vs, line 1, column 16: `All` is not valid for a damage immunity: expected one damage type, such as Poison
              | Damage Immune: All
              |                ^^^
        "#]],
    );
    refuse(
        &["damage", "10", "--vs", "Resist Fire (Advantage"],
        expect![[r#"
            error: the defender's traits could not be read:
            --vs, line 1, column 13: this parenthesis is never closed: expected `)`
              | Resist Fire (Advantage
              |             ^
        "#]],
    );
    refuse(
        &["damage", "10", "--vs", "Resistt Fire"],
        expect![[r#"
            error: the defender's traits could not be read:
            --vs, line 1, column 1: `Resistt` does not start a trait (did you mean `resist`?): expected Resist, Vulnerable, Damage Immune:, Condition Immune:, Nondamage Immune:, Damage Trigger, Insubstantial, Swarm, Regiment, or a Conditions: declaration
              | Resistt Fire
              | ^^^^^^^
        "#]],
    );
    refuse(
        &["damage", "10", "--vs", "Resist Fire\nVulnerable"],
        expect![[r#"
            error: the defender's traits could not be read:
            --vs, line 2, column 11: `Vulnerable` needs a damage type: expected e.g. `Vulnerable Fire 5`
              | Vulnerable
              |           ^
        "#]],
    );
    refuse(
        &["damage", "10", "--vs", "Condition Immune: Sleepy"],
        expect![[r#"
            error: the defender's traits could not be read:
            --vs, line 1, column 19: `sleepy` is not a character condition (expected one of: blinded, dazed, deafened, dominated, exiled, grabbed, helpless, immobilized, marked, petrified, prone, restrained, slowed, stunned, swallowed, unconscious, weakened), or forced movement
              | Condition Immune: Sleepy
              |                   ^^^^^^
        "#]],
    );
}

#[test]
fn bad_arguments_are_refused() {
    refuse(
        &["damage", "ten"],
        expect![[r#"
            error: the damage amount `ten`: `ten` is not a dice expression: expected terms like 2d6, d8 or 3 joined by + or -
        "#]],
    );
    refuse(
        &["damage", "99999999999999"],
        expect![[r#"
            error: the damage amount `99999999999999`: `99999999999999` is too large: at most 1000 dice of at most 10000 sides, and a modifier of at most 1000000
        "#]],
    );
    refuse(
        &["damage", "5000d6"],
        expect![[r#"
            error: the damage amount `5000d6`: `5000d6` is too large: at most 1000 dice of at most 10000 sides, and a modifier of at most 1000000
        "#]],
    );
    refuse(
        &["damage", "10", "all"],
        expect![[r#"
            error: damage type `all`: `all` selects several damage types; a single damage type is expected here
        "#]],
    );
    refuse(
        &["damage", "10", "--environmental", "--advantage"],
        expect![[r#"
            error: --advantage: describes an attacker, and environmental damage has none
        "#]],
    );
    refuse(
        &["damage", "10", "--reduce", "fire"],
        expect![[r#"
            error: --reduce: `fire`: expected TYPE:VALUE, e.g. fire:5
        "#]],
    );
    refuse(
        &["damage", "10", "--reduce", "fire:-3"],
        expect![[r#"
            error: --reduce: `fire:-3`: the value must be a whole number from 0 to 1000000000
        "#]],
    );
    refuse(
        &["damage", "10", "--modify", "explode"],
        expect![[r#"
            error: --modify: `explode` is not a modification: expected `gain TYPE`, `become TYPE`, or `extra AMOUNT [TYPE...]`
        "#]],
    );
    refuse(
        &["damage", "4000000000"],
        expect![[r#"
            error: the damage amount `4000000000`: `4000000000` is too large: at most 1000 dice of at most 10000 sides, and a modifier of at most 1000000
        "#]],
    );
    refuse(
        &["damage", "--example", "nope"],
        expect![[r#"
            error: --example: no built-in example is named `nope`; the examples: multi-type, choose-resistance, choose-resistance-advantage, resist-and-vulnerable, multi-type-immune, multi-type-resist-all, insubstantial, swarm-burst, environmental, resistance-reduction, dice
        "#]],
    );
    refuse(
        &["damage", "10", "--attacker-level", "99999"],
        expect![[r#"
            error: --attacker-level: expected a whole number from 0 to 1000, got 99999
        "#]],
    );
}

#[test]
fn a_stat_block_file_names_itself_in_errors() {
    let dir = scratch("damage-stat-block");
    let good = write(
        &dir,
        "ghost.txt",
        "Insubstantial\nDamage Trigger Radiant: it flickers\n",
    );
    assert_eq!(
        damage(&["20", "radiant", "--vs-file", &good])["triggers"][0]["effect"],
        "it flickers"
    );
    let bad = write(&dir, "bad.txt", "Resist Fire\nResist 5 (Critical)\n");
    refuse(
        &["damage", "10", "--vs-file", &bad],
        expect![[r#"
            error: the defender's traits could not be read:
            $TMP/damage-stat-block/bad.txt, line 2, column 10: unexpected `(Critical)`: expected a damage type (or All, Non-physical)
              | Resist 5 (Critical)
              |          ^^^^^^^^^^
        "#]],
    );
    let missing = dir.join("missing.txt");
    refuse(
        &["damage", "10", "--vs-file", missing.to_str().unwrap()],
        expect![[r#"
            error: cannot read $TMP/damage-stat-block/missing.txt: No such file or directory (os error 2)
        "#]],
    );
}

#[test]
fn the_wet_golem_example_declares_its_condition() {
    let path = example("damage/wet-golem.txt");
    let dry = damage(&["20", "lightning", "--vs-file", &path]);
    assert_eq!(dry["final"], 10);
    let wet = damage(&["20", "lightning", "--vs-file", &path, "--met", "wet"]);
    assert_eq!(wet["final"], 25);
    assert_eq!(wet["triggers"].as_array().unwrap().len(), 1);
}

#[test]
fn typos_warn_on_stderr_and_keep_json_clean() {
    let args = ["damage", "10", "fier", "--vs", "Resist Fier", "--json"];
    assert!(ok(&args).stderr.contains("did you mean `fire`"));
    json(&args);
}

#[test]
fn strict_turns_a_warning_into_a_refusal() {
    let args = ["damage", "10", "fier", "--vs", "Resist Fier", "--strict"];
    let run = fray(&args);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert!(
        run.stderr.contains("error: refused under strict")
            && run.stderr.contains("(and 1 more)")
            && run.stderr.contains("warning: "),
        "{}",
        run.stderr
    );
    // Nothing in doubt: strict changes nothing.
    json(&["damage", "10", "fire", "--strict", "--json"]);
}

/// Every flag that names a damage type warns about a probable typo, not only TYPE...
#[test]
fn probable_type_typos_warn_in_reduce_and_modify_too() {
    for args in [
        &["damage", "10", "--reduce", "fier:5", "--json"][..],
        &["damage", "10", "--modify", "gain colld", "--json"][..],
        &["damage", "10", "--modify", "extra 3 acdi", "--json"][..],
    ] {
        let stderr = &ok(args).stderr;
        assert!(stderr.contains("did you mean"), "{args:?}: {stderr}");
        json(args);
    }
}

/// (damage, Damage Trigger): the trigger is reported after the hit's effects.
#[test]
fn damage_triggers_print_after_the_hits_effects() {
    let run = check(
        &[
            "damage",
            "10",
            "cold",
            "--vs",
            "Damage Trigger Cold: slowed; Condition Immune: Stunned",
            "--effect",
            "stunned",
            "--effect",
            "prone",
        ],
        expect![[r#"
            10 cold damage against Damage Trigger Cold: slowed; Condition Immune: Stunned
               1. [resistance] cold: no resistance applies
               2. [vulnerability] cold: no vulnerability applies
               3. [final] 10 − 0 + 0 = 10
               4. [condition-immunity] effect stunned: ignored (Condition Immune: Stunned)
               5. [condition-immunity] effect prone: takes hold
               6. [damage-trigger] Damage Trigger cold: slowed
            final damage: 10 (10 − 0 + 0)
            effect stunned: ignored (Condition Immune: Stunned)
            effect prone: takes hold
            trigger (cold): slowed
        "#]],
    );
    let at = |s: &str| run.stdout.find(s).expect("printed");
    let trigger = at("trigger (cold): slowed");
    assert!(
        at("effect stunned: ignored") < trigger && at("effect prone: takes hold") < trigger,
        "{}",
        run.stdout
    );
}

/// --modify changes happen before the hit lands, so they open the explanation.
#[test]
fn modifications_open_the_explanation() {
    let v = damage(&[
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

/// A distribution whose listing would be hundreds of megabytes is refused before any
/// work on the command line (it printed 208 MB, holding 2.6 GB to print it).
#[test]
fn a_distribution_too_large_to_list_is_refused_before_the_work() {
    let run = fray(&["damage", "315d9984+1d814", "--json"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr.contains("prints at most 128 MiB"),
        "{}",
        run.stderr
    );
}
