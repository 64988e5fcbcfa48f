//! The caller-owned random state: a game seeds it, every typed roll draws from it, and
//! the same seed gives the same rolls (fray's one randomness interface, [`fray::rng`]).
//! Or the game's own die, through a callback, so that fray's rolls come from the stream
//! the game already keeps (and saves).

use std::ffi::c_void;

use fray::rng::{Rolls, SeededRolls};

use crate::FrayStatus;
use crate::boundary::{
    Failure, RefusedInside, entry, give, handle, handle_mut, output, pointer_output, take_back,
};

/// A random state: what `fray battle --seed` and `fray damage --roll --seed` start from,
/// or the game's own die. Used by one thread at a time; give each thread its own.
#[derive(Debug)]
pub struct FrayRng(pub(crate) Source);

/// The game's die: called with the `user` pointer given to `fray_rng_from_die` and a
/// number of sides (at least 1), it returns a uniform roll from 1 to `sides`. It is
/// called on the thread that made the fray call, and must return (not longjmp out).
pub type FrayDieFn = Option<unsafe extern "C" fn(user: *mut c_void, sides: u32) -> u32>;

/// Where a random state's rolls come from. Not boxed: the handle is a box already, and a
/// second would be one more pointer to follow on every roll.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
pub(crate) enum Source {
    Seeded(SeededRolls),
    Game(GameDie),
}

/// The game's die and its pointer.
#[derive(Debug)]
pub(crate) struct GameDie {
    die: unsafe extern "C" fn(*mut c_void, u32) -> u32,
    user: *mut c_void,
}

// SAFETY: a random state is used by one thread at a time (the header's rule); moving one
// to another thread moves the game's die with it, which the game allows by doing so.
unsafe impl Send for GameDie {}

impl Rolls for GameDie {
    fn die(&mut self, sides: u32) -> u32 {
        // SAFETY: the function and pointer the game gave, by its contract.
        let n = unsafe { (self.die)(self.user, sides) };
        if n == 0 || n > sides {
            // Unwinds to the boundary, which refuses the call with these words.
            std::panic::panic_any(RefusedInside(format!(
                "the game's die returned {n} for a die of {sides} sides (1 to {sides})"
            )));
        }
        n
    }

    /// 53 bits from two of the game's dice: uniform in [0, 1) when they are.
    fn unit(&mut self) -> f64 {
        let high = u64::from(self.die(1 << 26) - 1);
        let low = u64::from(self.die(1 << 27) - 1);
        ((high << 27) | low) as f64 / (1u64 << 53) as f64
    }
}

/// All four forwarded: the seeded generator's own `hits` and `explosions` draw other
/// dice than the provided ones would.
impl Rolls for Source {
    #[inline]
    fn die(&mut self, sides: u32) -> u32 {
        match self {
            Source::Seeded(r) => r.die(sides),
            Source::Game(g) => g.die(sides),
        }
    }
    #[inline]
    fn unit(&mut self) -> f64 {
        match self {
            Source::Seeded(r) => r.unit(),
            Source::Game(g) => g.unit(),
        }
    }
    #[inline]
    fn hits(&mut self, dice: u32, sides: u32, tn: u32) -> u32 {
        match self {
            Source::Seeded(r) => r.hits(dice, sides, tn),
            Source::Game(g) => g.hits(dice, sides, tn),
        }
    }
    #[inline]
    fn explosions(&mut self, explodes: bool, sides: u32, face: u32, cap: u32) -> u32 {
        match self {
            Source::Seeded(r) => r.explosions(explodes, sides, face, cap),
            Source::Game(g) => g.explosions(explodes, sides, face, cap),
        }
    }
}

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
        give(out, FrayRng(Source::Seeded(SeededRolls::new(seed))));
        Ok(())
    })
}

/// Makes a random state in `*rng` whose every roll is the game's `die(user, sides)`
/// (NetHack's `rnd`, say), so that fray's rolls come from the game's own stream and are
/// saved and restored with it. A roll outside 1 to `sides` refuses the call that asked
/// for it. Free it with `fray_rng_free`; `user` stays the game's.
///
/// # Safety
/// `die` is null or a function as `FrayDieFn` says, which may be called with `user`
/// until the state is freed; `rng` is null or points to a `FrayRng *` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_rng_from_die(
    die: FrayDieFn,
    user: *mut c_void,
    rng: *mut *mut FrayRng,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract.
        let out = unsafe { pointer_output(rng, "rng") }?;
        let die = die.ok_or_else(|| Failure::new(FrayStatus::Null, "die is a null pointer"))?;
        give(out, FrayRng(Source::Game(GameDie { die, user })));
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

/// The bytes of a saved random state (`fray_rng_save`): a literal, so that the header
/// holds it (a test checks it is the library's `fray::rng::SAVED_BYTES`).
pub const FRAY_RNG_SAVED_BYTES: usize = 232;

/// Writes `rng`'s whole state into `buf` (`FRAY_RNG_SAVED_BYTES` bytes, of the `len` it
/// has), for the game's save file: `fray_rng_restore` of those bytes rolls on exactly as
/// `rng` would, so "same seed, same fight" survives a reload. Only a seeded state
/// (`fray_rng_new`) is saved: one over the game's own die is the game's to save.
///
/// # Safety
/// `rng` is null or a live `FrayRng`; `buf` is null or has `len` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_rng_save(
    rng: *const FrayRng,
    buf: *mut u8,
    len: usize,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract.
        let rng = unsafe { handle(rng, "rng") }?;
        if buf.is_null() {
            return Err(Failure::new(FrayStatus::Null, "buf is a null pointer"));
        }
        let Source::Seeded(seeded) = &rng.0 else {
            return Err(Failure::refused(
                "this random state rolls the game's own die: the game saves that state itself",
            ));
        };
        if len < FRAY_RNG_SAVED_BYTES {
            return Err(Failure::refused(format!(
                "a saved random state takes {FRAY_RNG_SAVED_BYTES} bytes (FRAY_RNG_SAVED_BYTES), the buffer has {len}"
            )));
        }
        let saved = seeded.save();
        // SAFETY: `buf` has at least FRAY_RNG_SAVED_BYTES writable bytes (checked above).
        unsafe { std::ptr::copy_nonoverlapping(saved.as_ptr(), buf, saved.len()) };
        Ok(())
    })
}

/// Makes in `*rng` the random state saved in `buf` (`len` bytes, as `fray_rng_save`
/// wrote them); free it with `fray_rng_free`. Bytes that are no saved state, or one
/// saved by a fray that rolls other numbers (another seed version), are refused.
///
/// # Safety
/// `buf` is null or has `len` readable bytes; `rng` is null or points to a `FrayRng *`
/// the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_rng_restore(
    buf: *const u8,
    len: usize,
    rng: *mut *mut FrayRng,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract.
        let out = unsafe { pointer_output(rng, "rng") }?;
        if buf.is_null() {
            return Err(Failure::new(FrayStatus::Null, "buf is a null pointer"));
        }
        // SAFETY: `buf` has `len` readable bytes, by the caller's contract.
        let bytes = unsafe { std::slice::from_raw_parts(buf, len) };
        let restored = SeededRolls::restore(bytes).map_err(|e| Failure::refused(e.0))?;
        give(out, FrayRng(Source::Seeded(restored)));
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
