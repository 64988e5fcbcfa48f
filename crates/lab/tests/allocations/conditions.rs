//! The conditions skirmish, played by the built-in policy as `fray_lab::run` plays it:
//! one `Skirmish` per chunk, reset for each trial. After the first skirmish of a chunk,
//! none allocates: the encounter's buffers are kept, each power's hit keeps its types and
//! keywords, refusals are reason codes written only when shown, and the attack roll's
//! modifiers are stacked in a kept buffer with borrowed sources.
//!
//! What is left is not per battle: a stats name (a damage type or a condition) met for
//! the first time in the chunk is copied once into the encounter's counts, which the
//! reports read; its first skirmish may not meet every name. So a later skirmish
//! allocates at most one per name never met before, and none once every name was met.

use fray::conditions::Creature;
use fray::conditions::policy::Skirmish;
use fray::rng::SeededRolls;
use fray_lab::scenario::BattleKind;

use super::{allocations_per_battle, assert_steady, lab_allocations_for_255_more, serial};

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
fn a_reset_skirmish_allocates_nothing_after_the_first() {
    let _serial = serial();
    let s = bundled();
    let mut rolls = SeededRolls::with_stream(5, 0);
    let mut rounds = 0u64;
    let mut skirmish: Option<Skirmish> = None;
    let mut names_met = 0;
    let counts = allocations_per_battle(200, || {
        let sk = skirmish.get_or_insert_with(|| Skirmish::new(creatures(&s)));
        sk.play(s.max_rounds, &mut rolls);
        rounds += u64::from(sk.rounds(s.max_rounds));
    });
    if let Some(sk) = &skirmish {
        let stats = &sk.encounter.stats;
        names_met = stats.damage_by_type.len() + stats.conditions.len();
    }
    assert!(rounds >= 200, "every skirmish played a round");
    assert!(counts[0] > 0, "the first skirmish builds the encounter");
    let later: u64 = counts[1..].iter().sum();
    assert!(
        later <= names_met as u64,
        "{later} allocations after the first skirmish, more than the {names_met} names met: {counts:?}"
    );
    // Every name is met within the first skirmishes: from then on, none allocates.
    assert_steady("the bundled skirmish", &counts[50..]);
}

#[test]
fn the_lab_counts_skirmishes_without_allocating_per_battle() {
    let _serial = serial();
    // What is left for 255 more skirmishes is the tally's new entries (rounds met for
    // the first time), not one per battle.
    let per_chunk = lab_allocations_for_255_more(&bundled());
    assert!(
        per_chunk < 32,
        "{per_chunk} more allocations for 255 more skirmishes"
    );
}
