//! Movement, a part of [`Encounter`]: walking, standing up, forced movement (with the
//! grabbed creature's escape check) and the dominator's moves.

use super::*;

impl Encounter {
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

    pub(super) fn check_path(&self, c: usize, path: &[Square]) -> Outcome {
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

    pub(super) fn place_along(&mut self, c: usize, path: &[Square]) {
        if let Some(last) = path.last() {
            self.creatures[c].position = Some(*last);
        }
    }

    /// Enemies that may make an opportunity attack as `c` walks off squares next to them
    /// (any enemy, seen or not, that can use opportunity actions).
    pub(super) fn leaving_adjacency(&self, c: usize, path: &[Square]) -> Vec<usize> {
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
}
