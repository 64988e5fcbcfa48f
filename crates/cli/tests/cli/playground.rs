//! `fray playground --out DIR`: the page's files, fray's WebAssembly beside them, and the
//! single file with everything inlined; a file that is no WebAssembly is refused, by
//! `fray serve --wasm` too, before anything is written or bound.

use crate::common::*;

/// The smallest WebAssembly module: its magic number and version.
const MODULE: &[u8] = b"\0asm\x01\0\0\0";

#[test]
fn the_folder_and_the_single_file_are_written() {
    let dir = scratch("playground");
    let wasm = write(&dir, "fray_wasm.wasm", MODULE);
    let out = dir.join("site");
    let run = ok(&[
        "playground",
        "--out",
        out.to_str().unwrap(),
        "--wasm",
        &wasm,
    ]);
    for name in [
        "index.html",
        "fray.js",
        "app.js",
        "style.css",
        "favicon.svg",
        "fray.wasm",
        "fray.html",
    ] {
        assert!(out.join(name).is_file(), "{name} was not written");
        assert!(
            run.stdout.contains(name),
            "{name} is not listed: {}",
            run.stdout
        );
    }
    assert_eq!(std::fs::read(out.join("fray.wasm")).unwrap(), MODULE);
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(page.contains(r#"<script src="fray.js"></script>"#));
    // The single file loads nothing: its scripts, style, icon and module are inside it.
    let single = std::fs::read_to_string(out.join("fray.html")).unwrap();
    assert!(!single.contains(" src=") && !single.contains(r#"href="style.css""#));
    assert!(single.contains(r#"<script id="fray-wasm" type="application/octet-stream">"#));
    assert!(single.contains("window.fray = fray"));
}

#[test]
fn what_is_no_webassembly_is_refused() {
    let dir = scratch("playground-bad");
    let text = write(&dir, "notes.txt", "not a module");
    let out = dir.join("site");
    let run = fray(&[
        "playground",
        "--out",
        out.to_str().unwrap(),
        "--wasm",
        &text,
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("not a WebAssembly module"),
        "{}",
        run.stderr
    );
    assert!(!out.exists(), "a refused build wrote files");
    let missing = dir.join("missing.wasm");
    let run = fray(&[
        "playground",
        "--out",
        out.to_str().unwrap(),
        "--wasm",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("cannot read"), "{}", run.stderr);
    // fray serve refuses it before it listens.
    let run = fray(&["serve", "--addr", "127.0.0.1:0", "--wasm", &text]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("not a WebAssembly module"),
        "{}",
        run.stderr
    );
}
