//! The conditions skirmish, played by the built-in policy as `fray_lab::run` plays it:
//! one `Skirmish` per chunk, reset for each trial.
//!
//! Not yet 0 per skirmish: what is left is built per action by code outside the policy's
//! loop, each a few allocations an attack or a move: the attack modifiers' `Modifier`
//! sources and their `Breakdown` (`conditions::stacking`), refusals as `Refused(String)`
//! when the policy asks what a creature may do, a hit's damage types and keywords, and the
//! aura markers' vectors settled after every move. The bound below is the count reached
//! (about 230 a skirmish, from about 550 with the encounter rebuilt and every rule's text
//! formatted), so that a change that adds allocations per skirmish fails.

/// Allocations a skirmish of the bundled example may make, on average, after the first of
/// its chunk (measured: about 230).
const PER_SKIRMISH: u64 = 250;

use fray::conditions::Creature;
use fray::conditions::policy::Skirmish;
use fray::rng::SeededRolls;
use fray_lab::scenario::BattleKind;

use super::{allocations_per_battle, lab_allocations_for_255_more, serial};

fn bundled() -> fray_lab::Scenario {
    fray_lab::parse_scenario(fray_lab::examples::find("skirmish").expect("bundled").text)
        .expect("valid")
}

fn creatures(s: &fray_lab::Scenario) -> &[Creature] {
    match &s.battle {
        BattleKind::Skirmish(c) => c,
        _ => panic!("the skirmish example is a skirmish"),
    }
}

#[test]
fn a_reset_skirmish_allocates_less_than_a_new_one() {
    let _serial = serial();
    let s = bundled();
    let mut rolls = SeededRolls::with_stream(5, 0);
    let mut rounds = 0u64;
    let mut skirmish: Option<Skirmish> = None;
    let counts = allocations_per_battle(200, || {
        let sk = skirmish.get_or_insert_with(|| Skirmish::new(creatures(&s)));
        sk.play(s.max_rounds, &mut rolls);
        rounds += u64::from(sk.rounds(s.max_rounds));
    });
    assert!(rounds >= 200, "every skirmish played a round");
    let later = counts[1..].iter().sum::<u64>() / (counts.len() as u64 - 1);
    assert!(
        counts[0] > later,
        "the first skirmish builds the encounter: {} vs {later}",
        counts[0]
    );
    assert!(
        later <= PER_SKIRMISH,
        "{later} allocations per skirmish after the first, on average"
    );
}

#[test]
fn the_lab_counts_skirmishes_without_allocating_per_battle() {
    let _serial = serial();
    // Counting a skirmish adds none of its own: the chunk's allocations are the
    // skirmishes' (a trial built its hit points and two maps' names before).
    let per_chunk = lab_allocations_for_255_more(&bundled());
    assert!(
        per_chunk <= 255 * PER_SKIRMISH,
        "{per_chunk} more allocations for 255 more skirmishes"
    );
}
