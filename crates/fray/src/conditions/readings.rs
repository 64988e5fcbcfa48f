//! The readings of the conditions text a designer may switch, the counterpart of
//! `damage::Readings`. Defaults are the readings fray chose (docs/rules/conditions.md,
//! "Ambiguities and readings chosen"); each field names the other reading.

use serde::{Deserialize, Serialize};

/// The type the marked condition's −2 penalty stacks as.
///
/// The text lists three penalty types and untyped penalties (conditions, Penalty types
/// and stacking), yet names the mark's −2 a "mark penalty" (Marked). Since the list is
/// closed, fray reads it as untyped by default; `Power` makes it a power penalty, which
/// then does not stack with prone's or restrained's −2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MarkPenalty {
    /// The penalty stacks with every other penalty (the default reading).
    #[default]
    Untyped,
    /// The penalty is a power penalty: it does not stack with another power penalty.
    Power,
}

/// Switchable readings of the conditions text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Readings {
    /// How the mark penalty stacks (untyped by default).
    pub mark_penalty: MarkPenalty,
    /// A stunned creature may make the free-action escape check when forced movement
    /// would break its grab (default: it may, using its one action of the turn; the
    /// text only bars actions to petrified, unconscious and dominated creatures).
    /// `false`: stunned creatures cannot, and the movement is negated.
    pub stunned_may_escape: bool,
}

impl Default for Readings {
    fn default() -> Self {
        Self {
            mark_penalty: MarkPenalty::Untyped,
            stunned_may_escape: true,
        }
    }
}
