//! A typed call of fray's C interface against the same work called in Rust:
//! `cargo bench -p fray-capi --bench typed` (docs/performance.md, "The C interface").
//!
//! Each pair does the same work on the same inputs; the difference is the boundary (its
//! pointer checks, the caught panic, the handle, the C structs out). The C calls are made
//! through their `extern "C"` entries, as a C program makes them.

use std::ffi::CString;

use divan::{Bencher, black_box};
use fray::damage::{Hit, Readings, parse_stat_block, resolve_with};
use fray::evasion::{AttackPlan, DamageKind, Options, profile};
use fray::pool::exact::CheckOdds;
use fray::pool::request::CheckRequest;
use fray::rng::SeededRolls;
use fray::trace::NoTrace;
use fray_c::*;

fn main() {
    // The same number of calls a sample for every bench, so each pair is timed alike
    // (divan would otherwise pick fewer for the C calls from their first, cold, call).
    divan::Divan::from_args()
        .sample_count(200)
        .sample_size(500)
        .main();
}

fn example(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/../../examples/c/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn c(s: &str) -> CString {
    CString::new(s).unwrap()
}

fn ok(status: FrayStatus) {
    assert_eq!(status, FrayStatus::Ok);
}

/// The hero's sword against the troll, as the C example prepares it.
fn c_attack() -> (*mut FrayAttacker, *mut FrayDefender, *mut FrayAttack) {
    let (mut a, mut d, mut at) = (
        std::ptr::null_mut(),
        std::ptr::null_mut(),
        std::ptr::null_mut(),
    );
    unsafe {
        ok(fray_attacker_new(c(&example("hero.toml")).as_ptr(), &mut a));
        ok(fray_defender_new(
            c(&example("troll.toml")).as_ptr(),
            &mut d,
        ));
        ok(fray_attack_new(
            a,
            d,
            c("d8+1").as_ptr(),
            0,
            std::ptr::null(),
            &mut at,
        ));
    }
    (a, d, at)
}

mod attack_roll {
    use super::*;

    /// `AttackPlan::attack`: to-hit and damage, every step kept.
    #[divan::bench]
    fn rust(bencher: Bencher) {
        let plan = AttackPlan::new(
            &profile::parse_attacker(&example("hero.toml")).unwrap(),
            &profile::parse_defender(&example("troll.toml")).unwrap(),
            &"d8+1".parse().unwrap(),
            DamageKind::Physical,
            &Options::default(),
        );
        let mut rolls = SeededRolls::new(1);
        bencher.bench_local(|| plan.attack(black_box(30), &mut rolls));
    }

    /// `fray_attack_roll` with no trace.
    #[divan::bench]
    fn c_abi(bencher: Bencher) {
        let (a, d, at) = c_attack();
        let mut rng = std::ptr::null_mut();
        unsafe { ok(fray_rng_new(1, &mut rng)) };
        let mut out = std::mem::MaybeUninit::<FrayAttackRoll>::uninit();
        let mut roll = || unsafe {
            fray_attack_roll(
                at,
                black_box(30),
                rng,
                out.as_mut_ptr(),
                std::ptr::null_mut(),
            )
        };
        ok(roll());
        bencher.bench_local(roll);
        unsafe {
            fray_rng_free(rng);
            fray_attack_free(at);
            fray_attacker_free(a);
            fray_defender_free(d);
        }
    }

    /// `fray_attack_roll` with its trace, freed.
    #[divan::bench]
    fn c_abi_traced(bencher: Bencher) {
        let (a, d, at) = c_attack();
        let mut rng = std::ptr::null_mut();
        unsafe { ok(fray_rng_new(1, &mut rng)) };
        let mut out = std::mem::MaybeUninit::<FrayAttackRoll>::uninit();
        let mut roll = || unsafe {
            let mut trace = std::ptr::null_mut();
            let status = fray_attack_roll(at, black_box(30), rng, out.as_mut_ptr(), &mut trace);
            fray_free_string(trace);
            status
        };
        ok(roll());
        bencher.bench_local(roll);
        unsafe {
            fray_rng_free(rng);
            fray_attack_free(at);
            fray_attacker_free(a);
            fray_defender_free(d);
        }
    }
}

mod damage_resolve {
    use super::*;

    const TRAITS: &str = "Resist 5 fire (Not Critical); Vulnerable 5 cold; Resist 10 poison";

    /// `resolve_with` on a copy of the hit with its amount, no trace.
    #[divan::bench]
    fn rust(bencher: Bencher) {
        let defender = fray::damage::Defender::new(parse_stat_block(TRAITS).traits);
        let hit = Hit::new(0, ["fire".parse().unwrap(), "cold".parse().unwrap()]);
        bencher.bench_local(|| {
            let mut h = hit.clone();
            h.amount = black_box(17);
            resolve_with(&h, &defender, &Readings::default(), &mut NoTrace)
        });
    }

    /// `fray_damage_resolve` with no trace.
    #[divan::bench]
    fn c_abi(bencher: Bencher) {
        let (mut block, mut hit) = (std::ptr::null_mut(), std::ptr::null_mut());
        unsafe {
            let none = std::ptr::null_mut();
            ok(fray_stat_block_new(c(TRAITS).as_ptr(), &mut block, none));
            ok(fray_hit_new(
                c("0").as_ptr(),
                c("fire cold").as_ptr(),
                0,
                &mut hit,
                none,
            ));
        }
        let mut out = FrayDamage::default();
        let mut resolve = || unsafe {
            fray_damage_resolve(block, hit, black_box(17), &mut out, std::ptr::null_mut())
        };
        ok(resolve());
        bencher.bench_local(resolve);
        unsafe {
            fray_hit_free(hit);
            fray_stat_block_free(block);
        }
    }
}

mod check_odds {
    use super::*;

    /// The rung read and checked, then `CheckOdds::new`.
    #[divan::bench]
    fn rust(bencher: Bencher) {
        bencher.bench_local(|| {
            let check = CheckRequest {
                rung: black_box("3/6").to_string(),
                bonus: 1,
                ..CheckRequest::default()
            }
            .validate()
            .unwrap()
            .check;
            let odds = CheckOdds::new(check);
            (odds.p_success(), odds.mean_degree())
        });
    }

    /// `fray_check_odds`.
    #[divan::bench]
    fn c_abi(bencher: Bencher) {
        let rung = c("3/6");
        let mut out = FrayCheckOdds::default();
        let mut odds = || unsafe { fray_check_odds(rung.as_ptr(), black_box(1), 0, &mut out) };
        ok(odds());
        bencher.bench_local(odds);
    }

    /// `fray_call("check", ...)`: the same through the JSON layer, its answer freed.
    #[divan::bench]
    fn c_abi_json(bencher: Bencher) {
        let (name, request) = (c("check"), c(r#"{"rung": "3/6", "bonus": 1}"#));
        let call = || unsafe {
            let mut answer = std::ptr::null_mut();
            let status = fray_call(name.as_ptr(), request.as_ptr(), &mut answer);
            fray_free_string(answer);
            status
        };
        ok(call());
        bencher.bench_local(call);
    }
}
