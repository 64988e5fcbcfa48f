//! `fray battle`: whole battles, sampled on every core or solved exactly, with reports.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context as _, Result};
use clap::Args;
use fray_commands::lab::Battle;
use fray_commands::limits;
use fray_commands::{Command, Context};
use fray_lab::examples;
use fray_lab::report;
use fray_lab::request::BattleRequest;

use crate::progress::{self, Progress};
use crate::{output, table};

#[derive(Debug, Args)]
pub struct BattleArgs {
    /// The scenario, a TOML file (see examples/battles/). Without one, plays the
    /// built-in default scenario.
    file: Option<PathBuf>,
    /// Play a bundled scenario by name (see --list-examples).
    #[arg(long, conflicts_with = "file")]
    example: Option<String>,
    /// List the bundled scenarios (with --json as JSON; no other option applies).
    #[arg(long, conflicts_with_all = ["file", "example", "schema", "trials", "precision", "seed", "threads", "report", "quiet", "progress_every"])]
    list_examples: bool,
    /// Print a bundled scenario's TOML text, a template to start a scenario of your own
    /// from (`fray battle --show-example duel > my-duel.toml`; no other option applies).
    #[arg(long, value_name = "NAME", conflicts_with_all = ["file", "example", "list_examples", "schema", "trials", "precision", "seed", "threads", "report", "quiet", "progress_every", "json"])]
    show_example: Option<String>,
    /// Print the JSON Schema of scenario files (no other option applies).
    #[arg(long, conflicts_with_all = ["file", "example", "trials", "precision", "seed", "threads", "report", "quiet", "progress_every", "json"])]
    schema: bool,
    /// Override the number of trials.
    #[arg(long)]
    trials: Option<u64>,
    /// Sample until the 95% interval of every win probability is within ± this (for
    /// example 0.001), in batches of 4,096 battles; --trials is then the cap (default
    /// 10,000,000). Exact figures (a duel's wins) need no sampling.
    #[arg(long, value_name = "HALF_WIDTH")]
    precision: Option<f64>,
    /// Override the seed (the same seed gives the same numbers on any thread count).
    #[arg(long)]
    seed: Option<u64>,
    /// Threads to use (0: every core).
    #[arg(long, default_value_t = 0)]
    threads: u64,
    /// Write an HTML report with SVG charts into this directory.
    #[arg(long, value_name = "DIR")]
    report: Option<PathBuf>,
    /// No progress bar and no progress lines.
    #[arg(long)]
    quiet: bool,
    /// Seconds between progress lines, printed on standard error when it is not a
    /// terminal or with --json (a terminal gets a progress bar instead).
    #[arg(long, value_name = "SECONDS", default_value_t = 5, value_parser = clap::value_parser!(u64).range(0..=3600))]
    progress_every: u64,
}

/// Set by Ctrl-C: the lab finishes the chunks under way and starts no more.
pub(crate) static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether the last run was interrupted by Ctrl-C (the command then exits with 130).
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// The first Ctrl-C stops the run at the next chunk boundary, and its results are
/// printed marked incomplete; a second one ends the process at once.
pub(crate) fn catch_ctrl_c() {
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::Relaxed) {
            std::process::exit(130);
        }
    });
}

/// Makes sure the report can be written before any battle is played: the directory
/// is created and the page opened now, and written when the run ends.
pub(crate) fn open_report(dir: &Path) -> Result<(PathBuf, std::fs::File)> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let page = dir.join("report.html");
    let file =
        std::fs::File::create(&page).with_context(|| format!("cannot write {}", page.display()))?;
    Ok((page, file))
}

pub fn run(args: &BattleArgs) -> Result<String> {
    if args.list_examples {
        return list(table::as_json());
    }
    if let Some(name) = &args.show_example {
        let e = fray_lab::examples::find(name).ok_or_else(|| {
            let names: Vec<&str> = fray_lab::examples::EXAMPLES
                .iter()
                .map(|e| e.name)
                .collect();
            anyhow::anyhow!(
                "no bundled scenario is named `{}`; the bundled ones are {}",
                fray::text::escape_controls(name),
                names.join(", ")
            )
        })?;
        return Ok(e.text.to_string());
    }
    if args.schema {
        return output::json(&fray_lab::json_schema());
    }
    let prepared = table::prepare::<Battle>(BattleRequest::try_from(args)?)?;
    let report_file = args.report.as_deref().map(open_report).transpose()?;
    let planned = prepared.cost.planned;
    let progress = progress(args, planned);
    catch_ctrl_c();
    let cx = Context {
        cancel: &INTERRUPTED,
        progress: &|done| progress.at(done, &INTERRUPTED),
    };
    let r = Battle::perform(&prepared.valid, &cx).map_err(table::refused)?;
    progress.finish();
    if let Some(p) = r.precision.as_ref().filter(|p| !p.reached && r.complete) {
        output::warn(&format!(
            "precision ±{} not reached: stopped at the cap of {} battles (--trials raises it)",
            p.target,
            report::grouped(p.cap)
        ));
    }
    if !r.complete {
        output::warn(&format!(
            "interrupted: {} of {planned} battles finished; the results below are incomplete",
            r.trials
        ));
    }
    if let Some((page, mut file)) = report_file {
        file.write_all(report::html(&r).as_bytes())
            .with_context(|| format!("cannot write {}", page.display()))?;
        if !table::as_json() {
            output::note(&format!("report written to {}", page.display()));
        }
    }
    if table::as_json() {
        table::json::<Battle>(&r)
    } else {
        Ok(report::text(&r))
    }
}

/// The flags as a request; a scenario file is read here (the library does no I/O).
impl TryFrom<&BattleArgs> for BattleRequest {
    type Error = anyhow::Error;

    fn try_from(args: &BattleArgs) -> Result<BattleRequest> {
        let scenario = match &args.file {
            Some(path) => Some(output::read_text(path, limits::SCENARIO)?),
            None => None,
        };
        Ok(BattleRequest {
            scenario,
            scenario_source: args.file.as_ref().map(|p| p.display().to_string()),
            example: args.example.clone(),
            trials: args.trials,
            precision: args.precision,
            seed: args.seed,
            threads: args.threads,
        })
    }
}

/// How `fray battle` shows progress: a bar only for more than a moment of work.
fn progress(args: &BattleArgs, planned: u64) -> Progress {
    Progress::new(
        &progress::Settings {
            command: "fray battle",
            unit: "battles",
            quiet: args.quiet,
            machine: table::as_json(),
            every: args.progress_every,
            bar_from: 50_000,
            bar: "{bar:40} {pos}/{len} battles, {per_sec}, {eta} left",
            cap: false,
        },
        planned,
    )
}

fn list(as_json: bool) -> Result<String> {
    if as_json {
        return output::json(&fray_lab::answer::battle_examples());
    }
    let mut s = String::from(
        "bundled scenarios (`fray battle --example NAME`; the first plays by default):\n",
    );
    for e in examples::EXAMPLES {
        s += &format!("  {:<10} {}\n", e.name, e.about);
    }
    Ok(s)
}
