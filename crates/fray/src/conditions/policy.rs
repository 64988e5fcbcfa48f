//! A simple built-in policy, so whole skirmishes run unattended: every creature stands
//! up when prone, tries to escape a grab, moves toward the nearest enemy, and uses the
//! best attack power it may use. Every action goes through the encounter, so every
//! condition is respected: a refused action is simply not taken.

use serde::Serialize;

use super::encounter::{AttackOptions, Encounter};
use super::model::{ActionType, CharacterCondition as C, Creature, Power, Side, Square, Usage};
use crate::rng::Rolls;

/// How a skirmish ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SkirmishOutcome {
    /// The side left standing, if only one is.
    pub winner: Option<Side>,
    /// Rounds played.
    pub rounds: u32,
    /// Each creature's hit points at the end (0 or less: down).
    pub hp: Vec<i64>,
    /// Damage by type and conditions inflicted.
    pub stats: super::encounter::Stats,
}

fn standing(e: &Encounter, c: usize) -> bool {
    let k = &e.creatures()[c];
    !k.object && k.hp > 0 && !e.has(c, C::Unconscious)
}

/// The first creature of `side` still standing, if any.
fn first_standing(e: &Encounter, side: Side) -> Option<usize> {
    (0..e.creatures().len()).find(|&c| e.creatures()[c].side == side && standing(e, c))
}

/// Plays a skirmish until one side is down or `max_rounds` rounds have passed.
///
/// ```
/// use fray::conditions::policy::play_skirmish;
/// use fray::conditions::parse_script;
/// use fray::rng::SeededRolls;
/// let s = parse_script(r#"
/// [[creature]]
/// name = "Knight"
/// side = "a"
/// hp = 20
/// ac = 16
/// position = [0, 0]
/// [[creature.power]]
/// name = "Sword"
/// keywords = ["melee"]
/// attack = 6
/// damage = "1d8+3"
/// [[creature]]
/// name = "Goblin"
/// side = "b"
/// hp = 8
/// position = [4, 0]
/// [[creature.power]]
/// name = "Spear"
/// keywords = ["melee"]
/// attack = 3
/// damage = "1d6"
/// "#).unwrap();
/// let out = play_skirmish(&s.creatures, 20, &mut SeededRolls::new(1));
/// assert!(out.winner.is_some());
/// ```
pub fn play_skirmish(
    creatures: &[Creature],
    max_rounds: u32,
    rolls: &mut impl Rolls,
) -> SkirmishOutcome {
    // Only the outcome is returned: no log is kept, so a long skirmish played many
    // times (the lab's trials) uses memory for its creatures only.
    let mut s = Skirmish::new(creatures);
    s.play(max_rounds, rolls);
    s.outcome(max_rounds)
}

/// Like [`play_skirmish`], and also returns every rule applied, in order: for showing
/// one skirmish, not for playing many (the log grows with every step).
pub fn play_skirmish_logged(
    creatures: &[Creature],
    max_rounds: u32,
    rolls: &mut impl Rolls,
) -> (SkirmishOutcome, Vec<crate::trace::Step>) {
    let mut s = Skirmish::new(creatures);
    s.encounter.keep_log = true;
    s.play(max_rounds, rolls);
    let outcome = s.outcome(max_rounds);
    (outcome, s.encounter.log)
}

/// A skirmish set up once and played many times (the lab's trials of one chunk): the
/// encounter is reset rather than rebuilt, its buffers kept, and what does not change
/// during a skirmish (which powers reach far, their mean damage) is worked out once. No
/// log is kept, so no rule's text is formatted.
#[derive(Debug, Clone)]
pub struct Skirmish {
    /// The encounter being played; after [`Skirmish::play`], its state at the end.
    pub encounter: Encounter,
    /// The roster as given: each skirmish starts from it.
    start: Vec<Creature>,
    /// Per creature, per power: used up (an encounter power already used).
    used: Vec<Vec<bool>>,
    /// Per creature, per power: mean damage (0 without damage dice).
    means: Vec<Vec<f64>>,
    /// Per creature, per power: ranged or area, so aimed at the nearest enemy.
    far: Vec<Vec<bool>>,
    /// Per creature: whether any power reaches beyond adjacent squares.
    reaches: Vec<bool>,
    /// The squares of a walk, kept between moves.
    path: Vec<Square>,
    /// Per side, a creature last seen standing: asked first whether the side still
    /// stands, so the roster is walked only when that one has fallen.
    witness: [usize; 2],
}

impl Skirmish {
    /// Sets up the skirmish of `creatures` (played with [`Skirmish::play`]).
    pub fn new(creatures: &[Creature]) -> Self {
        let mut encounter = Encounter::new(creatures.to_vec());
        encounter.keep_log = false;
        let per_power = |f: &dyn Fn(&Power) -> bool| -> Vec<Vec<bool>> {
            creatures
                .iter()
                .map(|c| c.powers.iter().map(f).collect())
                .collect()
        };
        let far = per_power(&|p| p.has("ranged") || p.is_area());
        Self {
            encounter,
            start: creatures.to_vec(),
            used: per_power(&|_| false),
            means: creatures
                .iter()
                .map(|c| {
                    c.powers
                        .iter()
                        .map(|p| p.damage.as_ref().map_or(0.0, |d| d.distribution().mean()))
                        .collect()
                })
                .collect(),
            reaches: far.iter().map(|f| f.iter().any(|&x| x)).collect(),
            far,
            path: Vec::new(),
            witness: [0; 2],
        }
    }

    /// Plays one skirmish from the start, until one side is down or `max_rounds` rounds
    /// have passed; the result is read from [`Skirmish::encounter`] (or
    /// [`Skirmish::outcome`]). After the first, a skirmish allocates little or nothing.
    pub fn play(&mut self, max_rounds: u32, rolls: &mut impl Rolls) {
        self.play_until(max_rounds, rolls, || false);
    }

    /// Like [`Skirmish::play`], but asks `stop` once in every round after the first (when
    /// the round's first turn has been taken) and, once it says so, stops there: a
    /// skirmish of hundreds of creatures that cannot reach each other lasts every one of
    /// its rounds, so a caller that may be cancelled (the lab) stops within a round.
    /// Returns whether the skirmish was played to its end.
    pub fn play_until(
        &mut self,
        max_rounds: u32,
        rolls: &mut impl Rolls,
        mut stop: impl FnMut() -> bool,
    ) -> bool {
        if self.encounter.round > 0 || self.encounter.current.is_some() {
            self.encounter.reset(&self.start);
        }
        self.used.iter_mut().for_each(|u| u.fill(false));
        let mut asked = 0;
        while self.side_stands(Side::A) && self.side_stands(Side::B) {
            if self.encounter.round != asked {
                asked = self.encounter.round;
                if stop() {
                    return false;
                }
            }
            self.encounter.next_turn(rolls);
            if self.encounter.round > max_rounds {
                break;
            }
            if let Some(c) = self
                .encounter
                .current
                .filter(|&c| standing(&self.encounter, c))
            {
                self.act(c, rolls);
            }
        }
        true
    }

    /// Whether any creature of `side` still stands (the witness first).
    fn side_stands(&mut self, side: Side) -> bool {
        let e = &self.encounter;
        let w = &mut self.witness[side as usize];
        if (e.creatures().get(*w)).is_some_and(|k| k.side == side && standing(e, *w)) {
            return true;
        }
        first_standing(e, side).map(|c| *w = c).is_some()
    }

    /// The side left standing, if only one is.
    pub fn winner(&self) -> Option<Side> {
        let e = &self.encounter;
        match (
            first_standing(e, Side::A).is_some(),
            first_standing(e, Side::B).is_some(),
        ) {
            (true, false) => Some(Side::A),
            (false, true) => Some(Side::B),
            _ => None,
        }
    }

    /// Rounds played, at most `max_rounds`.
    pub fn rounds(&self, max_rounds: u32) -> u32 {
        self.encounter.round.min(max_rounds)
    }

    /// The last skirmish's outcome, built as a value (it copies the hit points and stats).
    /// After a reset, the stats also hold, at zero, names met in earlier skirmishes.
    pub fn outcome(&self, max_rounds: u32) -> SkirmishOutcome {
        SkirmishOutcome {
            winner: self.winner(),
            rounds: self.rounds(max_rounds),
            hp: self.encounter.creatures().iter().map(|c| c.hp).collect(),
            stats: self.encounter.stats.clone(),
        }
    }

    /// One creature's turn.
    fn act(&mut self, c: usize, rolls: &mut impl Rolls) {
        let e = &mut self.encounter;
        if e.has(c, C::Prone) {
            let _ = e.stand_up(c, None);
        }
        let grabber = e.instances_of(c, C::Grabbed).find_map(|i| i.source);
        if let Some(g) = grabber {
            let roll = rolls.die(20);
            let _ = e.escape(c, g, Some(C::Grabbed), roll.into());
        }
        let Some(nearest) = nearest_enemy(e, c) else {
            return;
        };
        // A creature with a power that reaches far never walks, so `nearest` is still
        // the nearest when such a power aims at it.
        if !in_reach(e, c, nearest, self.reaches[c]) {
            approach(e, c, nearest, &mut self.path);
        }
        if let Some((power, target)) = self.best_attack(c, nearest) {
            let e = &mut self.encounter;
            let powers = &e.creatures()[c].powers;
            // The power an attack by its name would use (the first of that name), found
            // without copying the name.
            let name = &powers[power].name;
            let first = (powers.iter())
                .position(|q| q.name.eq_ignore_ascii_case(name))
                .unwrap_or(power);
            let usage = powers[power].usage;
            let o = AttackOptions::default();
            if e.attack_with(c, first, &[target], &o, rolls).is_ok() && usage == Usage::Encounter {
                // Used up by name, as the policy always counted it.
                let powers = &e.creatures()[c].powers;
                let name = &powers[power].name;
                for (u, p) in self.used[c].iter_mut().zip(powers) {
                    *u |= p.name == *name;
                }
            }
        }
    }

    /// The attack with the most expected damage the creature may make now (a power's
    /// index), and its target: melee against the weakest adjacent enemy, ranged against
    /// the nearest one (`nearest`, asked by the caller).
    fn best_attack(&self, c: usize, nearest: usize) -> Option<(usize, usize)> {
        let e = &self.encounter;
        if e.can_attack(c).is_err() {
            return None;
        }
        let at = e.creatures()[c].position?;
        // The lowest index among the equally weak, as a walk over the roster finds.
        let weakest_adjacent = (e.within(at, 1))
            .filter(|&o| {
                enemy(e, c, o) && e.creatures()[o].position.is_some_and(|p| p.adjacent(at))
            })
            .min_by_key(|&o| (e.creatures()[o].hp, o));
        let nearest = Some(nearest);
        let means = &self.means[c];
        (e.creatures()[c].powers.iter().enumerate())
            .filter(|(i, p)| e.can_take(c, p.action).is_ok() && !self.used[c][*i])
            .filter(|(_, p)| matches!(p.action, ActionType::Standard | ActionType::Minor))
            .filter_map(|(i, _)| {
                let target = if self.far[c][i] {
                    nearest
                } else {
                    weakest_adjacent
                }?;
                e.line_of_effect(c, target).ok()?;
                Some((i, target))
            })
            .max_by(|(a, _), (b, _)| means[*a].total_cmp(&means[*b]))
    }
}

/// Whether `o` is an enemy of `c` still standing (on the grid or not).
fn enemy(e: &Encounter, c: usize, o: usize) -> bool {
    e.creatures()[o].side != e.creatures()[c].side && standing(e, o)
}

/// The nearest enemy standing on the grid (the lowest index among equally near ones).
fn nearest_enemy(e: &Encounter, c: usize) -> Option<usize> {
    let me = &e.creatures()[c];
    e.nearest(me.position?, me.side.other(), |o| standing(e, o))
}

/// Adjacent to the target, or with a power that reaches far (`reaches`, worked out once).
fn in_reach(e: &Encounter, c: usize, target: usize, reaches: bool) -> bool {
    let (Some(a), Some(t)) = (e.creatures()[c].position, e.creatures()[target].position) else {
        return false;
    };
    a.adjacent(t) || reaches
}

/// Walks toward the target, square by square, as far as the creature may; `path` is a
/// buffer kept between walks.
fn approach(e: &mut Encounter, c: usize, target: usize, path: &mut Vec<Square>) {
    if e.can_take(c, ActionType::Move).is_err() || e.can_move(c).is_err() {
        return;
    }
    let Some(goal) = e.creatures()[target].position else {
        return;
    };
    path.clear();
    let mut at = match e.creatures()[c].position {
        Some(p) => p,
        None => return,
    };
    while !at.adjacent(goal) && e.movement_cost(c, path.len() as u32 + 1).is_ok() {
        let next = (-1..=1)
            .flat_map(|dx| (-1..=1).filter_map(move |dy| at.offset(dx, dy)))
            .filter(|s| *s != at && !path.contains(s) && e.free(*s, c))
            .min_by_key(|s| (s.distance(goal), s.squared_distance(goal)));
        match next {
            Some(s) if s.distance(goal) < at.distance(goal) => {
                path.push(s);
                at = s;
            }
            _ => break,
        }
    }
    if !path.is_empty() {
        let _ = e.walk(c, path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SeededRolls;

    /// A knight with an encounter power and a ranged archer against two goblins.
    fn roster() -> Vec<Creature> {
        let text = r#"
[[creature]]
name = "Knight"
side = "a"
hp = 20
ac = 16
position = [0, 0]
[[creature.power]]
name = "Sword"
keywords = ["melee"]
attack = 6
damage = "1d8+3"
[[creature.power]]
name = "Bash"
usage = "encounter"
keywords = ["melee"]
attack = 5
damage = "2d6+3"
effects = [{ condition = "dazed", duration = { end-of-next-turn = "Knight" } }]
[[creature]]
name = "Archer"
side = "a"
hp = 12
position = [0, 2]
[[creature.power]]
name = "Bow"
keywords = ["ranged"]
attack = 5
damage = "1d8"
[[creature]]
name = "Goblin"
side = "b"
hp = 12
position = [5, 0]
[[creature.power]]
name = "Spear"
keywords = ["melee"]
attack = 4
damage = "1d6+1"
[[creature]]
name = "Boss"
side = "b"
hp = 18
position = [6, 2]
[[creature.power]]
name = "Axe"
keywords = ["melee"]
attack = 5
damage = "1d10"
"#;
        crate::conditions::parse_script(text)
            .expect("a valid roster")
            .creatures
    }

    /// The stats without the zeros a reset keeps.
    fn counted(m: &std::collections::BTreeMap<String, u64>) -> Vec<(String, u64)> {
        m.iter()
            .filter(|(_, n)| **n > 0)
            .map(|(k, n)| (k.clone(), *n))
            .collect()
    }

    /// Every hit point lost is counted once in the damage by type (the bundled roster
    /// heals nothing), not twice as a repeated count once did.
    #[test]
    fn damage_by_type_adds_up_to_the_hit_points_lost() {
        let creatures = roster();
        for seed in 0..20 {
            let out = play_skirmish(&creatures, 20, &mut SeededRolls::new(seed));
            let lost: i64 = creatures.iter().zip(&out.hp).map(|(c, hp)| c.hp - hp).sum();
            let counted: u64 = out.stats.damage_by_type.values().sum();
            assert_eq!(counted as i64, lost, "seed {seed}");
        }
    }

    /// A reset that forgot anything (a used encounter power, a condition, a position)
    /// would play later seeds differently from a new skirmish.
    #[test]
    fn a_reset_skirmish_plays_as_a_new_one() {
        let creatures = roster();
        let mut reused = Skirmish::new(&creatures);
        let mut winners = [0; 3];
        for seed in 0..40 {
            let fresh = play_skirmish(&creatures, 20, &mut SeededRolls::new(seed));
            reused.play(20, &mut SeededRolls::new(seed));
            let again = reused.outcome(20);
            assert_eq!(
                (fresh.winner, fresh.rounds, &fresh.hp),
                (again.winner, again.rounds, &again.hp),
                "seed {seed}"
            );
            let (f, a) = (&fresh.stats, &again.stats);
            assert_eq!(counted(&f.damage_by_type), counted(&a.damage_by_type));
            assert_eq!(counted(&f.conditions), counted(&a.conditions));
            winners[match fresh.winner {
                Some(Side::A) => 0,
                Some(Side::B) => 1,
                None => 2,
            }] += 1;
        }
        assert!(
            winners[0] > 0 && winners[1] > 0,
            "both sides won: {winners:?}"
        );
    }
}
