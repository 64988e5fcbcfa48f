//! The pool system's mass battles in the lab: the `[pool]` section (the format of
//! `fray mass-battle` files), one battle replayed on a state the chunk keeps.

use std::sync::atomic::{AtomicBool, Ordering};

use fray::character::Side;
use fray::pool::scenario::{MassBattleFile, check_mass_battle, check_work};
use fray::pool::{MassBattle, MassKernel, MassState};
use fray::rng::{Rolls, SeededRolls};
use fray::scenario::{Checker, ScenarioError};
use fray::trace::NoTrace;
use serde_json::{Value, json};

use super::{BattleSystem, name, one_of, whole};
use crate::tally::Tally;

/// Side-against-side dice-pool mass combat.
#[derive(Debug)]
pub struct Pool;

/// What a chunk keeps: the battle's state, replayed, a buffer for its hit points, and
/// the hit points the battle starts with (summed once, not over every fighter's record
/// each battle).
#[derive(Default)]
pub struct Kept {
    state: Option<MassState>,
    /// The battle prepared for drawing whole, once looked at (None inside: beyond
    /// what the kernel keeps, played on the state), and a chunk's counts.
    kernel: Option<Option<MassKernel>>,
    counts: Counts,
    hp: Vec<i64>,
    start_hp: i64,
}

impl BattleSystem for Pool {
    const NAME: &'static str = "pool";
    type File = MassBattleFile;
    type Battle = MassBattle;
    type Kept = Kept;

    fn check(
        c: &Checker,
        file: MassBattleFile,
        max_rounds: u32,
    ) -> Result<(MassBattle, [String; 2]), ScenarioError> {
        let mut b = check_mass_battle(c, file)?.battle;
        b.max_rounds = max_rounds;
        check_work(&b)?;
        let sides = [b.a.name.clone(), b.b.name.clone()];
        Ok((b, sides))
    }

    fn roster(b: &MassBattle) -> Vec<(String, Side, i64)> {
        let side = |side| move |c: &fray::pool::Combatant| (c.name.clone(), side, i64::from(c.hp));
        (b.a.combatants.iter().map(side(Side::A)))
            .chain(b.b.combatants.iter().map(side(Side::B)))
            .collect()
    }

    /// Drawing whole, on the kernel where it takes the battle, each trial counted in
    /// plain arrays and the chunk's counts added to the tally once.
    fn chunk(
        b: &MassBattle,
        max_rounds: u32,
        rolls: &mut SeededRolls,
        kept: &mut Kept,
        n: u64,
        t: &mut Tally,
        cancel: &AtomicBool,
    ) -> u64 {
        if rolls.draws_whole()
            && kept
                .kernel
                .get_or_insert_with(|| MassKernel::new(b))
                .is_some()
        {
            let Some(Some(kernel)) = &mut kept.kernel else {
                unreachable!("the kernel was just made")
            };
            return kept.counts.play(b, kernel, rolls, n, t, cancel);
        }
        let mut done = 0;
        while done < n && Self::trial(b, max_rounds, rolls, kept, t, cancel) {
            done += 1;
        }
        done
    }

    fn trial(
        b: &MassBattle,
        _: u32,
        rolls: &mut SeededRolls,
        kept: &mut Kept,
        t: &mut Tally,
        cancel: &AtomicBool,
    ) -> bool {
        let state = kept.state.get_or_insert_with(|| {
            let fighters = b.a.combatants.iter().chain(&b.b.combatants);
            kept.start_hp = fighters.map(|c| i64::from(c.hp)).sum();
            MassState::new(b)
        });
        // Round by round, as `replay_mass_battle` plays, so that a battle of thousands
        // a side (seconds each) stops within a round of a cancel.
        state.reset();
        while !state.over() {
            if cancel.load(Ordering::Relaxed) {
                return false;
            }
            if state.play_round(rolls, &mut NoTrace).is_err() {
                state.reset();
                break;
            }
        }
        // Counted from the state, through a buffer the chunk keeps: no vector per battle.
        kept.hp.clear();
        kept.hp
            .extend(state.hp.iter().flatten().map(|h| i64::from(*h)));
        let dealt = (kept.start_hp - kept.hp.iter().sum::<i64>()).max(0) as u64;
        t.record(
            state.winner(),
            state.round,
            &kept.hp,
            [("physical", dealt)],
            [],
        );
        true
    }

    /// The `[pool]` section: a mass battle, as `fray mass-battle` reads it.
    fn schema() -> Option<Value> {
        use fray::pool::scenario::{MAX_COMBATANTS, MAX_ROUNDS, MAX_STAT};
        let armor = ["none", "light", "medium", "heavy"];
        let combatant = json!({
            "type": "object",
            "additionalProperties": false,
            "required": ["name", "hp"],
            "properties": {
                "name": name("A unique name (numbered when count > 1)."),
                "hp": whole(1, i64::from(MAX_STAT), "Hit points."),
                "count": whole(1, i64::from(MAX_COMBATANTS), "How many copies (default 1)."),
                "bonus": whole(0, 50, "Bonus dice on its attacks (default 0)."),
                "form": {"type": "string", "description": "Its fighting style, for [[forms]]."},
                "armor": one_of(&armor, "Armor weight (default none)."),
                "magic_armor": whole(0, 20, "Magic armor (default 0)."),
                "hard_to_hit": {"type": "boolean", "default": false},
                "dodge": one_of(&["normal", "cannot-dodge", "dodges-well"], "Dodging (default normal)."),
                "penetrates": {"type": "array", "items": one_of(&armor, "An armor weight its attacks penetrate.")},
                "resisted_by": {"type": "array", "items": one_of(&armor, "An armor weight that resists its attacks.")}
            }
        });
        let army = json!({
            "type": "object",
            "additionalProperties": false,
            "required": ["name"],
            "properties": {
                "name": name("The side's name in reports."),
                "advantage": whole(0, 50, "Advantage dice (default 0)."),
                "disadvantage": whole(0, 50, "Disadvantage dice (default 0)."),
                "combatants": {"type": "array", "items": combatant}
            }
        });
        Some(json!({
            "type": "object",
            "description": "A pool mass battle: the format of `fray mass-battle` files (docs/rules/pool.md).",
            "additionalProperties": false,
            "required": ["a", "b"],
            "properties": {
                "seed": whole(0, i64::MAX, "The seed (the scenario's seed is used in the lab)."),
                "max_rounds": whole(1, i64::from(MAX_ROUNDS), "Overridden by the scenario's max_rounds."),
                "first_hit_die": whole(1, 1_000, "The die of a full-damage first hit (default 6)."),
                "ladder": {"type": "string", "description": "The ladder's dice, BASE:LARGER,... with base 6 (default 6:8,10,12,20)."},
                "forms": {"type": "array", "items": {
                    "type": "object", "additionalProperties": false, "required": ["superior", "inferior"],
                    "properties": {"superior": {"type": "string"}, "inferior": {"type": "string"}}
                }},
                "targeting": {"type": "object", "additionalProperties": false, "properties": {
                    "form": one_of(&["most", "balance"], "When form makes a target inferior (default most)."),
                    "defenses": one_of(&["all", "armor"], "Which defenses order the targets (default all).")
                }},
                "a": army.clone(),
                "b": army
            }
        }))
    }
}

/// A chunk's trials on the kernel, counted in arrays: what [`Tally::record`] counts,
/// without a map looked up or a vector filled per trial.
#[derive(Default)]
struct Counts {
    trials: u64,
    wins: [u64; 2],
    draws: u64,
    mutual: u64,
    /// Trials by rounds, below [`DENSE_ROUNDS`] (longer ones go to the tally at once).
    rounds: Vec<u64>,
    /// By fighter, side A's then side B's: trials it stood at the end, and its hit
    /// points left, summed.
    alive: Vec<u64>,
    hp: Vec<u64>,
    /// The same, both in one word a fighter ([`STOOD`] times the trials it stood, plus
    /// its hit points), one addition a survivor; moved into `alive` and `hp` every
    /// [`PACKED_TRIALS`] trials and at the end, before the hit points could reach
    /// [`STOOD`].
    packed: Vec<u64>,
    /// Where side B's fighters begin in them.
    side_b: usize,
}

/// A trial a fighter stood, in [`Counts::packed`]: above 2^40, where the hit points
/// of [`PACKED_TRIALS`] trials (at most 2^24 each, the kernel's most) stay below.
const STOOD: u64 = 1 << 40;
const PACKED_TRIALS: u64 = 1 << 16;

/// Rounds counted in an array; a battle longer is counted in the tally's map.
const DENSE_ROUNDS: usize = 4096;

impl Counts {
    fn play(
        &mut self,
        b: &MassBattle,
        kernel: &mut MassKernel,
        rolls: &mut SeededRolls,
        n: u64,
        t: &mut Tally,
        cancel: &AtomicBool,
    ) -> u64 {
        let fighters = b.a.combatants.len() + b.b.combatants.len();
        self.side_b = b.a.combatants.len();
        self.alive.clear();
        self.alive.resize(fighters, 0);
        self.hp.clear();
        self.hp.resize(fighters, 0);
        self.packed.clear();
        self.packed.resize(fighters, 0);
        self.rounds.clear();
        (self.trials, self.wins, self.draws, self.mutual) = (0, [0; 2], 0, 0);
        'trials: while self.trials < n {
            kernel.reset();
            while !kernel.over() {
                if cancel.load(Ordering::Relaxed) {
                    break 'trials;
                }
                kernel.play_round(rolls);
            }
            self.count(kernel, t);
            if self.trials % PACKED_TRIALS == 0 {
                self.unpack();
            }
        }
        self.unpack();
        self.add_to(b, t);
        self.trials
    }

    /// One finished trial.
    #[inline]
    fn count(&mut self, kernel: &MassKernel, t: &mut Tally) {
        self.trials += 1;
        match kernel.winner() {
            Some(Side::A) => self.wins[0] += 1,
            Some(Side::B) => self.wins[1] += 1,
            None => {
                self.draws += 1;
                let out = |side| kernel.living(side) == 0;
                self.mutual += u64::from(out(Side::A) && out(Side::B));
            }
        }
        let r = kernel.round() as usize;
        if r < DENSE_ROUNDS {
            if self.rounds.len() <= r {
                self.rounds.resize(r + 1, 0);
            }
            self.rounds[r] += 1;
        } else {
            *t.rounds.entry(kernel.round()).or_default() += 1;
        }
        for (side, at) in [(Side::A, 0), (Side::B, self.side_b)] {
            for (i, h) in kernel.survivors(side) {
                self.packed[at + i] += STOOD | u64::from(h);
            }
        }
    }

    /// The packed counts moved into `alive` and `hp`.
    fn unpack(&mut self) {
        for ((p, a), h) in self
            .packed
            .iter_mut()
            .zip(&mut self.alive)
            .zip(&mut self.hp)
        {
            *a += *p / STOOD;
            *h += *p % STOOD;
            *p = 0;
        }
    }

    /// The chunk's counts, added to the tally as [`Tally::record`] would have added
    /// each trial: the damage dealt is what the trials' hit points fell by.
    fn add_to(&self, b: &MassBattle, t: &mut Tally) {
        t.trials += self.trials;
        t.wins[0] += self.wins[0];
        t.wins[1] += self.wins[1];
        t.draws += self.draws;
        t.mutual += self.mutual;
        for (r, &c) in self.rounds.iter().enumerate() {
            if c > 0 {
                *t.rounds.entry(r as u32).or_default() += c;
            }
        }
        if self.trials == 0 {
            return;
        }
        if t.alive.len() < self.alive.len() {
            t.alive.resize(self.alive.len(), 0);
            t.hp_sum.resize(self.alive.len(), 0);
        }
        let fighters = b.a.combatants.iter().chain(&b.b.combatants);
        let mut dealt = 0;
        for (i, c) in fighters.enumerate() {
            t.alive[i] += self.alive[i];
            t.hp_sum[i] += self.hp[i] as i64;
            dealt += u64::from(c.hp) * self.trials - self.hp[i];
        }
        *t.damage.entry("physical".to_owned()).or_default() += dealt;
    }
}
