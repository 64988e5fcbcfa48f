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

#[path = "effects.rs"]
mod effects;
#[path = "escape.rs"]
mod escape;
#[path = "senses.rs"]
mod senses;
#[path = "terrain.rs"]
mod terrain;
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
    /// Every rule applied, in order.
    pub log: Vec<Step>,
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
            stats: Stats::default(),
            readings: super::readings::Readings::default(),
            modifiers: Vec::new(),
            terrain: HashMap::new(),
        };
        e.settle();
        e
    }

    fn note(&mut self, rule: Rule, text: impl Into<String>) {
        self.log.push(Step::new(rule, text));
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
        let mut m = self.sources(c, C::Marked);
        m.dedup();
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
        let opposite = Square {
            x: 2 * t.x - a.x,
            y: 2 * t.y - a.y,
        };
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
            2 * squares
        } else {
            squares
        };
        let allowance = if self.has(c, C::Prone) {
            2 * creature.crawl
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

    // ----- conditions -----

    fn bind(&self, d: &Duration) -> Outcome<InstanceDuration> {
        Ok(match d {
            Duration::EndOfNextTurn(name) => {
                let c = self
                    .creatures
                    .iter()
                    .position(|c| c.name == *name)
                    .ok_or_else(|| Refused(format!("no creature named `{name}`")))?;
                InstanceDuration::EndOfNextTurn {
                    creature: c,
                    turns_begun_then: self.turns_begun[c],
                }
            }
            Duration::SaveEnds => InstanceDuration::SaveEnds,
            Duration::UntilEnded => InstanceDuration::UntilEnded,
            Duration::EndOfEncounter => InstanceDuration::EndOfEncounter,
        })
    }

    fn damage_defender(&self, c: usize) -> Defender {
        let mut d = Defender::new(self.creatures[c].traits.clone());
        if self.has(c, C::Petrified) {
            d.resistances.push(Resistance {
                types: TypeSelector::All,
                limit: None,
                condition: None,
                origin: None,
            });
        }
        d
    }

    /// Imposes a condition, adding an instance. `hit` gives the facts that condition
    /// immunities and nondamage immunities are judged on.
    pub fn apply(
        &mut self,
        target: usize,
        condition: C,
        source: Option<usize>,
        duration: &Duration,
        hit: Option<&Hit>,
    ) -> Outcome {
        self.apply_inner(target, condition, source, None, duration, hit)
    }

    fn apply_inner(
        &mut self,
        target: usize,
        condition: C,
        source: Option<usize>,
        effect: Option<&str>,
        duration: &Duration,
        hit: Option<&Hit>,
    ) -> Outcome {
        if let Some(why) = self.deaf_to(target, None, hit) {
            self.note(rules::rule_of(C::Deafened), why.clone());
            return refuse(why);
        }
        let facts = hit.cloned().unwrap_or_else(|| Hit::new(0, []));
        let outcome = damage::resolve::effect_outcome(
            &facts,
            &self.damage_defender(target),
            &Effect::Condition(condition),
            &Readings::default(),
        );
        if let Some(why) = outcome.ignored_because {
            self.note(
                rules::IMMUNITY,
                format!("{} ignores {condition}: {why}", self.name(target)),
            );
            return refuse(format!("{} is immune: {why}", self.name(target)));
        }
        if condition == C::Swallowed {
            let others = self.sources(target, C::Swallowed);
            if others.iter().any(|s| Some(*s) != source) {
                return refuse(format!(
                    "{} is already swallowed by another swallower",
                    self.name(target)
                ));
            }
        }
        let duration = self.bind(duration)?;
        let again = self.has(target, condition);
        let id = self.add_instance(target, condition, source, duration);
        if let Some(e) = effect
            && let Some((_, i)) = self.instances.last_mut()
        {
            i.effect = Some(e.to_string());
        }
        let from = match (source, effect) {
            (Some(s), _) => format!(" by {}", self.name(s)),
            (None, Some(e)) => format!(" by the effect `{e}`"),
            (None, None) => String::new(),
        };
        let extra = if again {
            " (another instance: effects do not stack)"
        } else {
            ""
        };
        self.note(
            rules::INSTANCES,
            format!(
                "{} is {condition}{from} (instance {id}, {duration:?}){extra}",
                self.name(target)
            ),
        );
        self.on_applied(target, condition, source)
    }

    /// Why the creature ignores a condition imposed without a hit, if it does.
    fn immune_to(&self, c: usize, condition: C) -> Option<String> {
        damage::resolve::effect_outcome(
            &Hit::new(0, []),
            &self.damage_defender(c),
            &Effect::Condition(condition),
            &Readings::default(),
        )
        .ignored_because
        .map(|w| w.to_string())
    }

    fn add_instance(
        &mut self,
        target: usize,
        condition: C,
        source: Option<usize>,
        duration: InstanceDuration,
    ) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.instances.push((
            target,
            ConditionInstance {
                id,
                condition,
                source,
                effect: None,
                duration,
            },
        ));
        *self
            .stats
            .conditions
            .entry(condition.name().to_string())
            .or_default() += 1;
        id
    }

    fn on_applied(&mut self, target: usize, condition: C, source: Option<usize>) -> Outcome {
        match condition {
            C::Grabbed => {
                if let Some(g) = source
                    && !self.adjacent(target, g)
                    && let Some(square) = self.free_square_near(g, target)
                {
                    self.creatures[target].position = Some(square);
                    self.note(
                        rules::rule_of(C::Grabbed),
                        format!(
                            "{} is pulled adjacent to {}, to {square}",
                            self.name(target),
                            self.name(g)
                        ),
                    );
                    self.settle();
                }
            }
            C::Unconscious if !self.has(target, C::Prone) => {
                self.note(
                    rules::rule_of(C::Unconscious),
                    format!(
                        "{} falls unconscious and is knocked prone",
                        self.name(target)
                    ),
                );
                self.apply(target, C::Prone, None, &Duration::UntilEnded, None)?;
            }
            C::Prone => self.fall_if_not_on_ground(target),
            C::Exiled | C::Swallowed => {
                if let Some(at) = self.creatures[target].position.take() {
                    self.exiled_from[target] = Some(at);
                }
                self.note(
                    rules::rule_of(condition),
                    format!(
                        "{} disappears from the grid and occupies no space",
                        self.name(target)
                    ),
                );
                // Occupying no space, it is adjacent to nobody: grabs on it and by it end.
                self.settle();
            }
            _ => {}
        }
        Ok(())
    }

    /// The free square nearest to `near` (adjacent first) for `who` to stand on.
    fn free_square_near(&self, near: usize, who: usize) -> Option<Square> {
        let centre = self.creatures[near].position?;
        (1..=20).find_map(|r: i32| {
            let mut ring: Vec<Square> = (-r..=r)
                .flat_map(|dx| {
                    (-r..=r).map(move |dy| Square {
                        x: centre.x + dx,
                        y: centre.y + dy,
                    })
                })
                .filter(|s| s.distance(centre) == r as u32 && self.free(*s, who))
                .collect();
            let from = self.creatures[who]
                .position
                .or(self.exiled_from[who])
                .unwrap_or(centre);
            ring.sort_by_key(|s| {
                (
                    s.distance(from),
                    (s.x - from.x).pow(2) + (s.y - from.y).pow(2),
                    s.x,
                    s.y,
                )
            });
            ring.first().copied()
        })
    }

    fn free(&self, s: Square, who: usize) -> bool {
        !(0..self.creatures.len())
            .any(|o| o != who && self.creatures[o].position == Some(s) && self.occupies_space(o))
    }

    /// Imposes a condition whose source is no creature but an effect, zone or trap,
    /// named (Condition source: the source is "typically" a character, not always).
    pub fn apply_from_effect(
        &mut self,
        target: usize,
        condition: C,
        effect: &str,
        duration: &Duration,
        hit: Option<&Hit>,
    ) -> Outcome {
        self.apply_inner(target, condition, None, Some(effect), duration, hit)
    }

    /// Ends one instance of a condition imposed by the named effect.
    pub fn end_one_from_effect(&mut self, c: usize, condition: C, effect: &str) -> Outcome {
        let at = self.instances.iter().position(|(o, i)| {
            *o == c && i.condition == condition && i.effect.as_deref() == Some(effect)
        });
        match at {
            Some(at) => {
                let (_, inst) = self.instances.remove(at);
                self.ended(c, &inst, "one instance ends");
                Ok(())
            }
            None => refuse(format!(
                "{} has no instance of {condition} from the effect `{effect}`",
                self.name(c)
            )),
        }
    }

    /// Ends one instance of a condition (an effect that ends "a condition"): the one
    /// from `source` if given, else the oldest.
    pub fn end_one(&mut self, c: usize, condition: C, source: Option<usize>) -> Outcome {
        let at = self.instances.iter().position(|(o, i)| {
            *o == c && i.condition == condition && (source.is_none() || i.source == source)
        });
        match at {
            Some(at) => {
                let (_, inst) = self.instances.remove(at);
                self.ended(c, &inst, "one instance ends");
                Ok(())
            }
            None => refuse(format!(
                "{} has no matching instance of {condition}",
                self.name(c)
            )),
        }
    }

    /// Ends every instance of a condition (an effect that ends the condition type).
    pub fn end_all(&mut self, c: usize, condition: C) -> usize {
        let (ended, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.instances)
            .into_iter()
            .partition(|(o, i)| *o == c && i.condition == condition);
        self.instances = kept;
        for (_, inst) in &ended {
            self.ended(c, inst, "the condition type ends: all instances");
        }
        ended.len()
    }

    fn ended(&mut self, c: usize, inst: &ConditionInstance, why: &str) {
        let still = self.has(c, inst.condition);
        let tail = if still {
            format!(
                " ({} instance(s) remain, so still {})",
                self.instances_of(c, inst.condition).count(),
                inst.condition
            )
        } else {
            String::new()
        };
        self.note(
            rules::INSTANCES,
            format!(
                "{}: {} instance {} ends ({why}){tail}",
                self.name(c),
                inst.condition,
                inst.id
            ),
        );
        if still {
            return;
        }
        match inst.condition {
            C::Exiled => {
                let back = self.exiled_from[c].take();
                let square = match back.filter(|s| self.free(*s, c)) {
                    Some(home) => {
                        self.reappear[c] = None;
                        Some(home)
                    }
                    None => {
                        let nearest = back.and_then(|b| self.nearest_free_to_square(b, c));
                        self.chosen_square(c, nearest, back, true)
                    }
                };
                self.creatures[c].position = square;
                self.note(
                    rules::rule_of(C::Exiled),
                    format!(
                        "{} reappears at {}",
                        self.name(c),
                        square.map_or("nowhere".into(), |s| s.to_string())
                    ),
                );
            }
            C::Swallowed => {
                if let Some(s) = inst.source {
                    let nearest = self.free_square_near(s, c);
                    let square = self.chosen_square(c, nearest, self.creatures[s].position, false);
                    self.creatures[c].position = square;
                    self.exiled_from[c] = None;
                    self.note(
                        rules::rule_of(C::Swallowed),
                        format!(
                            "{} reappears as close as possible to {}, at {}",
                            self.name(c),
                            self.name(s),
                            square.map_or("nowhere".into(), |s| s.to_string())
                        ),
                    );
                }
            }
            _ => return,
        }
        self.settle();
    }

    /// The square a reappearing creature chose (`choose_reappearance`), if it is free and
    /// as close to `centre` as `nearest`, the closest free square; else `nearest`.
    fn chosen_square(
        &mut self,
        c: usize,
        nearest: Option<Square>,
        centre: Option<Square>,
        ground: bool,
    ) -> Option<Square> {
        let Some(choice) = self.reappear[c].take() else {
            return nearest;
        };
        let ok = match (nearest, centre) {
            (Some(n), Some(at)) => {
                self.free(choice, c)
                    && choice.distance(at) == n.distance(at)
                    && (!ground || self.solid_ground(choice))
            }
            _ => false,
        };
        if ok {
            self.note(
                rules::INSTANCES,
                format!("{} chooses to reappear at {choice}", self.name(c)),
            );
            Some(choice)
        } else {
            self.note(
                rules::INSTANCES,
                format!(
                    "{} cannot reappear at {choice}: not a free square among the closest{}",
                    self.name(c),
                    if ground { " on solid ground" } else { "" }
                ),
            );
            nearest
        }
    }

    /// The square the creature chooses to reappear in when its exile or swallowing ends
    /// and it has a choice (Exiled, Swallowed): it must be a free square among the
    /// closest ones; otherwise fray's pick stands. `None` leaves the pick to fray.
    pub fn choose_reappearance(&mut self, c: usize, square: Option<Square>) {
        self.reappear[c] = square;
    }

    fn nearest_free_to_square(&self, at: Square, who: usize) -> Option<Square> {
        (1..=20).find_map(|r: i32| {
            (-r..=r)
                .flat_map(|dx| {
                    (-r..=r).map(move |dy| Square {
                        x: at.x + dx,
                        y: at.y + dy,
                    })
                })
                .filter(|s| s.distance(at) == r as u32)
                .find(|s| self.free(*s, who) && self.solid_ground(*s))
        })
    }

    /// Re-establishes what positions decide after anything moved, appeared or vanished:
    /// grabs that lost adjacency end.
    fn settle(&mut self) {
        self.check_grabs();
        self.sync_auras();
    }

    /// Gives every enemy inside a defender aura a marked instance from the aura's owner,
    /// and ends those of creatures no longer inside (Sidebar: Defender Aura).
    fn sync_auras(&mut self) {
        let gone: Vec<(usize, u32)> = self
            .instances
            .iter()
            .filter(|(c, i)| {
                i.duration == InstanceDuration::WhileInAura
                    && !i.source.is_some_and(|s| self.aura_markers(*c).contains(&s))
            })
            .map(|(c, i)| (*c, i.id))
            .collect();
        for (c, id) in gone {
            if let Some(at) = self.instances.iter().position(|(_, i)| i.id == id) {
                let (_, inst) = self.instances.remove(at);
                self.ended(c, &inst, "it left the defender aura");
            }
        }
        for c in 0..self.creatures.len() {
            for owner in self.aura_markers(c) {
                let has = self.instances.iter().any(|(o, i)| {
                    *o == c
                        && i.duration == InstanceDuration::WhileInAura
                        && i.source == Some(owner)
                });
                if !has && self.immune_to(c, C::Marked).is_none() {
                    self.note(
                        rules::AURA,
                        format!(
                            "{} is in {}'s defender aura: marked by it",
                            self.name(c),
                            self.name(owner)
                        ),
                    );
                    self.add_instance(c, C::Marked, Some(owner), InstanceDuration::WhileInAura);
                }
            }
        }
    }

    /// Ends grabs whose grabber is no longer adjacent ("Grabbed"); a creature that
    /// occupies no space (exiled, swallowed) is adjacent to nothing.
    fn check_grabs(&mut self) {
        let broken: Vec<(usize, u32, usize)> = self
            .instances
            .iter()
            .filter(|(_, i)| i.condition == C::Grabbed)
            .filter_map(|(c, i)| {
                i.source
                    .filter(|&g| {
                        !self.adjacent(*c, g) || !self.occupies_space(*c) || !self.occupies_space(g)
                    })
                    .map(|g| (*c, i.id, g))
            })
            .collect();
        for (c, id, g) in broken {
            self.note(
                rules::rule_of(C::Grabbed),
                format!(
                    "{} is no longer adjacent to {}: that grab ends",
                    self.name(c),
                    self.name(g)
                ),
            );
            if let Some(at) = self.instances.iter().position(|(_, i)| i.id == id) {
                let (_, inst) = self.instances.remove(at);
                self.ended(c, &inst, "not adjacent to its grabber");
            }
        }
    }

    // ----- turns -----

    /// Ends the current turn (if any) and starts the next in initiative order.
    pub fn next_turn(&mut self, rolls: &mut impl Rolls) {
        if self.order.is_empty() {
            self.note(rules::TURNS, "no creature takes turns");
            return;
        }
        let next = match self.current {
            Some(c) => {
                self.end_turn(c, rolls);
                let at = self.order.iter().position(|&o| o == c).unwrap_or(0);
                if at + 1 == self.order.len() {
                    self.round += 1;
                    self.note(rules::TURNS, format!("round {} begins", self.round));
                }
                self.order[(at + 1) % self.order.len()]
            }
            None => {
                self.round = 1;
                self.note(rules::TURNS, "round 1 begins");
                self.order[0]
            }
        };
        self.start_turn(next, rolls);
    }

    /// Starts a creature's turn: ongoing damage, in the order it was applied.
    pub fn start_turn(&mut self, c: usize, rolls: &mut impl Rolls) {
        self.current = Some(c);
        self.spent = Spent::default();
        self.turns_begun[c] += 1;
        self.note(rules::TURNS, format!("{}'s turn begins", self.name(c)));
        let ongoing: Vec<Ongoing> = self
            .ongoing
            .iter()
            .filter(|(o, _)| *o == c)
            .map(|(_, g)| g.clone())
            .collect();
        for g in ongoing {
            let hit = Hit {
                ongoing: true,
                ..Hit::new(g.amount, g.types.clone())
            };
            self.note(
                rules::ONGOING,
                format!(
                    "{} takes ongoing {} {} damage",
                    self.name(c),
                    g.amount,
                    hit.types
                ),
            );
            self.take_damage(c, &hit, rolls);
        }
    }

    /// Ends a creature's turn: saving throws, then durations that end now.
    pub fn end_turn(&mut self, c: usize, rolls: &mut impl Rolls) {
        let saves: Vec<u32> = self
            .instances
            .iter()
            .filter(|(o, i)| *o == c && i.duration == InstanceDuration::SaveEnds)
            .map(|(_, i)| i.id)
            .collect();
        for id in saves {
            let roll = rolls.die(20);
            let Some(at) = self.instances.iter().position(|(_, i)| i.id == id) else {
                continue;
            };
            let cond = self.instances[at].1.condition;
            let ok = roll >= 10;
            self.note(
                rules::SAVES,
                format!(
                    "{} saves against {cond} (instance {id}): d20 = {roll}, {}",
                    self.name(c),
                    if ok { "success" } else { "failure" }
                ),
            );
            if ok {
                let (_, inst) = self.instances.remove(at);
                self.ended(c, &inst, "saved");
            }
        }
        let ongoing: Vec<u32> = self
            .ongoing
            .iter()
            .filter(|(o, _)| *o == c)
            .map(|(_, g)| g.id)
            .collect();
        for id in ongoing {
            let roll = rolls.die(20);
            let ok = roll >= 10;
            self.note(
                rules::SAVES,
                format!(
                    "{} saves against ongoing damage: d20 = {roll}, {}",
                    self.name(c),
                    if ok { "it ends" } else { "it continues" }
                ),
            );
            if ok {
                self.ongoing.retain(|(_, g)| g.id != id);
            }
        }
        let begun = self.turns_begun[c];
        let expiring: Vec<(usize, ConditionInstance)> = self
            .instances
            .iter()
            .filter(|(_, i)| matches!(i.duration, InstanceDuration::EndOfNextTurn { creature, turns_begun_then } if creature == c && begun > turns_begun_then))
            .cloned()
            .collect();
        for (o, inst) in expiring {
            self.instances.retain(|(_, i)| i.id != inst.id);
            self.ended(
                o,
                &inst,
                &format!("the end of {}'s next turn", self.creatures[c].name),
            );
        }
        self.expire_modifiers(Some((c, begun)));
        if self.total_defense[c].is_some_and(|then| begun > then) {
            self.total_defense[c] = None;
            self.note(
                rules::TOTAL_DEFENSE,
                format!("{}'s Total Defense ends", self.name(c)),
            );
        }
        self.note(rules::TURNS, format!("{}'s turn ends", self.name(c)));
    }

    /// The encounter ends: instances lasting until then end.
    pub fn end_encounter(&mut self) {
        let ending: Vec<(usize, ConditionInstance)> = self
            .instances
            .iter()
            .filter(|(_, i)| i.duration == InstanceDuration::EndOfEncounter)
            .cloned()
            .collect();
        for (c, inst) in ending {
            self.instances.retain(|(_, i)| i.id != inst.id);
            self.ended(c, &inst, "the end of the encounter");
        }
        self.expire_modifiers(None);
    }

    // ----- actions -----

    /// Walks along `path` (each square adjacent to the last) with a move action.
    pub fn walk(&mut self, c: usize, path: &[Square]) -> Outcome {
        self.can_take(c, ActionType::Move)?;
        let cost = self.movement_cost(c, path.len() as u32)?;
        self.check_path(c, path)?;
        self.spend(c, ActionType::Move);
        let provoked = self.leaving_adjacency(c, path);
        self.place_along(c, path);
        self.note(
            rules::MOVEMENT,
            format!(
                "{} moves {} square(s) for {cost} movement",
                self.name(c),
                path.len()
            ),
        );
        for e in provoked {
            self.note(
                rules::OPPORTUNITY,
                format!(
                    "{} leaves a square next to {}: it provokes an opportunity attack",
                    self.name(c),
                    self.name(e)
                ),
            );
        }
        self.settle();
        Ok(())
    }

    fn check_path(&self, c: usize, path: &[Square]) -> Outcome {
        let mut at = self.creatures[c]
            .position
            .ok_or_else(|| Refused(format!("{} is not on the grid", self.name(c))))?;
        for &s in path {
            if !at.adjacent(s) {
                return refuse(format!(
                    "{s} is not next to {at}: a path moves one square at a time"
                ));
            }
            if !self.free(s, c) {
                return refuse(format!("{s} is occupied"));
            }
            at = s;
        }
        Ok(())
    }

    fn place_along(&mut self, c: usize, path: &[Square]) {
        if let Some(last) = path.last() {
            self.creatures[c].position = Some(*last);
        }
    }

    /// Enemies that may make an opportunity attack as `c` walks off squares next to them
    /// (any enemy, seen or not, that can use opportunity actions).
    fn leaving_adjacency(&self, c: usize, path: &[Square]) -> Vec<usize> {
        let Some(start) = self.creatures[c].position else {
            return Vec::new();
        };
        let squares: Vec<Square> = std::iter::once(start).chain(path.iter().copied()).collect();
        (0..self.creatures.len())
            .filter(|&e| {
                self.enemies(c, e)
                    && self.creatures[e].hp > 0
                    && self.can_take(e, ActionType::Opportunity).is_ok()
            })
            .filter(|&e| {
                let Some(p) = self.creatures[e].position else {
                    return false;
                };
                squares.windows(2).any(|w| w[0].adjacent(p) && w[0] != w[1])
            })
            .collect()
    }

    /// Stands up from prone with a move action, then may move one square (Prone) if it
    /// may move at all: not immobilized, restrained, grabbed or stunned. A square it may
    /// not take refuses the whole action, so nothing half-happens.
    pub fn stand_up(&mut self, c: usize, then: Option<Square>) -> Outcome {
        if !self.has(c, C::Prone) {
            return refuse(format!("{} is not prone", self.name(c)));
        }
        self.can_take(c, ActionType::Move)?;
        if let Some(s) = then {
            // The square after standing is movement: only for a creature that may move.
            self.can_move(c)
                .map_err(|r| Refused(format!("{} (no square after standing up)", r.0)))?;
            self.check_path(c, &[s])?;
        }
        self.spend(c, ActionType::Move);
        self.end_all(c, C::Prone);
        self.note(
            rules::rule_of(C::Prone),
            format!("{} stands up", self.name(c)),
        );
        if let Some(s) = then {
            self.creatures[c].position = Some(s);
            self.note(
                rules::rule_of(C::Prone),
                format!("{} moves 1 square after standing, to {s}", self.name(c)),
            );
            self.settle();
        }
        Ok(())
    }

    /// Forced movement of `target` by `by` along `path`. A restrained creature ignores
    /// it; a grabbed creature leaving a grabber escapes first or the movement is negated.
    pub fn force_move(
        &mut self,
        target: usize,
        kind: Forced,
        path: &[Square],
        by: usize,
        escape_rolls: &HashMap<usize, EscapeChoice>,
        hit: Option<&Hit>,
    ) -> Outcome {
        if self.has(target, C::Restrained) {
            self.note(
                rules::rule_of(C::Restrained),
                format!(
                    "{} is restrained and ignores the forced movement",
                    self.name(target)
                ),
            );
            return refuse(format!(
                "{} is restrained: it ignores forced movement",
                self.name(target)
            ));
        }
        let movement = match kind {
            Forced::Push => ForcedMovement::Push,
            Forced::Pull => ForcedMovement::Pull,
            Forced::Slide => ForcedMovement::Slide,
        };
        let facts = hit.cloned().unwrap_or_else(|| Hit::new(0, []));
        let defender = self.damage_defender(target);
        let shield =
            damage::resolve::condition_shield(&facts, &defender, &Effect::Forced(movement));
        if let Some(s) = shield {
            let why = damage::notation::show_condition_immunity(s);
            let what = format!("{kind:?}").to_lowercase();
            self.note(
                rules::IMMUNITY,
                format!("{} ignores the {what}: {why}", self.name(target)),
            );
            return refuse(format!(
                "{} is immune to forced movement: {why}",
                self.name(target)
            ));
        }
        self.check_path(target, path)?;
        let end = *path
            .last()
            .ok_or_else(|| Refused("forced movement needs at least one square".into()))?;
        let left: Vec<usize> = self
            .sources(target, C::Grabbed)
            .into_iter()
            .filter(|&g| self.creatures[g].position.is_none_or(|p| !p.adjacent(end)))
            .collect();
        if !left.is_empty()
            && let Err(why) = self.can_escape_freely(target)
        {
            self.note(
                rules::rule_of(C::Grabbed),
                format!(
                    "the forced movement would break a grab on {}, who cannot make the free-action escape check ({}): the movement is negated",
                    self.name(target),
                    why.0
                ),
            );
            return refuse(format!(
                "forced movement negated: {} cannot make an escape check ({})",
                self.name(target),
                why.0
            ));
        }
        for g in left {
            let Some(&choice) = escape_rolls.get(&g) else {
                self.note(rules::rule_of(C::Grabbed), format!("the forced movement would take {} away from {}; no escape check: the movement is negated", self.name(target), self.name(g)));
                return refuse("forced movement negated: the grabbed creature did not escape");
            };
            if !self.escape_check(target, g, C::Grabbed, choice, true) {
                self.note(
                    rules::rule_of(C::Grabbed),
                    format!(
                        "the escape check failed: the forced movement of {} is negated",
                        self.name(target)
                    ),
                );
                return refuse("forced movement negated: the escape check failed");
            }
        }
        self.place_along(target, path);
        let verb = match kind {
            Forced::Push => "pushes",
            Forced::Pull => "pulls",
            Forced::Slide => "slides",
        };
        self.note(
            rules::MOVEMENT,
            format!(
                "{} {verb} {} {} square(s) to {end} (forced movement: no opportunity attacks)",
                self.name(by),
                self.name(target),
                path.len()
            ),
        );
        self.settle();
        Ok(())
    }

    /// Whether the creature may make an escape check as a free action (Grabbed, forced
    /// movement): not if it cannot take actions, nor (by the reading in force) stunned.
    pub fn can_escape_freely(&self, c: usize) -> Outcome {
        self.can_take(c, ActionType::Free)?;
        if self.has(c, C::Stunned) && !self.readings.stunned_may_escape {
            return refuse(format!(
                "{} is stunned (reading: stunned creatures make no escape check)",
                self.name(c)
            ));
        }
        Ok(())
    }

    /// A dominator spends a move action to move its dominated creature up to its speed.
    pub fn dominator_moves(
        &mut self,
        dominator: usize,
        target: usize,
        path: &[Square],
        escape_rolls: &HashMap<usize, EscapeChoice>,
    ) -> Outcome {
        if !self.sources(target, C::Dominated).contains(&dominator) {
            return refuse(format!(
                "{} does not dominate {}",
                self.name(dominator),
                self.name(target)
            ));
        }
        self.can_take(dominator, ActionType::Move)?;
        if path.len() as u32 > self.creatures[target].speed {
            return refuse(format!(
                "{} can be moved at most its speed, {}",
                self.name(target),
                self.creatures[target].speed
            ));
        }
        self.spend(dominator, ActionType::Move);
        self.force_move(target, Forced::Slide, path, dominator, escape_rolls, None)
    }

    /// A saving throw against one instance of a condition (10 or more succeeds).
    pub fn saving_throw(&mut self, c: usize, condition: C, roll: u32) -> Outcome<bool> {
        if !self.has(c, condition) {
            return refuse(format!("{} is not {condition}", self.name(c)));
        }
        let ok = roll >= 10;
        self.note(
            rules::SAVES,
            format!(
                "{} saves against {condition}: d20 = {roll}, {}",
                self.name(c),
                if ok { "success" } else { "failure" }
            ),
        );
        if ok {
            self.end_one(c, condition, None)?;
        }
        Ok(ok)
    }

    /// Total Defense: a standard action, +4 power bonus to all defenses until the end of
    /// the creature's next turn.
    pub fn total_defense(&mut self, c: usize) -> Outcome {
        self.can_take(c, ActionType::Standard)?;
        self.spend(c, ActionType::Standard);
        self.total_defense[c] = Some(self.turns_begun[c]);
        self.note(rules::TOTAL_DEFENSE, format!("{} takes Total Defense: +4 power bonus to all defenses until the end of its next turn", self.name(c)));
        Ok(())
    }

    /// Healing: weakened creatures receive half (rounded down).
    pub fn heal(&mut self, c: usize, amount: u32) {
        let got = if self.has(c, C::Weakened) {
            amount / 2
        } else {
            amount
        };
        let creature = &mut self.creatures[c];
        creature.hp = (creature.hp + i64::from(got)).min(creature.max_hp);
        let why = if got < amount {
            " (weakened: healing halved)"
        } else {
            ""
        };
        self.note(
            rules::rule_of(C::Weakened),
            format!(
                "{} heals {got}{why}, to {} hp",
                self.name(c),
                self.creatures[c].hp
            ),
        );
    }

    /// Damage through the damage system; then the conditions that care about damage. A
    /// dominated creature chooses to make its saving throw (see `take_damage_choosing`).
    pub fn take_damage(&mut self, c: usize, hit: &Hit, rolls: &mut impl Rolls) -> u64 {
        self.take_damage_choosing(c, hit, true, rolls)
    }

    /// Damage, with the damaged creature's choice: a dominated creature that is damaged
    /// *can* make a saving throw against domination (Dominated), so it may decline.
    pub fn take_damage_choosing(
        &mut self,
        c: usize,
        hit: &Hit,
        dominated_save: bool,
        rolls: &mut impl Rolls,
    ) -> u64 {
        self.deal(c, hit, dominated_save, Some(rolls))
    }

    /// Damage; `rolls` is `None` where nothing is rolled (a fall), and then a dominated
    /// creature's saving throw waits for damage that comes with rolls.
    fn deal(
        &mut self,
        c: usize,
        hit: &Hit,
        dominated_save: bool,
        rolls: Option<&mut dyn Rolls>,
    ) -> u64 {
        let e = damage::explain(hit, &self.damage_defender(c), &Readings::default());
        let dealt = e.outcome.final_damage;
        if self.has(c, C::Petrified) {
            self.note(
                rules::rule_of(C::Petrified),
                format!(
                    "{} is petrified: it resists all damage (halved)",
                    self.name(c)
                ),
            );
        }
        self.creatures[c].hp -= dealt as i64;
        *self
            .stats
            .damage_by_type
            .entry(hit.types.to_string())
            .or_default() += dealt;
        *self
            .stats
            .damage_by_type
            .entry(hit.types.to_string())
            .or_default() += dealt;
        self.note(
            rules::DAMAGE,
            format!(
                "{} takes {dealt} damage ({} − {} + {}), {} hp left",
                self.name(c),
                e.outcome.original,
                e.outcome.mitigated,
                e.outcome.added,
                self.creatures[c].hp
            ),
        );
        for t in &e.triggers {
            self.note(
                rules::DAMAGE,
                format!("damage trigger ({}): {}", t.damage_type, t.effect),
            );
        }
        if dealt == 0 {
            return 0;
        }
        if self.has(c, C::Unconscious) && self.creatures[c].hp >= 1 {
            self.note(
                rules::rule_of(C::Unconscious),
                format!(
                    "{} is damaged and has 1 or more hit points: unconscious ends",
                    self.name(c)
                ),
            );
            self.end_all(c, C::Unconscious);
        }
        if self.has(c, C::Dominated) {
            let choice = if dominated_save {
                "and makes one"
            } else {
                "but chooses not to"
            };
            self.note(
                rules::rule_of(C::Dominated),
                format!(
                    "{} is dominated and damaged: it can make a saving throw, {choice}",
                    self.name(c)
                ),
            );
            match rolls {
                Some(r) if dominated_save => {
                    let roll = r.die(20);
                    let _ = self.saving_throw(c, C::Dominated, roll);
                }
                None if dominated_save => self.note(
                    rules::rule_of(C::Dominated),
                    "(a fall rolls nothing: no saving throw this time)",
                ),
                _ => {}
            }
        }
        if self.creatures[c].object {
            if self.creatures[c].hp <= 0 {
                self.note(
                    rules::DAMAGE,
                    format!("{} is an object at 0 hit points: destroyed", self.name(c)),
                );
            }
        } else if self.creatures[c].hp <= 0 && !self.has(c, C::Unconscious) {
            self.note(
                rules::DAMAGE,
                format!(
                    "{} drops to {} hp and falls unconscious",
                    self.name(c),
                    self.creatures[c].hp
                ),
            );
            let _ = self.apply(c, C::Unconscious, None, &Duration::EndOfEncounter, None);
            // A defender down to 0 hit points marks no more.
            self.settle();
        }
        dealt
    }

    /// An attack with a power against targets, with d20 rolls and damage from `rolls`.
    pub fn attack(
        &mut self,
        attacker: usize,
        power: &str,
        targets: &[usize],
        o: &AttackOptions,
        rolls: &mut impl Rolls,
    ) -> Outcome {
        let p = self.creatures[attacker]
            .powers
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(power))
            .cloned()
            .ok_or_else(|| {
                Refused(format!(
                    "{} has no power named `{power}`",
                    self.name(attacker)
                ))
            })?;
        self.check_attacker(attacker, &p, targets, o)?;
        let targets = self.with_swallowed(attacker, targets, &p);
        let violated = self.violated_marks(attacker, &targets, o);
        if !violated.is_empty() {
            let names: Vec<&str> = violated.iter().map(|&m| self.name(m)).collect();
            self.note(rules::MARKS, format!("the attack targets an enemy but not its marker(s) {}: it violates the mark (−2)", names.join(", ")));
        } else if o.forced_by.is_some() && self.has(attacker, C::Marked) {
            self.note(
                rules::FORCED_ATTACK,
                "a forced attack ignores marks: it counts as not marked",
            );
        }
        if p.provokes() && o.forced_by.is_none() {
            for e in (0..self.creatures.len())
                .filter(|&e| {
                    self.enemies(attacker, e)
                        && self.adjacent(attacker, e)
                        && self.can_take(e, ActionType::Opportunity).is_ok()
                })
                .collect::<Vec<_>>()
            {
                self.note(rules::OPPORTUNITY, format!("{} uses a ranged or area power next to {}: it provokes an opportunity attack", self.name(attacker), self.name(e)));
            }
        }
        for &t in &targets {
            self.one_attack(attacker, &p, t, o, !violated.is_empty(), rolls);
        }
        for m in violated {
            self.mark_violated(m, attacker, rolls);
        }
        Ok(())
    }

    /// Powers of the marker that trigger when its mark is violated, used at once
    /// against the violator if the marker can take their action and reach it.
    fn mark_violated(&mut self, marker: usize, violator: usize, rolls: &mut impl Rolls) {
        let powers: Vec<Power> = self.creatures[marker]
            .powers
            .iter()
            .filter(|p| p.trigger == Some(super::model::Trigger::MarkViolated))
            .cloned()
            .collect();
        for p in powers {
            let usable = self
                .can_take(marker, p.action)
                .and_then(|()| self.can_attack(marker))
                .and_then(|()| self.line_of_effect(marker, violator));
            if let Err(why) = usable {
                self.note(
                    rules::MARKS,
                    format!(
                        "{} violated {}'s mark, but `{}` cannot trigger: {}",
                        self.name(violator),
                        self.name(marker),
                        p.name,
                        why.0
                    ),
                );
                continue;
            }
            self.note(
                rules::MARKS,
                format!(
                    "{} violated {}'s mark: `{}` triggers against it",
                    self.name(violator),
                    self.name(marker),
                    p.name
                ),
            );
            let o = AttackOptions::default();
            let violates = !self.violated_marks(marker, &[violator], &o).is_empty();
            self.one_attack(marker, &p, violator, &o, violates, rolls);
        }
    }

    fn check_attacker(
        &mut self,
        attacker: usize,
        p: &Power,
        targets: &[usize],
        o: &AttackOptions,
    ) -> Outcome {
        match o.forced_by {
            Some(f) => {
                if !self.sources(attacker, C::Dominated).contains(&f) {
                    return refuse(format!(
                        "{} cannot force {} to attack: it does not dominate it",
                        self.name(f),
                        self.name(attacker)
                    ));
                }
                if p.usage != Usage::AtWill {
                    return refuse(format!(
                        "a dominator forces only at-will attacks; `{}` is not at-will",
                        p.name
                    ));
                }
                if targets.contains(&attacker) {
                    return refuse(format!(
                        "{} cannot target itself with a forced attack",
                        self.name(attacker)
                    ));
                }
                self.can_take(f, ActionType::Standard)?;
                self.spend(f, ActionType::Standard);
                self.note(rules::FORCED_ATTACK, format!("{} forces {} to attack with `{}`, choosing its targets; the attack provokes no opportunity attacks", self.name(f), self.name(attacker), p.name));
            }
            None => {
                self.can_take(attacker, p.action)?;
                self.can_attack(attacker)?;
                self.spend(attacker, p.action);
            }
        }
        for &t in targets {
            self.line_of_effect(attacker, t)?;
        }
        if o.coup_de_grace {
            for &t in targets {
                if !(self.has(t, C::Helpless) || self.has(t, C::Unconscious)) {
                    return refuse(format!(
                        "a coup de grace needs a helpless or unconscious target; {} is neither",
                        self.name(t)
                    ));
                }
            }
        }
        Ok(())
    }

    /// A burst or blast used by a swallowed creature includes its swallower and every
    /// other creature swallowed by it (Swallowed), whatever targets were named; the user
    /// itself is not included (reading). From outside, nothing reaches the swallowed.
    fn with_swallowed(&mut self, attacker: usize, targets: &[usize], p: &Power) -> Vec<usize> {
        let mut all = targets.to_vec();
        let swallower = self.sources(attacker, C::Swallowed).first().copied();
        if let Some(s) = swallower.filter(|_| p.is_area()) {
            let inside = std::iter::once(s).chain(
                self.instances
                    .iter()
                    .filter(|(c, i)| {
                        i.condition == C::Swallowed && i.source == Some(s) && *c != attacker
                    })
                    .map(|(c, _)| *c),
            );
            let mut added = Vec::new();
            for c in inside {
                if !all.contains(&c) {
                    all.push(c);
                    added.push(c);
                }
            }
            for c in added {
                self.log.push(Step::new(
                    rules::rule_of(C::Swallowed),
                    format!(
                        "{}'s burst or blast inside {} includes {}",
                        self.creatures[attacker].name,
                        self.creatures[s].name,
                        self.creatures[c].name
                    ),
                ));
            }
        }
        all
    }

    fn one_attack(
        &mut self,
        attacker: usize,
        p: &Power,
        target: usize,
        o: &AttackOptions,
        violates: bool,
        rolls: &mut impl Rolls,
    ) {
        if let Some(why) = self.deaf_to(target, Some(p), None) {
            self.note(rules::rule_of(C::Deafened), why);
            return;
        }
        let ca = self.combat_advantage(attacker, target);
        let mods = self.attack_modifiers(attacker, target, o.situation, violates);
        for s in &mods.suppressed {
            self.note(
                rules::STACKING,
                format!(
                    "{} ({:+}) does not count: {}",
                    s.modifier.source, s.modifier.value, s.reason
                ),
            );
        }
        let defense =
            self.creatures[target].defense(p.vs) + self.defense_modifiers_of(target, p.vs).total;
        let roll = rolls.die(20);
        let total = i64::from(roll) + i64::from(p.attack) + i64::from(mods.total);
        let critical = roll == 20 || o.coup_de_grace;
        let hits = critical || total >= i64::from(defense);
        let why_ca = if ca.is_empty() {
            String::new()
        } else {
            format!("; combat advantage: {}", ca.join(", "))
        };
        self.note(rules::ATTACK, format!("{} attacks {} with `{}`: d20 {roll} + {} {:+} = {total} vs {:?} {defense}: {}{why_ca}", self.name(attacker), self.name(target), p.name, p.attack, mods.total, p.vs, if critical { "critical hit" } else if hits { "hit" } else { "miss" }));
        if !hits {
            return;
        }
        let facts = AttackFacts {
            advantage: !ca.is_empty(),
            critical,
            area: p.is_area(),
            attacker_level: Some(self.creatures[attacker].level),
            ..AttackFacts::default()
        };
        let mut hit = Hit::new(0, p.types.clone()).by(facts);
        hit.keywords = p.keywords.iter().map(|k| damage::Keyword::new(k)).collect();
        if let Some(dice) = &p.damage {
            let rolled = if critical {
                dice.max()
            } else {
                dice.roll(rolls)
            }
            .max(0);
            let amount = if self.damage_dealt_halved(attacker) {
                self.note(rules::rule_of(C::Weakened), format!("{} is weakened: its {rolled} damage is halved to {} before the target's traits", self.name(attacker), rolled / 2));
                rolled / 2
            } else {
                rolled
            };
            hit.amount = u32::try_from(amount).unwrap_or(u32::MAX);
            self.take_damage_choosing(target, &hit, !o.decline_dominated_save, rolls);
        }
        self.hit_effects(attacker, p, target, &hit, o);
    }

    fn hit_effects(
        &mut self,
        attacker: usize,
        p: &Power,
        target: usize,
        hit: &Hit,
        o: &AttackOptions,
    ) {
        for e in &p.effects {
            let _ = self.apply(target, e.condition, Some(attacker), &e.duration, Some(hit));
        }
        if p.ongoing > 0 {
            let id = self.next_id;
            self.next_id += 1;
            self.ongoing.push((
                target,
                Ongoing {
                    id,
                    amount: p.ongoing,
                    types: p.types.clone(),
                    source: Some(attacker),
                },
            ));
            self.note(
                rules::ONGOING,
                format!(
                    "{} takes ongoing {} damage (save ends)",
                    self.name(target),
                    p.ongoing
                ),
            );
        }
        if let (Some((kind, distance)), Some(path)) = (p.forced, o.forced_paths.get(&target)) {
            if path.len() as u32 > distance {
                self.note(
                    rules::MOVEMENT,
                    format!("the {kind:?} moves at most {distance} squares; the path is cut")
                        .to_lowercase(),
                );
            }
            let path: Vec<Square> = path.iter().take(distance as usize).copied().collect();
            let _ = self.force_move(target, kind, &path, attacker, &HashMap::new(), Some(hit));
        }
    }
}
