//! The condition instances in force, with how many of each condition every creature
//! holds, so "is it prone?" is one lookup however many instances a large skirmish has
//! (the rules and the policy ask it many times a turn). Only this type changes the
//! instances, so the counts cannot drift from the list.

use std::ops::Deref;

use crate::conditions::model::{CharacterCondition as C, ConditionInstance};

/// Instances as (creature, instance), oldest first, and their counts per creature and
/// condition.
#[derive(Debug, Clone, Default)]
pub(super) struct Held {
    list: Vec<(usize, ConditionInstance)>,
    counts: Vec<[u32; C::ALL.len()]>,
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
        }
    }

    /// How many instances of `condition` creature `c` holds.
    pub(super) fn count(&self, c: usize, condition: C) -> u32 {
        self.counts.get(c).map_or(0, |k| k[condition as usize])
    }

    /// Adds an instance, the newest.
    pub(super) fn push(&mut self, c: usize, instance: ConditionInstance) {
        self.counts[c][instance.condition as usize] += 1;
        self.list.push((c, instance));
    }

    /// Removes the instance at `at` (an index into the list), keeping the order.
    pub(super) fn remove(&mut self, at: usize) -> (usize, ConditionInstance) {
        let (c, instance) = self.list.remove(at);
        self.counts[c][instance.condition as usize] -= 1;
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
        self.counts[c][condition as usize] = 0;
        gone.into_iter().map(|(_, i)| i).collect()
    }

    /// The newest instance, to complete what it was made with.
    pub(super) fn newest_mut(&mut self) -> Option<&mut ConditionInstance> {
        self.list.last_mut().map(|(_, i)| i)
    }

    /// None held, the buffers kept.
    pub(super) fn clear(&mut self) {
        self.list.clear();
        self.counts.iter_mut().for_each(|k| *k = [0; C::ALL.len()]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conditions::model::InstanceDuration;

    fn instance(id: u32, condition: C) -> ConditionInstance {
        ConditionInstance {
            id,
            condition,
            source: None,
            effect: None,
            duration: InstanceDuration::UntilEnded,
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
