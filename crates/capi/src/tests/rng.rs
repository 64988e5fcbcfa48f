//! The random state: the library's generator, draw for draw.

use fray::rng::{Rolls, SeededRolls};

use super::*;
use crate::*;

#[test]
fn a_die_from_the_random_state_is_the_librarys() {
    let mut rng = std::ptr::null_mut();
    made(unsafe { fray_rng_new(3, &mut rng) });
    let mut lib = SeededRolls::new(3);
    for sides in [1, 6, 20, 100] {
        let mut got = 0;
        assert_eq!(
            unsafe { fray_rng_die(rng, sides, &mut got) },
            FrayStatus::Ok
        );
        assert_eq!(got, lib.die(sides));
    }
    let mut got = 0;
    assert_eq!(
        unsafe { fray_rng_die(rng, 0, &mut got) },
        FrayStatus::Refused
    );
    unsafe { fray_rng_free(rng) };
}

/// The game's random state in these tests: each roll from its own seeded generator, or
/// always `fixed`; every number of sides fray asked for recorded.
struct Game {
    rolls: SeededRolls,
    fixed: Option<u32>,
    asked: Vec<u32>,
}

unsafe extern "C" fn game_die(user: *mut std::ffi::c_void, sides: u32) -> u32 {
    // SAFETY: the `Game` each test passes as `user`, alive while its rng is.
    let game = unsafe { &mut *user.cast::<Game>() };
    game.asked.push(sides);
    game.fixed.unwrap_or_else(|| game.rolls.die(sides))
}

/// A random state over `game`'s die (freed by the caller).
fn over(game: &mut Game) -> *mut FrayRng {
    let mut rng = unset();
    made(unsafe { fray_rng_from_die(Some(game_die), (game as *mut Game).cast(), &mut rng) });
    rng
}

fn game(fixed: Option<u32>) -> Game {
    Game {
        rolls: SeededRolls::new(9),
        fixed,
        asked: Vec::new(),
    }
}

#[test]
fn the_games_die_is_every_roll() {
    let mut g = game(None);
    let rng = over(&mut g);
    let mut lib = SeededRolls::new(9);
    for sides in [6, 20, 100] {
        let mut got = 0;
        assert_eq!(
            unsafe { fray_rng_die(rng, sides, &mut got) },
            FrayStatus::Ok
        );
        assert_eq!(got, lib.die(sides));
    }
    unsafe { fray_rng_free(rng) };
    assert_eq!(g.asked, [6, 20, 100]);

    // fray's own rolls: a hit's 1d6 rolled at its highest.
    let h = Handles::new();
    let mut g = game(Some(6));
    let rng = over(&mut g);
    let mut dmg = FrayDamage::default();
    let s = unsafe { fray_damage_roll(h.block, h.hit, rng, &mut dmg, std::ptr::null_mut()) };
    assert_eq!(s, FrayStatus::Ok, "{:?}", last_error());
    assert_eq!((dmg.rolled, g.asked.as_slice()), (6, &[6][..]));
    unsafe { fray_rng_free(rng) };
}

#[test]
fn a_real_from_the_games_dice_is_in_0_to_1() {
    for (face, want) in [(Some(1), 0.0), (None, -1.0)] {
        let mut g = game(face);
        let rng = over(&mut g);
        // SAFETY: the live state just made, on this thread alone.
        let unit = unsafe { &mut (*rng).0 }.unit();
        assert!((0.0..1.0).contains(&unit), "{unit}");
        assert!(want < 0.0 || unit == want, "{unit}");
        assert_eq!(g.asked, [1 << 26, 1 << 27]);
        unsafe { fray_rng_free(rng) };
    }
}

#[test]
fn a_roll_out_of_range_refuses_the_call() {
    let h = Handles::new();
    for bad in [0, 7] {
        let mut g = game(Some(bad));
        let rng = over(&mut g);
        let mut trace = unset();
        let mut dmg = FrayDamage::default();
        let s = unsafe { fray_damage_roll(h.block, h.hit, rng, &mut dmg, &mut trace) };
        assert_eq!(s, FrayStatus::Refused);
        assert!(trace.is_null());
        assert_eq!(
            last_error().as_deref(),
            Some(format!("the game's die returned {bad} for a die of 6 sides (1 to 6)").as_str())
        );
        unsafe { fray_rng_free(rng) };
    }
    let mut rng = unset();
    let s = unsafe { fray_rng_from_die(None, std::ptr::null_mut(), &mut rng) };
    assert_eq!((s, rng.is_null()), (FrayStatus::Null, true));
    assert_eq!(last_error().as_deref(), Some("die is a null pointer"));
}

/// "Same seed, same fight" across a reload: a state saved mid-fight and restored rolls on
/// as the one that was saved, and bytes that are no saved state are refused.
#[test]
fn a_saved_random_state_rolls_on_after_a_reload() {
    let roll = |rng: *mut FrayRng, sides: u32| {
        let mut got = 0;
        assert_eq!(
            unsafe { fray_rng_die(rng, sides, &mut got) },
            FrayStatus::Ok
        );
        got
    };
    assert_eq!(FRAY_RNG_SAVED_BYTES, fray::rng::SAVED_BYTES);
    let mut rng = std::ptr::null_mut();
    made(unsafe { fray_rng_new(11, &mut rng) });
    for sides in [6, 20, 6, 8] {
        roll(rng, sides);
    }
    let mut saved = vec![0u8; FRAY_RNG_SAVED_BYTES];
    assert_eq!(
        unsafe { fray_rng_save(rng, saved.as_mut_ptr(), saved.len()) },
        FrayStatus::Ok
    );
    let mut reloaded = std::ptr::null_mut();
    made(unsafe { fray_rng_restore(saved.as_ptr(), saved.len(), &mut reloaded) });
    for sides in [6, 20, 100, 6, 2, 20] {
        assert_eq!(roll(rng, sides), roll(reloaded, sides), "d{sides}");
    }
    // Too small a buffer, and bytes that are no saved state.
    let mut small = [0u8; 8];
    assert_eq!(
        unsafe { fray_rng_save(rng, small.as_mut_ptr(), small.len()) },
        FrayStatus::Refused
    );
    saved[0] = b'X';
    let mut none = std::ptr::null_mut();
    assert_eq!(
        unsafe { fray_rng_restore(saved.as_ptr(), saved.len(), &mut none) },
        FrayStatus::Refused
    );
    assert!(none.is_null());
    unsafe {
        fray_rng_free(rng);
        fray_rng_free(reloaded);
    }
}
