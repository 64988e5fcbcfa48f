//! Refusals in each front end's own words. The library words a refusal as the command
//! line does, naming the flag of a bad input (`--trials 0: ...`, `--vs`); a front end
//! whose users write the request's fields (the web API's JSON, Python's keyword
//! arguments) shows the field instead (`` `trials` 0: ...``). Each flag of a command is
//! its request's field with `-` for `_`, so the field is found from the request's JSON
//! Schema; a flag that is no field of the request (`--list-examples`) is left as it is.

use std::collections::BTreeSet;

use fray::request::Refusal;

use crate::command::Command;

/// `refusal` with every flag that names a field of `C`'s request written as the field.
///
/// ```
/// use fray_commands::{lab::Battle, naming};
/// let r = fray::request::Refusal::new("--trials 0: expected a whole number from 1");
/// assert_eq!(naming::in_fields::<Battle>(r).message, "`trials` 0: expected a whole number from 1");
/// ```
pub fn in_fields<C: Command>(mut refusal: Refusal) -> Refusal {
    let fields = request_fields::<C>();
    let is_field = |name: &str| fields.contains(name);
    refusal.message = rename(&refusal.message, &is_field);
    refusal.hint = refusal.hint.map(|h| rename(&h, &is_field));
    refusal.warnings = refusal
        .warnings
        .iter()
        .map(|w| rename(w, &is_field))
        .collect();
    if let Some(at) = &mut refusal.at {
        at.source = at.source.take().map(|s| rename(&s, &is_field));
    }
    refusal
}

/// Warnings and notes in the fields' words, as [`in_fields`] words a refusal.
pub fn lines_in_fields<C: Command>(lines: Vec<String>) -> Vec<String> {
    let fields = request_fields::<C>();
    let is_field = |name: &str| fields.contains(name);
    lines.iter().map(|l| rename(l, &is_field)).collect()
}

/// The top-level fields of `C`'s request, from its JSON Schema.
fn request_fields<C: Command>() -> BTreeSet<String> {
    C::request_schema()
        .get("properties")
        .and_then(|p| p.as_object())
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default()
}

/// `text` with each `--flag` (at the start or after a space, quote or bracket) whose
/// field `is_field` knows written as `` `field` ``.
fn rename(text: &str, is_field: &dyn Fn(&str) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("--") {
        let previous = rest[..i].chars().last().or_else(|| out.chars().last());
        let starts = previous.is_none_or(|c| c.is_whitespace() || "([{\"'`,".contains(c));
        let after = &rest[i + 2..];
        let len = after
            .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
            .unwrap_or(after.len());
        let flag = &after[..len];
        let field = flag.replace('-', "_");
        out.push_str(&rest[..i]);
        if starts && !flag.is_empty() && is_field(&field) {
            out.push('`');
            out.push_str(&field);
            out.push('`');
        } else {
            out.push_str("--");
            out.push_str(flag);
        }
        rest = &after[len..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_of_request_fields_become_the_fields() {
        let field = |n: &str| ["trials", "vs", "attacker_level"].contains(&n);
        assert_eq!(rename("--trials 0: bad", &field), "`trials` 0: bad");
        assert_eq!(
            rename("(--attacker-level 3) and --vs", &field),
            "(`attacker_level` 3) and `vs`"
        );
        // Not a field, inside a word, or a bare dash: left alone.
        assert_eq!(
            rename("use --list-examples; a--trials x -- y", &field),
            "use --list-examples; a--trials x -- y"
        );
    }
}
