//! The page and its assets, embedded in the binary ([`crate::playground::ASSETS`]):
//! nothing is fetched from elsewhere, and no build step stands between the source and
//! what the browser gets. fray's WebAssembly, built apart, is served beside them when
//! the server was given it.

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::AppState;
use crate::error::ApiError;
use crate::playground::{self, WASM};

/// The page, under a content security policy that lets it load nothing from anywhere
/// else.
pub(crate) async fn index() -> Response {
    let page = playground::asset("index.html").map_or("", |a| a.text);
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, crate::guard::PAGE_POLICY),
        ],
        page,
    )
        .into_response()
}

/// One of the page's files by name (`/app.js`, `/fray.js`, `/style.css`, `/favicon.svg`).
pub(crate) fn asset(name: &'static str) -> Response {
    match playground::asset(name) {
        Some(a) => ([(header::CONTENT_TYPE, a.media_type)], a.text).into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// fray's WebAssembly, or 404 when the server has none (the page then runs everything
/// here).
pub(crate) async fn wasm(State(state): State<AppState>) -> Response {
    match &state.wasm {
        Some(bytes) => ([(header::CONTENT_TYPE, "application/wasm")], bytes.clone()).into_response(),
        None => ApiError::new(
            StatusCode::NOT_FOUND,
            format!("{WASM}: this server was started without fray's WebAssembly (`fray serve --wasm FILE`)"),
        )
        .into_response(),
    }
}
