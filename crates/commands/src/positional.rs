//! A list where a request's schema wants an object. serde reads a struct from a JSON
//! array too, its fields by position: `"vary": [["max_rounds", "1..3"]]` read as an
//! axis's path and values, `"model": [9]` as a sigma. No one means that, and a request
//! read so is a silent wrong answer: each request holding a list is walked beside its
//! command's JSON Schema, and a list where the schema wants an object is refused,
//! naming its place.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::Value;

use crate::command::Command;

/// Where in `request` (a JSON value of command `C`'s request) a list stands for an
/// object, as a path (`vary[0]`), if anywhere.
pub fn list_for_object<C: Command>(request: &Value) -> Option<String> {
    let schema = schema_of::<C>();
    let mut path = String::new();
    walk(request, &schema, &schema, &mut path)
}

/// `C`'s request schema, made once per process (a request with no list never asks).
fn schema_of<C: Command>() -> Arc<Value> {
    static SCHEMAS: OnceLock<Mutex<HashMap<&'static str, Arc<Value>>>> = OnceLock::new();
    let mut kept = SCHEMAS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    kept.entry(C::NAME)
        .or_insert_with(|| Arc::new(C::request_schema()))
        .clone()
}

/// A schema node with its `$ref` followed (within the root's `$defs`).
fn resolve<'a>(node: &'a Value, root: &'a Value) -> &'a Value {
    match node.get("$ref").and_then(Value::as_str) {
        Some(r) => r
            .strip_prefix("#/$defs/")
            .and_then(|name| root.get("$defs")?.get(name))
            .unwrap_or(node),
        None => node,
    }
}

/// The alternatives a node allows: its `anyOf`/`oneOf`, or itself.
fn alternatives<'a>(node: &'a Value, root: &'a Value) -> Vec<&'a Value> {
    let node = resolve(node, root);
    match node.get("anyOf").or_else(|| node.get("oneOf")) {
        Some(Value::Array(alts)) => alts.iter().map(|a| resolve(a, root)).collect(),
        _ => vec![node],
    }
}

fn has_type(node: &Value, name: &str) -> bool {
    match node.get("type") {
        Some(Value::String(t)) => t == name,
        Some(Value::Array(ts)) => ts.iter().any(|t| t == name),
        _ => false,
    }
}

fn walk(value: &Value, node: &Value, root: &Value, path: &mut String) -> Option<String> {
    let alts = alternatives(node, root);
    match value {
        Value::Array(items) => {
            let list = alts.iter().find(|a| {
                has_type(a, "array") || a.get("items").is_some() || a.get("prefixItems").is_some()
            });
            let Some(list) = list else {
                let object = alts
                    .iter()
                    .any(|a| has_type(a, "object") || a.get("properties").is_some());
                return object.then(|| path.clone());
            };
            for (i, item) in items.iter().enumerate() {
                // A tuple's places (`prefixItems`), else every item alike.
                let Some(schema) = list
                    .get("prefixItems")
                    .and_then(|p| p.get(i))
                    .or_else(|| list.get("items").filter(|s| s.is_object()))
                else {
                    continue;
                };
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                let found = walk(item, schema, root, path);
                path.truncate(len);
                if found.is_some() {
                    return found;
                }
            }
            None
        }
        Value::Object(fields) => {
            let object = alts.iter().find(|a| a.get("properties").is_some())?;
            let properties = object.get("properties")?;
            for (key, field) in fields {
                let Some(schema) = properties.get(key) else {
                    continue;
                };
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                let found = walk(field, schema, root, path);
                path.truncate(len);
                if found.is_some() {
                    return found;
                }
            }
            None
        }
        _ => None,
    }
}
