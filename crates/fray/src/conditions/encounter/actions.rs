//! Actions, a part of [`Encounter`]. Owns what a creature may do now (the conditions that
//! forbid actions, attacks or moving), the action budget of the current turn, Total
//! Defense, and what a walk costs. May not move creatures or change their conditions: it
//! answers and spends.

use super::*;

impl Encounter {
    /// Whether the creature may take an action of this type now, or why not.
    pub fn can_take(&self, c: usize, action: ActionType) -> Outcome {
        if self.creatures[c].object {
            return refuse_for(Reason::Object(self.who(c)));
        }
        for (cond, name) in [
            (C::Dominated, "dominated"),
            (C::Petrified, "petrified"),
            (C::Unconscious, "unconscious"),
        ] {
            if self.has(c, cond) {
                return refuse_for(Reason::NoActions(self.who(c), name));
            }
        }
        let reacting = matches!(action, ActionType::Opportunity | ActionType::Immediate);
        for (cond, name) in [(C::Dazed, "dazed"), (C::Stunned, "stunned")] {
            if reacting && self.has(c, cond) {
                return refuse_for(Reason::NoReactions(self.who(c), name));
            }
        }
        if reacting || action == ActionType::Free || self.current != Some(c) {
            return if self.current.is_some()
                && !reacting
                && action != ActionType::Free
                && self.current != Some(c)
            {
                refuse_for(Reason::NotTurn(self.who(c)))
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
                return refuse_for(Reason::OneAction(self.who(c), name));
            }
        }
        if self.has(c, C::Dazed) {
            let main_used = s.standard || s.moved;
            match action {
                ActionType::Standard | ActionType::Move if main_used => {
                    return refuse_for(Reason::DazedMain(self.who(c)));
                }
                ActionType::Minor if s.minor => {
                    return refuse_for(Reason::DazedMinor(self.who(c)));
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
            refuse_for(Reason::NoneLeft(self.who(c), action))
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
            return refuse_for(Reason::CannotAttack(self.who(c)));
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
                return refuse_for(Reason::CannotMove(self.who(c), name));
            }
        }
        Ok(())
    }

    /// The movement a walk of `squares` squares costs, or why it cannot be walked.
    pub fn movement_cost(&self, c: usize, squares: u32) -> Outcome<u32> {
        self.can_move(c)?;
        let creature = &self.creatures[c];
        if self.has(c, C::Prone) && squares > creature.crawl {
            return refuse_for(Reason::Crawl(self.who(c), creature.crawl));
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
            return refuse_for(Reason::TooFar {
                who: self.who(c),
                squares,
                cost,
                slowed: self.has(c, C::Slowed),
                allowance,
            });
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
