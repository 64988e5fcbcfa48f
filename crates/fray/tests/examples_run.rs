//! The runnable examples of `crates/fray/examples/` (programs that embed fray the way a
//! game or a tool would), each included here by path and its output checked against the
//! rules: `cargo test` builds them and proves that what they print is still true.

use fray::evasion::{ToHit, ToHitModel};
use fray::pool::{Check, CheckOdds, Ladder};

#[allow(dead_code)]
#[path = "../examples/roguelike_attack.rs"]
mod roguelike_attack;

#[allow(dead_code)]
#[path = "../examples/pool_odds.rs"]
mod pool_odds;

#[allow(dead_code)]
#[path = "../examples/damage_trace.rs"]
mod damage_trace;

#[allow(dead_code)]
#[path = "../examples/encounter.rs"]
mod encounter;

#[allow(dead_code)]
#[path = "../examples/minions_battle.rs"]
mod minions_battle;

/// The first line of `out` that starts with `prefix`, without the prefix.
fn line<'a>(out: &'a str, prefix: &str) -> &'a str {
    out.lines()
        .find_map(|l| l.trim_start().strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no line starting {prefix:?} in:\n{out}"))
}

/// The position of the first line containing `needle`.
fn at(out: &str, needle: &str) -> usize {
    out.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line containing {needle:?} in:\n{out}"))
}

/// The number written after `key` in `text` (up to a comma, a space or the end).
fn number_after(text: &str, key: &str) -> f64 {
    let rest = &text[text.find(key).expect("the key is printed") + key.len()..];
    let end = rest.find([',', ' ', '%']).unwrap_or(rest.len());
    rest[..end].parse().expect("a number")
}

#[test]
fn roguelike_attack_prints_both_totals_the_odds_and_a_replayable_fight() {
    let out = roguelike_attack::run();
    // Dex 16: floor((16 − 10) / 4) = 1; skilled +2; the sword's +1 (evasion, Attacker
    // bonus). Luck 10: 1d(10 / 2).
    let attacker = line(&out, "attacker: ");
    assert!(attacker.ends_with("= +4, Luck +1d5"), "{attacker}");
    // EV 2, size 3 gives 2 − 3 = −1, the helm's EV +1 (evasion, Defender bonus).
    let defender = line(&out, "defender: ");
    assert!(defender.ends_with("= +2, Luck none"), "{defender}");
    // The printed chance is the mean over the d5 of the closed form at each margin.
    let to_hit = ToHit::new(ToHitModel::NORMAL).unwrap();
    let mean: f64 = (1..=5)
        .map(|luck| to_hit.p_hit(2.0 - (4.0 + f64::from(luck))))
        .sum::<f64>()
        / 5.0;
    let printed = number_after(line(&out, "chance to hit: "), "");
    assert_eq!(printed, (mean * 1000.0).round() / 10.0);
    // Each hit: d8+1 rolled, never raised by DR, at least 1 dealt.
    let swings: Vec<&str> = out.lines().filter(|l| l.starts_with("swing ")).collect();
    assert!(!swings.is_empty() && swings.len() <= 3, "{out}");
    for s in swings.iter().filter(|s| s.contains(": hit the ")) {
        let rolled = number_after(s, "rolled ");
        let after = number_after(s, ", ");
        let dealt = number_after(s, "=> ");
        assert!(
            (2.0..=9.0).contains(&rolled) && after <= rolled && dealt >= 1.0,
            "{s}"
        );
    }
    // The same seed gives the same fight.
    assert_eq!(out, roguelike_attack::run());
}

#[test]
fn pool_odds_match_the_binomial_and_the_exploding_die() {
    let out = pool_odds::run();
    // 3/6 with two bonus dice: three dice at 1/2, and without penalty dice only all
    // misses fail: 1 − 1/8.
    assert_eq!(line(&out, "P(success) = "), "0.8750");
    // All three hit (1/8), and the exploding d6 adds nothing (5/6): 0.1042.
    assert_eq!(line(&out, "success of degree 3: "), "0.1042");
    assert_eq!(line(&out, "failure of degree 3: "), "0.1042");
    // A side's mean hits is its count times one check's mean degree.
    let check = Check::new(Ladder::standard().parse("3/6").unwrap(), 3, 0).unwrap();
    let mean_a = 5.0 * CheckOdds::new(check).mean_degree();
    let means = line(&out, "mean hits: ");
    assert!(
        (number_after(means, "a ") - mean_a).abs() <= 0.0005 + 1e-9,
        "{means}"
    );
    // The three outcomes of a round cover every case.
    let round = line(&out, "P(a more) = ");
    let total = number_after(round, "")
        + number_after(round, "P(tie) = ")
        + number_after(round, "P(b more) = ");
    assert!((total - 1.0).abs() < 2e-4, "{round}");
}

#[test]
fn damage_trace_explains_the_readme_hit_step_by_step() {
    let out = damage_trace::run();
    // Half of 17 resisted for fire, 5 added for cold, each averaged over the two types
    // (damage, Resolving attacks with multiple damage types): 17 − 4 + 2.
    assert_eq!(line(&out, "final damage: "), "15 (17 - 4 + 2)");
    // Every step is numbered and names its rule and the text's heading.
    let steps: Vec<&str> = out.lines().filter(|l| l.contains(". [")).collect();
    assert!(steps.len() >= 8, "{out}");
    assert!(steps.iter().all(|s| s.ends_with(')')), "{out}");
    assert!(at(&out, "Resist Fire mitigates 8") < at(&out, "17 − 4 + 2 = 15"));
    // The immunity stops the stun, not the fall; the trigger waits for the hit.
    assert_eq!(
        line(&out, "effect stunned: "),
        "is stopped by Condition Immune: Stunned"
    );
    assert_eq!(line(&out, "effect prone: "), "takes hold");
    assert!(at(&out, "final damage") < at(&out, "trigger (cold): slowed"));
}

#[test]
fn encounter_refuses_the_grabbed_walk_and_lets_the_escaped_hero_go() {
    let out = encounter::run();
    assert!(out.ends_with("3 expectation(s) met, 0 failed\n"), "{out}");
    let refused = at(&out, "refused: move: Hero cannot move: grabbed");
    // 10 + Acrobatics 5 = 15 against Reflex 12 (conditions, Sidebar: Escape Check).
    let escape = at(&out, "d20 10 + Acrobatics = 15 vs Reflex 12: success");
    let moved = at(&out, "Hero moves 1 square");
    assert!(refused < escape && escape < moved, "{out}");
}

#[test]
fn minions_battle_levels_the_first_killer_at_the_next_turn() {
    let out = minions_battle::run();
    let qualified = at(&out, "Cole made its first kill");
    let turn_2 = at(&out, "turn 2 begins");
    let level = at(&out, "Cole gains its experience level: level 1 → 2");
    assert!(qualified < turn_2 && turn_2 < level, "{out}");
    assert_eq!(line(&out, "Cole (a): "), "8/8 hp, level 2");
    assert_eq!(line(&out, "Grub (b): "), "0/5 hp, level 2");
    assert_eq!(line(&out, "Snag (b): "), "0/5 hp, level 2");
    assert!(out.contains("side a wins after 2 turn(s)"), "{out}");
    // The first attack of a combat always hits (minions, How Levels Affect Combat).
    let first = out.lines().find(|l| l.contains(" (attack 1:")).unwrap();
    assert!(first.contains(" hits "), "{first}");
    // No dice: the same battle, the same log.
    assert_eq!(out, minions_battle::run());
}

#[test]
fn every_example_is_tested_here_and_named_in_the_readme() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let this = include_str!("examples_run.rs");
    for dir in ["crates/fray/examples", "crates/lab/examples"] {
        let package = if dir.contains("lab") {
            "fray-lab"
        } else {
            "fray"
        };
        for entry in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_str().unwrap().to_string();
            let run = format!("cargo run -p {package} --example {name}");
            assert!(readme.contains(&run), "README.md lacks `{run}`");
            if package == "fray" {
                let include = format!("#[path = \"../examples/{name}.rs\"]");
                assert!(
                    this.contains(&include),
                    "tests/examples_run.rs lacks {name}"
                );
            }
        }
    }
}
