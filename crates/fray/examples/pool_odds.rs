//! A designer's tool: the exact odds of a pool-system check, and of one side out-hitting
//! another in a round of mass combat. Nothing is sampled, so the answers are the same on
//! every run and need no seed.
//!
//! Run it with `cargo run -p fray --example pool_odds`.

use std::fmt::Write as _;

use fray::pool::{Check, CheckOdds, Ladder, SideHits, compare, parse_side};

fn main() {
    print!("{}", run());
}

/// The odds of one check (3/6 with two bonus dice), then of two sides against each other.
pub fn run() -> String {
    let mut out = String::new();
    // The standard ladder of difficulties: rungs such as 1/6, 3/6 or 7/8 (pool, Dice
    // tech basics). A game with other dice builds its own with `Ladder::new`.
    let ladder = Ladder::standard();

    // One check: the rung, then bonus and penalty dice.
    let rung = ladder.parse("3/6").expect("3/6 is on the standard ladder");
    let check = Check::new(rung, 2, 0).expect("a few bonus dice are allowed");
    let odds = CheckOdds::new(check);
    let _ = writeln!(out, "check {check}");
    let _ = writeln!(out, "  P(success) = {:.4}", odds.p_success());
    let _ = writeln!(out, "  mean degree = {:.4}", odds.mean_degree());
    // Every (success, degree) at least 0.1% likely; the exploding die makes the degree
    // unbounded, so the tail is cut there for printing only.
    for (result, p) in odds.listing(0.001) {
        let what = if result.success { "success" } else { "failure" };
        let _ = writeln!(out, "  {what} of degree {}: {p:.4}", result.degree);
    }

    // Two sides, written as `fray sides` takes them: COUNTxRUNG+Nb+Np, comma-separated.
    let a = parse_side("5x3/6+3b", &ladder).expect("a valid side");
    let b = parse_side("7x4/6+1b, 2x1/8+2p", &ladder).expect("a valid side");
    // `try_new` refuses sides that would take too long to solve exactly; these are tiny.
    let a_hits = SideHits::try_new(&a).expect("a small side");
    let b_hits = SideHits::try_new(&b).expect("a small side");
    let c = compare(&a_hits.distribution, &b_hits.distribution);
    let _ = writeln!(out, "side a 5x3/6+3b against side b 7x4/6+1b, 2x1/8+2p");
    let _ = writeln!(
        out,
        "  mean hits: a {:.3}, b {:.3}",
        a_hits.distribution.mean(),
        b_hits.distribution.mean()
    );
    let _ = writeln!(
        out,
        "  P(a more) = {:.4}, P(tie) = {:.4}, P(b more) = {:.4}",
        c.p_a_more, c.p_tie, c.p_b_more
    );
    // What was trimmed to keep the sums fast is returned, not hidden.
    let _ = writeln!(
        out,
        "  error bound: {:.1e}",
        a_hits.error_bound + b_hits.error_bound
    );
    out
}
