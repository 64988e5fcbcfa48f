//! The JSON answers every front end gives: the command line's `--json`, the web API's
//! bodies and the Python bindings' dicts are built here once, so the same
//! input gives the same bytes whichever front end asked.
//!
//! Most answers are a library result type serialized as it is ([`json_text`]); the
//! listings here are the few views the command line used to assemble by hand. Their
//! fields are in alphabetical order, the order the command line has always printed.

use fray::damage::{self, ChoiceRule};
use serde::Serialize;

use crate::examples;

/// Pretty JSON and a new line, as `--json` prints it.
///
/// Control characters serde_json leaves raw (C1, DEL, bidirectional overrides) are
/// written as `\uXXXX`, so the text stays valid JSON and nothing raw reaches a terminal
/// or a page.
pub fn json_text(value: &impl Serialize) -> Result<String, serde_json::Error> {
    let text = serde_json::to_string_pretty(value)?;
    Ok(fray::text::escape_controls_json(&text).into_owned() + "\n")
}

/// One entry of a list of built-in examples: what `--list-examples --json` gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// One line on what it shows.
    pub about: &'static str,
    /// The name `--example NAME` takes.
    pub name: &'static str,
}

/// The bundled battle scenarios (`fray battle --list-examples --json`).
pub fn battle_examples() -> Vec<Listed> {
    examples::EXAMPLES
        .iter()
        .map(|e| Listed {
            about: e.about,
            name: e.name,
        })
        .collect()
}

/// The worked examples of the damage text (`fray damage --list-examples --json`).
pub fn damage_examples() -> Vec<Listed> {
    damage::examples::EXAMPLES
        .iter()
        .map(|e| Listed {
            about: e.about,
            name: e.name,
        })
        .collect()
}

/// The damage types and what traits and "choose a damage type" may name (`fray types
/// --json`), for a choice that does or does not include physical.
pub fn types(including_physical: bool) -> damage::TypesListing {
    damage::types_listing(if including_physical {
        ChoiceRule::IncludingPhysical
    } else {
        ChoiceRule::ExcludingPhysical
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listings_keep_the_fields_in_the_order_the_cli_printed() {
        let text = json_text(&battle_examples()).unwrap();
        let about = text.find("\"about\"").unwrap();
        assert!(about < text.find("\"name\"").unwrap());
        assert!(text.ends_with("]\n"));
        let t = serde_json::to_value(types(true)).unwrap();
        assert!(
            t["choosable"]
                .as_array()
                .unwrap()
                .iter()
                .any(|v| v == "physical")
        );
        let t = serde_json::to_value(types(false)).unwrap();
        assert!(
            !t["choosable"]
                .as_array()
                .unwrap()
                .iter()
                .any(|v| v == "physical")
        );
        assert_eq!(t["selectors"][1], "non-physical");
        assert_eq!(damage_examples().len(), damage::examples::EXAMPLES.len());
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(json_text(&"a\u{9b}b").unwrap(), "\"a\\u009bb\"\n");
    }
}
