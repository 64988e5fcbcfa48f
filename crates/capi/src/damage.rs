//! The damage system's typed calls: a stat block read once, an attack's damage (dice,
//! types, facts) read once, then amounts resolved or dice rolled against the block with
//! the trace `fray damage` prints.

use std::ffi::c_char;

use fray::damage::request::{DamageRequest, check_fixed_amount, read_amount};
use fray::damage::{
    DamageOutcome, Defender, Explained, Hit, Readings, Vocabulary, explain, resolve_with, sample,
};
use fray::dice::DiceExpr;

use crate::FrayStatus;
use crate::boundary::{
    Failure, entry, give, handed_out, handle, handle_mut, optional_text, output, pointer_output,
    take_back, text, warn,
};
use crate::rng::FrayRng;

/// The attacker has combat advantage (`fray damage --advantage`).
pub const FRAY_HIT_ADVANTAGE: u32 = 1;
/// A critical hit (`--critical`).
pub const FRAY_HIT_CRITICAL: u32 = 1 << 1;
/// Ongoing damage (`--ongoing`).
pub const FRAY_HIT_ONGOING: u32 = 1 << 2;
/// A silvered weapon or implement (`--silvered`).
pub const FRAY_HIT_SILVERED: u32 = 1 << 3;
/// A burst or blast (`--area`).
pub const FRAY_HIT_AREA: u32 = 1 << 4;
const KNOWN_FLAGS: u32 = (FRAY_HIT_AREA << 1) - 1;

/// A defender of the damage system: its traits in stat-block notation, read once.
/// Read-only once made: several threads may use one at once.
#[derive(Debug)]
pub struct FrayStatBlock(Defender);

/// An attack's typed damage: its dice, types and facts, read once; resolved against any
/// stat block. Read-only once made: several threads may use one at once.
#[derive(Debug)]
pub struct FrayHit {
    dice: DiceExpr,
    hit: Hit,
}

/// One hit resolved: the numbers `fray damage --json` prints.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FrayDamage {
    /// What the dice rolled (`rolled`), or the amount given.
    pub rolled: i64,
    /// The damage before resistances and vulnerabilities (`original`).
    pub original: u64,
    /// Taken off by resistances and immunities (`mitigated`).
    pub mitigated: u64,
    /// Added by vulnerabilities (`added`).
    pub added: u64,
    /// The damage dealt (`final`).
    pub final_damage: u64,
}

impl FrayDamage {
    fn of(rolled: i64, o: &DamageOutcome) -> Self {
        Self {
            rolled,
            original: o.original,
            mitigated: o.mitigated,
            added: o.added,
            final_damage: o.final_damage,
        }
    }
}

/// Reads a defender's traits in stat-block notation (`"Resist 5 fire; Vulnerable 5
/// cold"`, what `fray damage --vs` takes; `;` or new lines between items) into
/// `*block`; free it with `fray_stat_block_free`. A bad item is
/// `FRAY_STATUS_REFUSED`, its line and column in `fray_last_error`. With `warnings` not
/// null, it is set to the block's warnings (probable typos, one a line; free it with
/// `fray_free_string`), or null when there are none.
///
/// # Safety
/// `traits` is null or a NUL-terminated string; `block` null or writable; `warnings`
/// null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_stat_block_new(
    traits: *const c_char,
    block: *mut *mut FrayStatBlock,
    warnings: *mut *mut c_char,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract.
        let (warnings, out, traits) = unsafe {
            (
                optional_text(warnings),
                pointer_output(block, "block")?,
                text(traits, "traits")?,
            )
        };
        let request = DamageRequest {
            vs: Some(traits.to_string()),
            vs_source: Some("the stat block".to_string()),
            ..DamageRequest::default()
        };
        let (traits, _, found) = request.stat_block()?;
        give(out, FrayStatBlock(Defender::new(traits)));
        warn(warnings, &found);
        Ok(())
    })
}

/// Frees a stat block. Null is ignored.
///
/// # Safety
/// `block` is null or a `FrayStatBlock` fray handed out and not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_stat_block_free(block: *mut FrayStatBlock) {
    // SAFETY: the caller's contract.
    unsafe { take_back(block) }
}

/// Reads an attack's typed damage into `*hit`: its `dice` (`"2d6+3"`, what
/// `fray_damage_roll` rolls; `"0"` when only `fray_damage_resolve` is used), its `types`
/// (`"fire cold"`, separated by spaces or commas; `""` is physical, any other word a
/// custom type) and `flags` (`FRAY_HIT_*`, or-ed), as `fray damage` reads them. Free it
/// with `fray_hit_free`. With `warnings` not null, it is set to the probable typos found
/// (a type one letter from a known one, which would count as a custom type), one a line,
/// or null when there are none.
///
/// # Safety
/// `dice` and `types` are null or NUL-terminated strings; `hit` null or writable;
/// `warnings` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_hit_new(
    dice: *const c_char,
    types: *const c_char,
    flags: u32,
    hit: *mut *mut FrayHit,
    warnings: *mut *mut c_char,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract on every argument.
        let (warnings, out, dice, types) = unsafe {
            (
                optional_text(warnings),
                pointer_output(hit, "hit")?,
                text(dice, "dice")?,
                text(types, "types")?,
            )
        };
        if flags & !KNOWN_FLAGS != 0 {
            return Err(Failure::refused(format!(
                "flags {flags:#x}: unknown bits {:#x} (the FRAY_HIT_* flags are {KNOWN_FLAGS:#x})",
                flags & !KNOWN_FLAGS
            )));
        }
        let dice = read_amount(dice)?;
        let request = DamageRequest {
            types: types
                .split([',', ' ', '\t', '\n'])
                .filter(|t| !t.is_empty())
                .map(str::to_string)
                .collect(),
            advantage: flags & FRAY_HIT_ADVANTAGE != 0,
            critical: flags & FRAY_HIT_CRITICAL != 0,
            ongoing: flags & FRAY_HIT_ONGOING != 0,
            silvered: flags & FRAY_HIT_SILVERED != 0,
            area: flags & FRAY_HIT_AREA != 0,
            ..DamageRequest::default()
        };
        let (hit, found) = request.hit(&Vocabulary::default())?;
        give(out, FrayHit { dice, hit });
        warn(warnings, &found);
        Ok(())
    })
}

/// Frees a hit. Null is ignored.
///
/// # Safety
/// `hit` is null or a `FrayHit` fray handed out and not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_hit_free(hit: *mut FrayHit) {
    // SAFETY: the caller's contract.
    unsafe { take_back(hit) }
}

/// The trace as `fray damage` prints it: the numbered steps, then any trigger.
fn trace_text(e: &Explained) -> String {
    let mut s = e.trace.to_string();
    for t in &e.triggers {
        s.push_str(&format!("{t}\n"));
    }
    s
}

/// Resolves `amount` damage of `hit`'s types and facts against `block` (the dice are not
/// rolled), into `*damage`; with `trace` not null, also a new string with one line per
/// rule applied and any trigger after them, as `fray damage AMOUNT TYPES --vs TRAITS`
/// prints them (free it with `fray_free_string`).
///
/// # Safety
/// `block` and `hit` are null or live handles; `damage` null or writable; `trace` null
/// or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_damage_resolve(
    block: *const FrayStatBlock,
    hit: *const FrayHit,
    amount: u32,
    damage: *mut FrayDamage,
    trace: *mut *mut c_char,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract on every argument.
        let (trace, block, hit, out) = unsafe {
            (
                optional_text(trace),
                handle(block, "block")?,
                handle(hit, "hit")?,
                output(damage, "damage")?,
            )
        };
        let mut h = hit.hit.clone();
        h.amount = check_fixed_amount(u64::from(amount))?;
        let readings = Readings::default();
        let outcome = match trace {
            Some(trace) => {
                let e = explain(&h, &block.0, &readings);
                trace.set(handed_out(trace_text(&e)));
                e.outcome
            }
            None => resolve_with(&h, &block.0, &readings, &mut fray::trace::NoTrace),
        };
        out.set(FrayDamage::of(i64::from(amount), &outcome));
        Ok(())
    })
}

/// Rolls `hit`'s dice once from `rng` and resolves them against `block`, into `*damage`
/// (and `*trace`, as `fray_damage_resolve`): with a random state fresh from the seed
/// SEED, what `fray damage DICE TYPES --vs TRAITS --roll --seed SEED` prints.
///
/// # Safety
/// `block` and `hit` are null or live handles; `rng` null or a live `FrayRng` no other
/// thread uses during the call; `damage` null or writable; `trace` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_damage_roll(
    block: *const FrayStatBlock,
    hit: *const FrayHit,
    rng: *mut FrayRng,
    damage: *mut FrayDamage,
    trace: *mut *mut c_char,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract on every argument.
        let (trace, block, hit, rng, out) = unsafe {
            (
                optional_text(trace),
                handle(block, "block")?,
                handle(hit, "hit")?,
                handle_mut(rng, "rng")?,
                output(damage, "damage")?,
            )
        };
        let (d, readings) = (&block.0, Readings::default());
        let (rolled, outcome) = match trace {
            Some(trace) => {
                let (rolled, e) = sample::roll(&hit.dice, &hit.hit, d, &readings, &mut rng.0);
                trace.set(handed_out(trace_text(&e)));
                (rolled, e.outcome)
            }
            None => sample::roll_outcome(&hit.dice, &hit.hit, d, &readings, &mut rng.0),
        };
        out.set(FrayDamage::of(rolled, &outcome));
        Ok(())
    })
}
