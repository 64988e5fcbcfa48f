//! Playing trials: in fixed-size chunks, each with its own stream of the seeded
//! generator, on every core. Every chunk tallies integers, and tallies merge by
//! addition, so the totals are the same whatever the thread count, and memory does not
//! grow with the number of trials.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use fray::request::{Effort, Refusal};
use fray::rng::SeededRolls;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::scenario::Scenario;
use crate::systems::{BattleSystem, dispatch};
pub use crate::tally::{Tally, Trial};

/// Trials per chunk: each chunk is one stream of the seeded generator.
pub const CHUNK: u64 = 256;

/// Whether the system has no dice: one run is then the exact outcome.
pub fn deterministic(s: &Scenario) -> bool {
    s.battle.deterministic()
}

/// How many trials a run of the scenario plays: 1 for a system with no dice.
pub fn planned_trials(s: &Scenario) -> u64 {
    if deterministic(s) { 1 } else { s.trials }
}

/// The bytes of one fighter's line in a report's survivors (name apart) and of one
/// line of its rounds histogram, in the pretty JSON, rounded up.
const SURVIVOR_BYTES: u64 = 320;
const HISTOGRAM_BYTES: u64 = 48;

/// What a run of the scenario costs, before any of it: each battle may last every round
/// its stopping rule allows, touching every fighter in each (steps: battles × fighters ×
/// rounds, the most a run can take: a long battle of few fighters costs its rounds), and
/// its report lists every fighter and a histogram line for each round count seen (at
/// most the battles, at most the rounds a battle may last).
pub fn effort(s: &Scenario) -> Effort {
    let roster = s.battle.roster();
    let battles = planned_trials(s);
    let rounds = u64::from(s.max_rounds).saturating_mul(u64::from(s.battle.turns().unwrap_or(1)));
    let survivors: u64 = roster
        .iter()
        .map(|(name, ..)| SURVIVOR_BYTES + name.len() as u64)
        .sum();
    Effort {
        steps: battles
            .saturating_mul(roster.len() as u64)
            .saturating_mul(rounds.max(1)),
        answer_bytes: survivors
            .saturating_add(battles.min(rounds.saturating_add(1)) * HISTOGRAM_BYTES)
            .saturating_add(Effort::SMALL_ANSWER),
    }
}

/// How many chunks the scenario's trials make.
pub fn chunks(s: &Scenario) -> u64 {
    s.trials.div_ceil(CHUNK)
}

/// Plays every trial of the scenario on the current rayon pool, calling `progress` with
/// the trials done after each chunk.
pub fn play(s: &Scenario, progress: &(dyn Fn(u64) + Sync)) -> Tally {
    play_until(s, progress, &AtomicBool::new(false))
}

/// Like [`play`], but stops early once `cancel` is set: it is looked at before each
/// chunk, and between the rounds of a trial that can be long (see
/// [`BattleSystem::trial`]), so a run stops
/// within a round; the tally holds the trials that finished
/// (`tally.trials < planned_trials(s)` tells an interrupted run). The flag is
/// the caller's (a Ctrl-C handler, a server's deadline): the lab itself reads no signal.
pub fn play_until(s: &Scenario, progress: &(dyn Fn(u64) + Sync), cancel: &AtomicBool) -> Tally {
    if deterministic(s) {
        let mut t = Tally::default();
        if !cancel.load(Ordering::Relaxed) {
            // No dice are drawn: the stream is there because every trial takes one.
            let mut rolls = SeededRolls::with_stream(s.seed, 0);
            let done = dispatch!(&s.battle, S, b => {
                S::trial(b, s.max_rounds, &mut rolls, &mut Default::default(), &mut t, cancel)
            });
            if done {
                progress(1);
            }
        }
        return t;
    }
    play_chunks(s, 0..chunks(s), progress, cancel)
}

/// Plays the chunks `range` of the scenario (chunk `k` is trials `k·CHUNK..`, on stream
/// `k` of the seed), skipping those not yet started once `cancel` is set. Any split of
/// the chunks into ranges, merged, gives the tally of the whole run.
pub fn play_chunks(
    s: &Scenario,
    range: Range<u64>,
    progress: &(dyn Fn(u64) + Sync),
    cancel: &AtomicBool,
) -> Tally {
    let range = range.start.min(chunks(s))..range.end.min(chunks(s));
    dispatch!(&s.battle, S, b => chunks_of::<S>(s, b, range, progress, cancel))
}

/// [`play_chunks`] of a battle of system `S`: the system's state is kept from one trial
/// to the next, and from one chunk to the next on a worker (what it keeps is worked out
/// from the battle alone, so which chunks shared it changes no number).
fn chunks_of<S: BattleSystem>(
    s: &Scenario,
    battle: &S::Battle,
    range: Range<u64>,
    progress: &(dyn Fn(u64) + Sync),
    cancel: &AtomicBool,
) -> Tally {
    range
        .into_par_iter()
        .map_init(S::Kept::default, |kept, k| {
            let mut t = Tally::default();
            if cancel.load(Ordering::Relaxed) {
                return t;
            }
            let mut rolls = SeededRolls::with_stream(s.seed, k).drawing_whole();
            let n = CHUNK.min(s.trials - k * CHUNK);
            // A trial cut short by a cancel counts nothing, and ends the chunk.
            let done = S::chunk(battle, s.max_rounds, &mut rolls, kept, n, &mut t, cancel);
            progress(done);
            t
        })
        .reduce(Tally::default, Tally::merge)
}

/// Chunks per batch of a run to a precision: a batch is whole chunks (chunk `k` on
/// stream `k` of the seed, as in any run), so its trials and numbers are the same on
/// any thread count.
pub const BATCH_CHUNKS: u64 = 16;

/// The most trials a run to a precision plays when not given a cap (`--trials`): ten
/// million, about 100 times what a half-width of 0.001 needs at worst (p = 0.5).
pub const MAX_PRECISION_TRIALS: u64 = 10_000_000;

/// How a run to a precision went: the target, the trials it may play at most, and the
/// widest 95% half-width of a sampled win probability when it stopped.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Precision {
    /// The half-width asked for.
    pub target: f64,
    /// The cap on trials.
    pub cap: u64,
    /// Whether every win probability's half-width is within the target.
    pub reached: bool,
    /// The widest half-width at the end (0 when the wins are exact).
    pub half_width: f64,
}

/// The widest 95% half-width of the two sides' sampled win probabilities.
pub fn widest_half_width(t: &Tally) -> f64 {
    t.wins
        .iter()
        .map(|w| {
            let (_, low, high) = crate::stats::wilson(*w, t.trials);
            (high - low) / 2.0
        })
        .fold(0.0, f64::max)
}

/// Plays batches of [`BATCH_CHUNKS`] chunks, in order, until the 95% half-width of
/// every win probability is at most `target`, or `s.trials` (the cap) are played, or
/// `cancel` is set. The decision is taken after each whole batch only, so the same seed
/// gives the same trial count and numbers on any thread count. With `wins_exact` (a
/// duel solved exactly) the wins need no sampling: one batch is played, for the figures
/// that have no exact form.
pub fn play_to_precision(
    s: &Scenario,
    target: f64,
    wins_exact: bool,
    progress: &(dyn Fn(u64) + Sync),
    cancel: &AtomicBool,
) -> (Tally, Precision) {
    let mut t = Tally::default();
    let mut batch = 0;
    let done = |t: &Tally| wins_exact || (t.trials > 0 && widest_half_width(t) <= target);
    while batch * BATCH_CHUNKS < chunks(s) && !cancel.load(Ordering::Relaxed) {
        let range = batch * BATCH_CHUNKS..(batch + 1) * BATCH_CHUNKS;
        t = t.merge(play_chunks(s, range, progress, cancel));
        batch += 1;
        if done(&t) {
            break;
        }
    }
    let half_width = if wins_exact {
        0.0
    } else {
        widest_half_width(&t)
    };
    let reached = done(&t) && t.trials > 0;
    let p = Precision {
        target,
        cap: s.trials,
        reached,
        half_width,
    };
    (t, p)
}

/// Runs `work` on a pool of `threads` threads (0: every core), every one of them joined
/// before it returns: a dropped rayon pool lets its threads end later, and a caller
/// that unloads fray (a game's C library) or checks for leaks (valgrind) must find none
/// left. Where threads cannot be started at all (WebAssembly), on the calling thread
/// instead: rayon's global pool is then that thread alone, and the fixed-size chunks
/// give the same numbers as any number of threads would.
pub fn on_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> Result<T, Refusal> {
    // Each worker is a std thread whose handle is kept, so that it can be joined once
    // the pool is dropped (a dropped rayon pool only tells its threads to end).
    let handles = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let kept = handles.clone();
    let built = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .spawn_handler(move |thread| {
            let mut b = std::thread::Builder::new();
            if let Some(name) = thread.name() {
                b = b.name(name.to_owned());
            }
            if let Some(size) = thread.stack_size() {
                b = b.stack_size(size);
            }
            let handle = b.spawn(|| thread.run())?;
            kept.lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .push(handle);
            Ok(())
        })
        .build();
    match built {
        Ok(pool) => {
            let out = pool.install(work);
            drop(pool);
            let workers = std::mem::take(
                &mut *handles
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner()),
            );
            for worker in workers {
                // A worker's panic was already the run's (install rethrows it).
                let _ = worker.join();
            }
            Ok(out)
        }
        Err(_) if !threads_start() => Ok(work()),
        Err(e) => Err(Refusal::new(format!(
            "{threads} threads could not be started: {e}"
        ))),
    }
}

/// Whether this platform starts threads at all (asked only when a pool could not be built).
fn threads_start() -> bool {
    std::thread::Builder::new()
        .spawn(|| {})
        .map(|t| t.join().is_ok())
        .unwrap_or(false)
}

/// [`play_to_precision`] on a pool of `threads` threads (0: every core).
pub fn play_to_precision_on(
    s: &Scenario,
    threads: usize,
    target: f64,
    wins_exact: bool,
    progress: &(dyn Fn(u64) + Sync),
    cancel: &AtomicBool,
) -> Result<(Tally, Precision), Refusal> {
    on_threads(threads, || {
        play_to_precision(s, target, wins_exact, progress, cancel)
    })
}

/// Plays on a pool of `threads` threads (0: every core).
pub fn play_on(
    s: &Scenario,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tally, Refusal> {
    play_on_until(s, threads, progress, &AtomicBool::new(false))
}

/// [`play_until`] on a pool of `threads` threads (0: every core).
pub fn play_on_until(
    s: &Scenario,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
    cancel: &AtomicBool,
) -> Result<Tally, Refusal> {
    on_threads(threads, || play_until(s, progress, cancel))
}
