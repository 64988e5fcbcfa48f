//! Data types of the conditions system and the small tactical core it needs.

use serde::{Deserialize, Serialize};

pub use crate::character::{CharacterCondition, Side};
use crate::damage::{DamageType, Trait};
use crate::dice::DiceExpr;

/// A square of the grid.
///
/// A script's squares lie within [`Square::MAX_COORD`] of the origin on both axes
/// (checked where they are read); the grid arithmetic itself never overflows, whatever
/// the coordinates, because it is done in wider integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "[Coordinate; 2]", into = "[i32; 2]")]
pub struct Square {
    /// Column, growing eastward.
    pub x: i32,
    /// Row, growing southward.
    pub y: i32,
}

impl Square {
    /// The largest coordinate a file may give (and its negation the smallest): a grid
    /// two million squares wide is far beyond any battle map, and keeps every distance
    /// and offset of accepted squares well inside `i32`.
    pub const MAX_COORD: i32 = 1_000_000;

    /// Grid distance: diagonals count 1. Exact for any two squares (computed in `i64`).
    pub fn distance(self, other: Square) -> u32 {
        let dx = (i64::from(self.x) - i64::from(other.x)).unsigned_abs();
        let dy = (i64::from(self.y) - i64::from(other.y)).unsigned_abs();
        // At most 2^32 - 1, the widest span of two `i32`s.
        u32::try_from(dx.max(dy)).unwrap_or(u32::MAX)
    }

    /// The squared straight-line distance, to break ties between squares at the same
    /// grid distance; exact for any two squares (computed in `u128`).
    pub fn squared_distance(self, other: Square) -> u128 {
        let dx = u128::from((i64::from(self.x) - i64::from(other.x)).unsigned_abs());
        let dy = u128::from((i64::from(self.y) - i64::from(other.y)).unsigned_abs());
        dx * dx + dy * dy
    }

    /// The square `dx`, `dy` away, or `None` past the edge of `i32`.
    pub fn offset(self, dx: i32, dy: i32) -> Option<Square> {
        Some(Square {
            x: self.x.checked_add(dx)?,
            y: self.y.checked_add(dy)?,
        })
    }

    /// Whether two squares touch (diagonals included).
    pub fn adjacent(self, other: Square) -> bool {
        self.distance(other) == 1
    }
}

/// One coordinate of a square as a file writes it, checked to lie within
/// [`Square::MAX_COORD`] so that the error states the range.
#[derive(Debug, Clone, Copy)]
pub struct Coordinate(i32);

impl<'de> Deserialize<'de> for Coordinate {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        super::bounds::bounded(d, &super::bounds::COORDINATE).map(Coordinate)
    }
}

impl From<[Coordinate; 2]> for Square {
    fn from([x, y]: [Coordinate; 2]) -> Self {
        Self { x: x.0, y: y.0 }
    }
}

impl From<[i32; 2]> for Square {
    fn from([x, y]: [i32; 2]) -> Self {
        Self { x, y }
    }
}

impl From<Square> for [i32; 2] {
    fn from(s: Square) -> Self {
        [s.x, s.y]
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// The four defenses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Defense {
    /// Armor Class: what most weapon attacks target.
    Ac,
    /// Against attacks on the body (poison, grabs broken by Athletics).
    Fortitude,
    /// Against attacks dodged (areas, grabs slipped by Acrobatics).
    Reflex,
    /// Against attacks on the mind (charm, fear).
    Will,
}

impl std::fmt::Display for Defense {
    /// The defense as the rules write it: AC, Fortitude, Reflex, Will.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Ac => "AC",
            Self::Fortitude => "Fortitude",
            Self::Reflex => "Reflex",
            Self::Will => "Will",
        })
    }
}

/// The kinds of action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ActionType {
    /// The main action of a turn (an attack, Total Defense).
    Standard,
    /// Walking, standing up, an escape; a standard action can be traded for one.
    Move,
    /// A small action; a move or standard action can be traded for one.
    Minor,
    /// Costs nothing and is allowed even outside the creature's turn.
    Free,
    /// A reaction on another's turn (opportunity attacks); dazed and stunned creatures lose
    /// it.
    Opportunity,
    /// An interrupt or reaction on another's turn; dazed and stunned creatures lose it.
    Immediate,
}

/// The skill of an escape check (Sidebar: Escape Check): Acrobatics goes against the
/// source's Reflex, Athletics against its Fortitude. The escaper chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Skill {
    /// Slipping free: against the source's Reflex.
    Acrobatics,
    /// Breaking free: against the source's Fortitude.
    Athletics,
}

/// How often a power may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Usage {
    /// Usable every turn.
    #[default]
    AtWill,
    /// Usable once per encounter.
    Encounter,
}

/// How long a condition (or ongoing damage) lasts.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Duration {
    /// Until the end of the named creature's next turn.
    EndOfNextTurn(String),
    /// A saving throw at the end of the affected creature's turns ends it.
    SaveEnds,
    /// Until an event ends it (standing up, escaping, a grabber moving away...).
    UntilEnded,
    /// Until the encounter ends.
    EndOfEncounter,
}

impl std::fmt::Display for Duration {
    /// The duration in words, as a power's text would give it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::EndOfNextTurn(name) => write!(f, "until the end of {name}'s next turn"),
            Self::SaveEnds => f.write_str("save ends"),
            Self::UntilEnded => f.write_str("until ended"),
            Self::EndOfEncounter => f.write_str("until the end of the encounter"),
        }
    }
}

/// A condition a power inflicts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConditionEffect {
    /// Which condition.
    pub condition: CharacterCondition,
    /// For how long.
    pub duration: Duration,
}

/// Forced movement a power inflicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Forced {
    /// Moves the target away from the creature moving it.
    Push,
    /// Moves the target toward the creature moving it.
    Pull,
    /// Moves the target in any direction.
    Slide,
}

/// An attack power.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Power {
    /// Its name, unique in the encounter: scripts and logs name it by this.
    pub name: String,
    /// The action it takes.
    #[serde(default = "standard")]
    pub action: ActionType,
    /// How often it may be used (at will unless given).
    #[serde(default)]
    pub usage: Usage,
    /// Keywords: melee, ranged, burst, blast, charm, fear, gaze, damage types...
    #[serde(default)]
    pub keywords: Vec<String>,
    /// The attack bonus.
    #[serde(default, deserialize_with = "super::bounds::attack")]
    pub attack: i32,
    /// The defense it targets.
    #[serde(default = "ac")]
    pub vs: Defense,
    /// Damage dice on a hit.
    #[serde(default)]
    pub damage: Option<DiceExpr>,
    /// Damage types (physical when none).
    #[serde(default)]
    pub types: Vec<DamageType>,
    /// Conditions inflicted on a hit.
    #[serde(default)]
    pub effects: Vec<ConditionEffect>,
    /// Ongoing damage inflicted on a hit (save ends).
    #[serde(default, deserialize_with = "super::bounds::ongoing")]
    pub ongoing: u32,
    /// Forced movement on a hit: how and how far.
    #[serde(default, deserialize_with = "super::bounds::forced")]
    pub forced: Option<(Forced, u32)>,
    /// An event that makes the power's owner use it at once, against the creature that
    /// caused the event.
    #[serde(default)]
    pub trigger: Option<Trigger>,
}

/// Events that trigger a power.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Trigger {
    /// A creature marked by the power's owner makes an attack that violates the mark
    /// (the text's note under Sidebar: Violating marks: such effects trigger on a
    /// violation, not on "an attack that does not include the marker").
    MarkViolated,
}

fn standard() -> ActionType {
    ActionType::Standard
}

fn ac() -> Defense {
    Defense::Ac
}

impl Power {
    /// Whether it has a keyword (case-insensitive).
    pub fn has(&self, keyword: &str) -> bool {
        self.keywords
            .iter()
            .any(|k| k.eq_ignore_ascii_case(keyword))
    }

    /// A burst or blast.
    pub fn is_area(&self) -> bool {
        self.has("burst") || self.has("blast") || self.has("area")
    }

    /// Ranged or area: provokes opportunity attacks from adjacent enemies.
    pub fn provokes(&self) -> bool {
        self.has("ranged") || self.is_area()
    }
}

/// A creature of an encounter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Creature {
    /// Its name, unique in the encounter: scripts and logs name it by this.
    pub name: String,
    /// Its side: creatures of the other side are its enemies.
    pub side: Side,
    /// Its level: its hits carry it, for damage conditions that test the attacker's level.
    pub level: u32,
    /// Hit points when unhurt: healing stops there.
    pub max_hp: i64,
    /// Hit points now; at 0 or less it falls unconscious.
    pub hp: i64,
    /// Armor Class, the defense most attacks target.
    pub ac: i32,
    /// Fortitude defense; Athletics escapes go against it.
    pub fortitude: i32,
    /// Reflex defense; Acrobatics escapes go against it.
    pub reflex: i32,
    /// Will defense.
    pub will: i32,
    /// Squares it may walk with one move action.
    pub speed: u32,
    /// Crawling speed (1 square unless it has a crawl speed).
    pub crawl: u32,
    /// Acrobatics modifier, for escape checks.
    pub acrobatics: i32,
    /// Athletics modifier, for escape checks.
    pub athletics: i32,
    /// Perception modifier, for Perception checks and passive Perception.
    pub perception: i32,
    /// Initiative: higher acts earlier (ties keep the order written).
    pub initiative: i32,
    /// Where it stands; `None` while it occupies no space (exiled, swallowed).
    pub position: Option<Square>,
    /// Damage traits, as the damage system reads them.
    pub traits: Vec<Trait>,
    /// The attack powers it may use.
    pub powers: Vec<Power>,
    /// A defender aura: enemies within this many squares are marked by it.
    pub aura: Option<u32>,
    /// An object, not a creature (the text's "characters or objects"): it can be seen,
    /// concealed, attacked or swallowed, but takes no turns or actions and is nobody's
    /// enemy or ally.
    #[serde(default)]
    pub object: bool,
}

impl Creature {
    /// One defense's value.
    pub fn defense(&self, d: Defense) -> i32 {
        match d {
            Defense::Ac => self.ac,
            Defense::Fortitude => self.fortitude,
            Defense::Reflex => self.reflex,
            Defense::Will => self.will,
        }
    }
}

/// One instance of a condition on a creature: each ends on its own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ConditionInstance {
    /// A number unique within the encounter.
    pub id: u32,
    /// The condition this instance imposes.
    pub condition: CharacterCondition,
    /// The creature imposing it (the dominator, grabber, marker, swallower...).
    pub source: Option<usize>,
    /// A source that is no creature: the name of an effect, zone or trap.
    pub effect: Option<String>,
    /// When this instance ends, bound to the encounter's turns.
    pub duration: InstanceDuration,
}

/// A duration, bound to the encounter's creatures and turn counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "until")]
pub enum InstanceDuration {
    /// Ends at the end of `creature`'s first turn that begins after it was applied.
    EndOfNextTurn {
        /// The creature whose turn ends it.
        creature: usize,
        /// How many turns that creature had begun when it was applied.
        turns_begun_then: u32,
    },
    /// A saving throw at the end of the affected creature's turns ends it.
    SaveEnds,
    /// Until an event ends it (standing up, escaping, a grabber moving away...).
    UntilEnded,
    /// Until the encounter ends.
    EndOfEncounter,
    /// A mark of a defender aura: lasts while the creature stays in the aura of its
    /// source (Sidebar: Defender Aura).
    WhileInAura,
}

/// Ongoing damage on a creature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ongoing {
    /// A number unique within the encounter, so one of several can be ended.
    pub id: u32,
    /// Damage dealt at the start of each of the creature's turns.
    pub amount: u32,
    /// Its damage types, for resistances and vulnerabilities.
    pub types: Vec<DamageType>,
    /// The creature that inflicted it, if any.
    pub source: Option<usize>,
}
