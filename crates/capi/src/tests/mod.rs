//! The interface called as C calls it: each function's answers against the library and
//! the command table, and every function's error paths (null pointers, strings that are
//! not UTF-8, refused inputs, a panic forced in this test build).

use std::cell::Cell;
use std::ffi::{CStr, CString, c_char};

mod boundary;
mod check;
mod damage;
mod evasion;
mod json;
mod minions;
mod rng;
mod version;

thread_local! {
    static FORCE_PANIC: Cell<bool> = const { Cell::new(false) };
}

/// Called by every entry first: panics when this thread's test asked for it.
pub(crate) fn panic_if_asked() {
    if FORCE_PANIC.with(|f| f.replace(false)) {
        panic!("the test build's forced panic");
    }
}

/// Makes the next entry on this thread panic inside.
fn force_panic() {
    FORCE_PANIC.with(|f| f.set(true));
}

fn c(s: &str) -> CString {
    CString::new(s).unwrap()
}

/// A string that is not UTF-8.
fn not_utf8() -> CString {
    CString::new(vec![b'd', 0xff, b'6']).unwrap()
}

fn last_error() -> Option<String> {
    let p = crate::fray_last_error();
    // SAFETY: fray's own string, valid until the next call on this thread.
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string())
}

/// `fray_last_error_line()`, as [`last_error`].
fn last_error_line() -> Option<String> {
    let p = crate::fray_last_error_line();
    // SAFETY: fray's own string, valid until the next call on this thread.
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string())
}

/// A string fray handed out, read and freed; None for null.
fn take(p: *mut c_char) -> Option<String> {
    (!p.is_null()).then(|| {
        // SAFETY: fray handed it out and it is freed once, here.
        let t = unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string();
        unsafe { crate::fray_free_string(p) };
        t
    })
}

/// A pointer output as a caller leaves it before the call: not null, so that a test
/// sees the call set it.
fn unset<T>() -> *mut T {
    std::ptr::NonNull::dangling().as_ptr()
}

/// The bundled C example's files.
fn example(name: &str) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/c/");
    std::fs::read_to_string(format!("{path}{name}")).unwrap()
}

/// One of every handle, made from the C example's files and freed on drop.
struct Handles {
    attacker: *mut crate::FrayAttacker,
    defender: *mut crate::FrayDefender,
    attack: *mut crate::FrayAttack,
    block: *mut crate::FrayStatBlock,
    hit: *mut crate::FrayHit,
    rng: *mut crate::FrayRng,
    minions: *mut crate::FrayMinions,
}

/// Asserts a call made a handle.
fn made(status: crate::FrayStatus) {
    assert_eq!(status, crate::FrayStatus::Ok, "{:?}", last_error());
}

impl Handles {
    fn new() -> Self {
        use crate::*;
        let mut h = Handles {
            attacker: std::ptr::null_mut(),
            defender: std::ptr::null_mut(),
            attack: std::ptr::null_mut(),
            block: std::ptr::null_mut(),
            hit: std::ptr::null_mut(),
            rng: std::ptr::null_mut(),
            minions: std::ptr::null_mut(),
        };
        let minions = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/minions/gorgon.toml"
        ))
        .unwrap();
        // SAFETY: every argument is this test's own string or output.
        unsafe {
            made(fray_attacker_new(
                c(&example("hero.toml")).as_ptr(),
                &mut h.attacker,
            ));
            made(fray_defender_new(
                c(&example("troll.toml")).as_ptr(),
                &mut h.defender,
            ));
            made(fray_attack_new(
                h.attacker,
                h.defender,
                c("d8+1").as_ptr(),
                FrayDamageKind::Physical as u32,
                std::ptr::null(),
                &mut h.attack,
            ));
            made(fray_stat_block_new(
                c(&example("troll.traits")).as_ptr(),
                &mut h.block,
                std::ptr::null_mut(),
            ));
            made(fray_hit_new(
                c("1d6").as_ptr(),
                c("fire").as_ptr(),
                0,
                &mut h.hit,
                std::ptr::null_mut(),
            ));
            made(fray_rng_new(7, &mut h.rng));
            made(fray_minions_new(c(&minions).as_ptr(), &mut h.minions));
        }
        h
    }
}

impl Drop for Handles {
    fn drop(&mut self) {
        use crate::*;
        // SAFETY: each was handed out by fray and is freed once, here.
        unsafe {
            fray_attacker_free(self.attacker);
            fray_defender_free(self.defender);
            fray_attack_free(self.attack);
            fray_stat_block_free(self.block);
            fray_hit_free(self.hit);
            fray_rng_free(self.rng);
            fray_minions_free(self.minions);
        }
    }
}

/// What the command table answers `name` with `request` (what `fray NAME --json`
/// prints), as JSON.
fn command(name: &str, request: &serde_json::Value) -> serde_json::Value {
    let answered = fray_commands::call::call(
        name,
        request.to_string().as_bytes(),
        fray_commands::call::Origin::Body,
        &[],
        fray_commands::call::Style::Pretty,
        &fray_commands::Context::quiet(),
    )
    .unwrap_or_else(|r| panic!("{name}: {}", r.message));
    serde_json::from_str(&answered.answer).unwrap()
}
