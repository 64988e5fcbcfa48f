//! The Luck dice: which die a Luck score rolls, a luckstone's term, and the chance to
//! hit averaged exactly over either side's Luck.

use fray::evasion::{Kind, LuckDice, ToHit, ToHitModel};
use fray::rng::ScriptedRolls;

#[test]
fn luck_dice() {
    assert_eq!(LuckDice::of(Kind::Player, 1, false), LuckDice::None);
    assert_eq!(LuckDice::of(Kind::Player, -1, false), LuckDice::None);
    assert_eq!(
        LuckDice::of(Kind::Player, 5, false),
        LuckDice::Die {
            negative: false,
            sides: 2
        }
    );
    assert_eq!(
        LuckDice::of(Kind::Player, -7, false),
        LuckDice::Die {
            negative: true,
            sides: 3
        }
    );
    assert_eq!(
        LuckDice::of(Kind::Player, 13, false),
        LuckDice::Die {
            negative: false,
            sides: 6
        }
    );
    let stone = LuckDice::of(Kind::Monster, 0, true).distribution();
    assert!((stone.p(1) - 4.0 / 9.0).abs() < 1e-15 && (stone.p(3) - 1.0 / 9.0).abs() < 1e-15);
    assert!((stone.total() - 1.0).abs() < 1e-15);
    assert_eq!(
        LuckDice::Die {
            negative: true,
            sides: 3
        }
        .distribution()
        .max(),
        -1
    );
}

#[test]
fn luck_is_averaged_exactly() {
    let t = ToHit::new(ToHitModel::NORMAL).unwrap();
    let with_luck = t.p_hit_with_luck(
        1.0,
        LuckDice::Die {
            negative: false,
            sides: 2,
        },
        2.0,
        LuckDice::None,
    );
    let by_hand = 0.5 * t.p_hit(2.0 - 2.0) + 0.5 * t.p_hit(2.0 - 3.0);
    assert!((with_luck - by_hand).abs() < 1e-15);
}

#[test]
fn luck_on_either_side_shifts_the_margin_its_way() {
    use fray::evasion::{LuckDice, ToHit, ToHitModel};
    let to_hit = ToHit::new(ToHitModel::Normal { sigma: 3.0 }).unwrap();
    let plus_d2 = LuckDice::Die {
        negative: false,
        sides: 2,
    };
    // The defender's +1d2 (1 or 2) raises its total: the margin grows by 1 or 2.
    let with_luck = to_hit.p_hit_with_luck(10.0, LuckDice::None, 12.0, plus_d2);
    let by_hand = (to_hit.p_hit(3.0) + to_hit.p_hit(4.0)) / 2.0;
    assert!(
        (with_luck - by_hand).abs() < 1e-15,
        "{with_luck} against {by_hand}"
    );
    // The attacker's own +1d2 lowers it by as much.
    let attacker_luck = to_hit.p_hit_with_luck(10.0, plus_d2, 12.0, LuckDice::None);
    let by_hand = (to_hit.p_hit(1.0) + to_hit.p_hit(0.0)) / 2.0;
    assert!(
        (attacker_luck - by_hand).abs() < 1e-15,
        "{attacker_luck} against {by_hand}"
    );
}

/// A luckstone's Luck term, rolled: Luck 3 + 1d3, then 1d(Luck / 2).
#[test]
fn a_luckstones_term_rolls_luck_then_its_die() {
    // (the 1d3, the term's die) → the term.
    for (d3, die, term) in [(1, 2, 2), (2, 1, 1), (3, 3, 3), (3, 1, 1)] {
        let mut rolls = ScriptedRolls::dice([d3, die]);
        assert_eq!(
            fray::evasion::sample::roll_luck(LuckDice::Luckstone, &mut rolls),
            term
        );
        assert_eq!(rolls.remaining(), 0);
    }
}

#[test]
fn a_die_of_one_side_is_written_as_its_number() {
    // Luck 2 or 3 gives 1d(Luck/2) = 1d1: always 1, so it reads "+1", not "+1d1".
    let one = LuckDice::of(Kind::Player, 3, false);
    assert_eq!(one.describe(), "+1");
    assert_eq!(LuckDice::of(Kind::Player, -2, false).describe(), "−1");
    assert_eq!(LuckDice::of(Kind::Player, 5, false).describe(), "+1d2");
    assert_eq!(LuckDice::None.describe(), "none");
}
