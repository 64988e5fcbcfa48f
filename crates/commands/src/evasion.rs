//! The evasion system's commands: `tohit`, `evasion-damage`, `evasion-table` and
//! `appraise`.

use fray::evasion::Appraisal;
use fray::evasion::request::{
    AppraiseRequest, EvasionDamageAnswer, EvasionDamageRequest, TableAnswer, TableRequest,
    ToHitAnswer, ToHitRequest, ValidAppraise, ValidEvasionDamage, ValidTable, ValidToHit,
};
use fray::request::Refusal;

use crate::command::{Command, Context, Keys, Prepared};
use crate::limits::{self, TextFile};

/// Names the source of an attacker or defender profile's text.
fn profile_source(
    field: &str,
    source: String,
    attacker: Option<&mut Option<String>>,
    defender: &mut Option<String>,
) -> bool {
    match (field, attacker) {
        ("attacker", Some(a)) => *a = Some(source),
        ("defender", _) => *defender = Some(source),
        _ => return false,
    }
    true
}

/// `fray tohit`: the exact hit chance, from bonuses or from two profiles.
#[derive(Debug)]
pub struct ToHit;

impl Command for ToHit {
    const NAME: &'static str = "tohit";
    const SUMMARY: &'static str =
        "the exact hit chance of the evasion system, from bonuses or from profiles";
    const KEYS: Keys = Keys::Sorted;
    const FILES: &'static [TextFile] = &[limits::ATTACKER, limits::DEFENDER];
    type Request = ToHitRequest;
    type Valid = ValidToHit;
    type Answer = ToHitAnswer;

    fn name_source(r: &mut ToHitRequest, field: &str, source: String) -> bool {
        profile_source(
            field,
            source,
            Some(&mut r.attacker_source),
            &mut r.defender_source,
        )
    }

    fn prepare(request: ToHitRequest) -> Result<Prepared<ValidToHit>, Refusal> {
        Ok(Prepared::new(request.validate()?))
    }

    fn perform(valid: &ValidToHit, _: &Context<'_>) -> Result<ToHitAnswer, Refusal> {
        Ok(valid.run())
    }
}

/// `fray evasion-damage`: the exact damage of one attack and its effects' chances.
#[derive(Debug)]
pub struct EvasionDamage;

impl Command for EvasionDamage {
    const NAME: &'static str = "evasion-damage";
    const SUMMARY: &'static str =
        "the exact damage of one evasion attack: its distribution, mean and effects";
    const KEYS: Keys = Keys::Sorted;
    const FILES: &'static [TextFile] = &[limits::ATTACKER, limits::DEFENDER];
    type Request = EvasionDamageRequest;
    type Valid = ValidEvasionDamage;
    type Answer = EvasionDamageAnswer;

    fn name_source(r: &mut EvasionDamageRequest, field: &str, source: String) -> bool {
        profile_source(
            field,
            source,
            Some(&mut r.attacker_source),
            &mut r.defender_source,
        )
    }

    fn prepare(request: EvasionDamageRequest) -> Result<Prepared<ValidEvasionDamage>, Refusal> {
        Ok(Prepared::new(request.validate()?))
    }

    fn perform(
        valid: &ValidEvasionDamage,
        _: &Context<'_>,
    ) -> Result<EvasionDamageAnswer, Refusal> {
        valid.run()
    }
}

/// `fray evasion-table`: hit chances across attacker levels or skills and defender EVs.
#[derive(Debug)]
pub struct EvasionTable;

impl Command for EvasionTable {
    const NAME: &'static str = "evasion-table";
    const SUMMARY: &'static str =
        "a table of hit chances across attacker levels (or skills) and defender EVs";
    const KEYS: Keys = Keys::Sorted;
    type Request = TableRequest;
    type Valid = ValidTable;
    type Answer = TableAnswer;

    fn prepare(request: TableRequest) -> Result<Prepared<ValidTable>, Refusal> {
        Ok(Prepared::new(request.validate()?))
    }

    fn perform(valid: &ValidTable, _: &Context<'_>) -> Result<TableAnswer, Refusal> {
        Ok(valid.run())
    }
}

/// `fray appraise`: a defender as a status bar shows it.
#[derive(Debug)]
pub struct Appraise;

impl Command for Appraise {
    const NAME: &'static str = "appraise";
    const SUMMARY: &'static str =
        "a defender's appraisal for the status bar: EV, expected DR, a reference hit chance";
    const FILES: &'static [TextFile] = &[limits::DEFENDER];
    type Request = AppraiseRequest;
    type Valid = ValidAppraise;
    type Answer = Appraisal;

    fn name_source(r: &mut AppraiseRequest, field: &str, source: String) -> bool {
        profile_source(field, source, None, &mut r.defender_source)
    }

    fn prepare(request: AppraiseRequest) -> Result<Prepared<ValidAppraise>, Refusal> {
        Ok(Prepared::new(request.validate()?))
    }

    fn perform(valid: &ValidAppraise, _: &Context<'_>) -> Result<Appraisal, Refusal> {
        valid.run()
    }
}
