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
