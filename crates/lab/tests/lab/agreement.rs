//! Seed version 3 against version 2: the lab's pool battles draw each side's total hits
//! of a round whole from a table (`SeededRolls::drawing_whole`), where version 2 rolled
//! every attacker's dice (a plain `SeededRolls`, which still does). Both are the same
//! law: over many battles every figure the lab reports agrees within its interval.

use fray::pool::MassBattle;
use fray::rng::SeededRolls;
use fray_lab::scenario::parse_scenario;
use fray_lab::systems::BattleKind;
use fray_lab::systems::BattleSystem;
use fray_lab::systems::pool::Pool;
use fray_lab::tally::Tally;

/// `n` battles of `b` on one stream, drawing whole or rolling every die.
fn tally(b: &MassBattle, n: u64, whole: bool) -> Tally {
    let mut rolls = SeededRolls::with_stream(5, u64::from(whole));
    if whole {
        rolls = rolls.drawing_whole();
    }
    let (mut kept, mut t) = (Default::default(), Tally::default());
    let never = std::sync::atomic::AtomicBool::new(false);
    for _ in 0..n {
        assert!(Pool::trial(
            b,
            b.max_rounds,
            &mut rolls,
            &mut kept,
            &mut t,
            &never
        ));
    }
    t
}

/// Whether two chances from `n` trials each agree within 4.5 standard errors of their
/// difference (over the some 60 figures compared, a false alarm about once in 100,000
/// runs).
fn agree(what: &str, x: u64, y: u64, n: u64) {
    let (p, q) = (x as f64 / n as f64, y as f64 / n as f64);
    let pooled = (p + q) / 2.0;
    let se = (2.0 * pooled * (1.0 - pooled) / n as f64).sqrt().max(1e-9);
    assert!(
        (p - q).abs() <= 4.5 * se,
        "{what}: {p} drawn whole against {q} rolled ({:.1} standard errors)",
        (p - q).abs() / se
    );
}

fn compare(text: &str, n: u64) {
    let s = parse_scenario(text).unwrap();
    let BattleKind::Pool(b) = &s.battle else {
        panic!("a pool battle")
    };
    let (whole, rolled) = (tally(b, n, true), tally(b, n, false));
    agree("side a wins", whole.wins[0], rolled.wins[0], n);
    agree("side b wins", whole.wins[1], rolled.wins[1], n);
    agree("draws", whole.draws, rolled.draws, n);
    for (f, (x, y)) in whole.alive.iter().zip(&rolled.alive).enumerate() {
        agree(&format!("fighter {f} standing"), *x, *y, n);
    }
    // Rounds: each count of rounds met in either.
    let rounds: std::collections::BTreeSet<u32> = whole
        .rounds
        .keys()
        .chain(rolled.rounds.keys())
        .copied()
        .collect();
    for r in rounds {
        let count = |t: &Tally| t.rounds.get(&r).copied().unwrap_or(0);
        agree(&format!("{r} rounds"), count(&whole), count(&rolled), n);
    }
    // Hit points left and damage dealt: means within 4.5 standard errors, the spread
    // bounded by the largest a fighter (or a side) can have.
    let most: i64 =
        b.a.combatants
            .iter()
            .chain(&b.b.combatants)
            .map(|c| i64::from(c.hp))
            .sum();
    let mean = |t: &Tally| t.damage.values().sum::<u64>() as f64 / n as f64;
    let se = most as f64 / (n as f64).sqrt();
    assert!((mean(&whole) - mean(&rolled)).abs() < 4.5 * se);
}

#[test]
fn the_pike_square_plays_as_it_rolled() {
    compare(
        include_str!("../../../../examples/battles/pikes.toml"),
        1_000_000,
    );
}

#[test]
fn twenty_against_twenty_plays_as_it_rolled() {
    compare(
        include_str!("../../../../scripts/speed-guard-pool-20.toml"),
        1_000_000,
    );
}

#[test]
fn a_side_of_many_rolls_and_hundreds_plays_as_it_rolled() {
    // 40 of four profiles against 60 of three: more than a table's 32 attacks of a roll
    // in a round, and several rolls a side.
    let side = |name: &str, units: &[(&str, u32, u32, &str)]| -> String {
        units
            .iter()
            .map(|(u, n, bonus, armor)| {
                format!(
                    "[[pool.{name}.combatants]]\nname = \"{u}\"\ncount = {n}\nhp = 5\nbonus = {bonus}\narmor = \"{armor}\"\n"
                )
            })
            .collect()
    };
    let text = format!(
        "system = \"pool\"\nmax_rounds = 60\n[pool]\n[pool.a]\nname = \"A\"\n{}[pool.b]\nname = \"B\"\n{}",
        side(
            "a",
            &[
                ("Spear", 10, 1, "light"),
                ("Axe", 10, 2, "medium"),
                ("Bow", 10, 0, "none"),
                ("Guard", 10, 1, "heavy")
            ]
        ),
        side(
            "b",
            &[
                ("Pike", 20, 1, "medium"),
                ("Club", 20, 0, "light"),
                ("Lance", 20, 2, "none")
            ]
        ),
    );
    compare(&text, 40_000);
}
