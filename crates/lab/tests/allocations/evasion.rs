//! The evasion duel allocates nothing per duel once planned: not in the duel, not in
//! the lab's counting of it.

use fray::rng::SeededRolls;
use fray_lab::duel::DuelPlan;
use fray_lab::scenario::BattleKind;

use crate::{allocations, allocations_here, serial};

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
    let one_chunk = |trials: u64| {
        let mut s = bundled_duel();
        s.trials = trials;
        allocations(|| fray_lab::run::play(&s, &|_| {}))
    };
    one_chunk(1); // the global thread pool starts, once
    let (few, few_allocs) = one_chunk(1);
    let (many, many_allocs) = one_chunk(256);
    assert_eq!((few.trials, many.trials), (1, 256));
    // The difference is the rounds histogram's new entries, not one per duel: the old
    // path made several per duel (two vectors and a name each).
    let per_chunk = many_allocs.saturating_sub(few_allocs);
    assert!(
        per_chunk < 32,
        "{per_chunk} more allocations for 255 more duels ({few_allocs} vs {many_allocs})"
    );
}
