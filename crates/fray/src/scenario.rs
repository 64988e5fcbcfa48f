//! What every scenario file shares: reading TOML into a serde mirror that keeps spans,
//! and checks that point at the line and column of a bad value.

use std::fmt;

use serde::de::DeserializeOwned;
use toml::Spanned;

use crate::text::{LineIndex, Location};

/// A scenario that could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ScenarioError {
    /// Where the problem is, when it is in a particular place.
    pub location: Option<Location>,
    /// What was wrong and what was expected.
    pub message: String,
}

impl ScenarioError {
    /// An error about the scenario as a whole.
    pub fn whole(message: impl Into<String>) -> Self {
        Self {
            location: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location {
            Some(l) => write!(
                f,
                "line {}, column {}: {}\n{l}",
                l.line, l.column, self.message
            ),
            None => f.write_str(&self.message),
        }
    }
}

/// How deeply the TOML reader lets arrays and tables nest (the `toml` crate's own limit,
/// named in the error it gives past it).
pub const MAX_NESTING: usize = 80;

/// Reads TOML `text` into `T`, and keeps the text's line index for later checks.
pub fn read<T: DeserializeOwned>(text: &str) -> Result<(T, Checker<'_>), ScenarioError> {
    read_without(text, &[])
}

/// [`read`], an unknown field's list of the fields expected leaving out `refused`: a
/// table shared by two kinds of file (a combatant in a battle and as a roster's unit)
/// knows fields one of them refuses (a battle's `cost`), which are no help to offer.
pub fn read_without<'t, T: DeserializeOwned>(
    text: &'t str,
    refused: &[&str],
) -> Result<(T, Checker<'t>), ScenarioError> {
    let checker = Checker {
        text,
        lines: LineIndex::new(text),
    };
    let raw = toml::from_str(text).map_err(|e| {
        let mut message = e.message().trim().to_string();
        if let Some((expected, got)) = crate::text::serde_type_words(&message) {
            message = format!("must be {expected}, got {got}");
        }
        if let Some((unknown, list)) = message.split_once(", expected one of ") {
            let offered: Vec<&str> = list
                .split(", ")
                .filter(|f| !refused.iter().any(|r| f.trim_matches('`') == *r))
                .collect();
            message = format!("{unknown}, expected one of {}", offered.join(", "));
        }
        if message.contains("recurs") {
            // toml's own words say nothing of what to change.
            message = format!(
                "arrays or tables are nested too deeply here (at most {MAX_NESTING} levels): {message}"
            );
        }
        let span = e.span().map(|s| refine(text, s, &message));
        ScenarioError {
            location: span.map(|s| checker.lines.locate(s.start, s.end - s.start)),
            message,
        }
    })?;
    Ok((raw, checker))
}

/// Narrows an error that covers a whole table down to the key or value it names:
/// serde reports unknown fields and variants of tagged enums against the whole table.
fn refine(text: &str, span: std::ops::Range<usize>, message: &str) -> std::ops::Range<usize> {
    let named = |prefix: &str| {
        let rest = message.strip_prefix(prefix)?;
        rest.split('`').next()
    };
    let region_end = text[span.end.min(text.len())..]
        .find("\n[")
        .map_or(text.len(), |i| span.end + i);
    let region = &text[span.start..region_end.max(span.start)];
    let found = if let Some(field) = named("unknown field `") {
        region
            .match_indices(field)
            .find(|(i, _)| {
                let line_start = region[..*i].rfind('\n').map_or(0, |n| n + 1);
                region[line_start..*i].trim().is_empty()
                    && region[i + field.len()..].trim_start().starts_with('=')
            })
            .map(|(i, _)| (i, field.len()))
    } else if let Some(variant) = named("unknown variant `") {
        let quoted = format!("\"{variant}\"");
        region.find(&quoted).map(|i| (i, quoted.len()))
    } else {
        None
    };
    match found {
        Some((i, len)) => span.start + i..span.start + i + len,
        None => span,
    }
}

/// The byte range of the value at a dotted key path, if the text has it.
fn locate_path(text: &str, path: &[&str]) -> Option<std::ops::Range<usize>> {
    use toml::de::{DeTable, DeValue};
    let doc = DeTable::parse(text).ok()?;
    let (first, rest) = path.split_first()?;
    let (_, mut value) = doc
        .get_ref()
        .iter()
        .find(|(k, _)| k.get_ref().as_ref() == *first)?;
    for segment in rest {
        let next = match (value.get_ref(), segment.parse::<usize>()) {
            (DeValue::Array(items), Ok(i)) => items.get(i),
            (DeValue::Table(t), _) => t
                .iter()
                .find(|(k, _)| k.get_ref().as_ref() == *segment)
                .map(|(_, v)| v),
            _ => None,
        };
        match next {
            Some(v) => value = v,
            None => break,
        }
    }
    Some(value.span())
}

/// The most a roster unit's cost may be, and the least above 0.
pub const COST_RANGE: (f64, f64) = (1e-6, 1e12);

/// A roster's units (`fray roster`), each with its starting cost if it gives one.
pub type Units<T> = Vec<(T, Option<f64>)>;

/// A roster unit's starting cost (`fray roster`), if it gives one: a number within
/// [`COST_RANGE`].
pub fn cost(c: &Checker, value: &Option<Spanned<f64>>) -> Result<Option<f64>, ScenarioError> {
    cost_of(c, value)
}

fn cost_of(c: &Checker, value: &Option<Spanned<f64>>) -> Result<Option<f64>, ScenarioError> {
    let Some(v) = value else { return Ok(None) };
    let (lo, hi) = COST_RANGE;
    let x = *v.get_ref();
    if x.is_finite() && (lo..=hi).contains(&x) {
        Ok(Some(x))
    } else {
        Err(c.at(
            v,
            format!("cost is {x}: expected a number above 0, from {lo} to {hi}"),
        ))
    }
}

/// Checks values of a scenario, pointing at them when they are wrong.
#[derive(Debug, Clone)]
pub struct Checker<'s> {
    text: &'s str,
    lines: LineIndex<'s>,
}

impl Checker<'_> {
    /// An error located at the value of a dotted key path (`["weapon", "erosion"]`),
    /// for checks made after deserializing into the model.
    pub fn at_path(&self, path: &[&str], message: impl Into<String>) -> ScenarioError {
        let span = locate_path(self.text, path);
        ScenarioError {
            location: span.map(|s| self.lines.locate(s.start, s.end - s.start)),
            message: format!("{}: {}", path.join("."), message.into()),
        }
    }

    /// An error located at a spanned value.
    pub fn at<T>(&self, spanned: &Spanned<T>, message: impl Into<String>) -> ScenarioError {
        let span = spanned.span();
        ScenarioError {
            location: Some(self.lines.locate(span.start, span.end - span.start)),
            message: message.into(),
        }
    }

    /// The value if it lies in `lo..=hi`, else an error naming `what` and the range. The
    /// value is read as any TOML integer, so that -1 or a huge value gets this message at
    /// its place rather than "expected u32".
    pub fn within(
        &self,
        value: &Spanned<i64>,
        what: &str,
        lo: u32,
        hi: u32,
    ) -> Result<u32, ScenarioError> {
        let v = *value.get_ref();
        match u32::try_from(v) {
            Ok(n) if (lo..=hi).contains(&n) => Ok(n),
            _ => Err(self.at(
                value,
                format!("{what} is {v}: expected a whole number from {lo} to {hi}"),
            )),
        }
    }

    /// Like [`Checker::within`], with a default for a missing value.
    pub fn optional(
        &self,
        value: &Option<Spanned<i64>>,
        what: &str,
        default: u32,
        lo: u32,
        hi: u32,
    ) -> Result<u32, ScenarioError> {
        value
            .as_ref()
            .map_or(Ok(default), |v| self.within(v, what, lo, hi))
    }

    /// Refuses a `cost` in a battle file: only a roster's units have one (`fray roster`).
    pub fn no_cost(&self, cost: &Option<Spanned<f64>>, whose: &str) -> Result<(), ScenarioError> {
        match cost {
            None => Ok(()),
            Some(cost) => Err(self.at(
                cost,
                format!("`cost` belongs to a roster's units (`fray roster`); a battle's {whose} have none"),
            )),
        }
    }

    /// What a roster's unit adds to its table's own checks: no `count` (the budget and its
    /// cost set how many fight), a name unique among `names`, and its starting cost if it
    /// gives one.
    pub fn roster_unit(
        &self,
        name: &Spanned<String>,
        checked_name: &str,
        count: &Option<Spanned<i64>>,
        cost: &Option<Spanned<f64>>,
        names: &mut std::collections::HashSet<String>,
    ) -> Result<Option<f64>, ScenarioError> {
        if let Some(count) = count {
            return Err(self.at(
                count,
                "a roster's unit has no `count`: the budget and its cost set how many fight",
            ));
        }
        self.copies(name, checked_name, None, names)?;
        cost_of(self, cost)
    }

    /// A non-empty, trimmed name.
    pub fn name(&self, value: &Spanned<String>, what: &str) -> Result<String, ScenarioError> {
        let name = value.get_ref().trim();
        if name.is_empty() {
            Err(self.at(value, format!("the {what}'s name is empty")))
        } else {
            Ok(name.to_string())
        }
    }

    /// `count` copies of a spanned declaration's name: `Name` alone, or `Name 1`...
    /// `Name n` when a count was given; each must be new to `names`.
    pub fn copies(
        &self,
        name: &Spanned<String>,
        base: &str,
        count: Option<u32>,
        names: &mut std::collections::HashSet<String>,
    ) -> Result<Vec<String>, ScenarioError> {
        let all: Vec<String> = match count {
            None => vec![base.to_string()],
            Some(n) => (1..=n).map(|i| format!("{base} {i}")).collect(),
        };
        for n in &all {
            if !names.insert(n.clone()) {
                return Err(self.at(
                    name,
                    format!("a combatant named `{n}` already exists: names must be unique"),
                ));
            }
        }
        Ok(all)
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct File {
        gear: Gear,
        other: Option<Gear>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Gear {
        capacity: i32,
        note: Option<String>,
        kind: Option<Kind>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Sword,
    }

    /// Where the error of reading `text` points: line, column and caret width.
    fn pointed_at(text: &str) -> (usize, usize, usize) {
        let error = read::<File>(text).unwrap_err();
        let l = error.location.expect("a located error");
        (l.line, l.column, l.len)
    }

    #[test]
    fn a_wrong_value_is_pointed_at_whole() {
        assert_eq!(pointed_at("[gear]\ncapacity = \"lots\"\n"), (2, 12, 6));
    }

    #[test]
    fn an_unknown_field_is_pointed_at_by_its_key_not_its_table() {
        // `cap` also starts a known key and sits inside a string before the stray key.
        let text =
            "[gear]\ncapacity = 1\nnote = \"cap\"\ncap = 2\n\n# more\n[other]\ncapacity = 2\n";
        assert_eq!(pointed_at(text), (4, 1, 3));
    }

    #[test]
    fn an_unknown_variant_is_pointed_at_by_its_quoted_name() {
        let text = "[gear]\ncapacity = 1\nkind = \"axe\"\n\n# more\n[other]\ncapacity = 2\n";
        assert_eq!(pointed_at(text), (3, 8, 5));
    }

    #[derive(Debug, Deserialize)]
    struct Spans {
        gear: SpannedGear,
    }

    #[derive(Debug, Deserialize)]
    struct SpannedGear {
        capacity: Spanned<i32>,
    }

    fn caret(error: &ScenarioError) -> (usize, usize, usize) {
        let l = error.location.as_ref().expect("a located error");
        (l.line, l.column, l.len)
    }

    #[test]
    fn later_checks_point_at_the_whole_value() {
        let text = "[gear]\ncapacity = 12345\n";
        let (table, checker) = read::<toml::Table>(text).unwrap();
        assert!(table.contains_key("gear"));
        let by_path = checker.at_path(&["gear", "capacity"], "too large");
        assert_eq!(caret(&by_path), (2, 12, 5));
        assert_eq!(by_path.message, "gear.capacity: too large");

        let (spans, checker) = read::<Spans>(text).unwrap();
        let by_span = checker.at(&spans.gear.capacity, "too large");
        assert_eq!(caret(&by_span), (2, 12, 5));
    }
}
