//! Attack rolls worked out once per pair of profiles: a roll depends only on what the
//! attacker and the defender bring to it, never on who they are.

use super::{ArmorWeight, Army};
use crate::pool::model::{Check, PoolError, Rung};

/// The most profile pairs a side caches (20 bytes each); beyond, rolls are worked out
/// each time, so memory stays bounded whatever the battle.
const MAX_CACHED_PAIRS: usize = 1 << 20;

/// Attack rolls of one side by (attacker profile, defender profile).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct RollCache {
    /// The profile of each attacker, in list order.
    attacker: Vec<usize>,
    /// The profile of each defender, in list order.
    defender: Vec<usize>,
    /// One combatant of each profile, to work its rolls out with.
    attacker_of: Vec<usize>,
    defender_of: Vec<usize>,
    /// Attacker profile × defender profile, each roll with whether it is worked out yet
    /// (kept apart from the roll, so a lookup reads the roll's fields in place); empty
    /// when there would be too many pairs.
    checks: Vec<(bool, Check)>,
}

impl RollCache {
    /// An empty cache for `attackers` against `defenders`, their profiles numbered.
    pub(super) fn new(attackers: &Army, defenders: &Army) -> Self {
        let (attacker, attacker_of) = profiles(&attackers.combatants, |c| {
            let mask = |list: &[ArmorWeight]| list.iter().fold(0u8, |m, w| m | 1 << *w as u8);
            (
                c.bonus,
                c.form.clone(),
                mask(&c.penetrates),
                mask(&c.resisted_by),
            )
        });
        let (defender, defender_of) = profiles(&defenders.combatants, |c| {
            (
                c.form.clone(),
                c.armor,
                c.magic_armor,
                c.hard_to_hit,
                c.dodge,
            )
        });
        let pairs = attacker_of.len().saturating_mul(defender_of.len());
        Self {
            attacker,
            defender,
            attacker_of,
            defender_of,
            checks: match Check::new(Rung { tn: 1, die: 2 }, 0, 0) {
                Ok(unknown) if pairs <= MAX_CACHED_PAIRS => vec![(false, unknown); pairs],
                _ => Vec::new(),
            },
        }
    }

    /// Whether every attacker rolls the same roll against every defender: one profile
    /// each (the text's usual case, one big pool of dice).
    pub(super) fn one_roll(&self) -> bool {
        self.attacker_of.len() == 1 && self.defender_of.len() == 1
    }

    /// The profile of each attacker and of each defender, in list order, and how many
    /// profiles each side has: pair [`RollCache::pair`] is attacker profile × defender
    /// profiles + defender profile.
    pub(super) fn profiles(&self) -> (&[usize], &[usize], usize, usize) {
        let (a, d) = (self.attacker_of.len(), self.defender_of.len());
        (&self.attacker, &self.defender, a, d)
    }

    /// How many rolls the cache may hold.
    pub(super) fn len(&self) -> usize {
        self.checks.len()
    }

    /// The pair of profiles `attacker` and `defender` make, numbered below
    /// [`RollCache::len`] (None when the cache keeps no rolls): what a round counts its
    /// attacks by before drawing their hits whole.
    #[inline]
    pub(super) fn pair(&self, attacker: usize, defender: usize) -> Option<usize> {
        let at = self.attacker[attacker] * self.defender_of.len() + self.defender[defender];
        (at < self.checks.len()).then_some(at)
    }

    /// One combatant of each profile of pair `at` (a [`RollCache::pair`]): who its roll
    /// is worked out for.
    pub(super) fn of_pair(&self, at: usize) -> (usize, usize) {
        let d = self.defender_of.len();
        (self.attacker_of[at / d], self.defender_of[at % d])
    }

    /// The roll of `attacker` against `defender`: from the cache, or worked out by
    /// `work` (for one combatant of each profile) and kept.
    #[inline]
    pub(super) fn get(
        &mut self,
        attacker: usize,
        defender: usize,
        work: impl FnOnce(usize, usize) -> Result<Check, PoolError>,
    ) -> Result<Check, PoolError> {
        let (pa, pd) = (self.attacker[attacker], self.defender[defender]);
        let at = pa * self.defender_of.len() + pd;
        match self.checks.get(at) {
            Some((true, check)) => Ok(*check),
            _ => self.work_out(attacker, defender, work),
        }
    }

    /// A roll not in the cache: worked out, and kept if the cache keeps rolls.
    #[cold]
    fn work_out(
        &mut self,
        attacker: usize,
        defender: usize,
        work: impl FnOnce(usize, usize) -> Result<Check, PoolError>,
    ) -> Result<Check, PoolError> {
        if self.checks.is_empty() {
            return work(attacker, defender);
        }
        let (pa, pd) = (self.attacker[attacker], self.defender[defender]);
        let check = work(self.attacker_of[pa], self.defender_of[pd])?;
        self.checks[pa * self.defender_of.len() + pd] = (true, check);
        Ok(check)
    }
}

/// Numbers the distinct keys of `items` in order of first appearance: each item's
/// number, and the first item of each number.
pub(super) fn profiles<T, K: std::hash::Hash + Eq>(
    items: &[T],
    key: impl Fn(&T) -> K,
) -> (Vec<usize>, Vec<usize>) {
    let mut ids = std::collections::HashMap::new();
    let mut first = Vec::new();
    let of = items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            *ids.entry(key(item)).or_insert_with(|| {
                first.push(i);
                first.len() - 1
            })
        })
        .collect();
    (of, first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pool::battle::Combatant;

    fn army(combatants: Vec<Combatant>) -> Army {
        Army {
            name: "side".into(),
            combatants,
            advantage: 0,
            disadvantage: 0,
        }
    }

    /// `n` attackers of distinct profiles (their bonus) and `m` defenders of distinct
    /// profiles (their magic armor), each profile twice.
    fn armies(n: u32, m: u32) -> (Army, Army) {
        let attackers = (0..2 * n)
            .map(|i| Combatant {
                bonus: i % n,
                ..Combatant::new("a", 1)
            })
            .collect();
        let defenders = (0..2 * m)
            .map(|i| Combatant {
                magic_armor: i % m,
                ..Combatant::new("d", 1)
            })
            .collect();
        (army(attackers), army(defenders))
    }

    /// A roll that names its pair: bonus dice = attacker, penalty dice = defender.
    fn roll_of(a: usize, d: usize) -> Result<Check, PoolError> {
        Check::new(Rung { tn: 3, die: 6 }, a as u32, d as u32)
    }

    #[test]
    fn each_pair_of_profiles_is_worked_out_once() {
        let (attackers, defenders) = armies(3, 2);
        let mut cache = RollCache::new(&attackers, &defenders);
        assert_eq!(cache.len(), 6);
        let mut calls = 0;
        for _ in 0..2 {
            for a in 0..6 {
                for d in 0..4 {
                    let check = cache
                        .get(a, d, |a, d| {
                            calls += 1;
                            roll_of(a, d)
                        })
                        .unwrap();
                    // Worked out for the first combatant of each profile.
                    assert_eq!(check, roll_of(a % 3, d % 2).unwrap(), "{a} {d}");
                }
            }
        }
        assert_eq!(calls, 6);
    }

    #[test]
    fn past_the_bound_nothing_is_kept_and_every_roll_is_worked_out() {
        let (attackers, defenders) = armies(1025, 1025);
        let mut cache = RollCache::new(&attackers, &defenders);
        assert_eq!(cache.len(), 0);
        let mut calls = 0;
        for _ in 0..2 {
            // Worked out for the combatants themselves, not a profile's first.
            let check = cache
                .get(1030, 2, |a, d| {
                    calls += 1;
                    roll_of(a % 100, d % 100)
                })
                .unwrap();
            assert_eq!(check, roll_of(30, 2).unwrap());
        }
        assert_eq!(calls, 2);
    }
}
