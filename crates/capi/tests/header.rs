//! `include/fray.h` is what cbindgen makes of this crate today (`UPDATE_HEADER=1 cargo
//! test -p fray-capi` rewrites it), and it compiles as C99 and as C++ with every warning
//! an error.

use std::path::{Path, PathBuf};
use std::process::Command;

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn generated() -> String {
    let dir = crate_dir();
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).unwrap();
    let mut out = Vec::new();
    cbindgen::Builder::new()
        .with_crate(&dir)
        .with_config(config)
        .generate()
        .expect("cbindgen reads the crate")
        .write(&mut out);
    String::from_utf8(out).unwrap()
}

#[test]
fn the_header_is_not_stale() {
    let path = crate_dir().join("include").join("fray.h");
    let fresh = generated();
    if std::env::var_os("UPDATE_HEADER").is_some() {
        std::fs::write(&path, &fresh).unwrap();
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        kept == fresh,
        "crates/capi/include/fray.h is stale: run UPDATE_HEADER=1 cargo test -p fray-capi --test header"
    );
}

/// Compiles `source` with `compiler` and `flags`, syntax only; fails with its errors.
fn compiles(compiler: &str, flags: &[&str], source: &Path) {
    let include = crate_dir().join("include");
    let out = Command::new(compiler)
        .args(flags)
        .args([
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
            "-fsyntax-only",
            "-I",
        ])
        .arg(&include)
        .arg(source)
        .output()
        .unwrap_or_else(|e| panic!("{compiler} could not be run (install gcc and g++): {e}"));
    assert!(
        out.status.success(),
        "{compiler} {flags:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_header_compiles_as_c99_and_cpp() {
    let dir = std::env::temp_dir().join(format!("fray-capi-header-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let program = "#include \"fray.h\"\n\
        int main(void) {\n\
          char *answer = 0;\n\
          FrayStatus s = fray_call(\"check\", \"{\\\"rung\\\": \\\"3/6\\\"}\", &answer);\n\
          if (s != FRAY_STATUS_OK) { const char *e = fray_last_error(); (void)e; }\n\
          fray_free_string(answer);\n\
          return (int)s;\n\
        }\n";
    let c = dir.join("use.c");
    let cpp = dir.join("use.cpp");
    std::fs::write(&c, program).unwrap();
    std::fs::write(&cpp, program).unwrap();
    compiles("cc", &["-std=c99"], &c);
    compiles("c++", &["-std=c++11"], &cpp);
    std::fs::remove_dir_all(&dir).ok();
}
