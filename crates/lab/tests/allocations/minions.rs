//! Minions battles, played again on one state: the battle has no dice, so the lab plays
//! it once, but a sweep over options replays it, and must not allocate to do so.

use fray::minions::{Battle, BattleState, parse_battle};
use fray::trace::NoTrace;
use fray_lab::scenario::BattleKind;

use super::{allocations_per_battle, assert_steady, serial};

/// Allocations per battle, the state made by the first and reset for every later one;
/// and the rounds played in all.
fn replayed(battle: &Battle, trials: usize) -> (Vec<u64>, u64) {
    let mut state: Option<BattleState> = None;
    let mut rounds = 0u64;
    let counts = allocations_per_battle(trials, || {
        let state = match &mut state {
            Some(state) => {
                state.reset();
                state
            }
            None => state.insert(BattleState::new(battle)),
        };
        state.play_out(&mut NoTrace);
        rounds += u64::from(state.rounds);
    });
    (counts, rounds)
}

#[test]
fn the_bundled_minions_scenario_allocates_only_in_its_first_battle() {
    let _serial = serial();
    let text = fray_lab::examples::find("minions").expect("bundled").text;
    let BattleKind::Minions(battle) = fray_lab::parse_scenario(text).expect("valid").battle else {
        panic!("the minions scenario is a minions battle");
    };
    let (counts, rounds) = replayed(&battle, 100);
    assert!(counts[0] > 0, "the first battle builds the state");
    assert!(rounds >= 100);
    assert_steady("minions", &counts);
}

#[test]
fn every_minions_example_allocates_only_in_its_first_battle() {
    let _serial = serial();
    for (name, text) in [
        (
            "gorgon",
            include_str!("../../../../examples/minions/gorgon.toml"),
        ),
        (
            "horde",
            include_str!("../../../../examples/minions/horde.toml"),
        ),
        (
            "recruits-vs-orcs",
            include_str!("../../../../examples/minions/recruits-vs-orcs.toml"),
        ),
        (
            "spells",
            include_str!("../../../../examples/minions/spells.toml"),
        ),
    ] {
        let battle = parse_battle(text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let (counts, rounds) = replayed(&battle, 50);
        assert!(rounds >= 50, "{name}: every battle fought a round");
        assert_steady(name, &counts);
    }
}

#[test]
fn a_replayed_battle_ends_as_a_fresh_one() {
    let _serial = serial();
    // Reset must restore everything play changes: levels, armor, experience, victims.
    let text = include_str!("../../../../examples/minions/spells.toml");
    let battle = parse_battle(text).expect("valid");
    let fresh = fray::minions::play(&battle, &mut NoTrace);
    let mut state = BattleState::new(&battle);
    for _ in 0..3 {
        state.reset();
        state.play_out(&mut NoTrace);
        assert_eq!(state.outcome(), fresh);
    }
}
