//! The evasion system's duels in the lab: the `[evasion]` section, a duel sampled on a
//! plan the chunk keeps and solved exactly as a Markov chain where hit points allow
//! ([`duel`]).

pub mod duel;

use std::sync::atomic::AtomicBool;

use fray::character::Side;
use fray::dice::DiceExpr;
use fray::evasion::{Attacker, DamageKind, Defender, Options, Rounding, ToHitModel};
use fray::request::Refusal;
use fray::rng::SeededRolls;
use fray::scenario::{Checker, ScenarioError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use super::BattleSystem;
use crate::tally::Tally;
use duel::{Duel, DuelPlan, Duelist, ExactDuel, exact_duel};

/// A one-on-one duel under the evasion system.
#[derive(Debug)]
pub struct EvasionDuel;

impl BattleSystem for EvasionDuel {
    const NAME: &'static str = "evasion";
    type File = DuelFile;
    type Battle = Duel;
    type Kept = Option<DuelPlan>;

    fn check(
        c: &Checker,
        file: DuelFile,
        _max_rounds: u32,
    ) -> Result<(Duel, [String; 2]), ScenarioError> {
        let d = duel(c, file)?;
        let sides = [d.a.name.clone(), d.b.name.clone()];
        Ok((d, sides))
    }

    fn roster(d: &Duel) -> Vec<(String, Side, i64)> {
        vec![
            (d.a.name.clone(), Side::A, i64::from(d.a.defense.hp)),
            (d.b.name.clone(), Side::B, i64::from(d.b.defense.hp)),
        ]
    }

    fn trial(
        d: &Duel,
        max_rounds: u32,
        rolls: &mut SeededRolls,
        kept: &mut Option<DuelPlan>,
        t: &mut Tally,
        _: &AtomicBool,
    ) -> bool {
        // Two creatures: a duel ends within moments, so it is not cut short.
        let plan = kept.get_or_insert_with(|| DuelPlan::new(d));
        let (winner, rounds, hp, dealt) = plan.sample(max_rounds, rolls);
        let winner = winner.map(|a| if a { Side::A } else { Side::B });
        let (ka, kb) = (kind_name(d.a.kind), kind_name(d.b.kind));
        let both = [(ka, dealt[0] + dealt[1])];
        let apart = [(ka, dealt[0]), (kb, dealt[1])];
        let damage: &[(&str, u64)] = if ka == kb { &both } else { &apart };
        t.record(winner, rounds, &hp, damage.iter().copied(), []);
        true
    }

    fn exact(d: &Duel) -> Option<Result<ExactDuel, Refusal>> {
        Some(exact_duel(d))
    }

    /// Derived from [`DuelFile`].
    fn schema() -> Option<Value> {
        None
    }
}

/// A damage kind's name in reports, without formatting a string.
fn kind_name(k: fray::evasion::DamageKind) -> &'static str {
    match k {
        fray::evasion::DamageKind::Physical => "physical",
        fray::evasion::DamageKind::Elemental => "elemental",
        fray::evasion::DamageKind::Spell => "spell",
    }
}

/// An evasion duel as written.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DuelFile {
    /// The normal model's standard deviation (default 5).
    pub sigma: Option<f64>,
    /// The integer model instead: [K, R], K from 1 to 64, R from 1 to 1000.
    #[schemars(with = "Option<[u32; 2]>")]
    pub uniform_sum: Option<toml::Spanned<[i64; 2]>>,
    /// Rounding of damage products: nearest, down, up, stochastic.
    #[schemars(with = "Option<String>")]
    pub rounding: Option<Rounding>,
    /// Monster level / 4 as a fraction.
    #[serde(default)]
    pub fractional_level: bool,
    /// Ammo fired from the wrong kind of launcher still gets the launcher's terms.
    #[serde(default)]
    pub wrong_launcher_counts: bool,
    /// Who strikes first each round: a (default) or b.
    pub first: Option<String>,
    /// Side a's duelist.
    pub a: DuelistFile,
    /// Side b's duelist.
    pub b: DuelistFile,
}

/// One duelist as written.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DuelistFile {
    /// Its name in reports.
    pub name: String,
    /// The damage dice of one hit.
    #[schemars(with = "String")]
    pub damage: DiceExpr,
    /// physical (reduced by DR), elemental or spell.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub kind: DamageKind,
    /// Its attacker profile (the format of `fray tohit --attacker` files).
    #[serde(default)]
    #[schemars(with = "Option<serde_json::Value>")]
    pub attack: Attacker,
    /// Its defender profile, with its hit points (`fray tohit --defender` files).
    #[serde(default)]
    #[schemars(with = "Option<serde_json::Value>")]
    pub defense: Defender,
}

/// Checks the `[evasion]` section: the model and readings, each duelist's profiles.
fn duel(c: &Checker, raw: DuelFile) -> Result<Duel, ScenarioError> {
    let model = match (raw.sigma, raw.uniform_sum) {
        (Some(sigma), None) => ToHitModel::Normal { sigma },
        (None, Some(kr)) => {
            let [k, r] = *kr.get_ref();
            if !((1..=64).contains(&k) && (1..=1000).contains(&r)) {
                return Err(c.at(
                    &kr,
                    format!("uniform_sum is [{k}, {r}]: expected [K, R] with K from 1 to 64 terms and R from 1 to 1000"),
                ));
            }
            ToHitModel::UniformSum {
                k: k as u32,
                r: r as u32,
            }
        }
        (None, None) => ToHitModel::NORMAL,
        (Some(_), Some(_)) => {
            return Err(c.at_path(
                &["evasion", "uniform_sum"],
                "give sigma or uniform_sum, not both",
            ));
        }
    };
    let at: &[&str] = if raw.sigma.is_some() {
        &["evasion", "sigma"]
    } else {
        &["evasion"]
    };
    fray::evasion::ToHit::new(model).map_err(|e| c.at_path(at, e.to_string()))?;
    let options = Options {
        model,
        rounding: raw.rounding.unwrap_or_default(),
        fractional_level_bonus: raw.fractional_level,
        wrong_launcher_counts: raw.wrong_launcher_counts,
    };
    let b_first = match raw.first.as_deref() {
        None | Some("a") => false,
        Some("b") => true,
        Some(other) => {
            return Err(c.at_path(&["evasion", "first"], format!("`{other}`: expected a or b")));
        }
    };
    let duelist = |d: DuelistFile, side: &str| -> Result<Duelist, ScenarioError> {
        fray::evasion::profile::check_attacker(c, &d.attack, &["evasion", side, "attack"])?;
        fray::evasion::profile::check_defender(c, &d.defense, &["evasion", side, "defense"])?;
        if d.damage.max() > fray::evasion::exact::MAX_EXACT_DAMAGE {
            return Err(c.at_path(
                &["evasion", side, "damage"],
                format!(
                    "at most {} damage a hit",
                    fray::evasion::exact::MAX_EXACT_DAMAGE
                ),
            ));
        }
        Ok(Duelist {
            name: d.name,
            damage: d.damage,
            kind: d.kind,
            attack: d.attack,
            defense: d.defense,
        })
    };
    Ok(Duel {
        a: duelist(raw.a, "a")?,
        b: duelist(raw.b, "b")?,
        options,
        b_first,
    })
}
