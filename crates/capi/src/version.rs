//! Which fray this is: the header's macros say what a game was compiled against, the
//! functions what it is linked to, so a game can refuse a library it was not built for
//! (a shared library replaced under it, say). The header's `FRAY_VERSION` text is in
//! cbindgen.toml (cbindgen writes no string constant); a test keeps all of them equal
//! to the crate's version.

use std::ffi::c_char;

/// fray's major version, in the header as the library had it (the crate's version; a
/// test keeps them equal).
pub const FRAY_VERSION_MAJOR: u32 = 0;
/// fray's minor version.
pub const FRAY_VERSION_MINOR: u32 = 2;
/// fray's patch version.
pub const FRAY_VERSION_PATCH: u32 = 0;
/// The three as one number, MAJOR * 1000000 + MINOR * 1000 + PATCH, to compare with
/// `fray_version_number()`.
pub const FRAY_VERSION_NUMBER: u32 = 2_000;

/// The version of the library linked, as text (`"0.2.0"`): fray's own string, static.
#[unsafe(no_mangle)]
pub extern "C" fn fray_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The version of the library linked as one number, MAJOR * 1000000 + MINOR * 1000 +
/// PATCH: equal to the header's `FRAY_VERSION_NUMBER` when the game runs with the fray it
/// was compiled against.
#[unsafe(no_mangle)]
pub extern "C" fn fray_version_number() -> u32 {
    FRAY_VERSION_NUMBER
}
