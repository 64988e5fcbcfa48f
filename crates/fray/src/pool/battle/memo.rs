//! A side's round of attacks remembered by the counts that decide it. Where a side's
//! attackers are all of one profile, or its targets all of one, and its targets keep
//! their order with each profile in one run, how many attacks each pair of profiles
//! makes depends on how many of each profile stand, and nothing else: a battle of a
//! few dozen fighters meets a few dozen such counts, over and over. The first time a
//! count is met its attacks are counted and their table found; after, a round reads
//! both from one slot, with no counting and no table looked up.

use std::ops::Range;

use super::tables::{Drawn, SideTables};
use crate::rng::Rolls;

/// The most slots a memo keeps: beyond (a side of hundreds of each profile), the
/// attacks are counted every round.
const MAX_SLOTS: usize = 4096;

/// A slot whose round is not yet met: beyond any plan's number (at most
/// [`MAX_SLOTS`] plans).
const NOT_MET: u32 = u32::MAX;

/// A side's rounds by the living counts of its attacker and defender profiles.
#[derive(Debug, Clone)]
pub(super) struct Memo {
    /// What each attacker profile's count, then each defender profile's, is
    /// multiplied by in a slot's number: a mixed radix over the counts.
    by_attacker: Vec<usize>,
    by_defender: Vec<usize>,
    /// Each slot's plan number ([`NOT_MET`]: none yet).
    slot: Vec<u32>,
    plans: Vec<Plan>,
    /// The plans' parts, (roll, attacks) in the order of their pairs.
    parts: Vec<(usize, u32)>,
}

/// How a remembered round draws its hits.
#[derive(Debug, Clone)]
struct Plan {
    parts: Range<usize>,
    draw: Draw,
}

#[derive(Debug, Clone)]
enum Draw {
    /// From one table, kept here (one roll's own, or several rolls' joint table):
    /// a slot, its plan, its table's column.
    Table(Drawn),
    /// With no one table kept: each roll's from its own.
    Each,
}

impl Memo {
    /// A memo for counts up to `most_attackers` of each attacker profile and
    /// `most_defenders` of each defender profile; None when it would need more than
    /// [`MAX_SLOTS`] slots.
    pub(super) fn new(most_attackers: &[u32], most_defenders: &[u32]) -> Option<Self> {
        let mut slots = 1usize;
        let mut stride = |most: &u32| {
            let s = slots;
            slots = slots.checked_mul(*most as usize + 1)?;
            Some(s)
        };
        let by_attacker = most_attackers
            .iter()
            .map(&mut stride)
            .collect::<Option<_>>()?;
        let by_defender = most_defenders
            .iter()
            .map(&mut stride)
            .collect::<Option<_>>()?;
        (slots <= MAX_SLOTS).then(|| Self {
            by_attacker,
            by_defender,
            slot: vec![NOT_MET; slots],
            plans: Vec::new(),
            parts: Vec::new(),
        })
    }

    /// How many rounds it keeps.
    pub(super) fn kept(&self) -> usize {
        self.plans.len()
    }

    /// What each attacker profile's count, and each defender profile's, adds to a
    /// slot's number: a side keeps its living's part of it as they fall.
    pub(super) fn strides(&self) -> (&[usize], &[usize]) {
        (&self.by_attacker, &self.by_defender)
    }

    /// The slot of these living counts (each within the most given to [`Memo::new`]):
    /// what the sides keep as their living fall ([`Memo::strides`]), counted afresh
    /// for a test to compare.
    #[cfg(test)]
    pub(super) fn key(&self, attackers: &[u32], defenders: &[u32]) -> usize {
        let a = attackers.iter().zip(&self.by_attacker);
        let d = defenders.iter().zip(&self.by_defender);
        a.chain(d).map(|(&n, &s)| n as usize * s).sum()
    }

    /// The hits of the round remembered at `key`, drawn as
    /// [`SideTables::hits_together`] draws them; None when not yet met.
    #[inline(always)]
    pub(super) fn hits(
        &self,
        key: usize,
        tables: &SideTables,
        rolls: &mut impl Rolls,
    ) -> Option<u64> {
        // A slot not met numbers no plan.
        let plan = self.plans.get(*self.slot.get(key)? as usize)?;
        let parts = || &self.parts[plan.parts.clone()];
        Some(match &plan.draw {
            Draw::Table(drawn) => match rolls.word() {
                Some(word) => (drawn.hits(word)).unwrap_or_else(|| tables.rolled(parts(), rolls)),
                None => tables.each(parts(), rolls),
            },
            Draw::Each => tables.each(parts(), rolls),
        })
    }

    /// The round at `key` makes these attacks (`parts`, not empty, as
    /// [`SideTables::hits_together`] takes them): remembered, with their table.
    pub(super) fn keep(&mut self, key: usize, parts: &[(usize, u32)], tables: &mut SideTables) {
        let draw = tables.drawn(parts).map_or(Draw::Each, Draw::Table);
        let start = self.parts.len();
        self.parts.extend_from_slice(parts);
        self.slot[key] = self.plans.len() as u32;
        self.plans.push(Plan {
            parts: start..self.parts.len(),
            draw,
        });
    }
}
