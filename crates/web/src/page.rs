//! The page and its assets, embedded in the binary: nothing is fetched from elsewhere,
//! and no build step stands between the source and what the browser gets.

use axum::http::header;
use axum::response::IntoResponse;

/// The page: plain HTML, its script and style beside it, under a content security policy
/// that lets it load nothing from anywhere else.
pub(crate) async fn index() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, crate::guard::PAGE_POLICY),
        ],
        include_str!("../assets/index.html"),
    )
}

/// The page's script.
pub(crate) async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../assets/app.js"),
    )
}

/// The page's style.
pub(crate) async fn style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("../assets/style.css"),
    )
}

/// The page's icon (browsers ask for `/favicon.ico` whatever the page says).
pub(crate) async fn icon() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "image/svg+xml")],
        include_str!("../assets/favicon.svg"),
    )
}
