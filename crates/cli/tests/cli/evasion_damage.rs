//! `fray evasion-damage`: the damage of one attack in the evasion system, per hit and per
//! attack, with its high-damage effects, and the library's request beside the command.

use crate::common::*;

/// `fray evasion-damage --attacker A --defender D ARGS`.
fn args<'a>(attacker: &'a str, defender: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let head = [
        "evasion-damage",
        "--attacker",
        attacker,
        "--defender",
        defender,
    ];
    [&head[..], more].concat()
}

#[test]
fn the_damage_table_sums_to_one_and_names_its_effects() {
    let (valkyrie, troll) = (
        example("evasion/valkyrie.toml"),
        example("evasion/troll.toml"),
    );
    let v = json(&args(&valkyrie, &troll, &["--damage", "d8+d12", "--json"]));
    let total: f64 = v["per_hit"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["p"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert!(v["mean_per_attack"].as_f64().unwrap() < v["mean_per_hit"].as_f64().unwrap());
    assert!(!v["high_damage_effects"].as_array().unwrap().is_empty());
}

#[test]
fn negative_dr_raises_damage_and_caught_gems_deal_none() {
    let (valkyrie, cursed) = (
        example("evasion/valkyrie.toml"),
        example("evasion/cursed-fighter.toml"),
    );
    // -3 ring mail (DR 1 − 3 = −2) and a −2 helm: 10 × 0.9^-2 = 12.3 on torso and head.
    let v = json(&args(&valkyrie, &cursed, &["--damage", "10", "--json"]));
    let per_hit = v["per_hit"].as_array().unwrap();
    let p12 = per_hit
        .iter()
        .find(|r| r["damage"] == 12)
        .map(|r| r["p"].as_f64().unwrap());
    assert!((p12.unwrap() - 0.6).abs() < 1e-12, "{v}");
    assert!((v["mean_per_hit"].as_f64().unwrap() - 11.2).abs() < 1e-12);
    // Elemental damage skips DR and the high-damage cuts: 30 against 30 hp stays 30.
    let v = json(&args(
        &valkyrie,
        &cursed,
        &["--damage", "30", "--kind", "elemental", "--json"],
    ));
    assert_eq!(v["per_hit"][0]["damage"], 30, "{v}");
    assert_eq!(v["high_damage_effects"].as_array().unwrap().len(), 0);
    // A gem thrown at a unicorn is caught: taken, no hit, no damage.
    let v = json(&args(
        &example("evasion/gem-thrower.toml"),
        &example("evasion/unicorn.toml"),
        &["--damage", "1d4", "--json"],
    ));
    assert_eq!(
        (v["p_hit"].as_f64(), v["mean_per_attack"].as_f64()),
        (Some(0.0), Some(0.0))
    );
    assert_eq!(v["caught"], "gem-by-unicorn");
}

/// Damage types and high-damage effects print as the rules call them, not as Rust names.
#[test]
fn names_print_as_the_rules_call_them() {
    let run = ok(&args(
        &example("evasion/valkyrie.toml"),
        &example("evasion/knight.toml"),
        &["--damage", "10d10"],
    ));
    let out = &run.stdout;
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
}

#[test]
fn bad_damage_and_profiles_are_refused() {
    refuse(
        &args(
            &example("evasion/valkyrie.toml"),
            &example("evasion/troll.toml"),
            &["--damage", "900d10"],
        ),
        expect![[r#"
            error: damage up to 9001 is too large for an exact distribution: at most 2000
        "#]],
    );
    let kicked = write(
        &scratch("evasion-damage-kicked"),
        "kicked.toml",
        "kind = \"player\"\n[weapon]\nkind = \"ammo\"\n[ranged]\nprojectile = \"ammo\"\nkicked = true\n",
    );
    refuse(
        &args(&kicked, &example("evasion/troll.toml"), &["--damage", "d6"]),
        expect![[r#"
            error: $TMP/evasion-damage-kicked/kicked.toml, line 6, column 10: ranged.kicked: a kicked object is not fired from a launcher: kicked ammo has launcher = "none"
              | kicked = true
              |          ^^^^
        "#]],
    );
}

#[test]
fn requests_answer_as_the_command() {
    use fray::evasion::request::EvasionDamageRequest;
    let text =
        |name: &str| std::fs::read_to_string(example(&format!("evasion/{name}.toml"))).unwrap();
    let damage = |json: &str| request_of(json, |r: EvasionDamageRequest| r.validate()?.run());
    let (ant, knight) = (
        example("evasion/soldier-ant.toml"),
        example("evasion/knight.toml"),
    );
    for (extra, flags) in [
        (json!({"damage": "3d6"}), vec!["--damage", "3d6"]),
        (
            json!({"damage": "d8+2", "kind": "elemental", "rounding": "down"}),
            vec![
                "--damage",
                "d8+2",
                "--kind",
                "elemental",
                "--rounding",
                "down",
            ],
        ),
        (json!({"damage": "x"}), vec!["--damage", "x"]),
    ] {
        let mut json = extra;
        json["attacker"] = Value::from(text("soldier-ant"));
        json["defender"] = Value::from(text("knight"));
        let cli = args(&ant, &knight, &[&["--json"][..], &flags].concat());
        same_as_cli(damage(&json.to_string()), &cli);
    }
}
