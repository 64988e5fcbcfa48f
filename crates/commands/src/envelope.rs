//! A command's whole outcome as one JSON text: what a front end reached across a byte
//! boundary (the WebAssembly build) hands its caller, so that
//! the caller parses one object and finds the answer, its report page, the warnings or
//! the refusal in it. The answer travels as a string holding exactly what `--json`
//! prints, so a caller can compare or show it byte for byte.
//!
//! ```
//! use fray_commands::{Context, envelope};
//! let out = envelope::call("check", br#"{"rung": "3/6"}"#, false, &Context::quiet());
//! let v: serde_json::Value = serde_json::from_str(&out).unwrap();
//! assert!(v["answer"].as_str().unwrap().contains("\"p_success\""));
//! let refused = envelope::call("check", br#"{"rung": 3}"#, false, &Context::quiet());
//! assert!(refused.starts_with(r#"{"refusal":"#));
//! ```

use fray::request::Refusal;
use serde_json::{Value, json};

use crate::call::{self, Origin, Style};
use crate::command::{Answered, Command, Context, Span};
use crate::table::{self, Visit};

/// Runs the command called `name` on `request` (its JSON, as the web takes it) and
/// writes the outcome: `{"answer": TEXT, "warnings": [..], "notes": [..]}`, with
/// `"html"` (and a sweep's `"charts"`, each `{"name", "svg"}`) when `pages` is asked
/// for and the command has a report page; or `{"refusal": REFUSAL}` (see [`refusal`]).
pub fn call(name: &str, request: &[u8], pages: bool, cx: &Context<'_>) -> String {
    let ask = call::Ask {
        pages,
        ..call::Ask::new(request, Origin::Body, &[], Style::Pretty)
    };
    let value = match call::call_paged(name, &ask, cx) {
        Ok((answered, page)) => {
            let mut v = answer(answered);
            if let Some(page) = page {
                page.add_to(&mut v);
            }
            v
        }
        Err(r) => refused(&r),
    };
    text(&value)
}

/// An answer as the envelope holds it: `{"answer": TEXT, "warnings": [..], "notes":
/// [..]}`, the answer's text exactly as `--json` prints it.
pub fn answer(answered: Answered<String>) -> Value {
    json!({
        "answer": answered.answer,
        "warnings": answered.warnings,
        "notes": answered.notes,
    })
}

/// What the command called `name` would cost on `request`, known before any work:
/// `{"span": "quick" | "long", "cost": {"planned", "battles", "points", "steps",
/// "answer_bytes"}}`, or `{"refusal": REFUSAL}` when the request is refused. A caller
/// with two places to run a command (a browser and a server) chooses by it.
pub fn cost(name: &str, request: &[u8]) -> String {
    struct Costing<'a> {
        name: &'a str,
        request: &'a [u8],
        result: Option<Value>,
    }
    impl Visit for Costing<'_> {
        fn visit<C: Command>(&mut self) {
            if self.result.is_none() && self.name == C::NAME {
                self.result = Some(cost_of::<C>(self.request));
            }
        }
    }
    let mut c = Costing {
        name,
        request,
        result: None,
    };
    table::each(&mut c);
    text(&c.result.unwrap_or_else(|| refused(&call::no_command(name))))
}

fn cost_of<C: Command>(request: &[u8]) -> Value {
    let prepared = call::parse::<C>(request, Origin::Body).and_then(C::prepare);
    match prepared {
        Ok(p) => {
            let c = p.cost;
            json!({
                "span": span(C::SPAN),
                "cost": {
                    "planned": c.planned,
                    "battles": c.battles,
                    "points": c.points,
                    "steps": c.effort.steps,
                    "answer_bytes": c.effort.answer_bytes,
                },
            })
        }
        Err(r) => refused(&r),
    }
}

/// The command table as data: `[{"name", "summary", "span", "files", "request"}]`, in
/// the table's order: `files` the fields whose text may come from a file, `request` the
/// request's JSON Schema, from which a page builds a form for any command.
pub fn commands() -> String {
    let list: Vec<Value> = table::entries()
        .iter()
        .map(|e| {
            let files: Vec<&str> = e.files.iter().map(|f| f.field).collect();
            let request = table::request_schema(e.name).unwrap_or(Value::Null);
            json!({
                "name": e.name,
                "summary": e.summary,
                "span": span(e.span),
                "files": files,
                "request": request,
            })
        })
        .collect();
    text(&Value::Array(list))
}

/// A refusal as every front end writes it in JSON: `{"error": message, "field",
/// "message", "line", "column", "width", "source", "hint", "warnings"}`, each after the
/// first only when the refusal has it. `error` names its field as the request does
/// (`` `trials`: ... ``); `field` holds the field's path and `message` the words after
/// it, for a page to word by its form. The place is the refusal's own data, never read
/// out of its words.
pub fn refusal(r: &Refusal) -> Value {
    let mut body = json!({ "error": r.to_string() });
    if let Some(field) = &r.field {
        body["field"] = field.as_str().into();
        body["message"] = r.message.as_str().into();
    }
    if let Some(at) = &r.at {
        body["line"] = at.line.into();
        body["column"] = at.column.into();
        body["width"] = at.width.into();
        if let Some(source) = &at.source {
            body["source"] = source.as_str().into();
        }
    }
    if let Some(hint) = &r.hint {
        body["hint"] = hint.as_str().into();
    }
    if !r.warnings.is_empty() {
        body["warnings"] = r.warnings.clone().into();
    }
    body
}

/// A refusal as the envelope holds it: `{"refusal": REFUSAL}` (see [`refusal`]).
pub fn refused(r: &Refusal) -> Value {
    json!({ "refusal": refusal(r) })
}

fn span(s: Span) -> &'static str {
    match s {
        Span::Quick => "quick",
        Span::Long => "long",
    }
}

/// The envelope on one line. Every value in it is a string, a list or a whole number
/// from above, which serde_json always writes.
pub(crate) fn text(v: &Value) -> String {
    serde_json::to_string(v).unwrap_or_else(|e| {
        format!(
            r#"{{"refusal":{{"error":{}}}}}"#,
            Value::from(format!("the outcome could not be written: {e}"))
        )
    })
}
