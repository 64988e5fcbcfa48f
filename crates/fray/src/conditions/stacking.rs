//! Typed bonuses and penalties, and how they stack ("Penalty types and stacking").
//!
//! Of typed modifiers of the same type and sign, only the largest counts; different types
//! stack; untyped ones all stack. Every combination says which modifiers counted and
//! which were suppressed, and why.

use std::borrow::Cow;

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
    /// Where it comes from, so a breakdown can say what counted: the rules' own sources
    /// are borrowed words (no string per attack), an effect's name is owned.
    pub source: Cow<'static, str>,
}

impl Modifier {
    /// A modifier of `kind` and `value` from `source`.
    pub fn new(kind: ModifierType, value: i32, source: impl Into<Cow<'static, str>>) -> Self {
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
        match outranked_by(&modifiers, m) {
            Some(top) => b.suppressed.push(Suppressed {
                modifier: m.clone(),
                reason: format!(
                    "only the largest {} {} counts: {} ({:+}) applies instead",
                    m.kind,
                    if m.value < 0 { "penalty" } else { "bonus" },
                    top.source,
                    top.value
                ),
            }),
            None => {
                b.total += m.value;
                b.counted.push(m.clone());
            }
        }
    }
    b
}

/// The total of [`stack`] alone, with nothing copied or written: for play without a log.
///
/// ```
/// use fray::conditions::{stack, stacked_total, Modifier, ModifierType::*};
/// let m = vec![Modifier::new(Cover, -2, "cover"), Modifier::new(Cover, -5, "superior cover"),
///              Modifier::new(Untyped, 2, "combat advantage")];
/// assert_eq!(stacked_total(&m), -3);
/// assert_eq!(stacked_total(&m), stack(m).total);
/// ```
pub fn stacked_total(modifiers: &[Modifier]) -> i32 {
    modifiers
        .iter()
        .filter(|m| outranked_by(modifiers, m).is_none())
        .map(|m| m.value)
        .sum()
}

/// The modifier of `modifiers` that keeps `m` (one of them) from counting: the largest
/// of its type and sign, the last of equals, when `m` is typed and not that one.
fn outranked_by<'m>(modifiers: &'m [Modifier], m: &Modifier) -> Option<&'m Modifier> {
    modifiers
        .iter()
        .filter(|o| o.kind == m.kind && o.value.signum() == m.value.signum())
        .max_by_key(|o| o.value.abs())
        .filter(|_| m.kind != ModifierType::Untyped)
        .filter(|top| !std::ptr::eq(*top, m))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every list of up to three modifiers from a small set (ties, both signs, untyped):
    /// the total without a breakdown is the breakdown's total.
    #[test]
    fn the_total_alone_is_the_breakdowns_total() {
        use ModifierType::*;
        let pool = [
            Modifier::new(Cover, -2, "cover"),
            Modifier::new(Cover, -5, "superior cover"),
            Modifier::new(Cover, -2, "another cover"),
            Modifier::new(Power, 4, "power"),
            Modifier::new(Power, -2, "prone"),
            Modifier::new(Untyped, 2, "combat advantage"),
            Modifier::new(Untyped, 2, "another"),
        ];
        let mut checked = 0;
        for a in 0..pool.len() {
            for b in 0..=pool.len() {
                for c in 0..=pool.len() {
                    let m: Vec<Modifier> = [Some(a), Some(b), Some(c)]
                        .into_iter()
                        .flatten()
                        .filter_map(|i| pool.get(i).cloned())
                        .collect();
                    assert_eq!(stacked_total(&m), stack(m.clone()).total, "{m:?}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 7 * 8 * 8);
        // Not a plain sum: the smaller cover penalty is suppressed.
        assert_eq!(stacked_total(&pool[..2]), -5);
    }
}
