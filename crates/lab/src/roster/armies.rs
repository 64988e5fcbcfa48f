//! Mixed armies, and the search for the one that breaks the prices. An army is a count
//! of each unit whose cost is within the budget and that is full: it cannot buy one
//! more of the roster's cheapest unit (a designer's army spends its points). Its
//! fighters are listed in roster order, each unit's in a block, so the same army always
//! fights the same way (targeting that goes by list order meets the roster's first
//! unit first).
//!
//! The search plays every candidate army against a field (every single-unit army at the
//! same budget) and keeps the best, as best-arm identification over noisy answers:
//! successive halving, every candidate at a few battles against each field army, the
//! better half at twice the battles, until the top armies are left, all on common random
//! numbers (a round's battles against a field army, in an order, draw the same stream
//! for every candidate). A minions roster's battles are exact: each is played once.

use std::sync::atomic::AtomicBool;

use fray::request::Refusal;

use super::answer::{ArmyScore, ArmySearch, InArmy, Versus};
use super::fight::{Fight, Scored};
use super::file::{ArmyRules, Roster};
use super::play::Counted;

/// The most candidate armies a search starts from: more is refused before any battle.
pub const MAX_CANDIDATES: usize = 20_000;

/// The most partial armies the enumeration looks at: a minimum spend few armies reach
/// can leave most of those within the budget unkept, so the walk, not only what it
/// keeps, is bounded.
const MAX_VISITED: u64 = 10_000_000;

/// The battles a candidate plays against each field army in the first round.
const FIRST_BATTLES: u64 = 16;

/// About how many fights a batch holds: each names its two armies, so a round of many
/// candidates is played in batches.
const BATCH: usize = 16_384;

/// The streams of the search, apart from every matchup's.
const SEARCH_STREAMS: u64 = 1 << 48;

pub use super::fight::Counts;

/// Every army of `costs` within `budget` that `rules` allow: each unit's count within
/// its limits (and at most `most`), and the budget spent to `rules.min_spend`, or, without
/// one, full: no unit below its limit is cheap enough to buy one more. Refused past
/// [`MAX_CANDIDATES`], and when no army fits.
pub fn compositions(
    costs: &[f64],
    budget: f64,
    most: u32,
    rules: &ArmyRules,
) -> Result<Vec<Counts>, Refusal> {
    let limit = |u: usize| {
        let (lo, hi) = rules.limits.get(u).copied().unwrap_or((0, u32::MAX));
        (lo, hi.min(most))
    };
    let mut out = Vec::new();
    let mut counts = vec![0u32; costs.len()];
    let fits = |counts: &Counts, left: f64| {
        if counts.iter().all(|&c| c == 0) {
            return false;
        }
        match rules.min_spend {
            Some(share) => budget - left >= share * budget - 1e-9,
            None => (0..costs.len()).all(|u| counts[u] >= limit(u).1 || costs[u] > left + 1e-9),
        }
    };
    #[allow(clippy::too_many_arguments)]
    fn fill(
        unit: usize,
        left: f64,
        costs: &[f64],
        limit: &dyn Fn(usize) -> (u32, u32),
        fits: &dyn Fn(&Counts, f64) -> bool,
        counts: &mut Counts,
        out: &mut Vec<Counts>,
        visited: &mut u64,
    ) -> Result<(), Refusal> {
        *visited += 1;
        if *visited > MAX_VISITED {
            return Err(Refusal::new(format!(
                "the armies within the budget are too many to look through ({MAX_VISITED} partial armies): lower the budget, raise the costs or limit the units ([armies] in the roster)"
            )));
        }
        if unit == costs.len() {
            if fits(counts, left) {
                if out.len() == MAX_CANDIDATES {
                    return Err(Refusal::new(format!(
                        "more than {MAX_CANDIDATES} armies fit the budget: lower the budget, raise the costs or limit the units ([armies] in the roster)"
                    )));
                }
                out.push(counts.clone());
            }
            return Ok(());
        }
        let (lo, hi) = limit(unit);
        let can = ((left + 1e-9) / costs[unit]).floor().min(f64::from(hi)) as u32;
        for n in (lo..=can).rev() {
            counts[unit] = n;
            fill(
                unit + 1,
                left - f64::from(n) * costs[unit],
                costs,
                limit,
                fits,
                counts,
                out,
                visited,
            )?;
        }
        counts[unit] = 0;
        Ok(())
    }
    let mut visited = 0;
    fill(
        0,
        budget,
        costs,
        &limit,
        &fits,
        &mut counts,
        &mut out,
        &mut visited,
    )?;
    if out.is_empty() {
        return Err(Refusal::new(format!(
            "no army fits a budget of {budget} at these costs within the roster's [armies] limits and minimum spend"
        )));
    }
    Ok(out)
}

/// One army of the field, by name, and the whole armies it is played as, each with its
/// share of the battles against it.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldArmy {
    /// Its name: a named army's, or its unit's.
    pub name: String,
    /// The whole armies it is, each with its share (summing to one).
    pub parts: Vec<(Counts, f64)>,
}

/// The field: the roster's named armies (`[[armies.field]]`), or else each unit's army
/// alone at the budget. A unit whose cost does not divide the budget fields the mixture
/// of the two whole armies around it, as a matchup of the pricing plays it (60 points
/// at 10.8 a unit is 5 units in 44% of battles and 6 in 56%), so the field is the armies
/// the prices were fitted for, each worth the whole budget; a part of no units is left
/// out (a unit dearer than the budget fields one of it). With `whole_field` it is the
/// most whole units the budget buys, what a player can field, its points left unspent.
pub fn field(roster: &Roster, costs: &[f64]) -> Vec<FieldArmy> {
    if !roster.armies.field.is_empty() {
        return roster
            .armies
            .field
            .iter()
            .map(|(name, counts)| FieldArmy {
                name: name.clone(),
                parts: vec![(counts.clone(), 1.0)],
            })
            .collect();
    }
    let most = super::matchup::max_army(roster);
    (0..costs.len())
        .map(|u| {
            let army = |n: u32| {
                let mut c = vec![0; costs.len()];
                c[u] = n;
                c
            };
            let mut sizes = super::matchup::sizes(roster.budget, costs[u]);
            if roster.armies.whole_field {
                sizes = [(sizes[0].0, 1.0), (sizes[1].0, 0.0)];
            }
            let mut parts: Vec<(Counts, f64)> = sizes
                .iter()
                .filter(|(n, share)| *n > 0 && *n <= most && *share > 1e-9)
                .map(|&(n, share)| (army(n), share))
                .collect();
            let total: f64 = parts.iter().map(|p| p.1).sum();
            if parts.is_empty() {
                parts.push((army(sizes[0].0.clamp(1, most)), 1.0));
            } else {
                parts.iter_mut().for_each(|p| p.1 /= total);
            }
            FieldArmy {
                name: roster.names[u].clone(),
                parts,
            }
        })
        .collect()
}

/// A candidate's battles so far against each part of the field (each whole army a
/// field army is played as).
#[derive(Debug, Clone)]
struct Candidate {
    army: Counts,
    against: Vec<Scored>,
}

/// One whole army of the field: the field army it is part of, its counts, and its
/// weight in the score (the field army's weight times its share).
struct Part {
    of: usize,
    army: Counts,
    share: f64,
    weight: f64,
}

impl Candidate {
    /// Its score against the field: the weighted mean of its scores against each part.
    fn score(&self, parts: &[Part]) -> f64 {
        self.against
            .iter()
            .zip(parts)
            .map(|(s, p)| p.weight * s.mean())
            .sum()
    }

    /// The standard error of that score (the parts are played apart: stratified).
    fn se(&self, parts: &[Part], exact: bool) -> f64 {
        let v: f64 = self
            .against
            .iter()
            .zip(parts)
            .map(|(s, p)| p.weight * p.weight * s.variance(exact))
            .sum();
        v.sqrt()
    }

    /// Its score against field army `f`, and that score's standard error.
    fn versus(&self, parts: &[Part], f: usize, exact: bool) -> (f64, f64) {
        let (mut mean, mut var) = (0.0, 0.0);
        for (s, p) in self.against.iter().zip(parts).filter(|(_, p)| p.of == f) {
            mean += p.share * s.mean();
            var += p.share * p.share * s.variance(exact);
        }
        (mean, var.sqrt())
    }
}

/// The battles a part of share `share` gets when a field army gets `battles`: its share
/// of them, at least one each way.
fn part_battles(battles: u64, share: f64) -> u64 {
    ((battles as f64 * share).round() as u64).max(2)
}

/// The battles a search plans at most, before any is played: each round's candidates,
/// against every field army, at that round's battles; exact, one play each way.
pub fn planned(candidates: usize, field: usize, top: usize, exact: bool) -> u64 {
    // A field army is at most two whole armies, each played its share of the battles
    // rounded, at least one each way, and in whole pairs: at most 4 more than its
    // share.
    let (f, mut n) = (field as u64, candidates as u64);
    if exact {
        return n.saturating_mul(f).saturating_mul(4);
    }
    let mut battles = FIRST_BATTLES;
    let mut total = 0u64;
    loop {
        let each = f.saturating_mul(battles.saturating_add(8));
        total = total.saturating_add(n.saturating_mul(each));
        if n <= top as u64 {
            return total;
        }
        n = (n / 2).max(top as u64);
        battles = battles.saturating_mul(2);
    }
}

/// Finds the `top` armies of `roster` at `costs` with the best score against the field,
/// on the current rayon pool; `progress` is told the battles played. The score is the
/// mean over the field's armies, or weighted by `weights` (one a field army, such as the
/// equilibrium mix; a field army of weight 0 is not played). None when cancelled.
pub fn search(
    roster: &Roster,
    costs: &[f64],
    top: usize,
    weights: Option<&[f64]>,
    player: &Counted,
    cancel: &AtomicBool,
) -> Result<Option<ArmySearch>, Refusal> {
    let plan = Plan {
        top,
        first: FIRST_BATTLES,
        halve: true,
    };
    played_out(roster, costs, plan, weights, player, cancel)
}

/// Every army of `roster` at `costs`, each played `battles` times against each field
/// army, best first: what the search saves playing (its check: the search's best is the
/// best of these, within the intervals, at a fraction of the battles).
pub fn every_army(
    roster: &Roster,
    costs: &[f64],
    battles: u64,
    player: &Counted,
    cancel: &AtomicBool,
) -> Result<Option<ArmySearch>, Refusal> {
    let plan = Plan {
        top: usize::MAX,
        first: battles,
        halve: false,
    };
    played_out(roster, costs, plan, None, player, cancel)
}

/// How a search plays: the armies it keeps, the battles a field army in its first
/// round, and whether it halves its armies and doubles their battles each round after.
#[derive(Debug, Clone, Copy)]
struct Plan {
    top: usize,
    first: u64,
    halve: bool,
}

fn played_out(
    roster: &Roster,
    costs: &[f64],
    plan: Plan,
    weights: Option<&[f64]>,
    player: &Counted,
    cancel: &AtomicBool,
) -> Result<Option<ArmySearch>, Refusal> {
    let top = plan.top;
    let most = super::matchup::max_army(roster);
    let all = compositions(costs, roster.budget, most, &roster.armies)?;
    let whole = field(roster, costs);
    let kind = if !roster.armies.field.is_empty() {
        "named"
    } else if weights.is_some() {
        "equilibrium"
    } else {
        "units"
    };
    let given: Vec<f64> = match weights {
        Some(w) if w.len() == whole.len() => w.iter().map(|x| x.max(0.0)).collect(),
        _ => vec![1.0; whole.len()],
    };
    let total: f64 = given.iter().sum();
    if total.is_nan() || total <= 0.0 {
        return Err(Refusal::new(
            "the field's weights are all 0: nothing to play against",
        ));
    }
    let (field, weights): (Vec<_>, Vec<f64>) = whole
        .into_iter()
        .zip(given)
        .filter(|(_, w)| *w > 0.0)
        .map(|(f, w)| (f, w / total))
        .unzip();
    let parts: Vec<Part> = field
        .iter()
        .zip(&weights)
        .enumerate()
        .flat_map(|(of, (f, w))| {
            f.parts.iter().map(move |(army, share)| Part {
                of,
                army: army.clone(),
                share: *share,
                weight: w * share,
            })
        })
        .collect();
    let exact = roster.exact();
    let mut alive: Vec<Candidate> = all
        .iter()
        .map(|a| Candidate {
            army: a.clone(),
            against: vec![Scored::default(); parts.len()],
        })
        .collect();
    let count = alive.len();
    let mut battles = if exact { 1 } else { plan.first };
    let mut played = 0u64;
    let mut per_army = 0u64;
    let mut round = 0u64;
    loop {
        // The round's fights, every candidate against every part, in batches of about
        // BATCH fights (so a batch's memory is bounded whatever the candidates): played
        // here or on a cluster, each on its own streams.
        let stream = SEARCH_STREAMS + round * 2 * parts.len() as u64;
        for slice in alive.chunks_mut((BATCH / parts.len()).max(1)) {
            let fights: Vec<Fight> = slice
                .iter()
                .flat_map(|c| {
                    parts.iter().enumerate().map(move |(k, p)| Fight {
                        a: c.army.clone(),
                        b: p.army.clone(),
                        trials: part_battles(battles, p.share),
                        stream: stream + 2 * k as u64,
                    })
                })
                .collect();
            let Some(got) = player.fight(roster, &fights, cancel)? else {
                return Ok(None);
            };
            for (c, got) in slice.iter_mut().zip(got.chunks(parts.len())) {
                for (a, g) in c.against.iter_mut().zip(got) {
                    played += g.battles;
                    a.add(*g);
                }
            }
        }
        per_army += if exact { 2 } else { battles.div_ceil(2) * 2 };
        alive.sort_by(|x, y| y.score(&parts).total_cmp(&x.score(&parts)));
        if exact || !plan.halve || alive.len() <= top {
            break;
        }
        alive.truncate((alive.len() / 2).max(top));
        battles *= 2;
        round += 1;
    }
    alive.truncate(top);
    let names = &roster.names;
    let armies = alive
        .iter()
        .map(|c| {
            let se = c.se(&parts, exact);
            let versus = field
                .iter()
                .enumerate()
                .map(|(f, army)| {
                    let (score, se) = c.versus(&parts, f, exact);
                    let half = 1.959_963_984_540_054 * se;
                    Versus {
                        against: army.name.clone(),
                        score,
                        low: (score - half).max(0.0),
                        high: (score + half).min(1.0),
                    }
                })
                .collect();
            ArmyScore {
                units: c
                    .army
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| **n > 0)
                    .map(|(u, &n)| InArmy {
                        unit: names[u].clone(),
                        count: n,
                    })
                    .collect(),
                cost: c
                    .army
                    .iter()
                    .zip(costs)
                    .map(|(&n, c)| f64::from(n) * c)
                    .sum(),
                score: c.score(&parts),
                low: (c.score(&parts) - 1.959_963_984_540_054 * se).max(0.0),
                high: (c.score(&parts) + 1.959_963_984_540_054 * se).min(1.0),
                versus,
            }
        })
        .collect();
    Ok(Some(ArmySearch {
        units: names.clone(),
        costs: costs.to_vec(),
        field: field.iter().map(|f| f.name.clone()).collect(),
        kind: kind.to_string(),
        weights,
        candidates: count as u64,
        battles: played,
        per_army,
        exact,
        armies,
    }))
}
