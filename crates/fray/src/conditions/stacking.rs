//! Typed bonuses and penalties, and how they stack ("Penalty types and stacking").
//!
//! Of typed modifiers of the same type and sign, only the largest counts; different types
//! stack; untyped ones all stack. Every combination says which modifiers counted and
//! which were suppressed, and why.

use serde::Serialize;

/// The type of a bonus or penalty: the text's three types, or none (untyped). The
/// mark penalty is one of these, by the reading in force (`Readings::mark_penalty`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ModifierType {
    /// From cover: of cover modifiers of one sign, only the largest counts.
    Cover,
    /// From concealment: of concealment modifiers of one sign, only the largest counts.
    Concealment,
    /// From a power: of power modifiers of one sign, only the largest counts.
    Power,
    /// Stacks with everything.
    Untyped,
}

impl std::fmt::Display for ModifierType {
    /// The type as the rules name it, in lower case (`cover`, `untyped`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Cover => "cover",
            Self::Concealment => "concealment",
            Self::Power => "power",
            Self::Untyped => "untyped",
        })
    }
}

/// One bonus (positive) or penalty (negative) and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Modifier {
    /// Its type, which decides what it stacks with.
    pub kind: ModifierType,
    /// Positive for a bonus, negative for a penalty.
    pub value: i32,
    /// Where it comes from, so a breakdown can say what counted.
    pub source: String,
}

impl Modifier {
    /// A modifier of `kind` and `value` from `source`.
    pub fn new(kind: ModifierType, value: i32, source: impl Into<String>) -> Self {
        Self {
            kind,
            value,
            source: source.into(),
        }
    }
}

/// A suppressed modifier and the one that outranked it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Suppressed {
    /// The modifier that did not count.
    pub modifier: Modifier,
    /// Why it did not count.
    pub reason: String,
}

/// The result of stacking: the total, what counted, what did not.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Breakdown {
    /// The sum of the modifiers that count.
    pub total: i32,
    /// The modifiers that count, in the order given.
    pub counted: Vec<Modifier>,
    /// The modifiers that do not count, each with why.
    pub suppressed: Vec<Suppressed>,
}

/// Stacks modifiers by the rules.
///
/// ```
/// use fray::conditions::{stack, Modifier, ModifierType::*};
/// let b = stack(vec![Modifier::new(Cover, -2, "cover"), Modifier::new(Cover, -5, "superior cover")]);
/// assert_eq!(b.total, -5);
/// assert_eq!(b.suppressed[0].modifier.source, "cover");
/// let b = stack(vec![Modifier::new(Cover, -2, "cover"), Modifier::new(Concealment, -2, "concealment")]);
/// assert_eq!(b.total, -4);
/// ```
pub fn stack(modifiers: Vec<Modifier>) -> Breakdown {
    let mut b = Breakdown::default();
    for m in &modifiers {
        let best = modifiers
            .iter()
            .filter(|o| o.kind == m.kind && o.value.signum() == m.value.signum())
            .max_by_key(|o| o.value.abs())
            .filter(|_| m.kind != ModifierType::Untyped);
        match best {
            Some(top) if !std::ptr::eq(top, m) => b.suppressed.push(Suppressed {
                modifier: m.clone(),
                reason: format!(
                    "only the largest {} {} counts: {} ({:+}) applies instead",
                    m.kind,
                    if m.value < 0 { "penalty" } else { "bonus" },
                    top.source,
                    top.value
                ),
            }),
            _ => {
                b.total += m.value;
                b.counted.push(m.clone());
            }
        }
    }
    b
}
