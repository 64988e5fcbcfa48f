//! The evasion duel allocates nothing per duel once planned: not in the duel, not in
//! the lab's counting of it.

use fray::rng::SeededRolls;
use fray_lab::duel::DuelPlan;
use fray_lab::scenario::BattleKind;

use crate::{allocations_here, lab_allocations_for_255_more, serial};

fn bundled_duel() -> fray_lab::Scenario {
    fray_lab::parse_scenario(fray_lab::examples::find("duel").unwrap().text).unwrap()
}

#[test]
fn a_planned_duel_allocates_nothing() {
    let _serial = serial();
    let s = bundled_duel();
    let BattleKind::Evasion(duel) = &s.battle else {
        panic!("the duel example is an evasion duel");
    };
    let plan = DuelPlan::new(duel);
    let mut rolls = SeededRolls::new(9);
    let ((wins, rounds), n) = allocations_here(|| {
        let (mut wins, mut rounds) = (0, 0);
        for _ in 0..2_000 {
            let (winner, r, _, _) = plan.sample(s.max_rounds, &mut rolls);
            wins += u32::from(winner == Some(true));
            rounds += r;
        }
        (wins, rounds)
    });
    assert!(wins > 0 && rounds > 2_000, "duels were played");
    assert_eq!(n, 0, "allocations in 2,000 planned duels");
}

#[test]
fn the_lab_counts_duels_without_allocating_per_duel() {
    let _serial = serial();
    // The old path made several per duel (two vectors and a name each).
    let per_chunk = lab_allocations_for_255_more(&bundled_duel());
    assert!(
        per_chunk < 32,
        "{per_chunk} more allocations for 255 more duels"
    );
}
