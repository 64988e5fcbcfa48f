//! Every numeric field of battle files at its edges, a rule no test checked
//! (an ordinary hit gains no armor), and properties of the rules over random battles.

use std::time::{Duration, Instant};

use fray::minions::{Battle, Event, Group, Kind, Minion, Rules, parse_battle, play};
use proptest::prelude::*;

const EDGES: [&str; 7] = [
    "0",
    "-1",
    "-2147483648",
    "2147483647",
    "4294967295",
    "-9223372036854775808",
    "9223372036854775807",
];

/// A battle file with `field = value` put in one place.
fn file(rules: &str, minion: &str, spell: &str) -> String {
    format!(
        "[rules]\nturns = 2\n{rules}\n[a]\nname = \"A\"\n[[a.minions]]\nname = \"Knight\"\nkind = \"recruit\"\nhp = 5\ndamage = 1\n{minion}\n[b]\nname = \"B\"\n[[b.minions]]\nname = \"Orc\"\nkind = \"monster\"\nhp = 5\ndamage = 1\n[[spells]]\ngroup = \"b\"\ndamage = 1\n{spell}\n"
    )
}

#[test]
fn every_numeric_field_at_its_edges_is_accepted_and_sane_or_refused_with_its_range() {
    // (where, key, range): rules, minion, spell fields.
    let fields: [(u8, &str, i64, i64); 14] = [
        (0, "max_rounds", 1, 100_000),
        (1, "level", 0, 5),
        (1, "hp", 1, 1_000_000),
        (1, "damage", 0, 1_000_000),
        (1, "armor", 0, 1_000_000),
        (1, "attacks", 1, 100),
        (1, "count", 1, 20_000),
        (1, "spell_levels", -10, 10),
        (1, "armor_penalty", 0, 1_000_000),
        (1, "gaze_armor", 0, 1_000_000),
        (2, "turn", 1, 2),
        (2, "levels", -10, 10),
        (2, "armor_penalty", 0, 1_000_000),
        (0, "turns", 1, 1_000),
    ];
    for (place, key, lo, hi) in fields {
        for value in EDGES {
            let line = format!("{key} = {value}");
            let mut text = match place {
                0 => file(&line, "", ""),
                1 => file("", &line, ""),
                _ => file("", "", &line),
            };
            // The field replaces the file's own value of it, if it has one.
            let own = match (place, key) {
                (0, "turns") => Some("turns = 2\n"),
                (1, "hp") => Some("hp = 5\ndamage = 1\n"),
                (1, "damage") => Some("damage = 1\n"),
                _ => None,
            };
            if let Some(own) = own {
                let keep = if key == "hp" { "damage = 1\n" } else { "" };
                text = text.replacen(own, keep, 1);
            }
            let start = Instant::now();
            let result = parse_battle(&text);
            let v: i64 = value.parse().unwrap();
            match result {
                Ok(b) => {
                    assert!((lo..=hi).contains(&v), "{key} = {value} was accepted");
                    if fray::minions::check_work(&b).is_ok() && b.a.minions.len() < 100 {
                        let out = play(&b, &mut fray::trace::NoTrace);
                        assert!(out.minions.iter().all(|m| m.level <= 5 && m.hp <= m.max_hp));
                    }
                }
                Err(e) => {
                    let e = e.to_string();
                    assert!(
                        !(lo..=hi).contains(&v) || e.contains("attacks"),
                        "{key} = {value} was refused: {e}"
                    );
                    let at = text.lines().position(|l| l == line).unwrap() + 1;
                    assert!(e.contains(&format!("line {at}")), "{key} = {value}: {e}");
                    assert!(
                        e.contains(&format!("{lo} to {hi}"))
                            || e.contains(&format!("{lo} to {}", hi)),
                        "{key} = {value}: {e}"
                    );
                    assert!(!e.contains("expected u32") && !e.contains("expected i32"));
                }
            }
            assert!(
                start.elapsed() < Duration::from_secs(1),
                "{key} = {value}: {:?}",
                start.elapsed()
            );
        }
    }
}

fn battle(a: Vec<Minion>, b: Vec<Minion>, rules: Rules) -> Battle {
    Battle {
        rules,
        a: Group {
            name: "A".into(),
            minions: a,
        },
        b: Group {
            name: "B".into(),
            minions: b,
        },
        spells: Vec::new(),
    }
}

/// (minions, *Gaining Armor During Combat*): only a gaze hit gives armor. An ordinary hit
/// that wounds, a hit soaked by armor, and a gazer's miss give none.
#[test]
fn an_ordinary_hit_logs_no_armor_gain() {
    let rules = Rules {
        max_rounds: 3,
        ..Rules::default()
    };
    let plain = battle(
        vec![Minion::new("Brute", Kind::Monster, 20, 1).attacks(3)],
        vec![Minion::new("Target", Kind::Monster, 20, 1).armor(2)],
        rules,
    );
    let mut log = Vec::new();
    let out = play(&plain, &mut log);
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::Attack(a) if a.hit && a.wounds > 0)),
        "some hits wound"
    );
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::Attack(a) if a.hit && a.wounds == 0 && a.soaked > 0)),
        "some hits are soaked"
    );
    assert!(
        !log.iter().any(|e| matches!(e, Event::ArmorGained { .. })),
        "{log:?}"
    );
    assert!(
        out.minions
            .iter()
            .all(|m| m.armor == if m.name == "Target" { 2 } else { 0 })
    );

    // A gazer two levels below misses twice in three: its misses give no armor.
    let gazer = battle(
        vec![
            Minion::new("Gorgon", Kind::Monster, 50, 1)
                .level(0)
                .gaze_armor(2)
                .attacks(3),
        ],
        vec![Minion::new("Stone", Kind::Monster, 50, 0).level(2)],
        Rules {
            max_rounds: 1,
            ..Rules::default()
        },
    );
    let mut log = Vec::new();
    play(&gazer, &mut log);
    let hits = log
        .iter()
        .filter(|e| matches!(e, Event::Attack(a) if a.hit && a.attacker == "Gorgon"))
        .count();
    let misses = log
        .iter()
        .filter(|e| matches!(e, Event::Attack(a) if !a.hit && a.attacker == "Gorgon"))
        .count();
    let gains = log
        .iter()
        .filter(|e| matches!(e, Event::ArmorGained { .. }))
        .count();
    assert_eq!((hits, misses, gains), (1, 2, 1));
}

fn minion() -> impl Strategy<Value = Minion> {
    (0..=5i32, 1..40u32, 0..8u32, 0..4u32, 1..4u32, 0..3u32).prop_map(
        |(level, hp, damage, armor, attacks, gaze)| {
            Minion::new("m", Kind::Monster, hp, damage)
                .level(level)
                .armor(armor)
                .attacks(attacks)
                .gaze_armor(gaze)
        },
    )
}

fn named(ms: Vec<Minion>, side: &str) -> Vec<Minion> {
    ms.into_iter()
        .enumerate()
        .map(|(i, m)| Minion {
            name: format!("{side}{i}"),
            ..m
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Armor soaks at most its value each round (declared plus gained so far), and
    /// soaked plus wounds is the hit's damage.
    #[test]
    fn armor_soaks_at_most_its_value_each_round(
        a in prop::collection::vec(minion(), 1..4),
        b in prop::collection::vec(minion(), 1..4),
        rounds in 1..6u32,
    ) {
        let b = battle(named(a, "a"), named(b, "b"), Rules { max_rounds: rounds, ..Rules::default() });
        let max_armor: std::collections::HashMap<String, u32> = b.a.minions.iter().chain(&b.b.minions)
            .map(|m| (m.name.clone(), m.armor)).collect();
        let mut gained: std::collections::HashMap<String, u32> = Default::default();
        let mut soaked: std::collections::HashMap<String, u32> = Default::default();
        let mut log = Vec::new();
        play(&b, &mut log);
        let mut gained_this_round: Vec<(String, u32)> = Vec::new();
        for e in &log {
            match e {
                Event::RoundStart { .. } => {
                    soaked.clear();
                    for (m, g) in gained_this_round.drain(..) {
                        *gained.entry(m).or_default() += g;
                    }
                }
                Event::Attack(r) => {
                    prop_assert_eq!(r.soaked + r.wounds, r.damage);
                    let s = soaked.entry(r.victim.clone()).or_default();
                    *s += r.soaked;
                    let cap = max_armor[&r.victim] + gained.get(&r.victim).copied().unwrap_or(0);
                    prop_assert!(*s <= cap, "{} soaked {} with armor {}", r.victim, s, cap);
                }
                Event::ArmorGained { minion, amount, .. } => gained_this_round.push((minion.clone(), *amount)),
                _ => {}
            }
        }
    }

    /// Levels stay within 0..=5 whatever spells and experience do.
    #[test]
    fn levels_stay_within_0_and_5(
        start in -20..20i32,
        spell in -10..=10i32,
        kept in any::<bool>(),
    ) {
        let rules = Rules {
            turns: 3,
            level_excess: if kept { fray::minions::LevelExcess::Kept } else { fray::minions::LevelExcess::Lost },
            ..Rules::default()
        };
        let b = battle(
            vec![Minion::new("R", Kind::Recruit, 30, 3).level(start).spell_levels(spell)],
            vec![Minion::new("V", Kind::Monster, 1, 0), Minion::new("W", Kind::Monster, 30, 1)],
            rules,
        );
        let mut log = Vec::new();
        let out = play(&b, &mut log);
        prop_assert!(out.minions.iter().all(|m| m.level <= 5));
        for e in &log {
            if let Event::LevelUp { from, to, .. } = e {
                prop_assert!(*from <= 5 && *to <= 5);
            }
            if let Event::Attack(r) = e {
                prop_assert!(r.levels_below <= 5);
            }
        }
    }

    /// An attacker N levels below its victim hits once, misses N times, and repeats:
    /// its hits are its attacks 1, N + 2, 2N + 3, ... of the combat.
    #[test]
    fn the_hit_miss_cycle_has_period_one_plus_the_level_gap(
        attacker in 0..=5i32,
        victim in 0..=5i32,
        attacks in 1..30u32,
    ) {
        let b = battle(
            vec![Minion::new("A", Kind::Monster, 10, 0).level(attacker).attacks(attacks)],
            vec![Minion::new("V", Kind::Monster, 1_000, 0).level(victim)],
            Rules { max_rounds: 1, ..Rules::default() },
        );
        let mut log = Vec::new();
        play(&b, &mut log);
        let gap = (victim - attacker).max(0) as u32;
        let mut n = 0;
        for e in &log {
            if let Event::Attack(r) = e && r.attacker == "A" {
                let expected = n % (gap + 1) == 0;
                prop_assert_eq!(r.hit, expected, "attack {} with a gap of {}", n + 1, gap);
                n += 1;
            }
        }
        prop_assert_eq!(n, attacks);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Played one round at a time, as a game shows it, a battle makes the same events,
    /// rounds and outcome as played out whole, over several turns and round limits.
    #[test]
    fn round_by_round_is_the_whole_battle(
        a in prop::collection::vec(minion(), 1..4),
        b in prop::collection::vec(minion(), 1..4),
        rounds in 0..5u32,
        turns in 1..4u32,
    ) {
        let b = battle(named(a, "a"), named(b, "b"), Rules { max_rounds: rounds, turns, ..Rules::default() });
        let mut whole = Vec::new();
        let outcome = play(&b, &mut whole);
        let mut state = fray::minions::BattleState::new(&b);
        let mut stepped = Vec::new();
        let mut steps = 0;
        while let Some(step) = state.play_next_round(&mut stepped) {
            steps += 1;
            prop_assert_eq!(state.over(), step.end.is_some() && (state.turn >= turns || state.decided()));
            prop_assert!(step.round <= rounds && step.turn <= turns);
            prop_assert_eq!(step.played, step.round > 0);
            prop_assert!(steps <= turns * rounds.max(1), "stepping stops");
        }
        prop_assert_eq!(&stepped, &whole);
        prop_assert_eq!(state.outcome(), outcome);
        prop_assert!(state.over());
        prop_assert!(state.play_next_round(&mut stepped).is_none(), "a finished battle stays finished");
    }
}
