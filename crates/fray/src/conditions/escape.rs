//! Escape checks (Sidebar: Escape Check), a part of [`Encounter`]: with a move action
//! against a grabber or swallower, or as a free action when forced movement would break
//! a grab. A success ends the instances of the one condition the check was made against,
//! from the one source chosen.

use super::{ActionType, C, Encounter, Outcome, refuse, rules};
use crate::conditions::model::Skill;

/// The escaper's choices for one escape check: its d20 roll and its skill (`None`: the
/// skill with the better margin, as a player would choose).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EscapeChoice {
    pub roll: u32,
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
        self.note(
            rules::ESCAPE,
            format!(
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
            None if self.sources(c, C::Grabbed).contains(&from) => C::Grabbed,
            None => C::Swallowed,
        };
        if !self.sources(c, condition).contains(&from) {
            return refuse(format!(
                "{} is not {condition} by {}",
                self.name(c),
                self.name(from)
            ));
        }
        self.can_take(c, ActionType::Move)?;
        self.spend(c, ActionType::Move);
        Ok(self.escape_check(c, from, condition, choice, false))
    }
}
