//! Playing trials: in fixed-size chunks, each with its own stream of the seeded
//! generator, on every core. Every chunk tallies integers, and tallies merge by
//! addition, so the totals are the same whatever the thread count, and memory does not
//! grow with the number of trials.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use fray::character::Side;
use fray::pool::replay_mass_battle;
use fray::request::Refusal;
use fray::rng::SeededRolls;
use fray::trace::NoTrace;
use rayon::prelude::*;
use serde::Serialize;

use crate::duel::DuelPlan;
use crate::scenario::{BattleKind, Scenario};

/// Trials per chunk: each chunk is one stream of the seeded generator.
pub const CHUNK: u64 = 256;

/// One battle's result.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Trial {
    /// The side left standing; `None` for a draw.
    pub winner: Option<Side>,
    /// Rounds played (for minions, combat rounds over all turns).
    pub rounds: u32,
    /// Final hit points of every combatant, in scenario order.
    pub hp: Vec<i64>,
    /// Damage dealt, by type.
    pub damage: Vec<(String, u64)>,
    /// Conditions inflicted, by condition.
    pub conditions: Vec<(String, u64)>,
}

/// Totals over many trials: integers only, so merging is exact and order-free.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tally {
    /// Trials counted.
    pub trials: u64,
    /// Wins of side a and of side b.
    pub wins: [u64; 2],
    /// Trials without a winner (mutual destruction or the round limit).
    pub draws: u64,
    /// Draws in which no combatant of either side is standing: mutual destruction,
    /// rather than a battle the round limit cut short.
    pub mutual: u64,
    /// Trials by rounds played.
    pub rounds: BTreeMap<u32, u64>,
    /// Per combatant: trials it ended standing.
    pub alive: Vec<u64>,
    /// Per combatant: the sum of its final hit points (0 for the fallen).
    pub hp_sum: Vec<i64>,
    /// Damage dealt over all trials, by type.
    pub damage: BTreeMap<String, u64>,
    /// Conditions inflicted over all trials, by condition.
    pub conditions: BTreeMap<String, u64>,
}

impl Tally {
    fn add<'a>(&mut self, t: &'a Trial) {
        let pairs = |v: &'a [(String, u64)]| v.iter().map(|(k, n)| (k.as_str(), *n));
        self.record(
            t.winner,
            t.rounds,
            &t.hp,
            pairs(&t.damage),
            pairs(&t.conditions),
        );
    }

    /// Counts one trial from its parts: what [`Tally::add`] does with a [`Trial`], for
    /// a system whose trial needs no vectors of its own (a duel), so that counting it
    /// allocates nothing once every name is in the maps.
    fn record<'a>(
        &mut self,
        winner: Option<Side>,
        rounds: u32,
        hp: &[i64],
        damage: impl IntoIterator<Item = (&'a str, u64)>,
        conditions: impl IntoIterator<Item = (&'a str, u64)>,
    ) {
        self.trials += 1;
        match winner {
            Some(Side::A) => self.wins[0] += 1,
            Some(Side::B) => self.wins[1] += 1,
            None => {
                self.draws += 1;
                self.mutual += u64::from(hp.iter().all(|hp| *hp <= 0));
            }
        }
        *self.rounds.entry(rounds).or_default() += 1;
        if self.alive.len() < hp.len() {
            self.alive.resize(hp.len(), 0);
            self.hp_sum.resize(hp.len(), 0);
        }
        for (i, hp) in hp.iter().enumerate() {
            self.alive[i] += u64::from(*hp > 0);
            self.hp_sum[i] += (*hp).max(0);
        }
        for (k, v) in damage {
            bump(&mut self.damage, k, v);
        }
        for (k, v) in conditions {
            bump(&mut self.conditions, k, v);
        }
    }

    /// Adds another tally: tallies of disjoint sets of chunks merge into the tally of
    /// their union, whatever the split.
    pub fn merge(mut self, other: Self) -> Self {
        self.trials += other.trials;
        self.wins[0] += other.wins[0];
        self.wins[1] += other.wins[1];
        self.draws += other.draws;
        self.mutual += other.mutual;
        for (k, v) in other.rounds {
            *self.rounds.entry(k).or_default() += v;
        }
        if self.alive.len() < other.alive.len() {
            self.alive.resize(other.alive.len(), 0);
            self.hp_sum.resize(other.alive.len(), 0);
        }
        for (i, (a, h)) in other.alive.iter().zip(&other.hp_sum).enumerate() {
            self.alive[i] += a;
            self.hp_sum[i] += h;
        }
        for (k, v) in other.damage {
            *self.damage.entry(k).or_default() += v;
        }
        for (k, v) in other.conditions {
            *self.conditions.entry(k).or_default() += v;
        }
        self
    }
}

/// Adds `v` under `key`, copying the key only the first time it is met.
fn bump(map: &mut BTreeMap<String, u64>, key: &str, v: u64) {
    match map.get_mut(key) {
        Some(n) => *n += v,
        None => {
            map.insert(key.to_owned(), v);
        }
    }
}

/// What a chunk keeps from one trial to the next: a pool battle's state, replayed, and
/// a buffer for its hit points; an evasion duel's plan; a conditions skirmish, reset.
#[derive(Default)]
struct Scratch {
    pool: Option<fray::pool::MassState>,
    hp: Vec<i64>,
    duel: Option<DuelPlan>,
    skirmish: Option<fray::conditions::policy::Skirmish>,
}

/// Plays one trial with the chunk's rolls and counts it. A pool battle, a duel and a
/// skirmish are counted from their parts, with no vector built: after the chunk's first
/// battle, playing and counting one allocates nothing (a skirmish: see
/// `tests/allocations/conditions.rs` for what is left).
fn play_trial(s: &Scenario, rolls: &mut SeededRolls, scratch: &mut Scratch, t: &mut Tally) {
    let trial = match &s.battle {
        BattleKind::Pool(b) => {
            let state = scratch
                .pool
                .get_or_insert_with(|| fray::pool::MassState::new(b));
            if replay_mass_battle(state, rolls, &mut NoTrace).is_err() {
                state.reset();
            }
            // Counted from the state, through a buffer the chunk keeps: no vector per battle.
            scratch.hp.clear();
            scratch
                .hp
                .extend(state.hp.iter().flatten().map(|h| i64::from(*h)));
            let max: i64 =
                b.a.combatants
                    .iter()
                    .chain(&b.b.combatants)
                    .map(|c| i64::from(c.hp))
                    .sum();
            let dealt = (max - scratch.hp.iter().sum::<i64>()).max(0) as u64;
            return t.record(
                state.winner(),
                state.round,
                &scratch.hp,
                [("physical", dealt)],
                [],
            );
        }
        BattleKind::Minions(b) => minions_trial(b),
        BattleKind::Evasion(d) => {
            let plan = scratch.duel.get_or_insert_with(|| DuelPlan::new(d));
            let (winner, rounds, hp, dealt) = plan.sample(s.max_rounds, rolls);
            let winner = winner.map(|a| if a { Side::A } else { Side::B });
            let (ka, kb) = (kind_name(d.a.kind), kind_name(d.b.kind));
            let both = [(ka, dealt[0] + dealt[1])];
            let apart = [(ka, dealt[0]), (kb, dealt[1])];
            let damage: &[(&str, u64)] = if ka == kb { &both } else { &apart };
            return t.record(winner, rounds, &hp, damage.iter().copied(), []);
        }
        BattleKind::Skirmish(creatures) => {
            // One skirmish per chunk, reset for each trial; counted from its encounter
            // through the kept buffer, as a pool battle is.
            let sk = scratch
                .skirmish
                .get_or_insert_with(|| fray::conditions::policy::Skirmish::new(creatures));
            sk.play(s.max_rounds, rolls);
            let e = &sk.encounter;
            scratch.hp.clear();
            scratch.hp.extend(e.creatures.iter().map(|c| c.hp));
            return t.record(
                sk.winner(),
                sk.rounds(s.max_rounds),
                &scratch.hp,
                named_counts(&e.stats.damage_by_type),
                named_counts(&e.stats.conditions),
            );
        }
    };
    t.add(&trial);
}

/// A map's counts by name, borrowed. A reset skirmish keeps names met earlier in the
/// chunk at zero: counting a zero adds nothing to a tally that already holds the name.
fn named_counts(m: &BTreeMap<String, u64>) -> impl Iterator<Item = (&str, u64)> {
    m.iter().map(|(k, n)| (k.as_str(), *n))
}

/// A damage kind's name in reports, without formatting a string.
fn kind_name(k: fray::evasion::DamageKind) -> &'static str {
    match k {
        fray::evasion::DamageKind::Physical => "physical",
        fray::evasion::DamageKind::Elemental => "elemental",
        fray::evasion::DamageKind::Spell => "spell",
    }
}

fn minions_trial(b: &fray::minions::Battle) -> Trial {
    let out = fray::minions::play(b, &mut NoTrace);
    let hp: Vec<i64> = out.minions.iter().map(|m| i64::from(m.hp)).collect();
    let max: i64 =
        b.a.minions
            .iter()
            .chain(&b.b.minions)
            .map(|m| i64::from(m.hp))
            .sum();
    Trial {
        winner: out.winner,
        rounds: out.rounds,
        hp: hp.clone(),
        damage: vec![(
            "physical".into(),
            (max - hp.iter().sum::<i64>()).max(0) as u64,
        )],
        conditions: Vec::new(),
    }
}

/// Whether the system has no dice: one run is then the exact outcome.
pub fn deterministic(s: &Scenario) -> bool {
    matches!(s.battle, BattleKind::Minions(_))
}

/// How many trials a run of the scenario plays: 1 for a system with no dice.
pub fn planned_trials(s: &Scenario) -> u64 {
    if deterministic(s) { 1 } else { s.trials }
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
/// chunk, so the chunks under way finish and the tally holds whole chunks of finished
/// trials (`tally.trials < planned_trials(s)` tells an interrupted run). The flag is
/// the caller's (a Ctrl-C handler, a server's deadline): the lab itself reads no signal.
pub fn play_until(s: &Scenario, progress: &(dyn Fn(u64) + Sync), cancel: &AtomicBool) -> Tally {
    if deterministic(s) {
        let mut t = Tally::default();
        if let BattleKind::Minions(b) = &s.battle
            && !cancel.load(Ordering::Relaxed)
        {
            t.add(&minions_trial(b));
            progress(1);
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
    range
        .into_par_iter()
        .map(|k| {
            let mut t = Tally::default();
            if cancel.load(Ordering::Relaxed) {
                return t;
            }
            let mut rolls = SeededRolls::with_stream(s.seed, k);
            let mut scratch = Scratch::default();
            let n = CHUNK.min(s.trials - k * CHUNK);
            for _ in 0..n {
                play_trial(s, &mut rolls, &mut scratch, &mut t);
            }
            progress(n);
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
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
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

/// A pool of `threads` threads (0: every core), or the refusal of the system's.
pub fn pool(threads: usize) -> Result<rayon::ThreadPool, Refusal> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Refusal::new(format!("{threads} threads could not be started: {e}")))
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
    Ok(pool(threads)?.install(|| play_to_precision(s, target, wins_exact, progress, cancel)))
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
    Ok(pool(threads)?.install(|| play_until(s, progress, cancel)))
}
