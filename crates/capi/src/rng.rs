//! The caller-owned random state: a game seeds it, every typed roll draws from it, and
//! the same seed gives the same rolls (fray's one randomness interface, [`fray::rng`]).

use fray::rng::{Rolls, SeededRolls};

use crate::FrayStatus;
use crate::boundary::{Failure, entry, give, handle_mut, output, pointer_output, take_back};

/// A random state: what `fray battle --seed` and `fray damage --roll --seed` start from.
/// Used by one thread at a time; give each thread its own.
#[derive(Debug)]
pub struct FrayRng(pub(crate) SeededRolls);

/// Makes a random state from `seed` in `*rng`; free it with `fray_rng_free`. A state made
/// from the seed SEED rolls the same dice as `fray damage --roll --seed SEED`
/// in its first call.
///
/// # Safety
/// `rng` is null or points to a `FrayRng *` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_rng_new(seed: u64, rng: *mut *mut FrayRng) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract.
        let out = unsafe { pointer_output(rng, "rng") }?;
        give(out, FrayRng(SeededRolls::new(seed)));
        Ok(())
    })
}

/// Rolls one die of `sides` sides (1 to `sides`) from `rng` into `*result`: the game's own
/// rolls, drawn from the same stream as fray's.
///
/// # Safety
/// `rng` is null or a live `FrayRng` no other thread uses during the call; `result` is
/// null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_rng_die(
    rng: *mut FrayRng,
    sides: u32,
    result: *mut u32,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract.
        let (rng, result) = unsafe { (handle_mut(rng, "rng")?, output(result, "result")?) };
        if sides == 0 {
            return Err(Failure::refused("a die has at least 1 side, got 0"));
        }
        result.set(rng.0.die(sides));
        Ok(())
    })
}

/// Frees a random state. Null is ignored.
///
/// # Safety
/// `rng` is null or a `FrayRng` fray handed out and not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_rng_free(rng: *mut FrayRng) {
    // SAFETY: the caller's contract.
    unsafe { take_back(rng) }
}
