//! Data types of the damage system at the bottom of its layers: damage types and
//! selectors, limits, templates by name, keywords, effects, and hits with their attack
//! facts. It imports no other module of the system; the traits a defender has are in
//! [`super::traits`], since they hold predicates over these facts.

use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::character::CharacterCondition;

/// A damage type. Physical is the default of damage that names no type.
///
/// Custom types are any other single word, kept in lower case.
///
/// ```
/// use fray::damage::DamageType;
/// assert_eq!("FIRE".parse::<DamageType>().unwrap(), DamageType::Fire);
/// assert_eq!("shadow".parse::<DamageType>().unwrap().name(), "shadow");
/// assert!("all".parse::<DamageType>().is_err());
/// ```
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(try_from = "String", into = "String")]
pub enum DamageType {
    /// The default of damage that names no type.
    Physical,
    /// Acid.
    Acid,
    /// Cold.
    Cold,
    /// Fire.
    Fire,
    /// Force.
    Force,
    /// Lightning.
    Lightning,
    /// Necrotic.
    Necrotic,
    /// Poison (swarms and regiments are vulnerable to it).
    Poison,
    /// Psychic (regiments are vulnerable to it).
    Psychic,
    /// Radiant.
    Radiant,
    /// Thunder.
    Thunder,
    /// A type a game defines, by its lower-case name.
    Custom(String),
}

/// The built-in damage types, physical first.
pub const BUILT_IN_TYPES: [DamageType; 11] = [
    DamageType::Physical,
    DamageType::Acid,
    DamageType::Cold,
    DamageType::Fire,
    DamageType::Force,
    DamageType::Lightning,
    DamageType::Necrotic,
    DamageType::Poison,
    DamageType::Psychic,
    DamageType::Radiant,
    DamageType::Thunder,
];

impl DamageType {
    /// The lower-case name.
    pub fn name(&self) -> &str {
        match self {
            Self::Physical => "physical",
            Self::Acid => "acid",
            Self::Cold => "cold",
            Self::Fire => "fire",
            Self::Force => "force",
            Self::Lightning => "lightning",
            Self::Necrotic => "necrotic",
            Self::Poison => "poison",
            Self::Psychic => "psychic",
            Self::Radiant => "radiant",
            Self::Thunder => "thunder",
            Self::Custom(name) => name,
        }
    }

    /// True for the built-in types.
    pub fn is_built_in(&self) -> bool {
        !matches!(self, Self::Custom(_))
    }
}

/// Why a name cannot be a damage type.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TypeNameError {
    /// `all` and `non-physical` select types in traits; they are not types themselves.
    #[error("`{0}` selects several damage types; a single damage type is expected here")]
    Selector(String),
    /// Empty, or not a single word.
    #[error("`{0}` is not a damage type name: expected one word of letters, digits, `-` or `_`")]
    Malformed(String),
}

impl FromStr for DamageType {
    type Err = TypeNameError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        if let Some(t) = BUILT_IN_TYPES.iter().find(|t| t.name() == lower) {
            return Ok(t.clone());
        }
        if is_selector_word(&lower) {
            return Err(TypeNameError::Selector(s.trim().into()));
        }
        let word_like = !lower.is_empty()
            && lower.len() <= 40
            && lower
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            && lower.starts_with(|c: char| c.is_ascii_alphabetic());
        if word_like {
            Ok(Self::Custom(lower))
        } else {
            Err(TypeNameError::Malformed(s.trim().into()))
        }
    }
}

fn is_selector_word(lower: &str) -> bool {
    matches!(lower, "all" | "non-physical" | "nonphysical")
}

impl fmt::Display for DamageType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl TryFrom<String> for DamageType {
    type Error = TypeNameError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<DamageType> for String {
    fn from(t: DamageType) -> Self {
        t.name().to_string()
    }
}

/// The damage types of one hit: never empty, no repeats, in the order given.
///
/// An empty list means the damage named no type, which makes it physical.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(from = "Vec<DamageType>", into = "Vec<DamageType>")]
pub struct DamageTypes(Vec<DamageType>);

impl DamageTypes {
    /// The given types, or physical when none is given.
    pub fn new(types: impl IntoIterator<Item = DamageType>) -> Self {
        let mut list: Vec<DamageType> = Vec::new();
        for t in types {
            if !list.contains(&t) {
                list.push(t);
            }
        }
        if list.is_empty() {
            list.push(DamageType::Physical);
        }
        Self(list)
    }

    /// The types, in order.
    pub fn as_slice(&self) -> &[DamageType] {
        &self.0
    }

    /// Whether the hit has this type.
    pub fn contains(&self, t: &DamageType) -> bool {
        self.0.contains(t)
    }

    /// How many types.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Never true: kept for the usual pairing with `len`.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds a type if not present. Returns whether it was added.
    pub(crate) fn add(&mut self, t: DamageType) -> bool {
        let added = !self.0.contains(&t);
        if added {
            self.0.push(t);
        }
        added
    }

    /// Replaces every type with one.
    pub(crate) fn replace(&mut self, t: DamageType) {
        self.0 = vec![t];
    }
}

impl From<Vec<DamageType>> for DamageTypes {
    fn from(v: Vec<DamageType>) -> Self {
        Self::new(v)
    }
}

impl From<DamageTypes> for Vec<DamageType> {
    fn from(t: DamageTypes) -> Self {
        t.0
    }
}

impl fmt::Display for DamageTypes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.0.iter().map(DamageType::name).collect();
        match names.as_slice() {
            [one] => f.write_str(one),
            [init @ .., last] => write!(f, "{} and {last}", init.join(", ")),
            [] => f.write_str("physical"),
        }
    }
}

/// Which damage types a trait covers: one type, every type, or every type but physical.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "String", into = "String")]
pub enum TypeSelector {
    /// Every damage type.
    All,
    /// Every damage type except physical.
    NonPhysical,
    /// One damage type.
    Only(DamageType),
}

impl TypeSelector {
    /// Whether this selector covers `t`.
    pub fn covers(&self, t: &DamageType) -> bool {
        match self {
            Self::All => true,
            Self::NonPhysical => *t != DamageType::Physical,
            Self::Only(only) => only == t,
        }
    }
}

impl FromStr for TypeSelector {
    type Err = TypeNameError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "all" => Ok(Self::All),
            "non-physical" | "nonphysical" => Ok(Self::NonPhysical),
            _ => s.parse().map(Self::Only),
        }
    }
}

impl fmt::Display for TypeSelector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::All => f.write_str("All"),
            Self::NonPhysical => f.write_str("Non-physical"),
            Self::Only(t) => f.write_str(&capitalized(t.name())),
        }
    }
}

impl TryFrom<String> for TypeSelector {
    type Error = TypeNameError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<TypeSelector> for String {
    fn from(s: TypeSelector) -> Self {
        s.to_string().to_ascii_lowercase()
    }
}

pub(crate) fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// The most damage a resistance may mitigate, or a vulnerability add.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Limit(pub u32);

/// The ranking the text uses to choose among several resistances (or vulnerabilities):
/// no limit beats any limit, otherwise the higher limit wins.
pub(crate) fn limit_rank(limit: Option<Limit>) -> u64 {
    limit.map_or(u64::MAX, |l| u64::from(l.0))
}

/// The template a trait came from, when it was not written out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Template {
    /// Ghostly: resists what lacks combat advantage, suffers from what has it.
    Insubstantial,
    /// Many small creatures: resists single targets, suffers from areas and poison.
    Swarm,
    /// A huge group of humanoids: like a swarm, but suffers from psychic damage.
    Regiment,
}

impl Template {
    /// The name as written in a stat block.
    pub fn name(self) -> &'static str {
        match self {
            Self::Insubstantial => "Insubstantial",
            Self::Swarm => "Swarm",
            Self::Regiment => "Regiment",
        }
    }
}

/// An attack keyword (fear, charm, gaze, melee, a damage type...), case-insensitive.
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(from = "String", into = "String")]
pub struct Keyword(String);

impl Keyword {
    /// A keyword, lower-cased.
    pub fn new(word: &str) -> Self {
        Self(word.trim().to_ascii_lowercase())
    }

    /// The lower-case word.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<String> for Keyword {
    fn from(s: String) -> Self {
        Self::new(&s)
    }
}

impl From<Keyword> for String {
    fn from(k: Keyword) -> Self {
        k.0
    }
}

impl fmt::Display for Keyword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&capitalized(&self.0))
    }
}

/// Lets an attacker partly ignore a resistance: see the resolve module.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ResistanceReduction {
    /// The types it works against.
    pub types: TypeSelector,
    /// How much resistance it cuts through.
    pub value: u32,
}

/// Forced movement a hit may inflict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ForcedMovement {
    /// A push: immune creatures are not pushed.
    Push,
    /// A pull: immune creatures are not pulled.
    Pull,
    /// A slide: immune creatures are not slid.
    Slide,
}

/// A non-damage effect of a hit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// Inflicts a character condition.
    Condition(CharacterCondition),
    /// Moves the target.
    Forced(ForcedMovement),
    /// Anything else, described in words: only from code (names read from text must be
    /// known, see [`Effect::from_str`]); only a nondamage immunity can stop it.
    Other(String),
}

/// An effect name that is neither a character condition nor push, pull or slide.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct UnknownEffect {
    /// The name as given.
    pub name: String,
    /// What was wrong, a "did you mean" hint, and the names fray knows.
    pub message: String,
}

impl Effect {
    /// Every name [`Effect::from_str`] reads: the 17 character conditions, then push,
    /// pull and slide.
    pub fn known_names() -> impl Iterator<Item = &'static str> {
        CharacterCondition::ALL
            .iter()
            .map(|c| c.name())
            .chain(["push", "pull", "slide"])
    }
}

impl FromStr for Effect {
    type Err = UnknownEffect;
    /// A character condition or push/pull/slide, in any case. Any other name is refused
    /// with a hint: an effect fray does not know could never meet a condition immunity,
    /// so it would silently always take hold. (Free-text effects remain available from
    /// code as [`Effect::Other`].)
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        Ok(match lower.as_str() {
            "push" => Self::Forced(ForcedMovement::Push),
            "pull" => Self::Forced(ForcedMovement::Pull),
            "slide" => Self::Forced(ForcedMovement::Slide),
            _ => match lower.parse() {
                Ok(c) => Self::Condition(c),
                Err(_) => {
                    let hint = crate::text::closest(&lower, Self::known_names())
                        .map(|c| format!(" (did you mean `{c}`?)"))
                        .unwrap_or_default();
                    let known: Vec<&str> = Self::known_names().collect();
                    return Err(UnknownEffect {
                        name: s.trim().to_string(),
                        message: format!(
                            "`{}` is not an effect fray knows{hint}: expected a condition or forced movement: {}",
                            s.trim(),
                            known.join(", ")
                        ),
                    });
                }
            },
        })
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Condition(c) => write!(f, "{c}"),
            Self::Forced(m) => write!(f, "{}", format!("{m:?}").to_ascii_lowercase()),
            Self::Other(text) => f.write_str(text),
        }
    }
}

/// The facts about the attacker that traits' conditions may ask about.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct AttackFacts {
    /// The attacker has combat advantage.
    pub advantage: bool,
    /// A critical hit.
    pub critical: bool,
    /// Made with a silvered weapon or implement.
    pub silvered: bool,
    /// A burst or blast.
    pub area: bool,
    /// The attacker's level, when known (Paragon is 11+, Epic 21+).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacker_level: Option<u32>,
    /// The attacker's resistance reductions.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reductions: Vec<ResistanceReduction>,
}

impl AttackFacts {
    /// With combat advantage.
    pub fn with_advantage(mut self) -> Self {
        self.advantage = true;
        self
    }
    /// A critical hit.
    pub fn with_critical(mut self) -> Self {
        self.critical = true;
        self
    }
    /// With a silvered weapon.
    pub fn with_silvered(mut self) -> Self {
        self.silvered = true;
        self
    }
    /// A burst or blast.
    pub fn with_area(mut self) -> Self {
        self.area = true;
        self
    }
    /// By an attacker of this level.
    pub fn with_level(mut self, level: u32) -> Self {
        self.attacker_level = Some(level);
        self
    }
    /// With a resistance reduction.
    pub fn with_reduction(mut self, types: TypeSelector, value: u32) -> Self {
        self.reductions.push(ResistanceReduction { types, value });
        self
    }
}

/// Where damage comes from: an attack, or the environment (a hazard, not an attack).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum HitSource {
    /// An attack, with the facts about its attacker.
    Attack(AttackFacts),
    /// Damage that is not an attack: no attacker, so no attacker facts.
    Environmental,
}

/// One source of damage arriving at a defender.
///
/// ```
/// use fray::damage::{AttackFacts, DamageType, Hit};
/// let hit = Hit::new(27, [DamageType::Fire]).by(AttackFacts::default().with_advantage());
/// assert!(hit.is_attack());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Hit {
    /// The damage before traits.
    pub amount: u32,
    /// Its types.
    pub types: DamageTypes,
    /// Attack or environment.
    pub source: HitSource,
    /// Ongoing damage (resolved at the start of a turn).
    #[serde(default)]
    pub ongoing: bool,
    /// Keywords of the attack or effect, beyond its damage types.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    /// Its effects other than damage.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// The declared conditions (see [`super::Vocabulary`]) this hit meets: a condition a
    /// designer made up is met only when the caller says so.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub met: Vec<Keyword>,
}

impl Hit {
    /// An attack dealing `amount` of `types` (physical when none are given).
    pub fn new(amount: u32, types: impl IntoIterator<Item = DamageType>) -> Self {
        Self {
            amount,
            types: DamageTypes::new(types),
            source: HitSource::Attack(AttackFacts::default()),
            ongoing: false,
            keywords: Vec::new(),
            effects: Vec::new(),
            met: Vec::new(),
        }
    }

    /// Made by an attacker with these facts.
    pub fn by(mut self, facts: AttackFacts) -> Self {
        self.source = HitSource::Attack(facts);
        self
    }

    /// Environmental damage: not an attack.
    pub fn environmental(mut self) -> Self {
        self.source = HitSource::Environmental;
        self
    }

    /// Ongoing damage.
    pub fn ongoing(mut self) -> Self {
        self.ongoing = true;
        self
    }

    /// With an attack keyword.
    pub fn keyword(mut self, word: &str) -> Self {
        self.keywords.push(Keyword::new(word));
        self
    }

    /// Meeting a declared condition (see [`super::Vocabulary`]).
    pub fn meeting(mut self, condition: &str) -> Self {
        self.met.push(Keyword::new(condition));
        self
    }

    /// With a non-damage effect.
    pub fn effect(mut self, effect: Effect) -> Self {
        self.effects.push(effect);
        self
    }

    /// Whether this is an attack.
    pub fn is_attack(&self) -> bool {
        matches!(self.source, HitSource::Attack(_))
    }

    /// The attacker facts; none for environmental damage.
    pub fn attack(&self) -> Option<&AttackFacts> {
        match &self.source {
            HitSource::Attack(facts) => Some(facts),
            HitSource::Environmental => None,
        }
    }

    /// Whether the hit carries a keyword; its damage types count as keywords.
    pub fn has_keyword(&self, k: &Keyword) -> bool {
        self.keywords.contains(k) || self.types.as_slice().iter().any(|t| t.name() == k.as_str())
    }
}
