//! The endpoints of the commands that answer at once: each reads the command's request,
//! runs it through the command table on a blocking thread, and answers its `--json`.
//! The listings (`GET`) need no body.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use fray_commands::damage::{Types, TypesRequest};
use fray_commands::{Command, Context, json};

use crate::error::ApiError;
use crate::runs::CancelOnDrop;
use crate::{AppState, caps, io};

/// How long a quick answer waits for a slot before it is answered 503.
const QUEUE_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The query of a quick command.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct AnswerQuery {
    /// Answer `{"text", "html", "charts"}`: the `--json` text, and the report page
    /// `--report` writes and its charts, for a command that writes one (the design
    /// check); a page without fray's WebAssembly shows it.
    pages: bool,
}

/// `POST /api/NAME[?pages=true]` of a quick command: the body read as its request, run
/// on a blocking thread (one of the quick slots), and its `--json` answer (or, with
/// `pages`, that text and its report page in one object) with its warnings and notes in
/// the header; every refusal as the library words it.
pub(crate) async fn answer<C: Command>(
    State(state): State<AppState>,
    query: Result<Query<AnswerQuery>, QueryRejection>,
    body: Body,
) -> Result<Response, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
    let (request, strict) = io::request::<C>(body, &state.limits).await?;
    // A quick answer waits a moment for a slot rather than being turned away at once.
    let permit = tokio::time::timeout(QUEUE_WAIT, state.quick.clone().acquire_owned())
        .await
        .ok()
        .and_then(Result::ok)
        .ok_or_else(|| {
            ApiError::busy(
                "answers",
                state.limits.max_quick,
                "this server works out that many at once",
            )
        })?;
    let limits = state.limits;
    // Set when the client leaves (axum drops this future): a command that looks at it
    // stops; the others are bounded by the caps on steps and answer bytes.
    let cancel = Arc::new(AtomicBool::new(false));
    let _leaving = CancelOnDrop(cancel.clone());
    let done = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let refused = |r| ApiError::refused(r);
        // A client that left while this waited for its slot is owed nothing.
        let gone = || cancel.load(std::sync::atomic::Ordering::Relaxed);
        if gone() {
            return Err(ApiError::client_left());
        }
        let mut prepared = C::prepare(request).map_err(refused)?;
        if strict {
            prepared = prepared.refuse_warnings().map_err(refused)?;
        }
        caps::within(&prepared.cost, &limits)?;
        if gone() {
            return Err(ApiError::client_left());
        }
        let cx = Context {
            cancel: &cancel,
            progress: &|_| {},
        };
        let answer = C::perform(&prepared.valid, &cx).map_err(refused)?;
        let text = json::pretty(&answer, C::KEYS).map_err(ApiError::refused)?;
        caps::answer_within(&text, &limits)?;
        let text = if q.pages {
            let mut paged = serde_json::json!({ "text": text });
            if let Some(pages) = C::pages(&answer) {
                pages.add_to(&mut paged);
            }
            fray::text::escape_controls_json(&paged.to_string()).into_owned()
        } else {
            text
        };
        let lines = [prepared.warnings, prepared.notes].concat();
        Ok::<_, ApiError>((text, lines))
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let (text, warnings) = done?;
    Ok(io::body(text, &warnings))
}

/// `GET /api/types[?including_physical=true]`: `fray types --json`.
pub(crate) async fn types(
    query: Result<Query<TypesRequest>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
    let a = Types::run(q, &Context::quiet()).map_err(ApiError::refused)?;
    Ok(io::json(&a.answer, &[]))
}

/// `GET /api/battle/schema`: `fray battle --schema`.
pub(crate) async fn battle_schema() -> Response {
    io::json(&fray_lab::json_schema(), &[])
}

/// `GET /api/commands`: the command table, `[{"name", "summary", "span", "files",
/// "request"}]` in the
/// table's order (what the WebAssembly build's `fray_commands` gives): which commands
/// are long runs, for a page without the WebAssembly.
pub(crate) async fn commands() -> Response {
    io::body(fray_commands::envelope::commands(), &[])
}

/// `GET /api/schema`: every command's JSON Schemas by name, `{"request", "answer"}`
/// (`fray schema`).
pub(crate) async fn schemas() -> Response {
    io::json(&fray_commands::table::schemas(), &[])
}

/// `GET /api/schema/{name}`: one command's JSON Schemas (`fray schema NAME`).
pub(crate) async fn schema(Path(name): Path<String>) -> Result<Response, ApiError> {
    let schema = fray_commands::table::schema(&name).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "no command `{}`; the commands are {}",
                fray::text::escape_controls(&name),
                fray_commands::names().join(", ")
            ),
        )
    })?;
    Ok(io::json(&schema, &[]))
}
