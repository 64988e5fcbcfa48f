//! Movement, a part of [`Encounter`]. Owns walking, standing up, forced movement (with the
//! grabbed creature's escape check), the dominator's moves, escape checks (Sidebar: Escape
//! Check), and what positions decide after any change (grabs that lost adjacency,
//! defender-aura marks). May not apply conditions (`lifecycle`) or resolve attacks
//! (`combat`): it moves creatures and ends the instances a move breaks.
//!
//! An escape check is made with a move action against a grabber or swallower, or as a
//! free action when forced movement would break a grab. A success ends the instances of
//! the one condition the check was made against, from the one source chosen.

use super::*;
use crate::conditions::model::Skill;

impl Encounter {
    /// Walks along `path` (each square adjacent to the last) with a move action.
    pub fn walk(&mut self, c: usize, path: &[Square]) -> Outcome {
        self.can_take(c, ActionType::Move)?;
        let cost = self.movement_cost(c, path.len() as u32)?;
        self.check_path(c, path)?;
        self.spend(c, ActionType::Move);
        // Only written in the log: nothing is played for the provoked attacks.
        let provoked = if self.keep_log {
            self.leaving_adjacency(c, path)
        } else {
            Vec::new()
        };
        self.place_along(c, path);
        note!(
            self,
            rules::MOVEMENT,
            format_args!(
                "{} moves {} square(s) for {cost} movement",
                self.name(c),
                path.len()
            ),
        );
        for e in provoked {
            note!(
                self,
                rules::OPPORTUNITY,
                format_args!(
                    "{} leaves a square next to {}: it provokes an opportunity attack",
                    self.name(c),
                    self.name(e)
                ),
            );
        }
        self.settle();
        Ok(())
    }

    pub(super) fn check_path(&self, c: usize, path: &[Square]) -> Outcome {
        let mut at = self.creatures[c]
            .position
            .ok_or_else(|| Refused::said(format!("{} is not on the grid", self.name(c))))?;
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

    pub(super) fn place_along(&mut self, c: usize, path: &[Square]) {
        if let Some(last) = path.last() {
            self.set_position(c, Some(*last));
        }
    }

    /// Enemies that may make an opportunity attack as `c` walks off squares next to them
    /// (any enemy, seen or not, that can use opportunity actions).
    pub(super) fn leaving_adjacency(&self, c: usize, path: &[Square]) -> Vec<usize> {
        let Some(start) = self.creatures[c].position else {
            return Vec::new();
        };
        // Each step: the square left and the square entered.
        let steps = || {
            std::iter::once(start)
                .chain(path.iter().copied())
                .zip(path.iter().copied())
        };
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
                steps().any(|(from, to)| from.adjacent(p) && from != to)
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
                .map_err(|r| Refused::said(format!("{r} (no square after standing up)")))?;
            self.check_path(c, &[s])?;
        }
        self.spend(c, ActionType::Move);
        self.end_all(c, C::Prone);
        note!(
            self,
            rules::rule_of(C::Prone),
            format_args!("{} stands up", self.name(c)),
        );
        if let Some(s) = then {
            self.set_position(c, Some(s));
            note!(
                self,
                rules::rule_of(C::Prone),
                format_args!("{} moves 1 square after standing, to {s}", self.name(c)),
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
            note!(
                self,
                rules::rule_of(C::Restrained),
                format_args!(
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
            note!(
                self,
                rules::IMMUNITY,
                format_args!("{} ignores the {what}: {why}", self.name(target)),
            );
            return refuse(format!(
                "{} is immune to forced movement: {why}",
                self.name(target)
            ));
        }
        self.check_path(target, path)?;
        let end = *path
            .last()
            .ok_or_else(|| Refused::said("forced movement needs at least one square"))?;
        let left: Vec<usize> = self
            .sources(target, C::Grabbed)
            .filter(|&g| self.creatures[g].position.is_none_or(|p| !p.adjacent(end)))
            .collect();
        if !left.is_empty()
            && let Err(why) = self.can_escape_freely(target)
        {
            note!(
                self,
                rules::rule_of(C::Grabbed),
                format_args!(
                    "the forced movement would break a grab on {}, who cannot make the free-action escape check ({}): the movement is negated",
                    self.name(target),
                    why
                ),
            );
            return refuse(format!(
                "forced movement negated: {} cannot make an escape check ({})",
                self.name(target),
                why
            ));
        }
        for g in left {
            let Some(&choice) = escape_rolls.get(&g) else {
                note!(
                    self,
                    rules::rule_of(C::Grabbed),
                    format_args!(
                        "the forced movement would take {} away from {}; no escape check: the movement is negated",
                        self.name(target),
                        self.name(g)
                    )
                );
                return refuse("forced movement negated: the grabbed creature did not escape");
            };
            if !self.escape_check(target, g, C::Grabbed, choice, true) {
                note!(
                    self,
                    rules::rule_of(C::Grabbed),
                    format_args!(
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
        note!(
            self,
            rules::MOVEMENT,
            format_args!(
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
        if !self.sources(target, C::Dominated).any(|s| s == dominator) {
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
}

/// The escaper's choices for one escape check: its d20 roll and its skill (`None`: the
/// skill with the better margin, as a player would choose).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EscapeChoice {
    /// The d20 roll of the check.
    pub roll: u32,
    /// The skill used; `None`: the one with the better margin.
    pub skill: Option<Skill>,
}

impl From<u32> for EscapeChoice {
    fn from(roll: u32) -> Self {
        Self { roll, skill: None }
    }
}

impl Encounter {
    /// One escape check of `c` against `from`'s instances of `condition`.
    pub(super) fn escape_check(
        &mut self,
        c: usize,
        from: usize,
        condition: C,
        choice: EscapeChoice,
        free: bool,
    ) -> bool {
        let roll = choice.roll;
        let (me, them) = (&self.creatures[c], &self.creatures[from]);
        let acrobatics = i64::from(roll) + i64::from(me.acrobatics) - i64::from(them.reflex);
        let athletics = i64::from(roll) + i64::from(me.athletics) - i64::from(them.fortitude);
        let skill = choice.skill.unwrap_or(if acrobatics >= athletics {
            Skill::Acrobatics
        } else {
            Skill::Athletics
        });
        let (name, total, target) = match skill {
            Skill::Acrobatics => (
                "Acrobatics",
                i64::from(roll) + i64::from(me.acrobatics),
                ("Reflex", them.reflex),
            ),
            Skill::Athletics => (
                "Athletics",
                i64::from(roll) + i64::from(me.athletics),
                ("Fortitude", them.fortitude),
            ),
        };
        let ok = total >= i64::from(target.1);
        let how = if free {
            "a free action"
        } else {
            "a move action"
        };
        let chosen = if choice.skill.is_some() {
            ", chosen"
        } else {
            ""
        };
        note!(
            self,
            rules::ESCAPE,
            format_args!(
                "{} escape check against {} ({how}): d20 {roll} + {name}{chosen} = {total} vs {} {}: {}",
                self.name(c),
                self.name(from),
                target.0,
                target.1,
                if ok { "success" } else { "failure" }
            ),
        );
        if ok {
            while self.end_one(c, condition, Some(from)).is_ok() {}
        }
        ok
    }

    /// An escape check with a move action against `from`'s instances of `condition`
    /// (any condition `from` imposed on `c`: the text escapes "conditions like" grabbed
    /// and swallowed). `None` picks grabbed, else swallowed.
    pub fn escape(
        &mut self,
        c: usize,
        from: usize,
        condition: Option<C>,
        choice: EscapeChoice,
    ) -> Outcome<bool> {
        let condition = match condition {
            Some(k) => k,
            None if self.sources(c, C::Grabbed).any(|s| s == from) => C::Grabbed,
            None => C::Swallowed,
        };
        if !self.sources(c, condition).any(|s| s == from) {
            return refuse_for(Reason::NotBy(self.who(c), condition, self.who(from)));
        }
        self.can_take(c, ActionType::Move)?;
        self.spend(c, ActionType::Move);
        Ok(self.escape_check(c, from, condition, choice, false))
    }

    /// Re-establishes what positions decide after anything moved, appeared or vanished:
    /// grabs that lost adjacency end.
    pub(super) fn settle(&mut self) {
        self.check_grabs();
        self.sync_auras();
    }

    /// Gives every enemy inside a defender aura a marked instance from the aura's owner,
    /// and ends those of creatures no longer inside (Sidebar: Defender Aura).
    pub(super) fn sync_auras(&mut self) {
        // Asked after every move: the ids gathered in a kept buffer, the owners checked
        // one by one, no vector built.
        let mut gone = std::mem::take(&mut self.kept_ids);
        gone.clear();
        if self.instances.in_aura() > 0 {
            gone.extend(
                (self.instances.iter())
                    .filter(|(c, i)| {
                        i.duration == InstanceDuration::WhileInAura
                            && !i.source.is_some_and(|s| self.in_aura_of(*c, s))
                    })
                    .map(|(_, i)| i.id),
            );
        }
        for &id in &gone {
            if let Some(at) = self.instances.iter().position(|(_, i)| i.id == id) {
                let (c, inst) = self.instances.remove(at);
                self.ended(c, &inst, "it left the defender aura");
            }
        }
        self.kept_ids = gone;
        // Most skirmishes have no aura at all: then no pair need be looked at.
        if self.aura_owners.is_empty() {
            return;
        }
        // Each owner's aura looks at the creatures close enough; the pairs are taken in
        // the order of a walk over every creature, then every owner.
        let mut pairs = std::mem::take(&mut self.kept_pairs);
        pairs.clear();
        for &owner in &self.aura_owners {
            if let (Some(r), Some(p)) = (self.creatures[owner].aura, self.creatures[owner].position)
            {
                pairs.extend(
                    (self.grid.within(p, r))
                        .filter(|&c| self.in_aura_of(c, owner))
                        .map(|c| (c, owner)),
                );
            }
        }
        pairs.sort_unstable();
        for &(c, owner) in &pairs {
            let has = (self.instances_of(c, C::Marked))
                .any(|i| i.duration == InstanceDuration::WhileInAura && i.source == Some(owner));
            if !has && !self.immune_to(c, C::Marked) {
                note!(
                    self,
                    rules::AURA,
                    format_args!(
                        "{} is in {}'s defender aura: marked by it",
                        self.name(c),
                        self.name(owner)
                    ),
                );
                self.add_instance(c, C::Marked, Some(owner), InstanceDuration::WhileInAura);
            }
        }
        self.kept_pairs = pairs;
    }

    /// Ends grabs whose grabber is no longer adjacent ("Grabbed"); a creature that
    /// occupies no space (exiled, swallowed) is adjacent to nothing.
    pub(super) fn check_grabs(&mut self) {
        if self.instances.total(C::Grabbed) == 0 {
            return;
        }
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
            note!(
                self,
                rules::rule_of(C::Grabbed),
                format_args!(
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
}
