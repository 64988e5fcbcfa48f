//! The pool system's typed call: a check's exact odds.

use std::ffi::c_char;

use fray::pool::exact::CheckOdds;
use fray::pool::request::CheckRequest;

use crate::FrayStatus;
use crate::boundary::{entry, output, text};

/// A check's exact odds: the numbers `fray check --json` prints.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct FrayCheckOdds {
    /// Dice rolled.
    pub dice: u32,
    /// P(success).
    pub p_success: f64,
    /// The mean degree of success, failures counting 0.
    pub mean_degree: f64,
}

/// The exact odds of a pool check at `rung` (`"3/6"`, TN/D on the standard ladder) with
/// `bonus` bonus dice (below 0: that many penalty dice) and `penalty` penalty dice, into
/// `*odds`: what `fray check RUNG --bonus B --penalty P` prints.
///
/// # Safety
/// `rung` is null or a NUL-terminated string; `odds` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_check_odds(
    rung: *const c_char,
    bonus: i32,
    penalty: u32,
    odds: *mut FrayCheckOdds,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract.
        let (out, rung) = unsafe { (output(odds, "odds")?, text(rung, "rung")?) };
        let check = CheckRequest {
            rung: rung.to_string(),
            bonus: i64::from(bonus),
            penalty,
            ..CheckRequest::default()
        }
        .validate()?
        .check;
        let exact = CheckOdds::new(check);
        out.set(FrayCheckOdds {
            dice: exact.dice,
            p_success: exact.p_success(),
            mean_degree: exact.mean_degree(),
        });
        Ok(())
    })
}
