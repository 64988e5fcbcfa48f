//! Effects that change an attack before it lands: new damage types, extra damage, and
//! "choose a damage type" (damage text, "Changing the damage type of an attack",
//! "Adding extra damage to an attack", "Default damage type: Physical").

use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::model::{BUILT_IN_TYPES, DamageType, Hit, TypeNameError};
use super::rules;
use crate::trace::{Step, Tracer};

/// The largest damage a hit may reach through extra damage.
pub const MAX_AMOUNT: u32 = 1_000_000_000;

/// A change to an attack's damage.
///
/// ```
/// use fray::damage::{DamageType, Hit, Modification};
/// use fray::trace::NoTrace;
/// let mut hit = Hit::new(10, []);
/// "gain fire".parse::<Modification>().unwrap().apply(&mut hit, &mut NoTrace).unwrap();
/// assert_eq!(hit.types.as_slice(), [DamageType::Physical, DamageType::Fire]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Modification {
    /// The attack gains a type besides its own (an attack of plain physical damage keeps
    /// physical).
    Gain(DamageType),
    /// The attack's types are all replaced by one.
    Become(DamageType),
    /// Extra damage: untyped adds only the amount; typed adds the amount and the types.
    Extra {
        /// The extra amount.
        amount: u32,
        /// Its types; empty for untyped extra damage.
        types: Vec<DamageType>,
    },
}

/// Why a modification could not be applied or read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModifyError {
    /// Not `gain TYPE`, `become TYPE` or `extra N [TYPE...]`.
    #[error(
        "`{0}` is not a modification: expected `gain TYPE`, `become TYPE`, or `extra AMOUNT [TYPE...]`"
    )]
    Syntax(String),
    /// An extra amount outside `0..=MAX_AMOUNT` (negative, a fraction, too large).
    #[error("extra amount `{0}` is not a whole number from 0 to {MAX_AMOUNT}")]
    Amount(String),
    /// A bad type name.
    #[error("in `{text}`: {source}")]
    Type {
        /// The modification text.
        text: String,
        /// What was wrong with the type.
        source: TypeNameError,
    },
    /// The damage would exceed [`MAX_AMOUNT`].
    #[error("extra damage would bring the hit above {MAX_AMOUNT}")]
    TooMuch,
    /// Physical was chosen where only "including physical" allows it.
    #[error("physical cannot be chosen here: the effect must say \"including physical\"")]
    PhysicalNotChoosable,
}

impl Modification {
    /// Applies the change to `hit`, reporting it to `tracer`.
    pub fn apply(&self, hit: &mut Hit, tracer: &mut impl Tracer) -> Result<(), ModifyError> {
        match self {
            Self::Gain(t) => {
                let before = hit.types.to_string();
                let added = hit.types.add(t.clone());
                tracer.record(|| {
                    let text = match (added, before.as_str()) {
                        (false, _) => format!("gains {t}: the attack already deals {t}"),
                        (true, "physical") => format!("gains {t}: the attack dealt only physical damage, which it keeps: now {}", hit.types),
                        (true, _) => format!("gains {t}: now {}", hit.types),
                    };
                    Step::new(rules::CHANGE_TYPE, text)
                });
            }
            Self::Become(t) => {
                hit.types.replace(t.clone());
                tracer.record(|| {
                    Step::new(
                        rules::CHANGE_TYPE,
                        format!("becomes {t}: every previous type is replaced"),
                    )
                });
            }
            Self::Extra { amount, types } => {
                let before = hit.amount;
                hit.amount = hit
                    .amount
                    .checked_add(*amount)
                    .filter(|a| *a <= MAX_AMOUNT)
                    .ok_or(ModifyError::TooMuch)?;
                for t in types {
                    hit.types.add(t.clone());
                }
                tracer.record(|| {
                    let kind = if types.is_empty() {
                        "untyped: the attack's types stay as they are".to_string()
                    } else {
                        format!("typed: the attack now deals {}", hit.types)
                    };
                    Step::new(
                        rules::EXTRA_DAMAGE,
                        format!("{before} + {amount} extra = {} ({kind})", hit.amount),
                    )
                    .num("before", before)
                    .num("extra", *amount)
                    .num("damage", hit.amount)
                });
            }
        }
        Ok(())
    }
}

impl FromStr for Modification {
    type Err = ModifyError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        let type_of = |w: &str| {
            w.parse::<DamageType>().map_err(|source| ModifyError::Type {
                text: text.into(),
                source,
            })
        };
        let verb = words.first().map(|w| w.to_ascii_lowercase());
        match (verb.as_deref(), &words[..]) {
            (Some("gain" | "gains"), [_, t]) => Ok(Self::Gain(type_of(t)?)),
            (Some("become" | "becomes"), [_, t]) => Ok(Self::Become(type_of(t)?)),
            (Some("extra"), [_, amount, types @ ..]) => {
                let unsigned = amount.strip_prefix(['-', '+']).unwrap_or(amount);
                if !unsigned.starts_with(|c: char| c.is_ascii_digit()) {
                    return Err(ModifyError::Syntax(text.into()));
                }
                let amount = amount
                    .parse::<u32>()
                    .ok()
                    .filter(|a| *a <= MAX_AMOUNT)
                    .ok_or_else(|| ModifyError::Amount((*amount).into()))?;
                let types = types
                    .iter()
                    .filter(|w| !w.eq_ignore_ascii_case("and"))
                    .map(|w| type_of(w))
                    .collect::<Result<_, _>>()?;
                Ok(Self::Extra { amount, types })
            }
            _ => Err(ModifyError::Syntax(text.into())),
        }
    }
}

impl fmt::Display for Modification {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Gain(t) => write!(f, "gain {t}"),
            Self::Become(t) => write!(f, "become {t}"),
            Self::Extra { amount, types } => {
                write!(f, "extra {amount}")?;
                types.iter().try_for_each(|t| write!(f, " {t}"))
            }
        }
    }
}

/// What a "choose a damage type" effect allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChoiceRule {
    /// Plain "choose a damage type": physical is not an option.
    #[default]
    ExcludingPhysical,
    /// "Choose a damage type, including physical".
    IncludingPhysical,
}

/// Checks a player's choice of damage type against the effect's wording.
///
/// ```
/// use fray::damage::{choose_type, ChoiceRule, DamageType};
/// assert!(choose_type(DamageType::Physical, ChoiceRule::ExcludingPhysical).is_err());
/// assert!(choose_type(DamageType::Physical, ChoiceRule::IncludingPhysical).is_ok());
/// ```
pub fn choose_type(t: DamageType, rule: ChoiceRule) -> Result<DamageType, ModifyError> {
    if t == DamageType::Physical && rule == ChoiceRule::ExcludingPhysical {
        Err(ModifyError::PhysicalNotChoosable)
    } else {
        Ok(t)
    }
}

/// The built-in types a choice may pick (custom types of a game are valid too).
pub fn choosable(rule: ChoiceRule) -> impl Iterator<Item = DamageType> {
    BUILT_IN_TYPES
        .into_iter()
        .filter(move |t| choose_type(t.clone(), rule).is_ok())
}

/// What `fray types` lists: the built-in types, the selectors traits may use, and what a
/// choice may pick. Serialized, it is the command's `--json` (fields in the order it has
/// always printed them), so the Python bindings return the same.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TypesListing {
    /// The built-in damage types, by name.
    pub built_in: Vec<&'static str>,
    /// What "choose a damage type" may pick under the rule asked for.
    pub choosable: Vec<String>,
    /// Whether the choice may pick physical.
    pub including_physical: bool,
    /// The selectors traits may use beside types.
    pub selectors: [&'static str; 2],
}

/// The listing of `fray types` under a choice `rule`.
pub fn types_listing(rule: ChoiceRule) -> TypesListing {
    TypesListing {
        built_in: BUILT_IN_TYPES.iter().map(DamageType::name).collect(),
        choosable: choosable(rule).map(|t| t.to_string()).collect(),
        including_physical: rule == ChoiceRule::IncludingPhysical,
        selectors: ["all", "non-physical"],
    }
}
