//! fray's command table: every command as a request type in, an answer type out, or a
//! [`Refusal`] as data, with one list of them all ([`table::each`]). The front ends
//! (the `fray` command line, `fray serve`, the Python package) drive commands only
//! through it: they read their input into a command's request, run it, and print the
//! answer with [`json`], so the same input gives the same answer everywhere. Each
//! command's request and answer have a JSON Schema generated from their types
//! ([`table::schemas`]).
//!
//! ```
//! use fray_commands::{Command, Context, pool::Check};
//! let request = serde_json::from_str(r#"{"rung": "3/6", "bonus": 2}"#).unwrap();
//! let answered = Check::run(request, &Context::quiet()).unwrap();
//! assert!(answered.answer.odds.p_success() > 0.5);
//! let text = fray_commands::json::pretty(&answered.answer, Check::KEYS).unwrap();
//! assert!(text.starts_with('{') && text.ends_with("}\n"));
//! ```
//!
//! Called by name with JSON, as a front end without Rust types does:
//!
//! ```
//! use fray_commands::call::{Origin, Style, call};
//! let a = call("check", br#"{"rung": "3/6"}"#, Origin::Body, &[], Style::Compact,
//!              &fray_commands::Context::quiet()).unwrap();
//! assert!(a.answer.contains("\"p_success\""));
//! let refused = call("check", b"{\n  \"rung\": 3}", Origin::Body, &[], Style::Compact,
//!                    &fray_commands::Context::quiet()).unwrap_err();
//! assert_eq!(refused.at.unwrap().line, 2);
//! ```

#![cfg_attr(not(doc), warn(missing_docs))]

pub mod call;
pub mod chunks;
pub mod command;
pub mod envelope;
pub mod json;
pub mod limits;
pub mod positional;
pub mod schema;
pub mod strict;
pub mod table;

pub mod conditions;
pub mod damage;
pub mod evasion;
pub mod examples;
pub mod lab;
pub mod minions;
pub mod pool;

pub use command::{Answered, Command, Context, Cost, Keys, Pages, Prepared, Span};
pub use fray::request::{Place, Refusal};
pub use table::{Entry, Visit, each, entries, names};
