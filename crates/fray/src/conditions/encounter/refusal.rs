//! Refusals, a part of [`Encounter`]: why an action did not happen. The refusals a
//! skirmish meets on every turn (what a creature may do now, how far it may walk, line of
//! effect, an instance that is not there) are reason codes holding the names they need;
//! their words are written only when a refusal is shown, so a policy asking what a
//! creature may do formats nothing. Rarer refusals (a script's own requests) are written
//! out when made.

use std::fmt;
use std::sync::Arc;

use super::*;

/// Why an action did not happen. Shown (`Display`, `to_string`) in the same words
/// whether it was kept as a reason code or written out when made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refused(Reason);

/// A creature's name, shared with the encounter: a refusal holds it without a copy.
type Name = Arc<str>;

/// The reasons, each with what its words name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Reason {
    /// Written out when refused.
    Said(String),
    /// An object takes no actions.
    Object(Name),
    /// A condition that forbids every action.
    NoActions(Name, &'static str),
    /// A condition that forbids opportunity and immediate actions.
    NoReactions(Name, &'static str),
    /// Not this creature's turn.
    NotTurn(Name),
    /// A condition that allows one action a turn, already taken.
    OneAction(Name, &'static str),
    /// Dazed, its standard or move action used.
    DazedMain(Name),
    /// Dazed, its minor action used.
    DazedMinor(Name),
    /// No action of this type left this turn.
    NoneLeft(Name, ActionType),
    /// Stunned: no attack.
    CannotAttack(Name),
    /// A condition that forbids moving.
    CannotMove(Name, &'static str),
    /// Prone, farther than it crawls.
    Crawl(Name, u32),
    /// A walk costing more movement than the creature has.
    TooFar {
        who: Name,
        squares: u32,
        cost: u32,
        slowed: bool,
        allowance: u32,
    },
    /// Exiled: no line of effect.
    Exiled(Name),
    /// Swallowed (first), by its swallower (second): no line of effect outside.
    Swallowed(Name, Name),
    /// No instance of the condition to end.
    NoInstance(Name, C),
    /// The creature is not under the condition from that source.
    NotBy(Name, C, Name),
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Said(text) => f.write_str(text),
            Self::Object(c) => write!(f, "{c} is an object: it takes no actions"),
            Self::NoActions(c, why) => write!(f, "{c} cannot take actions: {why}"),
            Self::NoReactions(c, why) => {
                write!(f, "{c} cannot use opportunity or immediate actions: {why}")
            }
            Self::NotTurn(c) => write!(f, "it is not {c}'s turn"),
            Self::OneAction(c, why) => write!(f, "{c} can take only one action per turn: {why}"),
            Self::DazedMain(c) => write!(
                f,
                "{c} is dazed: one standard or one move action a turn, already used"
            ),
            Self::DazedMinor(c) => write!(f, "{c} is dazed: one minor action a turn, already used"),
            Self::NoneLeft(c, action) => {
                f.write_str(&format!("{c} has no {action:?} action left this turn").to_lowercase())
            }
            Self::CannotAttack(c) => write!(f, "{c} is stunned and cannot attack"),
            Self::CannotMove(c, why) => write!(f, "{c} cannot move: {why}"),
            Self::Crawl(c, crawl) => write!(f, "{c} is prone and can only crawl {crawl} square(s)"),
            Self::TooFar {
                who,
                squares,
                cost,
                slowed,
                allowance,
            } => write!(
                f,
                "{squares} squares cost {cost} movement{}, more than {who}'s {allowance}",
                if *slowed { " (slowed: double)" } else { "" }
            ),
            Self::Exiled(c) => write!(f, "{c} is exiled: no line of effect to or from it"),
            Self::Swallowed(c, s) => write!(
                f,
                "{c} is swallowed: line of effect only with {s} and those it swallowed"
            ),
            Self::NoInstance(c, condition) => {
                write!(f, "{c} has no matching instance of {condition}")
            }
            Self::NotBy(c, condition, by) => write!(f, "{c} is not {condition} by {by}"),
        }
    }
}

impl Refused {
    /// A refusal in words written now.
    pub(super) fn said(why: impl Into<String>) -> Self {
        Self(Reason::Said(why.into()))
    }
}

impl From<Reason> for Refused {
    fn from(r: Reason) -> Self {
        Self(r)
    }
}

/// The result of an action: done, or refused with the reason.
pub(super) type Outcome<T = ()> = Result<T, Refused>;

/// Refuses in words written now.
pub(super) fn refuse<T>(why: impl Into<String>) -> Outcome<T> {
    Err(Refused::said(why))
}

/// Refuses with a reason code, written only when shown.
pub(super) fn refuse_for<T>(why: Reason) -> Outcome<T> {
    Err(Refused(why))
}

impl Encounter {
    /// The creature's name, shared, for a refusal to hold.
    pub(super) fn who(&self, c: usize) -> Name {
        Arc::clone(&self.names[c])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(r: Reason) -> String {
        Refused::from(r).to_string()
    }

    /// The reason codes read as the words the refusals were written in when made (scripts
    /// match them with `refused = "..."`); the example scripts show the others.
    #[test]
    fn reasons_read_as_the_words_written_before() {
        let ogre: Name = "Ogre".into();
        let cases = [
            (
                Reason::NoneLeft(ogre.clone(), ActionType::Move),
                "ogre has no move action left this turn",
            ),
            (
                Reason::TooFar {
                    who: ogre.clone(),
                    squares: 4,
                    cost: 8,
                    slowed: true,
                    allowance: 6,
                },
                "4 squares cost 8 movement (slowed: double), more than Ogre's 6",
            ),
            (
                Reason::Crawl(ogre.clone(), 1),
                "Ogre is prone and can only crawl 1 square(s)",
            ),
            (
                Reason::NoInstance(ogre.clone(), C::Grabbed),
                "Ogre has no matching instance of grabbed",
            ),
            (
                Reason::Swallowed(ogre.clone(), "Worm".into()),
                "Ogre is swallowed: line of effect only with Worm and those it swallowed",
            ),
            (
                Reason::NotBy(ogre.clone(), C::Grabbed, "Worm".into()),
                "Ogre is not grabbed by Worm",
            ),
            (Reason::Said("as written".into()), "as written"),
        ];
        for (reason, words) in cases {
            assert_eq!(shown(reason), words);
        }
    }
}
