//! Printing traits back in the stat-block notation that [`super::notation`] reads, and
//! describing them (with their template) in traces.

use std::fmt;

use super::model::{Limit, Template, TypeSelector};
use super::predicate::Predicate;
use super::traits::{ConditionImmunity, ImmunityTarget, Resistance, Trait, Vulnerability};

/// A word with its first letter in upper case, the rest in lower case.
pub(super) fn capital(word: &str) -> String {
    super::model::capitalized(&word.to_ascii_lowercase())
}

fn with_parts(
    head: &str,
    types: &TypeSelector,
    limit: Option<Limit>,
    condition: &Option<Predicate>,
) -> String {
    let mut s = format!("{head} {types}");
    if let Some(l) = limit {
        s += &format!(" {}", l.0);
    }
    if let Some(c) = condition {
        s += &format!(" ({c})");
    }
    s
}

fn with_origin(s: String, origin: Option<Template>) -> String {
    match origin {
        Some(t) => format!("{s} [{}]", t.name()),
        None => s,
    }
}

/// A resistance as a stat block writes it, naming its template if it has one.
pub fn show_resistance(r: &Resistance) -> String {
    with_origin(
        with_parts("Resist", &r.types, r.limit, &r.condition),
        r.origin,
    )
}

/// A vulnerability as a stat block writes it, naming its template if it has one.
pub fn show_vulnerability(v: &Vulnerability) -> String {
    with_origin(
        with_parts("Vulnerable", &v.types, v.limit, &v.condition),
        v.origin,
    )
}

/// A condition immunity as a stat block writes it, naming its template if it has one.
pub fn show_condition_immunity(c: &ConditionImmunity) -> String {
    let target = match c.target {
        ImmunityTarget::Condition(k) => capital(k.name()),
        ImmunityTarget::ForcedMovement => "Forced Movement".into(),
    };
    let mut s = format!("Condition Immune: {target}");
    if let Some(cond) = &c.condition {
        s += &format!(" ({cond})");
    }
    with_origin(s, c.origin)
}

impl fmt::Display for Trait {
    /// The notation the parser reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Trait::Resist(r) => f.write_str(&with_parts("Resist", &r.types, r.limit, &r.condition)),
            Trait::Vulnerable(v) => {
                f.write_str(&with_parts("Vulnerable", &v.types, v.limit, &v.condition))
            }
            Trait::DamageImmune(i) => write!(f, "Damage Immune: {}", capital(i.damage_type.name())),
            Trait::ConditionImmune(c) => {
                f.write_str(&show_condition_immunity(&ConditionImmunity {
                    origin: None,
                    ..c.clone()
                }))
            }
            Trait::NondamageImmune(n) => write!(f, "Nondamage Immune: {}", n.keyword),
            Trait::DamageTrigger(d) => write!(f, "Damage Trigger {}: {}", d.types, d.effect),
            Trait::Template { template } => f.write_str(template.name()),
        }
    }
}
