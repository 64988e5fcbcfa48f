//! `fray serve`: the web API on a loopback port answers each request as the command
//! prints it with `--json`, and keeps to the loopback unless told.

use crate::common::*;

/// `fray serve` on a free loopback port, killed when dropped.
struct Served {
    child: std::process::Child,
    addr: String,
}

impl Served {
    fn start(args: &[&str]) -> Self {
        use std::io::BufRead;
        let mut child = std::process::Command::new(bin())
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|s| s.split('/').next())
            .unwrap_or_else(|| panic!("no address printed: {line:?}"))
            .to_string();
        Self { child, addr }
    }

    /// POSTs `body` to `path`: the status code and the body.
    fn post(&self, path: &str, body: &str) -> (u16, String) {
        use std::io::{Read, Write};
        let mut s = std::net::TcpStream::connect(&self.addr).unwrap();
        write!(
            s,
            "POST {path} HTTP/1.1\r\nhost: {}\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        )
        .unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        let status = out[9..12].parse().unwrap();
        let body = out.split_once("\r\n\r\n").unwrap().1.to_string();
        (status, body)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn serve_answers_byte_for_byte_what_json_prints() {
    let served = Served::start(&[]);
    let cases: [(&str, &str, &[&str]); 5] = [
        (
            "/api/check",
            r#"{"rung": "3/6", "bonus": 2}"#,
            &["check", "3/6", "--bonus", "2"],
        ),
        (
            "/api/damage",
            r#"{"amount": "17", "types": ["fire", "cold"], "vs": "Resist Fire; Vulnerable 5 Cold"}"#,
            &[
                "damage",
                "17",
                "fire",
                "cold",
                "--vs",
                "Resist Fire; Vulnerable 5 Cold",
            ],
        ),
        (
            "/api/battle",
            r#"{"example": "duel", "trials": 400, "seed": 9}"#,
            &[
                "battle",
                "--example",
                "duel",
                "--trials",
                "400",
                "--seed",
                "9",
                "--quiet",
            ],
        ),
        (
            "/api/sides",
            r#"{"a": "5x3/6+3b", "b": "7x4/6+1b"}"#,
            &["sides", "--a", "5x3/6+3b", "--b", "7x4/6+1b"],
        ),
        (
            "/api/sweep",
            r#"{"odds": "pool", "vary": [{"path": "bonus", "values": "0..2"}]}"#,
            &["sweep", "--odds", "pool", "--vary", "bonus=0..2"],
        ),
    ];
    for (path, body, args) in cases {
        let (status, answer) = served.post(path, body);
        assert_eq!(status, 200, "{path}: {answer}");
        let cli = ok(&[args, &["--json"][..]].concat());
        assert_eq!(answer, cli.stdout, "{path}");
    }
    // A refusal: 400 with the library's words, as the command's error.
    let (status, answer) = served.post("/api/check", r#"{"rung": "9/7"}"#);
    assert_eq!(status, 400);
    let message = &fray(&["check", "9/7"]).stderr;
    let v: Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(
        &format!("error: {}\n", v["error"].as_str().unwrap()),
        message
    );
}

#[test]
fn serve_keeps_to_the_loopback_unless_told() {
    refuse(
        &["serve", "--addr", "0.0.0.0:0"],
        expect![[r#"
            error: 0.0.0.0:0 is not a loopback address: other machines could reach the playground; give --allow-remote to mean it
        "#]],
    );
    // Remote, but named by nothing: refused rather than answering every Host.
    let run = fray(&["serve", "--addr", "0.0.0.0:0", "--allow-remote"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("--allow-host NAME"), "{}", run.stderr);
    let served = Served::start(&["--max-trials", "1000"]);
    let (status, answer) = served.post("/api/battle", r#"{"example": "duel", "trials": 1001}"#);
    assert_eq!(status, 422, "{answer}");
    assert!(answer.contains("at most 1000 a request"), "{answer}");
}
