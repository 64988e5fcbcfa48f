//! The server under hostile requests, on a real loopback socket: each request any web
//! page could make the browser send, within the default caps. After each, a plain
//! `/api/check` answers within 100 ms; a request whose client leaves spends no CPU two
//! seconds later; and the process's peak memory stays under 1 GB.
//!
//! One test in its own binary, so the process's CPU time and peak memory are the
//! server's alone (and this client's, which is small).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use fray_web::Limits;
use serde_json::{Value, json};

/// Starts the server on a free loopback port, on its own thread, as `fray serve` does.
fn start() -> SocketAddr {
    start_with(Limits::default())
}

/// Starts a server with the caps given (a user's `fray serve --max-steps ...`).
fn start_with(limits: Limits) -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let addr: SocketAddr = "127.0.0.1:0".parse().unwrap();
        fray_web::serve_blocking(addr, limits, None, Vec::new(), |bound| {
            tx.send(bound).unwrap();
        })
        .unwrap();
    });
    rx.recv_timeout(Duration::from_secs(10)).unwrap()
}

/// Sends one request and returns the connection, the answer not yet read.
fn send(addr: SocketAddr, path: &str, body: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body.as_bytes()).unwrap();
    s
}

/// One request, answered whole: its status and body.
fn post(addr: SocketAddr, path: &str, body: &str) -> (u16, String) {
    let mut s = send(addr, path, body);
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text[9..12].parse().unwrap();
    let body = text
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

/// The refusal's message, after checking the request was refused with `status` quickly.
fn refused(addr: SocketAddr, path: &str, body: &str, status: u16) -> String {
    let start = Instant::now();
    let (got, text) = post(addr, path, body);
    assert_eq!(got, status, "{path}: {text}");
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{path}: refused only after {:?}",
        start.elapsed()
    );
    let v: Value = serde_json::from_str(&text).unwrap();
    v["error"].as_str().unwrap().to_string()
}

/// A plain check still answers, within 100 ms.
fn still_answers(addr: SocketAddr, after: &str) {
    let start = Instant::now();
    let (status, _) = post(addr, "/api/check", r#"{"rung": "3/6"}"#);
    let took = start.elapsed();
    assert_eq!(status, 200, "after {after}");
    assert!(
        took < Duration::from_millis(100),
        "after {after}: /api/check took {took:?}"
    );
}

/// This process's CPU time (user and system) so far.
fn cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    // Fields after the command's closing parenthesis: utime and stime are 14th and 15th.
    let rest = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<u64> = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .map(|f| f.parse().unwrap())
        .collect();
    // Linux counts in clock ticks of 1/100 s.
    Duration::from_millis((fields[0] + fields[1]) * 10)
}

/// The process's peak resident memory, in bytes.
fn peak_memory() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    let kb: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kb * 1024
}

/// After a client left: two seconds on, the process spends (almost) no CPU.
fn idle_after_leaving(what: &str) {
    std::thread::sleep(Duration::from_secs(2));
    let before = cpu();
    std::thread::sleep(Duration::from_secs(1));
    let spent = cpu() - before;
    assert!(
        spent <= Duration::from_millis(50),
        "{what}: {spent:?} of CPU in the second from 2 s after the client left"
    );
}

/// A pool battle of `count` a side, each fighter in heavy armor with `hp` hit points
/// (at 10,000 a side and 500 hit points, a battle lasts seconds).
fn horde(count: u32, hp: u32) -> String {
    format!(
        r#"name = "Horde"
system = "pool"
trials = 1
seed = 1
max_rounds = 2000

[pool.a]
name = "Pikes"

[[pool.a.combatants]]
name = "Pikeman"
count = {count}
hp = {hp}
armor = "heavy"

[pool.b]
name = "Riders"

[[pool.b.combatants]]
name = "Rider"
count = {count}
hp = {hp}
armor = "heavy"
"#
    )
}

#[test]
fn hostile_requests_are_refused_or_stopped_and_the_server_still_answers() {
    let addr = start();
    still_answers(addr, "starting");

    // A 42-byte distribution of ten seconds and a 45 MB answer: over the steps cap.
    let dice = json!({"amount": "999d1000", "types": ["fire"]}).to_string();
    let e = refused(addr, "/api/damage", &dice, 422);
    assert!(e.contains("--max-steps"), "{e}");
    still_answers(addr, "a huge distribution");

    // Sixteen of them at once fill no slot for long.
    let all: Vec<_> = (0..16)
        .map(|_| {
            let dice = dice.clone();
            std::thread::spawn(move || post(addr, "/api/damage", &dice).0)
        })
        .collect();
    for t in all {
        assert_eq!(t.join().unwrap(), 422);
    }
    still_answers(addr, "sixteen huge distributions at once");

    // An odds sweep of 400 distributions of 100d1000 (about 36 GB as it was).
    let odds = json!({"odds": "damage", "set": ["amount=100d1000"],
        "vary": [{"path": "attacker_level", "values": "0..399"}]});
    let e = refused(addr, "/api/sweep", &odds.to_string(), 422);
    assert!(
        e.contains("--max-steps") || e.contains("--max-answer"),
        "{e}"
    );
    still_answers(addr, "an odds sweep of huge distributions");

    // Few dice steps, but every total resolved against 40 types and 400 traits (the
    // auditor's 2.1 KB request took 39 s of CPU): its types × traits × totals counted.
    let types: Vec<String> = (0..40).map(|i| format!("kind{i}")).collect();
    let traits: Vec<String> = (0..400)
        .map(|i| format!("Resist {} kind{}", i % 9 + 1, i % 40))
        .collect();
    let wide = json!({"amount": "200d400", "types": types, "vs": traits.join("; ")}).to_string();
    let e = refused(addr, "/api/damage", &wide, 422);
    assert!(e.contains("--max-steps"), "{e}");
    still_answers(addr, "a distribution against many types and traits");

    // An encounter of 600 creatures with auras of 100 squares: each move settles every
    // aura against every creature (38 s, then refused for its answer's size).
    let mut script = String::new();
    for i in 0..600 {
        let side = if i % 2 == 0 { "a" } else { "b" };
        script.push_str(&format!(
            "[[creature]]\nname = \"C{i}\"\nside = \"{side}\"\nhp = 30\nposition = [{}, {}]\naura = 100\n",
            i % 30,
            i / 30
        ));
    }
    script.push_str("[[step]]\ndo = \"query\"\nwhat = \"conditions\"\ncreature = \"C0\"\n");
    let e = refused(
        addr,
        "/api/encounter",
        &json!({"script": script}).to_string(),
        422,
    );
    assert!(
        e.contains("--max-steps") || e.contains("--max-answer"),
        "{e}"
    );
    still_answers(addr, "an encounter of 600 auras");

    // A distribution of few steps but 250,000 totals: over the answer cap.
    let wide = json!({"amount": "25d10000"}).to_string();
    let e = refused(addr, "/api/damage", &wide, 422);
    assert!(e.contains("--max-answer"), "{e}");
    still_answers(addr, "a distribution of a huge answer");

    // 400 points of a 10,000-a-side battle at one trial each (6.4 GB and a 2 GB answer
    // as it was): refused by what its points would hold, once that passes the bound.
    let sweep = json!({"scenario": horde(10_000, 7), "trials": 1,
        "vary": [{"path": "pool.b.combatants.Rider.hp", "values": "1..400"}]});
    let e = refused(addr, "/api/sweep", &sweep.to_string(), 400);
    assert!(e.contains("MiB"), "{e}");
    still_answers(addr, "a sweep of huge battles");

    // 400 points of a 500-a-side battle: each point's report lists 1,000 fighters.
    let sweep = json!({"scenario": horde(500, 7), "trials": 1,
        "vary": [{"path": "pool.b.combatants.Rider.hp", "values": "1..400"}]});
    let e = refused(addr, "/api/sweep", &sweep.to_string(), 422);
    assert!(
        e.contains("--max-answer") || e.contains("--max-steps"),
        "{e}"
    );
    still_answers(addr, "a sweep of large reports");

    // 193 bytes of mass battle: 10,000 a side, 1,000,000 hit points, 2,500 rounds. Its
    // round-by-round log (kept whole until written) grew past 3 GB.
    let mass = json!({"battle": "max_rounds = 2500\n[a]\nname = \"A\"\n[[a.combatants]]\nname = \"x\"\ncount = 10000\nhp = 1000000\n[b]\nname = \"B\"\n[[b.combatants]]\nname = \"y\"\ncount = 10000\nhp = 1000000\n"});
    let e = refused(addr, "/api/mass-battle", &mass.to_string(), 400);
    assert!(e.contains("log") && e.contains("quiet"), "{e}");
    // Without its log, it is still refused for the steps its rounds could take.
    let mut quiet = mass.clone();
    quiet["quiet"] = json!(true);
    let e = refused(addr, "/api/mass-battle", &quiet.to_string(), 422);
    assert!(e.contains("--max-steps"), "{e}");
    still_answers(addr, "a mass battle of a huge log");

    // 241 bytes of battle: one against one, 1,000,000 hit points, 100,000 rounds,
    // 2,000,000 trials (about 7 CPU-hours), counted as 4,000,000 steps when a battle's
    // rounds were not counted.
    let long = json!({"scenario": "system = \"pool\"\ntrials = 2000000\nmax_rounds = 100000\n[pool.a]\nname = \"A\"\n[[pool.a.combatants]]\nname = \"x\"\nhp = 1000000\n[pool.b]\nname = \"B\"\n[[pool.b.combatants]]\nname = \"y\"\nhp = 1000000\n"});
    let e = refused(addr, "/api/battle", &long.to_string(), 422);
    assert!(e.contains("--max-steps"), "{e}");
    still_answers(addr, "a battle of many long rounds");

    // A thousand threads for one small battle: held to the server's cores.
    let threads = json!({"example": "pikes", "trials": 1000, "threads": 1024});
    let e = refused(addr, "/api/battle", &threads.to_string(), 422);
    assert!(e.contains("cores"), "{e}");
    still_answers(addr, "a thousand threads asked for");

    // A 1 MB scenario at 10,000 points: refused before any point is checked.
    let padded = format!(
        "{}\n# {}\n",
        fray_lab::examples::find("pikes").unwrap().text,
        "x".repeat(900_000)
    );
    let grid = json!({"scenario": padded, "vary": [
        {"path": "pool.a.combatants.Pikeman.hp", "values": "1..100"},
        {"path": "pool.b.combatants.Rider.hp", "values": "1..100"}]});
    let e = refused(addr, "/api/sweep", &grid.to_string(), 400);
    assert!(e.contains("MiB"), "{e}");
    still_answers(addr, "a huge scenario at many points");

    // An unknown path, long, among 20,000 fields: no suggestion search of minutes.
    let mut many =
        String::from("name = \"Many\"\nsystem = \"pool\"\ntrials = 1\n[pool.a]\nname = \"A\"\n");
    for i in 0..10_000 {
        many.push_str(&format!(
            "[[pool.a.combatants]]\nname = \"c{i}\"\nhp = 5\nbonus = 1\n"
        ));
    }
    many.push_str("[pool.b]\nname = \"B\"\n[[pool.b.combatants]]\nname = \"r\"\nhp = 5\n");
    let unknown = json!({"scenario": many,
        "vary": [{"path": "q".repeat(200_000), "values": "1..3"}]});
    let e = refused(addr, "/api/sweep", &unknown.to_string(), 400);
    assert!(
        e.contains("names no numeric field"),
        "{}",
        &e[e.len() - 200..]
    );
    still_answers(addr, "an unknown path among 20,000 fields");

    // A streamed battle of 10,000 a side (seconds a battle), left after its headers:
    // it stops within a round, not at the end of its chunk of 256 battles. Its rounds
    // are past the default steps cap: a user who raised it to play it.
    let battle = json!({"scenario": horde(10_000, 500).replace("trials = 1", "trials = 300")});
    let e = refused(addr, "/api/battle", &battle.to_string(), 422);
    assert!(e.contains("--max-steps"), "{e}");
    let addr = start_with(Limits {
        max_steps: u64::MAX,
        ..Limits::default()
    });
    let mut s = send(addr, "/api/battle?stream=true", &battle.to_string());
    let mut head = [0u8; 12];
    s.read_exact(&mut head).unwrap();
    assert_eq!(&head[9..12], b"200");
    std::thread::sleep(Duration::from_millis(500));
    drop(s);
    idle_after_leaving("a streamed battle of 10,000 a side");
    still_answers(addr, "a streamed battle whose client left");

    // A quick mass battle of 2,000 a side that lasts all its 2,000 rounds (seconds),
    // left before its answer: it stops
    // within a round.
    let army = horde(2_000, 100_000);
    let sides = army.split_once("[pool.a]").unwrap().1.replace("pool.", "");
    let mass = format!("max_rounds = 2000\n[a]{sides}");
    let s = send(
        addr,
        "/api/mass-battle",
        &json!({"battle": mass, "quiet": true}).to_string(),
    );
    std::thread::sleep(Duration::from_millis(500));
    s.shutdown(std::net::Shutdown::Both).unwrap();
    drop(s);
    idle_after_leaving("a quick mass battle whose client left");
    still_answers(addr, "a quick mass battle whose client left");

    // Sixteen of the heaviest distributions the caps accept (about half a second each),
    // and sixteen encounters near the cap, each left as soon as sent: the ones waiting
    // for a slot never start, and none runs on for long.
    let types: Vec<String> = (0..30).map(|i| format!("kind{i}")).collect();
    let traits: Vec<String> = (0..150)
        .map(|i| format!("Resist {} kind{}", i % 9 + 1, i % 30))
        .collect();
    let heavy = json!({"amount": "60d300", "types": types, "vs": traits.join("; ")}).to_string();
    let mut crowd = String::new();
    for i in 0..200 {
        let side = if i % 2 == 0 { "a" } else { "b" };
        crowd.push_str(&format!(
            "[[creature]]\nname = \"C{i}\"\nside = \"{side}\"\nhp = 30\nposition = [{}, {}]\naura = 3\n",
            i % 20,
            i / 20
        ));
    }
    crowd.push_str("[[step]]\ndo = \"query\"\nwhat = \"conditions\"\ncreature = \"C0\"\n");
    let encounter = json!({"script": crowd}).to_string();
    let left: Vec<TcpStream> = (0..16)
        .flat_map(|_| {
            [
                send(addr, "/api/damage", &heavy),
                send(addr, "/api/encounter", &encounter),
            ]
        })
        .collect();
    std::thread::sleep(Duration::from_millis(100));
    for s in left {
        s.shutdown(std::net::Shutdown::Both).unwrap();
    }
    idle_after_leaving("32 quick answers whose clients left");
    still_answers(addr, "32 quick answers whose clients left");

    // 1,100 clients that send half their headers and wait, and 260 that pipeline
    // requests and never read their answers: a plain request still answers at once.
    let slow: Vec<TcpStream> = (0..1100)
        .map(|_| {
            let mut s = TcpStream::connect(addr).unwrap();
            s.write_all(b"POST /api/check HTTP/1.1\r\nHost: ").unwrap();
            s
        })
        .collect();
    let request = format!(
        "POST /api/check HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{{\"rung\": \"3/6\"}}"
    );
    let pipelined: Vec<TcpStream> = (0..260)
        .map(|_| {
            let mut s = TcpStream::connect(addr).unwrap();
            s.set_write_timeout(Some(Duration::from_millis(200)))
                .unwrap();
            // As many as go out before the server stops reading (its answers unread).
            for _ in 0..64 {
                if s.write_all(request.as_bytes()).is_err() {
                    break;
                }
            }
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    still_answers(addr, "1,100 slow clients and 260 that never read");
    drop(slow);
    drop(pipelined);

    let peak = peak_memory();
    assert!(peak < 1 << 30, "peak memory {peak} bytes");
}
