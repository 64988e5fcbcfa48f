//! The JSON Schema against the loader: every bundled scenario and battle file fits it,
//! and numbers the loader refuses are outside it.

use fray_lab::examples::EXAMPLES;
use fray_lab::json_schema;
use serde_json::Value;

/// A small validator for the keywords the scenario schema uses.
fn errors(schema: &Value, root: &Value, v: &Value, at: &str, out: &mut Vec<String>) {
    if let Some(r) = schema.get("$ref").and_then(Value::as_str) {
        let name = r.trim_start_matches("#/$defs/");
        return errors(&root["$defs"][name], root, v, at, out);
    }
    let kind = match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    };
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => vec![],
    };
    let fits = types.is_empty()
        || types.contains(&kind)
        || (kind == "integer" && types.contains(&"number"));
    if !fits {
        out.push(format!("{at}: {kind}, expected {types:?}"));
        return;
    }
    if let Some(words) = schema["enum"].as_array()
        && !words.contains(v)
    {
        out.push(format!("{at}: {v} not in {words:?}"));
    }
    if let Some(n) = v.as_f64() {
        if schema["minimum"].as_f64().is_some_and(|lo| n < lo) {
            out.push(format!("{at}: {n} below {}", schema["minimum"]));
        }
        if schema["maximum"].as_f64().is_some_and(|hi| n > hi) {
            out.push(format!("{at}: {n} above {}", schema["maximum"]));
        }
    }
    if let (Some(s), Some(min)) = (v.as_str(), schema["minLength"].as_u64())
        && (s.chars().count() as u64) < min
    {
        out.push(format!("{at}: shorter than {min}"));
    }
    if let Value::Array(items) = v {
        if schema["minItems"]
            .as_u64()
            .is_some_and(|m| (items.len() as u64) < m)
            || schema["maxItems"]
                .as_u64()
                .is_some_and(|m| (items.len() as u64) > m)
        {
            out.push(format!("{at}: {} items", items.len()));
        }
        if schema["items"].is_object() {
            for (i, item) in items.iter().enumerate() {
                errors(&schema["items"], root, item, &format!("{at}[{i}]"), out);
            }
        }
    }
    if let Value::Object(map) = v {
        for key in schema["required"].as_array().into_iter().flatten() {
            if !map.contains_key(key.as_str().unwrap_or_default()) {
                out.push(format!("{at}: missing {key}"));
            }
        }
        for (k, item) in map {
            match schema["properties"].get(k) {
                Some(s) => errors(s, root, item, &format!("{at}.{k}"), out),
                None if schema["additionalProperties"] == Value::Bool(false) => {
                    out.push(format!("{at}: unknown key {k}"));
                }
                None => {}
            }
        }
    }
}

fn check(text: &str) -> Vec<String> {
    let schema = json_schema();
    let value = serde_json::to_value(toml::from_str::<toml::Value>(text).unwrap()).unwrap();
    let mut out = Vec::new();
    errors(&schema, &schema, &value, "", &mut out);
    out
}

#[test]
fn every_bundled_scenario_fits_the_schema() {
    for e in EXAMPLES {
        assert_eq!(check(e.text), Vec::<String>::new(), "{}", e.name);
    }
}

#[test]
fn the_schema_refuses_what_the_loader_refuses() {
    let pikes = fray_lab::examples::find("pikes").unwrap().text;
    let minions = fray_lab::examples::find("minions").unwrap().text;
    let skirmish = fray_lab::examples::find("skirmish").unwrap().text;
    for (text, from, to) in [
        (pikes, "max_rounds = 40", "max_rounds = 0"),
        (pikes, "hp = 6", "hp = 0"),
        (minions, "turns = 3", "turns = 1001"),
        (minions, "kind = \"recruit\"", "kind = \"hero\""),
        (skirmish, "hp = 32", "hp = 0"),
        (skirmish, "name = \"Heroes\"", "name = \"\""),
    ] {
        assert!(text.contains(from), "{from}");
        let bad = text.replacen(from, to, 1);
        assert!(
            fray_lab::parse_scenario(&bad).is_err(),
            "the loader accepts {to}"
        );
        assert!(!check(&bad).is_empty(), "the schema accepts {to}");
    }
}

/// The problems of a report's JSON against the report schema.
fn report_errors(value: &Value) -> Vec<String> {
    let schema = fray_lab::schema::report();
    let mut out = Vec::new();
    errors(&schema, &schema, value, "", &mut out);
    out
}

#[test]
fn every_report_fits_the_report_schema_and_says_how_each_figure_was_found() {
    use fray_lab::report::{report, report_with};
    use fray_lab::run::{play_on, play_to_precision};
    for e in EXAMPLES {
        let mut s = fray_lab::parse_scenario(e.text).unwrap();
        s.trials = s.trials.min(300);
        let r = report(&s, &play_on(&s, 1, &|_| {}).unwrap());
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(report_errors(&v), Vec::<String>::new(), "{}", e.name);
        let (t, p) = play_to_precision(&s, 0.05, false, &|_| {}, &Default::default());
        let v = serde_json::to_value(report_with(&s, &t, Some(&p))).unwrap();
        assert_eq!(
            report_errors(&v),
            Vec::<String>::new(),
            "{} to a precision",
            e.name
        );
    }
    let s = fray_lab::parse_scenario(fray_lab::examples::find("duel").unwrap().text).unwrap();
    let mut v = serde_json::to_value(report(&s, &play_on(&s, 1, &|_| {}).unwrap())).unwrap();
    v["sides"][0]["win"]
        .as_object_mut()
        .unwrap()
        .remove("basis");
    v["draw"]["basis"] = "guessed".into();
    let found = report_errors(&v);
    assert!(
        found.iter().any(|e| e.contains("missing \"basis\""))
            && found.iter().any(|e| e.contains("guessed")),
        "{found:?}"
    );
}
