//! A turn's actions: what each action spends and what it may stand in for, what a
//! dazed or stunned creature may still take, and what may be taken out of turn.

use fray::conditions::{
    ActionType, AttackOptions, CharacterCondition, Duration, Encounter, Square,
};
use fray::rng::SeededRolls;

use super::{hero_turn, jab};

/// Which of standard, move and minor the Hero may still take.
fn left(e: &Encounter) -> [bool; 3] {
    [ActionType::Standard, ActionType::Move, ActionType::Minor].map(|a| e.can_take(0, a).is_ok())
}

fn step(e: &mut Encounter, x: i32) {
    e.walk(0, &[Square { x, y: 1 }]).unwrap();
}

#[test]
fn a_turns_actions_trade_down_standard_to_move_to_minor() {
    let mut e = hero_turn();
    assert_eq!(left(&e), [true, true, true]);
    e.total_defense(0).unwrap();
    assert_eq!(left(&e), [false, true, true], "the move and minor are left");
    jab(&mut e);
    assert_eq!(
        left(&e),
        [false, true, true],
        "the move can serve as a minor"
    );
    step(&mut e, 0);
    assert_eq!(left(&e), [false, false, false], "all three spent");

    let mut e = hero_turn();
    step(&mut e, 0);
    step(&mut e, 1);
    assert_eq!(
        left(&e),
        [false, false, true],
        "two moves spend the standard; the minor is left"
    );

    let mut e = hero_turn();
    jab(&mut e);
    step(&mut e, 0);
    assert_eq!(
        left(&e),
        [true, true, true],
        "the standard can still serve as a move or a minor"
    );
}

#[test]
fn a_dazed_creature_has_one_main_action_and_one_minor() {
    let mut e = hero_turn();
    e.apply(
        0,
        CharacterCondition::Dazed,
        None,
        &Duration::SaveEnds,
        None,
    )
    .unwrap();
    jab(&mut e);
    assert_eq!(left(&e), [true, true, false]);
    step(&mut e, 0);
    assert_eq!(left(&e), [false, false, false]);
}

#[test]
fn a_stunned_creature_takes_one_action_and_no_reactions() {
    let mut e = hero_turn();
    e.apply(
        0,
        CharacterCondition::Stunned,
        None,
        &Duration::SaveEnds,
        None,
    )
    .unwrap();
    assert_eq!(left(&e), [true, true, true]);
    e.total_defense(0).unwrap();
    assert_eq!(left(&e), [false, false, false]);
    assert!(
        e.can_take(0, ActionType::Free).is_ok(),
        "a free action is not counted"
    );
    assert!(e.can_take(0, ActionType::Opportunity).is_err());
}

#[test]
fn only_free_actions_and_reactions_are_taken_out_of_turn() {
    let e = hero_turn();
    for action in [ActionType::Standard, ActionType::Move, ActionType::Minor] {
        assert!(
            e.can_take(2, action).is_err(),
            "{action:?} on the Hero's turn"
        );
    }
    for action in [
        ActionType::Free,
        ActionType::Opportunity,
        ActionType::Immediate,
    ] {
        assert!(
            e.can_take(2, action).is_ok(),
            "{action:?} on the Hero's turn"
        );
    }
}

#[test]
fn a_free_action_is_not_counted_against_a_one_action_turn() {
    for condition in [CharacterCondition::Swallowed, CharacterCondition::Dazed] {
        let mut e = hero_turn();
        e.apply(0, condition, Some(1), &Duration::SaveEnds, None)
            .unwrap();
        e.attack_with(
            0,
            1,
            &[1],
            &AttackOptions::default(),
            &mut SeededRolls::new(3),
        )
        .unwrap();
        assert!(e.can_take(0, ActionType::Standard).is_ok(), "{condition:?}");
    }
}

#[test]
fn minor_actions_spend_the_minor_then_the_move_then_the_standard() {
    let mut e = hero_turn();
    let mut after = Vec::new();
    for _ in 0..3 {
        jab(&mut e);
        after.push(left(&e));
    }
    assert_eq!(
        after,
        [
            [true, true, true],
            [true, true, true],
            [false, false, false]
        ],
        "a second minor takes the move, a third the standard"
    );
    let mut e = hero_turn();
    jab(&mut e);
    jab(&mut e);
    e.total_defense(0).unwrap();
    assert_eq!(
        left(&e),
        [false, false, false],
        "the second minor took the move"
    );
}
