//! The conditions skirmish, played by the built-in policy as `fray_lab::run` plays it.

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
fn the_bundled_skirmish_allocations_per_battle() {
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
    eprintln!("first {}, mean later {later}, max {:?}", counts[0], counts.iter().max());
    assert_eq!(later, 0, "allocations per skirmish after the first");
}

#[test]
fn the_lab_counts_skirmishes_without_allocating_per_battle() {
    let _serial = serial();
    let per_chunk = lab_allocations_for_255_more(&bundled());
    assert!(
        per_chunk < 32,
        "{per_chunk} more allocations for 255 more skirmishes"
    );
}
