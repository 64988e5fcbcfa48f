//! The battle lab: reproducibility across thread counts, sampled against exact answers,
//! every bundled scenario, and bad scenarios; evasion duels as written (`duel_rules`);
//! interrupted runs, chunk splits and bounds (`runs`).

mod agreement;
mod charts;
mod costs;
mod duel_rules;
mod duel_speed;
mod precision;
mod runs;
mod schema;
mod search;
mod sweep;

use fray_lab::duel::exact_duel;
use fray_lab::examples::EXAMPLES;
use fray_lab::report::{Basis, report, wilson};
use fray_lab::run::play_on;
use fray_lab::scenario::{BattleKind, Duel, Duelist};
use fray_lab::{json_schema, parse_scenario};

pub(crate) fn scenario(name: &str, trials: u64) -> fray_lab::Scenario {
    let e = fray_lab::examples::find(name).unwrap();
    let mut s = parse_scenario(e.text).unwrap_or_else(|err| panic!("{name}: {err}"));
    s.trials = trials;
    s
}

fn json(s: &fray_lab::Scenario, threads: usize) -> String {
    let tally = play_on(s, threads, &|_| {}).unwrap();
    serde_json::to_string(&report(s, &tally)).unwrap()
}

#[test]
fn the_same_seed_gives_identical_json_on_one_thread_and_on_all() {
    for (name, trials) in [
        ("pikes", 700),
        ("duel", 900),
        ("skirmish", 300),
        ("minions", 1),
    ] {
        let s = scenario(name, trials);
        let one = json(&s, 1);
        assert_eq!(one, json(&s, 0), "{name}: all threads");
        assert_eq!(one, json(&s, 3), "{name}: three threads");
    }
    let mut other = scenario("pikes", 700);
    other.seed += 1;
    assert_ne!(
        json(&other, 1),
        json(&scenario("pikes", 700), 1),
        "another seed, other numbers"
    );
}

#[test]
fn sampled_duels_agree_with_the_exact_answer() {
    let s = scenario("duel", 20_000);
    let tally = play_on(&s, 0, &|_| {}).unwrap();
    let r = report(&s, &tally);
    // The report gives the exact answer; the sampled counts must agree with it.
    for (side, wins) in r.sides.iter().zip(tally.wins) {
        assert_eq!(side.win.basis, Basis::Exact, "{}", side.name);
        let (exact, (_, low, high)) = (side.win.p, wilson(wins, tally.trials));
        assert!(
            low <= exact && exact <= high,
            "{}: exact {exact} outside [{low}, {high}]",
            side.name
        );
    }
    let sampled: f64 = tally
        .rounds
        .iter()
        .map(|(r, c)| f64::from(*r) * *c as f64)
        .sum::<f64>()
        / tally.trials as f64;
    let exact = r.rounds.mean;
    assert_eq!(r.rounds.mean_basis, Basis::Exact);
    assert!(
        (sampled - exact).abs() / exact < 0.02,
        "rounds {sampled} vs exact {exact}"
    );
}

fn sure_hitter(name: &str, hp: u32, damage: &str) -> Duelist {
    Duelist {
        name: name.into(),
        damage: damage.parse().unwrap(),
        // Physical (with no armor, so no DR): only physical damage meets the high-damage
        // cuts these fights are about.
        kind: fray::evasion::DamageKind::Physical,
        attack: fray::evasion::Attacker {
            engulfed: true,
            ..Default::default()
        },
        defense: fray::evasion::Defender {
            hp,
            ..Default::default()
        },
    }
}

#[test]
fn the_exact_duel_matches_hand_worked_fights() {
    // Both always hit for 20 against 6 hp: even cut by a high-damage effect (to 10) a hit
    // kills, so the first striker wins in the first round.
    let duel = Duel {
        a: sure_hitter("A", 6, "20"),
        b: sure_hitter("B", 6, "20"),
        options: Default::default(),
        b_first: false,
    };
    let e = exact_duel(&duel).unwrap();
    assert!(
        e.p_a_wins > 1.0 - 1e-9 && (e.expected_rounds - 1.0).abs() < 1e-6,
        "{e:?}"
    );
    // Hits of 3 against 6 hp: the second hit is over half of the 3 hp left, so a
    // high-damage effect cuts it (except on the torso) and the fight goes on.
    let slow = Duel {
        a: sure_hitter("A", 6, "3"),
        b: sure_hitter("B", 6, "3"),
        options: Default::default(),
        b_first: false,
    };
    let e = exact_duel(&slow).unwrap();
    assert!(e.expected_rounds > 2.0 && e.p_a_wins < 1.0, "{e:?}");
    let flipped = Duel {
        b_first: true,
        ..duel
    };
    let e = exact_duel(&flipped).unwrap();
    assert!(e.p_b_wins > 1.0 - 1e-9, "{e:?}");
    // Coin flips: each attack hits half the time for 1, 1 hp each. A wins if its first
    // hit lands before B's: P = 1/2 + 1/4 · P, so P = 2/3.
    let coin = |name: &str| Duelist {
        attack: fray::evasion::Attacker::default(),
        ..sure_hitter(name, 1, "1")
    };
    let e = exact_duel(&Duel {
        a: coin("A"),
        b: coin("B"),
        options: Default::default(),
        b_first: false,
    })
    .unwrap();
    assert!((e.p_a_wins - 2.0 / 3.0).abs() < 1e-12, "{e:?}");
    assert!((e.expected_rounds - 4.0 / 3.0).abs() < 1e-12, "{e:?}");
}

#[test]
fn every_bundled_scenario_runs_with_few_trials() {
    for e in EXAMPLES {
        let s = scenario(e.name, 64);
        let tally = play_on(&s, 0, &|_| {}).unwrap();
        let r = report(&s, &tally);
        assert!(r.trials >= 1, "{}", e.name);
        let total = r.sides[0].win.p + r.sides[1].win.p + r.draw.p;
        assert!((total - 1.0).abs() < 1e-9, "{}", e.name);
        assert!(fray_lab::report::html(&r).contains("<svg"), "{}", e.name);
        if let BattleKind::Minions(_) = s.battle {
            assert!(!r.sampled && r.sides[0].win.exact);
        }
    }
}

#[test]
fn wilson_intervals() {
    let (p, lo, hi) = wilson(50, 100);
    assert_eq!(p, 0.5);
    assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
    let (_, lo, hi) = wilson(0, 20);
    assert_eq!(lo, 0.0);
    assert!(hi > 0.1 && hi < 0.2);
}

#[test]
fn bad_scenarios_are_located() {
    let base = fray_lab::examples::find("pikes").unwrap().text;
    let cases: &[(&str, &str, &str)] = &[
        (
            "system = \"pool\"",
            "system = \"chess\"",
            "unknown variant `chess`",
        ),
        ("trials = 20000", "trials = 0", "expected from 1"),
        // serde's words ("invalid type: floating point `4.5`, expected i64") in ours.
        (
            "trials = 20000",
            "trials = 4.5",
            "trials: must be a whole number, got the number `4.5`",
        ),
        ("max_rounds = 40", "max_rounds = 0", "expected from 1"),
        ("count = 8\nhp = 6", "count = 8\nhp = 0", "hp is 0"),
        (
            "system = \"pool\"",
            "system = \"minions\"",
            "exactly the section of its system",
        ),
        (
            "name = \"Riders\"",
            "name = \"Riders\"\nmorale = 3",
            "unknown field `morale`",
        ),
        // A misnamed side table is told as itself, not as side b's missing name.
        ("[pool.b]", "[pool.c]", "unknown field `c`"),
    ];
    for (from, to, phrase) in cases {
        let text = base.replacen(from, to, 1);
        let e = parse_scenario(&text).expect_err(to);
        assert!(e.message.contains(phrase), "{to}: {e}");
        assert!(e.location.is_some(), "{to}: located");
    }
    let duel = fray_lab::examples::find("duel")
        .unwrap()
        .text
        .replacen("dex = 16", "dex = 99", 1);
    let e = parse_scenario(&duel).unwrap_err();
    assert!(e.message.contains("evasion.a.attack.dex"), "{e}");
    assert_eq!(
        e.location.map(|l| l.line_text),
        Some("dex = 99".to_string())
    );
}

#[test]
fn an_unknown_field_is_offered_only_the_fields_a_scenario_takes() {
    // A combatant's table is shared with rosters, whose units have a `cost`; a battle
    // scenario refuses `cost`, so its list of fields never offers it.
    let base = fray_lab::examples::find("pikes").unwrap().text;
    let text = base.replacen("count = 8\nhp = 6", "count = 8\nhpp = 6", 1);
    assert_ne!(text, base);
    let e = parse_scenario(&text).unwrap_err();
    assert!(
        e.message
            .contains("unknown field `hpp`, expected one of `name`, `hp`, `count`"),
        "{e}"
    );
    assert!(!e.message.contains("`cost`"), "{e}");
}

#[test]
fn a_minions_round_limit_written_twice_is_refused_where_the_section_has_it() {
    // The scenario's own max_rounds is the round limit; one in [minions.rules] would be
    // replaced by it, so it is refused at its line rather than dropped.
    let base = fray_lab::examples::find("minions").unwrap().text;
    let text = base.replacen("turns = 3", "turns = 3\nmax_rounds = 7", 1);
    assert_ne!(text, base);
    let e = parse_scenario(&text).unwrap_err();
    assert!(e.message.contains("top-level max_rounds"), "{e}");
    assert_eq!(
        e.location.map(|l| l.line_text),
        Some("max_rounds = 7".to_string())
    );
}

#[test]
fn the_json_schema_describes_scenarios() {
    let schema = json_schema();
    let props = &schema["properties"];
    for key in [
        "system",
        "trials",
        "seed",
        "max_rounds",
        "pool",
        "minions",
        "evasion",
        "skirmish",
    ] {
        assert!(props.get(key).is_some(), "{key} in {schema}");
    }
    assert!(schema.to_string().contains("skirmish"));
}

/// The lab fuzz targets' entry points, shared with `fuzz/fuzz_targets/` (`lab_scenario`,
/// `sweep_axis`, `odds_set`).
#[path = "../../../../fuzz/src/lab_entries.rs"]
mod lab_entries;

/// Replays the lab's fuzz regression corpus (`tests/fuzz-regressions/<target>/`) on
/// stable Rust through each fuzz target's own entry point, one `catch_unwind` per input.
/// See docs/testing.md; the other targets are replayed by `crates/fray/tests/pool` and
/// `crates/commands/tests/fuzz_replay.rs`.
mod fuzz_replay {
    use super::lab_entries;

    /// The function a fuzz target feeds its text to.
    type Entry = fn(&str);

    /// Each lab fuzz target and the entry point it calls.
    const TARGETS: &[(&str, Entry)] = &[
        ("lab_scenario", lab_entries::lab_scenario),
        ("sweep_axis", lab_entries::sweep_axis),
        ("odds_set", lab_entries::odds_set),
    ];

    fn sorted(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        paths.sort();
        paths
    }

    #[test]
    fn every_input_that_ever_crashed_a_lab_fuzz_target_replays_without_a_panic() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-regressions");
        let mut failures = Vec::new();
        let mut replayed = 0;
        for dir in sorted(&root) {
            let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            let Some(&(_, entry)) = TARGETS.iter().find(|(t, _)| *t == name) else {
                failures.push(format!(
                    "{}: no lab fuzz target of that name",
                    dir.display()
                ));
                continue;
            };
            for file in sorted(&dir) {
                let text = std::fs::read_to_string(&file).expect("a UTF-8 corpus file");
                replayed += 1;
                if let Err(payload) = std::panic::catch_unwind(|| entry(&text)) {
                    let why = payload
                        .downcast_ref::<&str>()
                        .map(|s| (*s).to_string())
                        .or_else(|| payload.downcast_ref::<String>().cloned())
                        .unwrap_or_default();
                    failures.push(format!("{}: panicked: {why}", file.display()));
                }
            }
        }
        assert!(replayed > 0, "no inputs under {}", root.display());
        assert!(
            failures.is_empty(),
            "{} of {replayed} inputs failed:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }

    /// A lab fuzz target without a replay entry would keep its crashes out of `cargo test`.
    #[test]
    fn every_lab_fuzz_target_is_replayed() {
        let targets =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/fuzz_targets");
        let entries = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/src/lab_entries.rs"),
        )
        .expect("lab_entries.rs");
        for file in sorted(&targets) {
            let source = std::fs::read_to_string(&file).expect("a fuzz target");
            let name = file
                .file_stem()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            if source.contains("lab_entries::") {
                assert!(
                    TARGETS.iter().any(|(t, _)| *t == name),
                    "fuzz target {name} calls lab_entries but has no entry in TARGETS"
                );
            }
        }
        for (t, _) in TARGETS {
            assert!(
                entries.contains(&format!("pub fn {t}(")),
                "no entry function {t}"
            );
        }
    }
}
