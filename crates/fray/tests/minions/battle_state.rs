//! How a battle is played out: who won, when it stops, playing it again, the order of
//! play with unequal groups, and the names options are spelled with.

use fray::minions::request::MinionsRequest;
use fray::minions::{
    Battle, BattleState, Event, Kind, Minion, Order, Rules, Side, Targeting, play,
};
use fray::trace::NoTrace;

use super::{GOOD, attacks_by, battle, dummy, log_of, one_round};

#[test]
fn group_b_can_win() {
    let b = battle(
        Rules::default(),
        vec![Minion::new("Weakling", Kind::Monster, 1, 0)],
        vec![Minion::new("Brute", Kind::Monster, 10, 5)],
    );
    assert_eq!(play(&b, &mut NoTrace).winner, Some(Side::B));
    assert_eq!(
        BattleState::new(&b).winner(),
        None,
        "nobody has won before play"
    );
}

#[test]
fn a_decided_battle_stops_at_once() {
    // A kills B in the first round of the first turn: no more rounds, no more turns.
    let b = battle(
        Rules {
            max_rounds: 10,
            turns: 3,
            ..Rules::default()
        },
        vec![Minion::new("Brute", Kind::Monster, 10, 5)],
        vec![dummy("Weakling", 1, 1)],
    );
    let outcome = play(&b, &mut NoTrace);
    assert_eq!(
        (outcome.winner, outcome.turns, outcome.rounds),
        (Some(Side::A), 1, 1)
    );
    let mut state = BattleState::new(&b);
    assert!(!state.decided());
    state.play_out(&mut NoTrace);
    assert!(state.decided());
    let rounds = log_of(&b)
        .iter()
        .filter(|e| matches!(e, Event::RoundStart { .. }))
        .count();
    assert_eq!(rounds, 1);
}

#[test]
fn a_reset_battle_plays_again_from_the_start() {
    let b = battle(
        Rules {
            max_rounds: 3,
            turns: 2,
            ..Rules::default()
        },
        vec![Minion::new("Recruit", Kind::Recruit, 12, 3).attacks(2)],
        vec![dummy("Ogre", 2, 9).armor(1), dummy("Imp", 1, 4)],
    );
    let mut state = BattleState::new(&b);
    state.play_out(&mut NoTrace);
    let first = state.outcome();
    assert_eq!(first, play(&b, &mut NoTrace));
    state.reset();
    assert_eq!(
        state.outcome(),
        BattleState::new(&b).outcome(),
        "back at the start"
    );
    state.play_out(&mut NoTrace);
    assert_eq!(state.outcome(), first);
}

#[test]
fn spread_ranks_an_attacker_among_its_living_allies_only() {
    // Round 1: A1 takes B1, A2 (second living) takes B2 and kills it, B1 kills A1.
    // Round 2: A2 needs a new victim; with A1 dead it is the first living attacker, so
    // it takes the first living enemy, B1 (counting dead A1 would give B3).
    let b = battle(
        Rules {
            targeting: Targeting::Spread,
            max_rounds: 2,
            ..Rules::default()
        },
        vec![
            Minion::new("A1", Kind::Monster, 1, 0),
            Minion::new("A2", Kind::Monster, 50, 100),
        ],
        vec![
            Minion::new("B1", Kind::Monster, 10, 1),
            dummy("B2", 1, 100),
            dummy("B3", 1, 100),
        ],
    );
    let log = log_of(&b);
    let victims: Vec<&str> = attacks_by(&log, "A2")
        .iter()
        .map(|a| a.victim.as_str())
        .collect();
    assert_eq!(victims, ["B2", "B1"]);
    assert_eq!(attacks_by(&log, "B1")[0].victim, "A1");
}

fn interleaved_attackers(a: usize, b: usize) -> Vec<String> {
    let sturdy = |side: &str, i: usize| Minion::new(&format!("{side}{i}"), Kind::Monster, 50, 1);
    let battle: Battle = battle(
        Rules {
            order: Order::Interleaved,
            ..one_round()
        },
        (1..=a).map(|i| sturdy("A", i)).collect(),
        (1..=b).map(|i| sturdy("B", i)).collect(),
    );
    log_of(&battle)
        .iter()
        .filter_map(|e| match e {
            Event::Attack(r) => Some(r.attacker.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn interleaved_order_with_unequal_groups_lets_each_minion_act_once() {
    assert_eq!(interleaved_attackers(1, 2), ["A1", "B1", "B2"]);
    assert_eq!(interleaved_attackers(2, 1), ["A1", "B1", "A2"]);
    assert_eq!(interleaved_attackers(3, 1), ["A1", "B1", "A2", "A3"]);
}

#[test]
fn options_print_as_battle_files_spell_them() {
    for order in [Order::Precedence, Order::Interleaved, Order::Simultaneous] {
        assert_eq!(serde_json::to_value(order).unwrap(), order.to_string());
    }
    for targeting in [Targeting::First, Targeting::Spread, Targeting::Weakest] {
        assert_eq!(
            serde_json::to_value(targeting).unwrap(),
            targeting.to_string()
        );
    }
}

#[test]
fn a_minion_without_a_learns_field_learns() {
    let mut value = serde_json::to_value(Minion::new("R", Kind::Recruit, 5, 1)).unwrap();
    value.as_object_mut().unwrap().remove("learns");
    let minion: Minion = serde_json::from_value(value).unwrap();
    assert!(minion.learns);
}

#[test]
fn the_request_keeps_the_whole_log_of_a_short_battle() {
    let request = MinionsRequest {
        battle: GOOD.into(),
        ..MinionsRequest::default()
    };
    let valid = request.validate().unwrap();
    let expected = log_of(&valid.battle);
    assert!(!expected.is_empty());
    for answer in [valid.run().unwrap(), valid.run_for_text().unwrap()] {
        let events: Vec<&Event> = answer.log.iter().map(|e| &e.event).collect();
        assert_eq!(events, expected.iter().collect::<Vec<_>>());
        assert_eq!(answer.result, play(&valid.battle, &mut NoTrace));
    }
}

#[test]
fn the_work_bound_counts_attacks_times_rounds_times_turns_inclusively() {
    use fray::minions::scenario::MAX_WORK;
    // 20 attacks a round, 10,000 rounds a combat, 1,000 turns: exactly the bound.
    let mut b = battle(
        Rules {
            max_rounds: 10_000,
            turns: 1_000,
            ..Rules::default()
        },
        vec![Minion::new("A", Kind::Monster, 5, 1).attacks(10)],
        vec![Minion::new("B", Kind::Monster, 5, 1).attacks(10)],
    );
    assert_eq!(20 * 10_000 * 1_000, MAX_WORK);
    assert!(fray::minions::check_work(&b).is_ok());
    b.a.minions[0].attacks = 11;
    let e = fray::minions::check_work(&b).unwrap_err().to_string();
    assert!(e.contains("210000000 attacks"), "{e}");
}
