//! What rational players buy: the equilibrium of the matchup game. Each player picks a
//! unit; the row's payoff is its score against the column minus one half, so the game is
//! symmetric and zero-sum (its value is 0) and an equilibrium mix is one that no unit
//! beats on average. It is found by linear programs (`good_lp` over the pure-Rust
//! `microlp` simplex, which runs in the browser build too):
//!
//! 1. for each unit, the largest share any equilibrium gives it: the units some
//!    equilibrium buys (a unit every equilibrium leaves out is never bought);
//! 2. among the equilibria, the one whose smallest share of those units is largest: the
//!    most even (three identical units give a third each, not one of them alone).
//!
//! A mix is an equilibrium within [`TOLERANCE`] of score: no unit scores more than that
//! above one half against it. On an exact matrix that is the answer. On a sampled one
//! the mix is recomputed on [`RESAMPLES`] matrices drawn around it (each score normal
//! with its standard error, the pair's two scores summing to one), giving each share a
//! 95% range and how often the unit is bought at all.

// Payoff matrices read by row and column, as the game is written.
#![allow(clippy::needless_range_loop)]

use std::sync::atomic::{AtomicBool, Ordering};

use fray::rng::{Rolls, SeededRolls};
use good_lp::{Expression, ProblemVariables, Solution, SolverModel, Variable, variable};

use super::answer::{Matrix, Metagame, Share};

/// How far below one half the mix's worst score may be: the linear programs' slack.
pub const TOLERANCE: f64 = 1e-9;

/// The sampled matrices a sampled metagame is recomputed on.
pub const RESAMPLES: u32 = 200;

/// A share below this counts as not bought.
const BOUGHT: f64 = 1e-6;

/// The payoff matrix of `m`: the row's score minus one half, each pair's two cells made
/// to sum to zero (their mean), and 0 against itself.
fn payoffs(m: &Matrix) -> Vec<Vec<f64>> {
    let n = m.rows.len();
    let score = |x: usize, y: usize| m.rows[x].cells[y].map_or(0.5, |c| c.score);
    (0..n)
        .map(|x| {
            (0..n)
                .map(|y| {
                    if x == y {
                        0.0
                    } else {
                        (score(x, y) - score(y, x)) / 2.0
                    }
                })
                .collect()
        })
        .collect()
}

/// What an equilibrium is chosen for.
enum Goal<'a> {
    /// The largest share of this unit.
    Most(usize),
    /// The largest least share of the units marked.
    Even(&'a [bool]),
}

/// The equilibrium mix that best meets `goal`: no unit scores above one half against
/// it (beyond the tolerance), and the shares sum to one.
fn solve(payoff: &[Vec<f64>], goal: Goal<'_>) -> Option<Vec<f64>> {
    let n = payoff.len();
    let mut vars = ProblemVariables::new();
    let x: Vec<Variable> = (0..n)
        .map(|_| vars.add(variable().min(0.0).max(1.0)))
        .collect();
    let least = vars.add(variable().min(0.0).max(1.0));
    let objective: Expression = match goal {
        Goal::Most(unit) => x[unit].into(),
        Goal::Even(_) => least.into(),
    };
    let mut problem = vars.maximise(objective).using(good_lp::microlp);
    let total: Expression = x.iter().copied().sum();
    problem = problem.with(total.eq(1.0));
    for column in 0..n {
        // The mix's payoff against the column unit: that unit's score against the mix,
        // minus one half, is its negative.
        let against: Expression = (0..n).map(|row| payoff[row][column] * x[row]).sum();
        problem = problem.with(against.geq(-TOLERANCE));
    }
    if let Goal::Even(bought) = goal {
        for u in (0..n).filter(|&u| bought[u]) {
            problem = problem.with(Expression::from(x[u]).geq(least));
        }
    }
    let solved = problem.solve().ok()?;
    Some(x.iter().map(|&v| solved.value(v).clamp(0.0, 1.0)).collect())
}

/// The most even equilibrium mix of a symmetric zero-sum game (`payoff` antisymmetric),
/// or `None` if the solver fails.
pub fn equilibrium(payoff: &[Vec<f64>]) -> Option<Vec<f64>> {
    let n = payoff.len();
    if n == 0 {
        return Some(Vec::new());
    }
    // 1. The units some equilibrium buys.
    let mut bought = Vec::with_capacity(n);
    for unit in 0..n {
        let most = solve(payoff, Goal::Most(unit))?;
        bought.push(most[unit] > BOUGHT);
    }
    // 2. The equilibrium whose least share of those is largest.
    let mix = solve(payoff, Goal::Even(&bought))?;
    let sum: f64 = mix.iter().sum();
    Some(mix.iter().map(|s| s / sum.max(f64::MIN_POSITIVE)).collect())
}

/// What one metagame costs, before any of it, in the steps of [`fray::request::Effort`]:
/// `n + 1` linear programs a matrix (a unit's largest share each, then the most even),
/// on the matrix and, when sampled, on each of [`RESAMPLES`] more; a program of `n + 1`
/// variables and `n + 1` rows counted as `(n + 2)³` (a simplex pivot touches the
/// `(n + 2)²` tableau, and a program this small takes about `n + 2` pivots).
pub fn planned_steps(n: usize, exact: bool) -> u64 {
    let n = n as u64;
    let matrices = if exact { 1 } else { 1 + u64::from(RESAMPLES) };
    let tableau = (n + 2).saturating_pow(3);
    matrices.saturating_mul(n + 1).saturating_mul(tableau)
}

/// The metagame of matrix `m` (of `names`, in roster order): exact when `exact`, else
/// recomputed on resampled matrices drawn from `seed`. A `cancel` stops the resampling
/// between two solves (each some milliseconds at most): the ranges are then those of the
/// matrices solved so far, and `resamples` says how many.
pub fn metagame(
    m: &Matrix,
    names: &[String],
    exact: bool,
    seed: u64,
    cancel: &AtomicBool,
) -> Metagame {
    if m.rows.is_empty() {
        return Metagame {
            shares: Vec::new(),
            exact,
            resamples: 0,
        };
    }
    let payoff = payoffs(m);
    let n = payoff.len();
    let mix = equilibrium(&payoff).unwrap_or_else(|| vec![f64::NAN; n]);
    let mut shares: Vec<Share> = (0..n)
        .map(|u| Share {
            unit: names[u].clone(),
            share: mix[u],
            low: mix[u],
            high: mix[u],
            bought: if mix[u] > BOUGHT { 1.0 } else { 0.0 },
        })
        .collect();
    if exact {
        return Metagame {
            shares,
            exact,
            resamples: 0,
        };
    }
    let mut rolls = SeededRolls::with_stream(seed, METAGAME_STREAM);
    let mut drawn: Vec<Vec<f64>> = vec![Vec::with_capacity(RESAMPLES as usize); n];
    let mut resamples = 0;
    for _ in 0..RESAMPLES {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        resamples += 1;
        let resampled = resample(m, &mut rolls);
        if let Some(mix) = equilibrium(&resampled) {
            for u in 0..n {
                drawn[u].push(mix[u]);
            }
        }
    }
    for (u, share) in shares.iter_mut().enumerate() {
        let d = &mut drawn[u];
        if d.is_empty() {
            continue;
        }
        d.sort_by(f64::total_cmp);
        let at = |q: f64| d[((q * (d.len() - 1) as f64).round() as usize).min(d.len() - 1)];
        share.low = at(0.025).min(share.share);
        share.high = at(0.975).max(share.share);
        share.bought = d.iter().filter(|&&s| s > BOUGHT).count() as f64 / d.len() as f64;
    }
    Metagame {
        shares,
        exact,
        resamples,
    }
}

/// The random stream of the resampling, apart from every matchup's.
const METAGAME_STREAM: u64 = u64::MAX - 7;

/// A payoff matrix drawn around `m`: each pair's score normal about its own with its
/// standard error (its 95% interval's width over 2 × 1.96: the interval is Wilson's, so
/// a cell of all wins still has a spread), within 0..=1, the reverse cell its complement.
fn resample(m: &Matrix, rolls: &mut SeededRolls) -> Vec<Vec<f64>> {
    let n = m.rows.len();
    let mut payoff = vec![vec![0.0; n]; n];
    for x in 0..n {
        for y in (x + 1)..n {
            let Some(c) = m.rows[x].cells[y] else {
                continue;
            };
            let se = (c.high - c.low) / (2.0 * 1.959_963_984_540_054);
            let score = (c.score + se * normal(rolls)).clamp(0.0, 1.0);
            payoff[x][y] = score - 0.5;
            payoff[y][x] = 0.5 - score;
        }
    }
    payoff
}

/// A standard normal draw (Box and Muller), in portable arithmetic.
fn normal(rolls: &mut SeededRolls) -> f64 {
    let u = 1.0 - rolls.unit(); // in (0, 1]: its logarithm is finite
    let v = rolls.unit();
    (-2.0 * fray::math::ln(u)).sqrt() * fray::math::cos(std::f64::consts::TAU * v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: &[f64], b: &[f64]) {
        for (x, y) in a.iter().zip(b) {
            assert!((x - y).abs() < 1e-6, "{a:?} against {b:?}");
        }
    }

    #[test]
    fn a_cancel_stops_the_resampling_and_says_how_far_it_got() {
        use super::super::answer::{Cell, Row};
        let cell = |score: f64| {
            Some(Cell {
                win: score,
                draw: 0.0,
                score,
                low: score - 0.05,
                high: score + 0.05,
            })
        };
        let m = Matrix {
            costs: vec![1.0, 1.0],
            rows: vec![
                Row {
                    unit: "a".into(),
                    cells: vec![None, cell(0.6)],
                    mean: 0.6,
                },
                Row {
                    unit: "b".into(),
                    cells: vec![cell(0.4), None],
                    mean: 0.4,
                },
            ],
            battles: 2_000,
        };
        let names = ["a".to_string(), "b".to_string()];
        let whole = metagame(&m, &names, false, 7, &AtomicBool::new(false));
        assert_eq!(whole.resamples, RESAMPLES);
        let stopped = metagame(&m, &names, false, 7, &AtomicBool::new(true));
        assert_eq!(stopped.resamples, 0);
        // The equilibrium itself is still solved: a, which beats b, alone is bought.
        assert!((stopped.shares[0].share - 1.0).abs() < 1e-9, "{stopped:?}");
    }

    #[test]
    fn rock_paper_scissors_is_a_third_each() {
        let p = vec![
            vec![0.0, 0.2, -0.2],
            vec![-0.2, 0.0, 0.2],
            vec![0.2, -0.2, 0.0],
        ];
        close(&equilibrium(&p).unwrap(), &[1.0 / 3.0; 3]);
    }

    #[test]
    fn identical_units_share_evenly_and_a_dominated_one_is_never_bought() {
        close(&equilibrium(&vec![vec![0.0; 4]; 4]).unwrap(), &[0.25; 4]);
        // The third loses to both others, which are even with each other.
        let p = vec![
            vec![0.0, 0.0, 0.3],
            vec![0.0, 0.0, 0.1],
            vec![-0.3, -0.1, 0.0],
        ];
        close(&equilibrium(&p).unwrap(), &[0.5, 0.5, 0.0]);
        // One unit beats every other: it alone is bought.
        let p = vec![
            vec![0.0, 0.1, 0.2],
            vec![-0.1, 0.0, 0.0],
            vec![-0.2, 0.0, 0.0],
        ];
        close(&equilibrium(&p).unwrap(), &[1.0, 0.0, 0.0]);
    }

    #[test]
    fn an_unequal_cycle_leans_as_the_payoffs_do() {
        // Rock beats scissors by a lot: the mix is not a third each, and no pure unit
        // of the three is beaten by it.
        let p = vec![
            vec![0.0, -0.1, 0.4],
            vec![0.1, 0.0, -0.1],
            vec![-0.4, 0.1, 0.0],
        ];
        let mix = equilibrium(&p).unwrap();
        for column in 0..3 {
            let against: f64 = (0..3).map(|r| p[r][column] * mix[r]).sum();
            assert!(against >= -1e-8, "{mix:?} loses to unit {column}");
        }
        close(&mix, &[1.0 / 6.0, 2.0 / 3.0, 1.0 / 6.0]);
    }
}
