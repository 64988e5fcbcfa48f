//! Traces: the explanation of a resolution, one step per rule applied.
//!
//! Resolution functions are generic over a [`Tracer`]. [`NoTrace`] compiles the steps
//! away (hot loops allocate nothing); [`Trace`] keeps them for users and tests. Because
//! the numbers in a step are the ones the rule computed, the explanation cannot drift
//! from the result.

use std::fmt;

use schemars::JsonSchema;
use serde::ser::{Serialize, SerializeMap, Serializer};

/// A rule of a rules text: a stable identifier and the text's section heading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, JsonSchema)]
pub struct Rule {
    /// Stable identifier, e.g. `resistance.choose`.
    pub id: &'static str,
    /// The section heading of the rules text this rule comes from.
    pub heading: &'static str,
}

/// A number a rule step used.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Num {
    /// A count or amount.
    Int(i64),
    /// A probability or other real number.
    Real(f64),
}

impl From<u32> for Num {
    fn from(v: u32) -> Self {
        Num::Int(i64::from(v))
    }
}
impl From<i64> for Num {
    fn from(v: i64) -> Self {
        Num::Int(v)
    }
}
impl From<f64> for Num {
    fn from(v: f64) -> Self {
        Num::Real(v)
    }
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Num::Int(v) => write!(f, "{v}"),
            Num::Real(v) => write!(f, "{v}"),
        }
    }
}

impl Serialize for Num {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Num::Int(v) => s.serialize_i64(*v),
            Num::Real(v) => s.serialize_f64(*v),
        }
    }
}

/// Written as a JSON number, whole or not.
impl schemars::JsonSchema for Num {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Num".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "number"})
    }
}

/// One applied rule: which rule, the numbers it used, and a sentence for people.
#[derive(Debug, Clone, PartialEq, serde::Serialize, JsonSchema)]
pub struct Step {
    /// The rule applied.
    #[serde(flatten)]
    pub rule: Rule,
    /// Named numbers, in the order the rule used them.
    #[serde(serialize_with = "numbers_as_map")]
    #[schemars(with = "std::collections::BTreeMap<String, Num>")]
    pub numbers: Vec<(&'static str, Num)>,
    /// A short sentence saying what happened.
    pub text: String,
}

fn numbers_as_map<S: Serializer>(numbers: &[(&'static str, Num)], s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(numbers.len()))?;
    for (name, value) in numbers {
        map.serialize_entry(name, value)?;
    }
    map.end()
}

impl Step {
    /// A step with no numbers yet.
    pub fn new(rule: Rule, text: impl Into<String>) -> Self {
        Self {
            rule,
            numbers: Vec::new(),
            text: text.into(),
        }
    }

    /// Adds a named number.
    pub fn num(mut self, name: &'static str, value: impl Into<Num>) -> Self {
        self.numbers.push((name, value.into()));
        self
    }

    /// The value of a named number, if the step has it.
    pub fn get(&self, name: &str) -> Option<Num> {
        self.numbers
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] {}", self.rule.id, self.text)
    }
}

/// Where resolution code reports its steps.
pub trait Tracer {
    /// Records a step; the closure runs only when steps are kept.
    fn record(&mut self, step: impl FnOnce() -> Step);
}

/// Keeps nothing: for hot loops and exact computations.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoTrace;

impl Tracer for NoTrace {
    #[inline(always)]
    fn record(&mut self, _step: impl FnOnce() -> Step) {}
}

/// Where a rule system that reports typed events (rather than [`Step`]s) sends them.
/// `NoTrace` drops them unbuilt; a `Vec` keeps them in order.
pub trait Recorder<E> {
    /// Records an event; the closure runs only when events are kept.
    fn record(&mut self, event: impl FnOnce() -> E);

    /// Whether events are kept: a loop with nothing to record may take a quicker way
    /// to the same result.
    fn keeps(&self) -> bool {
        true
    }
}

impl<E> Recorder<E> for NoTrace {
    #[inline(always)]
    fn record(&mut self, _event: impl FnOnce() -> E) {}

    #[inline(always)]
    fn keeps(&self) -> bool {
        false
    }
}

impl<E> Recorder<E> for Vec<E> {
    fn record(&mut self, event: impl FnOnce() -> E) {
        self.push(event());
    }
}

/// Keeps every step, in order.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, JsonSchema)]
#[serde(transparent)]
pub struct Trace {
    /// The steps, first applied first.
    pub steps: Vec<Step>,
}

impl Tracer for Trace {
    fn record(&mut self, step: impl FnOnce() -> Step) {
        self.steps.push(step());
    }
}

impl Trace {
    /// The steps of one rule, by identifier.
    pub fn of(&self, id: &str) -> impl Iterator<Item = &Step> {
        self.steps.iter().filter(move |s| s.rule.id == id)
    }
}

/// The steps numbered, one a line, as the command line prints an explanation:
/// `   1. [resistance] fire: ...`.
impl fmt::Display for Trace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.steps.iter().enumerate() {
            writeln!(f, "  {:>2}. {step}", i + 1)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: Rule = Rule {
        id: "test.rule",
        heading: "Test",
    };

    #[test]
    fn no_trace_never_builds_steps() {
        let mut built = false;
        Tracer::record(&mut NoTrace, || {
            built = true;
            Step::new(RULE, "x")
        });
        assert!(!built);
    }

    #[test]
    fn steps_serialize_with_named_numbers() {
        let mut trace = Trace::default();
        trace.record(|| Step::new(RULE, "halved").num("damage", 17u32).num("p", 0.5));
        let json = serde_json::to_value(&trace).unwrap();
        assert_eq!(json[0]["id"], "test.rule");
        assert_eq!(json[0]["heading"], "Test");
        assert_eq!(json[0]["numbers"]["damage"], 17);
        assert_eq!(json[0]["numbers"]["p"], 0.5);
        assert_eq!(trace.of("test.rule").count(), 1);
        assert_eq!(trace.steps[0].get("damage"), Some(Num::Int(17)));
    }

    #[test]
    fn numbers_print_as_plain_numbers() {
        assert_eq!(Num::Int(-17).to_string(), "-17");
        assert_eq!(Num::from(0.25).to_string(), "0.25");
        assert_eq!(
            format!("{} of {}", Num::from(3u32), Num::from(2.5)),
            "3 of 2.5"
        );
    }
}
