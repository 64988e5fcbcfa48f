//! The range of every number an encounter script (or a skirmish's creatures) may hold.
//! Each is checked as the file is read, so an out-of-range value is refused at its line
//! and column with the range stated, and every accepted value keeps the encounter's
//! arithmetic far from overflow: hit points, damage and defenses stay in the millions
//! while the arithmetic uses `i32`/`i64`.

use serde::{Deserialize, Deserializer, de::Error};

use crate::dice::MAX_SIDES;
use crate::request::Refusal;
use crate::scenario::ScenarioError;

/// A range of whole numbers a field accepts, and what the field is, for the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    /// What the value is ("a defense", "hit points"...).
    pub what: &'static str,
    /// The smallest value accepted.
    pub lo: i64,
    /// The largest value accepted.
    pub hi: i64,
    /// The keys of the fields that take it.
    pub keys: &'static [&'static str],
}

impl Bound {
    /// The value if it lies in the range, else the message stating it.
    pub fn check(&self, v: i64) -> Result<i64, Refusal> {
        if (self.lo..=self.hi).contains(&v) {
            Ok(v)
        } else {
            Err(Refusal::new(format!(
                "{} is {v}: expected a whole number from {} to {}",
                self.what, self.lo, self.hi
            )))
        }
    }
}

const fn b(what: &'static str, lo: i64, hi: i64, keys: &'static [&'static str]) -> Bound {
    Bound { what, lo, hi, keys }
}

/// A coordinate of a square (see [`super::Square::MAX_COORD`]).
pub const COORDINATE: Bound = b(
    "a square's coordinate",
    -1_000_000,
    1_000_000,
    &[
        "position",
        "path",
        "forced_path",
        "then",
        "reappear",
        "at",
        "squares",
    ],
);
/// Hit points of a creature or object.
pub const HP: Bound = b("hp", 1, 1_000_000, &["hp"]);
/// A creature's level.
pub const LEVEL: Bound = b("level", 1, 100, &["level"]);
/// AC, Fortitude, Reflex and Will.
pub const DEFENSE: Bound = b("a defense", 0, 100, &["ac", "fortitude", "reflex", "will"]);
/// Speed and crawl speed, in squares.
pub const SPEED: Bound = b("a speed", 0, 100, &["speed", "crawl"]);
/// Acrobatics, Athletics and Perception bonuses.
pub const SKILL: Bound = b(
    "a skill bonus",
    -100,
    100,
    &["acrobatics", "athletics", "perception"],
);
/// The initiative bonus.
pub const INITIATIVE: Bound = b("initiative", -100, 100, &["initiative"]);
/// A defender aura's radius, in squares.
pub const AURA: Bound = b("an aura's radius", 1, 100, &["aura"]);
/// A power's attack bonus.
pub const ATTACK: Bound = b("an attack bonus", -100, 100, &["attack"]);
/// A power's ongoing damage.
pub const ONGOING: Bound = b("ongoing damage", 0, 10_000, &["ongoing"]);
/// A power's forced movement, in squares.
pub const FORCED: Bound = b("a forced movement's distance", 1, 100, &["forced"]);
/// A terrain's falling damage.
pub const FALL: Bound = b("falling damage", 0, 1_000_000, &["fall"]);
/// A fixed roll of any die (the dice of damage may have up to `dice::MAX_SIDES` sides;
/// a roll is checked again against its actual die when it is used).
pub const ROLL: Bound = b("a fixed roll", 1, MAX_SIDES as i64, &["rolls"]);
/// A fixed d20 roll of an escape check made during forced movement.
pub const D20: Bound = b("a d20 roll", 1, 20, &["escape"]);
/// Damage or healing a step deals.
pub const AMOUNT: Bound = b("an amount", 0, 1_000_000, &["amount"]);
/// A modifier step's bonus or penalty (0 is refused separately).
pub const MODIFIER: Bound = b("a bonus or penalty", -20, 20, &["value"]);
/// A Perception DC.
pub const DC: Bound = b("a DC", 0, 100, &["dc"]);
/// The seed: any value TOML can write that is not negative.
pub const SEED: Bound = b("the seed", 0, i64::MAX, &["seed"]);
/// Expected hit points (damage can take a creature far below 0).
pub const EXPECTED_HP: Bound = b("expected hp", -1_000_000_000_000, 1_000_000, &["value"]);
/// An expected number of instances.
pub const COUNT: Bound = b("a count", 0, 1_000_000, &["count"]);
/// An expected attack modifier, defense or Perception modifier.
pub const EXPECTED_MODIFIER: Bound = b(
    "an expected value",
    -1_000_000,
    1_000_000,
    &["total", "value", "modifier"],
);
/// Squares of an expected movement cost, and the cost.
pub const SQUARES: Bound = b("a number of squares", 0, 1_000, &["squares", "value"]);

/// Every bound, for the documentation and the tests that walk them.
pub const ALL: [Bound; 22] = [
    COORDINATE,
    HP,
    LEVEL,
    DEFENSE,
    SPEED,
    SKILL,
    INITIATIVE,
    AURA,
    ATTACK,
    ONGOING,
    FORCED,
    FALL,
    ROLL,
    D20,
    AMOUNT,
    MODIFIER,
    DC,
    SEED,
    EXPECTED_HP,
    COUNT,
    EXPECTED_MODIFIER,
    SQUARES,
];

/// Reads a whole number and checks it against `bound`; the error states the range and
/// TOML locates it at the value.
pub(crate) fn bounded<'de, D: Deserializer<'de>, T: TryFrom<i64>>(
    d: D,
    bound: &Bound,
) -> Result<T, D::Error> {
    let v = i64::deserialize(d)?;
    let v = bound.check(v).map_err(D::Error::custom)?;
    T::try_from(v).map_err(|_| D::Error::custom(bound.check(i64::MIN).unwrap_err()))
}

/// A whole number within a [`Bound`], for lists and optional fields.
pub(crate) struct In<const K: usize, T>(pub T);

impl<'de, const K: usize, T: TryFrom<i64>> Deserialize<'de> for In<K, T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        bounded(d, &ALL[K]).map(In)
    }
}

/// `deserialize_with` functions, one per field kind.
macro_rules! fields {
    ($($name:ident: $t:ty = $bound:ident;)*) => {$(
        pub(crate) fn $name<'de, D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
            bounded(d, &$bound)
        }
    )*};
}

fields! {
    hp: u32 = HP;
    level: u32 = LEVEL;
    defense: i32 = DEFENSE;
    speed: u32 = SPEED;
    skill: i32 = SKILL;
    initiative: i32 = INITIATIVE;
    attack: i32 = ATTACK;
    ongoing: u32 = ONGOING;
    amount: u32 = AMOUNT;
    modifier: i32 = MODIFIER;
    dc: i32 = DC;
    expected_hp: i64 = EXPECTED_HP;
    expected: i32 = EXPECTED_MODIFIER;
    squares: u32 = SQUARES;
}

/// A power's forced movement: how (`F`, the model's kind of forced movement, left
/// generic so that the ranges sit below the model), and a distance within [`FORCED`].
pub(crate) fn forced<'de, D: Deserializer<'de>, F: Deserialize<'de>>(
    d: D,
) -> Result<Option<(F, u32)>, D::Error> {
    Ok(Option::<(F, In<{ at::FORCED }, u32>)>::deserialize(d)?.map(|(f, n)| (f, n.0)))
}

/// An optional value within `ALL[K]`.
pub(crate) fn optional<'de, D: Deserializer<'de>, const K: usize, T: TryFrom<i64>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    Ok(Option::<In<K, T>>::deserialize(d)?.map(|v| v.0))
}

/// A list of values within `ALL[K]`, each located on its own.
pub(crate) fn list<'de, D: Deserializer<'de>, const K: usize, T: TryFrom<i64>>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    Ok(Vec::<In<K, T>>::deserialize(d)?
        .into_iter()
        .map(|v| v.0)
        .collect())
}

/// Points an out-of-range error that TOML located at a whole `[[step]]` table (its
/// steps are read with their span) at the offending value instead, when the value is
/// written as a plain number in that table.
pub(crate) fn refine(text: &str, e: ScenarioError) -> ScenarioError {
    let Some(loc) = &e.location else { return e };
    let value = e
        .message
        .split_once(" is ")
        .and_then(|(_, rest)| rest.split_once(": expected a whole number from"))
        .map(|(v, _)| v.to_string());
    let Some(value) = value else { return e };
    let keys = ALL
        .iter()
        .find(|b| e.message.starts_with(&format!("{} is ", b.what)))
        .map_or(&[][..], |b| b.keys);
    if !loc.line_text.trim_start().starts_with("[[") {
        return e;
    }
    let lines = crate::text::LineIndex::new(text);
    let mut offset: usize = text
        .split_inclusive('\n')
        .take(loc.line)
        .map(str::len)
        .sum();
    for line in text[offset.min(text.len())..].split_inclusive('\n') {
        if line.trim_start().starts_with('[') {
            break;
        }
        let key = line.split('=').next().unwrap_or("").trim();
        let hit = line.match_indices(value.as_str()).find(|(i, _)| {
            keys.contains(&key) && {
                let before = line[..*i].chars().next_back();
                let after = line[i + value.len()..].chars().next();
                !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                    && !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            }
        });
        if let Some((i, _)) = hit {
            return ScenarioError {
                location: Some(lines.locate(offset + i, value.len())),
                message: e.message,
            };
        }
        offset += line.len();
    }
    e
}

/// Indices into [`ALL`] for [`optional`] and [`list`].
pub(crate) mod at {
    pub const HP: usize = 1;
    pub const AURA: usize = 7;
    pub const FORCED: usize = 10;
    pub const FALL: usize = 11;
    pub const ROLL: usize = 12;
    pub const D20: usize = 13;
    pub const SEED: usize = 17;
    pub const COUNT: usize = 19;
    pub const SQUARES: usize = 21;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_indices_name_their_bounds() {
        assert_eq!(ALL[at::HP], HP);
        assert_eq!(ALL[at::AURA], AURA);
        assert_eq!(ALL[at::FALL], FALL);
        assert_eq!(ALL[at::FORCED], FORCED);
        assert_eq!(ALL[at::ROLL], ROLL);
        assert_eq!(ALL[at::D20], D20);
        assert_eq!(ALL[at::SEED], SEED);
        assert_eq!(ALL[at::COUNT], COUNT);
        assert_eq!(ALL[at::SQUARES], SQUARES);
    }
}
