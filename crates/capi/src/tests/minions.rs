//! The minions calls: a battle played round by round is `fray minions`' battle, its
//! events the lines that command prints; minions read as they stand; refusals.

use fray::minions::request::MinionsRequest;

use super::*;
use crate::*;

fn battle(toml: &str) -> Result<*mut FrayMinions, FrayStatus> {
    let mut m = unset();
    // SAFETY: this test's string and output.
    match unsafe { fray_minions_new(c(toml).as_ptr(), &mut m) } {
        FrayStatus::Ok => Ok(m),
        s => {
            assert!(m.is_null());
            Err(s)
        }
    }
}

fn round(m: *mut FrayMinions) -> (FrayMinionsRound, String) {
    let mut r = std::mem::MaybeUninit::uninit();
    let mut trace = unset();
    // SAFETY: a live battle and this test's outputs.
    assert_eq!(
        unsafe { fray_minions_round(m, r.as_mut_ptr(), &mut trace) },
        FrayStatus::Ok
    );
    // SAFETY: set on success.
    (unsafe { r.assume_init() }, take(trace).unwrap())
}

#[test]
fn round_by_round_is_the_battle_fray_minions_plays() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/minions");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let toml = std::fs::read_to_string(&path).unwrap();
        let answer = MinionsRequest {
            battle: toml.clone(),
            ..MinionsRequest::default()
        }
        .validate()
        .unwrap()
        .run_for_text()
        .unwrap();
        let expected: String = answer
            .log
            .iter()
            .map(|l| format!("{}{}\n", l.event.indent(), l.text))
            .collect();
        let m = battle(&toml).unwrap();
        let mut log = String::new();
        let mut last = None;
        loop {
            let (r, trace) = round(m);
            log += &trace;
            if !r.played {
                assert!(r.battle_over);
                break;
            }
            last = Some(r);
        }
        assert_eq!(log, expected, "{}", path.display());
        let last = last.unwrap();
        assert!(last.battle_over && last.combat_end != FrayCombatEnd::None);
        assert_eq!(last.turn, answer.result.turns, "{}", path.display());
        // Each minion as the command's result has it.
        let mut count = 0;
        assert_eq!(unsafe { fray_minions_count(m, &mut count) }, FrayStatus::Ok);
        assert_eq!(count, answer.result.minions.len());
        for (i, want) in answer.result.minions.iter().enumerate() {
            let mut got = std::mem::MaybeUninit::uninit();
            assert_eq!(
                unsafe { fray_minions_minion(m, i, got.as_mut_ptr()) },
                FrayStatus::Ok
            );
            let got = unsafe { got.assume_init() };
            let name = unsafe { std::ffi::CStr::from_ptr(got.name) }
                .to_str()
                .unwrap();
            assert_eq!(
                (name, got.hp, got.max_hp, got.armor, got.level, got.alive),
                (
                    want.name.as_str(),
                    want.hp,
                    want.max_hp,
                    want.armor,
                    want.level,
                    want.alive
                )
            );
        }
        let mut got = std::mem::MaybeUninit::uninit();
        assert_eq!(
            unsafe { fray_minions_minion(m, count, got.as_mut_ptr()) },
            FrayStatus::Refused
        );
        assert!(last_error().unwrap().starts_with(&format!("index {count}")));
        unsafe { fray_minions_free(m) };
    }
}

#[test]
fn a_bad_battle_is_refused_with_its_place() {
    assert_eq!(battle("[a]\nname = 3").err(), Some(FrayStatus::Refused));
    let e = last_error().unwrap();
    assert!(e.starts_with("the battle, line 2"), "{e}");
}
