//! The `fray` command: a thin layer over the fray library. It parses arguments, reads
//! files, prints, and maps errors to exit codes; every rule lives in the library.

mod battle;
mod damage;
mod encounter;
mod evasion;
mod minions;
mod output;
mod pool;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// fray: a combat-rules engine and balance lab. Resolve and explain single attacks,
/// compute exact odds, and play whole battles under five rule systems (damage, evasion,
/// pool, minions, conditions).
#[derive(Debug, Parser)]
#[command(name = "fray", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The battle lab: play whole battles under any rule system, many times on every
    /// core (reproducibly) or exactly where possible, and report who wins how often.
    /// With no file, plays a built-in scenario.
    Battle(Box<battle::BattleArgs>),
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
    /// Play an encounter script of the conditions system: conditions, turns, attacks,
    /// queries and expectations, with every rule applied logged.
    Encounter(encounter::EncounterArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Battle(args) => battle::run(&args),
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
    };
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
