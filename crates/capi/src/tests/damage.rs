//! The damage calls: the steps and numbers `fray damage` prints, for a fixed amount and
//! for dice rolled from the same seed, every hit flag, and the refusals.

use serde_json::{Value, json};

use super::*;
use crate::*;

/// A stat block, or the refusal's status.
fn block(traits: &str) -> Result<*mut FrayStatBlock, FrayStatus> {
    let mut b = unset();
    // SAFETY: this test's string and output.
    match unsafe { fray_stat_block_new(c(traits).as_ptr(), &mut b, std::ptr::null_mut()) } {
        FrayStatus::Ok => Ok(b),
        s => {
            assert!(b.is_null());
            Err(s)
        }
    }
}

fn hit(dice: &str, types: &str, flags: u32) -> Result<*mut FrayHit, FrayStatus> {
    let mut h = unset();
    let none = std::ptr::null_mut();
    // SAFETY: this test's strings and output.
    match unsafe { fray_hit_new(c(dice).as_ptr(), c(types).as_ptr(), flags, &mut h, none) } {
        FrayStatus::Ok => Ok(h),
        s => {
            assert!(h.is_null());
            Err(s)
        }
    }
}

/// The command's trace as the lines `fray damage` prints them.
fn steps(answer: &Value) -> String {
    answer["trace"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (id, text) = (s["id"].as_str().unwrap(), s["text"].as_str().unwrap());
            format!("  {:>2}. [{id}] {text}\n", i + 1)
        })
        .collect()
}

fn assert_same(got: &FrayDamage, trace: String, answer: &Value) {
    assert_eq!(trace, steps(answer), "{answer:#}");
    assert_eq!(got.original, answer["original"].as_u64().unwrap());
    assert_eq!(got.mitigated, answer["mitigated"].as_u64().unwrap());
    assert_eq!(got.added, answer["added"].as_u64().unwrap());
    assert_eq!(got.final_damage, answer["final"].as_u64().unwrap());
}

const FLAGS: [(u32, &str); 5] = [
    (FRAY_HIT_ADVANTAGE, "advantage"),
    (FRAY_HIT_CRITICAL, "critical"),
    (FRAY_HIT_ONGOING, "ongoing"),
    (FRAY_HIT_SILVERED, "silvered"),
    (FRAY_HIT_AREA, "area"),
];

#[test]
fn a_resolved_amount_is_what_fray_damage_prints() {
    let traits = "Resist 5 fire (Not Critical); Vulnerable 5 cold (Advantage); \
                  Insubstantial; Resist 10 poison (Ongoing); Vulnerable 3 radiant (Silvered); \
                  Resist 4 thunder (burst/blast)";
    let b = block(traits).unwrap();
    for types in [
        "fire",
        "cold",
        "fire cold",
        "poison,radiant thunder",
        "",
        "custom-ooze",
    ] {
        for mask in 0..32u32 {
            let flags: u32 = FLAGS
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, f)| f.0)
                .sum();
            let h = hit("0", types, flags).unwrap();
            let (mut got, mut trace) = (FrayDamage::default(), unset());
            // SAFETY: live handles and this test's outputs.
            let s = unsafe { fray_damage_resolve(b, h, 17, &mut got, &mut trace) };
            assert_eq!(s, FrayStatus::Ok, "{:?}", last_error());
            let mut request = json!({
                "amount": 17,
                "types": types.split([',', ' ']).filter(|t| !t.is_empty()).collect::<Vec<_>>(),
                "vs": traits,
            });
            for (bit, name) in FLAGS {
                request[name] = json!(flags & bit != 0);
            }
            assert_same(&got, take(trace).unwrap(), &command("damage", &request));
            assert_eq!(got.rolled, 17);
            unsafe { fray_hit_free(h) };
        }
    }
    unsafe { fray_stat_block_free(b) };
}

#[test]
fn dice_rolled_from_a_seed_are_what_fray_damage_roll_prints() {
    let b = block("Vulnerable 5 fire").unwrap();
    let h = hit("3d6+1", "fire", 0).unwrap();
    for seed in [0, 7, 42, u64::MAX] {
        let mut rng = std::ptr::null_mut();
        made(unsafe { fray_rng_new(seed, &mut rng) });
        let (mut got, mut trace) = (FrayDamage::default(), unset());
        // SAFETY: live handles and this test's outputs.
        let s = unsafe { fray_damage_roll(b, h, rng, &mut got, &mut trace) };
        assert_eq!(s, FrayStatus::Ok);
        let answer = command(
            "damage",
            &json!({"amount": "3d6+1", "types": ["fire"], "vs": "Vulnerable 5 fire",
                    "roll": true, "seed": seed}),
        );
        assert_same(&got, take(trace).unwrap(), &answer);
        assert_eq!(
            got.rolled,
            answer["rolled"].as_i64().unwrap(),
            "seed {seed}"
        );
        // With no trace asked, the same numbers from the same seed.
        let mut again = FrayDamage::default();
        let mut fresh = std::ptr::null_mut();
        made(unsafe { fray_rng_new(seed, &mut fresh) });
        assert_eq!(
            unsafe { fray_damage_roll(b, h, fresh, &mut again, std::ptr::null_mut()) },
            FrayStatus::Ok
        );
        assert_eq!(again, got);
        unsafe {
            fray_rng_free(rng);
            fray_rng_free(fresh);
        }
    }
    unsafe {
        fray_hit_free(h);
        fray_stat_block_free(b);
    }
}

#[test]
fn a_trigger_closes_the_trace_as_fray_damage_prints_it() {
    let traits =
        "Resist 5 fire; Damage Trigger fire: loses its regeneration until the end of its next turn";
    let Ok(b) = block(traits) else {
        panic!("{:?}", last_error());
    };
    let h = hit("0", "fire", 0).unwrap();
    let (mut got, mut trace) = (FrayDamage::default(), unset());
    assert_eq!(
        unsafe { fray_damage_resolve(b, h, 8, &mut got, &mut trace) },
        FrayStatus::Ok
    );
    let trace = take(trace).unwrap();
    assert!(
        trace.ends_with("trigger (fire): loses its regeneration until the end of its next turn\n"),
        "{trace}"
    );
    unsafe {
        fray_hit_free(h);
        fray_stat_block_free(b);
    }
}

#[test]
fn bad_stat_blocks_types_dice_flags_and_amounts_are_refused() {
    assert_eq!(
        block("Resist 5 fire\nResist lots cold").err(),
        Some(FrayStatus::Refused)
    );
    let e = last_error().unwrap();
    assert!(e.contains("the stat block, line 2, column"), "{e}");
    let b = block("Resist 5 fire").unwrap();
    assert_eq!(hit("0", "all", 0).err(), Some(FrayStatus::Refused));
    assert!(
        last_error().unwrap().starts_with("damage type `all`"),
        "{:?}",
        last_error()
    );
    assert_eq!(hit("0", "fi!re", 0).err(), Some(FrayStatus::Refused));
    assert_eq!(hit("d", "fire", 0).err(), Some(FrayStatus::Refused));
    assert!(
        last_error().unwrap().starts_with("the damage amount `d`"),
        "{:?}",
        last_error()
    );
    assert_eq!(hit("0", "fire", 1 << 9).err(), Some(FrayStatus::Refused));
    assert!(
        last_error().unwrap().contains("unknown bits 0x200"),
        "{:?}",
        last_error()
    );
    let h = hit("0", "fire", 0).unwrap();
    let mut got = FrayDamage::default();
    let s = unsafe { fray_damage_resolve(b, h, u32::MAX, &mut got, std::ptr::null_mut()) };
    assert_eq!(s, FrayStatus::Refused);
    assert!(
        last_error().unwrap().contains("from 0 to 1000000"),
        "{:?}",
        last_error()
    );
    // A fixed amount below 0 is refused as `fray damage -5` refuses it; dice may roll below.
    assert_eq!(hit("-5", "fire", 0).err(), Some(FrayStatus::Refused));
    assert!(
        last_error().unwrap().contains("comes to -5"),
        "{:?}",
        last_error()
    );
    let low = hit("1d4-5", "fire", 0).unwrap();
    unsafe { fray_hit_free(low) };
    unsafe {
        fray_hit_free(h);
        fray_stat_block_free(b);
    }
}

#[test]
fn probable_typos_are_warned_as_fray_damage_warns_them() {
    let (mut h, mut warnings) = (unset(), unset());
    // SAFETY: this test's strings and outputs.
    let s = unsafe {
        fray_hit_new(
            c("1d6").as_ptr(),
            c("fier").as_ptr(),
            0,
            &mut h,
            &mut warnings,
        )
    };
    assert_eq!(s, FrayStatus::Ok);
    let warned = take(warnings).expect("a warning");
    let answered = fray_commands::call::call(
        "damage",
        br#"{"amount": 3, "types": ["fier"]}"#,
        fray_commands::call::Origin::Body,
        &[],
        fray_commands::call::Style::Pretty,
        &fray_commands::Context::quiet(),
    )
    .unwrap();
    assert_eq!(answered.warnings, std::slice::from_ref(&warned));
    assert!(warned.contains("did you mean `fire`"), "{warned}");
    unsafe { fray_hit_free(h) };
    // None: the output is null.
    let mut warnings = unset();
    let s = unsafe {
        fray_hit_new(
            c("1d6").as_ptr(),
            c("fire").as_ptr(),
            0,
            &mut h,
            &mut warnings,
        )
    };
    assert_eq!((s, warnings.is_null()), (FrayStatus::Ok, true));
    unsafe { fray_hit_free(h) };
    let (mut b, mut warnings) = (unset(), unset());
    let s = unsafe { fray_stat_block_new(c("Resist 5 fier").as_ptr(), &mut b, &mut warnings) };
    assert_eq!(s, FrayStatus::Ok);
    assert!(take(warnings).expect("a warning").contains("fier"));
    unsafe { fray_stat_block_free(b) };
}
