//! `fray encounter`: play an encounter script of the conditions system.

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::Args;
use fray::conditions::request::{self, EncounterRequest};

use fray_commands::conditions::Encounter;
use fray_commands::limits;

use crate::{choice, output, table};

#[derive(Debug, Args)]
pub struct EncounterArgs {
    /// The encounter script, a TOML file (see examples/encounters/).
    file: PathBuf,
    /// The seed for rolls the script does not fix (overrides the script's).
    #[arg(long)]
    seed: Option<u64>,
    /// Switch a reading of the rules text (repeatable, on top of the script's
    /// `[readings]`); see docs/rules/conditions.md.
    #[arg(long = "reading", value_parser = choice::of::<request::ReadingSwitch>(), value_name = "READING")]
    readings: Vec<request::ReadingSwitch>,
}

pub fn run(args: &EncounterArgs) -> Result<String> {
    let path = &args.file;
    let request = EncounterRequest {
        script: output::read_text(path, limits::SCRIPT)?,
        script_source: Some(path.display().to_string()),
        seed: args.seed,
        reading: args.readings.clone(),
    };
    let answer = table::run::<Encounter>(request)?.answer;
    let report = &answer.report;
    let out = if table::as_json() {
        table::json::<Encounter>(&answer)?
    } else {
        let mut s = String::new();
        for step in &report.log {
            let _ = writeln!(s, "{step}");
        }
        if answer.no_steps {
            // Creatures but no steps: say so rather than print a bare "0 met".
            let _ = writeln!(s, "the script has no [[step]]: nothing to play");
        }
        let _ = writeln!(
            s,
            "{} expectation(s) met, {} failed",
            report.expectations_met,
            report.failures.len()
        );
        s
    };
    if report.failures.is_empty() {
        return Ok(out);
    }
    output::print(&out)?;
    let failures: Vec<String> = report
        .failures
        .iter()
        .map(|f| {
            format!(
                "{}, line {}, column {}: {}",
                path.display(),
                f.line,
                f.column,
                f.message
            )
        })
        .collect();
    bail!(
        "{} expectation(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    )
}
