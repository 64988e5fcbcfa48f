//! The fray battle lab: whole battles under any of fray's rule systems, played many
//! times (reproducibly, on every core) or solved exactly where the maths allows, with
//! reports as text, data and HTML.
//!
//! ```
//! let scenario = fray_lab::parse_scenario(fray_lab::examples::find("duel").unwrap().text).unwrap();
//! let tally = fray_lab::run::play_on(&scenario, 1, &|_| {}).unwrap();
//! let report = fray_lab::report::report(&scenario, &tally);
//! assert!(report.sides[0].win.exact_value.is_some());
//! ```

pub mod charts;
pub mod duel;
pub mod examples;
pub mod report;
pub mod request;
pub mod run;
pub mod scenario;
pub mod schema;

pub use scenario::{Scenario, json_schema, parse_scenario};
