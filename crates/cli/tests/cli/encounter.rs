//! `fray encounter SCRIPT`: a scripted encounter of conditions with its log and
//! expectations, the readings that switch rules, and the library's request beside the
//! command.

use crate::common::*;

/// A bundled encounter script's path.
fn script(name: &str) -> String {
    example(&format!("encounters/{name}.toml"))
}

#[test]
fn encounter_scripts_run_from_the_command_line() {
    check(
        &["encounter", &script("grabbed")],
        expect![[r#"
            [instances] Hero is grabbed by Ogre (instance 1, until ended)
            [instances] Hero is grabbed by Troll (instance 2, until ended) (another instance: effects do not stack)
            [script] refused: move: Hero cannot move: grabbed
            [escape] Hero escape check against Ogre (a move action): d20 10 + Acrobatics = 15 vs Reflex 12: success
            [instances] Hero: grabbed instance 1 ends (one instance ends) (1 instance(s) remain, so still grabbed)
            [instances] Hero is grabbed by Ogre (instance 3, until ended) (another instance: effects do not stack)
            [escape] Hero escape check against Troll (a free action): d20 15 + Acrobatics = 20 vs Reflex 14: success
            [instances] Hero: grabbed instance 2 ends (one instance ends) (1 instance(s) remain, so still grabbed)
            [movement] Shaman pushes Hero 2 square(s) to (2, 1) (forced movement: no opportunity attacks)
            [grabbed] the forced movement would take Hero away from Ogre; no escape check: the movement is negated
            [script] refused: forced movement: forced movement negated: the grabbed creature did not escape
            [movement] Ogre moves 2 square(s) for 2 movement
            [opportunity] Ogre leaves a square next to Hero: it provokes an opportunity attack
            [grabbed] Hero is no longer adjacent to Ogre: that grab ends
            [instances] Hero: grabbed instance 3 ends (not adjacent to its grabber)
            [attack] Lasher attacks Hero with `Lash`: d20 12 + 20 +0 = 32 vs AC 10: hit
            [damage] Hero takes 2 damage (2 − 0 + 0), 28 hp left
            [instances] Hero is grabbed by Lasher (instance 4, until ended)
            [grabbed] Hero is pulled adjacent to Lasher, to (4, 1)
            14 expectation(s) met, 0 failed
        "#]],
    );
    let v = json(&["encounter", &script("marks"), "--json"]);
    assert!(v["expectations_met"].as_u64().unwrap() > 5);
    assert!(
        v["log"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["id"].is_string() && s["heading"].is_string())
    );
    let dir = scratch("encounter-scripts");
    let text = std::fs::read_to_string(script("stacking"))
        .unwrap()
        .replacen("total = -4", "total = -3", 1);
    let failing = write(&dir, "failing.toml", text);
    refuse(
        &["encounter", &failing],
        expect![[r#"
            error: 1 expectation(s) failed:
            $TMP/encounter-scripts/failing.toml, line 25, column 1: attack modifier should be -3, is -4 ([Modifier { kind: Cover, value: -2, source: "cover" }, Modifier { kind: Concealment, value: -2, source: "concealment" }])
        "#]],
    );
    let bad = write(
        &dir,
        "bad.toml",
        "[[creature]]\nname = \"A\"\nside = \"a\"\nhp = 10\n[[step]]\ndo = \"apply\"\ncreature = \"Z\"\ncondition = \"prone\"\n",
    );
    refuse(
        &["encounter", &bad],
        expect![[r#"
            error: $TMP/encounter-scripts/bad.toml, line 7, column 12: step.0.creature: no creature is named `Z`
              | creature = "Z"
              |            ^^^
        "#]],
    );
}

#[test]
fn terrain_objects_senses_effects_and_marks_scripts_run() {
    for name in [
        "terrain",
        "objects",
        "senses",
        "effects",
        "mark-triggers",
        "reappear",
    ] {
        let out = &ok(&["encounter", &script(name)]).stdout;
        assert!(out.contains(", 0 failed"), "{name}: {out}");
    }
}

#[test]
fn bad_terrain_is_located() {
    let bad = write(
        &scratch("encounter-terrain"),
        "bad.toml",
        "[[terrain]]\nname = \"pit\"\nsquares = []\n",
    );
    refuse(
        &["encounter", &bad],
        expect![[r#"
            error: $TMP/encounter-terrain/bad.toml, line 3, column 11: expected at least one square, as [[x, y], ...]
              | squares = []
              |           ^^
        "#]],
    );
}

#[test]
fn readings_switch_from_the_command_line() {
    let path = write(
        &scratch("encounter-readings"),
        "mark.toml",
        "[[creature]]\nname = \"Orc\"\nside = \"b\"\nhp = 30\nposition = [0, 0]\n\
         [[creature]]\nname = \"Paladin\"\nside = \"a\"\nhp = 30\nposition = [5, 5]\n\
         [[creature]]\nname = \"Wizard\"\nside = \"a\"\nhp = 20\nposition = [0, 1]\n\
         [[step]]\ndo = \"apply\"\ncreature = \"Orc\"\ncondition = \"marked\"\nsource = \"Paladin\"\n\
         [[step]]\ndo = \"apply\"\ncreature = \"Orc\"\ncondition = \"prone\"\n\
         [[step]]\ndo = \"expect\"\ncheck = \"attack-modifier\"\nattacker = \"Orc\"\n\
         target = \"Wizard\"\nviolates_mark = true\ntotal = -4\n",
    );
    // Untyped by default: the mark's -2 and prone's -2 add up.
    check(
        &["encounter", &path],
        expect![[r#"
            [instances] Orc is marked by Paladin (instance 1, until ended)
            [instances] Orc is prone (instance 2, until ended)
            1 expectation(s) met, 0 failed
        "#]],
    );
    // As a power penalty, only one -2 counts.
    refuse(
        &["encounter", &path, "--reading", "mark-penalty-power"],
        expect![[r#"
            error: 1 expectation(s) failed:
            $TMP/encounter-readings/mark.toml, line 25, column 1: attack modifier should be -4, is -2 ([Modifier { kind: Power, value: -2, source: "the attack violates a mark" }])
        "#]],
    );
    // A stunned creature escapes by default, not under the other reading.
    let stunned = script("no-actions-no-escape");
    ok(&["encounter", &stunned]);
    refuse(
        &["encounter", &stunned, "--reading", "stunned-cannot-escape"],
        expect![[r#"
            error: 2 expectation(s) failed:
            $ROOT/examples/encounters/no-actions-no-escape.toml, line 149, column 1: Dazzled should be at (-1, 4), is at (0, 4)
            $ROOT/examples/encounters/no-actions-no-escape.toml, line 155, column 1: Dazzled should not be grabbed
        "#]],
    );
    refuse(
        &["encounter", &path, "--reading", "mark-penalty-cover"],
        expect![[r#"
            error: invalid value 'mark-penalty-cover' for '--reading <READING>'
              [possible values: mark-penalty-power, stunned-cannot-escape]

              tip: a similar value exists: 'mark-penalty-power'

            For more information, try '--help'.
        "#]],
    );
}

#[test]
fn scripts_refuse_out_of_range_numbers_and_empty_files() {
    let dir = scratch("encounter-ranges");
    let hero = "[[creature]]\nname = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n";
    // Four billion damage: refused where it is written, with the range.
    let damage = write(
        &dir,
        "damage.toml",
        format!("{hero}[[step]]\ndo = \"damage\"\ncreature = \"Hero\"\namount = 4294967295\n"),
    );
    refuse(
        &["encounter", &damage],
        expect![[r#"
            error: $TMP/encounter-ranges/damage.toml, line 9, column 10: an amount is 4294967295: expected a whole number from 0 to 1000000
              | amount = 4294967295
              |          ^^^^^^^^^^
        "#]],
    );
    // A square at the integer extreme.
    let far = write(&dir, "far.toml", hero.replace("[0, 0]", "[2147483647, 0]"));
    refuse(
        &["encounter", &far],
        expect![[r#"
            error: $TMP/encounter-ranges/far.toml, line 5, column 12: a square's coordinate is 2147483647: expected a whole number from -1000000 to 1000000
              | position = [2147483647, 0]
              |            ^^^^^^^^^^^^^^^
        "#]],
    );
    // An empty script, and one with nothing but creatures.
    let empty = write(&dir, "empty.toml", "");
    refuse(
        &["encounter", &empty],
        expect![[r#"
            error: $TMP/encounter-ranges/empty.toml, nothing to play: the script declares no creature or object (expected [[creature]] tables, then [[step]] tables)
        "#]],
    );
    let idle = write(&dir, "idle.toml", hero);
    check(
        &["encounter", &idle],
        expect![[r#"
            the script has no [[step]]: nothing to play
            0 expectation(s) met, 0 failed
        "#]],
    );
    // A d20 roll outside the die refuses the step: the attack does not run.
    let roll = write(
        &dir,
        "roll.toml",
        format!(
            "{hero}[[creature.power]]\nname = \"Jab\"\nattack = 5\ndamage = \"1d4\"\n\
             [[creature]]\nname = \"Orc\"\nside = \"b\"\nhp = 10\nposition = [1, 0]\n\
             [[step]]\ndo = \"attack\"\nattacker = \"Hero\"\npower = \"Jab\"\ntargets = [\"Orc\"]\nrolls = [25]\n"
        ),
    );
    let run = refuse(
        &["encounter", &roll],
        expect![[r#"
            error: 1 expectation(s) failed:
            $TMP/encounter-ranges/roll.toml, line 15, column 1: the fixed roll 25 cannot come from a d20: the step is refused and changes nothing
        "#]],
    );
    assert!(!run.stdout.contains("Hero attacks Orc"), "{}", run.stdout);
}

/// The encounter log names defenses, modifier types, targets and durations as the rules
/// do: no `vs Ac`, `(Untyped)`, `Attack` or `UntilEnded`.
#[test]
fn log_names_print_as_the_rules_call_them() {
    let run = check(
        &["encounter", &script("mark-attack-roll")],
        expect![[r#"
            [instances] Orc is marked by Paladin (instance 1, until ended)
            [marks] the attack targets an enemy but not its marker(s) Paladin: it violates the mark (−2)
            [attack] Orc attacks Wizard with `Axe`: d20 10 + 5 -2 = 13 vs AC 15: miss
            [attack] Orc attacks Paladin with `Axe`: d20 10 + 5 +0 = 15 vs AC 15: hit
            [damage] Paladin takes 4 damage (4 − 0 + 0), 26 hp left
            5 expectation(s) met, 0 failed
        "#]],
    );
    assert!(!run.stdout.contains("vs Ac "), "{}", run.stdout);
    let out = &ok(&["encounter", &script("effects")]).stdout;
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
fn requests_answer_as_the_command() {
    use fray::conditions::request::EncounterRequest;
    let encounter = |json: &str| request_of(json, |r: EncounterRequest| Ok(r.validate()?.run()));
    for (name, json, flags) in [
        ("marks", json!({}), vec![]),
        (
            "mark-penalty",
            json!({"reading": ["mark-penalty-power"], "seed": 3}),
            vec!["--reading", "mark-penalty-power", "--seed", "3"],
        ),
    ] {
        let file = script(name);
        let mut json = json;
        json["script"] = Value::from(std::fs::read_to_string(&file).unwrap());
        let mut cli = vec!["encounter", file.as_str(), "--json"];
        cli.extend(flags);
        same_as_cli(encounter(&json.to_string()), &cli);
    }
    // A failed expectation is part of the answer (the command also exits 2 after printing it).
    let file = script("no-actions-no-escape");
    let json = json!({"script": std::fs::read_to_string(&file).unwrap(),
        "reading": ["stunned-cannot-escape"]});
    let answer = encounter(&json.to_string()).unwrap();
    let failures = answer["failures"].as_array().unwrap();
    assert!(!failures.is_empty(), "{answer}");
    refusal(
        encounter(r#"{"script": "[[creature]]\nname = 3\n"}"#),
        "the script, line 2",
    );
}
