//! Actions, a part of [`Encounter`]. Owns what a creature may do now (the conditions that
//! forbid actions, attacks or moving), the action budget of the current turn, Total
//! Defense, and what a walk costs. May not move creatures or change their conditions: it
//! answers and spends.

use super::*;

impl Encounter {
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

    pub(super) fn spend(&mut self, c: usize, action: ActionType) {
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
            squares.saturating_mul(2)
        } else {
            squares
        };
        let allowance = if self.has(c, C::Prone) {
            creature.crawl.saturating_mul(2)
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

    /// Total Defense: a standard action, +4 power bonus to all defenses until the end of
    /// the creature's next turn.
    pub fn total_defense(&mut self, c: usize) -> Outcome {
        self.can_take(c, ActionType::Standard)?;
        self.spend(c, ActionType::Standard);
        self.total_defense[c] = Some(self.turns_begun[c]);
        note!(
            self,
            rules::TOTAL_DEFENSE,
            format_args!(
                "{} takes Total Defense: +4 power bonus to all defenses until the end of its next turn",
                self.name(c)
            )
        );
        Ok(())
    }
}
