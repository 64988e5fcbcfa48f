//! The `fray` command: a thin layer over the fray library. It parses arguments, reads
//! files, prints, and maps errors to exit codes; every rule lives in the library.

mod battle;
mod choice;
mod damage;
mod design;
mod encounter;
mod evasion;
mod generic;
mod minions;
mod output;
mod playground;
mod pool;
mod progress;
mod roster;
mod serve;
mod sweep;
mod table;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// A combat-rules engine and balance lab.
///
/// fray resolves and explains single attacks, computes exact odds, and plays whole
/// battles many times, under five rule systems: damage, evasion, pool, minions and
/// conditions (docs/rules/ describes each).
#[derive(Debug, Parser)]
#[command(name = "fray", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Refuse instead of warning: any warning (a probable typo, such as a damage type
    /// that is no known one) stops the command with exit code 2.
    #[arg(long, global = true)]
    strict: bool,
    /// Print the answer as JSON instead of text: what every front end answers, its
    /// schema given by `fray schema COMMAND`.
    #[arg(long, global = true)]
    json: bool,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The battle lab: play whole battles under any rule system, many times on every
    /// core (reproducibly) or exactly where possible, and report who wins how often.
    /// With no file, plays a built-in scenario.
    Battle(Box<battle::BattleArgs>),
    /// Balance sweeps: play a battle scenario at many values of one or two of its
    /// numbers (--vary PATH=RANGE), as a table, JSON, CSV or an HTML report with curves
    /// and heat maps, or search for the value that balances it (--find); or sweep the
    /// exact odds of a single roll (--odds evasion|pool|damage).
    Sweep(Box<sweep::SweepArgs>),
    /// The numbers a sweep may vary: a scenario's numeric fields by the paths --vary and
    /// --find take (a unit's count first, then hit points), or an odds system's inputs,
    /// each with a range to start from.
    SweepPaths(sweep::PathsArgs),
    /// Price a roster: each unit's fair cost so that equal-cost armies fight even (pool
    /// or minions), with the matchups at the starting and the fair costs, dominated
    /// units and counter cycles. With no file, prices a built-in roster.
    Roster(Box<roster::RosterArgs>),
    /// Resolve damage against a defender's resistances, vulnerabilities and immunities,
    /// explaining every rule applied. With no amount, plays a built-in example.
    Damage(Box<damage::DamageArgs>),
    /// List the damage types, the selectors traits may use, and what a "choose a damage
    /// type" effect may pick.
    Types(damage::TypesArgs),
    /// Play a minions battle from a TOML file, round by round: every attack, hit or
    /// miss and why, armor soaked, deaths and experience.
    Minions(minions::MinionsArgs),
    /// The exact odds of a pool check: TN/D with bonus and penalty dice, degrees of
    /// success and the exploding die.
    Check(pool::CheckArgs),
    /// Two sides of pool checks: each side's total hits, exactly, and who deals more.
    Sides(pool::SidesArgs),
    /// Play a pool mass battle from a TOML file with a seed, round by round.
    MassBattle(pool::MassBattleArgs),
    /// Exact hit chance of the evasion system, from total bonuses or from attacker and
    /// defender profiles (printing both breakdowns).
    Tohit(Box<evasion::ToHitArgs>),
    /// The exact damage of one attack under the evasion system: its distribution, mean
    /// and high-damage effect chances.
    EvasionDamage(evasion::DamageArgs),
    /// A table of hit chances across attacker levels (or skills) and defender EVs.
    EvasionTable(evasion::TableArgs),
    /// A defender's appraisal for the status bar: EV, expected DR, a reference hit chance.
    Appraise(evasion::AppraiseArgs),
    /// Each redesign beside the rules it replaces (NetHack 3.6, D&D 4E): one exact
    /// figure per goal its text states, as text, JSON or an HTML report.
    DesignCheck(design::DesignArgs),
    /// Play an encounter script of the conditions system: conditions, turns, attacks,
    /// queries and expectations, with every rule applied logged.
    Encounter(encounter::EncounterArgs),
    /// The web playground: a page and a JSON API on 127.0.0.1:7878 (docs/api.md); the
    /// page computes in the browser when fray's WebAssembly build is found.
    Serve(serve::ServeArgs),
    /// Write the web playground as static files: a folder any static host serves, and a
    /// single fray.html that opens from disk with no server and no network.
    Playground(playground::PlaygroundArgs),
    /// Print the JSON Schema of every command's request and answer, by command name
    /// (`{"request": ..., "answer": ...}`, an answer without one yet `null`), or of
    /// one command's: what `GET /api/schema` serves (docs/api.md).
    Schema {
        /// Only this command's schemas.
        #[arg(value_name = "COMMAND")]
        command: Option<String>,
    },
    /// Print a shell completion script: e.g. `fray completions bash > ~/.local/share/bash-completion/completions/fray`.
    Completions {
        /// The shell to complete in.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print fray's manual page (roff), or one subcommand's: e.g. `fray man > fray.1 &&
    /// man ./fray.1`, `fray man battle > fray-battle.1`.
    Man {
        /// The subcommand whose page to print (its page is the one `fray(1)` refers to
        /// as fray-COMMAND(1)).
        command: Option<String>,
    },
}

/// The whole command line: the subcommands written here, and one built from the
/// command table for each command that has none of its own (see [`generic`]).
fn cli() -> clap::Command {
    let mut cli = Cli::command();
    for entry in fray_commands::entries() {
        if cli.find_subcommand(entry.name).is_none() {
            cli = cli.subcommand(generic::subcommand(&entry));
        }
    }
    cli
}

/// A completion script for `shell`, generated from the same definitions that parse the
/// arguments, so it never lags behind a new flag.
fn completions(shell: clap_complete::Shell) -> anyhow::Result<String> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cli(), "fray", &mut out);
    Ok(String::from_utf8(out)?)
}

/// `fray schema [COMMAND]`: the command table's JSON Schemas, all or one command's.
fn schema(command: Option<&str>) -> anyhow::Result<String> {
    let schema = match command {
        None => fray_commands::table::schemas(),
        Some(name) => fray_commands::table::schema(name).ok_or_else(|| {
            anyhow::anyhow!(
                "no command `{name}`; the commands are {}",
                fray_commands::names().join(", ")
            )
        })?,
    };
    output::json(&schema)
}

/// The manual page, generated from the argument definitions like `--help`.
fn man(command: Option<&str>) -> anyhow::Result<String> {
    let mut out = Vec::new();
    let mut cli = cli();
    // Built, so that it holds the pages fray(1) lists (`help` among them).
    cli.build();
    let page = match command {
        None => cli,
        Some(name) => {
            let Some(sub) = cli.find_subcommand(name) else {
                let names: Vec<&str> = cli.get_subcommands().map(clap::Command::get_name).collect();
                anyhow::bail!(
                    "no subcommand `{}`: its page would be one of {}",
                    fray::text::escape_controls(name),
                    names.join(", ")
                );
            };
            // Named as fray(1)'s SEE ALSO names it.
            sub.clone()
                .display_name(format!("fray-{}", sub.get_name()))
                .bin_name(format!("fray {}", sub.get_name()))
                .version(env!("CARGO_PKG_VERSION"))
        }
    };
    clap_mangen::Man::new(page).render(&mut out)?;
    Ok(String::from_utf8(out)?)
}

/// A manual page shown as a page when standard output is a terminal: roff's source is
/// for `man` and for files, not for reading. `man -l -` renders it (with the user's
/// pager); where there is no `man`, the source is printed, and said so.
fn shown_on_a_terminal(roff: String) -> anyhow::Result<String> {
    use std::io::{IsTerminal, Write};
    if !std::io::stdout().is_terminal() {
        return Ok(roff);
    }
    let child = std::process::Command::new("man")
        .args(["-l", "-"])
        .stdin(std::process::Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        output::note(
            "`man` is not installed: the page's roff source follows (man -l FILE shows it)",
        );
        return Ok(roff);
    };
    if let Some(mut stdin) = child.stdin.take() {
        // A pager quit early closes its end: nothing more to show, not an error.
        let _ = stdin.write_all(roff.as_bytes());
    }
    child.wait()?;
    Ok(String::new())
}

fn main() -> ExitCode {
    // Built once: a command line of many subcommands is not free to build.
    let mut command = cli();
    let matches = command.get_matches_mut();
    if let Some(sub) = matches
        .subcommand_name()
        .and_then(|name| command.find_subcommand(name))
    {
        table::set_subcommand(sub.clone());
    }
    table::set_strict(matches.get_flag("strict"));
    table::set_json(matches.get_flag("json"));
    // Only a command's answer has a JSON form; these print something else.
    if let Some(name) = matches.subcommand_name()
        && matches.get_flag("json")
        && ["serve", "playground", "completions", "man"].contains(&name)
    {
        return finish(Err(anyhow::anyhow!(
            "--json: `fray {name}` prints no answer of a command, so it has no JSON form"
        )));
    }
    // A subcommand built from the table (none written here) runs through the table.
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => match matches.subcommand() {
            Some((name, sub)) if fray_commands::table::find(name).is_some() => {
                return finish(generic::run(name, sub));
            }
            _ => e.exit(),
        },
    };
    let result = match cli.command {
        Command::Battle(args) => battle::run(&args),
        Command::Sweep(args) => sweep::run(&args),
        Command::SweepPaths(args) => sweep::paths(&args),
        Command::Roster(args) => roster::run(&args),
        Command::Damage(args) => damage::run(&args),
        Command::Types(args) => damage::types(&args),
        Command::Minions(args) => minions::run(&args),
        Command::Check(args) => pool::check(&args),
        Command::Sides(args) => pool::sides(&args),
        Command::MassBattle(args) => pool::mass_battle(&args),
        Command::Tohit(args) => evasion::tohit(&args),
        Command::EvasionDamage(args) => evasion::damage(&args),
        Command::EvasionTable(args) => evasion::table(&args),
        Command::Appraise(args) => evasion::appraisal(&args),
        Command::Encounter(args) => encounter::run(&args),
        Command::DesignCheck(args) => design::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Playground(args) => playground::run(&args),
        Command::Schema { command } => schema(command.as_deref()),
        Command::Completions { shell } => completions(shell),
        Command::Man { command } => man(command.as_deref()).and_then(shown_on_a_terminal),
    };
    finish(result)
}

/// Prints what a command gave and says how it ended: 0, 130 for an interrupted battle
/// (it printed what it had), 2 for an error.
fn finish(result: anyhow::Result<String>) -> ExitCode {
    match result.and_then(|text| output::print(&text)) {
        // An interrupted battle printed what it had; the exit code says it stopped early.
        Ok(()) if battle::interrupted() => ExitCode::from(130),
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            output::error(&format!("{e:#}"));
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_of_the_table_is_a_subcommand() {
        let mut cli = cli();
        // Built, so that each subcommand holds the global flags (`--json`, `--strict`).
        cli.build();
        for entry in fray_commands::entries() {
            let sub = cli
                .find_subcommand(entry.name)
                .unwrap_or_else(|| panic!("`fray {}` is missing", entry.name));
            assert!(
                sub.get_arguments().any(|a| a.get_id() == "json"),
                "`fray {}` has no --json",
                entry.name
            );
        }
    }

    /// The request's fields, and those of the objects it holds (the evasion `model`),
    /// each with its schema.
    fn request_fields(name: &str) -> Vec<(String, serde_json::Value)> {
        let schema = fray_commands::table::schema(name).expect("a command of the table");
        let request = &schema["request"];
        let resolve = |v: &serde_json::Value| match v["$ref"].as_str() {
            Some(r) => request["$defs"][r.trim_start_matches("#/$defs/")].clone(),
            None => v.clone(),
        };
        let mut fields = Vec::new();
        let top = request["properties"]
            .as_object()
            .cloned()
            .unwrap_or_default();
        for (field, property) in top {
            let inner = resolve(&property);
            if let Some(nested) = inner["properties"].as_object() {
                fields.extend(nested.iter().map(|(k, v)| (k.clone(), v.clone())));
            }
            fields.push((field, property));
        }
        fields
    }

    /// A schema's default as the command line writes it.
    fn as_written(default: &serde_json::Value) -> String {
        match default {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        }
    }

    #[test]
    fn every_default_in_help_is_the_requests_own() {
        let cli = cli();
        let mut differ = Vec::new();
        let mut compared = 0;
        for entry in fray_commands::entries() {
            let sub = cli.find_subcommand(entry.name).expect("a subcommand");
            let fields = request_fields(entry.name);
            for arg in sub.get_arguments() {
                let Some(long) = arg.get_long() else { continue };
                let field = long.replace('-', "_");
                let shown: Vec<String> = arg
                    .get_default_values()
                    .iter()
                    .map(|v| v.to_string_lossy().into_owned())
                    .collect();
                let Some((_, schema)) = fields.iter().find(|(f, _)| *f == field) else {
                    continue;
                };
                let Some(default) = schema.get("default") else {
                    continue;
                };
                if shown.is_empty() {
                    continue;
                }
                compared += 1;
                let same = match default {
                    // A pair is written FROM..TO on the command line (`--levels 0..30`).
                    serde_json::Value::Array(pair) if pair.len() == 2 && shown.len() == 1 => {
                        shown[0] == format!("{}..{}", pair[0], pair[1])
                    }
                    serde_json::Value::Number(n) => {
                        shown[0].parse::<f64>().ok() == n.as_f64() && shown.len() == 1
                    }
                    serde_json::Value::Array(items) => {
                        shown == items.iter().map(as_written).collect::<Vec<_>>()
                    }
                    other => shown == [as_written(other)],
                };
                if !same {
                    differ.push(format!(
                        "fray {} --{long}: help says {shown:?}, the request {default}",
                        entry.name
                    ));
                }
            }
        }
        assert!(compared > 10, "only {compared} defaults compared");
        assert!(differ.is_empty(), "{}", differ.join("\n"));
    }
}
