//! Prices that survive the army search (`fair = "armies"`): minimax pricing. Starting
//! from the costs fair for single-unit armies, each round searches for the strongest
//! mixed army (with a fresh seed), raises the cost of the units the best armies spend
//! most on, and lowers the cost of a unit whose own army they beat more than the rest
//! (the field's weak spot), by how far the best army is from even, each round's step
//! smaller than the last; until no army found beats the field by more than its
//! interval and [`GOOD_ENOUGH`], or the rounds run out. The prices kept are those of
//! the round whose best army came nearest even, judged by a last search with a seed no
//! round used.
//!
//! What it guarantees, and what it does not: the best army a search can find at the
//! final prices, with a seed the rounds never used, is reported with its interval; the
//! prices are no proof that no army anywhere does better (the search keeps the best of
//! what it plays), and a round's step is a heuristic, not a solver of the game.

use std::sync::atomic::AtomicBool;

use fray::math;
use fray::request::Refusal;

use super::answer::{ArmiesFair, ArmyScore, FairRound};
use super::armies::search;
use super::file::Roster;
use super::play::Counted;

/// How close to even (in score) the best army must come: within its interval and this.
pub const GOOD_ENOUGH: f64 = 0.02;

/// The most rounds of searching and repricing.
pub const MAX_ROUNDS: u32 = 8;

/// How far one round moves a cost: its log moves by this times the best army's excess
/// score times how much more than an even share of the top armies' spending it takes.
const STEP: f64 = 3.0;

/// How far one round moves the cost of a unit whose army the top armies beat more than
/// the rest: its log moves down by this times the difference.
const FIELD_STEP: f64 = 0.3;

/// The top armies each round's step reads.
const TOP: usize = 5;

/// Each unit's share of what `a` spends, at `costs`, in roster order.
fn spending(r: &Roster, a: &ArmyScore, costs: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; costs.len()];
    for u in &a.units {
        if let Some(i) = r.unit(&u.unit) {
            out[i] = f64::from(u.count) * costs[i];
        }
    }
    let total: f64 = out.iter().sum();
    out.iter()
        .map(|s| s / total.max(f64::MIN_POSITIVE))
        .collect()
}

/// Prices `r` so that the strongest army a search finds is as near even against the
/// field as the rounds allow, from `start` (the costs fair for single-unit armies), the
/// unit `reference` keeping its cost. None when cancelled.
pub fn fair_armies(
    r: &Roster,
    start: &[f64],
    reference: usize,
    player: &Counted,
    cancel: &AtomicBool,
) -> Result<Option<ArmiesFair>, Refusal> {
    let n = start.len();
    let mut costs = start.to_vec();
    let mut rounds = Vec::new();
    let mut battles = 0u64;
    let mut reached = false;
    let mut kept = (f64::INFINITY, costs.clone());
    for k in 0..MAX_ROUNDS {
        let mut fresh = r.clone();
        fresh.seed = r.seed.wrapping_add(u64::from(k) + 1);
        let found = match search(&fresh, &costs, TOP, None, player, cancel) {
            Ok(Some(found)) => found,
            Ok(None) => return Ok(None),
            // A round whose prices admit no search (too many armies) ends the rounds;
            // the first round's is the search's own refusal.
            Err(e) if rounds.is_empty() => return Err(e),
            Err(_) => break,
        };
        battles += found.battles;
        let best = found.armies[0].clone();
        let excess = best.score - 0.5;
        if best.score < kept.0 {
            kept = (best.score, costs.clone());
        }
        rounds.push(FairRound {
            costs: costs.clone(),
            best: best.clone(),
        });
        if best.low - 0.5 <= GOOD_ENOUGH {
            // The prices kept are the ones that reached it.
            kept = (best.score, costs.clone());
            reached = true;
            break;
        }
        // The top armies' spending, each weighted by how far it beats the field, and how
        // far they beat each field army (a unit's army alone): a unit they lean on is
        // underpriced; a unit whose own army they beat more than the rest is overpriced
        // (its army is the field's weak spot, which raising others' costs would widen).
        let mut usage = vec![0.0; n];
        let mut beaten = vec![0.0; n];
        let mut weight = 0.0;
        for a in &found.armies {
            let w = (a.score - 0.5).max(0.0);
            for (u, s) in spending(r, a, &costs).iter().enumerate() {
                usage[u] += w * s;
            }
            for v in &a.versus {
                if let Some(u) = r.unit(&v.against) {
                    beaten[u] += w * (v.score - 0.5);
                }
            }
            weight += w;
        }
        let weight = weight.max(f64::MIN_POSITIVE);
        let damping = 1.0 / (1.0 + f64::from(k) / 2.0);
        for (u, cost) in costs.iter_mut().enumerate() {
            let over = usage[u] / weight * n as f64 - 1.0;
            let weak = beaten[u] / weight - excess;
            *cost *= math::exp(damping * (STEP * excess * over / n as f64 - FIELD_STEP * weak));
        }
        let keep = start[reference] / costs[reference];
        // Within half to twice the single-unit fair cost, and never so cheap that the
        // budget buys more than an army may field: every army stays one the systems
        // accept, and within the bound counted before the work.
        let least = r.budget / f64::from(super::matchup::max_army(r).saturating_sub(1).max(1));
        for (c, s) in costs.iter_mut().zip(start) {
            *c = (*c * keep).clamp(s / 2.0, s * 2.0).max(least);
        }
    }
    // The prices of the round whose best army came nearest even, judged by a search
    // with a seed no round used.
    let costs = kept.1;
    let mut judge = r.clone();
    judge.seed = r.seed.wrapping_add(u64::from(MAX_ROUNDS) + 1);
    let Some(after) = search(&judge, &costs, TOP, None, player, cancel)? else {
        return Ok(None);
    };
    battles += after.battles;
    Ok(Some(ArmiesFair {
        costs,
        reached,
        rounds,
        after: after.armies[0].clone(),
        battles,
    }))
}
