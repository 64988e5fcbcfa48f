//! One matchup: unit x's army against unit y's, each as many as the budget buys at its
//! cost. A fractional count is rounded at random, the fraction being the chance of the
//! larger army (12.4 is 12 in 60% of battles and 13 in 40%), so the win chance moves
//! continuously with the cost: it is the mixture of the (at most four) whole-count
//! battles, weighted. Both orders of who is side a are played, half the battles each.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use fray::minions::{Battle as MinionsBattle, Group};
use fray::pool::Army;
use fray::request::Refusal;
use fray::rng::SeededRolls;
use fray::trace::NoTrace;
use serde::{Deserialize, Serialize};

use super::file::{Roster, Units};
use crate::systems::BattleSystem;
use crate::systems::pool::Pool;
use crate::tally::Tally;

/// One matchup to play: unit `x`'s army against unit `y`'s at costs `cx` and `cy`, about
/// `trials` battles on the streams from `stream` (see [`odds`]). [`Job::check`] refuses
/// one that names no pair of the roster's units.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Job {
    /// The first unit (its index in the roster).
    pub x: usize,
    /// The second unit.
    pub y: usize,
    /// The first unit's cost.
    pub cx: f64,
    /// The second unit's cost.
    pub cy: f64,
    /// About how many battles to play (one, exact, for a minions roster).
    pub trials: u64,
    /// The first of the matchup's streams.
    pub stream: u64,
}

/// The most battles one job may ask for: a pricing's cap.
pub const MAX_JOB_TRIALS: u64 = 1_000_000_000;

impl Job {
    /// Refuses a job that could not come from a pricing of `roster`: a unit it lacks,
    /// a unit against itself, a cost that is not a positive number, or more battles
    /// than a pricing may play.
    pub fn check(&self, roster: &Roster) -> Result<(), Refusal> {
        let n = roster.names.len();
        let positive = |c: f64| c.is_finite() && c > 0.0;
        if self.x >= n || self.y >= n || self.x == self.y {
            return Err(Refusal::new(format!(
                "a matchup of units {} and {}: the roster has {n} units, and a unit meets another",
                self.x, self.y
            )));
        }
        if !(positive(self.cx) && positive(self.cy)) {
            return Err(Refusal::new(format!(
                "a matchup at costs {} and {}: a cost is a positive number",
                self.cx, self.cy
            )));
        }
        if self.trials == 0 || self.trials > MAX_JOB_TRIALS {
            return Err(Refusal::new(format!(
                "a matchup of {} battles: from 1 to {MAX_JOB_TRIALS}",
                self.trials
            )));
        }
        Ok(())
    }
}

/// The odds of x's army against y's.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Odds {
    /// P(x's army wins).
    pub win: f64,
    /// P(neither wins).
    pub draw: f64,
    /// The standard error of x's score, its win chance with draws counting half (0 when
    /// exact).
    pub se: f64,
    /// Battles played for it.
    pub battles: u64,
}

/// The most battles a matchup plays beyond the number asked: each of its (at most eight)
/// whole-count battles is played at least once.
pub const EXTRA_BATTLES: u64 = 8;

/// How many streams one matchup uses from its first: one for each count and order.
pub const STREAMS: u64 = 8;

/// The two whole army sizes a budget buys at a cost, each with its chance.
pub fn sizes(budget: f64, cost: f64) -> [(u32, f64); 2] {
    let n = budget / cost;
    let floor = n.floor();
    let frac = n - floor;
    let floor = floor.min(f64::from(u32::MAX - 1)) as u32;
    [(floor, 1.0 - frac), (floor + 1, frac)]
}

/// The most of one unit an army may field in the roster's system.
pub fn max_army(roster: &Roster) -> u32 {
    match roster.units {
        Units::Pool { .. } => fray::pool::scenario::MAX_COMBATANTS,
        Units::Minions { .. } => fray::minions::scenario::MAX_MINIONS,
    }
}

/// A unit of a roster, copied into an army as its `k`-th fighter ("Pikeman 3").
pub trait Fighter: Clone {
    /// This unit, named as its `k`-th fighter.
    fn numbered(&self, k: u32) -> Self;
}

impl Fighter for fray::pool::Combatant {
    fn numbered(&self, k: u32) -> Self {
        Self {
            name: format!("{} {k}", self.name),
            ..self.clone()
        }
    }
}

impl Fighter for fray::minions::Minion {
    fn numbered(&self, k: u32) -> Self {
        Self {
            name: format!("{} {k}", self.name),
            ..self.clone()
        }
    }
}

/// An army's fighters: `n` of unit `u` for each `(u, n)`, in that order, each unit's
/// numbered from 1.
pub fn fighters<T: Fighter>(units: &[T], counts: impl IntoIterator<Item = (usize, u32)>) -> Vec<T> {
    counts
        .into_iter()
        .flat_map(|(u, n)| (1..=n).map(move |k| units[u].numbered(k)))
        .collect()
}

/// The outcome of one whole-count battle with `i` of x (side a when `x_first`) and `j`
/// of y, or None when it must be played.
fn settled(i: u32, j: u32) -> Option<(f64, f64)> {
    match (i, j) {
        (0, 0) => Some((0.0, 1.0)),
        (0, _) => Some((0.0, 0.0)),
        (_, 0) => Some((1.0, 0.0)),
        _ => None,
    }
}

/// P(x wins) and P(draw) of `i` of unit x against `j` of unit y, x side a when
/// `x_first`; `trials` battles on stream `stream` (sampled systems), or the one
/// exact play (minions). None when cancelled.
#[allow(clippy::too_many_arguments)]
fn battle(
    roster: &Roster,
    (x, i): (usize, u32),
    (y, j): (usize, u32),
    x_first: bool,
    trials: u64,
    stream: u64,
    cancel: &AtomicBool,
) -> Result<Option<(f64, f64, u64)>, Refusal> {
    if let Some((w, d)) = settled(i, j) {
        return Ok(Some((w, d, 0)));
    }
    let ((first, n), (second, m)) = if x_first {
        ((x, i), (y, j))
    } else {
        ((y, j), (x, i))
    };
    match &roster.units {
        Units::Minions { rules, units } => {
            let group = |u: usize, n: u32| Group {
                name: roster.names[u].clone(),
                minions: fighters(units, [(u, n)]),
            };
            let Some(winner) = minions_winner(rules, [group(first, n), group(second, m)], cancel)?
            else {
                return Ok(None);
            };
            let x_side = if x_first {
                fray::minions::Side::A
            } else {
                fray::minions::Side::B
            };
            let win = f64::from(u8::from(winner == Some(x_side)));
            let draw = f64::from(u8::from(winner.is_none()));
            Ok(Some((win, draw, 1)))
        }
        Units::Pool { settings, units } => {
            let army = |u: usize, n: u32| Army {
                name: roster.names[u].clone(),
                combatants: fighters(units, [(u, n)]),
                advantage: 0,
                disadvantage: 0,
            };
            let Some(t) = pool_battles(
                roster,
                settings,
                [army(first, n), army(second, m)],
                trials,
                stream,
                cancel,
            )?
            else {
                return Ok(None);
            };
            if cancel.load(Ordering::Relaxed) || t.trials == 0 {
                return Ok(None);
            }
            let x_wins = t.wins[usize::from(!x_first)];
            let n = t.trials as f64;
            Ok(Some((x_wins as f64 / n, t.draws as f64 / n, t.trials)))
        }
    }
}

/// The one play of a minions battle of `groups` (side a first) under `rules`: its
/// winner, if any, once its work is checked; None when cancelled.
pub(super) fn minions_winner(
    rules: &fray::minions::Rules,
    [a, b]: [Group; 2],
    cancel: &AtomicBool,
) -> Result<Option<Option<fray::minions::Side>>, Refusal> {
    let battle = MinionsBattle {
        rules: *rules,
        a,
        b,
        spells: Vec::new(),
    };
    fray::minions::check_work(&battle).map_err(|e| Refusal::new(e.to_string()))?;
    if cancel.load(Ordering::Relaxed) {
        return Ok(None);
    }
    Ok(Some(fray::minions::play(&battle, &mut NoTrace).winner))
}

/// `trials` pool battles of `armies` (side a first) with the roster's round limit,
/// counted: the pool system's own trial, on a stream of the battle's own (no chunk to
/// round up to, and the same numbers on any thread count). None when cancelled.
pub(super) fn pool_battles(
    roster: &Roster,
    settings: &fray::pool::scenario::Settings,
    [a, b]: [Army; 2],
    trials: u64,
    stream: u64,
    cancel: &AtomicBool,
) -> Result<Option<Tally>, Refusal> {
    let battle = fray::pool::scenario::battle_of(settings, a, b, roster.max_rounds)
        .map_err(|e| Refusal::new(e.to_string()))?;
    let mut rolls = SeededRolls::with_stream(roster.seed, stream);
    let (mut kept, mut t) = (Default::default(), Tally::default());
    for _ in 0..trials {
        if !Pool::trial(
            &battle,
            roster.max_rounds,
            &mut rolls,
            &mut kept,
            &mut t,
            cancel,
        ) {
            return Ok(None);
        }
    }
    Ok(Some(t))
}

/// Exact battles already played, by who fights with how many and who is side a: an
/// exact pricing's bisections ask for the same whole counts again and again (every cost
/// between two whole armies mixes the same two battles), and each is played once.
#[derive(Debug, Default)]
pub struct Played(HashMap<Fought, (f64, f64)>);

/// One whole-count battle, the unit listed first in the roster named first: that unit
/// and its count, the other and its count, and whether the first is side a.
type Fought = (usize, u32, usize, u32, bool);

impl Played {
    /// P(x wins) and P(draw) of `i` of x against `j` of y, if played (as x against y or
    /// as y against x: the same battle).
    fn get(&self, (x, i): (usize, u32), (y, j): (usize, u32), x_first: bool) -> Option<(f64, f64)> {
        if x < y {
            self.0.get(&(x, i, y, j, x_first)).copied()
        } else {
            let (w, d) = *self.0.get(&(y, j, x, i, !x_first))?;
            Some(((1.0 - w - d).max(0.0), d))
        }
    }

    /// Keeps x's odds against y.
    fn put(
        &mut self,
        (x, i): (usize, u32),
        (y, j): (usize, u32),
        x_first: bool,
        (w, d): (f64, f64),
    ) {
        if x < y {
            self.0.insert((x, i, y, j, x_first), (w, d));
        } else {
            self.0
                .insert((y, j, x, i, !x_first), ((1.0 - w - d).max(0.0), d));
        }
    }
}

/// The odds of the job's x's army against its y's at its costs, about its `trials`
/// battles in all, on [`STREAMS`] streams from its `stream` (one for each count and
/// order), so that two calls given the same first stream draw the same numbers: the
/// pricing's two matrices do, their pairs compared on common random numbers. None when
/// cancelled.
pub fn odds(roster: &Roster, job: &Job, cancel: &AtomicBool) -> Result<Option<Odds>, Refusal> {
    odds_with(roster, job, None, cancel)
}

/// [`odds`] of an exact roster, each whole-count battle taken from `played` when it was
/// played before (its `battles` count only those played now).
pub fn exact_odds(
    roster: &Roster,
    job: &Job,
    played: &mut Played,
    cancel: &AtomicBool,
) -> Result<Option<Odds>, Refusal> {
    odds_with(roster, job, roster.exact().then_some(played), cancel)
}

fn odds_with(
    roster: &Roster,
    job: &Job,
    mut memo: Option<&mut Played>,
    cancel: &AtomicBool,
) -> Result<Option<Odds>, Refusal> {
    let Job {
        x,
        y,
        cx,
        cy,
        trials,
        stream,
    } = *job;
    let max = max_army(roster);
    for (u, c) in [(x, cx), (y, cy)] {
        let n = roster.budget / c;
        if n >= f64::from(max) {
            return Err(Refusal::new(format!(
                "{} at cost {c} makes an army of {n:.1}: at most {max} a side; raise its cost or lower the budget",
                roster.names[u]
            )));
        }
    }
    let (mut win, mut draw, mut var, mut battles) = (0.0, 0.0, 0.0, 0);
    for (ci, (i, wi)) in sizes(roster.budget, cx).into_iter().enumerate() {
        for (cj, (j, wj)) in sizes(roster.budget, cy).into_iter().enumerate() {
            let w = wi * wj;
            if w <= 0.0 {
                continue;
            }
            for x_first in [true, false] {
                // Battles in proportion to the weight, at least one.
                let n = ((trials as f64 * w / 2.0).round() as u64).max(1);
                let s = stream + (ci as u64 * 2 + cj as u64) * 2 + u64::from(!x_first);
                let known = memo.as_ref().and_then(|m| m.get((x, i), (y, j), x_first));
                let (p, d, played) = match known {
                    Some((p, d)) => (p, d, 0),
                    None => {
                        let Some(b) = battle(roster, (x, i), (y, j), x_first, n, s, cancel)? else {
                            return Ok(None);
                        };
                        if let Some(m) = memo.as_mut() {
                            m.put((x, i), (y, j), x_first, (b.0, b.1));
                        }
                        b
                    }
                };
                let share = w / 2.0;
                win += share * p;
                draw += share * d;
                if !roster.exact() && played > 0 {
                    // A battle scores 1, ½ or 0: its variance, kept above that of one
                    // battle in 2n won so a count with no loss still has some.
                    let n = played as f64;
                    let score = p + d / 2.0;
                    let spread = (p + d / 4.0 - score * score).max(0.25 / n);
                    var += share * share * spread / n;
                }
                battles += played;
            }
        }
    }
    Ok(Some(Odds {
        win,
        draw,
        se: var.sqrt(),
        battles,
    }))
}
