//! What a mass battle reports when asked to: its events, and their text.

use schemars::JsonSchema;
use serde::Serialize;

use crate::character::Side;
use crate::text::count;

/// Something that happened in a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum MassEvent {
    /// A round begins.
    RoundStart {
        /// The round, from 1.
        round: u32,
    },
    /// One attack roll.
    Attack {
        /// The combatant rolling.
        attacker: String,
        /// The enemy its roll is made against (pool, Combat considerations).
        target: String,
        /// The check rolled, as `TN/D` with its bonus and penalty dice.
        check: String,
        /// Whether the check succeeded.
        success: bool,
        /// Hits on a success, misses on a failure (exploding 1s included).
        degree: u32,
    },
    /// A side's total hits, and how many targets it may spread them over.
    SideHits {
        /// The side that scored.
        side: Side,
        /// Its total hits: the sum of its successes' degrees.
        hits: u64,
        /// At most this many targets: no more than its living attackers.
        targets: u32,
    },
    /// Hits assigned to one target.
    Assigned {
        /// The side whose hits these are.
        side: Side,
        /// The enemy they fall on.
        target: String,
        /// How many of the side's hits it takes.
        hits: u64,
    },
    /// Damage dealt to one target.
    Damage {
        /// The combatant hurt.
        target: String,
        /// Hits it took.
        hits: u64,
        /// Full damage (the side with more hits): the first hit rolls a die, each
        /// further hit adds 1; otherwise 1 per hit (pool, The roll, step 2).
        full: bool,
        /// The first hit's die roll, under full damage only.
        first_hit_roll: Option<u32>,
        /// Damage dealt in all.
        damage: u64,
        /// Hit points left; 0 has fallen.
        hp_left: u32,
    },
    /// A combatant falls.
    Slain {
        /// The combatant that fell.
        name: String,
    },
    /// The battle is over.
    End {
        /// The side left standing; `None` when both fell or the round limit came.
        winner: Option<Side>,
        /// Rounds fought.
        rounds: u32,
    },
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
