//! Where a pricing's matchups are played. A pricing asks for its matchups in batches (a
//! matrix, a round of the fit), each matchup a [`Job`] that names everything it needs:
//! its two units, their costs, its battles and its first random stream. So a batch can
//! be played anywhere that has the roster, here on every core ([`Local`]) or as Ray tasks
//! (the Python package's `executor="ray"`), and gives the same odds wherever it runs.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use fray::request::Refusal;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::file::Roster;
use super::matchup::{Odds, odds};

/// One matchup to play: unit `x`'s army against unit `y`'s at costs `cx` and `cy`, about
/// `trials` battles on the streams from `stream` (see [`odds`]).
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

/// Plays batches of matchups.
pub trait Player: Sync {
    /// Each job's odds, in the jobs' order, or None when cancelled. `done` is called with
    /// the battles of each job as it finishes.
    fn play(
        &self,
        roster: &Roster,
        jobs: &[Job],
        done: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Odds>>, Refusal>;
}

/// Plays every batch here, its jobs in parallel on the current thread pool.
#[derive(Debug, Clone, Copy, Default)]
pub struct Local;

impl Player for Local {
    fn play(
        &self,
        roster: &Roster,
        jobs: &[Job],
        done: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Odds>>, Refusal> {
        play_jobs(roster, jobs, done, cancel)
    }
}

/// The jobs played here in parallel: what [`Local`] plays, and what one Ray task plays
/// of a batch split over a cluster.
pub fn play_jobs(
    roster: &Roster,
    jobs: &[Job],
    done: &(dyn Fn(u64) + Sync),
    cancel: &AtomicBool,
) -> Result<Option<Vec<Odds>>, Refusal> {
    let played: Vec<Result<Option<Odds>, Refusal>> = jobs
        .par_iter()
        .map(|j| {
            let o = odds(roster, j, cancel)?;
            if let Some(o) = &o {
                done(o.battles);
            }
            Ok(o)
        })
        .collect();
    played.into_iter().collect()
}

/// A player with the pricing's progress: the battles of every job finished so far go to
/// `progress` as a running total.
pub struct Counted<'a> {
    player: &'a dyn Player,
    progress: &'a (dyn Fn(u64) + Sync),
    total: AtomicU64,
}

impl<'a> Counted<'a> {
    /// `player`, its battles counted to `progress`.
    pub fn new(player: &'a dyn Player, progress: &'a (dyn Fn(u64) + Sync)) -> Self {
        Counted {
            player,
            progress,
            total: AtomicU64::new(0),
        }
    }

    /// The batch's odds, counted.
    pub fn play(
        &self,
        roster: &Roster,
        jobs: &[Job],
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Odds>>, Refusal> {
        let played = self.player.play(roster, jobs, &|n| self.add(n), cancel)?;
        match played {
            Some(odds) if odds.len() != jobs.len() => Err(Refusal::new(format!(
                "the player gave {} odds for {} matchups",
                odds.len(),
                jobs.len()
            ))),
            played => Ok(played),
        }
    }

    /// Counts `n` battles played outside a batch (an exact pricing's, one at a time).
    pub fn add(&self, n: u64) {
        (self.progress)(self.total.fetch_add(n, Ordering::Relaxed) + n);
    }
}
