//! Mass combat, steps 1 and 2, with fixed rolls.

use fray::pool::battle::Side;
use fray::pool::{
    ArmorWeight, Army, Combatant, FormRule, Ladder, MassBattle, MassEvent, MassState,
    parse_mass_battle, play_mass_battle,
};
use fray::rng::{ScriptedRolls, SeededRolls};
use fray::trace::NoTrace;

fn army(name: &str, combatants: Vec<Combatant>) -> Army {
    Army {
        name: name.into(),
        combatants,
        advantage: 0,
        disadvantage: 0,
    }
}

fn fighters(prefix: &str, n: usize, hp: u32) -> Vec<Combatant> {
    (1..=n)
        .map(|i| Combatant::new(&format!("{prefix}{i}"), hp))
        .collect()
}

/// Two against two, every attack a plain 3/6 check of one die (hit on 1–3, then an
/// exploding d6 because one die is always all hits or all misses).
fn duel_of_pairs() -> MassBattle {
    MassBattle {
        a: army("A", fighters("a", 2, 10)),
        b: army("B", fighters("b", 2, 10)),
        forms: vec![],
        max_rounds: 10,
        first_hit_die: 6,
        ladder: Ladder::standard(),
        targeting: Default::default(),
    }
}

fn round(battle: &MassBattle, rolls: &[u32]) -> MassState {
    let mut state = MassState::new(battle);
    let mut script = ScriptedRolls::dice(rolls.iter().copied());
    state.play_round(&mut script, &mut NoTrace).unwrap();
    assert_eq!(script.remaining(), 0, "every scripted roll was used");
    state
}

#[test]
fn the_side_with_more_hits_deals_full_damage_the_other_nothing_more() {
    // a1 hits (2, no explosion), a2 hits; b1 and b2 miss. a: 2 hits, b: 0.
    // Full damage to each of b's two targets: first-hit rolls 4 and 5.
    let state = round(&duel_of_pairs(), &[2, 6, 2, 6, 5, 6, 5, 6, 4, 5]);
    assert_eq!(state.hp, [vec![10, 10], vec![6, 5]]);
}

#[test]
fn the_side_with_fewer_hits_deals_1_per_hit() {
    // a1 hits and explodes once (2, 1, 6): degree 2; a2 misses. b1 hits, b2 misses.
    // a: 2 hits > b: 1 hit. a's 2 hits spread 1 and 1: full damage, rolls 3 and 3.
    // b's 1 hit on a1: 1 damage.
    let state = round(&duel_of_pairs(), &[2, 1, 6, 5, 6, 2, 6, 5, 6, 3, 3]);
    assert_eq!(state.hp, [vec![9, 10], vec![7, 7]]);
}

#[test]
fn a_tie_deals_1_per_hit_on_both_sides() {
    let state = round(&duel_of_pairs(), &[2, 6, 2, 6, 2, 6, 2, 6]);
    assert_eq!(state.hp, [vec![9, 9], vec![9, 9]]);
}

#[test]
fn full_damage_is_a_die_for_the_first_hit_and_1_per_further_hit() {
    // One attacker against one defender: a hit exploding twice is degree 3.
    let battle = MassBattle {
        a: army("A", fighters("a", 1, 10)),
        b: army("B", fighters("b", 1, 20)),
        forms: vec![],
        max_rounds: 5,
        first_hit_die: 6,
        ladder: Ladder::standard(),
        targeting: Default::default(),
    };
    let mut log = Vec::new();
    let mut state = MassState::new(&battle);
    state
        .play_round(&mut ScriptedRolls::dice([1, 1, 1, 3, 6, 6, 4]), &mut log)
        .unwrap();
    assert_eq!(state.hp, [vec![10], vec![14]], "4 + 2 further hits");
    assert!(log.iter().any(|e| matches!(
        e,
        MassEvent::Damage {
            hits: 3,
            full: true,
            first_hit_roll: Some(4),
            damage: 6,
            ..
        }
    )));
}

#[test]
fn hits_spread_evenly_over_no_more_targets_than_attackers_lightest_first() {
    let mut defenders = fighters("d", 4, 10);
    defenders[0].armor = ArmorWeight::Heavy;
    defenders[1].armor = ArmorWeight::None;
    defenders[2].armor = ArmorWeight::Light;
    defenders[3].armor = ArmorWeight::Medium;
    let battle = MassBattle {
        a: army("A", fighters("a", 3, 10)),
        b: army("B", defenders),
        forms: vec![],
        max_rounds: 5,
        first_hit_die: 6,
        ladder: Ladder::standard(),
        targeting: Default::default(),
    };
    let state = MassState::new(&battle);
    assert_eq!(
        state.targets(Side::A),
        [1, 2, 3, 0],
        "none, light, medium, heavy"
    );
    assert_eq!(
        state.spread(Side::A, 5, &mut NoTrace),
        [(1, 2), (2, 2), (3, 1)],
        "three attackers: three targets"
    );
    assert_eq!(
        state.spread(Side::A, 2, &mut NoTrace),
        [(1, 1), (2, 1)],
        "fewer hits than targets"
    );
    assert!(state.spread(Side::A, 0, &mut NoTrace).is_empty());
    let lone = MassBattle {
        a: army("A", fighters("a", 1, 10)),
        ..battle
    };
    assert_eq!(
        MassState::new(&lone).spread(Side::A, 7, &mut NoTrace),
        [(1, 7)],
        "one attacker hits one enemy"
    );
}

/// Side A: `n` fighters, the first a pike and the rest of no form; side B: a sword and
/// a cavalry. The pike beats the cavalry and the sword beats the pike.
fn pike_against_sword_and_cavalry(n: usize) -> MassBattle {
    let mut attackers = fighters("a", n, 10);
    attackers[0].form = Some("pike".into());
    let mut defenders = fighters("d", 2, 10);
    defenders[0].form = Some("sword".into());
    defenders[1].form = Some("cavalry".into());
    let forms = vec![
        FormRule {
            superior: "pike".into(),
            inferior: "cavalry".into(),
        },
        FormRule {
            superior: "sword".into(),
            inferior: "pike".into(),
        },
    ];
    MassBattle {
        a: army("A", attackers),
        b: army("B", defenders),
        forms,
        max_rounds: 5,
        first_hit_die: 6,
        ladder: Ladder::standard(),
        targeting: Default::default(),
    }
}

#[test]
fn form_inferior_targets_come_first_and_forms_move_the_roll() {
    let battle = pike_against_sword_and_cavalry(1);
    let state = MassState::new(&battle);
    assert_eq!(
        state.targets(Side::A),
        [1, 0],
        "the cavalry, which the pike beats, first"
    );
    assert_eq!(state.attack_roll(Side::A, 0, 1).unwrap().to_string(), "4/6");
    assert_eq!(state.attack_roll(Side::A, 0, 0).unwrap().to_string(), "2/6");
    assert_eq!(state.attack_roll(Side::B, 0, 0).unwrap().to_string(), "4/6");
}

#[test]
fn advantages_and_disadvantages_become_bonus_dice() {
    let mut battle = duel_of_pairs();
    battle.a.advantage = 2;
    battle.b.disadvantage = 1;
    battle.a.combatants[0].bonus = 1;
    let state = MassState::new(&battle);
    assert_eq!(
        state.attack_roll(Side::A, 0, 0).unwrap().to_string(),
        "3/6+4b"
    );
    assert_eq!(state.attack_roll(Side::B, 0, 0).unwrap().to_string(), "3/6");
}

#[test]
fn round_odds_agree_with_sampled_rounds() {
    let mut battle = duel_of_pairs();
    battle.a.combatants[0].bonus = 2;
    battle.b.combatants.push(Combatant::new("b3", 10));
    let start = MassState::new(&battle);
    let exact = start.round_odds().unwrap();
    let (n, mut a_more, mut tie) = (20_000u32, 0u32, 0u32);
    let mut rolls = SeededRolls::new(99);
    for _ in 0..n {
        let mut state = start.clone();
        let mut log = Vec::new();
        state.play_round(&mut rolls, &mut log).unwrap();
        let hits: Vec<u64> = log
            .iter()
            .filter_map(|e| match e {
                MassEvent::SideHits { hits, .. } => Some(*hits),
                _ => None,
            })
            .collect();
        a_more += u32::from(hits[0] > hits[1]);
        tie += u32::from(hits[0] == hits[1]);
    }
    for (count, p) in [(a_more, exact.p_a_more), (tie, exact.p_tie)] {
        let freq = f64::from(count) / f64::from(n);
        let sigma = (p * (1.0 - p) / f64::from(n)).sqrt();
        assert!((freq - p).abs() < 4.5 * sigma, "{freq} vs {p}");
    }
}

#[test]
fn battles_end_and_replay_under_a_seed() {
    let battle = duel_of_pairs();
    let play = |seed| {
        let mut log = Vec::new();
        let state = play_mass_battle(&battle, &mut SeededRolls::new(seed), &mut log).unwrap();
        (state.hp.clone(), state.winner(), log)
    };
    assert_eq!(play(5), play(5));
    let (hp, winner, log) = play(5);
    assert!(matches!(log.last(), Some(MassEvent::End { .. })));
    if let Some(side) = winner {
        let loser = &hp[if side == Side::A { 1 } else { 0 }];
        assert!(loser.iter().all(|h| *h == 0));
    }
}

#[test]
fn every_example_file_plays() {
    for (path, text) in super::example_files() {
        let s = parse_mass_battle(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let state = play_mass_battle(
            &s.battle,
            &mut SeededRolls::new(s.seed.unwrap_or(1)),
            &mut NoTrace,
        )
        .unwrap();
        assert!(state.round > 0);
    }
}

#[test]
fn malformed_battle_files_are_located() {
    let good = "[a]\nname = \"A\"\n[[a.combatants]]\nname = \"x\"\nhp = 5\n[b]\nname = \"B\"\n[[b.combatants]]\nname = \"y\"\nhp = 5\n";
    assert!(parse_mass_battle(good).is_ok());
    let cases: &[(&str, &str, usize, &str)] = &[
        ("hp = 5\n[b]", "hp = 0\n[b]", 5, "hp is 0"),
        (
            "hp = 5\n[b]",
            "hp = 5\narmor = \"plate\"\n[b]",
            6,
            "unknown variant",
        ),
        ("hp = 5\n[b]", "hp = 5\nspeed = 2\n[b]", 6, "unknown field"),
        ("name = \"y\"", "name = \"x\"", 9, "already exists"),
        ("hp = 5\n[b]", "hp = 5\ncount = 0\n[b]", 6, "count is 0"),
    ];
    for (from, to, line, phrase) in cases {
        let e = parse_mass_battle(&good.replacen(from, to, 1)).expect_err(to);
        assert_eq!(
            e.location.as_ref().map(|l| l.line),
            Some(*line),
            "{to}: {e}"
        );
        assert!(e.message.contains(phrase), "{to}: {e}");
    }
    let e = parse_mass_battle(&format!("ladder = \"10:12,20\"\n{good}")).unwrap_err();
    assert!(e.message.contains("base die must be 6"), "{e}");
    assert_eq!(e.location.map(|l| l.line), Some(1));
    assert!(parse_mass_battle(&format!("ladder = \"6:10,20\"\n{good}")).is_ok());
    let huge = good.replace("hp = 5\n[b]", "hp = 5\ncount = 10000\n[b]");
    assert!(
        parse_mass_battle(&format!("max_rounds = 10000\n{huge}"))
            .unwrap_err()
            .message
            .contains("at most")
    );
}

#[test]
fn a_mass_battle_is_over_when_a_side_has_no_one_standing_or_at_its_round_limit() {
    let mut s = MassState::new(&duel_of_pairs());
    assert!(!s.over());
    assert_eq!(s.winner(), None);
    s.hp[1] = vec![0, 0];
    assert!(s.over());
    assert_eq!(
        (s.winner(), s.living(Side::A), s.living(Side::B)),
        (Some(Side::A), vec![0, 1], vec![])
    );
    s.hp = [vec![0, 0], vec![3, 0]];
    assert!(s.over());
    assert_eq!((s.winner(), s.living(Side::B)), (Some(Side::B), vec![0]));
    s.hp = [vec![0, 0], vec![0, 0]];
    assert!(s.over());
    assert_eq!(s.winner(), None);
    s.hp = [vec![1, 0], vec![0, 2]];
    assert!(!s.over());
    s.round = 10;
    assert!(s.over(), "the round limit");
    assert_eq!(s.winner(), None);
    // Played out, a decided battle stops before its limit.
    let done = play_mass_battle(&duel_of_pairs(), &mut SeededRolls::new(3), &mut NoTrace).unwrap();
    assert!(
        done.winner().is_some() && done.round < 10,
        "round {}",
        done.round
    );
}

#[test]
fn more_attackers_than_targets_pair_round_the_targets_again() {
    let mut battle = duel_of_pairs();
    battle.a.combatants = fighters("a", 3, 10);
    let s = MassState::new(&battle);
    let pairs = s.pairings(Side::A);
    let targets: Vec<usize> = pairs.iter().map(|p| p.1).collect();
    assert_eq!(pairs.iter().map(|p| p.0).collect::<Vec<_>>(), [0, 1, 2]);
    assert_eq!(
        (targets[0], targets[2]),
        (targets[0], targets[0]),
        "{pairs:?}"
    );
    assert_ne!(targets[0], targets[1]);
}

#[test]
fn heavier_armor_scores_a_defender_harder_to_take_on() {
    let mut battle = duel_of_pairs();
    battle.b.combatants[0].armor = ArmorWeight::Heavy;
    let s = MassState::new(&battle);
    let heavy = s.defense_score(Side::A, &[0, 1], 0);
    let plain = s.defense_score(Side::A, &[0, 1], 1);
    assert!(heavy > plain, "{heavy} against {plain}");
}

#[test]
fn the_log_names_the_slain_and_only_them() {
    let mut log = Vec::new();
    let state = play_mass_battle(&duel_of_pairs(), &mut SeededRolls::new(5), &mut log).unwrap();
    let slain = log
        .iter()
        .filter(|e| matches!(e, MassEvent::Slain { .. }))
        .count();
    let at_zero = state.hp.iter().flatten().filter(|h| **h == 0).count();
    assert!(at_zero > 0);
    assert_eq!(slain, at_zero);
}

/// Each event of a mass battle's log, as `fray mass-battle` prints it.
#[test]
fn every_mass_event_reads_as_printed() {
    let cases = [
        (MassEvent::RoundStart { round: 2 }, "round 2"),
        (
            MassEvent::Attack {
                attacker: "Knight 1".into(),
                target: "Peasant 3".into(),
                check: "4/6+1b".into(),
                success: true,
                degree: 2,
            },
            "Knight 1 attacks Peasant 3 at 4/6+1b: success of degree 2",
        ),
        (
            MassEvent::Attack {
                attacker: "Peasant 3".into(),
                target: "Knight 1".into(),
                check: "1/6".into(),
                success: false,
                degree: 1,
            },
            "Peasant 3 attacks Knight 1 at 1/6: failure of degree 1",
        ),
        (
            MassEvent::SideHits {
                side: Side::A,
                hits: 1,
                targets: 3,
            },
            "side a scores 1 hit, to spread over at most 3 targets",
        ),
        (
            MassEvent::Assigned {
                side: Side::B,
                target: "Knight 2".into(),
                hits: 4,
            },
            "side b puts 4 hits on Knight 2",
        ),
        (
            MassEvent::Damage {
                target: "Knight 2".into(),
                hits: 4,
                full: true,
                first_hit_roll: Some(5),
                damage: 8,
                hp_left: 6,
            },
            "Knight 2 takes full damage for 4 hits: first hit rolls 5 + 3 for the others = 8 (6 hp left)",
        ),
        (
            MassEvent::Damage {
                target: "Peasant 1".into(),
                hits: 2,
                full: false,
                first_hit_roll: None,
                damage: 2,
                hp_left: 0,
            },
            "Peasant 1 takes 1 per hit for 2 hits = 2 (0 hp left)",
        ),
        (
            MassEvent::Slain {
                name: "Peasant 1".into(),
            },
            "Peasant 1 falls",
        ),
        (
            MassEvent::End {
                winner: Some(Side::B),
                rounds: 1,
            },
            "side b won after 1 round",
        ),
        (
            MassEvent::End {
                winner: None,
                rounds: 60,
            },
            "no side won after 60 rounds",
        ),
    ];
    for (event, text) in cases {
        assert_eq!(event.to_string(), text);
    }
}

/// Only the living are targets, and only the living attackers count toward form
/// superiority, of which "most" means more than half: with its second attacker fallen,
/// the pike alone makes the cavalry inferior (and the sword superior).
#[test]
fn the_fallen_are_neither_targets_nor_counted_for_form() {
    let battle = pike_against_sword_and_cavalry(2);
    let mut state = MassState::new(&battle);
    // Half the attackers have the edge over the cavalry, and the sword over half of
    // them: not most, either way.
    assert_eq!(state.defense_score(Side::A, &[0, 1], 0), 0);
    assert_eq!(state.defense_score(Side::A, &[0, 1], 1), 0);
    assert_eq!(state.defense_score(Side::A, &[0], 0), 1);
    assert_eq!(state.defense_score(Side::A, &[0], 1), -1);
    // And the other way: the pike falls to the sword and beats the cavalry.
    assert_eq!(state.defense_score(Side::B, &[0], 0), -1);
    assert_eq!(state.defense_score(Side::B, &[1], 0), 1);
    assert_eq!(state.defense_score(Side::B, &[0, 1], 0), 0);
    assert_eq!(state.defense_score(Side::B, &[0], 1), 0);
    assert_eq!(state.targets(Side::A), [0, 1]);
    state.hp[0][1] = 0;
    assert_eq!(state.targets(Side::A), [1, 0], "the pike alone: most");
    state.hp[1][1] = 0;
    assert_eq!(
        state.targets(Side::A),
        [0],
        "the fallen cavalry is no target"
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// A battle where every attack is the same roll is played without looking up pairs
    /// when no log is kept: it must give the battle the log describes, seed for seed.
    #[test]
    fn a_battle_of_one_roll_plays_the_same_logged_or_not(
        sizes in (1usize..30, 1usize..30),
        hp in 1u32..12,
        bonus in 0u32..4,
        seed in 0u64..1000,
    ) {
        let side = |name: &str, n| army(
            name,
            (1..=n).map(|i| Combatant { bonus, ..Combatant::new(&format!("{name}{i}"), hp) }).collect(),
        );
        let battle = MassBattle { a: side("a", sizes.0), b: side("b", sizes.1), ..duel_of_pairs() };
        let mut log = Vec::new();
        let logged = play_mass_battle(&battle, &mut SeededRolls::new(seed), &mut log).unwrap();
        let quiet = play_mass_battle(&battle, &mut SeededRolls::new(seed), &mut NoTrace).unwrap();
        proptest::prop_assert_eq!(&logged.hp, &quiet.hp);
        proptest::prop_assert_eq!(logged.round, quiet.round);
        let attacks = log.iter().filter(|e| matches!(e, MassEvent::Attack { .. })).count();
        proptest::prop_assert!(attacks > 0);
    }
}
