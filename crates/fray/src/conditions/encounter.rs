//! An encounter in progress: creatures on the grid, condition instances, turns, and every
//! query and action the conditions text defines. Each action either happens, logging
//! every rule applied, or is refused with the reason.

use std::collections::HashMap;

use super::model::{
    ActionType, CharacterCondition as C, ConditionInstance, Creature, Duration, Forced,
    InstanceDuration, Ongoing, Power, Square, Usage,
};
use super::rules;
use super::stacking::{Breakdown, Modifier, ModifierType, stack};
use crate::damage::{
    self, AttackFacts, Defender, Effect, ForcedMovement, Hit, Readings, Resistance, TypeSelector,
};
use crate::rng::Rolls;
use crate::trace::{Rule, Step};

#[path = "attack.rs"]
mod attack;
#[path = "effects.rs"]
mod effects;
#[path = "escape.rs"]
mod escape;
#[path = "instances.rs"]
mod instances;
#[path = "movement.rs"]
mod movement;
#[path = "senses.rs"]
mod senses;
#[path = "terrain.rs"]
mod terrain;
#[path = "turns.rs"]
mod turns;
pub use effects::{AppliedModifier, Target};
pub use escape::EscapeChoice;
pub use senses::{HEARING, PerceptionResult};
pub use terrain::Terrain;

/// Why an action did not happen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

type Outcome<T = ()> = Result<T, Refused>;

fn refuse<T>(why: impl Into<String>) -> Outcome<T> {
    Err(Refused(why.into()))
}

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
    pub creatures: Vec<Creature>,
    /// (creature, instance), oldest first.
    pub instances: Vec<(usize, ConditionInstance)>,
    /// (creature, ongoing damage), save ends.
    pub ongoing: Vec<(usize, Ongoing)>,
    pub round: u32,
    /// Whose turn it is.
    pub current: Option<usize>,
    order: Vec<usize>,
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
}

/// What an encounter dealt and inflicted, for reports.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stats {
    /// Damage dealt, by the hit's damage types ("fire", "fire and cold"...).
    pub damage_by_type: std::collections::BTreeMap<String, u64>,
    /// Condition instances inflicted, by condition.
    pub conditions: std::collections::BTreeMap<String, u64>,
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
        let mut e = Self {
            creatures,
            instances: Vec::new(),
            ongoing: Vec::new(),
            round: 0,
            current: None,
            order,
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
        };
        e.settle();
        e
    }

    fn note(&mut self, rule: Rule, text: impl Into<String>) {
        if self.keep_log {
            self.log.push(Step::new(rule, text));
        }
    }

    fn name(&self, c: usize) -> &str {
        &self.creatures[c].name
    }

    /// Initiative order, first to act first.
    pub fn initiative_order(&self) -> &[usize] {
        &self.order
    }

    // ----- queries -----

    /// Whether the creature is under a condition (marks from defender auras are
    /// instances like any other).
    pub fn has(&self, c: usize, condition: C) -> bool {
        self.instances
            .iter()
            .any(|(o, i)| *o == c && i.condition == condition)
    }

    /// Its instances of a condition.
    pub fn instances_of(&self, c: usize, condition: C) -> impl Iterator<Item = &ConditionInstance> {
        self.instances
            .iter()
            .filter(move |(o, i)| *o == c && i.condition == condition)
            .map(|(_, i)| i)
    }

    fn sources(&self, c: usize, condition: C) -> Vec<usize> {
        self.instances_of(c, condition)
            .filter_map(|i| i.source)
            .collect()
    }

    /// Enemies whose defender aura covers the creature ("Sidebar: Defender Aura").
    pub fn aura_markers(&self, c: usize) -> Vec<usize> {
        let Some(at) = self.creatures[c].position else {
            return Vec::new();
        };
        (0..self.creatures.len())
            .filter(|&o| o != c && self.enemies(o, c) && self.creatures[o].hp > 0)
            .filter(
                |&o| match (self.creatures[o].aura, self.creatures[o].position) {
                    (Some(r), Some(p)) => p.distance(at) <= r,
                    _ => false,
                },
            )
            .collect()
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

    /// Whether `a` can see `b`, or why not.
    pub fn line_of_sight(&self, a: usize, b: usize) -> Outcome {
        if self.has(a, C::Blinded) {
            return refuse(format!(
                "{} is blinded: no line of sight to anything",
                self.name(a)
            ));
        }
        if self.has(a, C::Unconscious) {
            return refuse(format!("{} is unconscious and cannot see", self.name(a)));
        }
        self.line_of_effect(a, b)
            .map_err(|r| Refused(r.0.replace("line of effect", "line of sight")))
    }

    /// Whether `a` has line of effect to `b`, or why not.
    pub fn line_of_effect(&self, a: usize, b: usize) -> Outcome {
        for (x, y) in [(a, b), (b, a)] {
            if self.has(x, C::Exiled) {
                return refuse(format!(
                    "{} is exiled: no line of effect to or from it",
                    self.name(x)
                ));
            }
            let swallowers = self.sources(x, C::Swallowed);
            if let Some(&s) = swallowers.first() {
                let inside = y == s || self.sources(y, C::Swallowed).contains(&s);
                if !inside {
                    return refuse(format!(
                        "{} is swallowed: line of effect only with {} and those it swallowed",
                        self.name(x),
                        self.name(s)
                    ));
                }
            }
        }
        Ok(())
    }

    /// Whether the creature occupies a space.
    pub fn occupies_space(&self, c: usize) -> bool {
        self.creatures[c].position.is_some()
            && !self.has(c, C::Exiled)
            && !self.has(c, C::Swallowed)
    }

    /// Whether the creature can flank, or why not.
    pub fn can_flank(&self, c: usize) -> Outcome {
        for (cond, why) in [
            (C::Blinded, "blinded"),
            (C::Dazed, "dazed"),
            (C::Dominated, "dominated"),
            (C::Petrified, "petrified"),
            (C::Stunned, "stunned"),
            (C::Unconscious, "unconscious"),
        ] {
            if self.has(c, cond) {
                return refuse(format!("{} cannot flank: {why}", self.name(c)));
            }
        }
        Ok(())
    }

    /// An ally of the attacker flanking the target with it: adjacent to the target on the
    /// opposite side, both able to flank.
    pub fn flanking_ally(&self, attacker: usize, target: usize) -> Option<usize> {
        let (a, t) = (
            self.creatures[attacker].position?,
            self.creatures[target].position?,
        );
        if !a.adjacent(t) || self.can_flank(attacker).is_err() {
            return None;
        }
        // The square past the target, as far from it as the attacker; none past the
        // edge of the grid's integers.
        let opposite = t.offset(t.x.checked_sub(a.x)?, t.y.checked_sub(a.y)?)?;
        (0..self.creatures.len()).find(|&o| {
            o != attacker
                && !self.enemies(o, attacker)
                && !self.creatures[o].object
                && self.creatures[o].hp > 0
                && self.creatures[o].position == Some(opposite)
                && self.can_flank(o).is_ok()
        })
    }

    /// Why the attacker has combat advantage against the target (empty: it has none).
    pub fn combat_advantage(&self, attacker: usize, target: usize) -> Vec<String> {
        let mut why = Vec::new();
        for (cond, name) in [
            (C::Blinded, "blinded"),
            (C::Deafened, "deafened"),
            (C::Helpless, "helpless"),
            (C::Petrified, "petrified"),
            (C::Restrained, "restrained"),
            (C::Stunned, "stunned"),
            (C::Unconscious, "unconscious"),
        ] {
            if self.has(target, cond) {
                why.push(format!("{} is {name}", self.name(target)));
            }
        }
        if self.has(target, C::Prone)
            && self.adjacent(attacker, target)
            && self.enemies(attacker, target)
        {
            why.push(format!(
                "{} is prone and the attacker is adjacent",
                self.name(target)
            ));
        }
        if let Some(ally) = self.flanking_ally(attacker, target) {
            why.push(format!(
                "{} flanks with {}",
                self.name(attacker),
                self.name(ally)
            ));
        }
        why
    }

    /// The modifiers of an attack roll, stacked, with what was suppressed and why.
    pub fn attack_modifiers(
        &self,
        attacker: usize,
        target: usize,
        situation: Situation,
        violates_mark: bool,
    ) -> Breakdown {
        use ModifierType::*;
        let mut m = Vec::new();
        if !self.combat_advantage(attacker, target).is_empty() {
            m.push(Modifier::new(Untyped, 2, "combat advantage"));
        }
        if self.has(attacker, C::Prone) {
            m.push(Modifier::new(Power, -2, "prone attacker"));
        }
        if self.has(attacker, C::Restrained) {
            m.push(Modifier::new(Power, -2, "restrained attacker"));
        }
        if self.has(attacker, C::Blinded) {
            m.push(Modifier::new(
                Concealment,
                -5,
                "blinded: the target has total concealment",
            ));
        }
        match situation.cover {
            2 => m.push(Modifier::new(Cover, -2, "cover")),
            5 => m.push(Modifier::new(Cover, -5, "superior cover")),
            _ => {}
        }
        match situation.concealment {
            2 => m.push(Modifier::new(Concealment, -2, "concealment")),
            5 => m.push(Modifier::new(Concealment, -5, "total concealment")),
            _ => {}
        }
        if self.has(target, C::Prone) && !self.adjacent(attacker, target) {
            let upgraded = situation.cover >= 2;
            let (value, what) = if upgraded {
                (-5, "prone target, already in cover: superior cover")
            } else {
                (-2, "prone target, non-adjacent attacker: cover")
            };
            m.push(Modifier::new(Cover, value, what));
        }
        m.extend(self.effect_modifiers(attacker, Target::Attack));
        if violates_mark {
            let kind = match self.readings.mark_penalty {
                super::readings::MarkPenalty::Untyped => Untyped,
                super::readings::MarkPenalty::Power => Power,
            };
            m.push(Modifier::new(kind, -2, "the attack violates a mark"));
        }
        stack(m)
    }

    /// Modifiers to all of a creature's defenses (Total Defense).
    pub fn defense_modifiers(&self, c: usize) -> Breakdown {
        let mut m = Vec::new();
        if self.total_defense[c].is_some() {
            m.push(Modifier::new(ModifierType::Power, 4, "Total Defense"));
        }
        stack(m)
    }

    /// Modifiers to one of a creature's defenses: Total Defense and effects' bonuses and
    /// penalties, stacked together.
    pub fn defense_modifiers_of(&self, c: usize, d: super::model::Defense) -> Breakdown {
        let mut m = Vec::new();
        if self.total_defense[c].is_some() {
            m.push(Modifier::new(ModifierType::Power, 4, "Total Defense"));
        }
        m.extend(self.effect_defense_modifiers(c, d));
        stack(m)
    }

    /// Modifiers to a creature's Perception checks.
    pub fn perception_modifiers(&self, c: usize) -> Breakdown {
        let mut m = Vec::new();
        if self.has(c, C::Blinded) {
            m.push(Modifier::new(
                ModifierType::Concealment,
                -5,
                "blinded: everything has total concealment",
            ));
        }
        if self.has(c, C::Deafened) {
            m.push(Modifier::new(ModifierType::Concealment, -2, "deafened"));
        }
        m.extend(self.effect_modifiers(c, Target::Perception));
        stack(m)
    }

    /// Whether a Perception check against `target` fails automatically.
    pub fn perception_auto_fails(&self, c: usize, target: usize) -> Option<String> {
        (self.has(c, C::Deafened) && self.line_of_sight(c, target).is_err()).then(|| {
            format!(
                "{} is deafened and {} is outside its line of sight",
                self.name(c),
                self.name(target)
            )
        })
    }

    /// Whether the creature may take an action of this type now, or why not.
    pub fn can_take(&self, c: usize, action: ActionType) -> Outcome {
        if self.creatures[c].object {
            return refuse(format!(
                "{} is an object: it takes no actions",
                self.name(c)
            ));
        }
        for (cond, name) in [
            (C::Dominated, "dominated"),
            (C::Petrified, "petrified"),
            (C::Unconscious, "unconscious"),
        ] {
            if self.has(c, cond) {
                return refuse(format!("{} cannot take actions: {name}", self.name(c)));
            }
        }
        let reacting = matches!(action, ActionType::Opportunity | ActionType::Immediate);
        for (cond, name) in [(C::Dazed, "dazed"), (C::Stunned, "stunned")] {
            if reacting && self.has(c, cond) {
                return refuse(format!(
                    "{} cannot use opportunity or immediate actions: {name}",
                    self.name(c)
                ));
            }
        }
        if reacting || action == ActionType::Free || self.current != Some(c) {
            return if self.current.is_some()
                && !reacting
                && action != ActionType::Free
                && self.current != Some(c)
            {
                refuse(format!("it is not {}'s turn", self.name(c)))
            } else {
                Ok(())
            };
        }
        self.budget_allows(c, action)
    }

    fn budget_allows(&self, c: usize, action: ActionType) -> Outcome {
        let s = self.spent;
        for (cond, name) in [(C::Stunned, "stunned"), (C::Swallowed, "swallowed")] {
            if self.has(c, cond) && s.actions >= 1 {
                return refuse(format!(
                    "{} can take only one action per turn: {name}",
                    self.name(c)
                ));
            }
        }
        if self.has(c, C::Dazed) {
            let main_used = s.standard || s.moved;
            match action {
                ActionType::Standard | ActionType::Move if main_used => {
                    return refuse(format!(
                        "{} is dazed: one standard or one move action a turn, already used",
                        self.name(c)
                    ));
                }
                ActionType::Minor if s.minor => {
                    return refuse(format!(
                        "{} is dazed: one minor action a turn, already used",
                        self.name(c)
                    ));
                }
                _ => return Ok(()),
            }
        }
        let ok = match action {
            ActionType::Standard => !s.standard,
            ActionType::Move => !s.moved || !s.standard,
            ActionType::Minor => !s.minor || !s.moved || !s.standard,
            _ => true,
        };
        if ok {
            Ok(())
        } else {
            refuse(
                format!("{} has no {action:?} action left this turn", self.name(c)).to_lowercase(),
            )
        }
    }

    fn spend(&mut self, c: usize, action: ActionType) {
        if self.current != Some(c) {
            return;
        }
        let s = &mut self.spent;
        s.actions += 1;
        match action {
            ActionType::Standard => s.standard = true,
            ActionType::Move if !s.moved => s.moved = true,
            ActionType::Move => s.standard = true,
            ActionType::Minor if !s.minor => s.minor = true,
            ActionType::Minor if !s.moved => s.moved = true,
            ActionType::Minor => s.standard = true,
            _ => s.actions -= 1,
        }
    }

    /// Whether the creature can attack at all, or why not.
    pub fn can_attack(&self, c: usize) -> Outcome {
        if self.has(c, C::Stunned) {
            return refuse(format!("{} is stunned and cannot attack", self.name(c)));
        }
        Ok(())
    }

    /// Whether the creature can move by itself, or why not.
    pub fn can_move(&self, c: usize) -> Outcome {
        for (cond, name) in [
            (C::Immobilized, "immobilized"),
            (C::Grabbed, "grabbed"),
            (C::Restrained, "restrained"),
            (C::Stunned, "stunned"),
        ] {
            if self.has(c, cond) {
                return refuse(format!("{} cannot move: {name}", self.name(c)));
            }
        }
        Ok(())
    }

    /// The movement a walk of `squares` squares costs, or why it cannot be walked.
    pub fn movement_cost(&self, c: usize, squares: u32) -> Outcome<u32> {
        self.can_move(c)?;
        let creature = &self.creatures[c];
        if self.has(c, C::Prone) && squares > creature.crawl {
            return refuse(format!(
                "{} is prone and can only crawl {} square(s)",
                creature.name, creature.crawl
            ));
        }
        let cost = if self.has(c, C::Slowed) {
            squares.saturating_mul(2)
        } else {
            squares
        };
        let allowance = if self.has(c, C::Prone) {
            creature.crawl.saturating_mul(2)
        } else {
            creature.speed
        };
        if cost > allowance {
            return refuse(format!(
                "{} squares cost {cost} movement{}, more than {}'s {allowance}",
                squares,
                if self.has(c, C::Slowed) {
                    " (slowed: double)"
                } else {
                    ""
                },
                creature.name
            ));
        }
        Ok(cost)
    }

    /// Whether an attack violates a mark ("Sidebar: Violating marks"): the markers it
    /// violates, empty if none.
    pub fn violated_marks(
        &self,
        attacker: usize,
        targets: &[usize],
        o: &AttackOptions,
    ) -> Vec<usize> {
        if o.forced_by.is_some() {
            return Vec::new();
        }
        let markers: Vec<usize> = self
            .markers(attacker)
            .into_iter()
            .filter(|m| !o.marked_during.contains(m))
            .collect();
        let hits_enemy = targets.iter().any(|&t| self.enemies(attacker, t));
        // Marked by several: no mark is violated while the attack includes any marker.
        let includes_a_marker = self
            .markers(attacker)
            .iter()
            .any(|m| targets.contains(m) || o.earlier.contains(m) || o.initially.contains(m));
        if !hits_enemy || includes_a_marker {
            return Vec::new();
        }
        markers
    }

    /// Whether the creature's damage dealt is halved (weakened).
    pub fn damage_dealt_halved(&self, c: usize) -> bool {
        self.has(c, C::Weakened)
    }
}
