//! A bounded load test of the playground on loopback: many concurrent clients asking
//! for quick answers (damage traces and pool odds) for a few seconds, first alone, then
//! while a long battle streams; it prints latency percentiles, throughput and errors
//! (`docs/performance.md`, "Web server").
//!
//! `cargo run --release -p fray-web --example load [-- CLIENTS SECONDS [URL]]`: without
//! a URL it serves in this process on a free port; with one (`http://127.0.0.1:7878`)
//! it loads a running `fray serve`. It exits non-zero on any failed request.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// The quick requests the clients take turns at.
const REQUESTS: &[(&str, &str)] = &[
    (
        "/api/damage",
        r#"{"amount": 17, "types": ["fire", "cold"], "vs": "Resist Fire; Vulnerable 5 Cold"}"#,
    ),
    ("/api/check", r#"{"rung": "3/6", "bonus": 2}"#),
    (
        "/api/damage",
        r#"{"amount": "2d6+3", "types": ["fire"], "vs": "Resist 5 Fire"}"#,
    ),
    (
        "/api/tohit",
        r#"{"attacker_bonus": 3, "defender_bonus": 5}"#,
    ),
];

/// One keep-alive connection: sends a POST and reads the status and the whole body.
struct Client {
    stream: BufReader<TcpStream>,
}

impl Client {
    async fn connect(addr: SocketAddr) -> std::io::Result<Self> {
        let stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        Ok(Self {
            stream: BufReader::new(stream),
        })
    }

    async fn post(&mut self, path: &str, body: &str) -> std::io::Result<u16> {
        // The server answers only to its own address (crates/web/src/guard.rs).
        let host = self.stream.get_ref().peer_addr()?;
        let head = format!(
            "POST {path} HTTP/1.1\r\nhost: {host}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
            body.len()
        );
        let s = self.stream.get_mut();
        s.write_all(head.as_bytes()).await?;
        s.write_all(body.as_bytes()).await?;
        let mut line = String::new();
        self.stream.read_line(&mut line).await?;
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| std::io::Error::other(format!("no status line: {line:?}")))?;
        let mut length = 0usize;
        loop {
            line.clear();
            self.stream.read_line(&mut line).await?;
            if line == "\r\n" || line.is_empty() {
                break;
            }
            if let Some((k, v)) = line.split_once(':')
                && k.eq_ignore_ascii_case("content-length")
            {
                length = v.trim().parse().unwrap_or(0);
            }
        }
        let mut body = vec![0; length];
        self.stream.read_exact(&mut body).await?;
        Ok(status)
    }
}

/// What one phase measured.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    errors: u64,
    /// The first few failures, worded.
    seen: Vec<String>,
}

impl Tally {
    fn failed(&mut self, what: String) {
        self.errors += 1;
        if self.seen.len() < 3 {
            self.seen.push(what);
        }
    }
}

/// `clients` clients, each asking in turn until `seconds` are over.
async fn phase(addr: SocketAddr, clients: usize, seconds: u64) -> Tally {
    let end = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for c in 0..clients {
        tasks.push(tokio::spawn(async move {
            let mut t = Tally::default();
            let mut client = match Client::connect(addr).await {
                Ok(c) => c,
                Err(e) => {
                    t.failed(format!("connect: {e}"));
                    return t;
                }
            };
            let mut i = c;
            while Instant::now() < end {
                let (path, body) = REQUESTS[i % REQUESTS.len()];
                i += 1;
                let start = Instant::now();
                match client.post(path, body).await {
                    Ok(200) => t.latencies.push(start.elapsed()),
                    Ok(status) => t.failed(format!("{path}: status {status}")),
                    Err(e) => {
                        t.failed(format!("{path}: {e}"));
                        match Client::connect(addr).await {
                            Ok(fresh) => client = fresh,
                            Err(_) => return t,
                        }
                    }
                }
            }
            t
        }));
    }
    let mut all = Tally::default();
    for task in tasks {
        if let Ok(t) = task.await {
            all.latencies.extend(t.latencies);
            all.errors += t.errors;
            all.seen.extend(t.seen);
        } else {
            all.errors += 1;
        }
    }
    all
}

fn report(name: &str, mut t: Tally, seconds: u64) -> u64 {
    t.latencies.sort();
    for what in t.seen.iter().take(5) {
        println!("  failed: {what}");
    }
    let at = |q: f64| {
        let n = t.latencies.len();
        if n == 0 {
            return 0.0;
        }
        let i = ((q * n as f64).ceil() as usize).clamp(1, n) - 1;
        t.latencies[i].as_secs_f64() * 1000.0
    };
    println!(
        "{name}: {} requests ({:.0}/s), {} errors; latency ms: p50 {:.2}, p90 {:.2}, p99 {:.2}, max {:.2}",
        t.latencies.len(),
        t.latencies.len() as f64 / seconds as f64,
        t.errors,
        at(0.50),
        at(0.90),
        at(0.99),
        at(1.0)
    );
    t.errors
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let clients: usize = args
        .first()
        .and_then(|a| a.parse().ok())
        .unwrap_or(32)
        .clamp(1, 1000);
    let seconds: u64 = args
        .get(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5)
        .clamp(1, 120);
    let addr: SocketAddr = match args.get(2) {
        Some(url) => url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .map_err(std::io::Error::other)?,
        None => {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
            let addr = listener.local_addr()?;
            tokio::spawn(fray_web::serve(listener, fray_web::Limits::default(), None));
            addr
        }
    };
    println!("{clients} clients for {seconds} s each phase, against http://{addr}/");
    let mut errors = report(
        "quick answers alone",
        phase(addr, clients, seconds).await,
        seconds,
    );
    // A long battle (the pike square, 2,000,000 trials) streams through the next phase.
    let mut battle = Client::connect(addr).await?;
    let body = r#"{"example": "pikes", "trials": 2000000}"#;
    let head = format!(
        "POST /api/battle?stream=true HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
        body.len()
    );
    battle.stream.get_mut().write_all(head.as_bytes()).await?;
    battle.stream.get_mut().write_all(body.as_bytes()).await?;
    let mut first = String::new();
    battle.stream.read_line(&mut first).await?;
    if !first.contains(" 200 ") {
        println!("the long battle was refused: {first}");
        errors += 1;
    }
    errors += report(
        "while a long battle runs",
        phase(addr, clients, seconds).await,
        seconds,
    );
    // The battle was still under way: its stream still open, progress still coming.
    let mut line = String::new();
    let mut progress = 0;
    while progress < 3 && battle.stream.read_line(&mut line).await? > 0 {
        progress += usize::from(line.contains("\"progress\""));
        line.clear();
    }
    println!(
        "the long battle was streaming progress after the phase: {}",
        progress == 3
    );
    drop(battle);
    if errors > 0 {
        std::process::exit(1);
    }
    Ok(())
}
