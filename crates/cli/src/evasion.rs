//! `fray tohit`, `fray evasion-damage`, `fray evasion-table`, `fray appraise`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::Args;
use fray::evasion::request::{
    AppraiseRequest, EvasionDamageRequest, ModelRequest, RowsBy, TableRequest, ToHitRequest,
};
use fray::evasion::{DamageKind, Rounding};
use fray_commands::evasion::{Appraise, EvasionDamage, EvasionTable, ToHit};
use fray_commands::limits::{self, TextFile};

use crate::{choice, output, table};

/// The to-hit model and readings, shared by every evasion command.
#[derive(Debug, Args)]
pub struct ModelArgs {
    /// The normal model's standard deviation, above 0 (without it or --uniform-sum:
    /// the normal model with σ = 5).
    #[arg(long, conflicts_with = "uniform_sum", allow_negative_numbers = true)]
    sigma: Option<f64>,
    /// The integer model instead: K uniform integers in −R..=R, e.g. 4,17.
    #[arg(long, value_name = "K,R", value_parser = uniform_sum)]
    uniform_sum: Option<[u32; 2]>,
    /// Count a monster's level / 4 as a fraction instead of rounding it down.
    #[arg(long)]
    fractional_level: bool,
    /// Ammo fired from the wrong kind of launcher (launcher = "wrong") still gets the
    /// launcher's enchantment and artifact bonus, beside its −6.
    #[arg(long)]
    wrong_launcher_counts: bool,
}

impl ModelArgs {
    fn request(&self) -> ModelRequest {
        ModelRequest {
            sigma: self.sigma,
            uniform_sum: self.uniform_sum,
            fractional_level: self.fractional_level,
            wrong_launcher_counts: self.wrong_launcher_counts,
        }
    }
}

#[derive(Debug, Args)]
pub struct ToHitArgs {
    /// The attacker's total bonus.
    #[arg(long, allow_negative_numbers = true, conflicts_with_all = ["attacker", "defender"])]
    attacker_bonus: Option<f64>,
    /// The defender's total bonus.
    #[arg(long, allow_negative_numbers = true)]
    defender_bonus: Option<f64>,
    /// The attacker's Luck (adds ±1d(|Luck|/2)).
    #[arg(long, allow_negative_numbers = true, default_value_t = ToHitRequest::default().attacker_luck)]
    attacker_luck: i32,
    /// The defender's Luck.
    #[arg(long, allow_negative_numbers = true, default_value_t = ToHitRequest::default().defender_luck)]
    defender_luck: i32,
    /// An attacker profile (TOML) instead of a bonus.
    #[arg(long, value_name = "FILE", requires = "defender")]
    attacker: Option<PathBuf>,
    /// A defender profile (TOML).
    #[arg(long, value_name = "FILE", requires = "attacker")]
    defender: Option<PathBuf>,
    #[command(flatten)]
    model: ModelArgs,
}

/// Two whole numbers written `A{sep}B` on the command line, as the request's pair `[A, B]`;
/// refused with `expected` (the form and an example) when they are not.
fn pair<T: std::str::FromStr>(text: &str, sep: &str, expected: &str) -> Result<[T; 2], String> {
    let bad = || format!("`{text}`: expected {expected}");
    let (a, b) = text.split_once(sep).ok_or_else(bad)?;
    Ok([
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    ])
}

/// `K,R` as the request's pair `[K, R]`.
fn uniform_sum(text: &str) -> Result<[u32; 2], String> {
    pair(text, ",", "whole numbers K,R such as 4,17")
}

/// `FROM..TO` as the request's pair `[FROM, TO]`.
fn span(text: &str) -> Result<[i64; 2], String> {
    pair(text, "..", "FROM..TO, whole numbers such as 0..30")
}

/// A pair as the command line writes it, `FROM..TO` (a default in `--help`).
fn span_text([from, to]: [i64; 2]) -> String {
    format!("{from}..{to}")
}

/// A profile file's text and its name for messages (the library does no I/O).
fn profile(path: &Path, limit: TextFile) -> Result<(String, Option<String>)> {
    Ok((
        output::read_text(path, limit)?,
        Some(path.display().to_string()),
    ))
}

pub fn tohit(args: &ToHitArgs) -> Result<String> {
    let mut request = ToHitRequest {
        attacker_bonus: args.attacker_bonus,
        defender_bonus: args.defender_bonus,
        attacker_luck: args.attacker_luck,
        defender_luck: args.defender_luck,
        model: args.model.request(),
        ..ToHitRequest::default()
    };
    if let (Some(a), Some(d)) = (&args.attacker, &args.defender) {
        (request.attacker, request.attacker_source) = unzip(profile(a, limits::ATTACKER)?);
        (request.defender, request.defender_source) = unzip(profile(d, limits::DEFENDER)?);
    }
    let answer = table::run::<ToHit>(request)?.answer;
    if table::as_json() {
        return table::json::<ToHit>(&answer);
    }
    Ok(answer.to_string())
}

/// A profile's text as the request's pair of fields.
fn unzip((text, source): (String, Option<String>)) -> (Option<String>, Option<String>) {
    (Some(text), source)
}

#[derive(Debug, Args)]
pub struct DamageArgs {
    /// The attacker profile (TOML).
    #[arg(long, value_name = "FILE")]
    attacker: PathBuf,
    /// The defender profile (TOML).
    #[arg(long, value_name = "FILE")]
    defender: PathBuf,
    /// The damage dice of one hit, e.g. d8+2.
    #[arg(long, value_name = "DICE")]
    damage: String,
    /// The kind of damage: only physical damage is reduced by DR.
    #[arg(long, value_parser = choice::of::<DamageKind>(),
          default_value = choice::name(&EvasionDamageRequest::default().kind))]
    kind: DamageKind,
    /// How damage × 0.9^DR (and the high-damage cuts) become whole numbers.
    #[arg(long, value_parser = choice::of::<Rounding>(),
          default_value = choice::name(&EvasionDamageRequest::default().rounding))]
    rounding: Rounding,
    #[command(flatten)]
    model: ModelArgs,
}

pub fn damage(args: &DamageArgs) -> Result<String> {
    let ((attacker, attacker_source), (defender, defender_source)) = (
        profile(&args.attacker, limits::ATTACKER)?,
        profile(&args.defender, limits::DEFENDER)?,
    );
    let request = EvasionDamageRequest {
        attacker,
        defender,
        attacker_source,
        defender_source,
        damage: args.damage.clone(),
        kind: args.kind,
        rounding: args.rounding,
        model: args.model.request(),
    };
    let ran = table::run::<EvasionDamage>(request)?;
    let (valid, odds) = (&ran.valid, &ran.answer);
    if table::as_json() {
        return table::json::<EvasionDamage>(odds);
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} {} damage, {}: P(hit) = {:.4}%",
        valid.dice,
        valid.kind,
        valid.options.model,
        odds.p_hit * 100.0
    );
    if let Some(c) = odds.caught {
        let _ = writeln!(
            s,
            "the throw is caught ({c}): taken, so every attack deals 0; were it to hit:"
        );
    }
    let _ = writeln!(
        s,
        "mean damage per hit {:.4}, per attack {:.4}",
        odds.mean_per_hit, odds.mean_per_attack
    );
    let peak = odds.per_hit.iter().map(|m| m.p).fold(0.0, f64::max);
    for m in odds.per_hit.iter().filter(|m| m.p >= 1e-5) {
        let _ = writeln!(
            s,
            "  {:>5}  {:>8.4}%  {}",
            m.damage,
            m.p * 100.0,
            output::bar(m.p, peak, 40)
        );
    }
    let _ = writeln!(
        s,
        "high-damage effects (a hit over half of the defender's {} hp):",
        odds.defender_hp
    );
    if odds.high_damage_effects.is_empty() {
        let _ = writeln!(s, "  none possible");
    }
    for e in &odds.high_damage_effects {
        let _ = writeln!(
            s,
            "  {}: {:.4}% of hits, {:.4}% of attacks",
            e.effect,
            e.p_per_hit * 100.0,
            e.p_per_attack * 100.0
        );
    }
    Ok(s)
}

#[derive(Debug, Args)]
pub struct TableArgs {
    /// Rows: monster level, or player skill.
    #[arg(long, value_parser = choice::of::<RowsBy>(),
          default_value = choice::name(&TableRequest::default().by))]
    by: RowsBy,
    /// Monster levels, FROM..TO (FROM not above TO).
    #[arg(long, value_parser = span, default_value = span_text(TableRequest::default().levels))]
    levels: [i64; 2],
    /// The step between levels.
    #[arg(long, default_value_t = TableRequest::default().step)]
    step: u32,
    /// Defender evasiveness values, FROM..TO (whole numbers, FROM not above TO).
    #[arg(long, value_parser = span, default_value = span_text(TableRequest::default().evs), allow_hyphen_values = true)]
    evs: [i64; 2],
    #[command(flatten)]
    model: ModelArgs,
}

pub fn table(args: &TableArgs) -> Result<String> {
    let request = TableRequest {
        by: args.by,
        levels: args.levels,
        step: args.step,
        evs: args.evs,
        model: args.model.request(),
    };
    let table = table::run::<EvasionTable>(request)?.answer;
    if table::as_json() {
        return table::json::<EvasionTable>(&table);
    }
    // Rows every `step` levels: said, so that a reader does not take level 3 for the
    // next after level 0.
    let rows = match args.by {
        RowsBy::Level => format!("rows: attacker level, every {}; ", args.step),
        RowsBy::Skill => "rows: attacker skill; ".to_string(),
    };
    let mut s = format!(
        "P(hit) in %, {}; {rows}columns: defender EV (medium size, no armor)\n",
        table.model
    );
    let _ = write!(s, "{:>12}", "");
    for ev in &table.defender_ev {
        let _ = write!(s, "{ev:>6}");
    }
    s.push('\n');
    for row in &table.rows {
        let _ = write!(s, "{:>12}", row.attacker);
        for p in &row.p_hit {
            let _ = write!(s, "{:>6.1}", p * 100.0);
        }
        s.push('\n');
    }
    Ok(s)
}

#[derive(Debug, Args)]
pub struct AppraiseArgs {
    /// The defender profile (TOML).
    #[arg(long, value_name = "FILE")]
    defender: PathBuf,
    /// The total bonus of the reference attacker.
    #[arg(long, default_value_t = AppraiseRequest::default().reference_bonus, allow_negative_numbers = true)]
    reference_bonus: f64,
    #[command(flatten)]
    model: ModelArgs,
}

pub fn appraisal(args: &AppraiseArgs) -> Result<String> {
    let (defender, defender_source) = profile(&args.defender, limits::DEFENDER)?;
    let request = AppraiseRequest {
        defender,
        defender_source,
        reference_bonus: args.reference_bonus,
        model: args.model.request(),
    };
    let a = table::run::<Appraise>(request)?.answer;
    if table::as_json() {
        return table::json::<Appraise>(&a);
    }
    let mut s = format!(
        "EV {:+} (luck {})   DR {:.2} expected over the slots   ",
        a.ev_total,
        a.luck.describe(),
        a.expected_dr
    );
    let _ = writeln!(
        s,
        "a {:+} attacker hits {:.1}%",
        a.reference_bonus,
        a.reference_hit_chance * 100.0
    );
    for (slot, dr) in &a.dr_by_slot {
        let _ = writeln!(s, "  {:<7} DR {dr:.2}", slot.name());
    }
    Ok(s)
}
