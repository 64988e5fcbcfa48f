//! What work costs before it is done, and how soon it stops: each run's and sweep's
//! effort (steps, every fighter in every round a battle may last, and answer bytes) against what it really writes; the bound on what a
//! sweep's points hold; a battle of seconds cut short within a round; an odds sweep that
//! is checked without being worked out, and stops when cancelled.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use fray::dice::DiceExpr;
use fray_lab::request::BattleRequest;
use fray_lab::sweep::odds::{self, OddsPlan, OddsSystem};
use fray_lab::sweep::{self, AxisSpec, Settings, Values};

use crate::sweep::plan;

/// A pool battle of `count` a side in heavy armor with `hp` hit points (at 10,000 a
/// side and 500 hit points, one battle lasts seconds).
fn horde(count: u32, hp: u32) -> String {
    format!(
        "name = \"Horde\"\nsystem = \"pool\"\ntrials = 1\nmax_rounds = 2000\n\
         [pool.a]\nname = \"Pikes\"\n[[pool.a.combatants]]\nname = \"Pikeman\"\ncount = {count}\nhp = {hp}\narmor = \"heavy\"\n\
         [pool.b]\nname = \"Riders\"\n[[pool.b.combatants]]\nname = \"Rider\"\ncount = {count}\nhp = {hp}\narmor = \"heavy\"\n"
    )
}

#[test]
fn a_runs_effort_counts_its_fighters_and_covers_its_report() {
    for e in fray_lab::examples::EXAMPLES {
        let valid = BattleRequest {
            example: Some(e.name.into()),
            trials: Some(500),
            ..Default::default()
        }
        .validate()
        .unwrap();
        let effort = valid.effort();
        let report = valid.run().unwrap();
        let written = fray_lab::answer::json_text(&report).unwrap().len() as u64;
        assert!(
            effort.answer_bytes >= written && effort.answer_bytes <= 20 * written + (64 << 10),
            "{}: estimated {} bytes, wrote {written}",
            e.name,
            effort.answer_bytes
        );
        // Every fighter in every round a battle may last (a minions battle's turns are
        // combats of up to max_rounds each): the most the run can take.
        let scenario = fray_lab::parse_scenario(e.text).unwrap();
        let rounds =
            u64::from(scenario.max_rounds) * u64::from(scenario.battle.turns().unwrap_or(1));
        let fighter_rounds = valid.planned_trials() * report.survivors.len() as u64;
        assert_eq!(effort.steps, fighter_rounds * rounds, "{}", e.name);
        assert!(
            effort.steps as f64 >= fighter_rounds as f64 * report.rounds.mean,
            "{}",
            e.name
        );
    }
}

#[test]
fn what_a_sweeps_points_hold_is_bounded_before_and_while_they_are_checked() {
    // A large text at many points: refused before any point is checked.
    let padded = format!("{}\n# {}\n", horde(10, 5), "x".repeat(1 << 20));
    let grid = plan(&[
        ("pool.a.combatants.Pikeman.hp", "1..100"),
        ("pool.b.combatants.Rider.hp", "1..100"),
    ]);
    let e = sweep::check(&padded, &grid, &Settings::default()).unwrap_err();
    assert!(e.to_string().contains("at most 67108864 (64 MiB)"), "{e}");
    // A small text whose points are large once loaded: refused as the bound is passed.
    let line = plan(&[("pool.b.combatants.Rider.hp", "1..400")]);
    let e = sweep::check(&horde(10_000, 7), &line, &Settings::default()).unwrap_err();
    assert!(e.to_string().contains("64 MiB"), "{e}");
    // Within it, the same sweep of smaller armies is accepted.
    assert!(sweep::check(&horde(100, 7), &line, &Settings::default()).is_ok());
}

#[test]
fn an_unknown_path_is_refused_at_once_however_long_or_however_many_fields() {
    let mut many = String::from("name = \"Many\"\nsystem = \"pool\"\n[pool.a]\nname = \"A\"\n");
    for i in 0..10_000 {
        many.push_str(&format!(
            "[[pool.a.combatants]]\nname = \"c{i}\"\nhp = 5\nbonus = 1\n"
        ));
    }
    many.push_str("[pool.b]\nname = \"B\"\n[[pool.b.combatants]]\nname = \"r\"\nhp = 5\n");
    let long = "q".repeat(100_000);
    let e = sweep::check(&many, &plan(&[(&long, "1..3")]), &Settings::default()).unwrap_err();
    assert!(
        !e.to_string().contains("nearest"),
        "no path is near one this long"
    );
    // A near miss is still suggested.
    let e = sweep::check(
        &many,
        &plan(&[("pool.a.combatants.c17.hq", "1..3")]),
        &Settings::default(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("pool.a.combatants.c17.hp"), "{e}");
}

/// Runs a one-battle scenario on one thread, cancelled after `ms` milliseconds, and
/// checks that its battle was cut short and counts nothing.
fn cancelled_after(ms: u64, scenario: String) {
    let valid = BattleRequest {
        scenario: Some(scenario),
        threads: 1,
        ..Default::default()
    }
    .validate()
    .unwrap();
    let cancel = AtomicBool::new(false);
    let report = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(ms));
            cancel.store(true, Ordering::Relaxed);
        });
        valid.run_with(&|_| {}, &cancel).unwrap()
    });
    assert_eq!(report.trials, 0);
    assert!(!report.complete);
}

#[test]
fn a_battle_of_seconds_stops_within_a_round_of_a_cancel() {
    // 10,000 a side of a million hit points, unarmored with ten bonus dice: 2,500
    // rounds in which every one of them is struck, a die for every target, the most
    // rolls a battle may ask for.
    // A tenth of a second in a test build: cancelled after 20 ms.
    cancelled_after(
        20,
        horde(10_000, 1_000_000)
            .replace("max_rounds = 2000", "max_rounds = 2500")
            .replace("armor = \"heavy\"", "armor = \"none\"\nbonus = 10"),
    );
}

/// A skirmish of the most creatures, none with a power: they close in and stand there
/// for every one of 100,000 rounds (a minute and more), unless cancelled.
#[test]
fn a_skirmish_that_lasts_every_round_stops_within_a_round_of_a_cancel() {
    let most = fray_lab::scenario::MAX_SKIRMISH_CREATURES;
    let creatures: String = (0..most)
        .map(|i| {
            let (side, x) = if i % 2 == 0 { ("a", 0) } else { ("b", 30) };
            format!(
                "[[skirmish.creature]]\nname = \"C{i}\"\nside = \"{side}\"\nhp = 10\nposition = [{x}, {}]\n",
                i / 2
            )
        })
        .collect();
    cancelled_after(
        50,
        format!("system = \"skirmish\"\ntrials = 1\nmax_rounds = 100000\n{creatures}"),
    );
}

#[test]
fn an_odds_sweep_is_costed_when_checked_and_stops_when_cancelled() {
    let plan = OddsPlan {
        system: OddsSystem::Damage,
        set: vec!["amount=20d100".into()],
        vary: vec![AxisSpec::new(
            "attacker_level",
            Values::Range("0..9".into()),
        )],
    };
    let checked = odds::check(&plan).unwrap();
    let dice: DiceExpr = "20d100".parse().unwrap();
    // Each point: its dice twice, and each of its 1,981 totals resolved against the
    // (empty) defender's one pass of its one type: (1 + 1) × (0 + 1) steps a total.
    assert_eq!(
        checked.effort.steps,
        10 * (2 * dice.exact_work() + 1981 * 2)
    );
    assert!(checked.effort.answer_bytes >= 10 * 80 * 1981);
    let cancelled = AtomicBool::new(true);
    let e = odds::run_until(&checked, 1, &|_| {}, &cancelled).unwrap_err();
    assert!(e.message.contains("interrupted"), "{}", e.message);
    let done = odds::run(&checked, 1).unwrap();
    assert_eq!(done.points.len(), 10);
}
