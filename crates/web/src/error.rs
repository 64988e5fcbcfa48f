//! How the API refuses: a status and the library's [`Refusal`] as JSON,
//! `{"error": message, "line", "column", "source", "width", "hint", "warnings"}` (each
//! of the others only when the refusal has it). The place is the refusal's own data,
//! never read back out of its message.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use fray::request::Refusal;
use serde_json::Value;

/// A refused request: its status and the library's refusal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// 400 for a bad request, 413 for a body over the cap, 422 for work over a cap,
    /// 503 when the server is busy, 500 when a run failed inside.
    pub status: StatusCode,
    /// What was wrong, where, and the warnings found before it (boxed: a handler's
    /// `Result` stays small).
    pub refusal: Box<Refusal>,
}

impl ApiError {
    /// A refusal with `status` and `message`, at no place.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self {
            status,
            refusal: Box::new(Refusal::new(message)),
        }
    }

    /// A request the library refused: 400 with its refusal whole.
    pub fn refused(refusal: Refusal) -> Self {
        Self {
            status: StatusCode::BAD_REQUEST,
            refusal: Box::new(refusal),
        }
    }

    /// Work over one of the server's caps: 422, the cap named in `message`.
    pub fn over_cap(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// Every slot of a kind is taken: 503, try again shortly. `cap` says what sets the
    /// limit (a flag of `fray serve`, or the server's own bound).
    pub fn busy(what: &str, limit: usize, cap: &str) -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("busy: {limit} {what} already under way ({cap}); try again in a moment"),
        )
    }

    /// The client went away before its answer was begun: nobody reads this (499, as
    /// servers log a client that closed its request).
    pub fn client_left() -> Self {
        Self::new(
            StatusCode::from_u16(499).unwrap_or(StatusCode::BAD_REQUEST),
            "the client closed the request before its answer was begun",
        )
    }

    /// The refusal as the JSON object the API answers (as every front end writes it:
    /// [`fray_commands::envelope::refusal`]).
    pub fn body(&self) -> Value {
        fray_commands::envelope::refusal(&self.refusal)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let text = fray_lab::answer::json_text(&self.body()).unwrap_or_default();
        let mut response = (self.status, text).into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray::request::Place;
    use serde_json::json;

    #[test]
    fn a_place_is_written_from_the_refusal_not_its_words() {
        // Words that look like a place are only words.
        let e = ApiError::refused(Refusal::new("a line 4, column 2 of no file"));
        assert_eq!(e.body(), json!({"error": "a line 4, column 2 of no file"}));
        let placed = Refusal::new("x").at(Place {
            source: Some("the scenario".into()),
            line: 3,
            column: 17,
            width: 2,
        });
        let b = ApiError::refused(placed.with_hint("try y")).body();
        assert_eq!(
            b,
            json!({"error": "x", "line": 3, "column": 17, "width": 2,
                   "source": "the scenario", "hint": "try y"})
        );
    }
}
