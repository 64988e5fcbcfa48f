//! `fray design-check [evasion|damage|all]`: each redesign beside the rules it replaces,
//! one exact figure per stated goal, through `fray_lab::design`; as text, `--json`, or
//! an HTML report (`--report DIR`).

use std::io::Write as _;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use fray_lab::design::{self, Text};

use fray_commands::Command;
use fray_commands::lab::DesignCheckCommand;

use crate::battle::open_report;
use crate::{output, table};

#[derive(Debug, Args)]
pub struct DesignArgs {
    /// The rules text to check: evasion (against NetHack 3.6's to-hit and AC), damage
    /// (against D&D 4E's resistances) or all.
    #[arg(default_value = "all", value_name = "TEXT")]
    text: String,
    /// Write an HTML report (report.html, one section a goal) and its SVG charts into
    /// this directory.
    #[arg(long, value_name = "DIR")]
    report: Option<PathBuf>,
}

pub fn run(args: &DesignArgs) -> Result<String> {
    let text: Text = args.text.parse().map_err(table::refused)?;
    let check = table::run::<DesignCheckCommand>(design::Request { text })?.answer;
    if let Some(dir) = &args.report
        && let Some(pages) = DesignCheckCommand::pages(&check)
    {
        let (page, mut file) = open_report(dir)?;
        file.write_all(pages.html.as_bytes())
            .with_context(|| format!("cannot write {}", page.display()))?;
        let dir = page.parent().unwrap_or(std::path::Path::new("."));
        for (name, svg) in pages.charts.unwrap_or_default() {
            let path = dir.join(format!("{name}.svg"));
            std::fs::write(&path, svg)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        if !table::as_json() {
            output::note(&format!("report written to {}", page.display()));
        }
    }
    if table::as_json() {
        table::json::<DesignCheckCommand>(&check)
    } else {
        Ok(design::text(&check))
    }
}
