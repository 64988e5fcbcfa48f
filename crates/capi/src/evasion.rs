//! The evasion system's typed calls: attacker and defender profiles read once, an attack
//! between them prepared once ([`fray::evasion::AttackPlan`]), then rolled every turn
//! with no JSON and no allocation, its exact odds asked, its to-hit explained.

use std::ffi::c_char;

use fray::dice::DiceExpr;
use fray::evasion::request::{ModelRequest, ValidToHit};
use fray::evasion::{
    self, AttackPlan, Attacker, DamageKind, Defender, HighDamage, Options, Rounding, Slot, ToHit,
    profile,
};
use fray::request::{Refusal, chain, full};

use crate::FrayStatus;
use crate::boundary::{
    Failure, entry, give, handed_out, handle, handle_mut, optional_text, output, pointer_output,
    take_back, text,
};
use crate::rng::FrayRng;

/// An attacker profile (the TOML `fray tohit --attacker` reads). Read-only once made:
/// several threads may use one at once.
#[derive(Debug)]
pub struct FrayAttacker(Attacker);

/// A defender profile of the evasion system (the TOML `fray tohit --defender` reads).
/// Read-only once made: several threads may use one at once.
#[derive(Debug)]
pub struct FrayDefender(Defender);

/// One attacker's attack on one defender with given dice: everything fixed about it
/// worked out once. Read-only once made: several threads may roll one at once, each with
/// its own `FrayRng`.
#[derive(Debug)]
pub struct FrayAttack {
    attacker: Attacker,
    defender: Defender,
    dice: DiceExpr,
    kind: DamageKind,
    options: Options,
    to_hit: ToHit,
    plan: AttackPlan,
}

/// The kind of an attack's damage: only physical damage is eroded, reduced by DR and
/// cut by high-damage effects.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrayDamageKind {
    /// `--kind physical`.
    Physical = 0,
    /// `--kind elemental`.
    Elemental = 1,
    /// `--kind spell`.
    Spell = 2,
}

/// How damage × 0.9^DR and the high-damage cuts become whole numbers.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrayRounding {
    /// To the nearest, halves up (fray's default).
    Nearest = 0,
    /// Down.
    Down = 1,
    /// Up.
    Up = 2,
    /// Up with a chance equal to the fraction (draws from the random state).
    Stochastic = 3,
}

/// The to-hit model and readings of `fray tohit` and `fray evasion-damage`. Pass null
/// for fray's defaults (all zero is the same: the normal model with σ = 5, nearest
/// rounding, the readings' defaults).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrayEvasionOptions {
    /// The normal model's standard deviation (`--sigma`); 0 for fray's default, 5.
    pub sigma: f64,
    /// Above 0: the integer model instead (`--uniform-sum K,R`), the sum of `uniform_k`
    /// integers in −`uniform_r`..=`uniform_r`.
    pub uniform_k: u32,
    /// The integer model's half-width R.
    pub uniform_r: u32,
    /// `--rounding`: a `FrayRounding` value (an integer, so that a bad one is refused
    /// rather than undefined).
    pub rounding: u32,
    /// `--fractional-level` when not 0: a monster's level / 4 as a fraction. (The
    /// switches are integers, as C's `int` flags, so that no bit pattern is undefined.)
    pub fractional_level: u32,
    /// `--wrong-launcher-counts` when not 0.
    pub wrong_launcher_counts: u32,
}

/// fray's defaults, what a null `options` means: all zero.
impl Default for FrayEvasionOptions {
    fn default() -> Self {
        Self {
            sigma: 0.0,
            uniform_k: 0,
            uniform_r: 0,
            rounding: FrayRounding::Nearest as u32,
            fractional_level: 0,
            wrong_launcher_counts: 0,
        }
    }
}

/// An attack's exact odds: `fray tohit`'s chance and `fray evasion-damage`'s means.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct FrayAttackOdds {
    /// P(hit): 0 for a caught throw.
    pub p_hit: f64,
    /// The mean damage of a hit.
    pub mean_per_hit: f64,
    /// The mean damage of an attack, misses counting 0.
    pub mean_per_attack: f64,
}

/// The slot a hit lands on.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FraySlot {
    /// No hit.
    None = 0,
    /// 40% of hits.
    Torso = 1,
    /// 20%.
    Head = 2,
    /// 15%.
    Shield = 3,
    /// 10%.
    Gloves = 4,
    /// 10%.
    Boots = 5,
    /// 5%.
    Cloak = 6,
}

/// A high-damage effect (a hit over half the defender's hit points on that slot).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrayHighDamage {
    /// None.
    None = 0,
    /// Head: stunned for `effect_turns`.
    Stunned = 1,
    /// Shield: staggered backwards.
    Staggered = 2,
    /// Gloves: wounded arms for `effect_turns`.
    WoundedArms = 3,
    /// Boots: wounded legs for `effect_turns`.
    WoundedLegs = 4,
    /// Cloak: torn.
    CloakTorn = 5,
}

/// One attack, rolled: every step of the damage formula kept.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrayAttackRoll {
    /// Whether it hit.
    pub hit: bool,
    /// Whether the throw was caught (no hit, no damage).
    pub caught: bool,
    /// The damage dealt: 0 on a miss, at least 1 on a hit.
    pub damage: i64,
    /// The dice total, before anything is taken off.
    pub rolled: i64,
    /// After erosion.
    pub after_erosion: i64,
    /// The slot hit.
    pub slot: FraySlot,
    /// Whether a DR counted on that slot, and which.
    pub has_dr: bool,
    /// The DR that counted.
    pub dr: f64,
    /// After DR and half damage, before a high-damage cut.
    pub before_effect: i64,
    /// The high-damage effect.
    pub effect: FrayHighDamage,
    /// The effect's duration in turns (0 when it has none).
    pub effect_turns: u32,
}

impl FrayAttackRoll {
    pub(crate) const MISS: Self = Self {
        hit: false,
        caught: false,
        damage: 0,
        rolled: 0,
        after_erosion: 0,
        slot: FraySlot::None,
        has_dr: false,
        dr: 0.0,
        before_effect: 0,
        effect: FrayHighDamage::None,
        effect_turns: 0,
    };

    pub(crate) fn of(r: &evasion::AttackRoll) -> Self {
        let mut out = Self {
            hit: r.hit,
            caught: r.caught.is_some(),
            ..Self::MISS
        };
        if let Some(d) = &r.damage {
            out.damage = d.damage;
            out.rolled = d.rolled;
            out.after_erosion = d.after_erosion;
            out.slot = match d.slot {
                Slot::Torso => FraySlot::Torso,
                Slot::Head => FraySlot::Head,
                Slot::Shield => FraySlot::Shield,
                Slot::Gloves => FraySlot::Gloves,
                Slot::Boots => FraySlot::Boots,
                Slot::Cloak => FraySlot::Cloak,
            };
            (out.has_dr, out.dr) = (d.dr.is_some(), d.dr.unwrap_or(0.0));
            out.before_effect = d.before_effect;
            if let Some((effect, turns)) = d.effect {
                out.effect = match effect {
                    HighDamage::Stunned => FrayHighDamage::Stunned,
                    HighDamage::Staggered => FrayHighDamage::Staggered,
                    HighDamage::WoundedArms => FrayHighDamage::WoundedArms,
                    HighDamage::WoundedLegs => FrayHighDamage::WoundedLegs,
                    HighDamage::CloakTorn => FrayHighDamage::CloakTorn,
                };
                out.effect_turns = turns.unwrap_or(0);
            }
        }
        out
    }
}

/// Reads an attacker profile (TOML text) into `*attacker`; free it with
/// `fray_attacker_free`. A bad profile is `FRAY_STATUS_REFUSED`, its line and column in
/// `fray_last_error`.
///
/// # Safety
/// `profile_toml` is null or a NUL-terminated string; `attacker` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_attacker_new(
    profile_toml: *const c_char,
    attacker: *mut *mut FrayAttacker,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract.
        let (out, toml) = unsafe {
            (
                pointer_output(attacker, "attacker")?,
                text(profile_toml, "profile_toml")?,
            )
        };
        let a = profile::parse_attacker(toml)
            .map_err(|e| Refusal::located("the attacker profile", &e))?;
        give(out, FrayAttacker(a));
        Ok(())
    })
}

/// Frees an attacker. Null is ignored.
///
/// # Safety
/// `attacker` is null or a `FrayAttacker` fray handed out and not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_attacker_free(attacker: *mut FrayAttacker) {
    // SAFETY: the caller's contract.
    unsafe { take_back(attacker) }
}

/// Reads a defender profile of the evasion system (TOML text) into `*defender`; free it
/// with `fray_defender_free`.
///
/// # Safety
/// `profile_toml` is null or a NUL-terminated string; `defender` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_defender_new(
    profile_toml: *const c_char,
    defender: *mut *mut FrayDefender,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract.
        let (out, toml) = unsafe {
            (
                pointer_output(defender, "defender")?,
                text(profile_toml, "profile_toml")?,
            )
        };
        let d = profile::parse_defender(toml)
            .map_err(|e| Refusal::located("the defender profile", &e))?;
        give(out, FrayDefender(d));
        Ok(())
    })
}

/// The hit points the defender profile gives (`hp`), into `*hp`: where a game that
/// takes its numbers from the profile starts counting.
///
/// # Safety
/// `defender` is null or a live `FrayDefender`; `hp` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_defender_hp(
    defender: *const FrayDefender,
    hp: *mut u32,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract.
        let (d, hp) = unsafe { (handle(defender, "defender")?, output(hp, "hp")?) };
        hp.set(d.0.hp);
        Ok(())
    })
}

/// Frees a defender. Null is ignored.
///
/// # Safety
/// `defender` is null or a `FrayDefender` fray handed out and not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_defender_free(defender: *mut FrayDefender) {
    // SAFETY: the caller's contract.
    unsafe { take_back(defender) }
}

/// The options as the evasion requests take them, checked as they check them.
fn options(o: Option<&FrayEvasionOptions>) -> Result<(Options, ToHit), Refusal> {
    let o = o.copied().unwrap_or_default();
    if o.uniform_k > 0 && o.sigma != 0.0 {
        return Err(Refusal::new(
            "give sigma or uniform_k, not both (sigma 0 is the default normal model)",
        ));
    }
    if o.uniform_k == 0 && o.uniform_r != 0 {
        return Err(Refusal::new(format!(
            "uniform_r {} without uniform_k: the integer model needs both",
            o.uniform_r
        )));
    }
    let model = ModelRequest {
        sigma: (o.sigma != 0.0).then_some(o.sigma),
        uniform_sum: (o.uniform_k > 0).then_some([o.uniform_k, o.uniform_r]),
        fractional_level: o.fractional_level != 0,
        wrong_launcher_counts: o.wrong_launcher_counts != 0,
    };
    let rounding = match o.rounding {
        0 => Rounding::Nearest,
        1 => Rounding::Down,
        2 => Rounding::Up,
        3 => Rounding::Stochastic,
        n => {
            return Err(Refusal::new(format!(
                "rounding {n}: expected a FrayRounding value, 0 to 3"
            )));
        }
    };
    model.options(rounding)
}

/// Prepares `attacker`'s attack on `defender` dealing `dice` (`"d8+2"`) of `kind` (a
/// `FrayDamageKind` value) under `options` (null: fray's defaults), into `*attack`; free
/// it with `fray_attack_free`.
/// The profiles are copied: they may be freed afterwards.
///
/// # Safety
/// `attacker` and `defender` are null or live handles; `dice` null or a NUL-terminated
/// string; `options` null or readable; `attack` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_attack_new(
    attacker: *const FrayAttacker,
    defender: *const FrayDefender,
    dice: *const c_char,
    kind: u32,
    options: *const FrayEvasionOptions,
    attack: *mut *mut FrayAttack,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract on every argument.
        let (out, a, d, dice_text, o) = unsafe {
            (
                pointer_output(attack, "attack")?,
                handle(attacker, "attacker")?,
                handle(defender, "defender")?,
                text(dice, "dice")?,
                options.as_ref(),
            )
        };
        let (options, to_hit) = self::options(o)?;
        let dice: DiceExpr = dice_text
            .parse()
            .map_err(|e| chain(format_args!("dice `{dice_text}`"), &e))?;
        let kind = match kind {
            0 => DamageKind::Physical,
            1 => DamageKind::Elemental,
            2 => DamageKind::Spell,
            n => {
                return Err(Failure::refused(format!(
                    "kind {n}: expected a FrayDamageKind value, 0 to 2"
                )));
            }
        };
        let plan = AttackPlan::new(&a.0, &d.0, &dice, kind, &options);
        give(
            out,
            FrayAttack {
                attacker: a.0.clone(),
                defender: d.0.clone(),
                dice,
                kind,
                options,
                to_hit,
                plan,
            },
        );
        Ok(())
    })
}

/// Frees an attack. Null is ignored.
///
/// # Safety
/// `attack` is null or a `FrayAttack` fray handed out and not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_attack_free(attack: *mut FrayAttack) {
    // SAFETY: the caller's contract.
    unsafe { take_back(attack) }
}

/// The attack's exact odds against a defender with `defender_hp` hit points left (they
/// decide the high-damage effects), into `*odds`: with the profile's own hit points, the
/// chance `fray tohit` prints and the means `fray evasion-damage` prints.
///
/// # Safety
/// `attack` is null or a live `FrayAttack`; `odds` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_attack_odds(
    attack: *const FrayAttack,
    defender_hp: u32,
    odds: *mut FrayAttackOdds,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract.
        let (at, out) = unsafe { (handle(attack, "attack")?, output(odds, "odds")?) };
        let defender = Defender {
            hp: defender_hp,
            ..at.defender.clone()
        };
        let exact = evasion::damage_odds(&at.dice, at.kind, &at.attacker, &defender, &at.options)
            .map_err(|e| Failure::refused(full(&e)))?;
        out.set(FrayAttackOdds {
            p_hit: exact.p_hit,
            mean_per_hit: exact.per_hit.mean(),
            mean_per_attack: exact.per_attack.mean(),
        });
        Ok(())
    })
}

/// The attack's to-hit explained, into `*text` (free it with `fray_free_string`): both
/// totals term by term and the chance, the text `fray tohit --attacker A --defender D`
/// prints.
///
/// # Safety
/// `attack` is null or a live `FrayAttack`; `text` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_attack_explain(
    attack: *const FrayAttack,
    text: *mut *mut c_char,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract.
        let (out, at) = unsafe { (pointer_output(text, "text")?, handle(attack, "attack")?) };
        let valid = ValidToHit::Profiles {
            options: at.options,
            to_hit: at.to_hit.clone(),
            attacker: Box::new(at.attacker.clone()),
            defender: Box::new(at.defender.clone()),
        };
        out.set(handed_out(valid.run().to_string()));
        Ok(())
    })
}

/// Rolls the attack once against a defender with `defender_hp` hit points left, drawing
/// from `rng`, into `*roll`; with `trace` not null, also a new string naming each step
/// and its numbers (free it with `fray_free_string`). Without a trace nothing is
/// allocated: this is the call a game makes every turn.
///
/// # Safety
/// `attack` is null or a live `FrayAttack`; `rng` null or a live `FrayRng` no other
/// thread uses during the call; `roll` null or writable; `trace` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_attack_roll(
    attack: *const FrayAttack,
    defender_hp: u32,
    rng: *mut FrayRng,
    roll: *mut FrayAttackRoll,
    trace: *mut *mut c_char,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract on every argument.
        let (trace, at, rng, out) = unsafe {
            (
                optional_text(trace),
                handle(attack, "attack")?,
                handle_mut(rng, "rng")?,
                output(roll, "roll")?,
            )
        };
        let rolled = at.plan.attack(defender_hp, &mut rng.0);
        out.set(FrayAttackRoll::of(&rolled));
        if let Some(trace) = trace {
            trace.set(handed_out(rolled.to_string()));
        }
        Ok(())
    })
}
