//! A script as it is read and run: its size limits, the powers and steps it declares,
//! where a bad value is located, what its expectations check, and how fixed rolls and
//! the seed are drawn.

use fray::conditions::script::{MAX_CREATURES, MAX_STEPS};
use fray::conditions::{Forced, parse_script};

use super::{FLANK, sized_script};

#[test]
fn area_and_ranged_powers_provoke_and_melee_powers_do_not() {
    let text = |keywords: &str| {
        format!(
            "[[creature]]\nname = \"C\"\nside = \"a\"\nhp = 5\nposition = [0, 0]\n\
             [[creature.power]]\nname = \"P\"\nkeywords = [{keywords}]\nattack = 1\n"
        )
    };
    for (keywords, area, provokes) in [
        ("\"melee\"", false, false),
        ("\"ranged\"", false, true),
        ("\"burst\"", true, true),
        ("\"blast\"", true, true),
        ("\"area\"", true, true),
    ] {
        let script = parse_script(&text(keywords)).unwrap();
        let power = &script.creatures[0].powers[0];
        assert_eq!(
            (power.is_area(), power.provokes()),
            (area, provokes),
            "{keywords}"
        );
    }
}

#[test]
fn a_script_at_its_size_limits_is_read_and_one_more_is_refused() {
    assert!(parse_script(&sized_script(MAX_CREATURES, 1)).is_ok());
    assert!(parse_script(&sized_script(1, MAX_STEPS)).is_ok());
    for (creatures, steps) in [(MAX_CREATURES + 1, 1), (1, MAX_STEPS + 1)] {
        let e = parse_script(&sized_script(creatures, steps))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(&format!("at most {MAX_CREATURES} creatures")),
            "{e}"
        );
    }
}

#[test]
fn an_effect_named_by_blanks_is_refused() {
    let text = format!(
        "{}[[step]]\ndo = \"apply\"\ncreature = \"C0\"\ncondition = \"dazed\"\neffect = \"  \"\nduration = \"save-ends\"\n",
        sized_script(1, 0)
    );
    let e = parse_script(&text).unwrap_err().to_string();
    assert!(e.contains("expected the name of an effect"), "{e}");
}

/// An out-of-range value that TOML locates at its whole `[[step]]` table is pointed at
/// itself, not at the same digits inside another number of the line.
#[test]
fn an_out_of_range_roll_is_located_at_itself() {
    for (rolls, column) in [("[10, 0]", 14), ("[1_0, 0]", 15), ("[0x10, 0]", 16)] {
        let text = format!(
            "{}[[step]]\ndo = \"next-turn\"\nrolls = {rolls}\n",
            sized_script(1, 0)
        );
        let e = parse_script(&text).unwrap_err().to_string();
        assert!(
            e.contains(&format!("line 7, column {column}")),
            "{rolls}: {e}"
        );
    }
}

#[test]
fn a_powers_forced_movement_is_read() {
    let text = format!(
        "{}[[creature.power]]\nname = \"Shove\"\nkeywords = [\"melee\"]\nattack = 2\nforced = [\"push\", 2]\n",
        sized_script(1, 0)
    );
    let script = parse_script(&text).unwrap();
    assert_eq!(
        script.creatures[0].powers[0].forced,
        Some((Forced::Push, 2))
    );
}

#[test]
fn an_expectation_naming_an_effect_counts_only_that_effects_instances() {
    let text = format!(
        "{}[[step]]\ndo = \"apply\"\ncreature = \"C0\"\ncondition = \"restrained\"\neffect = \"Web\"\nduration = \"until-ended\"\n\
         [[step]]\ndo = \"expect\"\ncheck = \"condition\"\ncreature = \"C0\"\ncondition = \"restrained\"\neffect = \"Net\"\npresent = false\n\
         [[step]]\ndo = \"expect\"\ncheck = \"condition\"\ncreature = \"C0\"\ncondition = \"restrained\"\neffect = \"Web\"\n",
        sized_script(1, 0)
    );
    let report = fray::conditions::run_script(&parse_script(&text).unwrap(), None);
    assert_eq!(
        (report.expectations_met, report.failures.len()),
        (2, 0),
        "{:?}",
        report.failures
    );
}

#[test]
fn an_expected_refusal_must_mention_its_words() {
    let text = format!(
        "{}[[step]]\ndo = \"end\"\ncreature = \"C0\"\ncondition = \"restrained\"\n\
         [[step]]\ndo = \"expect\"\ncheck = \"refused\"\ncontains = \"C0\"\n\
         [[step]]\ndo = \"expect\"\ncheck = \"refused\"\ncontains = \"a word it does not say\"\n",
        sized_script(1, 0)
    );
    let report = fray::conditions::run_script(&parse_script(&text).unwrap(), None);
    assert_eq!(
        (report.expectations_met, report.failures.len()),
        (1, 1),
        "{:?}",
        report.failures
    );
}

#[test]
fn every_name_in_an_expectation_must_be_known() {
    for (field, line) in [
        ("creature = \"Nobody\"\ncondition = \"dazed\"\n", 8),
        (
            "creature = \"C0\"\ncondition = \"dazed\"\nsource = \"Nobody\"\n",
            10,
        ),
    ] {
        let text = format!(
            "{}[[step]]\ndo = \"expect\"\ncheck = \"condition\"\n{field}",
            sized_script(1, 0)
        );
        let e = parse_script(&text).unwrap_err().to_string();
        assert!(
            e.contains("Nobody") && e.contains(&format!("line {line}")),
            "{e}"
        );
    }
}

#[test]
fn steps_without_fixed_rolls_draw_from_the_seed() {
    let text = FLANK.replace(
        "name = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n",
        "name = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n[[creature.power]]\nname = \"Axe\"\nkeywords = [\"melee\"]\nattack = 5\ndamage = \"1d12\"\n",
    ) + "[[step]]\ndo = \"attack\"\nattacker = \"Hero\"\npower = \"Axe\"\ntargets = [\"Orc\"]\n";
    let script = parse_script(&text).unwrap();
    let logs: std::collections::HashSet<Vec<String>> = (0..8)
        .map(|seed| {
            let report = fray::conditions::run_script(&script, Some(seed));
            report.log.iter().map(|s| s.text.clone()).collect()
        })
        .collect();
    assert!(logs.len() > 1, "eight seeds played one way");
}

#[test]
fn fixed_rolls_a_step_does_not_use_are_reported() {
    let text = format!(
        "{}[[step]]\ndo = \"next-turn\"\nrolls = [3, 4]\n",
        sized_script(1, 0)
    );
    let report = fray::conditions::run_script(&parse_script(&text).unwrap(), None);
    assert_eq!(report.failures.len(), 1, "{:?}", report.failures);
    assert!(
        report.failures[0]
            .message
            .contains("2 fixed roll(s) were not used"),
        "{:?}",
        report.failures
    );
    let plain = format!("{}[[step]]\ndo = \"next-turn\"\n", sized_script(1, 0));
    assert!(
        fray::conditions::run_script(&parse_script(&plain).unwrap(), None)
            .failures
            .is_empty()
    );
}

#[test]
fn a_step_refused_for_a_bad_fixed_roll_draws_nothing_from_the_seed() {
    let base = "[[creature]]\nname = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n\
                [[creature.power]]\nname = \"Axe\"\nkeywords = [\"melee\"]\nattack = 5\ndamage = \"2d6\"\n\
                [[creature]]\nname = \"Orc\"\nside = \"b\"\nhp = 40\nposition = [1, 0]\n";
    let attack =
        "[[step]]\ndo = \"attack\"\nattacker = \"Hero\"\npower = \"Axe\"\ntargets = [\"Orc\"]\n";
    // A d20 of 15, then a 9 on the first d6: refused, the second d6 still to come.
    let refused = format!("{attack}rolls = [15, 9]\n");
    let plays = |text: &str, seed: u64| -> Vec<String> {
        let report = fray::conditions::run_script(&parse_script(text).unwrap(), Some(seed));
        report
            .log
            .iter()
            .map(|s| s.text.clone())
            .filter(|t| !t.contains("refused") && !t.contains("FAILED"))
            .collect()
    };
    for seed in 0..6 {
        assert_eq!(
            plays(&format!("{base}{refused}{attack}"), seed),
            plays(&format!("{base}{attack}"), seed),
            "seed {seed}"
        );
    }
}

/// The script of one attack by the Hero (+5) on an Orc (AC 10) with a d20 of `roll`, and
/// `extra` fields on the attack step; then whether the Orc lost hit points.
fn scripted_hit(roll: u32, extra: &str, setup: &str) -> bool {
    let text = format!(
        "[[creature]]\nname = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n\
         [[creature.power]]\nname = \"Axe\"\nkeywords = [\"melee\"]\nattack = 5\ndamage = \"3\"\n\
         [[creature]]\nname = \"Orc\"\nside = \"b\"\nhp = 40\nac = 10\nposition = [1, 0]\n\
         [[creature]]\nname = \"Witch\"\nside = \"a\"\nhp = 40\nposition = [5, 5]\n\
         {setup}\
         [[step]]\ndo = \"attack\"\nattacker = \"Hero\"\npower = \"Axe\"\ntargets = [\"Orc\"]\nrolls = [{roll}]\n{extra}\
         [[step]]\ndo = \"expect\"\ncheck = \"hp\"\ncreature = \"Orc\"\nvalue = 37\n"
    );
    let report = fray::conditions::run_script(&parse_script(&text).unwrap(), None);
    report.failures.is_empty()
}

#[test]
fn an_attack_steps_cover_and_concealment_count() {
    // 6 + 5 = 11 reaches AC 10, but not AC 10 with cover (+2) or concealment (−2).
    assert!(scripted_hit(6, "", ""));
    assert!(!scripted_hit(6, "cover = \"cover\"\n", ""));
    assert!(!scripted_hit(6, "concealment = \"concealment\"\n", ""));
}

#[test]
fn an_attack_step_may_decline_a_dominated_targets_save() {
    let dominated = "[[step]]\ndo = \"apply\"\ncreature = \"Orc\"\ncondition = \"dominated\"\nsource = \"Witch\"\nduration = \"save-ends\"\n";
    let still = |extra: &str, rolls: &str| {
        let text = format!(
            "[[creature]]\nname = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n\
             [[creature.power]]\nname = \"Axe\"\nkeywords = [\"melee\"]\nattack = 5\ndamage = \"3\"\n\
             [[creature]]\nname = \"Orc\"\nside = \"b\"\nhp = 40\nposition = [1, 0]\n\
             [[creature]]\nname = \"Witch\"\nside = \"a\"\nhp = 40\nposition = [5, 5]\n\
             {dominated}\
             [[step]]\ndo = \"attack\"\nattacker = \"Hero\"\npower = \"Axe\"\ntargets = [\"Orc\"]\nrolls = {rolls}\n{extra}\
             [[step]]\ndo = \"expect\"\ncheck = \"condition\"\ncreature = \"Orc\"\ncondition = \"dominated\"\n"
        );
        fray::conditions::run_script(&parse_script(&text).unwrap(), None)
            .failures
            .is_empty()
    };
    assert!(!still("", "[15, 12]"), "saves on 12 and is free");
    assert!(
        still("dominated_save = false\n", "[15]"),
        "declined: still dominated"
    );
}
