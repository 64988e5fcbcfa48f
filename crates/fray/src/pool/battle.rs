//! Mass combat: whole sides roll their attacks together, spread their hits over the
//! enemy, and the side with more hits deals full damage.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

mod cache;
mod events;
mod fighters;
mod kernel;
mod memo;
mod order;
mod tables;

use super::exact::{Comparison, SideHits, compare};
use super::model::{Check, CheckResult, Ladder, PoolError};
use super::resolve::{ArmorMatch, AttackFactors, Dodge, attack_check};
use super::sample::roll_check;
pub use crate::character::Side;
use crate::rng::Rolls;
use crate::trace::{NoTrace, Recorder};
use cache::RollCache;
pub use events::MassEvent;
pub use kernel::MassKernel;
use order::{Scratch, Targeting, compact};
use tables::SideTables;

/// The most pairs of profiles a side's attacks are counted by in a round before its
/// hits are drawn whole; a side with more rolls every attack.
const MAX_PAIRS: usize = 4096;

/// How heavy a combatant's armor is: lighter armor is targeted first.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum ArmorWeight {
    /// No armor: defense score 0, targeted first (the default).
    #[default]
    None,
    /// Light armor: defense score 1.
    Light,
    /// Medium armor: defense score 2.
    Medium,
    /// Heavy armor: defense score 3, targeted last.
    Heavy,
}

/// One fighter of a mass battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combatant {
    /// A unique name.
    pub name: String,
    /// Hit points: it falls at 0 (battle files take 1 to 1,000,000).
    pub hp: u32,
    /// Attack bonus (magic weapon included): bonus dice on its attack rolls.
    pub bonus: u32,
    /// Its fighting style, for form superiority.
    pub form: Option<String>,
    /// Its armor weight: part of its defense score, so lighter armor is targeted first.
    pub armor: ArmorWeight,
    /// Degrees of magic armor.
    pub magic_armor: u32,
    /// So small or so large that it is hard to hit at all.
    pub hard_to_hit: bool,
    /// How well it dodges.
    pub dodge: Dodge,
    /// Armor its attacks penetrate with ease.
    pub penetrates: Vec<ArmorWeight>,
    /// Armor particularly effective against its attacks.
    pub resisted_by: Vec<ArmorWeight>,
}

impl Combatant {
    /// A plain combatant: no armor, no bonus, no form.
    pub fn new(name: &str, hp: u32) -> Self {
        Self {
            name: name.into(),
            hp,
            bonus: 0,
            form: None,
            armor: ArmorWeight::None,
            magic_armor: 0,
            hard_to_hit: false,
            dodge: Dodge::Normal,
            penetrates: Vec::new(),
            resisted_by: Vec::new(),
        }
    }
}

/// One side of a mass battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Army {
    /// The side's name.
    pub name: String,
    /// Its combatants, in list order.
    pub combatants: Vec<Combatant>,
    /// Situational advantages: bonus dice on every attack of this side.
    pub advantage: u32,
    /// Situational disadvantages: given as bonus dice to the other side.
    pub disadvantage: u32,
}

/// A form superior to another.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormRule {
    /// The superior fighting style.
    pub superior: String,
    /// The style it beats.
    pub inferior: String,
}

/// When a defender counts as form-inferior (or superior) to the attacking side, for the
/// targeting order: the text compares two fighting styles, a side may have several.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FormVote {
    /// When most of the living attackers have the edge over it (or it over most of them).
    #[default]
    Most,
    /// When more attackers have the edge over it than it has over attackers (or fewer):
    /// a single attacker with an edge among neutral ones is enough.
    Balance,
}

/// Which defenses make a defender "lightly defended" for the targeting order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DefenseCount {
    /// Armor weight and magic armor, size (hard to hit) and speed (dodging): every defense
    /// the text lists under *Combat considerations*.
    #[default]
    All,
    /// Armor weight and magic armor only (the text's "strong armor").
    Armor,
}

/// The readings of the targeting order of step 1, where the text is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TargetingReadings {
    /// When form makes a defender inferior or superior to the attacking side.
    pub form: FormVote,
    /// Which defenses count.
    pub defenses: DefenseCount,
}

/// A mass battle and its options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MassBattle {
    /// Side A.
    pub a: Army,
    /// Side B.
    pub b: Army,
    /// Which forms beat which.
    pub forms: Vec<FormRule>,
    /// The battle stops after this many rounds if both sides stand.
    pub max_rounds: u32,
    /// The die of full damage's first hit on a combatant (the text's usual d6).
    pub first_hit_die: u32,
    /// The ladder of difficulties (it must hold 3/6, where attack rolls start).
    pub ladder: Ladder,
    /// How the targeting order reads the text where it is open.
    #[serde(default)]
    pub targeting: TargetingReadings,
}

/// A mass battle in progress.
///
/// Everything that does not change during the battle (form numbers, defense ranks, the
/// attack rolls of each pair of profiles) is worked out once, and every round works in
/// buffers the state keeps: a battle replayed with [`replay_mass_battle`] allocates
/// nothing after the first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MassState {
    battle: MassBattle,
    /// Hit points of side A's combatants, then side B's, in list order.
    pub hp: [Vec<u32>; 2],
    /// Rounds played.
    pub round: u32,
    /// Attack rolls already worked out, by side: a roll depends only on what the
    /// attacker and the defender bring to it, so it is kept per pair of such profiles,
    /// never per pair of combatants (10,000 against 10,000 would be 4 GB). A state
    /// replayed with [`MassState::reset`] keeps them.
    checks: [RollCache; 2],
    /// The targeting order's fixed parts.
    targeting: Targeting,
    /// By side: its living this round, in list order.
    alive: [Vec<usize>; 2],
    /// By attacking side: this round's targets, and the buffers that order them.
    targets: [Vec<usize>; 2],
    scratch: [Scratch; 2],
    /// By attacking side: its targeting order while every combatant of both sides
    /// stands (every battle's first round), worked out once.
    first_targets: [Option<Vec<usize>>; 2],
    /// By side: the tables its hits are drawn whole from, kept while the state is
    /// replayed, and this round's attacks counted by pair of profiles (with the pairs
    /// met, in order).
    tables: [SideTables; 2],
    groups: [Groups; 2],
}

/// A round's attacks by pair of profiles: the count of each pair, the pairs met, and
/// their (roll, attacks) as drawn.
type Groups = (Vec<u32>, Vec<usize>, Vec<(usize, u32)>);

fn index(side: Side) -> usize {
    match side {
        Side::A => 0,
        Side::B => 1,
    }
}

/// Attacker i of the `living` attackers (in list order) with target i, wrapping, among
/// the first min(attackers, targets) `targets`.
fn pairs<'a>(
    living: &'a [usize],
    targets: &'a [usize],
) -> impl Iterator<Item = (usize, usize)> + 'a {
    let k = living.len().min(targets.len());
    let mut next = 0;
    (living.iter().copied())
        .take(if k == 0 { 0 } else { usize::MAX })
        .map(move |a| {
            let d = targets[next];
            next = if next + 1 == k { 0 } else { next + 1 };
            (a, d)
        })
}

/// How `hits` spread over the first of `targets`, at most `k` of them: as evenly as
/// possible, the first in targeting order taking the odd hits. Arithmetic, no search.
fn shares(targets: &[usize], k: u64, hits: u64) -> impl Iterator<Item = (usize, u64)> + '_ {
    let spread = Spread::new(targets, k, hits);
    (spread.targets.iter().enumerate()).map(move |(i, &t)| (t, spread.hits(i)))
}

/// [`shares`] as plain numbers, for a loop over the targets by index (step 2's, where an
/// iterator's bookkeeping cost as much as the damage).
#[derive(Clone, Copy)]
struct Spread<'a> {
    /// The targets struck, in targeting order.
    targets: &'a [usize],
    /// Hits each, and how many of the first take one more.
    each: u64,
    odd: u64,
}

impl<'a> Spread<'a> {
    fn new(targets: &'a [usize], k: u64, hits: u64) -> Self {
        let used = if hits == 0 { 0 } else { k.min(hits) };
        // Divided once, not per target: a division costs more than the rest of a share.
        Self {
            targets: &targets[..(used as usize).min(targets.len())],
            each: hits.checked_div(used).unwrap_or(0),
            odd: hits.checked_rem(used).unwrap_or(0),
        }
    }

    /// The hits of the `i`-th target struck.
    #[inline(always)]
    fn hits(&self, i: usize) -> u64 {
        self.each + u64::from((i as u64) < self.odd)
    }
}

impl MassState {
    /// The battle before its first round.
    pub fn new(battle: &MassBattle) -> Self {
        let hp = |army: &Army| army.combatants.iter().map(|c| c.hp).collect();
        let capacity = |army: &Army| Vec::with_capacity(army.combatants.len());
        Self {
            hp: [hp(&battle.a), hp(&battle.b)],
            battle: battle.clone(),
            round: 0,
            checks: [
                RollCache::new(&battle.a, &battle.b),
                RollCache::new(&battle.b, &battle.a),
            ],
            targeting: Targeting::new(battle),
            alive: [capacity(&battle.a), capacity(&battle.b)],
            targets: [capacity(&battle.b), capacity(&battle.a)],
            scratch: Default::default(),
            first_targets: Default::default(),
            tables: [
                SideTables::new(battle.a.combatants.len()),
                SideTables::new(battle.b.combatants.len()),
            ],
            groups: Default::default(),
        }
    }

    /// How many attack rolls the state may keep, both sides together: it grows with the
    /// distinct attacker and defender profiles (at most a million pairs a side), not with
    /// the product of the sides' sizes.
    pub fn cache_len(&self) -> usize {
        self.checks.iter().map(RollCache::len).sum()
    }

    /// Back to the start of the battle, keeping the attack rolls already worked out: the
    /// cheap way to play the same battle again.
    pub fn reset(&mut self) {
        for (hp, army) in self.hp.iter_mut().zip([&self.battle.a, &self.battle.b]) {
            for (h, c) in hp.iter_mut().zip(&army.combatants) {
                *h = c.hp;
            }
        }
        self.round = 0;
    }

    fn army(&self, side: Side) -> &Army {
        match side {
            Side::A => &self.battle.a,
            Side::B => &self.battle.b,
        }
    }

    /// Whether anyone of `side` stands. Looked for from the back: the targeting order
    /// strikes the front of a list first (equal defenses go in list order), so the
    /// last to fall are most often last in it.
    fn standing(&self, side: Side) -> bool {
        self.hp[index(side)].iter().rev().any(|h| *h > 0)
    }

    /// The living combatants of a side, in list order.
    pub fn living(&self, side: Side) -> Vec<usize> {
        (0..self.hp[index(side)].len())
            .filter(|&i| self.hp[index(side)][i] > 0)
            .collect()
    }

    /// Whether the battle is over: a side is out, or the round limit came.
    pub fn over(&self) -> bool {
        !self.standing(Side::A) || !self.standing(Side::B) || self.round >= self.battle.max_rounds
    }

    /// The side still standing, if only one is.
    pub fn winner(&self) -> Option<Side> {
        match (self.standing(Side::A), self.standing(Side::B)) {
            (true, false) => Some(Side::A),
            (false, true) => Some(Side::B),
            _ => None,
        }
    }

    /// The defenders a side attacks, in targeting order (pool, *The roll, step 1*): the
    /// lightest defenses and form inferiority first. Each defender is scored by
    /// [`MassState::defense_score`], lowest first; equal scores keep list order.
    pub fn targets(&self, attacking: Side) -> Vec<usize> {
        let mut order = Vec::new();
        let mut scratch = Scratch::default();
        let mut alive: [Vec<usize>; 2] = Default::default();
        for (side, hp) in self.hp.iter().enumerate() {
            compact(0..hp.len(), hp, &mut alive[side]);
        }
        (self.targeting).order(index(attacking), &self.hp, &alive, &mut scratch, &mut order);
        order
    }

    /// How hard a defender is to take on, for the targeting order: its defenses (armor
    /// weight 0 to 3, plus each degree of magic armor; with [`DefenseCount::All`], plus 1
    /// if hard to hit for its size, plus 1 if it dodges unusually well or minus 1 if it
    /// cannot dodge), plus 1 if its form is superior to the living `attackers`, or minus 1
    /// if they have form superiority over it, counted as [`FormVote`] says.
    pub fn defense_score(&self, attacking: Side, attackers: &[usize], defender: usize) -> i64 {
        (self.targeting).score(index(attacking), attackers, defender)
    }

    /// The attack roll of one attacker against one defender.
    pub fn attack_roll(
        &self,
        side: Side,
        attacker: usize,
        defender: usize,
    ) -> Result<Check, PoolError> {
        attack_roll(&self.battle, &self.targeting, side, attacker, defender)
    }

    /// Each living attacker of `side` with its target for this round: attacker i (in list
    /// order) rolls against target i, wrapping, among the first min(attackers, defenders)
    /// targets in targeting order.
    pub fn pairings(&self, side: Side) -> Vec<(usize, usize)> {
        pairs(&self.living(side), &self.targets(side)).collect()
    }

    /// The exact odds of this round's hits: each side's total, and who deals more.
    pub fn round_odds(&self) -> Result<Comparison, PoolError> {
        let side_hits = |side| self.check_groups(side).map(|g| SideHits::new(&g));
        Ok(compare(
            &side_hits(Side::A)?.distribution,
            &side_hits(Side::B)?.distribution,
        ))
    }

    /// The multiply-adds [`MassState::round_odds`] spends on this round (both sides'
    /// [`SideHits::work`]): what a round's odds cost before they are worked out.
    pub fn round_odds_work(&self) -> Result<f64, PoolError> {
        Ok(SideHits::work(&self.check_groups(Side::A)?)
            + SideHits::work(&self.check_groups(Side::B)?))
    }

    /// A side's attacks this round, as counts of identical checks.
    fn check_groups(&self, side: Side) -> Result<Vec<(u64, Check)>, PoolError> {
        let mut groups: Vec<(u64, Check)> = Vec::new();
        for (a, d) in self.pairings(side) {
            let check = self.attack_roll(side, a, d)?;
            match groups.iter_mut().find(|g| g.1 == check) {
                Some(g) => g.0 += 1,
                None => groups.push((1, check)),
            }
        }
        Ok(groups)
    }

    /// One round: both sides roll (step 1), spread their hits, then deal damage (step 2).
    pub fn play_round(
        &mut self,
        rolls: &mut impl Rolls,
        log: &mut impl Recorder<MassEvent>,
    ) -> Result<(), PoolError> {
        self.round += 1;
        let round = self.round;
        log.record(|| MassEvent::RoundStart { round });
        // Targeting orders are fixed for the round: no damage lands before step 2.
        for side in 0..2 {
            let hp = &self.hp[side];
            compact(0..hp.len(), hp, &mut self.alive[side]);
        }
        let everyone = (0..2).all(|side| self.alive[side].len() == self.hp[side].len());
        for side in 0..2 {
            let (order, scratch) = (&mut self.targets[side], &mut self.scratch[side]);
            match &self.first_targets[side] {
                Some(first) if everyone => order.clone_from(first),
                _ => {
                    (self.targeting).order(side, &self.hp, &self.alive, scratch, order);
                    if everyone {
                        self.first_targets[side] = Some(order.clone());
                    }
                }
            }
        }
        let hits_a = self.roll_side(Side::A, rolls, log)?;
        let hits_b = self.roll_side(Side::B, rolls, log)?;
        let k_a = self.announce_spread(Side::A, hits_a, log);
        let k_b = self.announce_spread(Side::B, hits_b, log);
        self.deal(Side::A, hits_a, k_a, hits_a > hits_b, rolls, log);
        self.deal(Side::B, hits_b, k_b, hits_b > hits_a, rolls, log);
        // Only a log reads the end here: the caller asks `over` itself.
        if log.keeps() && self.over() {
            let (winner, rounds) = (self.winner(), self.round);
            log.record(|| MassEvent::End { winner, rounds });
        }
        Ok(())
    }

    /// Step 1 for one side: every living combatant rolls against its target of this
    /// round; the side's hits are the sum of the degrees of its successes. Untraced,
    /// with a source that draws whole ([`Rolls::draws_whole`], the lab's), the attacks
    /// are counted by pair of profiles and each pair's total drawn from its roll's
    /// table: the same law, a few draws a round. Otherwise every attack is rolled,
    /// traced or not, in the same order, so a trace describes the battle its seed plays
    /// untraced.
    fn roll_side(
        &mut self,
        side: Side,
        rolls: &mut impl Rolls,
        log: &mut impl Recorder<MassEvent>,
    ) -> Result<u64, PoolError> {
        let i = index(side);
        let Self {
            battle,
            checks,
            targeting,
            alive,
            targets,
            tables,
            groups,
            ..
        } = self;
        let mut hits = 0;
        if !log.keeps() && checks[i].one_roll() {
            // Every attacker rolls the one roll: no pair looked up.
            let (Some(&a), Some(&d)) = (alive[i].first(), targets[i].first()) else {
                return Ok(0);
            };
            let check = checks[i].get(a, d, |a, d| attack_roll(battle, targeting, side, a, d))?;
            let n = alive[i].len() as u32;
            if rolls.draws_whole() {
                return Ok(tables[i].hits(check, n, rolls));
            }
            // The same dice, in the same order, as the pairs below.
            for _ in 0..n {
                hits += added(roll_check(check, rolls).result);
            }
            return Ok(hits);
        }
        if !log.keeps() && rolls.draws_whole() && (1..=MAX_PAIRS).contains(&checks[i].len()) {
            // The attacks counted by pair of profiles (no roll looked up per attack),
            // then each pair's hits drawn whole, in the order of the pairs' numbers
            // (as [`MassKernel`] draws them).
            let (count, met, parts) = &mut groups[i];
            count.resize(checks[i].len(), 0);
            met.clear();
            for (a, d) in pairs(&alive[i], &targets[i]) {
                if let Some(p) = checks[i].pair(a, d) {
                    if count[p] == 0 {
                        met.push(p);
                    }
                    count[p] += 1;
                }
            }
            met.sort_unstable();
            parts.clear();
            for &p in met.iter() {
                let (a, d) = checks[i].of_pair(p);
                let check =
                    checks[i].get(a, d, |a, d| attack_roll(battle, targeting, side, a, d))?;
                let n = std::mem::take(&mut count[p]);
                match tables[i].roll(check) {
                    Some(at) => parts.push((at, n)),
                    // A side of more rolls than it keeps tables for: rolled.
                    None => hits += tables[i].hits(check, n, rolls),
                }
            }
            return Ok(hits + tables[i].hits_together(parts, rolls));
        }
        for (a, d) in pairs(&alive[i], &targets[i]) {
            let check = checks[i].get(a, d, |a, d| attack_roll(battle, targeting, side, a, d))?;
            let r = roll_check(check, rolls).result;
            hits += added(r);
            let names = [&battle.a, &battle.b];
            log.record(|| MassEvent::Attack {
                attacker: names[i].combatants[a].name.clone(),
                target: names[1 - i].combatants[d].name.clone(),
                check: check.to_string(),
                success: r.success,
                degree: r.degree,
            });
        }
        Ok(hits)
    }

    /// Logs a side's hits and how they spread (before any damage of the round lands);
    /// returns how many targets it may spread them over: at most as many as it has
    /// living attackers.
    fn announce_spread(&self, side: Side, hits: u64, log: &mut impl Recorder<MassEvent>) -> u64 {
        let i = index(side);
        let targets = &self.targets[i];
        let k = self.alive[i].len().min(targets.len()) as u64;
        self.log_spread(side, hits, k, targets, log);
        k
    }

    fn log_spread(
        &self,
        side: Side,
        hits: u64,
        k: u64,
        targets: &[usize],
        log: &mut impl Recorder<MassEvent>,
    ) {
        log.record(|| MassEvent::SideHits {
            side,
            hits,
            targets: k as u32,
        });
        for (t, h) in shares(targets, k, hits) {
            log.record(|| MassEvent::Assigned {
                side,
                target: self.army(side.other()).combatants[t].name.clone(),
                hits: h,
            });
        }
    }

    /// Spreads a side's hits over at most as many targets as it has attackers, as evenly
    /// as possible, the first targets in targeting order taking the odd hits.
    pub fn spread(
        &self,
        side: Side,
        hits: u64,
        log: &mut impl Recorder<MassEvent>,
    ) -> Vec<(usize, u64)> {
        let targets = self.targets(side);
        let k = self.living(side).len().min(targets.len()) as u64;
        self.log_spread(side, hits, k, &targets, log);
        shares(&targets, k, hits).collect()
    }

    /// Step 2 by `attacking`, whose hits spread over at most `k` of its targets: full
    /// damage (a die for the first hit, +1 for each further hit) when it scored more
    /// hits, else 1 per hit.
    fn deal(
        &mut self,
        attacking: Side,
        hits: u64,
        k: u64,
        full: bool,
        rolls: &mut impl Rolls,
        log: &mut impl Recorder<MassEvent>,
    ) {
        let defending = attacking.other();
        let Self {
            battle,
            hp,
            targets,
            ..
        } = self;
        let hp = &mut hp[index(defending)];
        let army = [&battle.a, &battle.b][index(defending)];
        let spread = Spread::new(&targets[index(attacking)], k, hits);
        for (i, &t) in spread.targets.iter().enumerate() {
            let hits = spread.hits(i);
            let first_hit_roll = full.then(|| rolls.die(battle.first_hit_die));
            let damage = match first_hit_roll {
                Some(roll) => u64::from(roll) + hits - 1,
                None => hits,
            };
            let hp = &mut hp[t];
            *hp = u32::try_from(u64::from(*hp).saturating_sub(damage)).unwrap_or(0);
            let hp_left = *hp;
            let name = || army.combatants[t].name.clone();
            log.record(|| MassEvent::Damage {
                target: name(),
                hits,
                full,
                first_hit_roll,
                damage,
                hp_left,
            });
            if hp_left == 0 {
                log.record(|| MassEvent::Slain { name: name() });
            }
        }
    }
}

/// What an attack roll adds to its side's hits: the degree of a success, nothing for a
/// failure.
#[inline(always)]
fn added(r: CheckResult) -> u64 {
    u64::from(r.success) * u64::from(r.degree)
}

/// The attack roll of one attacker of `side` against one defender of the other.
fn attack_roll(
    battle: &MassBattle,
    targeting: &Targeting,
    side: Side,
    attacker: usize,
    defender: usize,
) -> Result<Check, PoolError> {
    let (own, other) = match side {
        Side::A => (&battle.a, &battle.b),
        Side::B => (&battle.b, &battle.a),
    };
    let (a, d) = (&own.combatants[attacker], &other.combatants[defender]);
    let armor = if a.penetrates.contains(&d.armor) {
        ArmorMatch::Penetrates
    } else if a.resisted_by.contains(&d.armor) {
        ArmorMatch::Resists
    } else {
        ArmorMatch::Normal
    };
    let factors = AttackFactors {
        form: targeting.edge(index(side), attacker, defender),
        hard_to_hit: d.hard_to_hit,
        dodge: d.dodge,
        armor,
        magic_armor: d.magic_armor,
        bonus: a.bonus + own.advantage + other.disadvantage,
    };
    attack_check(&battle.ladder, &factors, &mut NoTrace)
}

/// Plays the state's battle again from the start (see [`MassState::reset`]).
pub fn replay_mass_battle(
    state: &mut MassState,
    rolls: &mut impl Rolls,
    log: &mut impl Recorder<MassEvent>,
) -> Result<(), PoolError> {
    state.reset();
    while !state.over() {
        state.play_round(rolls, log)?;
    }
    Ok(())
}

/// Plays a whole mass battle with the given rolls.
pub fn play_mass_battle(
    battle: &MassBattle,
    rolls: &mut impl Rolls,
    log: &mut impl Recorder<MassEvent>,
) -> Result<MassState, PoolError> {
    let mut state = MassState::new(battle);
    while !state.over() {
        state.play_round(rolls, log)?;
    }
    Ok(state)
}
