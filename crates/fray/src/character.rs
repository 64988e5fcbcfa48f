//! Vocabulary about characters that several rule systems share.

use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The character conditions of the conditions rules text ("conditions", described in
/// `docs/rules/conditions.md`), which damage traits such as Condition Immunity name.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum CharacterCondition {
    /// Cannot see: grants combat advantage, cannot flank (conditions, Blinded).
    Blinded,
    /// Limited actions, no opportunity or immediate actions (conditions, Dazed).
    Dazed,
    /// Cannot hear: grants combat advantage, worse Perception (conditions, Deafened).
    Deafened,
    /// Acts for its dominator instead of itself (conditions, Dominated).
    Dominated,
    /// Off the grid, out of sight and reach (conditions, Exiled).
    Exiled,
    /// Held next to its grabber and cannot move (conditions, Grabbed).
    Grabbed,
    /// Open to a coup de grace (conditions, Helpless).
    Helpless,
    /// Cannot move by itself; forced movement still works (conditions, Immobilized).
    Immobilized,
    /// Penalized for attacks that leave out its marker (conditions, Marked).
    Marked,
    /// Turned to stone: no actions, resists all damage (conditions, Petrified).
    Petrified,
    /// Lying down until it stands up (conditions, Prone).
    Prone,
    /// Cannot move and ignores forced movement (conditions, Restrained).
    Restrained,
    /// Each square costs two (conditions, Slowed).
    Slowed,
    /// One action a turn, no attacks or movement (conditions, Stunned).
    Stunned,
    /// Inside its swallower, off the grid (conditions, Swallowed).
    Swallowed,
    /// Knocked out: prone, no actions, open to a coup de grace (conditions, Unconscious).
    Unconscious,
    /// Deals half damage and receives half healing (conditions, Weakened).
    Weakened,
}

impl CharacterCondition {
    /// Every condition, in the text's order.
    pub const ALL: [Self; 17] = [
        Self::Blinded,
        Self::Dazed,
        Self::Deafened,
        Self::Dominated,
        Self::Exiled,
        Self::Grabbed,
        Self::Helpless,
        Self::Immobilized,
        Self::Marked,
        Self::Petrified,
        Self::Prone,
        Self::Restrained,
        Self::Slowed,
        Self::Stunned,
        Self::Swallowed,
        Self::Unconscious,
        Self::Weakened,
    ];

    /// The lower-case name used in notation and data files.
    pub fn name(self) -> &'static str {
        match self {
            Self::Blinded => "blinded",
            Self::Dazed => "dazed",
            Self::Deafened => "deafened",
            Self::Dominated => "dominated",
            Self::Exiled => "exiled",
            Self::Grabbed => "grabbed",
            Self::Helpless => "helpless",
            Self::Immobilized => "immobilized",
            Self::Marked => "marked",
            Self::Petrified => "petrified",
            Self::Prone => "prone",
            Self::Restrained => "restrained",
            Self::Slowed => "slowed",
            Self::Stunned => "stunned",
            Self::Swallowed => "swallowed",
            Self::Unconscious => "unconscious",
            Self::Weakened => "weakened",
        }
    }
}

impl fmt::Display for CharacterCondition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of the seventeen conditions.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is not a character condition (expected one of: blinded, dazed, deafened, dominated, exiled, grabbed, helpless, immobilized, marked, petrified, prone, restrained, slowed, stunned, swallowed, unconscious, weakened)"
)]
pub struct UnknownCondition(pub String);

impl FromStr for CharacterCondition {
    type Err = UnknownCondition;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        Self::ALL
            .into_iter()
            .find(|c| c.name() == lower)
            .ok_or_else(|| UnknownCondition(s.trim().to_string()))
    }
}

/// One of the two sides of a battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The first side of a battle file (`a`).
    A,
    /// The second side of a battle file (`b`).
    B,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Self {
        match self {
            Self::A => Self::B,
            Self::B => Self::A,
        }
    }

    /// `a` or `b`.
    pub fn letter(self) -> &'static str {
        match self {
            Self::A => "a",
            Self::B => "b",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for c in CharacterCondition::ALL {
            assert_eq!(c.name().parse::<CharacterCondition>(), Ok(c));
            assert_eq!(
                c.to_string().to_uppercase().parse::<CharacterCondition>(),
                Ok(c)
            );
        }
        assert!("dying".parse::<CharacterCondition>().is_err());
    }
}
