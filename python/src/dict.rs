//! A scenario, script or profile given as a dict: written as TOML text for the one
//! loader every front end uses, with the key path of each line it writes, so that a
//! refusal located in that text (which the user never saw) names the dict's key
//! instead: `<a scenario dict> at `pool.a.combatants[0].hp`: ...`.

use std::collections::HashMap;

use fray::request::Refusal;
use serde_json::{Map, Value};

/// TOML text and, for each of its lines, the key path it writes (`pool.a`,
/// `pool.a.combatants[1].hp`).
#[derive(Debug, Default)]
pub struct Written {
    /// The TOML text.
    pub text: String,
    /// Line `n` (1-based) writes the key path `lines[n - 1]`.
    pub lines: Vec<String>,
}

impl Written {
    fn line(&mut self, text: &str, path: &str) {
        self.text.push_str(text);
        self.text.push('\n');
        self.lines.push(path.to_string());
    }
}

/// `json`, a dict sent as JSON, written as TOML with each line's key path.
pub fn toml_of(json: &str) -> Result<Written, Refusal> {
    let value: Value = serde_json::from_str(json)
        .map_err(|e| Refusal::new(format!("a dict: {}", fray_commands::call::serde_words(&e))))?;
    let Value::Object(map) = value else {
        return Err(Refusal::new("a dict: expected a mapping of keys"));
    };
    let mut out = Written::default();
    table(&mut out, &[], "", &map)?;
    Ok(out)
}

/// A key as TOML writes it: bare when it can be, else quoted.
fn key(k: &str) -> String {
    if !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        k.to_string()
    } else {
        toml::Value::String(k.to_string()).to_string()
    }
}

/// Whether `v` is written as a table of its own (`[a.b]`), not inline.
fn is_table(v: &Value) -> bool {
    v.is_object()
}

/// Whether `v` is written as an array of tables (`[[a.b]]`).
fn is_array_of_tables(v: &Value) -> bool {
    matches!(v, Value::Array(items) if !items.is_empty() && items.iter().all(Value::is_object))
}

/// The TOML of a value written inline (`1`, `"text"`, `[1, 2]`, `{ a = 1 }`).
fn inline(v: &Value, at: &str) -> Result<String, Refusal> {
    Ok(toml_value(v, at)?.to_string())
}

fn toml_value(v: &Value, at: &str) -> Result<toml::Value, Refusal> {
    Ok(match v {
        Value::Null => {
            return Err(Refusal::new(format!(
                "a dict at `{at}`: None has no place in a fray file; leave the key out instead"
            )));
        }
        Value::Bool(b) => toml::Value::Boolean(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => toml::Value::Integer(i),
            None => toml::Value::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => toml::Value::String(s.clone()),
        Value::Array(items) => toml::Value::Array(
            items
                .iter()
                .enumerate()
                .map(|(i, x)| toml_value(x, &format!("{at}[{i}]")))
                .collect::<Result<_, _>>()?,
        ),
        Value::Object(m) => toml::Value::Table(
            m.iter()
                .map(|(k, x)| Ok((k.clone(), toml_value(x, &format!("{at}.{k}"))?)))
                .collect::<Result<_, Refusal>>()?,
        ),
    })
}

/// Writes the table `map` found at `keys` (its TOML header path) and `path` (its key
/// path as shown): its own values first, then its tables and arrays of tables.
fn table(
    out: &mut Written,
    keys: &[String],
    path: &str,
    map: &Map<String, Value>,
) -> Result<(), Refusal> {
    let join = |k: &str| {
        if path.is_empty() {
            k.to_string()
        } else {
            format!("{path}.{k}")
        }
    };
    for (k, v) in map {
        if !is_table(v) && !is_array_of_tables(v) {
            let at = join(k);
            out.line(&format!("{} = {}", key(k), inline(v, &at)?), &at);
        }
    }
    for (k, v) in map {
        let mut header = keys.to_vec();
        header.push(key(k));
        match v {
            Value::Object(inner) => {
                let at = join(k);
                out.line(&format!("[{}]", header.join(".")), &at);
                table(out, &header, &at, inner)?;
            }
            Value::Array(items) if is_array_of_tables(v) => {
                for (i, item) in items.iter().enumerate() {
                    let at = format!("{}[{i}]", join(k));
                    out.line(&format!("[[{}]]", header.join(".")), &at);
                    if let Value::Object(inner) = item {
                        table(out, &header, &at, inner)?;
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// `refusal` with a place in the TOML written from a dict (named by its source in
/// `dicts`, with its lines' key paths) told as the dict's key instead; the dict's source
/// and the key path as well, for `FrayError.path` and `FrayError.key`.
pub fn at_key(
    mut refusal: Refusal,
    dicts: &HashMap<String, Vec<String>>,
) -> (Refusal, Option<(String, String)>) {
    let Some(at) = refusal.at.clone() else {
        return (refusal, None);
    };
    let Some(source) = at.source.as_deref() else {
        return (refusal, None);
    };
    let Some(key) = dicts
        .get(source)
        .and_then(|lines| lines.get(at.line.wrapping_sub(1)))
    else {
        return (refusal, None);
    };
    // The loader's message is "SOURCE, line L, column C: WHAT" and the quoted line.
    let located = format!("{source}, line {}, column {}: ", at.line, at.column);
    let what = refusal
        .message
        .find(&located)
        .map(|i| &refusal.message[i + located.len()..])
        .map(|rest| rest.split('\n').next().unwrap_or(rest).to_string());
    if let Some(what) = what {
        let i = refusal.message.find(&located).unwrap_or(0);
        refusal.message = format!("{}{source} at `{key}`: {what}", &refusal.message[..i]);
        refusal.at = None;
    }
    let found = (source.to_string(), key.clone());
    (refusal, Some(found))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_line_knows_its_key_path() {
        let w = toml_of(
            r#"{"name": "x", "pool": {"a": {"name": "A", "combatants": [{"name": "p", "hp": 5}, {"name": "q", "hp": 0}]}}}"#,
        )
        .unwrap();
        let parsed: toml::Value = toml::from_str(&w.text).unwrap();
        assert_eq!(
            parsed["pool"]["a"]["combatants"][1]["hp"].as_integer(),
            Some(0)
        );
        let line = w.text.lines().position(|l| l == "hp = 0").unwrap();
        assert_eq!(w.lines[line], "pool.a.combatants[1].hp");
    }

    #[test]
    fn a_refusal_at_a_line_is_told_at_its_key() {
        let dicts = HashMap::from([(
            "<a scenario dict>".to_string(),
            vec!["name".to_string(), "pool.a.combatants[1].hp".to_string()],
        )]);
        let r = Refusal::new(
            "<a scenario dict>, line 2, column 6: hp must be at least 1\n  | hp = 0\n  |      ^",
        )
        .at(fray::request::Place {
            source: Some("<a scenario dict>".into()),
            line: 2,
            column: 6,
            width: 1,
        });
        let (r, key) = at_key(r, &dicts);
        assert_eq!(
            r.message,
            "<a scenario dict> at `pool.a.combatants[1].hp`: hp must be at least 1"
        );
        assert_eq!(
            key,
            Some(("<a scenario dict>".into(), "pool.a.combatants[1].hp".into()))
        );
        assert!(r.at.is_none());
    }
}
