//! `fray tohit`: the chance to hit in the evasion system, from bare bonuses or from
//! attacker and defender profiles, the profiles' refusals, and the library's request
//! beside the command.

use crate::common::*;

#[test]
fn tohit_from_bonuses_and_from_profiles() {
    let v = json(&[
        "tohit",
        "--attacker-bonus",
        "2",
        "--defender-bonus",
        "2",
        "--json",
    ]);
    assert_eq!(v["p_hit"], 0.5, "equal totals give one half");
    let v = json(&[
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
    let v = json(&[
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
    let v = json(&[
        "tohit",
        "--attacker",
        &example("evasion/valkyrie.toml"),
        "--defender",
        &example("evasion/troll.toml"),
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
    check(
        &[
            "tohit",
            "--attacker",
            &example("evasion/archer.toml"),
            "--defender",
            &example("evasion/knight.toml"),
        ],
        expect![[r#"
            attacker bonus: +4 fixed, luck none
                +2.00  Dexterity 18: floor((Dex − 10) / 4)
                +4.00  skill (expert)
                +1.00  launcher enchantment
                -4.00  distance 4
                +1.00  Ranger
            defender bonus: +3 fixed, luck +1
                +0.00  form evasiveness
                +3.00  large shield (shield) EV
            normal model σ = 5: P(hit) = 50.0000%
        "#]],
    );
}

/// A gem thrown at a unicorn is caught: taken, no hit, no damage; the reason is printed
/// as the rules name it.
#[test]
fn a_gem_thrown_at_a_unicorn_is_caught() {
    let run = check(
        &[
            "tohit",
            "--attacker",
            &example("evasion/gem-thrower.toml"),
            "--defender",
            &example("evasion/unicorn.toml"),
        ],
        expect![[r#"
            attacker bonus: -1 fixed, luck none
                +1.00  Dexterity 14: floor((Dex − 10) / 4)
                +0.00  skill (basic)
                -2.00  distance 2
            defender bonus: +4 fixed, luck none
                +4.00  form evasiveness
            the throw is caught (a gem thrown at a unicorn): taken, so no hit and no damage
            normal model σ = 5: P(hit) = 0.0000%
        "#]],
    );
    assert!(!run.stdout.contains("GemByUnicorn"), "{}", run.stdout);
}

#[test]
fn bad_bonuses_and_models_are_refused() {
    refuse(
        &["tohit", "--attacker-bonus", "1"],
        expect![[r#"
            error: give both bonuses (`attacker_bonus` and `defender_bonus`) or both profiles (`attacker` and `defender`)
        "#]],
    );
    let bonuses = ["tohit", "--attacker-bonus", "1", "--defender-bonus", "0"];
    refuse(
        &[&bonuses[..], &["--sigma", "0"]].concat(),
        expect![[r#"
            error: --sigma: sigma must be a positive number (up to 1000), got 0
        "#]],
    );
    refuse(
        &[&bonuses[..], &["--uniform-sum", "4"]].concat(),
        expect![[r#"
            error: invalid value '4' for '--uniform-sum <K,R>': `4`: expected whole numbers K,R such as 4,17

            For more information, try '--help'.
        "#]],
    );
    refuse(
        &[&bonuses[..], &["--uniform-sum", "0,17"]].concat(),
        expect![[r#"
            error: --uniform-sum: the uniform-sum model needs 1 to 64 terms of radius 1 to 1000, got 0 terms of radius 17
        "#]],
    );
    refuse(
        &[
            "tohit",
            "--attacker-bonus",
            "1e300",
            "--defender-bonus",
            "0",
        ],
        expect![[r#"
            error: --attacker-bonus: must be a number from -1000 to 1000, got 1e300
        "#]],
    );
    refuse(
        &[
            "tohit",
            "--attacker-bonus",
            "3",
            "--defender-bonus",
            "2",
            "--sigma",
            "-1",
        ],
        expect![[r#"
            error: --sigma: sigma must be a positive number (up to 1000), got -1
        "#]],
    );
}

#[test]
fn bad_profiles_are_refused_with_their_place() {
    let dir = scratch("tohit-bad-profiles");
    let bad = write(
        &dir,
        "bad.toml",
        "kind = \"player\"\n[weapon]\nerosion = 7\n",
    );
    refuse(
        &[
            "tohit",
            "--attacker",
            &bad,
            "--defender",
            &example("evasion/troll.toml"),
        ],
        expect![[r#"
            error: $TMP/tohit-bad-profiles/bad.toml, line 3, column 11: weapon.erosion: must be a whole number from 0 to 3, got the integer `7`
              | erosion = 7
              |           ^
        "#]],
    );
    let monster = write(
        &dir,
        "monster.toml",
        "kind = \"monster\"\nlevel = 5\n[weapon]\nkind = \"launcher\"\n",
    );
    refuse(
        &[
            "tohit",
            "--attacker",
            &monster,
            "--defender",
            &example("evasion/troll.toml"),
        ],
        expect![[r#"
            error: $TMP/tohit-bad-profiles/monster.toml, line 4, column 8: weapon.kind: a monster never swings a launcher, ammo or boomerang in melee (evasion, Changes to other mechanics): give it a melee weapon, no weapon, or a [ranged] attack
              | kind = "launcher"
              |        ^^^^^^^^^^
        "#]],
    );
}

#[test]
fn enchantments_at_the_integer_minimum_are_refused_with_their_range() {
    let dir = scratch("tohit-enchantments");
    let (troll, archer) = (
        example("evasion/troll.toml"),
        example("evasion/archer.toml"),
    );
    let attacker = |name: &str, text: &str| {
        let file = write(&dir, name, text);
        ["tohit", "--attacker", &file, "--defender", &troll].map(String::from)
    };
    let defender = |name: &str, text: &str| {
        let file = write(&dir, name, text);
        ["tohit", "--attacker", &archer, "--defender", &file].map(String::from)
    };
    let refused = |args: [String; 5], expected: Expect| {
        refuse(&args.each_ref().map(String::as_str), expected);
    };
    refused(
        attacker("rings.toml", "rings_of_accuracy = -2147483648\n"),
        expect![[r#"
            error: $TMP/tohit-enchantments/rings.toml, line 1, column 21: rings_of_accuracy: must be a whole number from -50 to 50, got the integer `-2147483648`
              | rings_of_accuracy = -2147483648
              |                     ^^^^^^^^^^^
        "#]],
    );
    refused(
        attacker(
            "launcher.toml",
            "kind = \"player\"\n[weapon]\nkind = \"ammo\"\n[ranged]\nlauncher_enchantment = -2147483648\n",
        ),
        expect![[r#"
            error: $TMP/tohit-enchantments/launcher.toml, line 5, column 24: ranged.launcher_enchantment: must be a whole number from -50 to 50, got the integer `-2147483648`
              | launcher_enchantment = -2147483648
              |                        ^^^^^^^^^^^
        "#]],
    );
    refused(
        defender("armor.toml", "[armor.torso]\nenchantment = -2147483648\n"),
        expect![[r#"
            error: $TMP/tohit-enchantments/armor.toml, line 2, column 15: armor.torso.enchantment: must be a whole number from -50 to 50, got the integer `-2147483648`
              | enchantment = -2147483648
              |               ^^^^^^^^^^^
        "#]],
    );
    refused(
        defender("evasiveness.toml", "rings_of_evasiveness = -2147483648\n"),
        expect![[r#"
            error: $TMP/tohit-enchantments/evasiveness.toml, line 1, column 24: rings_of_evasiveness: must be a whole number from -50 to 50, got the integer `-2147483648`
              | rings_of_evasiveness = -2147483648
              |                        ^^^^^^^^^^^
        "#]],
    );
}

#[test]
fn a_wrong_launcher_counts_only_when_told() {
    let archer = write(
        &scratch("tohit-wrong-launcher"),
        "crossbow.toml",
        "kind = \"player\"\n[weapon]\nkind = \"ammo\"\n[ranged]\nlauncher = \"wrong\"\nlauncher_enchantment = 2\n",
    );
    let troll = example("evasion/troll.toml");
    let fixed = |extra: &[&str]| {
        let args = [
            "tohit",
            "--attacker",
            &archer,
            "--defender",
            &troll,
            "--json",
        ];
        json(&[&args[..], extra].concat())["attacker"]["fixed"]
            .as_f64()
            .unwrap()
    };
    assert_eq!(fixed(&[]), -6.0, "by default a wrong launcher adds nothing");
    assert_eq!(fixed(&["--wrong-launcher-counts"]), -4.0, "−6 + 2");
}

#[test]
fn requests_answer_as_the_command() {
    use fray::evasion::request::ToHitRequest;
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
            r#"{"attacker_bonus": 1, "defender_bonus": 1, "model": {"uniform_sum": [4, 17]}}"#,
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
    let text =
        |name: &str| std::fs::read_to_string(example(&format!("evasion/{name}.toml"))).unwrap();
    let (archer, troll) = (
        example("evasion/archer.toml"),
        example("evasion/troll.toml"),
    );
    let json = json!({"attacker": text("archer"), "defender": text("troll"),
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
        tohit(&json!({"attacker": "level = -4", "defender": ""}).to_string()),
        "attacker, line 1",
    );
}
