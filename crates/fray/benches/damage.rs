//! Damage resolution speed: `cargo bench -p fray --bench damage`.
//!
//! The untraced path is what simulations call in their inner loop; it must not allocate.

use divan::{Bencher, black_box};
use fray::damage::{
    AttackFacts, DamageType, Defender, Hit, Readings, TypeSelector, exact, explain, parse_traits,
    resolve,
};
use fray::dice::DiceExpr;

fn main() {
    divan::main();
}

fn busy_defender() -> Defender {
    Defender::new(
        parse_traits(
            "Resist Fire (Advantage); Resist 10 Fire; Resist 5 All; Vulnerable 5 Cold; \
             Vulnerable Acid (Critical); Damage Immune: Poison; Swarm",
        )
        .expect("a valid stat block"),
    )
}

#[divan::bench]
fn single_type(bencher: Bencher) {
    let defender = busy_defender();
    let hit = Hit::new(27, [DamageType::Fire]);
    bencher.bench(|| resolve(black_box(&hit), black_box(&defender)));
}

#[divan::bench]
fn three_types_with_reduction(bencher: Bencher) {
    let defender = busy_defender();
    let facts = AttackFacts::default()
        .with_advantage()
        .with_reduction(TypeSelector::Only(DamageType::Fire), 5);
    let hit = Hit::new(27, [DamageType::Fire, DamageType::Cold, DamageType::Acid]).by(facts);
    bencher.bench(|| resolve(black_box(&hit), black_box(&defender)));
}

#[divan::bench]
fn explained_with_trace(bencher: Bencher) {
    let defender = busy_defender();
    let hit = Hit::new(17, [DamageType::Fire, DamageType::Cold]);
    let readings = Readings::default();
    bencher.bench(|| explain(black_box(&hit), black_box(&defender), &readings));
}

#[divan::bench(args = ["2d6+3", "10d6", "40d10"])]
fn exact_distribution(bencher: Bencher, dice: &str) {
    let defender = busy_defender();
    let dice: DiceExpr = dice.parse().expect("valid dice");
    let hit = Hit::new(0, [DamageType::Fire, DamageType::Cold]);
    let readings = Readings::default();
    bencher.bench(|| exact::final_damage(black_box(&dice), &hit, &defender, &readings));
}
