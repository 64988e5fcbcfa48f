//! Setting a field by its path: the numeric fields of a scenario's text, named as the
//! TOML names them (`sides.a.count`, `pool.a.combatants.0.count`, or an array entry by
//! its `name`: `pool.a.combatants.Pikeman.count`), and the text with new values written
//! in their place. The rest of the text is untouched, so a point is loaded by the
//! lab's own loader with every check it makes, and its errors keep their lines.

use std::ops::Range;

use fray::request::Refusal;
use toml::de::{DeTable, DeValue};

use super::axis::Number;

/// How many known paths an unknown path's error lists.
const NEARBY: usize = 6;
/// The longest path for which nearby paths are suggested.
const MAX_SUGGESTED_CHARS: usize = 200;
/// How far a path's length may be from the one asked for and still be suggested.
const NEAR_LENGTH: usize = 8;

/// A numeric field written in the scenario's text.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// Each segment's accepted spellings: the first is the canonical one (an array
    /// entry's name where it has a unique one, else its index), then the index.
    segments: Vec<Vec<String>>,
    /// Where the value is written.
    span: Range<usize>,
    /// Whether the file writes an integer there (values must then be whole).
    pub integer: bool,
    /// The value the file writes.
    pub value: Number,
}

impl Field {
    /// The canonical path: names where array entries have them.
    pub fn path(&self) -> String {
        self.segments
            .iter()
            .map(|s| s[0].as_str())
            .collect::<Vec<_>>()
            .join(".")
    }

    fn matches(&self, path: &[&str]) -> bool {
        path.len() == self.segments.len()
            && path
                .iter()
                .zip(&self.segments)
                .all(|(p, s)| s.iter().any(|x| x == p))
    }
}

/// Every numeric field of a TOML text, in the order written, but for the top-level
/// `seed` (a sweep derives each point's) and the `[sweep]` table itself.
pub fn fields(text: &str) -> Vec<Field> {
    let mut out = Vec::new();
    if let Ok(doc) = DeTable::parse(text) {
        for (k, v) in doc.get_ref() {
            let key = k.get_ref().as_ref();
            if key != "seed" && key != "sweep" {
                walk(v, vec![vec![key.to_string()]], &mut out);
            }
        }
    }
    out.sort_by_key(|f| f.span.start);
    out
}

fn walk(v: &toml::Spanned<DeValue<'_>>, at: Vec<Vec<String>>, out: &mut Vec<Field>) {
    let leaf = |value, integer| Field {
        segments: at.clone(),
        span: v.span(),
        integer,
        value,
    };
    match v.get_ref() {
        DeValue::Integer(i) => {
            if let Ok(n) = i64::from_str_radix(&i.as_str().replace('_', ""), i.radix()) {
                out.push(leaf(Number::Int(n), true));
            }
        }
        DeValue::Float(x) => {
            if let Ok(f) = x.as_str().replace('_', "").parse::<f64>()
                && f.is_finite()
            {
                out.push(leaf(Number::Float(f), false));
            }
        }
        DeValue::Table(t) => {
            for (k, child) in t {
                let mut next = at.clone();
                next.push(vec![k.get_ref().to_string()]);
                walk(child, next, out);
            }
        }
        DeValue::Array(items) => {
            let name = |item: &toml::Spanned<DeValue<'_>>| {
                item.get_ref()
                    .as_table()
                    .and_then(|t| t.get("name"))
                    .and_then(|n| n.get_ref().as_str().map(str::to_string))
            };
            let names: Vec<Option<String>> = items.iter().map(name).collect();
            for (i, item) in items.iter().enumerate() {
                let mut spellings = Vec::new();
                if let Some(n) = &names[i]
                    && names.iter().filter(|m| m.as_ref() == Some(n)).count() == 1
                    && !n.contains('.')
                    && n.parse::<usize>().is_err()
                {
                    spellings.push(n.clone());
                }
                spellings.push(i.to_string());
                let mut next = at.clone();
                next.push(spellings);
                walk(item, next, out);
            }
        }
        _ => {}
    }
}

/// The field a path names, or an error listing the known paths nearest to it.
pub fn find<'f>(fields: &'f [Field], path: &str) -> Result<&'f Field, Refusal> {
    let parts: Vec<&str> = path.split('.').map(str::trim).collect();
    if let Some(f) = fields.iter().find(|f| f.matches(&parts)) {
        return Ok(f);
    }
    let shown = fray::text::escape_controls(path);
    if fields.is_empty() {
        return Err(Refusal::new(format!(
            "`{shown}` names no numeric field: the scenario writes none to vary"
        )));
    }
    // Only paths of about the same length can be near, and a path longer than any a
    // scenario writes is near none: the search costs at most a few steps a field,
    // however long the path sent or however many fields the scenario writes.
    let length = path.chars().count();
    let mut known: Vec<(usize, String)> = Vec::new();
    if length <= MAX_SUGGESTED_CHARS {
        for f in fields {
            let p = f.path();
            if p.chars().count().abs_diff(length) <= NEAR_LENGTH {
                known.push((fray::text::edit_distance(&p, path), p));
            }
        }
    }
    known.sort();
    let nearby: Vec<String> = known.into_iter().take(NEARBY).map(|(_, p)| p).collect();
    let written = "names no numeric field written in the scenario (a default must be written in the file to be varied)";
    if nearby.is_empty() {
        return Err(Refusal::new(format!("`{shown}` {written}")));
    }
    Err(Refusal::new(format!(
        "`{shown}` {written}; nearest known paths: {}",
        nearby.join(", ")
    )))
}

/// The text with each field's value replaced (fields may come in any order).
pub fn write(text: &str, changes: &[(&Field, Number)]) -> String {
    let mut sorted: Vec<&(&Field, Number)> = changes.iter().collect();
    sorted.sort_by_key(|(f, _)| std::cmp::Reverse(f.span.start));
    let mut out = text.to_string();
    for (f, v) in sorted {
        let written = match (f.integer, v) {
            (false, Number::Int(n)) => Number::Float(*n as f64).toml(),
            _ => v.toml(),
        };
        out.replace_range(f.span.clone(), &written);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "seed = 3\nsigma = 5.0\n[a]\nhp = 40\n[[a.list]]\nname = \"Orc\"\ncount = 3\n[[a.list]]\nname = \"Elf\"\ncount = 1_0\npos = [0, -2]\n";

    #[test]
    fn paths_by_name_and_index_and_written_back() {
        let fs = fields(TEXT);
        let paths: Vec<String> = fs.iter().map(Field::path).collect();
        assert_eq!(
            paths,
            [
                "sigma",
                "a.hp",
                "a.list.Orc.count",
                "a.list.Elf.count",
                "a.list.Elf.pos.0",
                "a.list.Elf.pos.1"
            ]
        );
        let elf = find(&fs, "a.list.1.count").unwrap();
        assert_eq!(elf.value, Number::Int(10));
        assert_eq!(find(&fs, "a.list.Elf.count").unwrap(), elf);
        let sigma = find(&fs, "sigma").unwrap();
        let out = write(TEXT, &[(sigma, Number::Int(7)), (elf, Number::Int(125))]);
        assert!(out.contains("sigma = 7.0\n"), "{out}");
        assert!(out.contains("count = 125\npos"), "{out}");
        assert!(out.contains("count = 3\n"));
    }

    #[test]
    fn unknown_paths_list_their_neighbours() {
        let fs = fields(TEXT);
        let e = find(&fs, "a.hpp").unwrap_err();
        assert!(e.message.contains("nearest known paths: a.hp"), "{e}");
        assert!(find(&fs, "seed").is_err());
        assert!(find(&fs, "a.list").is_err());
    }
}
