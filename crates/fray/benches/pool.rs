//! Pool odds speed: `cargo bench -p fray --bench pool`.
//!
//! The exact side-against-side computation for sides of 10 to 10,000 attackers: each
//! side's total-hits distribution and who deals more hits.

use divan::{Bencher, black_box};
use fray::pool::{Check, CheckOdds, SideHits, compare};

fn main() {
    divan::main();
}

fn check(rung: &str, bonus: u32, penalty: u32) -> Check {
    Check::new(rung.parse().expect("a rung"), bonus, penalty).expect("a check")
}

#[divan::bench(args = [10, 100, 1_000, 10_000])]
fn side_against_side(bencher: Bencher, attackers: u64) {
    let a = [(attackers, check("3/6", 3, 0))];
    let b = [
        (attackers * 7 / 9, check("4/6", 1, 0)),
        (attackers - attackers * 7 / 9, check("1/8", 0, 2)),
    ];
    bencher.bench(|| {
        let a = SideHits::new(black_box(&a));
        let b = SideHits::new(black_box(&b));
        compare(&a.distribution, &b.distribution)
    });
}

#[divan::bench(args = [(0, 0), (3, 0), (0, 3), (20, 0)])]
fn check_odds(bencher: Bencher, (bonus, penalty): (u32, u32)) {
    let c = check("3/6", bonus, penalty);
    bencher.bench(|| CheckOdds::new(black_box(c)).mean_degree());
}
