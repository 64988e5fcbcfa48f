//! ARCHITECTURE.md names every command of the table and every crate of the workspace, so
//! the map cannot fall behind a new command or crate.

use std::path::Path;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

#[test]
fn the_map_names_every_command_and_every_crate() {
    let map = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let mut missing = Vec::new();
    for name in fray_commands::names() {
        if !map.contains(&format!("`fray {name}`")) {
            missing.push(format!("the command `fray {name}`"));
        }
    }
    let crates = std::fs::read_dir(root().join("crates")).expect("crates/");
    for entry in crates {
        let dir = entry.expect("a directory entry").file_name();
        let folder = format!("crates/{}/", dir.to_string_lossy());
        if !map.contains(&folder) {
            missing.push(format!("the crate {folder}"));
        }
    }
    if !map.contains("python/") {
        missing.push("the crate python/".into());
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md does not name {}",
        missing.join(", ")
    );
}
