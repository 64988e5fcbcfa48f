//! What crosses the wire: a body read into one of the library's request types (its size
//! capped, its JSON errors located), and an answer written as the command line's
//! `--json` text, byte for byte.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// The header that carries an answer's warnings and notes (a JSON list of strings,
/// non-ASCII escaped), so the body stays exactly what `--json` prints.
pub const WARNINGS: HeaderName = HeaderName::from_static("fray-warnings");

/// The body as a request of type `R`, or the refusal: 413 past the body cap, 400 with
/// serde's message and place for malformed JSON or an unknown field.
pub fn request<R: DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
    max_body: usize,
) -> Result<R, ApiError> {
    let bytes = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the request body is over this server's cap of {max_body} bytes (fray serve --max-body)"),
            )
        } else {
            ApiError::new(e.status(), e.body_text())
        }
    })?;
    let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &bytes
    };
    serde_json::from_slice(bytes).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!(
                "the request body, line {}, column {}: {}",
                e.line(),
                e.column(),
                without_place(&e.to_string())
            ),
        )
    })
}

/// serde_json's message without its trailing ` at line L column C`.
fn without_place(message: &str) -> &str {
    message
        .rfind(" at line ")
        .map_or(message, |i| &message[..i])
}

/// `answer` as `--json` prints it, with `warnings` in the [`WARNINGS`] header.
pub fn json(answer: &impl Serialize, warnings: &[String]) -> Response {
    let text = match fray_lab::answer::json_text(answer) {
        Ok(text) => text,
        Err(e) => {
            return ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response();
        }
    };
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

    #[test]
    fn a_json_error_names_its_place_once() {
        let e = request::<fray::pool::request::CheckRequest>(
            Ok(Bytes::from_static(b"{\n  \"rung\": 3}")),
            100,
        )
        .unwrap_err();
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
        assert!(
            e.message.starts_with("the request body, line 2, column "),
            "{}",
            e.message
        );
        assert!(!e.message.contains(" at line "), "{}", e.message);
        let empty: fray::pool::request::CheckRequest =
            request(Ok(Bytes::from_static(b" \n")), 100).unwrap();
        assert_eq!(empty, Default::default());
    }
}
