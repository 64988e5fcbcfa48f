//! Fair costs: each unit's cost moved until its army scores 50% (a draw counting half)
//! against the roster at equal budget (`mean`: its mean score against every other unit)
//! or against one unit (`against`), the reference unit keeping its cost.
//!
//! Exact rosters (minions) are solved on their exact odds: a bisection on each unit's
//! log-cost, the units in turn until none moves (to 1e-9). Sampled rosters are played in
//! rounds: every pair needed is played at the current costs, each round on fresh random
//! streams (so that the points a curve is fitted to are independent; common random
//! numbers across rounds would make a cost tried again add nothing); a logistic curve
//! per pair is fitted to every point tried ([`super::fit`]), the costs solved on the
//! curves, and the next round played at the solved costs with twice the battles, until
//! every cost's 95% interval is within the precision and the costs have stopped moving,
//! or the battle cap is reached. A unit no cost makes even counts for neither: its
//! interval is the range searched.

use std::sync::atomic::{AtomicBool, Ordering};

use fray::request::Refusal;

use super::file::Roster;
use super::fit::{Curve, Point, fit};
use rayon::prelude::*;

use super::matchup::{EXTRA_BATTLES, Odds, STREAMS, max_army, odds};

/// What a fair cost balances.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fair {
    /// Each unit's mean score against every other unit is 50%.
    Mean,
    /// Each unit scores 50% against this one.
    Against(usize),
}

/// Why a unit has no fair cost in the searched range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Uneven {
    /// It scores above 50% even at the highest cost searched.
    WinsAtAnyCost,
    /// It scores below 50% even at the lowest cost searched.
    LosesAtAnyCost,
}

/// The fitted costs.
#[derive(Debug, Clone, PartialEq)]
pub struct Prices {
    /// Each unit's fitted cost (the reference keeps its own).
    pub costs: Vec<f64>,
    /// Each cost's 95% interval (the cost itself at both ends when exact).
    pub intervals: Vec<(f64, f64)>,
    /// Units that no cost in range makes even, and which way.
    pub uneven: Vec<Option<Uneven>>,
    /// Battles played to fit them.
    pub battles: u64,
    /// Rounds of play (1 for an exact roster).
    pub rounds: u32,
    /// Whether every interval is within the precision.
    pub reached: bool,
    /// False when cancelled part-way: the costs are then the last round's.
    pub complete: bool,
}

/// The battles a sampled pricing round starts with for each pair, and the cap on all
/// battles when none is given.
pub const FIRST_ROUND: u64 = 256;
/// The default cap on a pricing's battles.
pub const MAX_BATTLES: u64 = 20_000_000;

/// How far from its starting cost a unit's cost is searched: a factor of 64 either way,
/// within what the system's army sizes allow.
const SEARCH: f64 = 64.0;

/// The log-cost range searched for unit `u`.
fn range(roster: &Roster, u: usize) -> (f64, f64) {
    let c = roster.costs[u];
    // Below this cost the army would outgrow its system's bound.
    let lowest = roster.budget / f64::from(max_army(roster) - 1);
    ((c / SEARCH).max(lowest).ln(), (c * SEARCH).ln())
}

/// The battles the first round of a sampled fit plays: a floor on any pricing's.
pub fn first_round(roster: &Roster, fair: Fair) -> u64 {
    (FIRST_ROUND + EXTRA_BATTLES) * pairs(roster.names.len(), fair).len() as u64
}

/// The pairs a fairness needs played, x < y.
pub fn pairs(n: usize, fair: Fair) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|x| (x + 1..n).map(move |y| (x, y)))
        .filter(|&(x, y)| match fair {
            Fair::Mean => true,
            Fair::Against(r) => x == r || y == r,
        })
        .collect()
}

/// Solves `f(l) = 0.5` for a decreasing `f` on `lo..=hi` by bisection: the root, or
/// which end it is beyond.
fn bisect(
    lo: f64,
    hi: f64,
    f: &mut dyn FnMut(f64) -> Result<f64, Refusal>,
) -> Result<Result<f64, Uneven>, Refusal> {
    if f(hi)? > 0.5 {
        return Ok(Err(Uneven::WinsAtAnyCost));
    }
    if f(lo)? < 0.5 {
        return Ok(Err(Uneven::LosesAtAnyCost));
    }
    let (mut lo, mut hi) = (lo, hi);
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if f(mid)? >= 0.5 {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo < 1e-12 {
            break;
        }
    }
    Ok(Ok(0.5 * (lo + hi)))
}

/// Solves every unit's log-cost but the reference's, in turn until none moves, given
/// `score(x, y, lx, ly)`: x's score against y at those log-costs.
fn solve(
    roster: &Roster,
    fair: Fair,
    reference: usize,
    start: &[f64],
    score: &mut dyn FnMut(usize, usize, f64, f64) -> Result<f64, Refusal>,
) -> Result<Solved, Refusal> {
    let n = start.len();
    let mut l = start.to_vec();
    let mut uneven = vec![None; n];
    let mut settled = false;
    for _sweep in 0..60 {
        let mut moved: f64 = 0.0;
        for x in (0..n).filter(|&x| x != reference) {
            let (lo, hi) = range(roster, x);
            // A unit no cost makes even is left out of the others' balance: against it
            // every unit wins (or loses) whatever its price.
            let others: Vec<usize> = opponents(n, x, fair)
                .into_iter()
                .filter(|&y| uneven[y].is_none())
                .collect();
            if others.is_empty() {
                continue;
            }
            let l_now = l.clone();
            let mut f = |lx: f64| -> Result<f64, Refusal> {
                let mut sum = 0.0;
                for &y in &others {
                    sum += score(x, y, lx, l_now[y])?;
                }
                Ok(sum / others.len() as f64)
            };
            let root = bisect(lo, hi, &mut f)?;
            let new = match root {
                Ok(v) => {
                    uneven[x] = None;
                    v
                }
                Err(why) => {
                    uneven[x] = Some(why);
                    if why == Uneven::WinsAtAnyCost { hi } else { lo }
                }
            };
            moved = moved.max((new - l[x]).abs());
            l[x] = new;
        }
        if moved < 1e-10 || matches!(fair, Fair::Against(_)) {
            settled = true;
            break;
        }
    }
    Ok(Solved { l, uneven, settled })
}

/// Solved log-costs, the units no cost makes even, and whether the sweeps settled (the
/// units in turn may go round a counter cycle without settling).
struct Solved {
    l: Vec<f64>,
    uneven: Vec<Option<Uneven>>,
    settled: bool,
}

/// The score of x against y from odds: its wins and half its draws.
pub fn score(o: &Odds) -> f64 {
    o.win + 0.5 * o.draw
}

/// Prices the roster: fitted costs with their intervals. The reference keeps its cost
/// exactly (not through its logarithm).
pub fn price(
    roster: &Roster,
    fair: Fair,
    reference: usize,
    precision: f64,
    max_battles: u64,
    cancel: &AtomicBool,
) -> Result<Prices, Refusal> {
    let mut p = fit_prices(roster, fair, reference, precision, max_battles, cancel)?;
    let c = roster.costs[reference];
    p.costs[reference] = c;
    p.intervals[reference] = (c, c);
    Ok(p)
}

fn fit_prices(
    roster: &Roster,
    fair: Fair,
    reference: usize,
    precision: f64,
    max_battles: u64,
    cancel: &AtomicBool,
) -> Result<Prices, Refusal> {
    let n = roster.names.len();
    let start: Vec<f64> = roster.costs.iter().map(|c| c.ln()).collect();
    if roster.exact() {
        let mut battles = 0;
        let mut exact = |x: usize, y: usize, lx: f64, ly: f64| -> Result<f64, Refusal> {
            let o = odds(roster, x, y, lx.exp(), ly.exp(), 1, 0, cancel)?
                .ok_or_else(|| Refusal::new("cancelled"))?;
            battles += o.battles;
            Ok(score(&o))
        };
        let Solved { l, uneven, settled } = match solve(roster, fair, reference, &start, &mut exact)
        {
            Ok(v) => v,
            Err(_) if cancel.load(Ordering::Relaxed) => {
                return Ok(unfinished(roster, battles, 0));
            }
            Err(e) => return Err(e),
        };
        let costs: Vec<f64> = l.iter().map(|v| v.exp()).collect();
        let intervals = (0..n)
            .map(|u| match uneven[u] {
                Some(_) => searched(roster, u),
                None => (costs[u], costs[u]),
            })
            .collect();
        return Ok(Prices {
            intervals,
            costs,
            uneven,
            battles,
            rounds: 1,
            reached: settled,
            complete: true,
        });
    }
    let mut points: Vec<Vec<Point>> = vec![Vec::new(); n * n];
    let needed = pairs(n, fair);
    let mut l = start.clone();
    let mut trials = FIRST_ROUND;
    let (mut battles, mut rounds, mut stream) = (0u64, 0u32, 0u64);
    let mut last: Option<Prices> = None;
    loop {
        let round_cost = (trials + EXTRA_BATTLES) * needed.len() as u64;
        if battles + round_cost > max_battles && rounds > 0 {
            break;
        }
        // Every pair at the current costs, in parallel, each on streams of its own; each
        // round has fresh streams, so that the points a curve is fitted to are
        // independent.
        let played: Vec<Result<Option<Odds>, Refusal>> = needed
            .par_iter()
            .enumerate()
            .map(|(k, &(x, y))| {
                let first = stream + k as u64 * STREAMS;
                odds(roster, x, y, l[x].exp(), l[y].exp(), trials, first, cancel)
            })
            .collect();
        for (&(x, y), o) in needed.iter().zip(played) {
            let Some(o) = o? else {
                let mut p = last.unwrap_or_else(|| unfinished(roster, battles, rounds));
                (p.battles, p.complete) = (battles, false);
                return Ok(p);
            };
            battles += o.battles;
            let s = score(&o);
            let weight = (s * (1.0 - s)).max(0.25 / o.battles as f64) / o.se.max(1e-9).powi(2);
            points[x * n + y].push(Point {
                u: l[y] - l[x],
                score: s,
                weight,
            });
        }
        rounds += 1;
        stream += needed.len() as u64 * STREAMS;
        let curves: Vec<Option<Curve>> = (0..n * n)
            .map(|k| (!points[k].is_empty()).then(|| fit(&points[k])))
            .collect();
        let curve = |x: usize, y: usize| -> Curve {
            if x < y {
                curves[x * n + y].expect("a needed pair")
            } else {
                curves[y * n + x].expect("a needed pair").flipped()
            }
        };
        let mut model = |x: usize, y: usize, lx: f64, ly: f64| Ok(curve(x, y).score(ly - lx));
        let Solved {
            l: next, uneven, ..
        } = solve(roster, fair, reference, &l, &mut model)?;
        let intervals = intervals(roster, fair, reference, &next, &uneven, &curve);
        // How far the costs that can be made even moved in this round.
        let moved = (0..n)
            .filter(|&u| uneven[u].is_none())
            .map(|u| (next[u] - l[u]).abs())
            .fold(0.0, f64::max);
        let within = known(&intervals, &next, &uneven, precision);
        l = next.clone();
        last = Some(finished(next, uneven, intervals, battles, rounds, true));
        if within && moved <= precision / 2.0 {
            break;
        }
        trials *= 2;
    }
    let mut p = last.expect("one round at least");
    let l: Vec<f64> = p.costs.iter().map(|c| c.ln()).collect();
    p.reached = known(&p.intervals, &l, &p.uneven, precision);
    p.battles = battles;
    Ok(p)
}

/// Whether every cost that can be made even is known to `precision` (relative).
fn known(intervals: &[(f64, f64)], l: &[f64], uneven: &[Option<Uneven>], precision: f64) -> bool {
    intervals
        .iter()
        .zip(l)
        .zip(uneven)
        .filter(|(_, u)| u.is_none())
        .all(|((&(lo, hi), &l), _)| (hi / l.exp() - 1.0).max(1.0 - lo / l.exp()) <= precision)
}

/// The costs searched for unit `u`: where a unit no cost makes even may lie.
fn searched(roster: &Roster, u: usize) -> (f64, f64) {
    let (lo, hi) = range(roster, u);
    (lo.exp(), hi.exp())
}

fn finished(
    l: Vec<f64>,
    uneven: Vec<Option<Uneven>>,
    intervals: Vec<(f64, f64)>,
    battles: u64,
    rounds: u32,
    complete: bool,
) -> Prices {
    Prices {
        costs: l.iter().map(|v| v.exp()).collect(),
        intervals,
        uneven,
        battles,
        rounds,
        reached: false,
        complete,
    }
}

/// A pricing cancelled before its first round ended: the starting costs, unfitted.
fn unfinished(roster: &Roster, battles: u64, rounds: u32) -> Prices {
    Prices {
        costs: roster.costs.clone(),
        intervals: (0..roster.costs.len())
            .map(|u| searched(roster, u))
            .collect(),
        uneven: vec![None; roster.costs.len()],
        battles,
        rounds,
        reached: false,
        complete: false,
    }
}

/// Each cost's 95% interval from the curves (delta method): the standard error of the
/// unit's balanced score, over how fast that score moves with its log-cost.
fn intervals(
    roster: &Roster,
    fair: Fair,
    reference: usize,
    l: &[f64],
    uneven: &[Option<Uneven>],
    curve: &dyn Fn(usize, usize) -> Curve,
) -> Vec<(f64, f64)> {
    let n = l.len();
    (0..n)
        .map(|x| {
            let c = l[x].exp();
            if x == reference {
                return (c, c);
            }
            if uneven[x].is_some() {
                return searched(roster, x);
            }
            let (mut var, mut slope) = (0.0, 0.0);
            let others: Vec<usize> = opponents(n, x, fair)
                .into_iter()
                .filter(|&y| uneven[y].is_none())
                .collect();
            for &y in &others {
                let k = curve(x, y);
                let u = l[y] - l[x];
                let s = k.score(u);
                var += k.se(u).powi(2);
                slope += k.b * s * (1.0 - s);
            }
            let m = others.len().max(1) as f64;
            let se = (var.sqrt() / m) / (slope / m).abs();
            if !se.is_finite() {
                // A curve flat at the root: nothing narrows the cost within the range.
                return searched(roster, x);
            }
            let half = 1.96 * se;
            (c * (-half).exp(), c * half.exp())
        })
        .collect()
}

/// The units whose scores a fairness balances unit `x` against.
fn opponents(n: usize, x: usize, fair: Fair) -> Vec<usize> {
    match fair {
        Fair::Mean => (0..n).filter(|&y| y != x).collect(),
        Fair::Against(r) => vec![r],
    }
}
