//! One army against another: the unit of work of the army search
//! ([`super::armies`]). A [`Fight`] names both armies, its battles and its first
//! random stream, so it scores the same wherever it is played: here, or in a Ray task.

use std::sync::atomic::AtomicBool;

use fray::minions::Group;
use fray::pool::Army as PoolArmy;
use fray::request::Refusal;
use serde::{Deserialize, Serialize};

use super::file::{Roster, Units};
use super::matchup::{MAX_JOB_TRIALS, fighters, minions_winner, pool_battles};

/// An army: how many of each unit, in roster order.
pub type Counts = Vec<u32>;

/// What one army scored against another: battles, and the sums of its scores (a win 1,
/// a draw one half) and of their squares.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Scored {
    /// Battles played (an exact one counts once each way).
    pub battles: u64,
    /// The sum of the first army's scores.
    pub sum: f64,
    /// The sum of their squares.
    pub squares: f64,
}

impl Scored {
    /// Adds another's battles.
    pub fn add(&mut self, other: Scored) {
        self.battles += other.battles;
        self.sum += other.sum;
        self.squares += other.squares;
    }

    /// The first army's mean score (one half before any battle).
    pub fn mean(&self) -> f64 {
        if self.battles == 0 {
            0.5
        } else {
            self.sum / self.battles as f64
        }
    }

    /// The variance of the mean (none when `exact`: each battle is the only outcome
    /// it has).
    pub fn variance(&self, exact: bool) -> f64 {
        if exact || self.battles < 2 {
            return 0.0;
        }
        let n = self.battles as f64;
        let m = self.mean();
        ((self.squares / n - m * m).max(0.0)) / (n - 1.0)
    }
}

/// One army against another, `trials` battles (half with each as side a) on the streams
/// from `stream` (one for each order): the unit of an army search's work. It names all
/// it needs, so it scores the same wherever it is played ([`super::play::Player`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fight {
    /// The first army: its count of each unit, in roster order.
    pub a: Counts,
    /// The second army.
    pub b: Counts,
    /// About how many battles (rounded up to one each way; once each way, exact, for a
    /// minions roster).
    pub trials: u64,
    /// The first of its two streams.
    pub stream: u64,
}

impl Fight {
    /// Refuses a fight that could not come from a search of `roster`: an army of
    /// another roster's length, an empty one or one larger than its system fields, or
    /// more battles than a job may ask for; before any fighter is made.
    pub fn check(&self, roster: &Roster) -> Result<(), Refusal> {
        let n = roster.names.len();
        let most = u64::from(super::matchup::max_army(roster));
        for army in [&self.a, &self.b] {
            let size: u64 = army.iter().map(|&c| u64::from(c)).sum();
            if army.len() != n || size == 0 || size > most {
                return Err(Refusal::new(format!(
                    "a fight with an army of {size} fighters in {} units: the roster has {n} units, and an army fields 1 to {most}",
                    army.len()
                )));
            }
        }
        if self.trials == 0 || self.trials > MAX_JOB_TRIALS {
            return Err(Refusal::new(format!(
                "a fight of {} battles: from 1 to {MAX_JOB_TRIALS}",
                self.trials
            )));
        }
        Ok(())
    }
}

/// The fight played: `trials` battles of its army `a` against `b`, half with each as
/// side a, on its two streams; one exact play each way for minions. None when
/// cancelled.
pub fn fight(roster: &Roster, job: &Fight, cancel: &AtomicBool) -> Result<Option<Scored>, Refusal> {
    let (a, b, trials, stream) = (&job.a[..], &job.b[..], job.trials, job.stream);
    let mut scored = Scored::default();
    for a_first in [true, false] {
        let (first, second) = if a_first { (a, b) } else { (b, a) };
        match &roster.units {
            Units::Minions { rules, units } => {
                let group = |counts: &[u32], name: &str| Group {
                    name: name.to_string(),
                    minions: fighters(units, counts.iter().copied().enumerate()),
                };
                let groups = [group(first, "a"), group(second, "b")];
                let Some(winner) = minions_winner(rules, groups, cancel)? else {
                    return Ok(None);
                };
                let ours = if a_first {
                    fray::minions::Side::A
                } else {
                    fray::minions::Side::B
                };
                let s = match winner {
                    Some(w) if w == ours => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                scored.add(Scored {
                    battles: 1,
                    sum: s,
                    squares: s * s,
                });
            }
            Units::Pool { settings, units } => {
                let army = |counts: &[u32], name: &str| PoolArmy {
                    name: name.to_string(),
                    combatants: fighters(units, counts.iter().copied().enumerate()),
                    advantage: 0,
                    disadvantage: 0,
                };
                let Some(t) = pool_battles(
                    roster,
                    settings,
                    [army(first, "a"), army(second, "b")],
                    trials.div_ceil(2),
                    stream + u64::from(!a_first),
                    cancel,
                )?
                else {
                    return Ok(None);
                };
                let wins = t.wins[usize::from(!a_first)] as f64;
                let draws = t.draws as f64;
                scored.add(Scored {
                    battles: t.trials,
                    sum: wins + draws / 2.0,
                    squares: wins + draws / 4.0,
                });
            }
        }
    }
    Ok(Some(scored))
}
