//! The condition instances in force, with how many of each condition every creature
//! holds, so "is it prone?" is one lookup however many instances a large skirmish has
//! (the rules and the policy ask it many times a turn), and how many of the kinds each
//! turn looks through there are, so a turn skips the list when there are none (the
//! fallen's instances of a large skirmish would otherwise be read every turn). Only this
//! type changes the instances, so the counts cannot drift from the list.

use std::ops::Deref;

use crate::conditions::model::{CharacterCondition as C, ConditionInstance, InstanceDuration};

/// Instances as (creature, instance), oldest first, and their counts per creature and
/// condition.
#[derive(Debug, Clone, Default)]
pub(super) struct Held {
    list: Vec<(usize, ConditionInstance)>,
    counts: Vec<[u32; C::ALL.len()]>,
    /// Per creature, its instances a saving throw ends.
    saves: Vec<u32>,
    /// Per condition, its instances on anyone.
    totals: [u32; C::ALL.len()],
    /// Instances ending at the end of someone's next turn.
    timed: u32,
    /// Instances lasting while their creature is in a defender aura.
    in_aura: u32,
}

impl Deref for Held {
    type Target = [(usize, ConditionInstance)];

    fn deref(&self) -> &Self::Target {
        &self.list
    }
}

impl Held {
    /// None held by any of `creatures` creatures, with room for `capacity` instances.
    pub(super) fn new(creatures: usize, capacity: usize) -> Self {
        Self {
            list: Vec::with_capacity(capacity),
            counts: vec![[0; C::ALL.len()]; creatures],
            saves: vec![0; creatures],
            totals: [0; C::ALL.len()],
            timed: 0,
            in_aura: 0,
        }
    }

    /// How many instances a saving throw ends creature `c` holds.
    pub(super) fn saves(&self, c: usize) -> u32 {
        self.saves.get(c).copied().unwrap_or(0)
    }

    /// How many instances of `condition` anyone holds.
    pub(super) fn total(&self, condition: C) -> u32 {
        self.totals[condition as usize]
    }

    /// How many instances end at the end of someone's next turn.
    pub(super) fn timed(&self) -> u32 {
        self.timed
    }

    /// How many instances last while their creature is in a defender aura.
    pub(super) fn in_aura(&self) -> u32 {
        self.in_aura
    }

    /// Counts an instance of `c` in (`by` 1) or out (`by` -1 as a wrapping add).
    fn tally(&mut self, c: usize, i: &ConditionInstance, by: u32) {
        let k = i.condition as usize;
        self.counts[c][k] = self.counts[c][k].wrapping_add(by);
        self.totals[k] = self.totals[k].wrapping_add(by);
        match i.duration {
            InstanceDuration::SaveEnds => self.saves[c] = self.saves[c].wrapping_add(by),
            InstanceDuration::EndOfNextTurn { .. } => self.timed = self.timed.wrapping_add(by),
            InstanceDuration::WhileInAura => self.in_aura = self.in_aura.wrapping_add(by),
            InstanceDuration::UntilEnded | InstanceDuration::EndOfEncounter => {}
        }
    }

    /// How many instances of `condition` creature `c` holds.
    pub(super) fn count(&self, c: usize, condition: C) -> u32 {
        self.counts.get(c).map_or(0, |k| k[condition as usize])
    }

    /// Adds an instance, the newest.
    pub(super) fn push(&mut self, c: usize, instance: ConditionInstance) {
        self.tally(c, &instance, 1);
        self.list.push((c, instance));
    }

    /// Removes the instance at `at` (an index into the list), keeping the order.
    pub(super) fn remove(&mut self, at: usize) -> (usize, ConditionInstance) {
        let (c, instance) = self.list.remove(at);
        self.tally(c, &instance, u32::MAX);
        (c, instance)
    }

    /// Removes the instance with this id, if any.
    pub(super) fn remove_id(&mut self, id: u32) -> Option<(usize, ConditionInstance)> {
        let at = self.list.iter().position(|(_, i)| i.id == id)?;
        Some(self.remove(at))
    }

    /// Removes every instance of `condition` creature `c` holds, returned oldest first.
    pub(super) fn remove_all(&mut self, c: usize, condition: C) -> Vec<ConditionInstance> {
        if self.count(c, condition) == 0 {
            return Vec::new();
        }
        let (gone, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.list)
            .into_iter()
            .partition(|(o, i)| *o == c && i.condition == condition);
        self.list = kept;
        (gone.into_iter())
            .map(|(_, i)| {
                self.tally(c, &i, u32::MAX);
                i
            })
            .collect()
    }

    /// Names the effect that made the newest instance (only that may change after it
    /// was added: the counts read its creature, condition and duration).
    pub(super) fn name_newest_effect(&mut self, effect: &str) {
        if let Some((_, i)) = self.list.last_mut() {
            i.effect = Some(effect.to_string());
        }
    }

    /// None held, the buffers kept.
    pub(super) fn clear(&mut self) {
        self.list.clear();
        self.counts.iter_mut().for_each(|k| *k = [0; C::ALL.len()]);
        self.saves.fill(0);
        self.totals = [0; C::ALL.len()];
        (self.timed, self.in_aura) = (0, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conditions::model::InstanceDuration;

    fn instance(id: u32, condition: C) -> ConditionInstance {
        lasting(id, condition, InstanceDuration::UntilEnded)
    }

    fn lasting(id: u32, condition: C, duration: InstanceDuration) -> ConditionInstance {
        ConditionInstance {
            id,
            condition,
            source: None,
            effect: None,
            duration,
        }
    }

    /// Counts follow every way an instance comes and goes.
    #[test]
    fn counts_follow_the_list() {
        let mut h = Held::new(2, 0);
        h.push(0, instance(1, C::Prone));
        h.push(1, instance(2, C::Prone));
        h.push(0, instance(3, C::Prone));
        h.push(0, instance(4, C::Dazed));
        assert_eq!((h.count(0, C::Prone), h.count(1, C::Prone)), (2, 1));
        assert_eq!(h.remove_id(2).map(|(c, i)| (c, i.id)), Some((1, 2)));
        assert_eq!(h.count(1, C::Prone), 0);
        assert_eq!(h.remove_id(2), None);
        let gone: Vec<u32> = h.remove_all(0, C::Prone).iter().map(|i| i.id).collect();
        assert_eq!(gone, [1, 3], "oldest first");
        assert_eq!((h.count(0, C::Prone), h.count(0, C::Dazed)), (0, 1));
        assert_eq!(h.len(), 1);
        h.clear();
        assert_eq!((h.count(0, C::Dazed), h.len()), (0, 0));
        assert_eq!(
            h.count(7, C::Dazed),
            0,
            "a creature past the roster holds nothing"
        );
    }
}
