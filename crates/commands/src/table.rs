//! The command table: the one list of fray's commands. Every front end walks it (the
//! web's router, Python's `call`, the docs' endpoint table, the command line's check
//! that it has a subcommand for each), so a command added here reaches all of them.

use serde_json::{Map, Value, json};

use crate::command::{Command, Keys, Span};
use crate::conditions::Encounter;
use crate::damage::{Damage, Types};
use crate::evasion::{Appraise, EvasionDamage, EvasionTable, ToHit};
use crate::examples::Examples;
use crate::lab::{Battle, DesignCheckCommand, Roster, Sweep, SweepPaths};
use crate::limits::TextFile;
use crate::minions::Minions;
use crate::pool::{Check, MassBattle, Sides};

/// Something a front end does once for each command, with the command's types in hand.
pub trait Visit {
    /// Called once for each command, in the table's order.
    fn visit<C: Command>(&mut self);
}

/// Walks every command, in the order `fray --help` lists them.
pub fn each(v: &mut impl Visit) {
    v.visit::<Battle>();
    v.visit::<Sweep>();
    v.visit::<SweepPaths>();
    v.visit::<Roster>();
    v.visit::<Damage>();
    v.visit::<Types>();
    v.visit::<Minions>();
    v.visit::<Check>();
    v.visit::<Sides>();
    v.visit::<MassBattle>();
    v.visit::<ToHit>();
    v.visit::<EvasionDamage>();
    v.visit::<EvasionTable>();
    v.visit::<Appraise>();
    v.visit::<DesignCheckCommand>();
    v.visit::<Encounter>();
    v.visit::<Examples>();
}

/// A command as plain data: what a listing or a test needs without its types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// Its name in every front end.
    pub name: &'static str,
    /// One line on what it does.
    pub summary: &'static str,
    /// Its answer's key order.
    pub keys: Keys,
    /// Quick or long.
    pub span: Span,
    /// The fields whose text may come from a file.
    pub files: &'static [TextFile],
    /// The request's Rust type, by path.
    pub request: &'static str,
    /// The answer's Rust type, by path.
    pub answer: &'static str,
}

impl Entry {
    /// The entry of command `C`.
    pub fn of<C: Command>() -> Self {
        Self {
            name: C::NAME,
            summary: C::SUMMARY,
            keys: C::KEYS,
            span: C::SPAN,
            files: C::FILES,
            request: std::any::type_name::<C::Request>(),
            answer: std::any::type_name::<C::Answer>(),
        }
    }
}

/// Every command's entry, in the table's order.
pub fn entries() -> Vec<Entry> {
    struct Collect(Vec<Entry>);
    impl Visit for Collect {
        fn visit<C: Command>(&mut self) {
            self.0.push(Entry::of::<C>());
        }
    }
    let mut c = Collect(Vec::new());
    each(&mut c);
    c.0
}

/// Every command's name, in the table's order.
pub fn names() -> Vec<&'static str> {
    entries().iter().map(|e| e.name).collect()
}

/// The entry of the command called `name`.
pub fn find(name: &str) -> Option<Entry> {
    entries().into_iter().find(|e| e.name == name)
}

/// The JSON Schemas of command `C`: `{"request": ..., "answer": ...}`, the answer
/// `null` while its type has none.
pub fn schema_of<C: Command>() -> Value {
    json!({"request": C::request_schema(), "answer": C::answer_schema()})
}

/// Every command's JSON Schemas by name, each as [`schema_of`] gives it: what
/// `fray schema` prints and `GET /api/schema` answers.
pub fn schemas() -> Value {
    struct Collect(Map<String, Value>);
    impl Visit for Collect {
        fn visit<C: Command>(&mut self) {
            self.0.insert(C::NAME.to_string(), schema_of::<C>());
        }
    }
    let mut c = Collect(Map::new());
    each(&mut c);
    Value::Object(c.0)
}

/// The JSON Schemas of the command called `name`, as [`schema_of`] gives them.
pub fn schema(name: &str) -> Option<Value> {
    struct Find<'a>(&'a str, Option<Value>);
    impl Visit for Find<'_> {
        fn visit<C: Command>(&mut self) {
            if C::NAME == self.0 {
                self.1 = Some(schema_of::<C>());
            }
        }
    }
    let mut f = Find(name, None);
    each(&mut f);
    f.1
}

/// The JSON Schema of the request of the command called `name` alone (its answer's is
/// not made): what a front end builds a form or a subcommand from.
pub fn request_schema(name: &str) -> Option<Value> {
    struct Find<'a>(&'a str, Option<Value>);
    impl Visit for Find<'_> {
        fn visit<C: Command>(&mut self) {
            if C::NAME == self.0 {
                self.1 = Some(C::request_schema());
            }
        }
    }
    let mut f = Find(name, None);
    each(&mut f);
    f.1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_spelled_as_flags() {
        let names = names();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "a name twice: {names:?}");
        for n in names {
            assert!(
                n.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{n}: lower-case words joined by -"
            );
        }
        assert_eq!(find("battle").map(|e| e.span), Some(Span::Long));
        assert_eq!(find("nope"), None);
    }
}
