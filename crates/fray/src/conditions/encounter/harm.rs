//! Damage and healing, a part of [`Encounter`]: damage dealt through the damage system
//! (resolved untraced unless a log is kept), then what the conditions make of it
//! (unconscious, dominated saves, objects destroyed); healing halved by weakened. Moved
//! out of `combat` to keep each file small; `combat` calls it for every hit.

use super::*;
use crate::trace::NoTrace;

impl Encounter {
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
        note!(
            self,
            rules::rule_of(C::Weakened),
            format_args!(
                "{} heals {got}{why}, to {} hp",
                self.name(c),
                self.creatures[c].hp
            ),
        );
    }

    /// Where a hit's damage types and their words are kept in `type_names`: written out
    /// the first time they are met, found again after that.
    fn type_name(&mut self, types: &damage::DamageTypes) -> usize {
        match self.type_names.iter().position(|(t, _)| t == types) {
            Some(k) => k,
            None => {
                self.type_names.push((types.clone(), types.to_string()));
                self.type_names.len() - 1
            }
        }
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
    pub(super) fn deal(
        &mut self,
        c: usize,
        hit: &Hit,
        dominated_save: bool,
        rolls: Option<&mut dyn Rolls>,
    ) -> u64 {
        // The full explanation (its trace and triggers) only for the log; the numbers
        // are the same either way.
        let defender = self.damage_defender(c);
        let (outcome, triggers) = if self.keep_log {
            let e = damage::explain(hit, &defender, &Readings::default());
            (e.outcome, e.triggers)
        } else {
            let o = damage::resolve_with(hit, &defender, &Readings::default(), &mut NoTrace);
            (o, Vec::new())
        };
        drop(defender);
        let dealt = outcome.final_damage;
        if self.has(c, C::Petrified) {
            note!(
                self,
                rules::rule_of(C::Petrified),
                format_args!(
                    "{} is petrified: it resists all damage (halved)",
                    self.name(c)
                ),
            );
        }
        self.creatures[c].hp -= dealt as i64;
        let k = self.type_name(&hit.types);
        Stats::bump(&mut self.stats.damage_by_type, &self.type_names[k].1, dealt);
        note!(
            self,
            rules::DAMAGE,
            format_args!(
                "{} takes {dealt} damage ({} − {} + {}), {} hp left",
                self.name(c),
                outcome.original,
                outcome.mitigated,
                outcome.added,
                self.creatures[c].hp
            ),
        );
        for t in &triggers {
            note!(
                self,
                rules::DAMAGE,
                format_args!("damage trigger ({}): {}", t.damage_type, t.effect),
            );
        }
        if dealt == 0 {
            return 0;
        }
        if self.has(c, C::Unconscious) && self.creatures[c].hp >= 1 {
            note!(
                self,
                rules::rule_of(C::Unconscious),
                format_args!(
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
            note!(
                self,
                rules::rule_of(C::Dominated),
                format_args!(
                    "{} is dominated and damaged: it can make a saving throw, {choice}",
                    self.name(c)
                ),
            );
            match rolls {
                Some(r) if dominated_save => {
                    let roll = r.die(20);
                    let _ = self.saving_throw(c, C::Dominated, roll);
                }
                None if dominated_save => note!(
                    self,
                    rules::rule_of(C::Dominated),
                    "(a fall rolls nothing: no saving throw this time)",
                ),
                _ => {}
            }
        }
        if self.creatures[c].object {
            if self.creatures[c].hp <= 0 {
                note!(
                    self,
                    rules::DAMAGE,
                    format_args!("{} is an object at 0 hit points: destroyed", self.name(c)),
                );
            }
        } else if self.creatures[c].hp <= 0 && !self.has(c, C::Unconscious) {
            note!(
                self,
                rules::DAMAGE,
                format_args!(
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
}
