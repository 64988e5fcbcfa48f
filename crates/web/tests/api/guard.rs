//! The server against other sites' pages and slow or oversized clients: what a browser
//! on the same machine could be made to send, and clients that never finish.

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use fray_web::Limits;
use http_body_util::BodyExt;
use tower::ServiceExt;

use super::{app, refused};

/// One raw request with `headers`, through the whole application.
async fn with_headers(
    app: &Router,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (StatusCode, axum::http::HeaderMap, String) {
    let mut request = Request::builder().method(method).uri(path);
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let response = app
        .clone()
        .oneshot(request.body(Body::from(body.to_string())).unwrap())
        .await
        .unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, headers, String::from_utf8(bytes.to_vec()).unwrap())
}

#[tokio::test]
async fn other_sites_cannot_use_the_server_through_a_browser() {
    let app = app();
    let json = ("content-type", "application/json");
    let check = r#"{"rung": "3/6"}"#;
    // The page's own requests pass.
    let (s, h, text) = with_headers(
        &app,
        "POST",
        "/api/check",
        &[
            json,
            ("host", "localhost:7878"),
            ("origin", "http://localhost:7878"),
        ],
        check,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{text}");
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["x-frame-options"], "DENY");
    assert_eq!(h["cache-control"], "no-store");
    // A form, plain text or multipart from any page: refused before any work.
    for kind in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let (s, _, text) =
            with_headers(&app, "POST", "/api/check", &[("content-type", kind)], check).await;
        assert_eq!(s, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{kind}: {text}");
        assert!(text.contains("application/json"), "{text}");
    }
    let (s, _, _) = with_headers(&app, "POST", "/api/check", &[], check).await;
    assert_eq!(s, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // A compressed body is refused, not read as if it were plain JSON.
    let (s, _, text) = with_headers(
        &app,
        "POST",
        "/api/check",
        &[json, ("content-encoding", "gzip")],
        check,
    )
    .await;
    assert_eq!(s, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{text}");
    assert!(
        text.contains("gzip") && text.contains("uncompressed"),
        "{text}"
    );
    // DNS rebinding: the browser names the attacker's host.
    let (s, _, text) = with_headers(
        &app,
        "POST",
        "/api/check",
        &[json, ("host", "evil.example:7878")],
        check,
    )
    .await;
    assert_eq!(s, StatusCode::MISDIRECTED_REQUEST, "{text}");
    assert!(text.contains("evil.example"), "{text}");
    let (s, _, _) = with_headers(&app, "GET", "/", &[("host", "rebound.example")], "").await;
    assert_eq!(s, StatusCode::MISDIRECTED_REQUEST);
    // Another site's page, even with JSON (which needs a preflight the server never allows).
    for origin in ["http://evil.example", "https://localhost:7878", "null"] {
        let (s, _, text) = with_headers(
            &app,
            "POST",
            "/api/check",
            &[json, ("origin", origin)],
            check,
        )
        .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{origin}: {text}");
    }
    let (s, _, _) = with_headers(
        &app,
        "OPTIONS",
        "/api/check",
        &[("origin", "http://evil.example")],
        "",
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    // The page may load nothing from elsewhere.
    let (s, h, _) = with_headers(&app, "GET", "/", &[("host", "127.0.0.1:7878")], "").await;
    assert_eq!(s, StatusCode::OK);
    let policy = h["content-security-policy"].to_str().unwrap();
    assert!(
        policy.contains("default-src 'self'") && policy.contains("frame-ancestors 'none'"),
        "{policy}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_and_oversized_clients_are_answered_and_let_go() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(fray_web::serve(
        listener,
        Limits {
            max_body: 4096,
            header_timeout: Duration::from_millis(500),
            body_timeout: Duration::from_millis(500),
            ..Limits::default()
        },
        None,
    ));
    let head = |len: usize| {
        format!(
            "POST /api/damage HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: {len}\r\n\r\n"
        )
    };
    async fn answer(s: &mut tokio::net::TcpStream) -> String {
        let mut out = vec![0u8; 4096];
        let n = tokio::time::timeout(Duration::from_secs(5), s.read(&mut out))
            .await
            .expect("an answer in time")
            .unwrap_or(0);
        String::from_utf8_lossy(&out[..n]).into_owned()
    }
    // An ordinary client sends all of a 5 MB body before it reads: it gets the 413.
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(head(5 << 20).as_bytes()).await.unwrap();
    s.write_all(&vec![b' '; 5 << 20])
        .await
        .expect("the body is read, not reset");
    let a = answer(&mut s).await;
    assert!(a.starts_with("HTTP/1.1 413"), "{a}");
    assert!(a.contains("4096 bytes"), "{a}");
    // A huge body announced and never sent: 413 at once, not after the body.
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(head(1 << 30).as_bytes()).await.unwrap();
    s.write_all(b"{}").await.unwrap();
    let a = answer(&mut s).await;
    assert!(a.starts_with("HTTP/1.1 413"), "{a}");
    // A body within the cap that never arrives: 408 after the body timeout.
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(head(100).as_bytes()).await.unwrap();
    let a = answer(&mut s).await;
    assert!(a.starts_with("HTTP/1.1 408"), "{a}");
    // Half a header, and silence: the connection is closed after the header timeout.
    let mut slow = Vec::new();
    for _ in 0..50 {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        s.write_all(b"POST /api/check HTTP/1.1\r\nhost: ")
            .await
            .unwrap();
        slow.push(s);
    }
    let mut closed = 0;
    for s in &mut slow {
        let mut buf = [0u8; 256];
        if let Ok(Ok(_)) = tokio::time::timeout(Duration::from_secs(3), s.read(&mut buf)).await {
            closed += 1;
        }
    }
    assert_eq!(closed, 50, "every slow client's connection was closed");
    // And the server still answers at once.
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let check = r#"{"rung": "3/6"}"#;
    s.write_all(format!("POST /api/check HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{check}", check.len()).as_bytes()).await.unwrap();
    let started = std::time::Instant::now();
    let a = answer(&mut s).await;
    assert!(a.starts_with("HTTP/1.1 200"), "{a}");
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[tokio::test]
async fn a_search_counts_its_battles_against_the_cap() {
    // No axis, so no point: only the search plays, 100,000,000 trials a value tried.
    let e = refused(
        &app(),
        "/api/sweep",
        r#"{"example": "pikes", "trials": 100000000, "find": {"path": "pool.b.combatants.Rider.count", "values": "6..12"}}"#,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    let m = e["error"].as_str().unwrap();
    // Two ends and three halvings of 6..12, each a run of 100,000,000 battles.
    assert!(
        m.starts_with("500000000 battles asked for") && m.contains("--max-trials"),
        "{m}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_reads_its_answers_is_let_go() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(fray_web::serve(
        listener,
        Limits {
            write_timeout: Duration::from_millis(500),
            ..Limits::default()
        },
        None,
    ));
    // 400 requests for a 35 KB schema, pipelined: about 14 MB of answers, more than the
    // sockets' buffers hold, so the server's writes wait on this client.
    let one = format!("GET /api/battle/schema HTTP/1.1\r\nhost: {addr}\r\n\r\n");
    let all = one.repeat(400);
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let _ = tokio::time::timeout(Duration::from_secs(2), s.write_all(all.as_bytes())).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    // The server has given up on it: what it wrote is there to read, then the end (or a
    // reset), not the rest of the answers and a connection kept open.
    let mut got = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut got)).await;
    assert!(read.is_ok(), "the connection was still open after 7 s");
    assert!(
        got.len() < 400 * 34_000,
        "every answer was written: {} bytes",
        got.len()
    );
}
