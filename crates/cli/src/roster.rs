//! `fray roster [FILE]`: each unit's fair cost, through `fray_lab::roster`; as text,
//! `--json`, `--csv` or an HTML report (`--report DIR`). With no file, prices the bundled
//! pool roster.

use std::path::PathBuf;

use std::io::Write as _;

use anyhow::{Context as _, Result};
use clap::Args;
use fray_commands::lab::Roster;
use fray_commands::limits;
use fray_commands::{Command, Context};
use fray_lab::roster::RosterRequest;

use crate::battle::{INTERRUPTED, catch_ctrl_c, open_report};
use crate::progress::{self, Progress};
use crate::{output, table};

#[derive(Debug, Args)]
pub struct RosterArgs {
    /// The roster file (TOML: a budget and the units to price; docs/roster.md). Without
    /// it, the bundled pool roster (or --example).
    file: Option<PathBuf>,
    /// A bundled roster: pool or minions (see --list-examples).
    #[arg(long, conflicts_with = "file")]
    example: Option<String>,
    /// List the bundled rosters (with --json, each with its TOML text; no other option
    /// applies).
    #[arg(long, conflicts_with_all = ["file", "example", "fair", "reference", "precision", "max_battles", "trials", "seed", "threads", "report", "csv", "quiet", "progress_every"])]
    list_examples: bool,
    /// What a fair cost balances: `mean` (each unit's mean score against the rest) or
    /// `against UNIT` (each unit against that one).
    #[arg(long, num_args = 1..=2, value_names = ["MODE", "UNIT"])]
    fair: Vec<String>,
    /// The unit that keeps its cost with --fair mean (default: the first).
    #[arg(long, value_name = "UNIT")]
    reference: Option<String>,
    /// How closely to know each fair cost: the relative half-width of its 95% interval.
    #[arg(long, default_value_t = RosterRequest::default().precision)]
    precision: f64,
    /// The most battles the fit may play.
    #[arg(long, default_value_t = RosterRequest::default().max_battles)]
    max_battles: u64,
    /// Battles per matchup of each matrix.
    #[arg(long)]
    trials: Option<u64>,
    /// The seed, instead of the roster's.
    #[arg(long)]
    seed: Option<u64>,
    /// Threads to use (0: every core).
    #[arg(long, default_value_t = 0)]
    threads: u64,
    /// Print CSV instead of text: a line a unit, its costs, interval and mean scores.
    #[arg(long, conflicts_with = "json")]
    csv: bool,
    /// No progress bar and no progress lines.
    #[arg(long)]
    quiet: bool,
    /// Seconds between progress lines on standard error when it is not a terminal.
    #[arg(long, value_name = "SECONDS", default_value_t = 5, value_parser = clap::value_parser!(u64).range(0..=3600))]
    progress_every: u64,
    /// Also search for the strongest mixed armies against the field (each unit's army
    /// alone at the same budget): every full army within the budget, the better half
    /// played at twice the battles each round.
    #[arg(long)]
    armies: bool,
    /// How many of the strongest armies to show (1 to 50).
    #[arg(long, requires = "armies", value_name = "N")]
    top: Option<u64>,
    /// The costs the armies are bought at: starting or fitted.
    #[arg(long, requires = "armies", value_name = "COSTS", value_parser = ["starting", "fitted"])]
    at: Option<String>,
    /// What the armies are scored against: units (every unit's army alone, equally) or
    /// equilibrium (those armies weighted by what rational players buy).
    #[arg(long, requires = "armies", value_name = "FIELD", value_parser = ["units", "equilibrium"])]
    field: Option<String>,
    /// Write an HTML report (report.html: the fair costs as bars, the matchups at the fair
    /// and the starting costs as heat maps, the findings) into this directory.
    #[arg(long, value_name = "DIR")]
    report: Option<PathBuf>,
}

pub fn run(args: &RosterArgs) -> Result<String> {
    if args.list_examples {
        return list(table::as_json());
    }
    let (roster, roster_source) = match &args.file {
        Some(path) => (
            Some(output::read_text(path, limits::ROSTER)?),
            Some(path.display().to_string()),
        ),
        None => (None, None),
    };
    let (fair, against) = match args.fair.as_slice() {
        [] => (RosterRequest::default().fair, None),
        [mode] => (mode.clone(), None),
        [mode, unit, ..] => (mode.clone(), Some(unit.clone())),
    };
    let request = RosterRequest {
        roster,
        roster_source,
        example: args.example.clone(),
        fair,
        against,
        reference: args.reference.clone(),
        precision: args.precision,
        max_battles: args.max_battles,
        trials: args.trials,
        seed: args.seed,
        threads: args.threads,
        armies: args.armies,
        top: args.top,
        at: args.at.clone(),
        field: args.field.clone(),
    };
    let prepared = table::prepare::<Roster>(request)?;
    let report_file = args.report.as_deref().map(open_report).transpose()?;
    catch_ctrl_c();
    let progress = progress(args, prepared.cost.planned);
    let cx = Context {
        cancel: &INTERRUPTED,
        progress: &|done| progress.at(done, &INTERRUPTED),
    };
    let answer = Roster::perform(&prepared.valid, &cx).map_err(table::refused);
    progress.finish();
    let answer = answer?;
    if !answer.complete {
        output::warn("interrupted: the pricing below is incomplete");
    }
    if let Some((page, mut file)) = report_file {
        file.write_all(fray_lab::roster::report::html(&answer).as_bytes())
            .with_context(|| format!("cannot write {}", page.display()))?;
        if !table::as_json() && !args.csv {
            output::note(&format!("report written to {}", page.display()));
        }
    }
    if table::as_json() {
        table::json::<Roster>(&answer)
    } else if args.csv {
        Ok(fray_lab::roster::report::csv(&answer))
    } else {
        Ok(fray_lab::roster::text::text(&answer))
    }
}

fn list(as_json: bool) -> Result<String> {
    let examples = fray_lab::roster::request::examples();
    if as_json {
        return output::json(&examples);
    }
    let mut s = String::from(
        "bundled rosters (`fray roster --example NAME`; the first is priced by default):\n",
    );
    for e in examples {
        s += &format!("  {:<10} {}\n", e.name, e.about);
    }
    Ok(s)
}

/// How `fray roster` shows progress: battles played, against the most it may play (the
/// fit stops once every cost is known, usually far short of its cap).
fn progress(args: &RosterArgs, planned: u64) -> Progress {
    Progress::new(
        &progress::Settings {
            command: "fray roster",
            unit: "battles",
            quiet: args.quiet,
            machine: table::as_json() || args.csv,
            every: args.progress_every,
            bar_from: 50_000,
            bar: "{spinner} {pos} battles played (at most {len}), {per_sec}",
            cap: true,
        },
        planned,
    )
}
