//! The endpoints of the commands that answer at once: each reads the command's request
//! type, validates and runs it through the library on a blocking thread, and answers
//! its `--json`. The listings (`GET`) need no body.

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use fray::conditions::request::EncounterRequest;
use fray::damage::request::DamageRequest;
use fray::evasion::request::{AppraiseRequest, EvasionDamageRequest, TableRequest, ToHitRequest};
use fray::minions::request::MinionsRequest;
use fray::pool::request::{CheckRequest, MassBattleRequest, SidesRequest};
use fray::request::RequestError;
use fray_lab::answer;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::ApiError;
use crate::{AppState, io};

/// An answer with its warnings, or the library's refusal.
type Answered<A> = Result<(A, Vec<String>), RequestError>;

/// How long a quick answer waits for a slot before it is answered 503.
const QUEUE_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The body read as `R`, `work` run on it on a blocking thread (one of the quick slots),
/// and its answer with its warnings; every refusal as the library words it.
async fn answer<R, A>(
    state: &AppState,
    body: Result<Bytes, BytesRejection>,
    work: fn(R) -> Answered<A>,
) -> Result<Response, ApiError>
where
    R: DeserializeOwned + Send + 'static,
    A: Serialize + Send + 'static,
{
    let request: R = io::request(body, state.limits.max_body)?;
    // A quick answer waits a moment for a slot rather than being turned away at once.
    let permit = tokio::time::timeout(QUEUE_WAIT, state.quick.clone().acquire_owned())
        .await
        .ok()
        .and_then(Result::ok)
        .ok_or_else(|| ApiError::busy("answers", state.limits.max_quick))?;
    let done = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work(request)
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let (a, warnings) = done.map_err(ApiError::refused)?;
    Ok(io::json(&a, &warnings))
}

/// The answer as these commands print it: through a `serde_json::Value`, so with its
/// keys in alphabetical order (the command line's `--json` of damage, check, sides,
/// mass-battle, minions, tohit, evasion-damage and evasion-table).
fn sorted(answer: impl Serialize) -> Result<serde_json::Value, RequestError> {
    serde_json::to_value(answer).map_err(|e| RequestError::new(e.to_string()))
}

/// Defines `async fn NAME(State, body)` answering `work`'s result for request `R`.
macro_rules! endpoint {
    ($(#[$doc:meta])* $name:ident, $request:ty, $work:expr) => {
        $(#[$doc])*
        pub(crate) async fn $name(
            State(state): State<AppState>,
            body: Result<Bytes, BytesRejection>,
        ) -> Result<Response, ApiError> {
            answer::<$request, _>(&state, body, $work).await
        }
    };
}

endpoint!(
    /// `POST /api/damage`: `fray damage --json`; its warnings in the header.
    damage,
    DamageRequest,
    |r| {
        let valid = r.validate()?;
        let warnings = valid.warnings.clone();
        Ok((sorted(valid.run())?, warnings))
    }
);
endpoint!(
    /// `POST /api/check`: `fray check --json`.
    check,
    CheckRequest,
    |r| Ok((sorted(r.validate()?.run())?, Vec::new()))
);
endpoint!(
    /// `POST /api/sides`: `fray sides --json`.
    sides,
    SidesRequest,
    |r| Ok((sorted(r.validate()?.run())?, Vec::new()))
);
endpoint!(
    /// `POST /api/mass-battle`: `fray mass-battle --json` (`battle` is the file's text).
    mass_battle,
    MassBattleRequest,
    |r| Ok((sorted(r.validate()?.run()?)?, Vec::new()))
);
endpoint!(
    /// `POST /api/minions`: `fray minions --json` (`battle` is the file's text).
    minions,
    MinionsRequest,
    |r| Ok((sorted(r.validate()?.run()?)?, Vec::new()))
);
endpoint!(
    /// `POST /api/tohit`: `fray tohit --json` (profiles as TOML text).
    tohit,
    ToHitRequest,
    |r| Ok((sorted(r.validate()?.run())?, Vec::new()))
);
endpoint!(
    /// `POST /api/evasion-damage`: `fray evasion-damage --json`.
    evasion_damage,
    EvasionDamageRequest,
    |r| Ok((sorted(r.validate()?.run()?)?, Vec::new()))
);
endpoint!(
    /// `POST /api/evasion-table`: `fray evasion-table --json`.
    evasion_table,
    TableRequest,
    |r| Ok((sorted(r.validate()?.run())?, Vec::new()))
);
endpoint!(
    /// `POST /api/appraise`: `fray appraise --json`.
    appraise,
    AppraiseRequest,
    |r| Ok((r.validate()?.run()?, Vec::new()))
);
endpoint!(
    /// `POST /api/encounter`: `fray encounter --json`; failed expectations are in the
    /// answer's report (the command also exits non-zero).
    encounter,
    EncounterRequest,
    |r| Ok((r.validate()?.run(), Vec::new()))
);

endpoint!(
    /// `POST /api/design-check`: `fray design-check --json` (`{"text": "evasion"}`,
    /// `"damage"` or `"all"`, the default).
    design_check,
    fray_lab::design::Request,
    |r| Ok((r.run(), Vec::new()))
);

/// The query of `GET /api/types`.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct TypesQuery {
    including_physical: bool,
}

/// `GET /api/types[?including_physical=true]`: `fray types --json`.
pub(crate) async fn types(
    query: Result<Query<TypesQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
    Ok(io::json(&answer::types(q.including_physical), &[]))
}

/// `GET /api/damage/examples`: `fray damage --list-examples --json`.
pub(crate) async fn damage_examples() -> Response {
    io::json(&answer::damage_examples(), &[])
}

/// `GET /api/battle/examples`: `fray battle --list-examples --json`.
pub(crate) async fn battle_examples() -> Response {
    io::json(&answer::battle_examples(), &[])
}

/// `GET /api/battle/examples/{name}`: the bundled scenario's TOML text, for the page to
/// show and edit.
pub(crate) async fn battle_example(Path(name): Path<String>) -> Result<Response, ApiError> {
    let e = fray_lab::examples::find(&name).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "no bundled scenario is named `{}`",
                fray::text::escape_controls(&name)
            ),
        )
    })?;
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        e.text,
    )
        .into_response())
}

/// `GET /api/battle/schema`: `fray battle --schema`.
pub(crate) async fn battle_schema() -> Response {
    io::json(&fray_lab::json_schema(), &[])
}
