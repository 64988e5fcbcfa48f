//! The pool system: the ladder, the check, exact odds against brute force and sampling,
//! sides, and the attack roll; and the replay of every input that ever crashed a fuzz
//! target (`fuzz_replay`, all parsers).

mod battle;
mod check;
mod fuzz_replay;
mod kernel;
mod properties;
mod request;
mod robust;
mod rules_as_written;
mod sides;

/// Every battle file of `examples/pool`, with its path (for messages) and text: at
/// least two, so a test over them cannot pass on an empty folder.
fn example_files() -> Vec<(std::path::PathBuf, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/pool");
    let files: Vec<_> = (std::fs::read_dir(dir).unwrap())
        .map(|entry| {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            (path, text)
        })
        .collect();
    assert!(files.len() >= 2, "{} example files", files.len());
    files
}
