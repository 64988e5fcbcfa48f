//! The long runs, `POST /api/battle` and `POST /api/sweep`: checked against the
//! server's caps before any battle is played, run on a blocking thread while holding
//! one of the run slots, and cancelled (through the lab's cancellation flag, checked
//! between chunks) as soon as the client goes away.
//!
//! Without a query the answer is the command's `--json`. With `?stream=true` it is
//! NDJSON: `{"progress": {"done", "planned"}}` lines, then one
//! `{"answer": .., "html": ..}` line (a sweep adds `"charts"`), or `{"error": ..}`.
//! `&text=true` adds `"text"` to that line: the answer exactly as `--json` prints it.
//! A streamed run names itself in the `fray-run` header: `POST /api/runs/{id}/stop`
//! stops it between chunks and its last line is then what it finished (`complete:
//! false`), as the command line keeps it on Ctrl-C; a client that leaves keeps nothing.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use fray::request::Refusal;
use fray_commands::{Command, Context, json};
use serde_json::{Value, json};
use tokio::sync::{OwnedSemaphorePermit, oneshot, watch};

use crate::error::ApiError;
use crate::{AppState, caps, io};

/// The header that names a streamed run, for `POST /api/runs/{id}/stop`.
pub(crate) const RUN_HEADER: &str = "fray-run";

/// The query of a long run.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct RunQuery {
    /// Answer as NDJSON progress lines and a last line with the answer.
    stream: bool,
    /// Put the answer's `--json` text in the last line too.
    text: bool,
}

/// Sets the run's cancellation flag when dropped: when the client goes away, axum drops
/// the response (or the handler's future), and the lab stops at its next chunk.
pub(crate) struct CancelOnDrop(pub(crate) Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The stop flags of the runs under way, by id.
#[derive(Clone, Default)]
pub(crate) struct Stops {
    flags: Arc<Mutex<HashMap<u64, Arc<AtomicBool>>>>,
    next: Arc<AtomicU64>,
}

impl Stops {
    /// Lists `flag` under a new id, until the guard is dropped.
    fn add(&self, flag: Arc<AtomicBool>) -> Listed {
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        if let Ok(mut flags) = self.flags.lock() {
            flags.insert(id, flag);
        }
        Listed {
            stops: self.clone(),
            id,
        }
    }

    /// Sets the flag of run `id`, if it is under way.
    fn stop(&self, id: u64) -> bool {
        let flags = self.flags.lock();
        let flag = flags.ok().and_then(|f| f.get(&id).cloned());
        flag.map(|f| f.store(true, Ordering::Relaxed)).is_some()
    }
}

/// A run's place in [`Stops`], given up when the run's response is dropped.
struct Listed {
    stops: Stops,
    id: u64,
}

impl Drop for Listed {
    fn drop(&mut self) {
        if let Ok(mut flags) = self.stops.flags.lock() {
            flags.remove(&self.id);
        }
    }
}

/// `POST /api/runs/{id}/stop`: the run stops at its next chunk and answers what it
/// finished (204); 404 when no run of that id is under way.
pub(crate) async fn stop(State(state): State<AppState>, Path(id): Path<u64>) -> Response {
    if state.stops.stop(id) {
        StatusCode::NO_CONTENT.into_response()
    } else {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no run {id} is under way (it may have finished)"),
        )
        .into_response()
    }
}

/// A run under way on a blocking thread.
struct Running<T> {
    done: watch::Receiver<u64>,
    planned: u64,
    result: oneshot::Receiver<Result<T, Refusal>>,
    listed: Listed,
    _cancel: CancelOnDrop,
}

/// A run's body: given where to report the work done and the cancellation flag, it
/// plays to the end (or to the flag) and answers.
type RunFn<T> = dyn FnOnce(&(dyn Fn(u64) + Sync), &AtomicBool) -> Result<T, Refusal> + Send;

/// The validated work of one run, with what its progress counts.
struct Work<T> {
    planned: u64,
    notes: Vec<String>,
    run: Box<RunFn<T>>,
}

/// Takes a run slot, validates the request on a blocking thread (`check` also applies
/// the server's caps), then starts the run on it holding the slot until it ends.
async fn start<T: Send + 'static>(
    state: &AppState,
    check: impl FnOnce(&crate::Limits) -> Result<Work<T>, ApiError> + Send + 'static,
) -> Result<(Running<T>, Vec<String>), ApiError> {
    let permit: OwnedSemaphorePermit = state.runs.clone().try_acquire_owned().map_err(|_| {
        ApiError::busy(
            "battles or sweeps",
            state.limits.max_runs,
            "fray serve --max-runs",
        )
    })?;
    let limits = state.limits;
    // The slot goes with the validation onto its thread and comes back with the work: a
    // client that leaves while its request is checked does not free the slot before the
    // check ends (the check is bounded by the library: a sweep's points in bytes of
    // text, suggestions in steps a field).
    let (work, permit) = tokio::task::spawn_blocking(move || (check(&limits), permit))
        .await
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let work = work?;
    let cancel = Arc::new(AtomicBool::new(false));
    let (done_tx, done) = watch::channel(0u64);
    let (result_tx, result) = oneshot::channel();
    let flag = cancel.clone();
    let planned = work.planned;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let report = |n: u64| {
            done_tx.send_if_modified(|d| {
                let moved = n > *d;
                *d = (*d).max(n);
                moved
            });
        };
        let _ = result_tx.send((work.run)(&report, &flag));
    });
    let running = Running {
        done,
        planned,
        result,
        listed: state.stops.add(cancel.clone()),
        _cancel: CancelOnDrop(cancel),
    };
    Ok((running, work.notes))
}

/// The answer of a finished run, or the refusal or failure it ended in.
async fn finish<T>(running: Running<T>) -> Result<T, ApiError> {
    // `running` lives until here: a client that leaves drops this future and, with it,
    // the flag's guard.
    let Running { result, .. } = running;
    match result.await {
        Ok(r) => r.map_err(ApiError::refused),
        Err(_) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the run stopped without an answer",
        )),
    }
}

/// The run as NDJSON: progress at most every 100 ms, then `last(answer, with_text)`.
fn stream<T: Send + 'static>(
    running: Running<T>,
    last: fn(T, bool) -> Value,
    with_text: bool,
) -> Response {
    let lines = futures_util::stream::unfold(Some(running), move |running| async move {
        let mut r = running?;
        let line = tokio::select! {
            biased;
            result = &mut r.result => {
                let value = match result {
                    Ok(Ok(answer)) => last(answer, with_text),
                    Ok(Err(e)) => error_line(ApiError::refused(e)),
                    Err(_) => error_line(ApiError::new(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        "the run stopped without an answer",
                    )),
                };
                return Some((Ok::<_, Infallible>(line_of(&value)), None));
            }
            Ok(()) = r.done.changed() => {
                let done = *r.done.borrow_and_update();
                let line = line_of(&json!({"progress": {"done": done, "planned": r.planned}}));
                tokio::time::sleep(Duration::from_millis(100)).await;
                line
            }
        };
        Some((Ok(line), Some(r)))
    });
    let mut response = Body::from_stream(lines).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    response
}

fn error_line(e: ApiError) -> Value {
    let mut v = e.body();
    v["status"] = e.status.as_u16().into();
    v
}

fn line_of(v: &Value) -> Bytes {
    let mut text = fray::text::escape_controls_json(&v.to_string()).into_owned();
    text.push('\n');
    Bytes::from(text)
}

/// The answer as `--json`, or streamed, as the query asks.
async fn respond<T: Send + 'static>(
    query: Result<Query<RunQuery>, QueryRejection>,
    state: &AppState,
    check: impl FnOnce(&crate::Limits) -> Result<Work<T>, ApiError> + Send + 'static,
    last: fn(T, bool) -> Value,
    text: fn(&T) -> Result<String, Refusal>,
) -> Result<Response, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
    let (running, notes) = start(state, check).await?;
    if q.stream {
        let id = running.listed.id;
        let mut response = stream(running, last, q.text);
        add_notes(&mut response, &notes);
        response
            .headers_mut()
            .insert(RUN_HEADER, HeaderValue::from(id));
        return Ok(response);
    }
    let answer = finish(running).await?;
    let text = text(&answer).map_err(ApiError::refused)?;
    caps::answer_within(&text, &state.limits)?;
    Ok(io::body(text, &notes))
}

fn add_notes(response: &mut Response, notes: &[String]) {
    if !notes.is_empty()
        && let Ok(v) = HeaderValue::from_str(&io::ascii_json(&notes))
    {
        response.headers_mut().insert(io::WARNINGS, v);
    }
}

/// `POST /api/NAME[?stream=true]` of a long command (`battle`, `sweep`): its `--json`,
/// or streamed with the report page `--report` writes (and a sweep's charts) in the last
/// line.
pub(crate) async fn run<C: Command>(
    State(state): State<AppState>,
    query: Result<Query<RunQuery>, QueryRejection>,
    body: Body,
) -> Result<Response, ApiError> {
    let (request, strict) = io::request::<C>(body, &state.limits).await?;
    let check = move |limits: &crate::Limits| {
        let refused = |r| ApiError::refused(r);
        let mut prepared = C::prepare(request).map_err(refused)?;
        if strict {
            prepared = prepared.refuse_warnings().map_err(refused)?;
        }
        caps::within(&prepared.cost, limits)?;
        let valid = prepared.valid;
        Ok(Work {
            planned: prepared.cost.planned,
            notes: [prepared.warnings, prepared.notes].concat(),
            run: Box::new(move |progress, cancel| {
                let cx = Context { cancel, progress };
                C::perform(&valid, &cx)
            }),
        })
    };
    respond(query, &state, check, last_line::<C>, |a| {
        json::pretty(a, C::KEYS)
    })
    .await
}

/// A streamed run's last line: the answer, its page and its charts, and its `--json`
/// text when asked for.
fn last_line<C: Command>(answer: C::Answer, with_text: bool) -> Value {
    let mut line = json!({ "answer": answer });
    if with_text {
        match json::pretty(&answer, C::KEYS) {
            Ok(text) => line["text"] = text.into(),
            Err(e) => return error_line(ApiError::refused(e)),
        }
    }
    if let Some(pages) = C::pages(&answer) {
        pages.add_to(&mut line);
    }
    line
}
