//! What a mass battle reports when asked to: its events, and their text.

use serde::Serialize;

use crate::character::Side;
use crate::text::count;

/// Something that happened in a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum MassEvent {
    /// A round begins.
    RoundStart { round: u32 },
    /// One attack roll.
    Attack {
        attacker: String,
        target: String,
        check: String,
        success: bool,
        degree: u32,
    },
    /// A side's total hits, and how many targets it may spread them over.
    SideHits { side: Side, hits: u64, targets: u32 },
    /// Hits assigned to one target.
    Assigned {
        side: Side,
        target: String,
        hits: u64,
    },
    /// Damage dealt to one target.
    Damage {
        target: String,
        hits: u64,
        full: bool,
        first_hit_roll: Option<u32>,
        damage: u64,
        hp_left: u32,
    },
    /// A combatant falls.
    Slain { name: String },
    /// The battle is over.
    End { winner: Option<Side>, rounds: u32 },
}

impl std::fmt::Display for MassEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::RoundStart { round } => write!(f, "round {round}"),
            Self::Attack {
                attacker,
                target,
                check,
                success,
                degree,
            } => {
                let result = if *success {
                    format!("success of degree {degree}")
                } else {
                    format!("failure of degree {degree}")
                };
                write!(f, "{attacker} attacks {target} at {check}: {result}")
            }
            Self::SideHits {
                side,
                hits,
                targets,
            } => {
                write!(
                    f,
                    "side {} scores {}, to spread over at most {}",
                    side.letter(),
                    count(*hits, "hit"),
                    count(u64::from(*targets), "target")
                )
            }
            Self::Assigned { side, target, hits } => {
                write!(
                    f,
                    "side {} puts {} on {target}",
                    side.letter(),
                    count(*hits, "hit")
                )
            }
            Self::Damage {
                target,
                hits,
                full: true,
                first_hit_roll,
                damage,
                hp_left,
            } => write!(
                f,
                "{target} takes full damage for {}: first hit rolls {} + {} for the others = {damage} ({hp_left} hp left)",
                count(*hits, "hit"),
                first_hit_roll.unwrap_or(0),
                hits - 1
            ),
            Self::Damage {
                target,
                hits,
                damage,
                hp_left,
                ..
            } => {
                write!(
                    f,
                    "{target} takes 1 per hit for {} = {damage} ({hp_left} hp left)",
                    count(*hits, "hit")
                )
            }
            Self::Slain { name } => write!(f, "{name} falls"),
            Self::End {
                winner: Some(side),
                rounds,
            } => write!(
                f,
                "side {} won after {}",
                side.letter(),
                count(u64::from(*rounds), "round")
            ),
            Self::End {
                winner: None,
                rounds,
            } => write!(
                f,
                "no side won after {}",
                count(u64::from(*rounds), "round")
            ),
        }
    }
}
