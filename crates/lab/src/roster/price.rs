//! Fair costs: each unit's cost moved until its army scores 50% (a draw counting half)
//! against the roster at equal budget (`mean`: its mean score against every other unit)
//! or against one unit (`against`), the reference unit keeping its cost.
//!
//! Exact rosters (minions) are solved on their exact odds: a bisection on each unit's
//! log-cost, the units in turn until none moves (by 1e-8), each whole-count battle of
//! the solve played once. Sampled rosters are played in
//! rounds: every pair needed is played at the current costs, each round on fresh random
//! streams (so that the points a curve is fitted to are independent; common random
//! numbers across rounds would make a cost tried again add nothing); a logistic curve
//! per pair is fitted to the points of the last rounds ([`super::fit`],
//! [`RECENT_ROUNDS`]), the costs solved on the
//! curves, and the next round played at the solved costs with twice the battles, until
//! every cost's 95% interval is within the precision and the costs have stopped moving,
//! or the battle cap is reached. A unit no cost makes even counts for neither: its
//! interval is the range searched.

use std::sync::atomic::AtomicBool;

use fray::request::Refusal;

use super::file::Roster;
use super::fit::{Curve, Point, fit};
use super::matchup::Job;
use super::matchup::{EXTRA_BATTLES, Odds, Played, STREAMS, exact_odds, max_army};
use super::play::Counted;
use fray::math;

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

/// How far from its starting cost a unit's cost is searched: a factor of 16 either way,
/// within what the system's army sizes allow. It bounds the largest army a pricing can
/// field (a sixteenth of the cheapest starting cost buys 16 times its army), and so what
/// a battle costs before any is played; a starting cost more than 16 times off says so
/// (the unit wins or loses at any cost searched).
pub const SEARCH: f64 = 16.0;

/// The rounds whose points a pair's curve is fitted to: the last three, seven eighths of
/// the battles (each round plays twice the last's), all near the fair cost. A logistic
/// curve is a local model of a score: fitted to every round's points, the first rounds',
/// far from the fair cost, pulled its root off (the bundled pool roster's Skirmisher,
/// priced up from 4 to 7.3, by 1.1 standard errors, so its interval held the cost in 72%
/// of 40 seeds).
pub const RECENT_ROUNDS: usize = 3;

/// The most sweeps through the units a pricing's solve makes (each sweep solves every
/// unit in turn against the others' costs).
pub const SWEEPS: u32 = 30;
/// Where the solve has settled: no log-cost moved more than this in a sweep (a relative
/// change of a cost of 1e-8).
const SETTLED: f64 = 1e-8;
/// The Newton steps a solve takes on every cost at once when sweeping one unit at a time
/// has not settled (the units in turn can chase one another round a cycle of counters).
pub const NEWTON_STEPS: u32 = 20;
/// The most times a Newton step is halved to bring the balance closer.
const HALVINGS: u32 = 30;
/// Where Newton's balance is reached: every unit's mean score within this of one half.
const BALANCED: f64 = 1e-9;
/// The step in log-cost of the balance's derivative by finite differences.
const DERIVATIVE_STEP: f64 = 1e-7;
/// The width in log-cost at which a bisection stops.
const BISECTED: f64 = 1e-10;

/// The log-cost range searched for unit `u`.
fn range(roster: &Roster, u: usize) -> (f64, f64) {
    let c = roster.costs[u];
    // Below this cost the army would outgrow its system's bound.
    let lowest = roster.budget / f64::from(max_army(roster) - 1);
    (math::ln((c / SEARCH).max(lowest)), math::ln(c * SEARCH))
}

/// The most battles an exact pricing's solve plays, before any: for each sweep, unit
/// and opponent, one bisection, each step a mixture of at most 8 whole-count battles
/// (two counts a side, both orders). Battles are played once ([`super::matchup::Played`]),
/// and once the bracket is narrower than one whole count's span of log-cost (`1/(N+1)`
/// for armies of at most N) its midpoints fall among counts already played, so only the
/// first `log2(width × (N+1))` steps and the two ends can play new ones.
pub fn exact_bound(roster: &Roster, fair: Fair, reference: usize) -> u64 {
    let n = roster.names.len();
    let per_sweep: u64 = (0..n)
        .filter(|&x| x != reference)
        .map(|x| {
            let (lo, hi) = range(roster, x);
            let width = hi - lo;
            let steps = 2.0 + math::log2(width / BISECTED).ceil();
            let largest = roster.budget / math::exp(lo) + 1.0;
            let new = 3.0 + math::log2(width * (largest + 1.0)).ceil().max(0.0);
            let battles = 8 * steps.min(new) as u64;
            opponents(n, x, fair).len() as u64 * battles
        })
        .sum();
    // Against one unit, every other is solved once: one sweep, and no Newton steps.
    match fair {
        Fair::Mean => per_sweep * u64::from(SWEEPS) + newton_bound(n),
        Fair::Against(_) => per_sweep,
    }
}

/// The most battles the Newton steps of a solve may play: each step evaluates the
/// balance once, once more per unknown cost for its derivative, and up to
/// [`HALVINGS`] + 1 times along its line; each evaluation plays every pair, each a
/// mixture of at most 8 whole-count battles.
fn newton_bound(n: usize) -> u64 {
    let n = n as u64;
    u64::from(NEWTON_STEPS) * (n + 2 + u64::from(HALVINGS)) * n * n.saturating_sub(1) * 8
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

/// A score, or None when the pricing was cancelled before it was known.
type Scored = Result<Option<f64>, Refusal>;

/// Solves `f(l) = 0.5` for a decreasing `f` on `lo..=hi` by bisection: the root, or
/// which end it is beyond; None when cancelled.
fn bisect(
    lo: f64,
    hi: f64,
    f: &mut dyn FnMut(f64) -> Scored,
) -> Result<Option<Result<f64, Uneven>>, Refusal> {
    let Some(at_hi) = f(hi)? else { return Ok(None) };
    if at_hi > 0.5 {
        return Ok(Some(Err(Uneven::WinsAtAnyCost)));
    }
    let Some(at_lo) = f(lo)? else { return Ok(None) };
    if at_lo < 0.5 {
        return Ok(Some(Err(Uneven::LosesAtAnyCost)));
    }
    let (mut lo, mut hi) = (lo, hi);
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        let Some(at_mid) = f(mid)? else {
            return Ok(None);
        };
        if at_mid >= 0.5 {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo < BISECTED {
            break;
        }
    }
    Ok(Some(Ok(0.5 * (lo + hi))))
}

/// Solves every unit's log-cost but the reference's, in turn until none moves, given
/// `score(x, y, lx, ly)`: x's score against y at those log-costs. Cancelled part-way,
/// the costs of the last sweep through the units that finished.
fn solve(
    roster: &Roster,
    fair: Fair,
    reference: usize,
    start: &[f64],
    score: &mut dyn FnMut(usize, usize, f64, f64) -> Scored,
) -> Result<Solved, Refusal> {
    let n = start.len();
    let mut l = start.to_vec();
    let mut uneven = vec![None; n];
    let mut settled = false;
    for _sweep in 0..SWEEPS {
        let mut moved: f64 = 0.0;
        let before = Solved {
            l: l.clone(),
            uneven: uneven.clone(),
            settled: false,
            complete: false,
            off: None,
        };
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
            let mut f = |lx: f64| -> Scored {
                let mut sum = 0.0;
                for &y in &others {
                    let Some(s) = score(x, y, lx, l_now[y])? else {
                        return Ok(None);
                    };
                    sum += s;
                }
                Ok(Some(sum / others.len() as f64))
            };
            let Some(root) = bisect(lo, hi, &mut f)? else {
                return Ok(before);
            };
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
        if moved < SETTLED || matches!(fair, Fair::Against(_)) {
            settled = true;
            break;
        }
    }
    let mut off = None;
    if !settled {
        let Some(left) = newton(roster, fair, reference, &mut l, &uneven, score)? else {
            return Ok(Solved {
                l,
                uneven,
                settled: false,
                complete: false,
                off: None,
            });
        };
        settled = left.is_none();
        off = left;
    }
    Ok(Solved {
        l,
        uneven,
        settled,
        complete: true,
        off,
    })
}

/// Each unit's balance in `unknown` (its mean score against its opponents, less one
/// half) at the log-costs `l`; None when cancelled.
fn balance(
    n: usize,
    fair: Fair,
    l: &[f64],
    unknown: &[usize],
    uneven: &[Option<Uneven>],
    score: &mut dyn FnMut(usize, usize, f64, f64) -> Scored,
) -> Result<Option<Vec<f64>>, Refusal> {
    let mut f = Vec::with_capacity(unknown.len());
    for &x in unknown {
        let others: Vec<usize> = opponents(n, x, fair)
            .into_iter()
            .filter(|&y| uneven[y].is_none())
            .collect();
        let mut sum = 0.0;
        for &y in &others {
            let Some(s) = score(x, y, l[x], l[y])? else {
                return Ok(None);
            };
            sum += s;
        }
        f.push(sum / others.len().max(1) as f64 - 0.5);
    }
    Ok(Some(f))
}

/// Newton's method on every cost at once, from where the sweeps left them: the
/// balance's derivative by finite differences, each step halved until it brings the
/// balance closer, costs kept within their searched ranges. None when every unit was
/// brought within [`BALANCED`] of even (or its last step fell below [`SETTLED`]); else,
/// for each unit, how far in log-cost its last full step put the root (infinite where
/// no step could be taken); an error of None when cancelled.
fn newton(
    roster: &Roster,
    fair: Fair,
    reference: usize,
    l: &mut [f64],
    uneven: &[Option<Uneven>],
    score: &mut dyn FnMut(usize, usize, f64, f64) -> Scored,
) -> Result<Option<Option<Vec<f64>>>, Refusal> {
    let n = l.len();
    let unknown: Vec<usize> = (0..n)
        .filter(|&x| x != reference && uneven[x].is_none())
        .collect();
    let k = unknown.len();
    let worst = |f: &[f64]| f.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    // The merit a step must lower: the Newton step is a descent direction for it.
    let squares = |f: &[f64]| f.iter().map(|v| v * v).sum::<f64>();
    let Some(mut f) = balance(n, fair, l, &unknown, uneven, score)? else {
        return Ok(None);
    };
    let mut off = vec![f64::INFINITY; n];
    for _ in 0..NEWTON_STEPS {
        if worst(&f) <= BALANCED {
            return Ok(Some(None));
        }
        let mut jac = vec![0.0; k * k];
        for (j, &z) in unknown.iter().enumerate() {
            let mut moved = l.to_vec();
            moved[z] += DERIVATIVE_STEP;
            let Some(g) = balance(n, fair, &moved, &unknown, uneven, score)? else {
                return Ok(None);
            };
            for i in 0..k {
                jac[i * k + j] = (g[i] - f[i]) / DERIVATIVE_STEP;
            }
        }
        let minus_f: Vec<f64> = f.iter().map(|v| -v).collect();
        let Some(step) = solve_columns(&jac, &minus_f, k, 1) else {
            return Ok(Some(Some(vec![f64::INFINITY; n])));
        };
        for (i, &x) in unknown.iter().enumerate() {
            off[x] = step[i].abs();
        }
        let mut t = 1.0;
        let mut improved = None;
        for _ in 0..=HALVINGS {
            let mut next = l.to_vec();
            for (i, &x) in unknown.iter().enumerate() {
                let (lo, hi) = range(roster, x);
                next[x] = (l[x] + t * step[i]).clamp(lo, hi);
            }
            let Some(g) = balance(n, fair, &next, &unknown, uneven, score)? else {
                return Ok(None);
            };
            if squares(&g) < squares(&f) {
                improved = Some((next, g));
                break;
            }
            t /= 2.0;
        }
        let Some((next, g)) = improved else {
            return Ok(Some(Some(off)));
        };
        let moved = unknown
            .iter()
            .map(|&x| (next[x] - l[x]).abs())
            .fold(0.0, f64::max);
        l.copy_from_slice(&next);
        f = g;
        if moved < SETTLED {
            return Ok(Some(None));
        }
    }
    Ok(Some((worst(&f) > BALANCED).then_some(off)))
}

/// Solved log-costs, the units no cost makes even, whether the solve settled (the units
/// in turn may go round a counter cycle without settling, and Newton's steps may fail to
/// bring every balance to even), whether it ran to the end (not cancelled), and, when it
/// did not settle, how far in log-cost each unit's root may still be.
struct Solved {
    l: Vec<f64>,
    uneven: Vec<Option<Uneven>>,
    settled: bool,
    complete: bool,
    off: Option<Vec<f64>>,
}

/// The score of x against y from odds: its wins and half its draws.
pub fn score(o: &Odds) -> f64 {
    o.win + 0.5 * o.draw
}

/// How closely to price, and with how many battles at most.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Goal {
    /// What a fair cost balances.
    pub fair: Fair,
    /// The unit that keeps its cost.
    pub reference: usize,
    /// The relative half-width of each fitted cost's 95% interval to reach.
    pub precision: f64,
    /// The cap on the fit's battles (sampled rosters).
    pub max_battles: u64,
}

/// Prices the roster: fitted costs with their intervals, the matchups played by
/// `player`. The reference keeps its cost exactly (not through its logarithm).
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use fray_lab::roster::play::{Counted, Local};
/// use fray_lab::roster::price::{Fair, Goal, price};
/// let roster = fray_lab::roster::parse_roster(fray_lab::roster::request::EXAMPLES[1].2).unwrap();
/// let goal = Goal { fair: Fair::Mean, reference: 0, precision: 0.02, max_battles: 1_000_000 };
/// let p = price(&roster, goal, &Counted::new(&Local, &|_| {}), &AtomicBool::new(false)).unwrap();
/// assert_eq!(p.costs[0], roster.costs[0]); // the reference keeps its cost
/// assert!(p.complete);
/// ```
pub fn price(
    roster: &Roster,
    goal: Goal,
    player: &Counted,
    cancel: &AtomicBool,
) -> Result<Prices, Refusal> {
    let reference = goal.reference;
    let mut p = fit_prices(roster, goal, player, cancel)?;
    let c = roster.costs[reference];
    p.costs[reference] = c;
    p.intervals[reference] = (c, c);
    Ok(p)
}

fn fit_prices(
    roster: &Roster,
    goal: Goal,
    player: &Counted,
    cancel: &AtomicBool,
) -> Result<Prices, Refusal> {
    let Goal {
        fair,
        reference,
        precision,
        max_battles,
    } = goal;
    let n = roster.names.len();
    let start: Vec<f64> = roster.costs.iter().map(|&c| math::ln(c)).collect();
    if roster.exact() {
        // One battle at a time, each bisection step waiting on the last: played here.
        let mut battles = 0;
        let mut played = Played::default();
        let mut exact = |x: usize, y: usize, lx: f64, ly: f64| -> Scored {
            let job = Job {
                x,
                y,
                cx: math::exp(lx),
                cy: math::exp(ly),
                trials: 1,
                stream: 0,
            };
            let Some(o) = exact_odds(roster, &job, &mut played, cancel)? else {
                return Ok(None);
            };
            battles += o.battles;
            player.add(o.battles);
            Ok(Some(score(&o)))
        };
        let Solved {
            l,
            uneven,
            settled,
            complete,
            off,
        } = solve(roster, fair, reference, &start, &mut exact)?;
        let costs: Vec<f64> = l.iter().map(|&v| math::exp(v)).collect();
        // Cancelled, a cost is the last whole sweep's, not a root: its range is the one
        // searched. Unsettled, the root is as far as the last Newton step put it.
        let intervals = (0..n)
            .map(|u| match (uneven[u], &off) {
                (None, None) if complete => (costs[u], costs[u]),
                (None, Some(off)) if complete && off[u].is_finite() => {
                    (costs[u] * math::exp(-off[u]), costs[u] * math::exp(off[u]))
                }
                _ => searched(roster, u),
            })
            .collect();
        return Ok(Prices {
            intervals,
            costs,
            uneven,
            battles,
            rounds: 1,
            reached: settled,
            complete,
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
        let jobs: Vec<Job> = needed
            .iter()
            .enumerate()
            .map(|(k, &(x, y))| Job {
                x,
                y,
                cx: math::exp(l[x]),
                cy: math::exp(l[y]),
                trials,
                stream: stream + k as u64 * STREAMS,
            })
            .collect();
        let Some(played) = player.play(roster, &jobs, cancel)? else {
            let mut p = last.unwrap_or_else(|| unfinished(roster, battles, rounds));
            (p.battles, p.complete) = (battles, false);
            return Ok(p);
        };
        for (&(x, y), o) in needed.iter().zip(played) {
            battles += o.battles;
            let s = score(&o);
            let weight = (s * (1.0 - s)).max(0.25 / o.battles as f64) / o.se.max(1e-9).powi(2);
            points[x * n + y].push(Point {
                u: l[y] - l[x],
                score: s,
                weight,
            });
            let pair = &mut points[x * n + y];
            if pair.len() > RECENT_ROUNDS {
                pair.remove(0);
            }
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
        let mut model = |x: usize, y: usize, lx: f64, ly: f64| Ok(Some(curve(x, y).score(ly - lx)));
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
    let l: Vec<f64> = p.costs.iter().map(|&c| math::ln(c)).collect();
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
        .all(|((&(lo, hi), &l), _)| {
            (hi / math::exp(l) - 1.0).max(1.0 - lo / math::exp(l)) <= precision
        })
}

/// The costs searched for unit `u`: where a unit no cost makes even may lie.
fn searched(roster: &Roster, u: usize) -> (f64, f64) {
    let (lo, hi) = range(roster, u);
    (math::exp(lo), math::exp(hi))
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
        costs: l.iter().map(|&v| math::exp(v)).collect(),
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

/// Each cost's 95% interval from the curves (delta method on the whole balance): the
/// fitted costs solve F(l) = 0, where F_x is unit x's mean score over its opponents less
/// one half; a curve's error moves F_x and, with the other sign, F_y, and every unit's
/// cost moves the others' balance. So the costs' covariance is J⁻¹ Σ J⁻ᵀ, J the
/// derivative of F in the unknown log-costs and Σ the covariance of the curves' errors
/// in F. Taking only x's own curves at the others' costs, as if those were known, left
/// out the others' uncertainty: intervals 1.3 times too narrow on the bundled roster.
fn intervals(
    roster: &Roster,
    fair: Fair,
    reference: usize,
    l: &[f64],
    uneven: &[Option<Uneven>],
    curve: &dyn Fn(usize, usize) -> Curve,
) -> Vec<(f64, f64)> {
    let n = l.len();
    // The costs solved for, in order: every unit but the reference and the uneven.
    let unknown: Vec<usize> = (0..n)
        .filter(|&x| x != reference && uneven[x].is_none())
        .collect();
    let at = |u: usize| unknown.iter().position(|&v| v == u);
    let k = unknown.len();
    let mut jac = vec![0.0; k * k];
    let mut noise = vec![0.0; k * k];
    for (i, &x) in unknown.iter().enumerate() {
        let others: Vec<usize> = opponents(n, x, fair)
            .into_iter()
            .filter(|&y| uneven[y].is_none())
            .collect();
        let m = others.len().max(1) as f64;
        for &y in &others {
            let c = curve(x, y);
            let u = l[y] - l[x];
            let s = c.score(u);
            // d score / d u, and the variance of the fitted score there.
            let g = c.b * s * (1.0 - s) / m;
            let v = c.se(u).powi(2);
            jac[i * k + i] -= g;
            noise[i * k + i] += v / (m * m);
            if let Some(j) = at(y) {
                jac[i * k + j] += g;
                // The same curve seen from y balances y with the other sign.
                if opponents(n, y, fair).contains(&x) {
                    let my = opponents(n, y, fair)
                        .into_iter()
                        .filter(|&z| uneven[z].is_none())
                        .count()
                        .max(1) as f64;
                    noise[i * k + j] -= v / (m * my);
                }
            }
        }
    }
    let variances = delta_variances(&jac, &noise, k);
    (0..n)
        .map(|x| {
            let c = math::exp(l[x]);
            if x == reference {
                return (c, c);
            }
            let Some(i) = at(x) else {
                return searched(roster, x);
            };
            let se = variances.as_ref().map_or(f64::NAN, |v| v[i].sqrt());
            if !se.is_finite() {
                // A curve flat at the root: nothing narrows the cost within the range.
                return searched(roster, x);
            }
            let half = 1.96 * se;
            (c * math::exp(-half), c * math::exp(half))
        })
        .collect()
}

/// The diagonal of J⁻¹ Σ J⁻ᵀ for `k` unknowns (row-major `jac` and `noise`), or None
/// when J is singular (a balance that no cost moves).
fn delta_variances(jac: &[f64], noise: &[f64], k: usize) -> Option<Vec<f64>> {
    // A = J⁻¹ Σ, solved column by column; then the diagonal of A J⁻ᵀ = (J⁻¹ Aᵀ)ᵀ.
    let a = solve_columns(jac, noise, k, k)?;
    let mut at = vec![0.0; k * k];
    for i in 0..k {
        for j in 0..k {
            at[j * k + i] = a[i * k + j];
        }
    }
    let b = solve_columns(jac, &at, k, k)?;
    Some((0..k).map(|i| b[i * k + i]).collect())
}

/// X with J X = B (J k × k, B k × `cols`, both row-major), by Gaussian elimination
/// with partial pivoting; None when J is singular.
fn solve_columns(jac: &[f64], rhs: &[f64], k: usize, cols: usize) -> Option<Vec<f64>> {
    let (mut m, mut x) = (jac.to_vec(), rhs.to_vec());
    for col in 0..k {
        let pivot =
            (col..k).max_by(|&r, &q| m[r * k + col].abs().total_cmp(&m[q * k + col].abs()))?;
        if m[pivot * k + col].abs() < 1e-300 || !m[pivot * k + col].is_finite() {
            return None;
        }
        for c in 0..k {
            m.swap(col * k + c, pivot * k + c);
        }
        for c in 0..cols {
            x.swap(col * cols + c, pivot * cols + c);
        }
        for r in 0..k {
            if r != col {
                let f = m[r * k + col] / m[col * k + col];
                for c in 0..k {
                    m[r * k + c] -= f * m[col * k + c];
                }
                for c in 0..cols {
                    x[r * cols + c] -= f * x[col * cols + c];
                }
            }
        }
    }
    for r in 0..k {
        let d = m[r * k + r];
        for c in 0..cols {
            x[r * cols + c] /= d;
        }
    }
    Some(x)
}

/// The units whose scores a fairness balances unit `x` against.
fn opponents(n: usize, x: usize, fair: Fair) -> Vec<usize> {
    match fair {
        Fair::Mean => (0..n).filter(|&y| y != x).collect(),
        Fair::Against(r) => vec![r],
    }
}
