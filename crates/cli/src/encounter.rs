//! `fray encounter`: play an encounter script of the conditions system.

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::{Result, anyhow, bail};
use clap::Args;
use fray::conditions::{parse_script, run_script};

use crate::output;

#[derive(Debug, Args)]
pub struct EncounterArgs {
    /// The encounter script, a TOML file (see examples/encounters/).
    file: PathBuf,
    /// The seed for rolls the script does not fix (overrides the script's).
    #[arg(long)]
    seed: Option<u64>,
    /// Print JSON (the log, expectations met, failures) instead of text.
    #[arg(long)]
    json: bool,
}

/// A script is small; anything larger is surely not one.
const MAX_FILE_BYTES: u64 = 4 << 20;

pub fn run(args: &EncounterArgs) -> Result<String> {
    let path = &args.file;
    let text = output::read_text(path, MAX_FILE_BYTES, "a script")?;
    let script = parse_script(&text).map_err(|e| anyhow!("{}, {e}", path.display()))?;
    let report = run_script(&script, args.seed);
    let out = if args.json {
        output::json(&report)?
    } else {
        let mut s = String::new();
        for step in &report.log {
            let _ = writeln!(s, "{step}");
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
