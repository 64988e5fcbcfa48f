//! What keeps a server on the loopback safe from the other pages a browser opens: any
//! page can make the browser send a request to `127.0.0.1:7878`, and a DNS-rebinding
//! page can make it send one under a name of its own. So every request is checked
//! before it reaches a command:
//!
//! - `Host` must name the loopback (`localhost`, `127.0.0.1`, `[::1]`, or the bound
//!   address) with the bound port, when the server listens on the loopback (a request
//!   without `Host` comes from no browser and is let through);
//! - `Origin`, where a browser sends one, must be `http://` and such a host;
//! - a `POST` must say `Content-Type: application/json`, which no other site can send
//!   without the browser asking first (a preflight this server never allows), and come
//!   uncompressed (a `Content-Encoding` other than `identity` is refused, not misread);
//! - a body announced over the cap is refused at once (413), and what the client still
//!   sends of it is read and dropped for a moment, so that an ordinary client sees the
//!   413 rather than a reset connection.
//!
//! Every answer carries `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY` and
//! `Cache-Control: no-store`; the page also a content security policy.

use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;

use crate::error::ApiError;

/// The most of an over-cap body read and dropped after the 413, and for how long.
const DRAIN_BYTES: u64 = 64 << 20;
const DRAIN_TIME: Duration = Duration::from_secs(10);

/// The page's content security policy: everything from this server, nothing inline but
/// styles (the report pages shown in frames carry theirs), no framing by others; fray's
/// WebAssembly may be compiled, and run in a Worker the page makes from its own script.
pub const PAGE_POLICY: &str = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
     script-src 'self' 'wasm-unsafe-eval'; worker-src blob:; frame-src 'self'; frame-ancestors 'none'; \
     base-uri 'none'; form-action 'none'";

/// Which hosts the server answers to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Access {
    /// The address bound, once known (its port must be the one named).
    pub bound: Option<SocketAddr>,
    /// The names other machines reach a server off the loopback by (`fray serve
    /// --allow-host`), each `NAME` (at the bound port) or `NAME:PORT`: a page of another
    /// site that rebinds a name of its own to this machine is refused, and with no name
    /// given no browser is answered at all.
    pub hosts: std::sync::Arc<[String]>,
}

impl Access {
    /// Whether `host` (a `Host` header's value, or an origin's host) names this server:
    /// a loopback name, or the bound address, at the bound port.
    fn names_us(&self, host: &str) -> bool {
        let (name, port) = match host.rsplit_once(':') {
            Some((n, p)) if !n.ends_with(':') && p.bytes().all(|b| b.is_ascii_digit()) => {
                (n, p.parse::<u16>().ok())
            }
            _ => (host, None),
        };
        let Some(bound) = self.bound else {
            // Not bound yet (the router alone, in tests): any loopback name.
            return is_loopback_name(name);
        };
        let port_ok = port.unwrap_or(80) == bound.port();
        if !bound.ip().is_loopback() {
            // Listening for other machines (--allow-remote): only the names given, or
            // the address bound itself.
            let ip = name.trim_start_matches('[').trim_end_matches(']');
            return self.hosts.iter().any(|h| {
                let h = h.to_ascii_lowercase();
                let asked = name.to_ascii_lowercase();
                match h.rsplit_once(':') {
                    Some((n, p)) if p.bytes().all(|b| b.is_ascii_digit()) && !n.ends_with(':') => {
                        n == asked && p.parse::<u16>().ok() == Some(port.unwrap_or(80))
                    }
                    _ => h == asked && port_ok,
                }
            }) || (port_ok && !bound.ip().is_unspecified() && ip.parse() == Ok(bound.ip()));
        }
        let ip = name.trim_start_matches('[').trim_end_matches(']');
        port_ok && (is_loopback_name(name) || ip.parse() == Ok(bound.ip()))
    }

    /// The refusal of a request no page of this server could have sent, if it is one.
    fn check(&self, method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
        let text = |name| {
            headers
                .get(name)
                .and_then(|v: &HeaderValue| v.to_str().ok())
        };
        if let Some(host) = headers.get(header::HOST) {
            let host = host.to_str().unwrap_or("");
            if !self.names_us(host) {
                return Err(ApiError::new(
                    StatusCode::MISDIRECTED_REQUEST,
                    format!(
                        "this server answers only to its own address (localhost), not to `{}`",
                        fray::text::escape_controls(host)
                    ),
                ));
            }
        }
        if let Some(origin) = text(header::ORIGIN) {
            let ours = origin
                .strip_prefix("http://")
                .is_some_and(|host| self.names_us(host));
            if !ours {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    format!(
                        "a page from `{}` may not use this server: only its own page may",
                        fray::text::escape_controls(origin)
                    ),
                ));
            }
        }
        if method == Method::POST {
            let json = text(header::CONTENT_TYPE).is_some_and(|t| {
                t.split(';')
                    .next()
                    .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
            });
            if !json {
                return Err(ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    "a command takes its request as JSON: send Content-Type: application/json",
                ));
            }
            // A compressed body would be read as JSON and refused in confusing words.
            if let Some(coding) = text(header::CONTENT_ENCODING)
                && !coding.trim().eq_ignore_ascii_case("identity")
            {
                return Err(ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    format!(
                        "a request body encoded as `{}` is not read: send it uncompressed",
                        fray::text::escape_controls(coding)
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Whether a host name is the loopback's.
fn is_loopback_name(name: &str) -> bool {
    let ip = name.trim_start_matches('[').trim_end_matches(']');
    name.eq_ignore_ascii_case("localhost")
        || ip
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// The guard in front of every route: see the module's docs.
pub(crate) async fn guard(
    State((access, max_body)): State<(Access, usize)>,
    request: Request,
    next: Next,
) -> Response {
    if let Err(e) = access.check(request.method(), request.headers()) {
        return secured(e.into_response());
    }
    let announced = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > max_body as u64) {
        tokio::spawn(drain(request.into_body()));
        return secured(crate::io::too_large(max_body).into_response());
    }
    secured(next.run(request).await)
}

/// Reads and drops what a client still sends of a refused body, for a moment.
async fn drain(body: Body) {
    let mut stream = body.into_data_stream();
    let mut read = 0u64;
    let _ = tokio::time::timeout(DRAIN_TIME, async {
        while let Some(Ok(chunk)) = stream.next().await {
            read += chunk.len() as u64;
            if read > DRAIN_BYTES {
                break;
            }
        }
    })
    .await;
}

/// The headers every answer carries.
fn secured(mut response: Response) -> Response {
    let h = response.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_loopback_at_the_bound_port_is_us() {
        let a = Access {
            bound: Some("127.0.0.1:7878".parse().unwrap()),
            ..Access::default()
        };
        for ok in [
            "localhost:7878",
            "127.0.0.1:7878",
            "[::1]:7878",
            "LOCALHOST:7878",
        ] {
            assert!(a.names_us(ok), "{ok}");
        }
        for bad in [
            "evil.example:7878",
            "localhost:80",
            "localhost",
            "127.0.0.1.evil.example:7878",
            "",
        ] {
            assert!(!a.names_us(bad), "{bad}");
        }
        // Off the loopback, only the names given (a rebinding page's name is not one).
        let any = Access {
            bound: Some("0.0.0.0:7878".parse().unwrap()),
            hosts: vec!["fray.lan".to_string(), "10.0.0.5:80".to_string()].into(),
        };
        for ok in ["fray.lan:7878", "FRAY.lan:7878", "10.0.0.5"] {
            assert!(any.names_us(ok), "{ok}");
        }
        for bad in [
            "my-machine:7878",
            "fray.lan:9999",
            "evil.example:7878",
            "fray.lan",
        ] {
            assert!(!any.names_us(bad), "{bad}");
        }
        let nameless = Access {
            bound: Some("0.0.0.0:7878".parse().unwrap()),
            ..Access::default()
        };
        assert!(
            !nameless.names_us("my-machine:7878"),
            "no name given, none answered"
        );
        let bound_ip = Access {
            bound: Some("192.168.1.9:7878".parse().unwrap()),
            ..Access::default()
        };
        assert!(bound_ip.names_us("192.168.1.9:7878") && !bound_ip.names_us("evil.example:7878"));
        let unbound = Access::default();
        assert!(unbound.names_us("localhost:1234") && !unbound.names_us("evil.example"));
    }
}
