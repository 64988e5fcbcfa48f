//! Modifiers, a part of [`Encounter`]. Owns what is added to a roll or a defense: attack,
//! defense and Perception modifiers, combat advantage and flanking, and the bonuses and
//! penalties effects put on a creature (Penalty types and stacking: typed or untyped,
//! stacked by the text's rules, lasting for a duration). May not roll or change
//! conditions: it only reads the state, apart from the effects' own list.

use super::*;
use crate::conditions::model::Defense;
use crate::conditions::stacking::{Breakdown, Modifier, ModifierType, stack, stacked_total};
use serde::{Deserialize, Serialize};

/// What a modifier from an effect changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Target {
    /// The creature's attack rolls.
    Attack,
    /// All four defenses.
    Defenses,
    /// Armor Class.
    Ac,
    /// Fortitude.
    Fortitude,
    /// Reflex.
    Reflex,
    /// Will.
    Will,
    /// Perception checks and passive Perception.
    Perception,
}

impl std::fmt::Display for Target {
    /// What the modifier changes, in words: `attack rolls`, `all defenses`, `AC`...
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Attack => "attack rolls",
            Self::Defenses => "all defenses",
            Self::Ac => "AC",
            Self::Fortitude => "Fortitude",
            Self::Reflex => "Reflex",
            Self::Will => "Will",
            Self::Perception => "Perception",
        })
    }
}

impl Target {
    fn covers_defense(self, d: Defense) -> bool {
        matches!(
            (self, d),
            (Target::Defenses, _)
                | (Target::Ac, Defense::Ac)
                | (Target::Fortitude, Defense::Fortitude)
                | (Target::Reflex, Defense::Reflex)
                | (Target::Will, Defense::Will)
        )
    }
}

/// One reason for combat advantage, named without building a string.
enum Advantage {
    /// The target is under this condition.
    Condition(&'static str),
    /// The target is prone and the attacker an adjacent enemy.
    ProneAdjacent,
    /// The attacker flanks with this ally.
    Flanks(usize),
}

/// A modifier an effect put on a creature, until its duration ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AppliedModifier {
    /// The creature it is on.
    pub creature: usize,
    /// What it changes.
    pub target: Target,
    /// Its type, value and source (the effect's name).
    pub modifier: Modifier,
    /// When it ends, bound to the encounter's turns as a condition's would be.
    pub duration: InstanceDuration,
}

impl Encounter {
    /// Puts a typed or untyped bonus or penalty on a creature's attacks, defenses or
    /// Perception. "Save ends" is refused: only conditions and ongoing damage get saves.
    pub fn add_modifier(
        &mut self,
        c: usize,
        target: Target,
        modifier: Modifier,
        duration: &Duration,
    ) -> Outcome {
        if *duration == Duration::SaveEnds {
            return refuse("a modifier lasts until ended, a next turn, or the encounter");
        }
        let said = duration.to_string();
        let duration = self.bind(duration)?;
        note!(
            self,
            rules::STACKING,
            format_args!(
                "{} gets {:+} ({}) to {target} from {} ({said})",
                self.name(c),
                modifier.value,
                modifier.kind,
                modifier.source
            ),
        );
        self.modifiers.push(AppliedModifier {
            creature: c,
            target,
            modifier,
            duration,
        });
        Ok(())
    }

    /// Ends the modifiers from the named source on a creature; how many ended.
    pub fn end_modifier(&mut self, c: usize, source: &str) -> Outcome {
        let before = self.modifiers.len();
        self.modifiers
            .retain(|m| !(m.creature == c && m.modifier.source == source));
        if self.modifiers.len() == before {
            return refuse(format!("{} has no modifier from `{source}`", self.name(c)));
        }
        note!(
            self,
            rules::STACKING,
            format_args!("{}'s modifier(s) from `{source}` end", self.name(c)),
        );
        Ok(())
    }

    /// The modifiers effects put on `c`'s attack rolls (or Perception).
    fn effect_modifiers(&self, c: usize, target: Target) -> impl Iterator<Item = Modifier> + '_ {
        self.modifiers
            .iter()
            .filter(move |m| m.creature == c && m.target == target)
            .map(|m| m.modifier.clone())
    }

    /// The modifiers effects put on one of `c`'s defenses.
    fn effect_defense_modifiers(
        &self,
        c: usize,
        d: Defense,
    ) -> impl Iterator<Item = Modifier> + '_ {
        self.modifiers
            .iter()
            .filter(move |m| m.creature == c && m.target.covers_defense(d))
            .map(|m| m.modifier.clone())
    }

    /// The stacked total of the modifiers `push` writes, gathered in a buffer the
    /// encounter keeps: what an attack without a log needs, with no vector built.
    fn kept_total(&mut self, push: impl FnOnce(&Self, &mut Vec<Modifier>)) -> i32 {
        let mut m = std::mem::take(&mut self.kept_modifiers);
        m.clear();
        push(self, &mut m);
        let total = stacked_total(&m);
        self.kept_modifiers = m;
        total
    }

    /// Ends modifiers whose duration ends: at the end of `c`'s turn (its turn count
    /// `begun`), or at the end of the encounter (`c` = `None`).
    pub(super) fn expire_modifiers(&mut self, end_of_turn: Option<(usize, u32)>) {
        let ends = |d: &InstanceDuration| match (d, end_of_turn) {
            (
                InstanceDuration::EndOfNextTurn {
                    creature,
                    turns_begun_then,
                },
                Some((c, begun)),
            ) => *creature == c && begun > *turns_begun_then,
            (InstanceDuration::EndOfEncounter, None) => true,
            _ => false,
        };
        let (gone, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.modifiers)
            .into_iter()
            .partition(|m| ends(&m.duration));
        self.modifiers = kept;
        for m in gone {
            note!(
                self,
                rules::STACKING,
                format_args!(
                    "{}'s {:+} from {} ends",
                    self.name(m.creature),
                    m.modifier.value,
                    m.modifier.source
                ),
            );
        }
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
        // The lowest index among those on that square, as a walk over the roster finds.
        (self.grid.on(opposite))
            .filter(|&o| {
                o != attacker
                    && !self.enemies(o, attacker)
                    && !self.creatures[o].object
                    && self.creatures[o].hp > 0
                    && self.can_flank(o).is_ok()
            })
            .min()
    }

    /// Why the attacker has combat advantage against the target (empty: it has none).
    pub fn combat_advantage(&self, attacker: usize, target: usize) -> Vec<String> {
        let mut why = Vec::new();
        self.advantage_reasons(attacker, target, |r| {
            why.push(match r {
                Advantage::Condition(name) => format!("{} is {name}", self.name(target)),
                Advantage::ProneAdjacent => format!(
                    "{} is prone and the attacker is adjacent",
                    self.name(target)
                ),
                Advantage::Flanks(ally) => {
                    format!("{} flanks with {}", self.name(attacker), self.name(ally))
                }
            });
            true
        });
        why
    }

    /// Whether the attacker has combat advantage against the target: the reasons of
    /// [`Encounter::combat_advantage`] looked for, none written out (a skirmish's attacks).
    pub fn has_combat_advantage(&self, attacker: usize, target: usize) -> bool {
        let mut any = false;
        self.advantage_reasons(attacker, target, |_| {
            any = true;
            false
        });
        any
    }

    /// Calls `found` with each reason for combat advantage, in the order they are
    /// written; stops when it returns false.
    fn advantage_reasons(
        &self,
        attacker: usize,
        target: usize,
        mut found: impl FnMut(Advantage) -> bool,
    ) {
        for (cond, name) in [
            (C::Blinded, "blinded"),
            (C::Deafened, "deafened"),
            (C::Helpless, "helpless"),
            (C::Petrified, "petrified"),
            (C::Restrained, "restrained"),
            (C::Stunned, "stunned"),
            (C::Unconscious, "unconscious"),
        ] {
            if self.has(target, cond) && !found(Advantage::Condition(name)) {
                return;
            }
        }
        if self.has(target, C::Prone)
            && self.adjacent(attacker, target)
            && self.enemies(attacker, target)
            && !found(Advantage::ProneAdjacent)
        {
            return;
        }
        if let Some(ally) = self.flanking_ally(attacker, target) {
            found(Advantage::Flanks(ally));
        }
    }

    /// The modifiers of an attack roll, stacked, with what was suppressed and why.
    pub fn attack_modifiers(
        &self,
        attacker: usize,
        target: usize,
        situation: Situation,
        violates_mark: bool,
    ) -> Breakdown {
        let mut m = Vec::new();
        self.push_attack_modifiers(attacker, target, situation, violates_mark, &mut m);
        stack(m)
    }

    /// The total of [`Encounter::attack_modifiers`] alone (an attack without a log).
    pub(super) fn attack_total(
        &mut self,
        attacker: usize,
        target: usize,
        situation: Situation,
        violates_mark: bool,
    ) -> i32 {
        self.kept_total(|e, m| {
            e.push_attack_modifiers(attacker, target, situation, violates_mark, m)
        })
    }

    /// The total of [`Encounter::defense_modifiers_of`] alone (an attack without a log).
    pub(super) fn defense_total(&mut self, c: usize, d: Defense) -> i32 {
        self.kept_total(|e, m| e.push_defense_modifiers(c, d, m))
    }

    /// Adds the modifiers of an attack roll to `m`, unstacked.
    fn push_attack_modifiers(
        &self,
        attacker: usize,
        target: usize,
        situation: Situation,
        violates_mark: bool,
        m: &mut Vec<Modifier>,
    ) {
        use ModifierType::*;
        if self.has_combat_advantage(attacker, target) {
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
                crate::conditions::readings::MarkPenalty::Untyped => Untyped,
                crate::conditions::readings::MarkPenalty::Power => Power,
            };
            m.push(Modifier::new(kind, -2, "the attack violates a mark"));
        }
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
    pub fn defense_modifiers_of(&self, c: usize, d: Defense) -> Breakdown {
        let mut m = Vec::new();
        self.push_defense_modifiers(c, d, &mut m);
        stack(m)
    }

    /// Adds the modifiers to one of a creature's defenses to `m`, unstacked.
    fn push_defense_modifiers(&self, c: usize, d: Defense, m: &mut Vec<Modifier>) {
        if self.total_defense[c].is_some() {
            m.push(Modifier::new(ModifierType::Power, 4, "Total Defense"));
        }
        m.extend(self.effect_defense_modifiers(c, d));
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
}
