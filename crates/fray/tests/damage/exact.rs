//! Exact distributions of rolled damage: the dice total is added to the hit's own amount,
//! and a negative total deals nothing.

use fray::damage::{DamageType, Hit, Readings, exact};
use fray::dice::DiceExpr;

use super::defender;

fn dice(text: &str) -> DiceExpr {
    text.parse().unwrap()
}

#[test]
fn the_dice_are_added_to_the_hits_own_amount() {
    let hit = Hit::new(3, [DamageType::Fire]);
    let original = exact::original_damage(&dice("1d4"), &hit);
    let fin = exact::final_damage(&dice("1d4"), &hit, &defender(""), &Readings::default());
    for d in [&original, &fin] {
        for amount in 4..=7 {
            assert_eq!(d.p(amount), 0.25, "3 + 1d4 = {amount}");
        }
        assert_eq!(d.p(3) + d.p(8), 0.0);
    }
    // Resist Fire takes off half of each total, rounded down: 4, 5, 6, 7 become 2, 3, 3, 4.
    let halved = exact::final_damage(
        &dice("1d4"),
        &hit,
        &defender("Resist Fire"),
        &Readings::default(),
    );
    assert_eq!((halved.p(2), halved.p(3), halved.p(4)), (0.25, 0.5, 0.25));
}

#[test]
fn a_negative_total_deals_nothing() {
    let hit = Hit::new(0, [DamageType::Cold]);
    // 1d4 − 3: −2, −1, 0, 1.
    let d = exact::original_damage(&dice("1d4-3"), &hit);
    assert_eq!((d.p(0), d.p(1)), (0.75, 0.25));
    let d = exact::final_damage(&dice("1d4-3"), &hit, &defender(""), &Readings::default());
    assert_eq!((d.p(0), d.p(1)), (0.75, 0.25));
}
