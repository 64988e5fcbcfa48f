//! How the API refuses: a status and `{"error": message, "line": .., "column": ..}`,
//! the message worded as the command line words it (fray's own, with its location).

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use fray::request::RequestError;
use serde_json::json;

/// A refused request: its status, fray's message and the warnings found before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// 400 for a bad request, 413 for a body over the cap, 422 for work over a cap,
    /// 503 when the server is busy, 500 when a run failed inside.
    pub status: StatusCode,
    /// What was wrong, located where the input has a place.
    pub message: String,
    /// Doubts found on the way (probable typos).
    pub warnings: Vec<String>,
}

impl ApiError {
    /// A refusal with `status` and `message`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self {
            status,
            message: message.into(),
            warnings: Vec::new(),
        }
    }

    /// A request the library refused: 400 with its message and warnings.
    pub fn refused(e: RequestError) -> Self {
        Self {
            status: StatusCode::BAD_REQUEST,
            message: e.message,
            warnings: e.warnings,
        }
    }

    /// Work over one of the server's caps: 422, the cap named in `message`.
    pub fn over_cap(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// Every run slot is taken: 503, try again shortly.
    pub fn busy(what: &str, limit: usize) -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "busy: {limit} {what} already under way (fray serve --max-runs); try again in a moment"
            ),
        )
    }
}

/// The line and column a message names (`..., line 3, column 7: ...`), if it names one.
pub fn location(message: &str) -> Option<(u64, u64)> {
    let mut rest = message;
    while let Some(at) = rest.find("line ") {
        rest = &rest[at + 5..];
        let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
        let n = digits(rest);
        if n == 0 {
            continue;
        }
        let line = rest[..n].parse().ok()?;
        let Some(after) = rest[n..].strip_prefix(", column ") else {
            continue;
        };
        let m = digits(after);
        if m == 0 {
            continue;
        }
        return Some((line, after[..m].parse().ok()?));
    }
    None
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "error": self.message });
        if let Some((line, column)) = location(&self.message) {
            body["line"] = line.into();
            body["column"] = column.into();
        }
        if !self.warnings.is_empty() {
            body["warnings"] = self.warnings.into();
        }
        let text = fray_lab::answer::json_text(&body).unwrap_or_default();
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

    #[test]
    fn the_location_is_read_from_the_message() {
        assert_eq!(
            location("the scenario, line 3, column 17: oops"),
            Some((3, 17))
        );
        assert_eq!(
            location("a line 4 of no column, line 2, column 1"),
            Some((2, 1))
        );
        assert_eq!(location("--trials 0: expected a whole number"), None);
        assert_eq!(location("line x, line 5, column"), None);
    }
}
