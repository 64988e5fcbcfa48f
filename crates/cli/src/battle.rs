//! `fray battle`: whole battles, sampled on every core or solved exactly, with reports.

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::{Context, Result, anyhow};
use clap::Args;
use fray_lab::{examples, parse_scenario, report, run};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;

use crate::output;

#[derive(Debug, Args)]
pub struct BattleArgs {
    /// The scenario, a TOML file (see examples/battles/). Without one, plays the
    /// built-in default scenario.
    file: Option<PathBuf>,
    /// Play a bundled scenario by name (see --list-examples).
    #[arg(long, conflicts_with = "file")]
    example: Option<String>,
    /// List the bundled scenarios.
    #[arg(long)]
    list_examples: bool,
    /// Print the JSON Schema of scenario files.
    #[arg(long)]
    schema: bool,
    /// Override the number of trials.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    trials: Option<u64>,
    /// Override the seed (the same seed gives the same numbers on any thread count).
    #[arg(long)]
    seed: Option<u64>,
    /// Threads to use (default: every core).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=1024))]
    threads: u64,
    /// Write an HTML report with SVG charts into this directory.
    #[arg(long, value_name = "DIR")]
    report: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// A scenario file is small; anything larger is surely not one.
const MAX_FILE_BYTES: u64 = 8 << 20;

pub fn run(args: &BattleArgs) -> Result<String> {
    if args.list_examples {
        return list(args.json);
    }
    if args.schema {
        return output::json(&fray_lab::json_schema());
    }
    let (source, text) = scenario_text(args)?;
    let mut scenario = parse_scenario(&text).map_err(|e| anyhow!("{source}, {e}"))?;
    scenario.trials = args.trials.unwrap_or(scenario.trials);
    scenario.seed = args.seed.unwrap_or(scenario.seed);
    let bar = progress_bar(
        args,
        if run::deterministic(&scenario) {
            1
        } else {
            scenario.trials
        },
    );
    let tally = run::play_on(&scenario, args.threads as usize, &|n| bar.inc(n))
        .map_err(|e| anyhow!("{e}"))?;
    bar.finish_and_clear();
    let r = report::report(&scenario, &tally);
    if let Some(dir) = &args.report {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let page = dir.join("report.html");
        std::fs::write(&page, report::html(&r))
            .with_context(|| format!("cannot write {}", page.display()))?;
        if !args.json {
            output::warn(&format!("report written to {}", page.display()).replace("warning: ", ""));
        }
    }
    if args.json {
        output::json(&r)
    } else {
        Ok(report::text(&r))
    }
}

fn scenario_text(args: &BattleArgs) -> Result<(String, String)> {
    if let Some(path) = &args.file {
        let text = output::read_text(path, MAX_FILE_BYTES, "a scenario")?;
        return Ok((path.display().to_string(), text));
    }
    let name = args
        .example
        .as_deref()
        .unwrap_or(examples::EXAMPLES[0].name);
    let e = examples::find(name).ok_or_else(|| {
        anyhow!("no bundled scenario is named `{name}`; `fray battle --list-examples` lists them")
    })?;
    Ok((
        format!("built-in scenario `{}`", e.name),
        e.text.to_string(),
    ))
}

/// A bar on standard error, only for a terminal and more than a moment of work.
fn progress_bar(args: &BattleArgs, trials: u64) -> ProgressBar {
    if args.quiet || args.json || trials < 50_000 || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(trials);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} battles, {per_sec}, {eta} left")
    {
        bar.set_style(style);
    }
    bar
}

fn list(as_json: bool) -> Result<String> {
    if as_json {
        let list: Vec<_> = examples::EXAMPLES
            .iter()
            .map(|e| json!({"name": e.name, "about": e.about}))
            .collect();
        return output::json(&list);
    }
    let mut s = String::from(
        "bundled scenarios (`fray battle --example NAME`; the first plays by default):\n",
    );
    for e in examples::EXAMPLES {
        s += &format!("  {:<10} {}\n", e.name, e.about);
    }
    Ok(s)
}
