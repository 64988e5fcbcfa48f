//! What a minions battle reports as it is played: each attack with everything it did,
//! how each combat ended, and every other [`Event`] in order, with the words the
//! command line prints for each.

use std::fmt;

use schemars::JsonSchema;
use serde::Serialize;

use super::model::Side;
use super::rules;
use crate::trace::Rule;

/// One attack, and everything it did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct AttackReport {
    /// The attacker's name.
    pub attacker: String,
    /// The victim's name.
    pub victim: String,
    /// Which attack of this combat it was for the attacker (1 is the first).
    pub attack: u32,
    /// How many levels the attacker is below the victim (0 if not below).
    pub levels_below: u8,
    /// The attacker's consecutive misses before this attack.
    pub misses_before: u32,
    /// Whether it hit.
    pub hit: bool,
    /// Damage of the hit (0 on a miss).
    pub damage: u32,
    /// Damage the victim's armor soaked.
    pub soaked: u32,
    /// Damage that reached hit points.
    pub wounds: u32,
    /// The victim's armor left this round.
    pub armor_left: u32,
    /// The victim's hit points after the attack.
    pub hp_left: u32,
}

/// How a combat ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "end")]
pub enum CombatEnd {
    /// One group has no minions left.
    Eliminated {
        /// The group still standing.
        winner: Side,
    },
    /// Both groups fell in the same round (only with the simultaneous order).
    BothEliminated,
    /// The round limit came with both groups standing.
    RoundLimit,
}

/// Something that happened, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A strategic turn begins.
    TurnStart {
        /// The strategic turn, from 1.
        turn: u32,
    },
    /// A recruit gains its experience level.
    LevelUp {
        /// The recruit's name, as the battle file gives it.
        minion: String,
        /// Its base level before, 0 to 5.
        from: u8,
        /// Its base level after (one more, clamped at 5).
        to: u8,
    },
    /// A spell cast between combats falls on a minion.
    Spell {
        /// The turn before whose combat the spell is cast.
        turn: u32,
        /// The minion it falls on.
        minion: String,
        /// Levels the spell adds (negative: removes), and the level before and after.
        levels: i32,
        /// Its level before the spell, 0 to 5.
        level_from: u8,
        /// Its level after the spell, 0 to 5.
        level_to: u8,
        /// Armor penalty added, and the maximum armor after.
        armor_penalty: u32,
        /// Its maximum armor after the penalty.
        max_armor: u32,
        /// Damage off hit points (not combat damage), and hit points left.
        damage: u32,
        /// Hit points left after that damage; 0 is dead.
        hp_left: u32,
    },
    /// A combat round begins: every minion's current armor is reset to its maximum.
    RoundStart {
        /// The strategic turn, from 1.
        turn: u32,
        /// The round within this turn's combat, from 1.
        round: u32,
    },
    /// An attack.
    Attack(AttackReport),
    /// A minion gains armor mid-round: its maximum rises now, its current armor does not.
    ArmorGained {
        /// The minion that gains armor.
        minion: String,
        /// The minion whose doing gave it (for example by slaying a foe).
        by: String,
        /// Armor points gained.
        amount: u32,
        /// Its maximum armor from now on (soaks from the next round).
        max_armor: u32,
        /// Armor left this round, unchanged by the gain.
        current_armor: u32,
    },
    /// A minion dies.
    Slain {
        /// The minion slain.
        minion: String,
        /// Its killer.
        by: String,
    },
    /// A recruit's first kill by combat damage.
    Qualified {
        /// The recruit that made its first kill.
        minion: String,
    },
    /// The combat is over.
    CombatEnd {
        /// The strategic turn whose combat ended.
        turn: u32,
        /// Rounds this combat lasted.
        rounds: u32,
        /// How it ended.
        #[serde(flatten)]
        end: CombatEnd,
    },
}

impl Event {
    /// The rule of the text (or fray's reading) that this event applies.
    pub fn rule(&self) -> Rule {
        match self {
            Self::TurnStart { .. } | Self::CombatEnd { .. } => rules::PLAY,
            Self::LevelUp { .. } | Self::Qualified { .. } => rules::EXPERIENCE,
            Self::Spell { .. } => rules::SPELLS,
            Self::RoundStart { .. } => rules::ARMOR,
            Self::Attack(_) => rules::LEVELS_IN_COMBAT,
            Self::ArmorGained { .. } => rules::GAINING_ARMOR,
            Self::Slain { .. } => rules::ARMOR,
        }
    }

    /// Its indent in a printed log: a turn's start and its combat's end at the margin, a
    /// round's start two spaces in, what happens in a round four.
    pub fn indent(&self) -> &'static str {
        match self {
            Self::TurnStart { .. } | Self::CombatEnd { .. } => "",
            Self::RoundStart { .. } => "  ",
            _ => "    ",
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TurnStart { turn } => write!(f, "turn {turn} begins"),
            Self::LevelUp { minion, from, to } => {
                write!(
                    f,
                    "{minion} gains its experience level: level {from} → {to}"
                )
            }
            Self::Spell {
                turn,
                minion,
                levels,
                level_from,
                level_to,
                armor_penalty,
                max_armor,
                damage,
                hp_left,
            } => {
                write!(f, "a spell of turn {turn} falls on {minion}:")?;
                if *levels != 0 {
                    write!(
                        f,
                        " {levels:+} {} (level {level_from} → {level_to})",
                        if levels.abs() == 1 { "level" } else { "levels" }
                    )?;
                }
                if *armor_penalty > 0 {
                    write!(f, " armor −{armor_penalty} (maximum now {max_armor})")?;
                }
                if *damage > 0 {
                    write!(
                        f,
                        " {damage} damage, no armor against it ({hp_left} hp left)"
                    )?;
                    if *hp_left == 0 {
                        write!(f, ": slain, and no one earns a level by it")?;
                    }
                }
                Ok(())
            }
            Self::RoundStart { turn, round } => {
                write!(f, "turn {turn}, round {round}: armor resets to its maximum")
            }
            Self::Attack(a) => write!(f, "{}", AttackText(a)),
            Self::ArmorGained {
                minion,
                by,
                amount,
                max_armor,
                current_armor,
            } => write!(
                f,
                "{minion} gains {amount} armor from {by}: maximum now {max_armor}, but only {current_armor} left this round"
            ),
            Self::Slain { minion, by } => write!(f, "{minion} is slain by {by}"),
            Self::Qualified { minion } => write!(
                f,
                "{minion} made its first kill: it gains a level at the start of the next turn"
            ),
            Self::CombatEnd { turn, rounds, end } => {
                let how = match end {
                    CombatEnd::Eliminated { winner } => {
                        let side = if *winner == Side::A { "a" } else { "b" };
                        format!("group {side} is left standing")
                    }
                    CombatEnd::BothEliminated => "both groups fell".to_string(),
                    CombatEnd::RoundLimit => {
                        "the round limit came with both groups standing".to_string()
                    }
                };
                write!(
                    f,
                    "combat of turn {turn} ends after {}: {how}",
                    crate::text::count(u64::from(*rounds), "round")
                )
            }
        }
    }
}

struct AttackText<'a>(&'a AttackReport);

impl fmt::Display for AttackText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = self.0;
        let why = if a.attack == 1 {
            "its first attack this combat always hits".to_string()
        } else if a.levels_below == 0 {
            "not below its victim's level, every attack hits".to_string()
        } else if a.hit {
            let misses = plural(a.misses_before, "miss", "misses");
            format!("{}, it hits after {misses}", below(a.levels_below))
        } else {
            let (n, of) = (a.misses_before + 1, a.levels_below);
            format!("{}, miss {n} of {of}", below(a.levels_below))
        };
        let verb = if a.hit { "hits" } else { "misses" };
        write!(
            f,
            "{} {verb} {} (attack {}: {why})",
            a.attacker, a.victim, a.attack
        )?;
        if a.hit {
            write!(
                f,
                ": {} damage, armor soaks {}, {} to hit points ({} armor, {} hp left)",
                a.damage, a.soaked, a.wounds, a.armor_left, a.hp_left
            )?;
        }
        Ok(())
    }
}

fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n: u64 = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

fn below(levels: u8) -> String {
    format!("{} below its victim", plural(levels, "level", "levels"))
}
