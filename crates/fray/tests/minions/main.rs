//! Hand-worked combats of the minions text, checked through
//! the event log.

mod battle_state;
mod log_text;
mod ranges;
mod rules_as_written;

use fray::minions::{
    AttackReport, Battle, CombatEnd, Event, Experience, Group, Kind, Level, Minion, Order, Rules,
    Side, Targeting, parse_battle, play,
};

fn group(name: &str, minions: Vec<Minion>) -> Group {
    Group {
        name: name.into(),
        minions,
    }
}

fn battle(rules: Rules, a: Vec<Minion>, b: Vec<Minion>) -> Battle {
    Battle {
        rules,
        a: group("A", a),
        b: group("B", b),
        spells: Vec::new(),
    }
}

/// Plays and returns the log.
fn log_of(b: &Battle) -> Vec<Event> {
    let mut log = Vec::new();
    play(b, &mut log);
    log
}

/// The attacks made by `attacker`, in order.
fn attacks_by<'a>(log: &'a [Event], attacker: &str) -> Vec<&'a AttackReport> {
    log.iter()
        .filter_map(|e| match e {
            Event::Attack(a) if a.attacker == attacker => Some(a),
            _ => None,
        })
        .collect()
}

/// A harmless target: hits for 0.
fn dummy(name: &str, level: i32, hp: u32) -> Minion {
    Minion::new(name, Kind::Monster, hp, 0).level(level)
}

fn one_round() -> Rules {
    Rules {
        max_rounds: 1,
        ..Rules::default()
    }
}

#[test]
fn a_level_1_attacker_hits_a_level_3_victim_on_its_1st_4th_7th_attacks() {
    let attacker = Minion::new("Recruit", Kind::Recruit, 10, 1).attacks(10);
    let b = battle(one_round(), vec![attacker], vec![dummy("Ogre", 3, 1000)]);
    let log = log_of(&b);
    let hits: Vec<u32> = attacks_by(&log, "Recruit")
        .iter()
        .filter(|a| a.hit)
        .map(|a| a.attack)
        .collect();
    assert_eq!(hits, [1, 4, 7, 10]);
}

#[test]
fn the_cycle_runs_across_rounds_and_restarts_with_each_combat() {
    let attacker = Minion::new("Recruit", Kind::Recruit, 10, 1);
    let rules = Rules {
        max_rounds: 4,
        turns: 2,
        ..Rules::default()
    };
    let log = log_of(&battle(rules, vec![attacker], vec![dummy("Ogre", 3, 1000)]));
    let pattern: Vec<bool> = attacks_by(&log, "Recruit").iter().map(|a| a.hit).collect();
    assert_eq!(
        pattern,
        [true, false, false, true, true, false, false, true],
        "each combat's first attack hits"
    );
}

#[test]
fn equal_or_higher_level_always_hits() {
    let attacker = Minion::new("Veteran", Kind::Veteran, 10, 1).attacks(5);
    let log = log_of(&battle(
        one_round(),
        vec![attacker],
        vec![dummy("Goblin", 1, 1000)],
    ));
    assert!(attacks_by(&log, "Veteran").iter().all(|a| a.hit));
}

#[test]
fn switching_victims_keeps_the_attackers_miss_count() {
    // X hits V1 (its first attack), misses once, then Y kills V1. X's next victim, V2,
    // is one level above it: with the miss carried over, X hits at once.
    let x = Minion::new("X", Kind::Recruit, 10, 1).attacks(2);
    let y = Minion::new("Y", Kind::Monster, 10, 100).level(5);
    let b = battle(
        Rules {
            max_rounds: 2,
            ..Rules::default()
        },
        vec![x, y],
        vec![dummy("V1", 3, 50), dummy("V2", 2, 50)],
    );
    let log = log_of(&b);
    let xs = attacks_by(&log, "X");
    assert_eq!((xs[0].victim.as_str(), xs[0].hit), ("V1", true));
    assert_eq!((xs[1].victim.as_str(), xs[1].hit), ("V1", false));
    assert_eq!(xs[2].victim, "V2");
    assert_eq!(xs[2].misses_before, 1);
    assert!(
        xs[2].hit,
        "one miss carried over is enough against a victim one level up"
    );
}

#[test]
fn armor_3_soaks_three_hits_of_1_and_the_fourth_point_wounds() {
    let striker = Minion::new("Striker", Kind::Monster, 10, 1).attacks(4);
    let log = log_of(&battle(
        one_round(),
        vec![striker],
        vec![dummy("Knight", 1, 10).armor(3)],
    ));
    let hits = attacks_by(&log, "Striker");
    assert_eq!(
        hits.iter().map(|a| a.soaked).collect::<Vec<_>>(),
        [1, 1, 1, 0]
    );
    assert_eq!(
        hits.iter().map(|a| a.hp_left).collect::<Vec<_>>(),
        [10, 10, 10, 9]
    );
    assert!(
        hits.iter().all(|a| a.hit),
        "a hit the armor absorbs is still a hit"
    );
}

#[test]
fn armor_resets_every_round() {
    let striker = Minion::new("Striker", Kind::Monster, 10, 2);
    let log = log_of(&battle(
        Rules {
            max_rounds: 3,
            ..Rules::default()
        },
        vec![striker],
        vec![dummy("Knight", 1, 10).armor(2)],
    ));
    assert!(
        attacks_by(&log, "Striker")
            .iter()
            .all(|a| a.soaked == 2 && a.hp_left == 10)
    );
}

#[test]
fn armor_gained_mid_round_waits_for_the_next_round() {
    let gorgon = Minion::new("Gorgon", Kind::Monster, 10, 1).gaze_armor(2);
    let striker = Minion::new("Striker", Kind::Monster, 10, 5);
    let b = battle(
        Rules {
            max_rounds: 2,
            ..Rules::default()
        },
        vec![gorgon, striker],
        vec![dummy("Victim", 1, 100)],
    );
    let log = log_of(&b);
    let gained: Vec<(u32, u32)> = log
        .iter()
        .filter_map(|e| match e {
            Event::ArmorGained {
                max_armor,
                current_armor,
                ..
            } => Some((*max_armor, *current_armor)),
            _ => None,
        })
        .collect();
    assert_eq!(
        gained[0],
        (2, 0),
        "the maximum rises, the current armor does not"
    );
    let strikes = attacks_by(&log, "Striker");
    assert_eq!(
        (strikes[0].soaked, strikes[0].wounds),
        (0, 5),
        "round 1: no armor yet"
    );
    let gazes = attacks_by(&log, "Gorgon");
    assert_eq!(
        gazes[1].soaked, 1,
        "round 2: the reset armor (2) soaks the gorgon's 1"
    );
    assert_eq!(
        (strikes[1].soaked, strikes[1].wounds),
        (1, 4),
        "round 2: 1 armor left for the striker"
    );
}

#[test]
fn spell_penalties_lower_armor_but_never_below_zero() {
    let striker = Minion::new("Striker", Kind::Monster, 10, 3);
    let knight = dummy("Knight", 1, 10).armor(3).armor_penalty(2);
    let log = log_of(&battle(one_round(), vec![striker.clone()], vec![knight]));
    assert_eq!(attacks_by(&log, "Striker")[0].soaked, 1);
    let log = log_of(&battle(
        one_round(),
        vec![striker],
        vec![dummy("Knight", 1, 10).armor(1).armor_penalty(5)],
    ));
    assert_eq!(attacks_by(&log, "Striker")[0].soaked, 0);
}

/// A recruit facing three goblins it kills in one blow each, one combat round per turn.
fn first_kill_battle(kind: Kind) -> Battle {
    let hero = Minion::new("Hero", kind, 20, 10);
    let goblins = (1..=3)
        .map(|i| dummy(&format!("Goblin {i}"), 1, 5))
        .collect();
    battle(
        Rules {
            max_rounds: 1,
            turns: 3,
            ..Rules::default()
        },
        vec![hero],
        goblins,
    )
}

fn level_ups(log: &[Event]) -> Vec<(usize, u8, u8)> {
    log.iter()
        .enumerate()
        .filter_map(|(i, e)| match e {
            Event::LevelUp { from, to, .. } => Some((i, *from, *to)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_recruits_first_kill_levels_it_up_at_the_next_turn_and_never_again() {
    let b = first_kill_battle(Kind::Recruit);
    let log = log_of(&b);
    let ups = level_ups(&log);
    assert_eq!(ups.len(), 1, "only one experience level");
    assert_eq!((ups[0].1, ups[0].2), (1, 2));
    let turn_2 = log
        .iter()
        .position(|e| matches!(e, Event::TurnStart { turn: 2 }))
        .unwrap();
    assert_eq!(
        ups[0].0,
        turn_2 + 1,
        "gained at the start of turn 2, not during turn 1"
    );
    assert_eq!(
        log.iter()
            .filter(|e| matches!(e, Event::Qualified { .. }))
            .count(),
        1
    );
    let outcome = play(&b, &mut fray::trace::NoTrace);
    let hero = &outcome.minions[0];
    assert_eq!((hero.level, hero.experience), (2, Experience::Gained));
}

#[test]
fn veterans_and_monsters_never_level() {
    for kind in [Kind::Veteran, Kind::Monster] {
        let b = first_kill_battle(kind);
        let log = log_of(&b);
        assert!(level_ups(&log).is_empty(), "{kind:?}");
        assert!(
            !log.iter().any(|e| matches!(e, Event::Qualified { .. })),
            "{kind:?}"
        );
        let level = play(&b, &mut fray::trace::NoTrace).minions[0].level;
        assert_eq!(level, kind.starting_level().get());
    }
}

#[test]
fn levels_clamp_at_0_and_5() {
    assert_eq!(Level::clamped(9).get(), 5);
    assert_eq!(Level::clamped(-4).get(), 0);
    let blessed = Minion::new("Blessed", Kind::Recruit, 20, 10)
        .level(4)
        .spell_levels(3);
    let cursed = Minion::new("Cursed", Kind::Monster, 20, 0).spell_levels(-3);
    let mut b = first_kill_battle(Kind::Recruit);
    b.a.minions = vec![blessed];
    b.b.minions.push(cursed);
    let outcome = play(&b, &mut fray::trace::NoTrace);
    assert_eq!(
        outcome.minions[0].level, 5,
        "4 + 3 spells, +1 experience: still 5"
    );
    let cursed = outcome.minions.iter().find(|m| m.name == "Cursed").unwrap();
    assert_eq!(cursed.level, 0, "1 − 3 is clamped to 0");
    // A weak recruit starts at 0 and learns like any recruit.
    let b = first_kill_battle(Kind::WeakRecruit);
    assert_eq!(play(&b, &mut fray::trace::NoTrace).minions[0].level, 1);
}

#[test]
fn slain_minions_do_not_act_unless_the_order_is_simultaneous() {
    let duel = |order| {
        let a = Minion::new("Left", Kind::Monster, 5, 5);
        let b = Minion::new("Right", Kind::Monster, 5, 5);
        let outcome = play(
            &battle(
                Rules {
                    order,
                    ..Rules::default()
                },
                vec![a],
                vec![b],
            ),
            &mut fray::trace::NoTrace,
        );
        (
            outcome.winner,
            outcome.minions[0].alive,
            outcome.minions[1].alive,
        )
    };
    assert_eq!(duel(Order::Precedence), (Some(Side::A), true, false));
    assert_eq!(duel(Order::Simultaneous), (None, false, false));
    let mut log = Vec::new();
    let a = Minion::new("Left", Kind::Monster, 5, 5);
    let b = Minion::new("Right", Kind::Monster, 5, 5);
    play(
        &battle(
            Rules {
                order: Order::Simultaneous,
                ..Rules::default()
            },
            vec![a],
            vec![b],
        ),
        &mut log,
    );
    assert!(log.iter().any(|e| matches!(
        e,
        Event::CombatEnd {
            end: CombatEnd::BothEliminated,
            ..
        }
    )));
}

#[test]
fn interleaved_order_alternates_the_groups() {
    let a = vec![
        Minion::new("A1", Kind::Monster, 50, 1),
        Minion::new("A2", Kind::Monster, 50, 1),
    ];
    let b = vec![
        Minion::new("B1", Kind::Monster, 50, 1),
        Minion::new("B2", Kind::Monster, 50, 1),
    ];
    let log = log_of(&battle(
        Rules {
            order: Order::Interleaved,
            ..one_round()
        },
        a,
        b,
    ));
    let who: Vec<&str> = log
        .iter()
        .filter_map(|e| match e {
            Event::Attack(a) => Some(a.attacker.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(who, ["A1", "B1", "A2", "B2"]);
}

#[test]
fn targeting_options_choose_victims() {
    let attackers = || {
        (1..=3)
            .map(|i| Minion::new(&format!("A{i}"), Kind::Monster, 50, 1))
            .collect::<Vec<_>>()
    };
    let enemies = || {
        vec![
            dummy("Big", 1, 30),
            dummy("Small", 1, 3),
            dummy("Mid", 1, 10),
        ]
    };
    let victims = |targeting| {
        let log = log_of(&battle(
            Rules {
                targeting,
                ..one_round()
            },
            attackers(),
            enemies(),
        ));
        ["A1", "A2", "A3"].map(|a| attacks_by(&log, a)[0].victim.clone())
    };
    assert_eq!(victims(Targeting::First), ["Big", "Big", "Big"]);
    assert_eq!(victims(Targeting::Spread), ["Big", "Small", "Mid"]);
    assert_eq!(victims(Targeting::Weakest), ["Small", "Small", "Small"]);
}

#[test]
fn an_attacker_keeps_its_victim_until_it_dies() {
    let log = log_of(&battle(
        Rules {
            targeting: Targeting::Weakest,
            max_rounds: 3,
            ..Rules::default()
        },
        vec![Minion::new("A", Kind::Monster, 50, 1)],
        vec![
            dummy("Tough", 1, 10),
            dummy("Frail", 1, 2),
            dummy("Weak", 1, 5),
        ],
    ));
    let victims: Vec<String> = attacks_by(&log, "A")
        .iter()
        .map(|a| a.victim.clone())
        .collect();
    assert_eq!(victims, ["Frail", "Frail", "Weak"]);
}

#[test]
fn a_stalemate_ends_at_the_round_limit() {
    let wall = || Minion::new("Wall", Kind::Monster, 10, 1).armor(5);
    let mut b = battle(
        Rules {
            max_rounds: 7,
            turns: 2,
            ..Rules::default()
        },
        vec![wall()],
        vec![wall()],
    );
    b.b.minions[0].name = "Other wall".into();
    let outcome = play(&b, &mut fray::trace::NoTrace);
    assert_eq!(
        (outcome.winner, outcome.turns, outcome.rounds),
        (None, 2, 14)
    );
}

#[test]
fn every_example_file_runs() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/minions");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let b = parse_battle(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let outcome = play(&b, &mut fray::trace::NoTrace);
        assert!(outcome.rounds > 0, "{}", path.display());
        count += 1;
    }
    assert!(count >= 3);
}

const GOOD: &str = "[a]\nname = \"A\"\n[[a.minions]]\nname = \"X\"\nkind = \"recruit\"\nhp = 5\ndamage = 1\n[b]\nname = \"B\"\n[[b.minions]]\nname = \"Y\"\nkind = \"monster\"\nhp = 5\ndamage = 1\n";

#[test]
fn malformed_files_are_located() {
    let cases: &[(&str, &str, usize, &str)] = &[
        ("hp = 5", "hp = 0", 6, "hp is 0"),
        (
            "kind = \"recruit\"",
            "kind = \"hero\"",
            5,
            "unknown variant",
        ),
        (
            "hp = 5\ndamage = 1\n[b]",
            "hp = 5\ndamage = 1\nspeed = 3\n[b]",
            8,
            "unknown field",
        ),
        (
            "damage = 1\n[b]",
            "damage = 1\nlevel = 9\n[b]",
            8,
            "level 9 is outside",
        ),
        ("name = \"Y\"", "name = \"X\"", 11, "already exists"),
        ("name = \"A\"", "name = \"A", 2, ""),
        (
            "hp = 5\ndamage = 1\n[b]",
            "hp = 5\ndamage = 1\nattacks = 1000\n[b]",
            8,
            "attacks is 1000",
        ),
    ];
    for (from, to, line, phrase) in cases {
        let text = GOOD.replacen(from, to, 1);
        let e = parse_battle(&text).expect_err(to);
        let at = e.location.as_ref().unwrap_or_else(|| panic!("{to}: {e}"));
        assert_eq!(at.line, *line, "{to}: {e}");
        assert!(e.message.contains(phrase), "{to}: {e}");
    }
    assert!(
        parse_battle(&GOOD.replace(
            "[[b.minions]]\nname = \"Y\"\nkind = \"monster\"\nhp = 5\ndamage = 1\n",
            ""
        ))
        .unwrap_err()
        .message
        .contains("no minions")
    );
    let huge = GOOD.replace(
        "damage = 1\n[b]",
        "damage = 1\nattacks = 100\ncount = 20000\n[b]",
    );
    assert!(
        parse_battle(&format!("[rules]\nmax_rounds = 100000\n{huge}"))
            .unwrap_err()
            .message
            .contains("at most")
    );
}

#[test]
fn battles_round_trip_through_json() {
    let b = parse_battle(GOOD).unwrap();
    let back: Battle = serde_json::from_str(&serde_json::to_string(&b).unwrap()).unwrap();
    assert_eq!(back, b);
}
