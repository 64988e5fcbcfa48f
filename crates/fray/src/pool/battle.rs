//! Mass combat: whole sides roll their attacks together, spread their hits over the
//! enemy, and the side with more hits deals full damage.

use crate::text::count;
use serde::{Deserialize, Serialize};

use super::exact::{Comparison, SideHits, compare};
use super::model::{Check, Ladder, PoolError};
use super::resolve::{ArmorMatch, AttackFactors, Dodge, FormEdge, attack_check};
use super::sample::roll_check;
pub use crate::character::Side;
use crate::rng::Rolls;
use crate::trace::{NoTrace, Recorder};

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize)]
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

/// Something that happened in a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum MassEvent {
    /// A round begins.
    RoundStart {
        /// The round, from 1.
        round: u32,
    },
    /// One attack roll.
    Attack {
        /// The combatant rolling.
        attacker: String,
        /// The enemy its roll is made against (pool, Combat considerations).
        target: String,
        /// The check rolled, as `TN/D` with its bonus and penalty dice.
        check: String,
        /// Whether the check succeeded.
        success: bool,
        /// Hits on a success, misses on a failure (exploding 1s included).
        degree: u32,
    },
    /// A side's total hits, and how many targets it may spread them over.
    SideHits {
        /// The side that scored.
        side: Side,
        /// Its total hits: the sum of its successes' degrees.
        hits: u64,
        /// At most this many targets: no more than its living attackers.
        targets: u32,
    },
    /// Hits assigned to one target.
    Assigned {
        /// The side whose hits these are.
        side: Side,
        /// The enemy they fall on.
        target: String,
        /// How many of the side's hits it takes.
        hits: u64,
    },
    /// Damage dealt to one target.
    Damage {
        /// The combatant hurt.
        target: String,
        /// Hits it took.
        hits: u64,
        /// Full damage (the side with more hits): the first hit rolls a die, each
        /// further hit adds 1; otherwise 1 per hit (pool, The roll, step 2).
        full: bool,
        /// The first hit's die roll, under full damage only.
        first_hit_roll: Option<u32>,
        /// Damage dealt in all.
        damage: u64,
        /// Hit points left; 0 has fallen.
        hp_left: u32,
    },
    /// A combatant falls.
    Slain {
        /// The combatant that fell.
        name: String,
    },
    /// The battle is over.
    End {
        /// The side left standing; `None` when both fell or the round limit came.
        winner: Option<Side>,
        /// Rounds fought.
        rounds: u32,
    },
}

impl std::fmt::Display for MassEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::RoundStart { round } => write!(f, "round {round}"),
            Self::Attack {
                attacker,
                target,
                check,
                success,
                degree,
            } => {
                let result = if *success {
                    format!("success of degree {degree}")
                } else {
                    format!("failure of degree {degree}")
                };
                write!(f, "{attacker} attacks {target} at {check}: {result}")
            }
            Self::SideHits {
                side,
                hits,
                targets,
            } => {
                write!(
                    f,
                    "side {} scores {}, to spread over at most {}",
                    side.letter(),
                    count(*hits, "hit"),
                    count(u64::from(*targets), "target")
                )
            }
            Self::Assigned { side, target, hits } => {
                write!(
                    f,
                    "side {} puts {} on {target}",
                    side.letter(),
                    count(*hits, "hit")
                )
            }
            Self::Damage {
                target,
                hits,
                full: true,
                first_hit_roll,
                damage,
                hp_left,
            } => write!(
                f,
                "{target} takes full damage for {}: first hit rolls {} + {} for the others = {damage} ({hp_left} hp left)",
                count(*hits, "hit"),
                first_hit_roll.unwrap_or(0),
                hits - 1
            ),
            Self::Damage {
                target,
                hits,
                damage,
                hp_left,
                ..
            } => {
                write!(
                    f,
                    "{target} takes 1 per hit for {} = {damage} ({hp_left} hp left)",
                    count(*hits, "hit")
                )
            }
            Self::Slain { name } => write!(f, "{name} falls"),
            Self::End {
                winner: Some(side),
                rounds,
            } => write!(
                f,
                "side {} won after {}",
                side.letter(),
                count(u64::from(*rounds), "round")
            ),
            Self::End {
                winner: None,
                rounds,
            } => write!(
                f,
                "no side won after {}",
                count(u64::from(*rounds), "round")
            ),
        }
    }
}

/// A mass battle in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MassState {
    battle: MassBattle,
    ladder: Ladder,
    /// Hit points of side A's combatants, then side B's, in list order.
    pub hp: [Vec<u32>; 2],
    /// Rounds played.
    pub round: u32,
    /// Attack rolls already worked out, by side: a roll depends only on what the
    /// attacker and the defender bring to it, so it is kept per pair of such profiles,
    /// never per pair of combatants (10,000 against 10,000 would be 4 GB). A state
    /// replayed with [`MassState::reset`] keeps them.
    checks: [RollCache; 2],
}

/// The most profile pairs a side caches (20 bytes each); beyond, rolls are worked out
/// each time, so memory stays bounded whatever the battle.
const MAX_CACHED_PAIRS: usize = 1 << 20;

/// Attack rolls of one side by (attacker profile, defender profile).
#[derive(Debug, Clone, PartialEq, Eq)]
struct RollCache {
    /// The profile of each attacker, in list order.
    attacker: Vec<usize>,
    /// The profile of each defender, in list order.
    defender: Vec<usize>,
    /// One combatant of each profile, to work its rolls out with.
    attacker_of: Vec<usize>,
    defender_of: Vec<usize>,
    /// Attacker profile × defender profile; empty when there would be too many pairs.
    checks: Vec<Option<Check>>,
}

impl RollCache {
    fn new(attackers: &Army, defenders: &Army) -> Self {
        let (attacker, attacker_of) = profiles(&attackers.combatants, |c| {
            let mask = |list: &[ArmorWeight]| list.iter().fold(0u8, |m, w| m | 1 << *w as u8);
            (
                c.bonus,
                c.form.clone(),
                mask(&c.penetrates),
                mask(&c.resisted_by),
            )
        });
        let (defender, defender_of) = profiles(&defenders.combatants, |c| {
            (
                c.form.clone(),
                c.armor,
                c.magic_armor,
                c.hard_to_hit,
                c.dodge,
            )
        });
        let pairs = attacker_of.len().saturating_mul(defender_of.len());
        Self {
            attacker,
            defender,
            attacker_of,
            defender_of,
            checks: if pairs <= MAX_CACHED_PAIRS {
                vec![None; pairs]
            } else {
                Vec::new()
            },
        }
    }
}

/// Numbers the distinct keys of `items` in order of first appearance: each item's
/// number, and the first item of each number.
fn profiles<T, K: std::hash::Hash + Eq>(
    items: &[T],
    key: impl Fn(&T) -> K,
) -> (Vec<usize>, Vec<usize>) {
    let mut ids = std::collections::HashMap::new();
    let mut first = Vec::new();
    let of = items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            *ids.entry(key(item)).or_insert_with(|| {
                first.push(i);
                first.len() - 1
            })
        })
        .collect();
    (of, first)
}

fn index(side: Side) -> usize {
    match side {
        Side::A => 0,
        Side::B => 1,
    }
}

impl MassState {
    /// The battle before its first round.
    pub fn new(battle: &MassBattle) -> Self {
        let hp = |army: &Army| army.combatants.iter().map(|c| c.hp).collect();
        Self {
            hp: [hp(&battle.a), hp(&battle.b)],
            battle: battle.clone(),
            ladder: battle.ladder.clone(),
            round: 0,
            checks: [
                RollCache::new(&battle.a, &battle.b),
                RollCache::new(&battle.b, &battle.a),
            ],
        }
    }

    /// How many attack rolls the state may keep, both sides together: it grows with the
    /// distinct attacker and defender profiles (at most a million pairs a side), not with
    /// the product of the sides' sizes.
    pub fn cache_len(&self) -> usize {
        self.checks.iter().map(|c| c.checks.len()).sum()
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

    /// The attack roll, worked out once per pair of profiles (see [`RollCache`]).
    fn cached_roll(
        &mut self,
        side: Side,
        attacker: usize,
        defender: usize,
    ) -> Result<Check, PoolError> {
        let cache = &self.checks[index(side)];
        if cache.checks.is_empty() {
            return self.attack_roll(side, attacker, defender);
        }
        let (pa, pd) = (cache.attacker[attacker], cache.defender[defender]);
        let at = pa * cache.defender_of.len() + pd;
        if let Some(check) = cache.checks[at] {
            return Ok(check);
        }
        let (a, d) = (cache.attacker_of[pa], cache.defender_of[pd]);
        let check = self.attack_roll(side, a, d)?;
        self.checks[index(side)].checks[at] = Some(check);
        Ok(check)
    }

    fn army(&self, side: Side) -> &Army {
        match side {
            Side::A => &self.battle.a,
            Side::B => &self.battle.b,
        }
    }

    /// The living combatants of a side, in list order.
    pub fn living(&self, side: Side) -> Vec<usize> {
        (0..self.hp[index(side)].len())
            .filter(|&i| self.hp[index(side)][i] > 0)
            .collect()
    }

    /// Whether the battle is over: a side is out, or the round limit came.
    pub fn over(&self) -> bool {
        self.living(Side::A).is_empty()
            || self.living(Side::B).is_empty()
            || self.round >= self.battle.max_rounds
    }

    /// The side still standing, if only one is.
    pub fn winner(&self) -> Option<Side> {
        match (
            self.living(Side::A).is_empty(),
            self.living(Side::B).is_empty(),
        ) {
            (false, true) => Some(Side::A),
            (true, false) => Some(Side::B),
            _ => None,
        }
    }

    /// The defenders a side attacks, in targeting order (pool, *The roll, step 1*): the
    /// lightest defenses and form inferiority first. Each defender is scored by
    /// [`MassState::defense_score`], lowest first; equal scores keep list order.
    pub fn targets(&self, attacking: Side) -> Vec<usize> {
        let forms = self.form_counts(attacking, &self.living(attacking));
        let mut order = self.living(attacking.other());
        order.sort_by_cached_key(|&d| self.score(attacking, &forms, d));
        order
    }

    /// How hard a defender is to take on, for the targeting order: its defenses (armor
    /// weight 0 to 3, plus each degree of magic armor; with [`DefenseCount::All`], plus 1
    /// if hard to hit for its size, plus 1 if it dodges unusually well or minus 1 if it
    /// cannot dodge), plus 1 if its form is superior to the living `attackers`, or minus 1
    /// if they have form superiority over it, counted as [`FormVote`] says.
    pub fn defense_score(&self, attacking: Side, attackers: &[usize], defender: usize) -> i64 {
        self.score(attacking, &self.form_counts(attacking, attackers), defender)
    }

    /// The attackers counted by form, in order of first appearance: the form vote
    /// depends on nothing else, so scoring a defender costs the number of distinct forms
    /// rather than the number of attackers.
    fn form_counts<'s>(
        &'s self,
        attacking: Side,
        attackers: &[usize],
    ) -> Vec<(&'s Combatant, usize)> {
        let army = self.army(attacking);
        let mut at: std::collections::HashMap<Option<&str>, usize> = Default::default();
        let mut counts: Vec<(&Combatant, usize)> = Vec::new();
        for &a in attackers {
            let c = &army.combatants[a];
            let i = *at.entry(c.form.as_deref()).or_insert_with(|| {
                counts.push((c, 0));
                counts.len() - 1
            });
            counts[i].1 += 1;
        }
        counts
    }

    fn score(&self, attacking: Side, forms: &[(&Combatant, usize)], defender: usize) -> i64 {
        let readings = self.battle.targeting;
        let c = &self.army(attacking.other()).combatants[defender];
        let mut defenses = c.armor as i64 + i64::from(c.magic_armor);
        if readings.defenses == DefenseCount::All {
            defenses += i64::from(c.hard_to_hit)
                + match c.dodge {
                    Dodge::CannotDodge => -1,
                    Dodge::Normal => 0,
                    Dodge::DodgesWell => 1,
                };
        }
        let (mut superior, mut inferior, mut attackers) = (0usize, 0usize, 0usize);
        for &(a, count) in forms {
            attackers += count;
            match self.form_edge(a, c) {
                FormEdge::Attacker => inferior += count,
                FormEdge::Defender => superior += count,
                FormEdge::Neither => {}
            }
        }
        let form = match readings.form {
            FormVote::Most if 2 * inferior > attackers => -1,
            FormVote::Most if 2 * superior > attackers => 1,
            FormVote::Most => 0,
            FormVote::Balance => (superior as i64 - inferior as i64).signum(),
        };
        defenses + form
    }

    fn form_edge(&self, attacker: &Combatant, defender: &Combatant) -> FormEdge {
        let beats = |x: &Option<String>, y: &Option<String>| match (x, y) {
            (Some(x), Some(y)) => self
                .battle
                .forms
                .iter()
                .any(|r| r.superior == *x && r.inferior == *y),
            _ => false,
        };
        if beats(&attacker.form, &defender.form) {
            FormEdge::Attacker
        } else if beats(&defender.form, &attacker.form) {
            FormEdge::Defender
        } else {
            FormEdge::Neither
        }
    }

    /// The attack roll of one attacker against one defender.
    pub fn attack_roll(
        &self,
        side: Side,
        attacker: usize,
        defender: usize,
    ) -> Result<Check, PoolError> {
        let a = &self.army(side).combatants[attacker];
        let d = &self.army(side.other()).combatants[defender];
        let armor = if a.penetrates.contains(&d.armor) {
            ArmorMatch::Penetrates
        } else if a.resisted_by.contains(&d.armor) {
            ArmorMatch::Resists
        } else {
            ArmorMatch::Normal
        };
        let factors = AttackFactors {
            form: self.form_edge(a, d),
            hard_to_hit: d.hard_to_hit,
            dodge: d.dodge,
            armor,
            magic_armor: d.magic_armor,
            bonus: a.bonus + self.army(side).advantage + self.army(side.other()).disadvantage,
        };
        attack_check(&self.ladder, &factors, &mut NoTrace)
    }

    /// Each living attacker of `side` with its target for this round: attacker i (in list
    /// order) rolls against target i, wrapping, among the first min(attackers, defenders)
    /// targets in targeting order.
    pub fn pairings(&self, side: Side) -> Vec<(usize, usize)> {
        self.pairings_with(side, &self.targets(side))
    }

    fn pairings_with(&self, side: Side, targets: &[usize]) -> Vec<(usize, usize)> {
        let attackers = self.living(side);
        let k = attackers.len().min(targets.len());
        attackers
            .iter()
            .enumerate()
            .map(|(i, &a)| (a, targets[i % k.max(1)]))
            .collect()
    }

    /// The exact odds of this round's hits: each side's total, and who deals more.
    pub fn round_odds(&self) -> Result<Comparison, PoolError> {
        let side_hits = |side| -> Result<SideHits, PoolError> {
            let mut groups: Vec<(u64, Check)> = Vec::new();
            for (a, d) in self.pairings(side) {
                let check = self.attack_roll(side, a, d)?;
                match groups.iter_mut().find(|g| g.1 == check) {
                    Some(g) => g.0 += 1,
                    None => groups.push((1, check)),
                }
            }
            Ok(SideHits::new(&groups))
        };
        Ok(compare(
            &side_hits(Side::A)?.distribution,
            &side_hits(Side::B)?.distribution,
        ))
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
        let (targets_a, targets_b) = (self.targets(Side::A), self.targets(Side::B));
        let hits_a = self.roll_side(Side::A, &targets_a, rolls, log)?;
        let hits_b = self.roll_side(Side::B, &targets_b, rolls, log)?;
        let spread_a = self.spread_with(Side::A, hits_a, &targets_a, log);
        let spread_b = self.spread_with(Side::B, hits_b, &targets_b, log);
        self.deal(Side::B, &spread_a, hits_a > hits_b, rolls, log);
        self.deal(Side::A, &spread_b, hits_b > hits_a, rolls, log);
        if self.over() {
            let (winner, rounds) = (self.winner(), self.round);
            log.record(|| MassEvent::End { winner, rounds });
        }
        Ok(())
    }

    /// Step 1 for one side: every living combatant rolls; the side's hits are the sum of
    /// the degrees of its successes.
    fn roll_side(
        &mut self,
        side: Side,
        targets: &[usize],
        rolls: &mut impl Rolls,
        log: &mut impl Recorder<MassEvent>,
    ) -> Result<u64, PoolError> {
        let mut hits = 0;
        for (a, d) in self.pairings_with(side, targets) {
            let check = self.cached_roll(side, a, d)?;
            let r = roll_check(check, rolls).result;
            if r.success {
                hits += u64::from(r.degree);
            }
            log.record(|| MassEvent::Attack {
                attacker: self.army(side).combatants[a].name.clone(),
                target: self.army(side.other()).combatants[d].name.clone(),
                check: check.to_string(),
                success: r.success,
                degree: r.degree,
            });
        }
        Ok(hits)
    }

    /// Spreads a side's hits over at most as many targets as it has attackers, as evenly
    /// as possible, the first targets in targeting order taking the odd hits.
    pub fn spread(
        &self,
        side: Side,
        hits: u64,
        log: &mut impl Recorder<MassEvent>,
    ) -> Vec<(usize, u64)> {
        self.spread_with(side, hits, &self.targets(side), log)
    }

    fn spread_with(
        &self,
        side: Side,
        hits: u64,
        targets: &[usize],
        log: &mut impl Recorder<MassEvent>,
    ) -> Vec<(usize, u64)> {
        let k = self.living(side).len().min(targets.len()) as u64;
        log.record(|| MassEvent::SideHits {
            side,
            hits,
            targets: k as u32,
        });
        if k == 0 || hits == 0 {
            return Vec::new();
        }
        let used = k.min(hits);
        let spread: Vec<(usize, u64)> = targets
            .iter()
            .copied()
            .take(used as usize)
            .enumerate()
            .map(|(i, t)| (t, hits / used + u64::from((i as u64) < hits % used)))
            .collect();
        for &(t, h) in &spread {
            log.record(|| MassEvent::Assigned {
                side,
                target: self.army(side.other()).combatants[t].name.clone(),
                hits: h,
            });
        }
        spread
    }

    /// Step 2 against `defending`: full damage (a die for the first hit, +1 for each
    /// further hit) when the attackers scored more hits, else 1 per hit.
    fn deal(
        &mut self,
        defending: Side,
        spread: &[(usize, u64)],
        full: bool,
        rolls: &mut impl Rolls,
        log: &mut impl Recorder<MassEvent>,
    ) {
        for &(t, hits) in spread {
            let first_hit_roll = full.then(|| rolls.die(self.battle.first_hit_die));
            let damage = match first_hit_roll {
                Some(roll) => u64::from(roll) + hits - 1,
                None => hits,
            };
            let hp = &mut self.hp[index(defending)][t];
            *hp = u32::try_from(u64::from(*hp).saturating_sub(damage)).unwrap_or(0);
            let hp_left = *hp;
            let name = || self.army(defending).combatants[t].name.clone();
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
