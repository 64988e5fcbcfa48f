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
fn balance_sweep_finds_the_troll_harder_with_every_hit_point_and_samples_agree() {
    let out = balance_sweep::run();
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(1)
        .map(|l| l.split('|').map(str::trim).collect())
        .collect();
    assert_eq!(rows.len(), 4, "{out}");
    let mut last = 1.0;
    for row in &rows {
        // More troll hit points: a strictly smaller exact chance for the Valkyrie.
        let exact = percent(row[1]);
        assert!(exact < last, "{out}");
        last = exact;
        // The sampled estimate (400 trials, seed 11) lies inside its own 95% interval.
        let (sampled, interval) = row[2].split_once(" (").expect("an interval");
        let (low, high) = interval
            .trim_end_matches(')')
            .split_once(" to ")
            .expect("two bounds");
        let (low, high) = (percent(low), percent(high));
        assert!(low <= percent(sampled) && percent(sampled) <= high, "{out}");
        // The exact value lies within twice the 95% half-width of the estimate (about four
        // standard errors), so a change of random stream cannot make this fail by chance.
        assert!((percent(sampled) - exact).abs() <= high - low, "{out}");
    }
    // A fixed seed: the same numbers on every run.
    assert_eq!(out, balance_sweep::run());
}
