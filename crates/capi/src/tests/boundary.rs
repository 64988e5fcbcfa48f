//! Every exported function's error paths, one table: each pointer argument null, each
//! string argument not UTF-8, and a panic forced inside, with pointer outputs left null
//! and the thread's last error naming what was wrong.

use std::ffi::c_char;

use super::*;
use crate::*;

/// How one argument of a call is passed.
#[derive(Clone, Copy, PartialEq)]
enum Fault {
    None,
    /// The named pointer argument is null.
    Null(&'static str),
    /// The named string argument is not UTF-8.
    BadUtf8(&'static str),
}

/// The argument `name`: `valid`, or null / not UTF-8 as `fault` says.
fn arg<T>(fault: Fault, name: &str, valid: *const T, bad: &CString) -> *const T {
    match fault {
        Fault::Null(n) if n == name => std::ptr::null(),
        Fault::BadUtf8(n) if n == name => bad.as_ptr().cast(),
        _ => valid,
    }
}

fn out<T>(fault: Fault, name: &str, valid: *mut T) -> *mut T {
    match fault {
        Fault::Null(n) if n == name => std::ptr::null_mut(),
        _ => valid,
    }
}

/// One exported function: its pointer arguments, its string arguments, and a call with
/// a fault that returns its status and whether every pointer output came back null.
struct Case {
    name: &'static str,
    pointers: &'static [&'static str],
    strings: &'static [&'static str],
    call: fn(&Handles, Fault) -> (FrayStatus, bool),
}

/// A pointer output's value after the call: freed if it is a string fray handed out.
fn string_left(p: *mut c_char) -> bool {
    take(p).is_none()
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "fray_call",
            pointers: &["command", "request_json", "answer_json"],
            strings: &["command", "request_json"],
            call: |_, f| {
                let (bad, mut answer) = (not_utf8(), unset());
                let s = unsafe {
                    fray_call(
                        arg(f, "command", c("check").as_ptr(), &bad),
                        arg(f, "request_json", c(r#"{"rung": "3/6"}"#).as_ptr(), &bad),
                        out(f, "answer_json", &mut answer),
                    )
                };
                (s, f == Fault::Null("answer_json") || string_left(answer))
            },
        },
        Case {
            name: "fray_call_envelope",
            pointers: &["command", "request_json", "envelope_json"],
            strings: &["command", "request_json"],
            call: |_, f| {
                let (bad, mut envelope) = (not_utf8(), unset());
                let s = unsafe {
                    fray_call_envelope(
                        arg(f, "command", c("check").as_ptr(), &bad),
                        arg(f, "request_json", c(r#"{"rung": "3/6"}"#).as_ptr(), &bad),
                        out(f, "envelope_json", &mut envelope),
                    )
                };
                (
                    s,
                    f == Fault::Null("envelope_json") || string_left(envelope),
                )
            },
        },
        Case {
            name: "fray_rng_new",
            pointers: &["rng"],
            strings: &[],
            call: |_, f| {
                let mut rng = unset();
                let s = unsafe { fray_rng_new(1, out(f, "rng", &mut rng)) };
                let left = rng.is_null();
                if s == FrayStatus::Ok {
                    unsafe { fray_rng_free(rng) };
                }
                (s, f == Fault::Null("rng") || left)
            },
        },
        Case {
            name: "fray_rng_from_die",
            pointers: &["die", "rng"],
            strings: &[],
            call: |_, f| {
                unsafe extern "C" fn one(_: *mut std::ffi::c_void, _: u32) -> u32 {
                    1
                }
                let die: FrayDieFn = if f == Fault::Null("die") {
                    None
                } else {
                    Some(one)
                };
                let mut rng = unset();
                let s = unsafe {
                    fray_rng_from_die(die, std::ptr::null_mut(), out(f, "rng", &mut rng))
                };
                let left = rng.is_null();
                if s == FrayStatus::Ok {
                    unsafe { fray_rng_free(rng) };
                }
                (s, f == Fault::Null("rng") || left)
            },
        },
        Case {
            name: "fray_rng_die",
            pointers: &["rng", "result"],
            strings: &[],
            call: |h, f| {
                let mut result = 0;
                let s =
                    unsafe { fray_rng_die(out(f, "rng", h.rng), 6, out(f, "result", &mut result)) };
                (s, true)
            },
        },
        Case {
            name: "fray_rng_save",
            pointers: &["rng", "buf"],
            strings: &[],
            call: |h, f| {
                let mut buf = [0u8; FRAY_RNG_SAVED_BYTES];
                let s = unsafe {
                    fray_rng_save(
                        out(f, "rng", h.rng),
                        out(f, "buf", buf.as_mut_ptr()),
                        buf.len(),
                    )
                };
                (s, true)
            },
        },
        Case {
            name: "fray_rng_restore",
            pointers: &["buf", "rng"],
            strings: &[],
            call: |_, f| {
                let saved = fray::rng::SeededRolls::new(1).save();
                let mut rng = unset();
                let s = unsafe {
                    fray_rng_restore(
                        arg(f, "buf", saved.as_ptr(), &not_utf8()),
                        saved.len(),
                        out(f, "rng", &mut rng),
                    )
                };
                let left = rng.is_null();
                if s == FrayStatus::Ok {
                    unsafe { fray_rng_free(rng) };
                }
                (s, f == Fault::Null("rng") || left)
            },
        },
        Case {
            name: "fray_attacker_new",
            pointers: &["profile_toml", "attacker"],
            strings: &["profile_toml"],
            call: |_, f| {
                let (bad, mut a) = (not_utf8(), unset());
                let s = unsafe {
                    fray_attacker_new(
                        arg(f, "profile_toml", c("level = 3").as_ptr(), &bad),
                        out(f, "attacker", &mut a),
                    )
                };
                let left = a.is_null();
                if s == FrayStatus::Ok {
                    unsafe { fray_attacker_free(a) };
                }
                (s, f == Fault::Null("attacker") || left)
            },
        },
        Case {
            name: "fray_defender_new",
            pointers: &["profile_toml", "defender"],
            strings: &["profile_toml"],
            call: |_, f| {
                let (bad, mut d) = (not_utf8(), unset());
                let s = unsafe {
                    fray_defender_new(
                        arg(f, "profile_toml", c("ev = 3").as_ptr(), &bad),
                        out(f, "defender", &mut d),
                    )
                };
                let left = d.is_null();
                if s == FrayStatus::Ok {
                    unsafe { fray_defender_free(d) };
                }
                (s, f == Fault::Null("defender") || left)
            },
        },
        Case {
            name: "fray_defender_hp",
            pointers: &["defender", "hp"],
            strings: &[],
            call: |h, f| {
                let mut hp = 0;
                let s = unsafe {
                    fray_defender_hp(
                        arg(f, "defender", h.defender, &c("")),
                        out(f, "hp", &mut hp),
                    )
                };
                (s, true)
            },
        },
        Case {
            name: "fray_attack_new",
            pointers: &["attacker", "defender", "dice", "attack"],
            strings: &["dice"],
            call: |h, f| {
                let (bad, mut a) = (not_utf8(), unset());
                let s = unsafe {
                    fray_attack_new(
                        arg(f, "attacker", h.attacker, &bad),
                        arg(f, "defender", h.defender, &bad),
                        arg(f, "dice", c("2d4").as_ptr(), &bad),
                        FrayDamageKind::Physical as u32,
                        std::ptr::null(),
                        out(f, "attack", &mut a),
                    )
                };
                let left = a.is_null();
                if s == FrayStatus::Ok {
                    unsafe { fray_attack_free(a) };
                }
                (s, f == Fault::Null("attack") || left)
            },
        },
        Case {
            name: "fray_attack_odds",
            pointers: &["attack", "odds"],
            strings: &[],
            call: |h, f| {
                let mut odds = FrayAttackOdds::default();
                let s = unsafe {
                    fray_attack_odds(
                        arg(f, "attack", h.attack, &c("")),
                        30,
                        out(f, "odds", &mut odds),
                    )
                };
                (s, true)
            },
        },
        Case {
            name: "fray_attack_explain",
            pointers: &["attack", "text"],
            strings: &[],
            call: |h, f| {
                let mut text = unset();
                let s = unsafe {
                    fray_attack_explain(
                        arg(f, "attack", h.attack, &c("")),
                        out(f, "text", &mut text),
                    )
                };
                (s, f == Fault::Null("text") || string_left(text))
            },
        },
        Case {
            name: "fray_attack_roll",
            pointers: &["attack", "rng", "roll"],
            strings: &[],
            call: |h, f| {
                let (mut roll, mut trace) = (FrayAttackRoll::MISS, unset());
                let s = unsafe {
                    fray_attack_roll(
                        arg(f, "attack", h.attack, &c("")),
                        30,
                        out(f, "rng", h.rng),
                        out(f, "roll", &mut roll),
                        &mut trace,
                    )
                };
                (s, string_left(trace))
            },
        },
        Case {
            name: "fray_stat_block_new",
            pointers: &["traits", "block"],
            strings: &["traits"],
            call: |_, f| {
                let (bad, mut b) = (not_utf8(), unset());
                let s = unsafe {
                    fray_stat_block_new(
                        arg(f, "traits", c("Resist 5 fire").as_ptr(), &bad),
                        out(f, "block", &mut b),
                        std::ptr::null_mut(),
                    )
                };
                let left = b.is_null();
                if s == FrayStatus::Ok {
                    unsafe { fray_stat_block_free(b) };
                }
                (s, f == Fault::Null("block") || left)
            },
        },
        Case {
            name: "fray_hit_new",
            pointers: &["dice", "types", "hit"],
            strings: &["dice", "types"],
            call: |_, f| {
                let (bad, mut hit) = (not_utf8(), unset());
                let s = unsafe {
                    fray_hit_new(
                        arg(f, "dice", c("1d6").as_ptr(), &bad),
                        arg(f, "types", c("fire").as_ptr(), &bad),
                        0,
                        out(f, "hit", &mut hit),
                        std::ptr::null_mut(),
                    )
                };
                let left = hit.is_null();
                if s == FrayStatus::Ok {
                    unsafe { fray_hit_free(hit) };
                }
                (s, f == Fault::Null("hit") || left)
            },
        },
        Case {
            name: "fray_damage_resolve",
            pointers: &["block", "hit", "damage"],
            strings: &[],
            call: |h, f| {
                let (mut d, mut trace) = (FrayDamage::default(), unset());
                let s = unsafe {
                    fray_damage_resolve(
                        arg(f, "block", h.block, &c("")),
                        arg(f, "hit", h.hit, &c("")),
                        4,
                        out(f, "damage", &mut d),
                        &mut trace,
                    )
                };
                (s, string_left(trace))
            },
        },
        Case {
            name: "fray_damage_roll",
            pointers: &["block", "hit", "rng", "damage"],
            strings: &[],
            call: |h, f| {
                let (mut d, mut trace) = (FrayDamage::default(), unset());
                let s = unsafe {
                    fray_damage_roll(
                        arg(f, "block", h.block, &c("")),
                        arg(f, "hit", h.hit, &c("")),
                        out(f, "rng", h.rng),
                        out(f, "damage", &mut d),
                        &mut trace,
                    )
                };
                (s, string_left(trace))
            },
        },
        Case {
            name: "fray_check_odds",
            pointers: &["rung", "odds"],
            strings: &["rung"],
            call: |_, f| {
                let (bad, mut odds) = (not_utf8(), FrayCheckOdds::default());
                let s = unsafe {
                    fray_check_odds(
                        arg(f, "rung", c("3/6").as_ptr(), &bad),
                        1,
                        0,
                        out(f, "odds", &mut odds),
                    )
                };
                (s, true)
            },
        },
        Case {
            name: "fray_minions_new",
            pointers: &["battle_toml", "minions"],
            strings: &["battle_toml"],
            call: |_, f| {
                let (bad, mut m) = (not_utf8(), unset());
                let minion = "kind = \"monster\"\nhp = 3\ndamage = 1\n";
                let toml = format!(
                    "[a]\nname = \"A\"\n[[a.minions]]\nname = \"x\"\n{minion}\
                     [b]\nname = \"B\"\n[[b.minions]]\nname = \"y\"\n{minion}"
                );
                let s = unsafe {
                    fray_minions_new(
                        arg(f, "battle_toml", c(&toml).as_ptr(), &bad),
                        out(f, "minions", &mut m),
                    )
                };
                let left = m.is_null();
                if s == FrayStatus::Ok {
                    unsafe { fray_minions_free(m) };
                }
                (s, f == Fault::Null("minions") || left)
            },
        },
        Case {
            name: "fray_minions_round",
            pointers: &["minions", "round"],
            strings: &[],
            call: |h, f| {
                let mut trace = unset();
                let mut round = std::mem::MaybeUninit::<FrayMinionsRound>::uninit();
                let s = unsafe {
                    fray_minions_round(
                        out(f, "minions", h.minions),
                        out(f, "round", round.as_mut_ptr()),
                        &mut trace,
                    )
                };
                (s, string_left(trace))
            },
        },
        Case {
            name: "fray_minions_count",
            pointers: &["minions", "count"],
            strings: &[],
            call: |h, f| {
                let mut n = 0;
                let s = unsafe {
                    fray_minions_count(
                        arg(f, "minions", h.minions, &c("")),
                        out(f, "count", &mut n),
                    )
                };
                (s, true)
            },
        },
        Case {
            name: "fray_minions_minion",
            pointers: &["minions", "minion"],
            strings: &[],
            call: |h, f| {
                let mut m = std::mem::MaybeUninit::<FrayMinion>::uninit();
                let s = unsafe {
                    fray_minions_minion(
                        arg(f, "minions", h.minions, &c("")),
                        0,
                        out(f, "minion", m.as_mut_ptr()),
                    )
                };
                (s, true)
            },
        },
    ]
}

/// Every function fray_c exports that returns a status, by the header's own list.
#[test]
fn the_table_covers_every_function_that_returns_a_status() {
    let header = include_str!("../../include/fray.h");
    let mut exported: Vec<&str> = header
        .lines()
        .filter(|l| l.starts_with("FrayStatus fray_"))
        .map(|l| &l["FrayStatus ".len()..l.find('(').unwrap()])
        .collect();
    exported.sort_unstable();
    let mut tested: Vec<&str> = cases().iter().map(|c| c.name).collect();
    tested.sort_unstable();
    assert_eq!(tested, exported);
}

#[test]
fn every_function_answers_when_nothing_is_wrong() {
    let h = Handles::new();
    for case in cases() {
        let (status, _) = (case.call)(&h, Fault::None);
        assert_eq!(status, FrayStatus::Ok, "{}: {:?}", case.name, last_error());
        assert_eq!(last_error(), None, "{}", case.name);
    }
}

#[test]
fn every_null_pointer_is_refused_and_named() {
    let h = Handles::new();
    for case in cases() {
        for &p in case.pointers {
            let (status, nulled) = (case.call)(&h, Fault::Null(p));
            assert_eq!(status, FrayStatus::Null, "{} with {p} null", case.name);
            assert!(nulled, "{} with {p} null left an output set", case.name);
            assert_eq!(
                last_error().as_deref(),
                Some(format!("{p} is a null pointer").as_str()),
                "{}",
                case.name
            );
        }
    }
}

#[test]
fn every_string_that_is_not_utf8_is_refused_and_named() {
    let h = Handles::new();
    for case in cases() {
        for &s in case.strings {
            let (status, nulled) = (case.call)(&h, Fault::BadUtf8(s));
            assert_eq!(
                status,
                FrayStatus::BadUtf8,
                "{} with {s} not UTF-8",
                case.name
            );
            assert!(
                nulled,
                "{} with {s} not UTF-8 left an output set",
                case.name
            );
            assert!(
                last_error()
                    .unwrap()
                    .starts_with(&format!("{s} is not UTF-8")),
                "{}: {:?}",
                case.name,
                last_error()
            );
        }
    }
}

#[test]
fn a_panic_inside_any_function_is_caught_and_told() {
    let h = Handles::new();
    for case in cases() {
        force_panic();
        let (status, nulled) = (case.call)(&h, Fault::None);
        assert_eq!(status, FrayStatus::Panic, "{}", case.name);
        assert!(nulled, "{} left an output set after a panic", case.name);
        let told = last_error().unwrap();
        assert!(
            told.starts_with("fray failed inside: the test build's forced panic, at "),
            "{}: {told}",
            case.name
        );
        // And it answers again after one.
        assert_eq!(
            (case.call)(&h, Fault::None).0,
            FrayStatus::Ok,
            "{}",
            case.name
        );
    }
}

#[test]
fn freeing_null_is_nothing() {
    // SAFETY: null is allowed everywhere.
    unsafe {
        fray_free_string(std::ptr::null_mut());
        fray_rng_free(std::ptr::null_mut());
        fray_attacker_free(std::ptr::null_mut());
        fray_defender_free(std::ptr::null_mut());
        fray_attack_free(std::ptr::null_mut());
        fray_stat_block_free(std::ptr::null_mut());
        fray_hit_free(std::ptr::null_mut());
        fray_minions_free(std::ptr::null_mut());
    }
}

#[test]
fn the_last_error_is_each_threads_own() {
    let (status, _) = (cases()[0].call)(&Handles::new(), Fault::Null("command"));
    assert_eq!(status, FrayStatus::Null);
    let other = std::thread::spawn(|| {
        let mut odds = FrayCheckOdds::default();
        let s = unsafe { fray_check_odds(c("3/6").as_ptr(), 0, 0, &mut odds) };
        (s, last_error())
    })
    .join()
    .unwrap();
    assert_eq!(other, (FrayStatus::Ok, None));
    assert_eq!(last_error().as_deref(), Some("command is a null pointer"));
}

/// Set in the child process [`a_caught_panic_prints_nothing_and_the_hosts_own_still_does`]
/// starts, where the panics happen with standard error not captured.
const PANIC_CHILD: &str = "FRAY_CAPI_PANIC_CHILD";

#[test]
fn a_caught_panic_prints_nothing_and_the_hosts_own_still_does() {
    if std::env::var_os(PANIC_CHILD).is_some() {
        let mut rng = unset();
        force_panic();
        assert_eq!(unsafe { fray_rng_new(1, &mut rng) }, FrayStatus::Panic);
        // Told with where it happened, since nothing was printed.
        let told = last_error().unwrap();
        assert!(
            told.starts_with("fray failed inside: the test build's forced panic, at ")
                && told.contains("src/tests/mod.rs:"),
            "{told}"
        );
        // A worker thread of a long call panics silently too.
        let working = crate::boundary::Working::start();
        assert!(
            std::thread::spawn(|| panic!("a worker's panic"))
                .join()
                .is_err()
        );
        drop(working);
        assert!(std::panic::catch_unwind(|| panic!("the host's own panic")).is_err());
        return;
    }
    let name = "tests::boundary::a_caught_panic_prints_nothing_and_the_hosts_own_still_does";
    let child = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", name, "--nocapture", "--test-threads=1"])
        .env(PANIC_CHILD, "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&child.stderr);
    assert!(child.status.success(), "{stderr}");
    assert!(
        !stderr.contains("forced panic") && !stderr.contains("a worker's panic"),
        "{stderr}"
    );
    assert!(stderr.contains("the host's own panic"), "{stderr}");
}

#[test]
fn the_last_error_on_one_line_leaves_out_the_quote() {
    let mut d = unset();
    let profile = c("kind = \"monster\"\nev = \"high\"\n");
    assert_eq!(
        unsafe { fray_defender_new(profile.as_ptr(), &mut d) },
        FrayStatus::Refused
    );
    let (whole, line) = (last_error().unwrap(), last_error_line().unwrap());
    assert!(whole.contains("\n  | ev = \"high\"\n  | "), "{whole}");
    assert_eq!(line, whole.lines().next().unwrap());
    assert!(line.contains("line 2, column 6"), "{line}");
    // A hint stays, after the words; every line break goes.
    let refusal =
        fray::request::Refusal::new("two\nlines\n  | quoted\n  | ^").with_hint("do\nthis");
    let status = crate::boundary::entry(|| Err(refusal.into()));
    assert_eq!(status, FrayStatus::Refused);
    assert_eq!(last_error_line().as_deref(), Some("two lines (do this)"));
    // Every other failure: its message, on one line.
    assert_eq!(
        unsafe { fray_rng_new(1, std::ptr::null_mut()) },
        FrayStatus::Null
    );
    assert_eq!(last_error_line(), last_error());
    let mut rng = unset();
    made(unsafe { fray_rng_new(1, &mut rng) });
    assert_eq!(last_error_line(), None);
    unsafe { fray_rng_free(rng) };
}
