//! The lab's mass battle: the rounds [`MassState`](super::MassState) plays untraced
//! with a source that draws whole ([`Rolls::draws_whole`]), with less work a round.
//! Millions of battles of a few rounds each spend their time on what a round repeats,
//! so everything a round can know in advance is known:
//!
//! - each pair of profiles' roll, and its tables, before the first battle;
//! - each side's living kept in the order the other side targets them, with their hit
//!   points beside: step 2 strikes the first of that list, in one pass that also
//!   drops the fallen from it, and the order is worked out afresh only when the fall of
//!   attackers changes a form's term of the score;
//! - the living of each side counted by kind, attacker profile, defender profile and
//!   form from its targets only when a round asks, so that a side whose attackers (or
//!   whose targets) are all of one profile counts its attacks by pair from those
//!   counts, not attack by attack;
//! - a round met before drawn from the memo's slot, whose number each side keeps as
//!   its living fall (step 2 sums the fallen's parts of it without a branch).
//!
//! It draws as `MassState` does, in the same order: a test plays both on the same
//! streams and finds the same battles.

use super::cache::RollCache;
use super::fighters::{Fighters, Unit};
use super::memo::Memo;
use super::order::Targeting;
use super::tables::SideTables;
use super::{MAX_PAIRS, MassBattle, Side, attack_roll};
use crate::rng::Rolls;

/// What one side's attacks need: its rolls by pair of profiles, and the buffers its
/// counting and ordering work in.
#[derive(Debug, Clone)]
struct Attack {
    /// Defender profiles of the other side: pair = attacker profile × this + defender
    /// profile.
    defenders: usize,
    /// Each pair's roll, numbered in `tables`.
    roll: Vec<usize>,
    tables: SideTables,
    count: Vec<u32>,
    met: Vec<usize>,
    /// The round's attacks as (roll, attacks), in the order of their pairs.
    parts: Vec<(usize, u32)>,
    /// Step 2's dice.
    dice: Vec<u32>,
    /// Each defender form's term of the score, as the targets were last ordered, and
    /// the first round's; buffers for working them out.
    term: Vec<i64>,
    first_term: Vec<i64>,
    next_term: Vec<i64>,
    superior: Vec<u64>,
    inferior: Vec<u64>,
    bucket: Vec<usize>,
    order: Vec<usize>,
    hp_of: Vec<u32>,
    /// Whether the fall of its attackers can change its targeting order: not when
    /// they are all of one form (the vote is theirs alone), nor when its targets all
    /// rank alike.
    reorders: bool,
    /// The one roll of every attack, where the side has one attacker profile and the
    /// other one defender profile: step 1 then looks nothing else up.
    single: Option<usize>,
    /// Its rounds remembered by the living counts, where those decide them.
    memo: Option<Memo>,
}

/// A mass battle prepared for replaying many times, drawing whole (the lab's): the
/// same battles [`MassState`](super::MassState) plays untraced from the same source,
/// with less work a round.
///
/// ```
/// use fray::pool::{MassKernel, parse_mass_battle};
/// use fray::pool::battle::Side;
/// use fray::rng::SeededRolls;
/// let text = r#"
/// [a]
/// name = "Red"
/// combatants = [{ name = "Red", count = 20, hp = 6, bonus = 1 }]
/// [b]
/// name = "Blue"
/// combatants = [{ name = "Blue", count = 20, hp = 6, bonus = 1 }]
/// "#;
/// let battle = parse_mass_battle(text).unwrap().battle;
/// let mut kernel = MassKernel::new(&battle).expect("a battle of few profiles");
/// let mut rolls = SeededRolls::new(7).drawing_whole();
/// kernel.reset();
/// while !kernel.over() {
///     kernel.play_round(&mut rolls);
/// }
/// assert!(kernel.round() >= 1);
/// assert_eq!(kernel.hp(Side::A).len(), 20);
/// ```
#[derive(Debug, Clone)]
pub struct MassKernel {
    max_rounds: u32,
    first_hit_die: u32,
    round: u32,
    targeting: Targeting,
    side: [Fighters; 2],
    attack: [Attack; 2],
}

impl MassKernel {
    /// The battle prepared, or None where it is beyond what the kernel keeps (more
    /// than 4,096 pairs of profiles a side, a side of more rolls than its
    /// tables keep, a roll the ladder cannot make, more than 2^24 hit points or a
    /// larger first-hit die): [`MassState`](super::MassState)
    /// plays those.
    pub fn new(battle: &MassBattle) -> Option<Self> {
        let fighters = battle.a.combatants.iter().chain(&battle.b.combatants);
        if battle.first_hit_die > MAX_HP || fighters.clone().any(|c| c.hp > MAX_HP) {
            return None;
        }
        let targeting = Targeting::new(battle);
        let caches = [
            RollCache::new(&battle.a, &battle.b),
            RollCache::new(&battle.b, &battle.a),
        ];
        let armies = [&battle.a, &battle.b];
        let mut attack = Vec::with_capacity(2);
        for (s, cache) in caches.iter().enumerate() {
            let (attacker, defender, attackers, defenders) = cache.profiles();
            let pairs = attackers.checked_mul(defenders)?;
            if pairs > MAX_PAIRS {
                return None;
            }
            let mut tables = SideTables::new(armies[s].combatants.len());
            let mut roll = vec![0; pairs];
            let (of_a, of_d) = (first_of(attacker, attackers), first_of(defender, defenders));
            let who = [Side::A, Side::B][s];
            for pa in 0..attackers {
                for pd in 0..defenders {
                    let check = attack_roll(battle, &targeting, who, of_a[pa], of_d[pd]).ok()?;
                    roll[pa * defenders + pd] = tables.roll(check)?;
                }
            }
            let single = match roll[..] {
                [only] => Some(only),
                _ => None,
            };
            attack.push(Attack {
                defenders,
                roll,
                tables,
                count: vec![0; pairs],
                met: Vec::new(),
                parts: Vec::new(),
                dice: Vec::new(),
                term: Vec::new(),
                first_term: Vec::new(),
                next_term: Vec::new(),
                superior: Vec::new(),
                inferior: Vec::new(),
                bucket: Vec::new(),
                order: Vec::new(),
                hp_of: Vec::new(),
                reorders: false,
                single,
                memo: None,
            });
        }
        let mut attack: [Attack; 2] = attack.try_into().ok()?;
        for (s, a) in attack.iter_mut().enumerate() {
            // A die for each target at most.
            a.dice = vec![1; armies[1 - s].combatants.len()];
        }
        let side = [0, 1].map(|s| {
            let (attacker, _, attackers, _) = caches[s].profiles();
            let (_, defender, _, defenders) = caches[1 - s].profiles();
            Fighters::new(
                armies[s].combatants.iter().map(|c| c.hp).collect(),
                attacker.to_vec(),
                defender.to_vec(),
                targeting.form(s).to_vec(),
                [attackers, defenders, targeting.forms()],
            )
        });
        let mut kernel = Self {
            max_rounds: battle.max_rounds,
            first_hit_die: battle.first_hit_die,
            round: 0,
            targeting,
            side,
            attack,
        };
        for s in 0..2 {
            let one = |v: &[usize]| v.iter().all(|x| Some(x) == v.first());
            let (att, def) = (&kernel.side[s], &kernel.side[1 - s]);
            let alike = one(&def.form) && one(kernel.targeting.classes(1 - s));
            kernel.attack[s].reorders =
                kernel.targeting.forms_matter() && !one(&att.form) && !alike;
        }
        // The first round's order: every form's term against every attacker.
        for s in 0..2 {
            let (by_form, a) = (&kernel.side[s].living.by_form, &mut kernel.attack[s]);
            (kernel.targeting).terms_of(by_form, &mut a.superior, &mut a.inferior, &mut a.term);
            a.first_term.clone_from(&a.term);
            kernel.order(s);
            let def = &mut kernel.side[1 - s];
            def.first_units.clone_from(&def.units);
        }
        for s in 0..2 {
            kernel.attack[s].memo = kernel.memo(s);
        }
        let strides = |s: usize| (kernel.attack[s].memo.as_ref()).map(Memo::strides);
        let keyed = [0, 1].map(|s| {
            let (own, other) = (
                strides(s).unwrap_or_default(),
                strides(1 - s).unwrap_or_default(),
            );
            (own.0.to_vec(), other.1.to_vec())
        });
        for (f, (as_attacker, as_defender)) in kernel.side.iter_mut().zip(keyed) {
            f.key_by(&as_attacker, &as_defender);
        }
        Some(kernel)
    }

    /// A memo of side `s`'s rounds, where the living counts by profile decide how
    /// many attacks each pair makes: its attackers, or its targets, all of one
    /// profile (not both: that round is one roll, counted at once), its targets kept
    /// in one order, each profile in one run of it.
    fn memo(&self, s: usize) -> Option<Memo> {
        let (att, def, at) = (&self.side[s], &self.side[1 - s], &self.attack[s]);
        let (attackers, defenders) = (att.living.by_attacker.len(), def.living.by_defender.len());
        if at.reorders || (attackers == 1) == (defenders == 1) {
            return None;
        }
        let mut runs: Vec<usize> = Vec::new();
        for u in def.targets() {
            let p = def.defender[u.id as usize];
            if runs.last() != Some(&p) {
                if runs.contains(&p) {
                    return None;
                }
                runs.push(p);
            }
        }
        let most = |profiles: &[usize], n: usize| {
            let mut most = vec![0u32; n];
            for &p in profiles {
                most[p] += 1;
            }
            most
        };
        Memo::new(
            &most(&att.attacker, attackers),
            &most(&def.defender, defenders),
        )
    }

    /// Back to the start of the battle.
    pub fn reset(&mut self) {
        for f in &mut self.side {
            f.reset_targets();
            f.reset_counts();
            // The lists by standing are worked out again when next asked for.
            f.listed = false;
            f.fell = false;
        }
        for a in &mut self.attack {
            // Only a side that reorders changes its terms.
            if a.reorders {
                a.term.clone_from(&a.first_term);
            }
        }
        self.round = 0;
    }

    /// Rounds played.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// A side's hit points, in list order (0 for the fallen).
    pub fn hp(&self, side: Side) -> Vec<u32> {
        let mut hp = vec![0; self.side[index(side)].size];
        for (i, h) in self.survivors(side) {
            hp[i] = h;
        }
        hp
    }

    /// A side's living: each one's number in list order and its hit points.
    pub fn survivors(&self, side: Side) -> impl Iterator<Item = (usize, u32)> + '_ {
        let f = &self.side[index(side)];
        f.targets().iter().map(|u| (u.id as usize, u.hp))
    }

    /// How many rounds of new counts of the living it has met and kept (memo slots
    /// filled, joint tables built): the only time a battle after the first allocates,
    /// at most a few thousand times in all.
    pub fn first_met(&self) -> usize {
        (self.attack.iter())
            .map(|a| a.tables.joint_tables() + a.memo.as_ref().map_or(0, Memo::kept))
            .sum()
    }

    /// How many of a side stand.
    pub fn living(&self, side: Side) -> usize {
        self.side[index(side)].len
    }

    /// Whether the battle is over: a side is out, or the round limit came.
    pub fn over(&self) -> bool {
        self.side[0].len == 0 || self.side[1].len == 0 || self.round >= self.max_rounds
    }

    /// The side still standing, if only one is.
    pub fn winner(&self) -> Option<Side> {
        match (self.side[0].len > 0, self.side[1].len > 0) {
            (true, false) => Some(Side::A),
            (false, true) => Some(Side::B),
            _ => None,
        }
    }

    /// One round, as [`MassState::play_round`](super::MassState::play_round) plays it
    /// untraced from a source that draws whole.
    pub fn play_round(&mut self, rolls: &mut impl Rolls) {
        self.round += 1;
        for s in 0..2 {
            if self.attack[s].reorders && self.side[s].fell {
                self.side[s].count();
                self.reorder(s);
            }
        }
        for f in &mut self.side {
            f.fell = false;
        }
        let hits = [self.hits(0, rolls), self.hits(1, rolls)];
        self.step2(hits, rolls);
    }

    /// Step 2 of both sides: one call a round, the sides' parts inline.
    #[inline(never)]
    fn step2(&mut self, hits: [u64; 2], rolls: &mut impl Rolls) {
        // How many targets each side may strike: fixed before any damage lands.
        let k = [0, 1].map(|s| self.side[s].len.min(self.side[1 - s].len));
        self.deal(0, hits[0], k[0], hits[0] > hits[1], rolls);
        self.deal(1, hits[1], k[1], hits[1] > hits[0], rolls);
    }

    /// Side `s`'s targets, ordered afresh if the fall of its attackers changed a
    /// form's term of the score.
    fn reorder(&mut self, s: usize) {
        let (att, at) = (&self.side[s], &mut self.attack[s]);
        let by_form = &att.living.by_form;
        let t = &self.targeting;
        t.terms_of(
            by_form,
            &mut at.superior,
            &mut at.inferior,
            &mut at.next_term,
        );
        if at.next_term != at.term {
            std::mem::swap(&mut at.term, &mut at.next_term);
            self.order(s);
        }
    }

    /// The living that side `s` faces, put in its targeting order with its forms'
    /// terms as they are: one counting sort, their hit points carried along.
    fn order(&mut self, s: usize) {
        let (def, at) = (&mut self.side[1 - s], &mut self.attack[s]);
        at.hp_of.clear();
        at.hp_of.resize(def.size, 0);
        for u in def.targets() {
            at.hp_of[u.id as usize] = u.hp;
        }
        def.list();
        if self.targeting.forms_matter() {
            let (term, bucket) = (&at.term, &mut at.bucket);
            (self.targeting).sort(1 - s, &def.alive, term, bucket, &mut at.order);
        } else {
            let by_defenses = self.targeting.by_defenses(1 - s);
            at.order.clear();
            at.order
                .extend(by_defenses.iter().filter(|&&i| def.standing[i]));
        }
        for (unit, &i) in def.units.iter_mut().zip(&at.order) {
            *unit = Unit {
                hp: at.hp_of[i],
                id: i as u32,
            };
        }
        def.len = at.order.len();
    }

    /// Step 1 for side `s`: its hits drawn whole, at once where its one roll or a
    /// round met before says how (inline: the common round is a few reads and a word).
    #[inline(always)]
    fn hits(&mut self, s: usize, rolls: &mut impl Rolls) -> u64 {
        let (att, def) = (&self.side[s], &self.side[1 - s]);
        let at = &self.attack[s];
        let n = att.len;
        if n.min(def.len) == 0 {
            return 0;
        }
        if let Some(roll) = at.single {
            return at.tables.hits_of(roll, n as u32, rolls);
        }
        // A round met before: its slot, kept as the living fell, holds its draw.
        if let Some(m) = &at.memo {
            if let Some(hits) = m.hits(att.key[0] + def.key[1], &at.tables, rolls) {
                return hits;
            }
        }
        self.count_hits(s, rolls)
    }

    /// [`MassKernel::hits`] of a round not met before: its attacks counted by pair of
    /// profiles, and their hits drawn whole together (the pairs in the order of their
    /// numbers), the round kept in the memo if the side keeps one.
    #[inline(never)]
    fn count_hits(&mut self, s: usize, rolls: &mut impl Rolls) -> u64 {
        let [a, b] = &mut self.side;
        a.count();
        b.count();
        let (att, def) = if s == 0 { (a, &*b) } else { (b, &*a) };
        let at = &mut self.attack[s];
        let (n, k) = (att.len, att.len.min(def.len));
        let key = (at.memo.as_ref()).map(|_| att.key[0] + def.key[1]);
        let d = at.defenders;
        let profile = |j: usize| def.defender[def.units[j].id as usize];
        // One pair of profiles left: its roll's table (kept in the memo, if any, as
        // every round, so that the next such round is read from its slot).
        if key.is_none() && att.living.attackers == 1 && def.living.defenders == 1 {
            let pa = (att.living.by_attacker.iter()).position(|c| *c > 0);
            let p = pa.unwrap_or(0) * d + profile(0);
            return at.tables.hits_of(at.roll[p], n as u32, rolls);
        }
        at.met.clear();
        if att.living.attackers == 1 {
            let pa = (att.living.by_attacker.iter()).position(|c| *c > 0);
            let base = pa.unwrap_or(0) * d;
            // Attacker i strikes target i mod k: target j takes n / k attacks, one more
            // for the first n mod k. Targets of one profile stand in runs (the order
            // sorts by defenses), each run counted at once.
            let (each, odd) = ((n / k) as u32, n % k);
            let mut run = Run::new(base + profile(0));
            for j in 0..k {
                run.add(base + profile(j), each + u32::from(j < odd), at);
            }
            run.end(at);
        } else if def.living.defenders == 1 {
            let pd = profile(0);
            for (pa, &c) in att.living.by_attacker.iter().enumerate() {
                if c > 0 {
                    at.met.push(pa * d + pd);
                    at.count[pa * d + pd] = c;
                }
            }
        } else {
            att.list();
            let mut j = 0;
            let mut run = Run::new(att.attacker[att.alive[0]] * d + profile(0));
            for &i in &att.alive {
                run.add(att.attacker[i] * d + profile(j), 1, at);
                j = if j + 1 == k { 0 } else { j + 1 };
            }
            run.end(at);
        }
        at.met.sort_unstable();
        at.parts.clear();
        for &p in &at.met {
            at.parts
                .push((at.roll[p], std::mem::take(&mut at.count[p])));
        }
        if let (Some(m), Some(key)) = (&mut at.memo, key) {
            m.keep(key, &at.parts, &mut at.tables);
            if let Some(hits) = m.hits(key, &at.tables, rolls) {
                return hits;
            }
        }
        at.tables.hits_together(&at.parts, rolls)
    }

    /// Step 2 by side `s`, its hits spread over at most `k` targets: full damage when
    /// `full`. The fallen leave the list of targets as they fall.
    #[inline(always)]
    fn deal(&mut self, s: usize, hits: u64, k: usize, full: bool, rolls: &mut impl Rolls) {
        let used = if hits == 0 {
            0
        } else {
            (k as u64).min(hits) as usize
        };
        if used == 0 {
            return;
        }
        let (def, dice) = (&mut self.side[1 - s], &mut self.attack[s].dice);
        // Divided once, in 32 bits where the hits fit (a division is the dearest step);
        // a share beyond MAX_HP fells anyone, so it is counted as MAX_HP.
        let (each, odd) = match u32::try_from(hits) {
            Ok(h) => (h / used as u32, (h % used as u32) as usize),
            Err(_) => {
                let each = (hits / used as u64).min(u64::from(MAX_HP));
                (each as u32, (hits % used as u64) as usize)
            }
        };
        let each = each.min(MAX_HP);
        // The dice first, all at once: one for each target struck.
        if full {
            rolls.dice(self.first_hit_die, &mut dice[..used]);
        }
        // A side of one kind, or one no memo numbers, only counts its fallen; one of
        // several kinds that a memo numbers sums their parts of its slot numbers.
        let (units, part, dice) = (&mut def.units[..used], &def.part[..], &dice[..]);
        let (fell, gone) = match (full, def.keyed && def.kinds.len() > 1) {
            (true, true) => strike::<true, true>(units, part, dice, odd, each),
            (true, false) => strike::<true, false>(units, part, dice, odd, each),
            (false, true) => strike::<false, true>(units, part, dice, odd, each),
            (false, false) => strike::<false, false>(units, part, dice, odd, each),
        };
        if fell > 0 {
            // The unstruck move up behind the standing: a short list, copied in place.
            let len = def.len;
            for j in used..len {
                def.units[j - fell] = def.units[j];
            }
            def.len = len - fell;
            def.count_out(fell, gone);
        }
    }
}

/// Attacks counted by pair of profiles as they come, a run of one pair at a time:
/// the count of a pair is written when the run ends, not at every attack.
struct Run {
    pair: usize,
    attacks: u32,
}

impl Run {
    fn new(pair: usize) -> Self {
        Self { pair, attacks: 0 }
    }

    /// `attacks` more of `pair`.
    #[inline(always)]
    fn add(&mut self, pair: usize, attacks: u32, at: &mut Attack) {
        if pair != self.pair {
            self.end(at);
            *self = Self::new(pair);
        }
        self.attacks += attacks;
    }

    /// The run's attacks, counted.
    #[inline(always)]
    fn end(&self, at: &mut Attack) {
        if self.attacks > 0 {
            if at.count[self.pair] == 0 {
                at.met.push(self.pair);
            }
            at.count[self.pair] += self.attacks;
        }
    }
}

/// Step 2 on the struck targets `units`: `each` hits on each and one more on the
/// first `odd`, full damage (a die from `dice` for the first hit, one for each
/// further) when `FULL`, else one a hit. Who falls is a coin toss no predictor
/// guesses: the standing are written back in order, without a branch, and when
/// `KEYED` the fallen's parts of the memos' slot numbers (`part`, by fighter) summed,
/// without one. How many fell, and that sum.
#[inline(always)]
fn strike<const FULL: bool, const KEYED: bool>(
    units: &mut [Unit],
    part: &[u64],
    dice: &[u32],
    odd: usize,
    each: u32,
) -> (usize, u64) {
    let used = units.len();
    let dice = &dice[..if FULL { used } else { 0 }];
    let (mut kept, mut gone) = (0, 0);
    for j in 0..used {
        let u = units[j];
        let h = each + u32::from(j < odd);
        let damage = if FULL { dice[j] + h - 1 } else { h };
        let left = u.hp.saturating_sub(damage);
        units[kept] = Unit { hp: left, id: u.id };
        kept += usize::from(left > 0);
        if KEYED {
            // Who falls is a coin toss: the fallen's part, else the 0 kept past the
            // side's own, read either way (a branch here would guess).
            let at = if left == 0 {
                u.id as usize
            } else {
                part.len() - 1
            };
            gone += part[at];
        }
    }
    (used - kept, gone)
}

/// One member of each profile, by profile number.
fn first_of(profile: &[usize], profiles: usize) -> Vec<usize> {
    let mut first = vec![usize::MAX; profiles];
    for (i, &p) in profile.iter().enumerate().rev() {
        first[p] = i;
    }
    first
}

/// The most hit points (and the largest first-hit die) the kernel plays: step 2 sums
/// blows in 32 bits, a share of hits beyond this counted as this (it fells anyone).
const MAX_HP: u32 = 1 << 24;

fn index(side: Side) -> usize {
    match side {
        Side::A => 0,
        Side::B => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pool::parse_mass_battle;
    use crate::rng::SeededRolls;

    /// The memo slot a side keeps as its living fall is the one their counts by
    /// profile number, round after round, in battles of one and of several kinds.
    #[test]
    fn the_kept_slot_is_the_counted_one() {
        let files = [
            include_str!("../../../../../examples/pool/pikes-vs-riders.toml"),
            include_str!("../../../../../examples/pool/knights-vs-levy.toml"),
        ];
        let mut checked = 0;
        for text in files {
            let battle = parse_mass_battle(text).expect("a valid battle").battle;
            let mut kernel = MassKernel::new(&battle).expect("the kernel plays it");
            let mut rolls = SeededRolls::with_stream(3, 1).drawing_whole();
            for _ in 0..200 {
                kernel.reset();
                while !kernel.over() {
                    kernel.play_round(&mut rolls);
                    for s in 0..2 {
                        let (att, def) = (&kernel.side[s], &kernel.side[1 - s]);
                        if let Some(m) = &kernel.attack[s].memo {
                            checked += 1;
                            let counted =
                                m.key(&att.counted().by_attacker, &def.counted().by_defender);
                            assert_eq!(att.key[0] + def.key[1], counted, "round {}", kernel.round);
                        }
                    }
                }
            }
        }
        assert!(checked > 500, "{checked} rounds checked");
    }
}
