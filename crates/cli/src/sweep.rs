//! `fray sweep FILE --vary PATH=RANGE`: a battle scenario played at many values of its
//! numbers, through `fray_lab::sweep`; a progress bar over the points, Ctrl-C keeping
//! the points that finished. `fray sweep --odds SYSTEM --vary INPUT=RANGE`: the exact
//! odds of a single roll at many values of its inputs (`fray_lab::sweep::odds`).
//! `fray sweep-paths`: what those may vary.

use std::io::Write as _;
use std::path::PathBuf;

use anyhow::{Context, Result, anyhow};
use clap::Args;
use fray_commands::Command;
use fray_commands::lab::{Sweep, SweepPaths};
use fray_commands::limits;
use fray_lab::sweep::odds::OddsSystem;
use fray_lab::sweep::paths::PathsRequest;
use fray_lab::sweep::request::{FindRequest, SweepAnswer, SweepRequest};
use fray_lab::sweep::{self, AxisSpec, Values};

use crate::battle::{INTERRUPTED, catch_ctrl_c, open_report};
use crate::progress::{self, Progress};
use crate::{output, table};

#[derive(Debug, Args)]
pub struct SweepArgs {
    /// The scenario, a TOML file (see examples/battles/); its `[sweep]` table, if any,
    /// gives the axes and the search the flags do not.
    #[arg(required_unless_present = "odds")]
    file: Option<PathBuf>,
    /// Sweep the exact odds of a single roll instead of battles: evasion (the chance to
    /// hit, inputs attacker.level and defender.ev, as `fray evasion-table`) or pool (a
    /// check's P(success) and mean degree, inputs tn, d, bonus, penalty, steps, as
    /// `fray check`) or damage (damage after the defender's traits, the mean for dice,
    /// inputs amount and attacker_level, as `fray damage`). Vary inputs with --vary,
    /// fix them and the command's other fields with --set.
    #[arg(long, value_name = "SYSTEM", value_parser = ["evasion", "pool", "damage"],
          conflicts_with_all = ["file", "find", "trials", "seed", "precision"])]
    odds: Option<String>,
    /// With --odds, a fixed input: an input's value (defender.ev=3) or a field of the
    /// command's request (model.sigma=4, ladder=6:8,10, rung=4/6), dots for nested
    /// fields, a list as JSON (types=["fire"]). Defaults: attacker.level=1,
    /// defender.ev=0 (evasion); rung 3/6 (pool); amount=10 (damage; vs="Resist 5 Fire"
    /// for the defender, amount=2d6 for dice).
    #[arg(long, value_name = "PATH=VALUE", requires = "odds")]
    set: Vec<String>,
    /// A field to vary and its values: PATH=FROM..TO (both ends included),
    /// PATH=FROM..TO:STEP or PATH=A,B,C. PATH is the field's TOML path, array entries
    /// by index or name (pool.a.combatants.Pikeman.count). Once for a curve, twice for
    /// a grid; replaces the file's `[sweep]` axes. With --odds, PATH is an input's name.
    #[arg(long, value_name = "PATH=RANGE")]
    vary: Vec<String>,
    /// Search for the value of PATH at which a side's win probability reaches
    /// --target, between the ends of RANGE (or of the --vary values of PATH). Without
    /// either, outward from the file's own value: steps of an eighth of it (at least
    /// 1), doubling up to 12 times each way within the values the scenario accepts,
    /// then bisection. On a whole-number field the two whole values around the
    /// crossing are given with their win probabilities.
    #[arg(long, value_name = "PATH[=RANGE]")]
    find: Option<String>,
    /// The win probability --find looks for.
    #[arg(long, default_value_t = 0.5, requires = "find")]
    target: f64,
    /// The side whose win probability --find means: a or b.
    #[arg(long, default_value = "a", requires = "find", value_parser = ["a", "b"])]
    side: String,
    /// Trials of every point (default: the scenario's).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    trials: Option<u64>,
    /// Play every point until each win probability's 95% half-width is at most this, as
    /// `fray battle --precision` does (then --trials is each point's cap, default
    /// 10,000,000); in place of the file's `[sweep] precision`.
    #[arg(long, value_name = "HALF_WIDTH")]
    precision: Option<f64>,
    /// The sweep's seed; each point's seed is derived from it and the point's values.
    #[arg(long)]
    seed: Option<u64>,
    /// Threads to use (0: every core).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=1024))]
    threads: u64,
    /// Write an HTML report (report.html) and its SVG charts into this directory.
    #[arg(long, value_name = "DIR")]
    report: Option<PathBuf>,
    /// Print CSV: one row a point.
    #[arg(long, conflicts_with = "json")]
    csv: bool,
    /// No progress bar and no progress lines.
    #[arg(long)]
    quiet: bool,
    /// Seconds between progress lines on standard error when it is not a terminal.
    #[arg(long, value_name = "SECONDS", default_value_t = 5, value_parser = clap::value_parser!(u64).range(0..=3600))]
    progress_every: u64,
}

/// The flags as the sweep's request; the scenario file is read here (the library does
/// no I/O), and `--vary` and `--find` become axes and a search that name their flags.
impl TryFrom<&SweepArgs> for SweepRequest {
    type Error = anyhow::Error;

    fn try_from(args: &SweepArgs) -> Result<SweepRequest> {
        let scenario = match &args.file {
            Some(file) => Some((
                output::read_text(file, limits::SCENARIO)?,
                file.display().to_string(),
            )),
            None => None,
        };
        let source = scenario.as_ref().map(|(_, s)| s.as_str()).unwrap_or("");
        let vary = args
            .vary
            .iter()
            .map(|f| AxisSpec::from_text(f, format!("--vary {}", fray::text::escape_controls(f))))
            .collect::<Result<_, _>>()
            .map_err(|e| match &args.odds {
                Some(_) => anyhow!("{e}"),
                None => anyhow!("{source}, {e}"),
            })?;
        let find = args.find.as_ref().map(|flag| {
            let (path, values) = match flag.split_once('=') {
                Some((p, r)) => (p.trim(), Some(Values::Range(r.trim().into()))),
                None => (flag.trim(), None),
            };
            FindRequest {
                path: path.to_string(),
                values,
                target: args.target,
                side: Some(args.side.clone()),
                origin: Some(format!("--find {}", fray::text::escape_controls(flag))),
            }
        });
        let odds = match args.odds.as_deref() {
            Some(system) => Some(
                OddsSystem::named(system)
                    .ok_or_else(|| anyhow!("--odds {system}: expected evasion, pool or damage"))?,
            ),
            None => None,
        };
        let (scenario, scenario_source) = scenario.unzip();
        Ok(SweepRequest {
            scenario,
            scenario_source,
            example: None,
            vary,
            find,
            trials: args.trials,
            seed: args.seed,
            precision: args.precision,
            threads: args.threads,
            odds,
            set: args.set.clone(),
        })
    }
}

pub fn run(args: &SweepArgs) -> Result<String> {
    let prepared = table::prepare::<Sweep>(SweepRequest::try_from(args)?)?;
    // A directory that cannot be written is refused before any point is played.
    if let Some(dir) = &args.report {
        drop(open_report(dir)?);
    }
    let progress = progress(args, prepared.cost.planned);
    catch_ctrl_c();
    let cx = fray_commands::Context {
        cancel: &INTERRUPTED,
        progress: &|done| progress.at(done, &INTERRUPTED),
    };
    let answer = Sweep::perform(&prepared.valid, &cx).map_err(table::refused)?;
    progress.finish();
    match &answer {
        SweepAnswer::Battles(out) => {
            if !out.complete {
                output::warn(&format!(
                    "interrupted: {} of {} points finished; the results below are incomplete",
                    out.points.len(),
                    out.planned_points
                ));
            }
            let text = shown(
                args,
                out.as_ref(),
                [sweep::report::html, sweep::output::csv, sweep::output::text],
                sweep::report::charts,
            )?;
            // No balance point in the range: the points played are printed all the same,
            // and the command fails with the reason.
            if let Some(why) = &out.find_failed {
                output::print(&text)?;
                return Err(anyhow!("{why}"));
            }
            Ok(text)
        }
        SweepAnswer::Odds(out) => shown(
            args,
            out,
            [
                sweep::report::odds_html,
                sweep::output::odds_csv,
                sweep::output::odds_text,
            ],
            sweep::report::odds_charts,
        ),
    }
}

/// The outcome as asked: the report written (`[html, _, _]` and `charts`), then JSON,
/// CSV (`[_, csv, _]`) or the table (`[_, _, text]`).
fn shown<T: serde::Serialize>(
    args: &SweepArgs,
    out: &T,
    [html, csv, text]: [fn(&T) -> String; 3],
    charts: fn(&T) -> Vec<(String, String)>,
) -> Result<String> {
    if let Some(dir) = &args.report {
        write_report(args, dir, &html(out), charts(out))?;
    }
    if table::as_json() {
        output::json(out)
    } else if args.csv {
        Ok(csv(out))
    } else {
        Ok(text(out))
    }
}

/// Writes report.html and each chart's SVG into `dir`, noting where unless the output
/// is JSON or CSV.
fn write_report(
    args: &SweepArgs,
    dir: &std::path::Path,
    html: &str,
    charts: Vec<(String, String)>,
) -> Result<()> {
    let (page, mut file) = open_report(dir)?;
    file.write_all(html.as_bytes())
        .with_context(|| format!("cannot write {}", page.display()))?;
    let dir = page.parent().unwrap_or(std::path::Path::new("."));
    for (name, svg) in charts {
        let path = dir.join(format!("{name}.svg"));
        std::fs::write(&path, svg).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if !table::as_json() && !args.csv {
        output::note(&format!("report written to {}", page.display()));
    }
    Ok(())
}

/// How `fray sweep` shows progress over its points.
fn progress(args: &SweepArgs, planned: u64) -> Progress {
    Progress::new(
        &progress::Settings {
            command: "fray sweep",
            unit: "points",
            quiet: args.quiet,
            machine: table::as_json() || args.csv,
            every: args.progress_every,
            bar_from: 0,
            bar: "{bar:40} {pos}/{len} points, {eta} left",
            cap: false,
        },
        planned,
    )
}

#[derive(Debug, Args)]
pub struct PathsArgs {
    /// The scenario, a TOML file (see examples/battles/). Without one (and without
    /// --example or --odds), the first bundled scenario.
    file: Option<PathBuf>,
    /// A bundled scenario by name (see `fray battle --list-examples`).
    #[arg(long, conflicts_with = "file")]
    example: Option<String>,
    /// The inputs of an odds sweep (`fray sweep --odds SYSTEM`) instead of a scenario's
    /// fields.
    #[arg(long, value_name = "SYSTEM", value_parser = ["evasion", "pool", "damage"],
          conflicts_with_all = ["file", "example"])]
    odds: Option<String>,
}

/// `fray sweep-paths`: what `--vary` and `--find` may name, the most likely first, each
/// with a range to start from.
pub fn paths(args: &PathsArgs) -> Result<String> {
    let scenario = match &args.file {
        Some(file) => Some((
            output::read_text(file, limits::SCENARIO)?,
            file.display().to_string(),
        )),
        None => None,
    };
    let (scenario, scenario_source) = scenario.unzip();
    let odds = match args.odds.as_deref() {
        Some(system) => Some(
            OddsSystem::named(system)
                .ok_or_else(|| anyhow!("--odds {system}: expected evasion, pool or damage"))?,
        ),
        None => None,
    };
    let request = PathsRequest {
        scenario,
        scenario_source,
        example: args.example.clone(),
        odds,
    };
    let listing = table::run::<SweepPaths>(request)?.answer;
    if table::as_json() {
        return table::json::<SweepPaths>(&listing);
    }
    let width = listing
        .paths
        .iter()
        .map(|p| p.path.chars().count())
        .max()
        .unwrap_or(0)
        .max("path".len());
    let mut s = format!("{:<width$}  {:<8}  range to start from\n", "path", "value");
    for p in &listing.paths {
        let value = p.value.map_or_else(|| "-".to_string(), |v| v.to_string());
        let line = format!("{:<width$}  {value:<8}  {}", p.path, p.range);
        s += &fray::text::escape_controls(line.trim_end());
        s.push('\n');
    }
    if listing.unlisted > 0 {
        s += &format!("... and {} more numeric fields\n", listing.unlisted);
    }
    Ok(s)
}
