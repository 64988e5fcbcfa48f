//! The creature names a script's steps mention, with where they are, so an unknown
//! name is refused at its line and column before anything runs.

use super::*;

/// Every creature name a step mentions, with its key path inside the step.
pub(super) fn step_names(step: &Step) -> Vec<(Vec<String>, &Name)> {
    let mut n = Names::default();
    match step {
        Step::Apply {
            creature, source, ..
        }
        | Step::End {
            creature, source, ..
        } => {
            n.one("creature", creature);
            n.maybe("source", source);
        }
        Step::Move { creature, .. }
        | Step::Modifier { creature, .. }
        | Step::EndModifier { creature, .. }
        | Step::StandUp { creature, .. }
        | Step::TotalDefense { creature }
        | Step::Heal { creature, .. }
        | Step::Damage { creature, .. }
        | Step::Save { creature, .. } => n.one("creature", creature),
        Step::Attack {
            attacker,
            targets,
            forced_by,
            earlier,
            initially,
            marked_during,
            ..
        } => n.attack(
            (attacker, targets),
            [earlier, initially, marked_during],
            forced_by,
        ),
        Step::Push(f) | Step::Pull(f) | Step::Slide(f) => {
            n.one("creature", &f.creature);
            n.one("by", &f.by);
        }
        Step::DominatorMoves {
            dominator,
            creature,
            ..
        } => {
            n.one("dominator", dominator);
            n.one("creature", creature);
        }
        Step::Escape { creature, from, .. } => {
            n.one("creature", creature);
            n.one("from", from);
        }
        Step::Perception {
            creature, target, ..
        } => {
            n.one("creature", creature);
            n.maybe("target", target);
        }
        Step::Query {
            creature, target, ..
        } => {
            n.maybe("creature", creature);
            n.maybe("target", target);
        }
        Step::Expect(check) => check_names(check, &mut n),
        Step::NextTurn { .. } | Step::EndEncounter => {}
    }
    n.0
}

/// Names found in a step, with where they are.
#[derive(Default)]
struct Names<'a>(Vec<(Vec<String>, &'a Name)>);

impl<'a> Names<'a> {
    fn one(&mut self, field: &str, name: &'a Name) {
        self.0.push((vec![field.to_string()], name));
    }
    fn maybe(&mut self, field: &str, name: &'a Option<Name>) {
        if let Some(n) = name {
            self.one(field, n);
        }
    }
    fn list(&mut self, field: &str, names: &'a [Name]) {
        for (i, n) in names.iter().enumerate() {
            self.0.push((vec![field.to_string(), i.to_string()], n));
        }
    }
    /// The names of an attack and of the options that decide whether it violates a mark,
    /// which an attack step and a violates-mark check write alike.
    fn attack(
        &mut self,
        (attacker, targets): (&'a Name, &'a [Name]),
        [earlier, initially, marked_during]: [&'a [Name]; 3],
        forced_by: &'a Option<Name>,
    ) {
        self.one("attacker", attacker);
        self.list("targets", targets);
        self.list("earlier", earlier);
        self.list("initially", initially);
        self.list("marked_during", marked_during);
        self.maybe("forced_by", forced_by);
    }
}

fn check_names<'a>(check: &'a Check, n: &mut Names<'a>) {
    match check {
        Check::Condition {
            creature, source, ..
        } => {
            n.one("creature", creature);
            n.maybe("source", source);
        }
        Check::Hp { creature, .. }
        | Check::Position { creature, .. }
        | Check::Can { creature, .. }
        | Check::MovementCost { creature, .. }
        | Check::OccupiesSpace { creature, .. }
        | Check::Defense { creature, .. }
        | Check::Perception { creature, .. } => n.one("creature", creature),
        Check::CombatAdvantage {
            attacker, target, ..
        }
        | Check::AttackModifier {
            attacker, target, ..
        } => {
            n.one("attacker", attacker);
            n.one("target", target);
        }
        Check::ViolatesMark {
            attacker,
            targets,
            earlier,
            initially,
            marked_during,
            forced_by,
            ..
        } => n.attack(
            (attacker, targets),
            [earlier, initially, marked_during],
            forced_by,
        ),
        Check::LineOfSight { from, to, .. } | Check::LineOfEffect { from, to, .. } => {
            n.one("from", from);
            n.one("to", to);
        }
        Check::Initiative { order } => n.list("order", order),
        Check::Perceives {
            creature, target, ..
        } => {
            n.one("creature", creature);
            n.maybe("target", target);
        }
        Check::Refused { .. } | Check::Log { .. } => {}
    }
}
