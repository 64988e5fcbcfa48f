//! The fray battle lab: whole battles under any of fray's rule systems, played many
//! times (reproducibly, on every core) or solved exactly where the maths allows, with
//! reports as text, data and HTML.
//!
//! A tool embeds it in three calls: [`parse_scenario`] checks a scenario (the format of
//! [`scenario`], refused with a line and column), [`run::play_on`] plays its trials
//! (the same seed gives the same [`run::Tally`] on any thread count), and
//! [`report::report`] turns the tally into a [`report::Report`] with 95% intervals and,
//! where the maths allows, exact answers; [`report::text`] and [`report::html`] print
//! it. `cargo run -p fray-lab --example balance_sweep` tunes a monster that way.
//!
//! ```
//! let scenario = fray_lab::parse_scenario(fray_lab::examples::find("duel").unwrap().text).unwrap();
//! let tally = fray_lab::run::play_on(&scenario, 1, &|_| {}).unwrap();
//! let report = fray_lab::report::report(&scenario, &tally);
//! assert_eq!(report.sides[0].win.basis, fray_lab::report::Basis::Exact, "a duel's wins are solved, not sampled");
//! ```

#![cfg_attr(not(doc), warn(missing_docs))]

pub mod answer;
pub mod charts;
pub mod design;
pub mod examples;
pub mod report;
pub mod request;
pub mod roster;
pub mod run;
pub mod scenario;
pub mod schema;
pub mod stats;
pub mod sweep;
pub mod systems;

/// The evasion duel and its exact solver, beside the evasion system that plays it.
pub use systems::evasion::duel;
pub mod tally;

pub use scenario::{Scenario, parse_scenario};
pub use schema::json_schema;
