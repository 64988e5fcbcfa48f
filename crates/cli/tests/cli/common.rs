//! What every test file shares: one runner of `fray` (with a cache, so a command line
//! that several tests need runs once), snapshot checks of what it prints, and paths.
//!
//! - [`fray`]: runs `fray ARGS` (or hands back the cached run) and asserts it did not
//!   panic; [`ok`] also asserts it succeeded, and [`json`] parses its output.
//! - [`check`]: asserts success and compares what it printed with an `expect![[...]]`
//!   snapshot (`UPDATE_EXPECT=1 cargo test` fills or updates the snapshots).
//! - [`refuse`]: asserts the refusal's exit code 2 and compares standard error with a
//!   snapshot.
//!
//! Snapshots hold [`normalise`]d text: the repository is `$ROOT` and the scratch
//! directory of this run is `$TMP`, so they read the same on every machine.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{LazyLock, Mutex, OnceLock};

pub use expect_test::{Expect, expect};
pub use serde_json::{Value, json};

/// What one run of `fray` did.
#[derive(Debug)]
pub struct Run {
    /// The exit code (-1 if a signal ended the process).
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `fray ARGS`, reads its standard error line by line until `ready` says a line
/// shows enough done, then interrupts it as Ctrl-C does (SIGINT): what it did, the rest
/// of standard error included. Panics if it ends first.
#[cfg(unix)]
pub fn interrupted(args: &[&std::ffi::OsStr], ready: impl Fn(&str) -> bool) -> Run {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command as Std, Stdio};

    let mut child = Std::new(bin())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    loop {
        line.clear();
        assert!(
            err.read_line(&mut line).unwrap() > 0,
            "ended before it was interrupted"
        );
        if ready(&line) {
            break;
        }
    }
    let sent = Std::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    let mut stderr = String::new();
    err.read_to_string(&mut stderr).unwrap();
    let code = child.wait().unwrap().code().unwrap_or(-1);
    Run {
        code,
        stdout,
        stderr,
    }
}

/// The `fray` binary, for the few tests that start a process by hand (a timeout, a
/// signal, a server).
pub fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("fray")
}

/// Runs `fray ARGS` now, bypassing the cache: for a test that a second run must really
/// happen (the same seed replays the same numbers).
pub fn fray_again(args: &[&str]) -> Run {
    let out = std::process::Command::new(bin())
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{args:?}: cannot run fray: {e}"));
    let text = |bytes: Vec<u8>, what: &str| {
        String::from_utf8(bytes).unwrap_or_else(|e| panic!("{args:?}: {what} is not UTF-8: {e}"))
    };
    let run = Run {
        code: out.status.code().unwrap_or(-1),
        stdout: text(out.stdout, "standard output"),
        stderr: text(out.stderr, "standard error"),
    };
    assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.stderr);
    run
}

/// Runs `fray ARGS` once for the whole test binary: a later call with the same
/// arguments (and the same contents in every file they name) gets the same run.
/// Asserts that fray did not panic.
pub fn fray(args: &[&str]) -> &'static Run {
    /// The arguments, and a hash of the contents of each one that names a file.
    type Key = (Vec<String>, Vec<Option<u64>>);
    static RUNS: LazyLock<Mutex<HashMap<Key, &'static OnceLock<Run>>>> =
        LazyLock::new(Default::default);
    // A file rewritten between two runs is another input.
    let contents = args.iter().map(|arg| {
        Path::new(arg).is_file().then(|| {
            let mut hash = DefaultHasher::new();
            std::fs::read(arg).unwrap().hash(&mut hash);
            hash.finish()
        })
    });
    let key = (
        args.iter().map(|a| a.to_string()).collect(),
        contents.collect(),
    );
    let cell: &'static OnceLock<Run> = RUNS
        .lock()
        .unwrap()
        .entry(key)
        .or_insert_with(|| Box::leak(Box::default()));
    cell.get_or_init(|| fray_again(args))
}

/// [`fray`], asserting success.
pub fn ok(args: &[&str]) -> &'static Run {
    let run = fray(args);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    run
}

/// [`fray`], asserting success, and its standard output parsed as JSON.
pub fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args).stdout)
        .unwrap_or_else(|e| panic!("{args:?}: the output is not JSON: {e}"))
}

/// Runs `fray ARGS`, asserts success, and compares standard output (and standard
/// error, after a `--- stderr` line, if there is any) with the snapshot.
pub fn check(args: &[&str], expected: Expect) -> &'static Run {
    let run = ok(args);
    let mut text = normalise(&run.stdout);
    if !run.stderr.is_empty() {
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str("--- stderr\n");
        text.push_str(&normalise(&run.stderr));
    }
    expected.assert_eq(&text);
    run
}

/// Runs `fray ARGS`, asserts it refused the input (exit code 2, without a panic), and
/// compares standard error with the snapshot.
pub fn refuse(args: &[&str], expected: Expect) -> &'static Run {
    let run = fray(args);
    assert_eq!(run.code, 2, "{args:?}: {}{}", run.stdout, run.stderr);
    expected.assert_eq(&normalise(&run.stderr));
    run
}

/// The repository's root as the tests name it.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// A path in the repository, e.g. `root("examples/battles/duel.toml")`.
pub fn root(path: &str) -> String {
    format!("{ROOT}/{path}")
}

/// A bundled example's path, e.g. `example("evasion/knight.toml")`.
pub fn example(path: &str) -> String {
    root(&format!("examples/{path}"))
}

/// The scratch directory of this run of the tests.
fn scratch_root() -> &'static Path {
    static DIR: LazyLock<PathBuf> = LazyLock::new(|| {
        std::env::temp_dir().join(format!("fray-cli-tests-{}", std::process::id()))
    });
    &DIR
}

/// An empty directory of the test's own, `$TMP/NAME` in snapshots. Each name is handed
/// out once a run, so that no two tests running at once share a directory.
pub fn scratch(name: &str) -> PathBuf {
    static TAKEN: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let fresh = {
        let mut taken = TAKEN.lock().unwrap();
        let fresh = !taken.iter().any(|t| t == name);
        taken.push(name.to_string());
        fresh
    };
    assert!(fresh, "scratch directory `{name}` is taken");
    let dir = scratch_root().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `contents` to `dir/name` and gives the path as an argument.
pub fn write(dir: &Path, name: &str, contents: impl AsRef<[u8]>) -> String {
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path.to_str().unwrap().to_string()
}

/// `text` with this machine's paths replaced: the scratch directory by `$TMP` and the
/// repository by `$ROOT`.
pub fn normalise(text: &str) -> String {
    let mut text = text.replace(scratch_root().to_str().unwrap(), "$TMP");
    text = text.replace(ROOT, "$ROOT");
    if let Ok(real) = Path::new(ROOT).canonicalize() {
        text = text.replace(real.to_str().unwrap(), "$ROOT");
    }
    text
}

// Requests: the library's answer beside the command's.

/// What `fray ARGS` gives: its JSON output, or its error message (standard error from
/// `error: ` on, without the final new line).
pub fn cli_answer(args: &[&str]) -> Result<Value, String> {
    let run = fray(args);
    if run.code == 0 {
        return Ok(serde_json::from_str(&run.stdout).expect("--json output is JSON"));
    }
    let at = run
        .stderr
        .find("error: ")
        .unwrap_or_else(|| panic!("{args:?}: no error in {}", run.stderr));
    Err(run.stderr[at + "error: ".len()..].trim_end().to_string())
}

/// Asserts the library's answer to a request equals the command's for `args`.
pub fn same_as_cli(library: Result<Value, String>, args: &[&str]) {
    assert_eq!(library, cli_answer(args), "{args:?}");
}

/// Each (request JSON, command arguments) pair answers alike, `--json` added.
pub fn each_same_as_cli(cases: &[(&str, &[&str])], answer: impl Fn(&str) -> Result<Value, String>) {
    for (json, args) in cases {
        same_as_cli(answer(json), &[args, &["--json"][..]].concat());
    }
}

/// The request is refused, and the message says `phrase`.
pub fn refusal(answer: Result<Value, String>, phrase: &str) {
    let message = answer.expect_err("a refusal");
    assert!(message.contains(phrase), "{message}");
}

/// A result as JSON read back from its text, as the command's output is read: serde_json
/// reads some floats one unit in the last place off, the same way for both sides.
pub fn as_read(result: &impl serde::Serialize) -> Value {
    serde_json::from_str(&serde_json::to_string(result).unwrap()).unwrap()
}

/// A request of type `R` from JSON, validated and run by `run`, as JSON or its refusal.
pub fn request_of<R: serde::de::DeserializeOwned, A: serde::Serialize>(
    json: &str,
    run: impl Fn(R) -> Result<A, fray::request::Refusal>,
) -> Result<Value, String> {
    let request: R = serde_json::from_str(json).map_err(|e| e.to_string())?;
    run(request).map(|a| as_read(&a)).map_err(as_cli)
}

/// A library refusal as the command line words it: its field as the flag that sets it
/// (the field's last name, `-` for `_`; every field these tests refuse is a flag).
pub fn as_cli(e: fray::request::Refusal) -> String {
    e.worded(|path| {
        let last = path.rsplit('.').next().unwrap_or(path);
        format!("--{}", last.replace('_', "-"))
    })
}
