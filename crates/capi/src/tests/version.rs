//! The header's version macros and the version functions are the crate's version.

use std::ffi::CStr;

use crate::*;

fn cargo(part: &str) -> u32 {
    part.parse().unwrap()
}

#[test]
fn the_version_is_the_crates() {
    let (major, minor, patch) = (
        cargo(env!("CARGO_PKG_VERSION_MAJOR")),
        cargo(env!("CARGO_PKG_VERSION_MINOR")),
        cargo(env!("CARGO_PKG_VERSION_PATCH")),
    );
    assert_eq!(
        (FRAY_VERSION_MAJOR, FRAY_VERSION_MINOR, FRAY_VERSION_PATCH),
        (major, minor, patch),
        "update src/version.rs to Cargo's version, then UPDATE_HEADER=1 cargo test -p fray-capi --test header"
    );
    let header = include_str!("../../include/fray.h");
    let text = format!("\n#define FRAY_VERSION \"{}\"\n", env!("CARGO_PKG_VERSION"));
    assert!(
        header.contains(&text),
        "cbindgen.toml's FRAY_VERSION is not {text}"
    );
    assert_eq!(
        FRAY_VERSION_NUMBER,
        major * 1_000_000 + minor * 1_000 + patch
    );
    assert_eq!(fray_version_number(), FRAY_VERSION_NUMBER);
    // SAFETY: a static NUL-terminated string.
    let linked = unsafe { CStr::from_ptr(fray_version()) };
    assert_eq!(linked.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
}
