//! Data types of the minions system: minions, groups, and the options of play.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The lowest level a minion can have.
pub const MIN_LEVEL: i32 = 0;
/// The highest level a minion can have.
pub const MAX_LEVEL: i32 = 5;

/// A minion's level, always within 0 ..= 5: bonuses and penalties past the ends are lost.
///
/// ```
/// use fray::minions::Level;
/// assert_eq!(Level::clamped(7).get(), 5);
/// assert_eq!(Level::clamped(-2).get(), 0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Level(u8);

impl Level {
    /// The level `value`, brought into 0 ..= 5.
    pub fn clamped(value: i32) -> Self {
        Self(value.clamp(MIN_LEVEL, MAX_LEVEL) as u8)
    }

    /// The level as a number.
    pub fn get(self) -> u8 {
        self.0
    }

    /// How many levels this attacker is below `victim` (0 when equal or higher).
    pub fn below(self, victim: Level) -> u8 {
        victim.0.saturating_sub(self.0)
    }
}

/// What a minion is, which decides its starting level and whether it learns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A newly trained recruit: level 1, can gain one experience level.
    Recruit,
    /// A weak recruit made by a spell: level 0, can gain one experience level.
    WeakRecruit,
    /// A veteran recruit made by a spell: level 2, already has its experience level.
    Veteran,
    /// A monster: usually level 1 or 2, never gains experience.
    Monster,
}

impl Kind {
    /// The level a minion of this kind starts at when none is given.
    pub fn starting_level(self) -> Level {
        match self {
            Self::WeakRecruit => Level(0),
            Self::Recruit | Self::Monster => Level(1),
            Self::Veteran => Level(2),
        }
    }

    /// Whether a first kill can earn a minion of this kind an experience level (a recruit
    /// may still be declared unable to learn: [`Minion::learns`]).
    pub fn can_learn(self) -> bool {
        matches!(self, Self::Recruit | Self::WeakRecruit)
    }
}

/// One minion as a scenario declares it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Minion {
    /// A name unique within the battle.
    pub name: String,
    /// Recruit, weak recruit, veteran or monster.
    pub kind: Kind,
    /// Level before spells.
    pub level: Level,
    /// Hit points at the start.
    pub hp: u32,
    /// Maximum armor: damage soaked each combat round.
    pub armor: u32,
    /// Damage of each hit (its attack strength).
    pub damage: u32,
    /// Attacks in each combat round.
    pub attacks: u32,
    /// Levels added (or, negative, removed) by spells; the sum is clamped to 0 ..= 5.
    pub spell_levels: i32,
    /// Armor removed by spells (never below 0).
    pub armor_penalty: u32,
    /// Armor each of its hits gives its victim, like a gorgon's gaze turning flesh to
    /// stone: it raises the victim's maximum armor, which counts from the next round.
    pub gaze_armor: u32,
    /// Whether this recruit can gain its experience level: most can, not all
    /// (minions, *Experience Level*). Only meaningful for kinds that can learn.
    #[serde(default = "yes")]
    pub learns: bool,
}

fn yes() -> bool {
    true
}

impl Minion {
    /// A minion of `kind` at its starting level, with one attack and no armor or spells.
    pub fn new(name: &str, kind: Kind, hp: u32, damage: u32) -> Self {
        Self {
            name: name.to_string(),
            kind,
            level: kind.starting_level(),
            hp,
            armor: 0,
            damage,
            attacks: 1,
            spell_levels: 0,
            armor_penalty: 0,
            gaze_armor: 0,
            learns: kind.can_learn(),
        }
    }

    /// Whether a first kill earns it an experience level: a recruit that learns.
    pub fn can_learn(&self) -> bool {
        self.kind.can_learn() && self.learns
    }

    /// A recruit that cannot learn (or, with `true`, one that can).
    pub fn learns(mut self, learns: bool) -> Self {
        self.learns = learns;
        self
    }

    /// With this base level (clamped to 0 ..= 5).
    pub fn level(mut self, level: i32) -> Self {
        self.level = Level::clamped(level);
        self
    }

    /// With this maximum armor.
    pub fn armor(mut self, armor: u32) -> Self {
        self.armor = armor;
        self
    }

    /// With this many attacks per round.
    pub fn attacks(mut self, attacks: u32) -> Self {
        self.attacks = attacks;
        self
    }

    /// With levels from spells.
    pub fn spell_levels(mut self, levels: i32) -> Self {
        self.spell_levels = levels;
        self
    }

    /// With an armor penalty from spells.
    pub fn armor_penalty(mut self, penalty: u32) -> Self {
        self.armor_penalty = penalty;
        self
    }

    /// Whose hits give the victim this much armor.
    pub fn gaze_armor(mut self, armor: u32) -> Self {
        self.gaze_armor = armor;
        self
    }
}

/// Where a recruit stands on its one experience level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Experience {
    /// Veterans and monsters: never gains an experience level.
    CannotLearn,
    /// Has not yet killed by combat damage.
    Eligible,
    /// Has made its first kill; gains the level at the start of the next turn if it is
    /// still alive then (a slain recruit keeps this state and never gains it).
    Qualified,
    /// Has gained its experience level.
    Gained,
}

pub use crate::character::Side;

/// A named group of minions fighting together.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    /// The group's name.
    pub name: String,
    /// Its minions, in the order they act and are targeted.
    pub minions: Vec<Minion>,
}

/// In what order minions attack within a combat round (the text does not say).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Order {
    /// Every minion of group A, in list order, then every minion of group B; each makes
    /// all its attacks when its turn comes. Minions slain earlier in the round do not act.
    #[default]
    Precedence,
    /// A1, B1, A2, B2...: the groups take turns, minion by minion.
    Interleaved,
    /// Everyone alive at the start of the round attacks, in precedence order, and those
    /// slain during the round still strike before they fall.
    Simultaneous,
}

/// Printed as battle files spell it (`order = "interleaved"`).
impl std::fmt::Display for Order {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Precedence => "precedence",
            Self::Interleaved => "interleaved",
            Self::Simultaneous => "simultaneous",
        })
    }
}

/// How an attacker picks a victim when it has none alive (the text does not say).
/// An attacker always keeps its victim until the victim dies or the combat ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Targeting {
    /// The first living enemy in list order.
    #[default]
    First,
    /// Attackers spread out: the i-th living attacker takes the i-th living enemy
    /// (wrapping around).
    Spread,
    /// The living enemy with the fewest hit points (the first of equals).
    Weakest,
}

/// Printed as battle files spell it (`targeting = "spread"`).
impl std::fmt::Display for Targeting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::First => "first",
            Self::Spread => "spread",
            Self::Weakest => "weakest",
        })
    }
}

/// What happens to a level bonus or penalty that would take a minion past 0 or 5 (the
/// text says such excess is ignored, without saying for how long).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LevelExcess {
    /// The excess is lost when it lands: each spell or experience level moves the current
    /// level, clamped, so a level-0 minion cursed by 2 and then blessed by 1 is level 1.
    #[default]
    Lost,
    /// Spell levels are kept as a running sum and only the level used is clamped, so the
    /// same minion stays at 0 (0 − 2 + 1 = −1, shown as 0).
    Kept,
}

/// The options of play: what the text leaves open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// The order of attacks within a round.
    pub order: Order,
    /// How victims are chosen.
    pub targeting: Targeting,
    /// Level bonuses and penalties past 0 or 5: lost at once, or kept in a running sum.
    pub level_excess: LevelExcess,
    /// A combat ends after this many rounds if both groups still stand.
    pub max_rounds: u32,
    /// Turns to play; each turn holds one combat, and experience is gained between them.
    pub turns: u32,
}

impl Default for Rules {
    fn default() -> Self {
        Self {
            order: Order::Precedence,
            targeting: Targeting::First,
            level_excess: LevelExcess::Lost,
            max_rounds: 100,
            turns: 1,
        }
    }
}

/// Who a spell falls on.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SpellTarget {
    /// One minion, by name (a name no minion has matches no one).
    Minion(String),
    /// Every living minion of a group.
    Group(Side),
}

/// A spell cast between combats, so that what the text says spells can do can be played:
/// level bonuses and penalties (*Minion Levels*), armor penalties (*How Armor Affects
/// Combat*), and damage that is not combat damage.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Spell {
    /// Cast at the start of this turn, after experience levels are gained and before the
    /// turn's combat; a spell of a turn the battle never reaches is not cast.
    pub turn: u32,
    /// Who it falls on; minions already slain are not affected.
    pub target: SpellTarget,
    /// Levels added (negative: removed); past 0 or 5 as [`Rules::level_excess`] says.
    pub levels: i32,
    /// Armor penalty added: lowers the maximum armor, never below 0.
    pub armor_penalty: u32,
    /// Damage straight off hit points: armor soaks only combat damage, and a minion slain
    /// this way earns no one an experience level.
    pub damage: u32,
}

/// A battle: two groups, the options of play, and the spells cast between combats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// The options of play.
    pub rules: Rules,
    /// Group A.
    pub a: Group,
    /// Group B.
    pub b: Group,
    /// Spells, in the order they are cast within a turn.
    #[serde(default)]
    pub spells: Vec<Spell>,
}
