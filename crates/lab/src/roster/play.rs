//! Where a pricing's matchups and an army search's fights are played. A pricing asks for
//! its matchups in batches (a matrix, a round of the fit), each matchup a [`Job`] that
//! names everything it needs: its two units, their costs, its battles and its first
//! random stream; a search asks for its fights ([`Fight`]: two armies, battles, stream)
//! the same way. So a batch can be played anywhere that has the roster, here on every
//! core ([`Local`]) or as Ray tasks (the Python package's `executor="ray"`), and gives
//! the same odds wherever it runs.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use fray::request::Refusal;
use rayon::prelude::*;

use super::fight::{Fight, Scored, fight};
use super::file::Roster;
use super::matchup::{Job, Odds, odds};

/// Plays batches of matchups.
pub trait Player: Sync {
    /// Each job's odds, in the jobs' order, or None when cancelled. `done` is told the
    /// battles played as they finish (each job's, or a share's at a time).
    fn play(
        &self,
        roster: &Roster,
        jobs: &[Job],
        done: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Odds>>, Refusal>;

    /// Each fight's score, in the fights' order, or None when cancelled; `done` as for
    /// [`Player::play`]. Played here unless the player plays elsewhere.
    fn fight(
        &self,
        roster: &Roster,
        fights: &[Fight],
        done: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Scored>>, Refusal> {
        play_fights(roster, fights, done, cancel)
    }
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
    in_parallel(jobs, |j| odds(roster, j, cancel), |o| o.battles, done)
}

/// The fights played here in parallel: what [`Local`] plays, and what one Ray task plays
/// of a search's batch split over a cluster.
pub fn play_fights(
    roster: &Roster,
    fights: &[Fight],
    done: &(dyn Fn(u64) + Sync),
    cancel: &AtomicBool,
) -> Result<Option<Vec<Scored>>, Refusal> {
    in_parallel(fights, |f| fight(roster, f, cancel), |s| s.battles, done)
}

/// Each of `work` played by `play` on the current thread pool, in order, `done` told
/// each one's `battles` as it finishes; None if any was cancelled.
fn in_parallel<J: Sync, O: Send>(
    work: &[J],
    play: impl Fn(&J) -> Result<Option<O>, Refusal> + Sync,
    battles: impl Fn(&O) -> u64 + Sync,
    done: &(dyn Fn(u64) + Sync),
) -> Result<Option<Vec<O>>, Refusal> {
    let played: Vec<Result<Option<O>, Refusal>> = work
        .par_iter()
        .map(|j| {
            let o = play(j)?;
            if let Some(o) = &o {
                done(battles(o));
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

    /// The batch's odds, counted, or None once cancelled (before the batch, or while it
    /// was played). Odds from a player elsewhere are checked: one a job, each a chance,
    /// and a sampled matchup played at least once.
    pub fn play(
        &self,
        roster: &Roster,
        jobs: &[Job],
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Odds>>, Refusal> {
        let chance = |p: f64| (-1e-9..=1.0 + 1e-9).contains(&p);
        let sane = |o: &Odds| {
            chance(o.win)
                && chance(o.draw)
                && o.win + o.draw <= 1.0 + 1e-9
                && o.se.is_finite()
                && o.se >= 0.0
                && (roster.exact() || o.battles > 0)
        };
        let words = (
            "odds",
            "matchups",
            "odds that are not chances of a matchup played",
        );
        self.checked(jobs.len(), words, sane, cancel, |done| {
            self.player.play(roster, jobs, done, cancel)
        })
    }

    /// The fights' scores, counted, or None once cancelled; scores from a player
    /// elsewhere are checked as odds are: one a fight, each from battles played, its
    /// sums within them.
    pub fn fight(
        &self,
        roster: &Roster,
        fights: &[Fight],
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Scored>>, Refusal> {
        let sane = |s: &Scored| {
            let n = s.battles as f64;
            let within = |x: f64| x.is_finite() && (-1e-9..=n + 1e-9).contains(&x);
            s.battles > 0 && within(s.sum) && within(s.squares) && s.squares <= s.sum + 1e-9
        };
        let words = ("scores", "fights", "a score that is not a fight's played");
        self.checked(fights.len(), words, sane, cancel, |done| {
            self.player.fight(roster, fights, done, cancel)
        })
    }

    /// A batch of `asked` played by `play` (told the battles as they finish), or None
    /// once cancelled, before it or while it was played; refused when the player gave
    /// another count of answers, or one that is not `sane` (`words`: what the answers
    /// and the asked are called, and what an answer not sane is).
    fn checked<T: std::fmt::Debug>(
        &self,
        asked: usize,
        (answers, things, insane): (&str, &str, &str),
        sane: impl Fn(&T) -> bool,
        cancel: &AtomicBool,
        play: impl FnOnce(&(dyn Fn(u64) + Sync)) -> Result<Option<Vec<T>>, Refusal>,
    ) -> Result<Option<Vec<T>>, Refusal> {
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let Some(got) = play(&|n| self.add(n))? else {
            return Ok(None);
        };
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        if got.len() != asked {
            return Err(Refusal::new(format!(
                "the player gave {} {answers} for {asked} {things}",
                got.len()
            )));
        }
        if let Some(bad) = got.iter().find(|g| !sane(g)) {
            return Err(Refusal::new(format!("the player gave {insane}: {bad:?}")));
        }
        Ok(Some(got))
    }

    /// Counts `n` battles played outside a batch (an exact pricing's, one at a time).
    pub fn add(&self, n: u64) {
        if n == 0 {
            return;
        }
        let before = self
            .total
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |t| {
                Some(t.saturating_add(n))
            })
            .unwrap_or_else(|t| t);
        (self.progress)(before.saturating_add(n));
    }
}
