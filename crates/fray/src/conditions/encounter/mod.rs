//! An encounter in progress: creatures on the grid, condition instances, turns, and every
//! query and action the conditions text defines. Each action either happens, logging
//! every rule applied, or is refused with the reason.
//!
//! This file owns the state, its construction and the plain queries (who has what, who
//! marks whom); it may not hold the rules of a concern. Every concern lives in its own
//! `impl Encounter` block, one file each:
//!
//! - `senses`: sight, line of effect, space, Perception and hearing;
//! - `modifiers`: attack, defense and Perception modifiers, combat advantage, flanking,
//!   and the bonuses and penalties of effects;
//! - `actions`: the action budget and what a creature may do now;
//! - `lifecycle`: applying and ending condition instances;
//! - `turns`: initiative, start and end of turns, ongoing damage, saves, durations;
//! - `movement`: walking, standing up, forced and dominated movement, escapes, grabs;
//! - `combat`: attacks, hit effects, mark violation;
//! - `harm`: damage dealt through the damage system, and healing;
//! - `terrain`: ground that is not solid, and falling.

use std::collections::HashMap;

use super::model::{
    ActionType, CharacterCondition as C, ConditionInstance, Creature, Duration, Forced,
    InstanceDuration, Ongoing, Power, Side, Square, Usage,
};
use super::rules;
use crate::damage::{
    self, AttackFacts, Defender, Effect, ForcedMovement, Hit, Readings, Resistance, TypeSelector,
};
use crate::rng::Rolls;
use crate::trace::Step;

/// Records a rule applied: `note!(self, rule, text)`. The text (a `&str`, a `String` or
/// `format_args!`) is evaluated only when a log is kept, so an encounter played without a
/// log (the lab's skirmishes) formats no string and allocates nothing for it.
macro_rules! note {
    ($e:expr, $rule:expr, $text:expr $(,)?) => {
        if $e.keep_log {
            let text = $text.to_string();
            $e.log.push(Step::new($rule, text));
        }
    };
}

mod actions;
mod combat;
mod grid;
mod harm;
mod held;
mod lifecycle;
mod modifiers;
mod movement;
mod refusal;
mod senses;
mod terrain;
mod turns;
use grid::Grid;
use held::Held;
pub use modifiers::{AppliedModifier, Target};
pub use movement::EscapeChoice;
pub use refusal::Refused;
use refusal::{Outcome, Reason, refuse, refuse_for};
pub use senses::{HEARING, PerceptionResult};
pub use terrain::Terrain;

/// Actions spent in the current turn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Spent {
    standard: bool,
    moved: bool,
    minor: bool,
    actions: u32,
}

/// Situational cover and concealment of one attack.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Situation {
    /// 0 none, 2 cover, 5 superior cover.
    pub cover: i32,
    /// 0 none, 2 concealment, 5 total concealment.
    pub concealment: i32,
}

/// The choices of one attack besides attacker, power and targets.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AttackOptions {
    /// Cover and concealment of this attack.
    pub situation: Situation,
    /// A dominator forcing the attack.
    pub forced_by: Option<usize>,
    /// Targets of earlier attacks of the same power (a primary before this secondary):
    /// once one of them included the marker, later attacks do not violate the mark.
    pub earlier: Vec<usize>,
    /// The targets first chosen, when an enemy's effect changed them.
    pub initially: Vec<usize>,
    /// Creatures that mark the attacker during this attack (an interrupt).
    pub marked_during: Vec<usize>,
    /// A coup de grace against a helpless or unconscious target.
    pub coup_de_grace: bool,
    /// Squares of the power's forced movement, target by target.
    pub forced_paths: HashMap<usize, Vec<Square>>,
    /// Dominated targets decline the saving throw they can make when damaged.
    pub decline_dominated_save: bool,
}

/// An encounter in progress.
///
/// ```
/// use fray::conditions::{parse_script, CharacterCondition, Duration, Encounter};
/// let script = parse_script(r#"
/// [[creature]]
/// name = "Hero"
/// side = "a"
/// hp = 20
/// position = [0, 0]
/// [[creature]]
/// name = "Ogre"
/// side = "b"
/// hp = 30
/// position = [1, 0]
/// "#).unwrap();
/// let mut e = Encounter::new(script.creatures);
/// e.apply(0, CharacterCondition::Prone, None, &Duration::UntilEnded, None).unwrap();
/// // Prone grants combat advantage to adjacent enemies.
/// assert_eq!(e.combat_advantage(1, 0), ["Hero is prone and the attacker is adjacent"]);
/// assert!(e.can_move(0).is_ok());
/// assert!(e.movement_cost(0, 2).is_err()); // prone: crawl 1 square
/// ```
#[derive(Debug, Clone)]
pub struct Encounter {
    /// Every creature and object, by index: the index is how the encounter names them.
    /// Read through [`Encounter::creatures`]; positions change only through the
    /// encounter, which keeps `grid` with them.
    creatures: Vec<Creature>,
    /// Who stands on which square.
    grid: Grid,
    /// (creature, instance), oldest first, counted per creature and condition.
    instances: Held,
    /// (creature, ongoing damage), save ends.
    pub ongoing: Vec<(usize, Ongoing)>,
    /// The round in progress (0 before the first turn).
    pub round: u32,
    /// Whose turn it is.
    pub current: Option<usize>,
    order: Vec<usize>,
    /// Where in `order` the last turn begun by `next_turn` is.
    turn_at: usize,
    turns_begun: Vec<u32>,
    spent: Spent,
    /// Total Defense: the turn count of its creature when it was taken.
    total_defense: Vec<Option<u32>>,
    exiled_from: Vec<Option<Square>>,
    /// Squares chosen for reappearing (Exiled, Swallowed), used once.
    reappear: Vec<Option<Square>>,
    next_id: u32,
    /// Every rule applied, in order (while `keep_log` is on).
    pub log: Vec<Step>,
    /// Whether rules applied are recorded in `log` (on by default). Whole battles played
    /// many times (the lab's skirmish trials) turn it off, so memory does not grow with
    /// every step; the state, `stats` and every result stay the same.
    pub keep_log: bool,
    /// Damage dealt by type, and conditions inflicted, over the encounter.
    pub stats: Stats,
    /// The readings of the rules text in force (`Readings::default()` unless set).
    pub readings: super::readings::Readings,
    /// Bonuses and penalties effects put on creatures (not conditions).
    pub modifiers: Vec<AppliedModifier>,
    /// Squares that are not solid ground.
    pub terrain: HashMap<Square, Terrain>,
    /// Each creature's powers, shared: an attack reads its power here rather than
    /// cloning it out of the creature (powers do not change in play).
    powers: Vec<std::sync::Arc<[Power]>>,
    /// Each creature's name, shared: a refusal holds it rather than a copy.
    names: Vec<std::sync::Arc<str>>,
    /// Each creature's traits lowered for the damage system, once (they do not change).
    defenders: Vec<Defender>,
    /// Each creature's hits, one per power, its types and keywords built once: an attack
    /// takes its hit out, sets the amount and the attack's facts, and puts it back.
    hits: Vec<Vec<Option<Hit>>>,
    /// The facts of a condition or move imposed without a hit (physical, no keywords),
    /// built once.
    no_hit: Hit,
    /// Damage types met so far, each with its words, to count damage by type without a
    /// new string per hit.
    type_names: Vec<(damage::DamageTypes, String)>,
    /// The modifiers of a roll gathered to be stacked, kept between attacks.
    kept_modifiers: Vec<crate::conditions::stacking::Modifier>,
    /// Instance or ongoing-damage ids gathered at the end of a turn, kept between turns.
    kept_ids: Vec<u32>,
    /// Instances ending at the end of a turn, kept between turns.
    kept_instances: Vec<(usize, ConditionInstance)>,
    /// The creatures with a defender aura (auras do not change in play).
    aura_owners: Vec<usize>,
    /// (creature, aura owner) pairs found when auras are settled, kept between moves.
    kept_pairs: Vec<(usize, usize)>,
}

/// What an encounter dealt and inflicted, for reports.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stats {
    /// Damage dealt, by the hit's damage types ("fire", "fire and cold"...).
    pub damage_by_type: std::collections::BTreeMap<String, u64>,
    /// Condition instances inflicted, by condition.
    pub conditions: std::collections::BTreeMap<String, u64>,
}

impl Stats {
    /// Sets every count to zero, keeping the names met so far, so counting them again
    /// allocates nothing (a reset encounter's stats hold zeros for names met earlier).
    fn clear(&mut self) {
        self.damage_by_type.values_mut().for_each(|n| *n = 0);
        self.conditions.values_mut().for_each(|n| *n = 0);
    }

    /// Adds `n` under `key`, copying the key only the first time it is met.
    fn bump(map: &mut std::collections::BTreeMap<String, u64>, key: &str, n: u64) {
        match map.get_mut(key) {
            Some(v) => *v += n,
            None => {
                map.insert(key.to_owned(), n);
            }
        }
    }
}

impl Encounter {
    /// An encounter before its first turn; initiative order is fixed now (ties keep the
    /// order the creatures were listed in).
    pub fn new(creatures: Vec<Creature>) -> Self {
        // Objects take no turns.
        let mut order: Vec<usize> = (0..creatures.len())
            .filter(|&i| !creatures[i].object)
            .collect();
        order.sort_by_key(|&i| std::cmp::Reverse(creatures[i].initiative));
        let n = creatures.len();
        let defenders = creatures
            .iter()
            .map(|c| Defender::new(c.traits.iter().cloned()))
            .collect();
        let powers = creatures
            .iter()
            .map(|c| c.powers.as_slice().into())
            .collect();
        let hits = creatures
            .iter()
            .map(|c| c.powers.iter().map(|p| Some(Self::hit_of(p))).collect())
            .collect();
        let names = creatures.iter().map(|c| c.name.as_str().into()).collect();
        let positions: Vec<Option<Square>> = creatures.iter().map(|c| c.position).collect();
        let aura_owners = (0..n).filter(|&c| creatures[c].aura.is_some()).collect();
        let mut e = Self {
            grid: Grid::new(&positions, creatures.iter().map(|c| c.side).collect()),
            names,
            powers,
            creatures,
            // Room for a few instances a creature from the start, so a later skirmish of
            // a chunk does not grow the buffers (grown, they are kept as well).
            instances: Held::new(n, 4 * n),
            ongoing: Vec::new(),
            round: 0,
            current: None,
            order,
            turn_at: 0,
            turns_begun: vec![0; n],
            spent: Spent::default(),
            total_defense: vec![None; n],
            exiled_from: vec![None; n],
            reappear: vec![None; n],
            next_id: 1,
            log: Vec::new(),
            keep_log: true,
            stats: Stats::default(),
            readings: super::readings::Readings::default(),
            modifiers: Vec::new(),
            terrain: HashMap::new(),
            defenders,
            hits,
            no_hit: Hit::new(0, []),
            type_names: Vec::new(),
            kept_modifiers: Vec::with_capacity(8),
            kept_ids: Vec::with_capacity(4 * n),
            kept_instances: Vec::with_capacity(4 * n),
            aura_owners,
            kept_pairs: Vec::new(),
        };
        e.settle();
        e
    }

    fn name(&self, c: usize) -> &str {
        &self.creatures[c].name
    }

    /// Puts the encounter back as [`Encounter::new`] built it from `creatures`, keeping
    /// its buffers: the lab plays many skirmishes on one encounter, so a skirmish after
    /// the first allocates no state. Play changes only the creatures' hit points and
    /// positions, so only those are copied back (`creatures` must be the roster it was
    /// built from; another roster needs a new encounter). The log is emptied and the stats count from zero again;
    /// `keep_log` and `readings` stay as set.
    pub fn reset(&mut self, creatures: &[Creature]) {
        debug_assert_eq!(creatures.len(), self.creatures.len(), "the same roster");
        for (c, from) in self.creatures.iter_mut().zip(creatures) {
            c.hp = from.hp;
            c.position = from.position;
        }
        (self.grid).reset(self.creatures.iter().map(|c| c.position));
        self.instances.clear();
        self.ongoing.clear();
        self.round = 0;
        self.current = None;
        self.turn_at = 0;
        self.turns_begun.fill(0);
        self.spent = Spent::default();
        self.total_defense.fill(None);
        self.exiled_from.fill(None);
        self.reappear.fill(None);
        self.next_id = 1;
        self.log.clear();
        self.stats.clear();
        self.modifiers.clear();
        self.terrain.clear();
        self.settle();
    }

    /// Initiative order, first to act first.
    pub fn initiative_order(&self) -> &[usize] {
        &self.order
    }

    /// Every creature and object, by index: the index is how the encounter names them.
    pub fn creatures(&self) -> &[Creature] {
        &self.creatures
    }

    /// Sets a creature's hit points, as a script's set-up would (nothing else follows:
    /// falling unconscious is the rule of damage, not of this).
    pub fn set_hp(&mut self, c: usize, hp: i64) {
        self.creatures[c].hp = hp;
    }

    /// Puts a creature on a square, or off the grid (`None`), as a script's set-up would;
    /// then settles what positions decide, as after any move (grabs that lost adjacency
    /// end, defender auras mark whom they now cover).
    pub fn place(&mut self, c: usize, at: Option<Square>) {
        self.set_position(c, at);
        self.settle();
    }

    /// Moves a creature, keeping the grid with it; the only writer of positions.
    fn set_position(&mut self, c: usize, at: Option<Square>) {
        self.creatures[c].position = at;
        self.grid.place(c, at);
    }

    // ----- queries -----

    /// Whether creature `who` may enter square `s`: no other creature that occupies
    /// space stands there.
    pub fn free(&self, s: Square, who: usize) -> bool {
        !self.grid.on(s).any(|o| o != who && self.occupies_space(o))
    }

    /// The creature or object of `side` nearest to square `s` among those `keep` accepts
    /// (the lowest index among equally near ones); those off the grid are never nearest.
    /// Looks at the creatures close by first, so it costs little however large the
    /// encounter; `keep` is asked only of those that would be nearer (it should not count
    /// on being asked of every creature, nor in order).
    ///
    /// ```
    /// use fray::character::Side;
    /// use fray::conditions::{parse_script, Encounter, Square};
    /// let script = parse_script(r#"
    /// [[creature]]
    /// name = "Hero"
    /// side = "a"
    /// hp = 20
    /// position = [0, 0]
    /// [[creature]]
    /// name = "Far orc"
    /// side = "b"
    /// hp = 30
    /// position = [9, 0]
    /// [[creature]]
    /// name = "Near orc"
    /// side = "b"
    /// hp = 30
    /// position = [3, 3]
    /// "#).unwrap();
    /// let mut e = Encounter::new(script.creatures);
    /// let hero = Square { x: 0, y: 0 };
    /// assert_eq!(e.nearest(hero, Side::B, |_| true), Some(2));
    /// // Set up another situation: the far orc steps up.
    /// e.place(1, Some(Square { x: 1, y: 1 }));
    /// assert_eq!(e.nearest(hero, Side::B, |_| true), Some(1));
    /// assert!(!e.free(Square { x: 1, y: 1 }, 0));
    /// ```
    pub fn nearest(&self, s: Square, side: Side, keep: impl FnMut(usize) -> bool) -> Option<usize> {
        self.grid.nearest(s, side, keep)
    }

    /// The creatures at most `r` squares from square `s`, in no particular order.
    pub fn within(&self, s: Square, r: u32) -> impl Iterator<Item = usize> + '_ {
        self.grid.within(s, r)
    }

    /// The condition instances in force, as (creature, instance), oldest first.
    pub fn instances(&self) -> &[(usize, ConditionInstance)] {
        &self.instances
    }

    /// Whether the creature is under a condition (marks from defender auras are
    /// instances like any other): one lookup, asked many times a turn.
    pub fn has(&self, c: usize, condition: C) -> bool {
        self.instances.count(c, condition) > 0
    }

    /// Its instances of a condition (none looked through when it holds none).
    pub fn instances_of(&self, c: usize, condition: C) -> impl Iterator<Item = &ConditionInstance> {
        let held: &[_] = if self.has(c, condition) {
            &self.instances
        } else {
            &[]
        };
        held.iter()
            .filter(move |(o, i)| *o == c && i.condition == condition)
            .map(|(_, i)| i)
    }

    /// The creatures imposing `c`'s instances of a condition, oldest first (no vector
    /// built: asked on every attack and escape).
    fn sources(&self, c: usize, condition: C) -> impl Iterator<Item = usize> + '_ {
        self.instances_of(c, condition).filter_map(|i| i.source)
    }

    /// Enemies whose defender aura covers the creature ("Sidebar: Defender Aura").
    pub fn aura_markers(&self, c: usize) -> Vec<usize> {
        (self.aura_owners.iter().copied())
            .filter(|&o| self.in_aura_of(c, o))
            .collect()
    }

    /// Whether `c` stands inside the defender aura of `o`, an enemy still up (one of
    /// [`Encounter::aura_markers`], asked without building the list).
    fn in_aura_of(&self, c: usize, o: usize) -> bool {
        let Some(at) = self.creatures[c].position else {
            return false;
        };
        o != c
            && self.enemies(o, c)
            && self.creatures[o].hp > 0
            && match (self.creatures[o].aura, self.creatures[o].position) {
                (Some(r), Some(p)) => p.distance(at) <= r,
                _ => false,
            }
    }

    /// Every creature marking `c` (the sources of its marked instances, auras included).
    pub fn markers(&self, c: usize) -> Vec<usize> {
        let mut m = Vec::new();
        for s in self.sources(c, C::Marked) {
            if !m.contains(&s) {
                m.push(s);
            }
        }
        m
    }

    fn enemies(&self, a: usize, b: usize) -> bool {
        self.creatures[a].side != self.creatures[b].side
            && !self.creatures[a].object
            && !self.creatures[b].object
    }

    fn adjacent(&self, a: usize, b: usize) -> bool {
        matches!((self.creatures[a].position, self.creatures[b].position), (Some(p), Some(q)) if p.adjacent(q))
    }
}
