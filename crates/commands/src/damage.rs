//! The damage system's commands: `damage` and `types`.

use fray::damage::request::{DamageRequest, DamageResult, ValidDamage};
use fray::damage::{ChoiceRule, TypesListing};
use fray::request::Refusal;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::command::{Command, Context, Cost, Keys, Prepared};
use crate::limits::{self, TextFile};

/// `fray damage`: one hit resolved and explained, or the exact distribution of dice.
#[derive(Debug)]
pub struct Damage;

impl Command for Damage {
    const NAME: &'static str = "damage";
    const SUMMARY: &'static str =
        "resolve damage against a defender's traits, explaining every rule applied";
    const KEYS: Keys = Keys::Sorted;
    const FILES: &'static [TextFile] = &[limits::STAT_BLOCK];
    type Request = DamageRequest;
    type Valid = ValidDamage;
    type Answer = DamageResult;

    fn name_source(request: &mut DamageRequest, field: &str, source: String) -> bool {
        (field == "vs")
            .then(|| request.vs_source = Some(source))
            .is_some()
    }

    fn prepare(request: DamageRequest) -> Result<Prepared<ValidDamage>, Refusal> {
        let valid = request.validate()?;
        let warnings = valid.warnings.clone();
        let cost = Cost {
            effort: valid.effort(),
            ..Cost::default()
        };
        Ok(Prepared {
            warnings,
            cost,
            ..Prepared::new(valid)
        })
    }

    fn perform(valid: &ValidDamage, cx: &Context<'_>) -> Result<DamageResult, Refusal> {
        valid
            .run_until(&|| cx.cancel.load(std::sync::atomic::Ordering::Relaxed))
            .ok_or_else(|| Refusal::new("cancelled before the distribution was complete"))
    }
}

/// What `fray types` takes: whether "choose a damage type" may pick physical.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TypesRequest {
    /// List physical among the choosable types.
    pub including_physical: bool,
}

/// `fray types`: the damage types, the selectors traits may use, and what a choice may
/// pick.
#[derive(Debug)]
pub struct Types;

impl Command for Types {
    const NAME: &'static str = "types";
    const SUMMARY: &'static str =
        "list the damage types, the selectors traits may use, and what a choice may pick";
    type Request = TypesRequest;
    type Valid = TypesRequest;
    type Answer = TypesListing;

    fn prepare(request: TypesRequest) -> Result<Prepared<TypesRequest>, Refusal> {
        Ok(Prepared::new(request))
    }

    fn perform(valid: &TypesRequest, _: &Context<'_>) -> Result<TypesListing, Refusal> {
        Ok(fray::damage::types_listing(if valid.including_physical {
            ChoiceRule::IncludingPhysical
        } else {
            ChoiceRule::ExcludingPhysical
        }))
    }
}
