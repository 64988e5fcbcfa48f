//! Turns, a part of [`Encounter`]. Owns initiative order, ongoing damage at the start of
//! a turn, saving throws and durations at its end, and the end of the encounter. May not
//! apply conditions: it ends them through `lifecycle`.

use super::*;

impl Encounter {
    /// Ends the current turn (if any) and starts the next in initiative order.
    pub fn next_turn(&mut self, rolls: &mut impl Rolls) {
        if self.order.is_empty() {
            note!(self, rules::TURNS, "no creature takes turns");
            return;
        }
        let next = match self.current {
            Some(c) => {
                self.end_turn(c, rolls);
                // Where the last turn was taken, unless a turn was started out of order.
                let at = match self.order.get(self.turn_at) {
                    Some(&o) if o == c => self.turn_at,
                    _ => self.order.iter().position(|&o| o == c).unwrap_or(0),
                };
                if at + 1 == self.order.len() {
                    self.round += 1;
                    note!(
                        self,
                        rules::TURNS,
                        format_args!("round {} begins", self.round)
                    );
                }
                self.turn_at = (at + 1) % self.order.len();
                self.order[self.turn_at]
            }
            None => {
                self.round = 1;
                note!(self, rules::TURNS, "round 1 begins");
                self.turn_at = 0;
                self.order[0]
            }
        };
        self.start_turn(next, rolls);
    }

    /// Starts a creature's turn: ongoing damage, in the order it was applied.
    pub fn start_turn(&mut self, c: usize, rolls: &mut impl Rolls) {
        self.current = Some(c);
        self.spent = Spent::default();
        self.turns_begun[c] += 1;
        note!(
            self,
            rules::TURNS,
            format_args!("{}'s turn begins", self.name(c))
        );
        let ongoing: Vec<Ongoing> = self
            .ongoing
            .iter()
            .filter(|(o, _)| *o == c)
            .map(|(_, g)| g.clone())
            .collect();
        for g in ongoing {
            let hit = Hit {
                ongoing: true,
                ..Hit::new(g.amount, g.types.clone())
            };
            note!(
                self,
                rules::ONGOING,
                format_args!(
                    "{} takes ongoing {} {} damage",
                    self.name(c),
                    g.amount,
                    hit.types
                ),
            );
            self.take_damage(c, &hit, rolls);
        }
    }

    /// Ends a creature's turn: saving throws, then durations that end now.
    pub fn end_turn(&mut self, c: usize, rolls: &mut impl Rolls) {
        // Ids and instances gathered in buffers the encounter keeps, not new vectors.
        let mut ids = std::mem::take(&mut self.kept_ids);
        ids.clear();
        // The instances are looked through only when there is something to find.
        if self.instances.saves(c) > 0 {
            ids.extend(
                (self.instances.iter())
                    .filter(|(o, i)| *o == c && i.duration == InstanceDuration::SaveEnds)
                    .map(|(_, i)| i.id),
            );
        }
        for &id in &ids {
            let roll = rolls.die(20);
            let Some(at) = self.instances.iter().position(|(_, i)| i.id == id) else {
                continue;
            };
            let cond = self.instances[at].1.condition;
            let ok = roll >= 10;
            note!(
                self,
                rules::SAVES,
                format_args!(
                    "{} saves against {cond} (instance {id}): d20 = {roll}, {}",
                    self.name(c),
                    if ok { "success" } else { "failure" }
                ),
            );
            if ok {
                let (_, inst) = self.instances.remove(at);
                self.ended(c, &inst, "saved");
            }
        }
        ids.clear();
        ids.extend(
            (self.ongoing.iter())
                .filter(|(o, _)| *o == c)
                .map(|(_, g)| g.id),
        );
        for &id in &ids {
            let roll = rolls.die(20);
            let ok = roll >= 10;
            note!(
                self,
                rules::SAVES,
                format_args!(
                    "{} saves against ongoing damage: d20 = {roll}, {}",
                    self.name(c),
                    if ok { "it ends" } else { "it continues" }
                ),
            );
            if ok {
                self.ongoing.retain(|(_, g)| g.id != id);
            }
        }
        self.kept_ids = ids;
        let begun = self.turns_begun[c];
        let mut expiring = std::mem::take(&mut self.kept_instances);
        expiring.clear();
        if self.instances.timed() > 0 {
            expiring.extend(
                self.instances
                    .iter()
                    .filter(|(_, i)| matches!(i.duration, InstanceDuration::EndOfNextTurn { creature, turns_begun_then } if creature == c && begun > turns_begun_then))
                    .cloned(),
            );
        }
        for (o, inst) in &expiring {
            self.instances.remove_id(inst.id);
            // The reason is written only for the log.
            let why = if self.keep_log {
                format!("the end of {}'s next turn", self.creatures[c].name)
            } else {
                String::new()
            };
            self.ended(*o, inst, &why);
        }
        self.kept_instances = expiring;
        self.expire_modifiers(Some((c, begun)));
        if self.total_defense[c].is_some_and(|then| begun > then) {
            self.total_defense[c] = None;
            note!(
                self,
                rules::TOTAL_DEFENSE,
                format_args!("{}'s Total Defense ends", self.name(c)),
            );
        }
        note!(
            self,
            rules::TURNS,
            format_args!("{}'s turn ends", self.name(c))
        );
    }

    /// The encounter ends: instances lasting until then end.
    pub fn end_encounter(&mut self) {
        let ending: Vec<(usize, ConditionInstance)> = self
            .instances
            .iter()
            .filter(|(_, i)| i.duration == InstanceDuration::EndOfEncounter)
            .cloned()
            .collect();
        for (c, inst) in ending {
            self.instances.remove_id(inst.id);
            self.ended(c, &inst, "the end of the encounter");
        }
        self.expire_modifiers(None);
    }

    /// A saving throw against one instance of a condition (10 or more succeeds).
    pub fn saving_throw(&mut self, c: usize, condition: C, roll: u32) -> Outcome<bool> {
        if !self.has(c, condition) {
            return refuse(format!("{} is not {condition}", self.name(c)));
        }
        let ok = roll >= 10;
        note!(
            self,
            rules::SAVES,
            format_args!(
                "{} saves against {condition}: d20 = {roll}, {}",
                self.name(c),
                if ok { "success" } else { "failure" }
            ),
        );
        if ok {
            self.end_one(c, condition, None)?;
        }
        Ok(ok)
    }
}
