//! The single-call commands: a request as JSON in, the command's `--json` answer out.

use std::collections::HashMap;

use fray::conditions::request::EncounterRequest;
use fray::damage::ChoiceRule;
use fray::damage::request::DamageRequest;
use fray::evasion::request::{AppraiseRequest, EvasionDamageRequest, TableRequest, ToHitRequest};
use fray::minions::request::MinionsRequest;
use fray::pool::request::{CheckRequest, MassBattleRequest, SidesRequest};
use fray_lab::request::BattleRequest;
use pyo3::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::error::{Refusal, bad_request};

/// `fray types` takes a single switch; it has no request type of its own in the library.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct TypesRequest {
    including_physical: bool,
}

/// Runs `command` (the CLI's subcommand name) on `request`, the JSON of its request
/// type, and returns what `fray COMMAND --json` prints for it. `sources` names where
/// text fields came from (`{"battle": "examples/minions/x.toml"}`), for messages, as the
/// CLI names the files it read. The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (command, request, sources = HashMap::new()))]
pub fn call(
    py: Python<'_>,
    command: &str,
    request: &str,
    sources: HashMap<String, String>,
) -> PyResult<String> {
    py.detach(|| answer(command, request, &sources))
        .map_err(|r| r.into_py(py))
}

/// The answer of one command, as JSON text.
fn answer(
    command: &str,
    request: &str,
    sources: &HashMap<String, String>,
) -> Result<String, Refusal> {
    let source = |field: &str| sources.get(field).cloned();
    match command {
        "damage" => {
            let mut r: DamageRequest = parse(command, request)?;
            r.vs_source = source("vs");
            let valid = r.validate()?;
            json(&valid.run())
        }
        "types" => {
            let r: TypesRequest = parse(command, request)?;
            json(&fray::damage::types_listing(if r.including_physical {
                ChoiceRule::IncludingPhysical
            } else {
                ChoiceRule::ExcludingPhysical
            }))
        }
        "check" => json(&parse::<CheckRequest>(command, request)?.validate()?.run()),
        "sides" => json(&parse::<SidesRequest>(command, request)?.validate()?.run()),
        "mass-battle" => {
            let mut r: MassBattleRequest = parse(command, request)?;
            r.battle_source = source("battle");
            json(&r.validate()?.run()?)
        }
        "tohit" => {
            let mut r: ToHitRequest = parse(command, request)?;
            (r.attacker_source, r.defender_source) = (source("attacker"), source("defender"));
            json(&r.validate()?.run())
        }
        "evasion-damage" => {
            let mut r: EvasionDamageRequest = parse(command, request)?;
            (r.attacker_source, r.defender_source) = (source("attacker"), source("defender"));
            json(&r.validate()?.run()?)
        }
        "evasion-table" => json(&parse::<TableRequest>(command, request)?.validate()?.run()),
        "appraise" => {
            let mut r: AppraiseRequest = parse(command, request)?;
            r.defender_source = source("defender");
            json(&r.validate()?.run()?)
        }
        "minions" => {
            let mut r: MinionsRequest = parse(command, request)?;
            r.battle_source = source("battle");
            json(&r.validate()?.run()?)
        }
        "encounter" => {
            let mut r: EncounterRequest = parse(command, request)?;
            r.script_source = source("script");
            json(&r.validate()?.run())
        }
        "battle" => {
            let mut r: BattleRequest = parse(command, request)?;
            r.scenario_source = source("scenario");
            json(&r.validate()?.run()?)
        }
        "design-check" => json(&parse::<fray_lab::design::Request>(command, request)?.run()),
        other => Err(Refusal::new(format!("no command `{other}`"))),
    }
}

/// The request's JSON as its type; a wrong shape is refused with serde's words.
pub fn parse<T: DeserializeOwned>(command: &str, request: &str) -> Result<T, Refusal> {
    serde_json::from_str(request).map_err(|e| bad_request(command, &e))
}

/// An answer as JSON text (compact: the Python side parses it at once).
pub fn json(answer: &impl Serialize) -> Result<String, Refusal> {
    serde_json::to_string(answer).map_err(|e| Refusal::new(e.to_string()))
}

/// A scenario, script or profile given as a dict (sent as JSON) written as TOML text, so
/// it is loaded by the same loader as a file and its errors point at a line and column
/// of this text.
#[pyfunction]
pub fn toml_of(py: Python<'_>, data: &str) -> PyResult<String> {
    py.detach(|| {
        let value: toml::Value =
            serde_json::from_str(data).map_err(|e| bad_request("a dict as TOML", &e))?;
        toml::to_string(&value).map_err(|e| Refusal::new(format!("a dict as TOML: {e}")))
    })
    .map_err(|r| r.into_py(py))
}
