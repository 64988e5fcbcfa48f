//! Bonuses and penalties that effects put on a creature's rolls or defenses (Penalty
//! types and stacking), a part of [`Encounter`]: each is typed (cover, concealment,
//! power) or untyped, stacks with the rest by the text's rules, and lasts for a duration.

use super::{Encounter, Outcome, refuse, rules};
use crate::conditions::model::{Defense, Duration, InstanceDuration};
use crate::conditions::stacking::Modifier;
use serde::{Deserialize, Serialize};

/// What a modifier from an effect changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Target {
    /// The creature's attack rolls.
    Attack,
    /// All four defenses.
    Defenses,
    Ac,
    Fortitude,
    Reflex,
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

/// A modifier an effect put on a creature, until its duration ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AppliedModifier {
    pub creature: usize,
    pub target: Target,
    /// Its type, value and source (the effect's name).
    pub modifier: Modifier,
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
        self.note(
            rules::STACKING,
            format!(
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
        self.note(
            rules::STACKING,
            format!("{}'s modifier(s) from `{source}` end", self.name(c)),
        );
        Ok(())
    }

    /// The modifiers effects put on `c`'s attack rolls.
    pub(super) fn effect_modifiers(&self, c: usize, target: Target) -> Vec<Modifier> {
        self.modifiers
            .iter()
            .filter(|m| m.creature == c && m.target == target)
            .map(|m| m.modifier.clone())
            .collect()
    }

    /// The modifiers effects put on one of `c`'s defenses.
    pub(super) fn effect_defense_modifiers(&self, c: usize, d: Defense) -> Vec<Modifier> {
        self.modifiers
            .iter()
            .filter(|m| m.creature == c && m.target.covers_defense(d))
            .map(|m| m.modifier.clone())
            .collect()
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
            self.note(
                rules::STACKING,
                format!(
                    "{}'s {:+} from {} ends",
                    self.name(m.creature),
                    m.modifier.value,
                    m.modifier.source
                ),
            );
        }
    }
}
