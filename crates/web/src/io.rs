//! What crosses the wire: a body read into one of the library's request types (its size
//! capped, its JSON errors located), and an answer written as the command line's
//! `--json` text, byte for byte.

use axum::body::{Body, to_bytes};
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use fray_commands::Command;
use fray_commands::call::{self, Origin};
use serde::Serialize;

use crate::error::ApiError;

/// The header that carries an answer's warnings and notes (a JSON list of strings,
/// non-ASCII escaped), so the body stays exactly what `--json` prints.
pub const WARNINGS: HeaderName = HeaderName::from_static("fray-warnings");

/// The body as command `C`'s request, and whether it asked for `strict` (every warning
/// a refusal), or the refusal: 413 past the body cap, 408 when the body takes longer
/// than `timeout` to arrive, 400 with serde's words and the place in the body for
/// malformed JSON or an unknown field.
pub async fn request<C: Command>(
    body: Body,
    limits: &crate::Limits,
) -> Result<(C::Request, bool), ApiError> {
    let max_body = limits.max_body;
    let timeout = limits.body_timeout;
    let bytes = match tokio::time::timeout(timeout, to_bytes(body, max_body)).await {
        Err(_) => {
            return Err(ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body took longer than {} s to arrive",
                    timeout.as_secs_f64()
                ),
            ));
        }
        Ok(Err(_)) => return Err(too_large(max_body)),
        Ok(Ok(bytes)) => bytes,
    };
    call::parse_strict::<C>(&bytes, Origin::Body).map_err(ApiError::refused)
}

/// The refusal of a body over the cap.
pub fn too_large(max_body: usize) -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!(
            "the request body is over this server's cap of {max_body} bytes (fray serve --max-body)"
        ),
    )
}

/// `answer` as `--json` prints it, with `warnings` in the [`WARNINGS`] header.
pub fn json(answer: &impl Serialize, warnings: &[String]) -> Response {
    match fray_lab::answer::json_text(answer) {
        Ok(text) => body(text, warnings),
        Err(e) => ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

/// An answer already written as `--json` text, with `warnings` in the [`WARNINGS`]
/// header.
pub fn body(text: String, warnings: &[String]) -> Response {
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    if !warnings.is_empty()
        && let Ok(v) = HeaderValue::from_str(&ascii_json(warnings))
    {
        headers.insert(WARNINGS, v);
    }
    response
}

/// `value` as compact JSON with everything outside printable ASCII escaped, as a header
/// value must be.
pub fn ascii_json(value: &(impl Serialize + ?Sized)) -> String {
    let text = serde_json::to_string(value).unwrap_or_default();
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() && !c.is_ascii_control() {
            out.push(c);
        } else {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{u:04x}"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_get_only_printable_ascii() {
        let s = ascii_json(&["é 🎲"]);
        assert_eq!(s, r#"["\u00e9 \ud83c\udfb2"]"#);
        let back: Vec<String> = serde_json::from_str(&s).unwrap();
        assert_eq!(back, ["é 🎲"]);
    }

    #[tokio::test]
    async fn a_json_error_names_its_place_once() {
        use fray_commands::pool::Check;
        let limits = crate::Limits {
            max_body: 100,
            ..crate::Limits::default()
        };
        let e = request::<Check>(Body::from("{\n  \"rung\": 3}"), &limits)
            .await
            .unwrap_err();
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
        let message = &e.refusal.message;
        assert!(
            message.starts_with("the request body, line 2, column "),
            "{message}"
        );
        assert!(!message.contains(" at line "), "{message}");
        let at = e.refusal.at.expect("placed");
        assert_eq!(
            (at.source.as_deref(), at.line),
            (Some("the request body"), 2)
        );
        let empty = request::<Check>(Body::from(" \n"), &limits).await.unwrap();
        assert_eq!(empty, Default::default());
    }
}
