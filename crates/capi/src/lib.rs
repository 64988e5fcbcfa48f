//! fray's C interface: what a game written in C (a NetHack variant, say), or any language
//! that calls C, links to. `include/fray.h` is generated from this crate by cbindgen.
//!
//! Two layers:
//! - the command table as JSON ([`fray_call`]): a command's name and its request (the
//!   JSON `POST /api/NAME` takes) in, what `fray NAME --json` prints out, or the refusal
//!   as the JSON every front end gives;
//! - typed calls for what a game does every turn, with no JSON: handles read once
//!   (evasion profiles and the attack between them, a stat block and an attack's damage,
//!   a minions battle, a random state the game seeds), then hits rolled and resolved
//!   against them with plain C structs out and an optional trace as text.
//!
//! The rules of the boundary, stated in the header and tested (`src/tests/`):
//! - no panic crosses it: every function that returns a status catches one and returns
//!   [`FrayStatus::Panic`];
//! - a null pointer where one is needed is [`FrayStatus::Null`], a string that is not
//!   UTF-8 [`FrayStatus::BadUtf8`]; pointer outputs are then set to null;
//! - every string fray hands out is freed with [`fray_free_string`], every handle with
//!   its own `fray_*_free`, once;
//! - read-only handles may be shared by threads; a random state and a minions battle
//!   are changed by the calls that take them, so one thread at a time uses each;
//!   [`fray_last_error`] is per thread.
//!
//! ```
//! use std::ffi::{CStr, CString};
//! use fray_c::{FrayStatus, fray_call, fray_free_string};
//! let (name, request) = (CString::new("check").unwrap(), CString::new(r#"{"rung": "3/6"}"#).unwrap());
//! let mut answer = std::ptr::null_mut();
//! let status = unsafe { fray_call(name.as_ptr(), request.as_ptr(), &mut answer) };
//! assert_eq!(status, FrayStatus::Ok);
//! let text = unsafe { CStr::from_ptr(answer) }.to_str().unwrap();
//! assert!(text.contains("\"p_success\": 0.5"));
//! unsafe { fray_free_string(answer) };
//! ```

mod boundary;
mod check;
mod damage;
mod evasion;
mod json;
mod minions;
mod rng;
mod version;

pub use boundary::{FrayStatus, fray_free_string, fray_last_error, fray_last_error_line};
pub use check::{FrayCheckOdds, fray_check_odds};
pub use damage::{
    FRAY_HIT_ADVANTAGE, FRAY_HIT_AREA, FRAY_HIT_CRITICAL, FRAY_HIT_ONGOING, FRAY_HIT_SILVERED,
    FrayDamage, FrayHit, FrayStatBlock, fray_damage_resolve, fray_damage_roll, fray_hit_free,
    fray_hit_new, fray_stat_block_free, fray_stat_block_new,
};
pub use evasion::{
    FrayAttack, FrayAttackOdds, FrayAttackRoll, FrayAttacker, FrayDamageKind, FrayDefender,
    FrayEvasionOptions, FrayHighDamage, FrayRounding, FraySlot, fray_attack_explain,
    fray_attack_free, fray_attack_new, fray_attack_odds, fray_attack_roll, fray_attacker_free,
    fray_attacker_new, fray_defender_free, fray_defender_hp, fray_defender_new,
};
pub use json::{fray_call, fray_call_envelope};
pub use minions::{
    FrayCombatEnd, FrayMinion, FrayMinions, FrayMinionsRound, FraySide, fray_minions_count,
    fray_minions_free, fray_minions_minion, fray_minions_new, fray_minions_round,
};
pub use rng::{
    FRAY_RNG_SAVED_BYTES, FrayDieFn, FrayRng, fray_rng_die, fray_rng_free, fray_rng_from_die,
    fray_rng_new, fray_rng_restore, fray_rng_save,
};
pub use version::{
    FRAY_VERSION_MAJOR, FRAY_VERSION_MINOR, FRAY_VERSION_NUMBER, FRAY_VERSION_PATCH, fray_version,
    fray_version_number,
};

#[cfg(test)]
mod tests;
