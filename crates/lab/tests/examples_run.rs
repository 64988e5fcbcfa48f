//! The runnable examples of `crates/lab/examples/`, included by path and their output
//! checked: `cargo test` builds them and proves what they print still holds.

#[allow(dead_code)]
#[path = "../examples/balance_sweep.rs"]
mod balance_sweep;

/// A percentage as the lab prints it ("42.00%", "<0.01%"), as a probability.
fn percent(text: &str) -> f64 {
    let digits = text
        .trim()
        .trim_start_matches(['<', '>'])
        .trim_end_matches('%');
    digits.parse::<f64>().expect("a percentage") / 100.0
}

#[test]
fn balance_sweep_finds_the_troll_harder_with_every_hit_point() {
    let out = balance_sweep::run();
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(1)
        .map(|l| l.split('|').map(str::trim).collect())
        .collect();
    assert_eq!(rows.len(), 4, "{out}");
    let (mut last_win, mut last_rounds) = (1.0, 0.0);
    for row in &rows {
        // The win is the exact Markov-chain answer, and falls with every troll hit point.
        let (win, basis) = row[1].split_once(' ').expect("a figure and its basis");
        assert_eq!(basis, "Exact", "{out}");
        let win = percent(win);
        assert!(win < last_win, "{out}");
        last_win = win;
        // A tougher troll takes longer to kill: the exact mean rounds grows.
        let rounds: f64 = row[2].parse().expect("mean rounds");
        assert!(rounds > last_rounds, "{out}");
        last_rounds = rounds;
        let median: u32 = row[3].parse().expect("median rounds");
        assert!(median >= 1, "{out}");
    }
    // A fixed seed: the same numbers on every run.
    assert_eq!(out, balance_sweep::run());
}
