//! `fray serve`: the web playground. One page, embedded in the binary, and a JSON API
//! under `/api/`, one endpoint a command, each taking the library's request type for that
//! command and answering exactly what the command's `--json` prints
//! (`docs/api.md` lists them).
//!
//! The server holds no rule of its own: a handler reads the body into a request type,
//! validates it through the library, runs it on a blocking thread and writes the
//! answer through [`fray_lab::answer`]. What is its own is robustness as a server: a cap
//! on bodies, on the battles and sweep points of one request ([`Limits`]), a bound on
//! the runs under way at once (503 past it), long runs streamed as NDJSON progress and
//! cancelled when the client goes away.
//!
//! ```no_run
//! # fn main() -> std::io::Result<()> {
//! let addr = "127.0.0.1:7878".parse().unwrap();
//! fray_web::serve_blocking(addr, fray_web::Limits::default(), None, Vec::new(), |bound| {
//!     println!("http://{bound}/")
//! })
//! # }
//! ```

#![cfg_attr(not(doc), warn(missing_docs))]

mod caps;
mod error;
mod guard;
mod io;
mod page;
pub mod playground;
mod quick;
mod runs;
mod stall;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::middleware;
use axum::response::Response;
use axum::routing::{get, post};
use fray_commands::{Command, Span, Visit, limits};
use guard::Access;
use tokio::sync::Semaphore;

pub use error::ApiError;
pub use io::WARNINGS;

/// The server's caps: what one request may ask for and how much runs at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The largest request body, in bytes (a scenario travels in it).
    pub max_body: usize,
    /// The most battles one request may play (a battle's trials, or a sweep's in all;
    /// with a precision, its cap).
    pub max_trials: u64,
    /// The most points one sweep may hold.
    pub max_points: usize,
    /// The most steps one request may take (a distribution's steps, a fighter in each
    /// battle), estimated before any is taken.
    pub max_steps: u64,
    /// The largest answer, in bytes of JSON, estimated before the work and checked
    /// once written: what bounds a request's memory.
    pub max_answer: u64,
    /// Battles and sweeps under way at once; one more is answered 503.
    pub max_runs: usize,
    /// Single answers (damage, odds, a scripted encounter) worked out at once; more wait
    /// up to 10 s for a slot, then are answered 503.
    pub max_quick: usize,
    /// How long a client may take to send a request's headers (and, on a kept-alive
    /// connection, to start the next request) before its connection is closed.
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body (408 past it).
    pub body_timeout: Duration,
    /// How long a write of an answer may wait for the client to read before the
    /// connection is closed (a client that pipelines requests and never reads).
    pub write_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_body: limits::DEFAULT_MAX_BODY,
            max_trials: limits::DEFAULT_MAX_TRIALS,
            max_points: limits::DEFAULT_MAX_POINTS,
            max_steps: limits::DEFAULT_MAX_STEPS,
            max_answer: limits::DEFAULT_MAX_ANSWER,
            max_runs: 2,
            max_quick: 16,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            write_timeout: Duration::from_secs(30),
        }
    }
}

/// What every handler shares: the caps, the run slots and the WebAssembly to serve.
#[derive(Clone)]
struct AppState {
    limits: Limits,
    wasm: Option<axum::body::Bytes>,
    runs: Arc<Semaphore>,
    quick: Arc<Semaphore>,
    /// The runs under way by id, each with its stop flag (`POST /api/runs/{id}/stop`).
    stops: runs::Stops,
}

impl AppState {
    /// Battles and sweeps under way now.
    fn runs_under_way(&self) -> usize {
        self.limits.max_runs - self.runs.available_permits()
    }
}

/// The most connections open at once; more wait to be accepted. Room for many idle or
/// stalled clients (a slow client's headers are cut off after `header_timeout`, but
/// until then it holds its connection; one that sends and never reads holds its own):
/// with 256, 260 such clients held every slot, and a plain request waited. An open
/// connection costs a socket and a small task, so thousands are cheap.
pub const MAX_CONNECTIONS: usize = 4096;

/// The whole application: the page, its assets and every API endpoint, under `limits`,
/// answering only to loopback names (the port not yet known); `wasm`, fray's
/// WebAssembly, served as `/fray.wasm` when given (the page then computes in the
/// browser, see [`playground`]).
pub fn router(limits: Limits, wasm: Option<Vec<u8>>) -> Router {
    router_at(limits, wasm, Access::default())
}

/// The application as served at `access`'s address.
fn router_at(limits: Limits, wasm: Option<Vec<u8>>, access: Access) -> Router {
    let state = AppState {
        limits,
        wasm: wasm.map(axum::body::Bytes::from),
        runs: Arc::new(Semaphore::new(limits.max_runs)),
        quick: Arc::new(Semaphore::new(limits.max_quick)),
        stops: runs::Stops::default(),
    };
    let mut commands = Commands(Router::new());
    fray_commands::each(&mut commands);
    // The page's files, from the one table the static build writes too; the page itself
    // (with its security policy) is routed below.
    let files = playground::ASSETS
        .iter()
        .filter(|a| a.name != "index.html")
        .fold(commands.0, |router, a| {
            router.route(
                &format!("/{}", a.name),
                get(move || async move { page::asset(a.name) }),
            )
        });
    files
        .route("/", get(page::index))
        .route("/index.html", get(page::index))
        .route("/favicon.ico", get(|| async { page::asset("favicon.svg") }))
        .route("/fray.wasm", get(page::wasm))
        .route("/api/status", get(status))
        .route("/api/runs/{id}/stop", post(runs::stop))
        .route("/api/types", get(quick::types))
        .route("/api/battle/schema", get(quick::battle_schema))
        .route("/api/commands", get(quick::commands))
        .route("/api/schema", get(quick::schemas))
        .route("/api/schema/{name}", get(quick::schema))
        .fallback(not_found)
        .method_not_allowed_fallback(wrong_method)
        .layer(DefaultBodyLimit::max(limits.max_body))
        .layer(middleware::from_fn_with_state(
            (access, limits.max_body),
            guard::guard,
        ))
        .with_state(state)
}

/// One `POST /api/NAME` a command of the table: quick ones answered at once, long ones
/// with progress, caps and cancellation.
struct Commands(Router<AppState>);

impl Visit for Commands {
    fn visit<C: Command>(&mut self) {
        let path = format!("/api/{}", C::NAME);
        let router = std::mem::take(&mut self.0);
        self.0 = match C::SPAN {
            Span::Quick => router.route(&path, post(quick::answer::<C>)),
            Span::Long => router.route(&path, post(runs::run::<C>)),
        };
    }
}

/// `GET /api/status`: the runs under way and the caps, for the page and for tests.
async fn status(State(state): State<AppState>) -> Response {
    #[derive(serde::Serialize)]
    struct Status {
        runs: usize,
        max_runs: usize,
        max_trials: u64,
        max_points: usize,
        max_steps: u64,
        max_answer: u64,
        max_body: usize,
    }
    let l = state.limits;
    io::json(
        &Status {
            runs: state.runs_under_way(),
            max_runs: l.max_runs,
            max_trials: l.max_trials,
            max_points: l.max_points,
            max_steps: l.max_steps,
            max_answer: l.max_answer,
            max_body: l.max_body,
        },
        &[],
    )
}

async fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no such page or endpoint: docs/api.md lists them",
    )
}

async fn wrong_method() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "wrong method: a command's endpoint takes POST with a JSON body, a listing GET",
    )
}

/// Whether the server may listen on `addr`: the loopback always; any other address
/// only with `allow_remote` and the names it is reached by (`hosts`), and then with the
/// warning to print.
pub fn check_addr(
    addr: SocketAddr,
    allow_remote: bool,
    hosts: &[String],
) -> Result<Option<String>, String> {
    if addr.ip().is_loopback() {
        return Ok(None);
    }
    if !allow_remote {
        return Err(format!(
            "{addr} is not a loopback address: other machines could reach the playground; give --allow-remote to mean it"
        ));
    }
    if hosts.is_empty() {
        return Err(format!(
            "{addr} with --allow-remote needs the names other machines reach it by, each with --allow-host NAME (its DNS name or address): a server that answers any Host header can be driven by any web page through DNS rebinding"
        ));
    }
    Ok(Some(format!(
        "listening on {addr}, which other machines may reach: the playground has no authentication and runs what it is sent (within its caps)"
    )))
}

/// Serves the playground (with `wasm`, as [`router`] says) on `listener` until the
/// process ends: at most [`MAX_CONNECTIONS`] at once, each closed when its client is
/// slower than the `header_timeout` of `limits` to send a request's headers.
pub async fn serve(
    listener: tokio::net::TcpListener,
    limits: Limits,
    wasm: Option<Vec<u8>>,
) -> std::io::Result<()> {
    serve_for(listener, limits, wasm, Vec::new()).await
}

/// [`serve`], answering off the loopback to the names in `hosts` (see
/// [`check_addr`]).
pub async fn serve_for(
    listener: tokio::net::TcpListener,
    limits: Limits,
    wasm: Option<Vec<u8>>,
    hosts: Vec<String>,
) -> std::io::Result<()> {
    let bound = listener.local_addr()?;
    let access = Access {
        bound: Some(bound),
        hosts: hosts.into(),
    };
    let app = router_at(limits, wasm, access);
    let open = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let permit = open
            .clone()
            .acquire_owned()
            .await
            .map_err(std::io::Error::other)?;
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of descriptors, or a connection reset before it was accepted: wait a
            // moment rather than spin, and go on serving the others.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let _permit = permit;
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .serve_connection(
                    hyper_util::rt::TokioIo::new(stall::WriteDeadline::new(
                        stream,
                        limits.write_timeout,
                    )),
                    service,
                )
                .await;
        });
    }
}

/// Binds `addr`, calls `on_bound` with the address bound (port 0 picks one), and serves
/// on a runtime of its own until the process ends: the command line needs no runtime.
pub fn serve_blocking(
    addr: SocketAddr,
    limits: Limits,
    wasm: Option<Vec<u8>>,
    hosts: Vec<String>,
    on_bound: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        on_bound(listener.local_addr()?);
        serve_for(listener, limits, wasm, hosts).await
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_loopback_is_bound_without_asking() {
        let local: SocketAddr = "127.0.0.1:7878".parse().unwrap();
        assert_eq!(check_addr(local, false, &[]), Ok(None));
        assert_eq!(
            check_addr("[::1]:80".parse().unwrap(), false, &[]),
            Ok(None)
        );
        let any: SocketAddr = "0.0.0.0:7878".parse().unwrap();
        assert!(
            check_addr(any, false, &[])
                .unwrap_err()
                .contains("--allow-remote")
        );
        // Off the loopback, the names it is reached by are needed: none is not "any".
        assert!(
            check_addr(any, true, &[])
                .unwrap_err()
                .contains("--allow-host NAME")
        );
        assert!(
            check_addr(any, true, &["fray.lan".to_string()])
                .unwrap()
                .unwrap()
                .contains("other machines")
        );
    }
}
