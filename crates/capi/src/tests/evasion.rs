//! The evasion calls: the text `fray tohit` prints, the numbers `fray evasion-damage`
//! prints, rolls equal to the library's for the same seed, and their refusals.

use fray::dice::DiceExpr;
use fray::evasion::request::ToHitRequest;
use fray::evasion::{AttackPlan, DamageKind, Options, profile};
use fray::rng::SeededRolls;
use serde_json::json;

use super::*;
use crate::*;

fn explain(attack: *const FrayAttack) -> String {
    let mut text = unset();
    // SAFETY: a live handle and this test's output.
    assert_eq!(
        unsafe { fray_attack_explain(attack, &mut text) },
        FrayStatus::Ok
    );
    take(text).unwrap()
}

#[test]
fn the_explanation_is_what_fray_tohit_prints() {
    let h = Handles::new();
    let expected = ToHitRequest {
        attacker: Some(example("hero.toml")),
        defender: Some(example("troll.toml")),
        ..ToHitRequest::default()
    }
    .validate()
    .unwrap()
    .run()
    .to_string();
    assert_eq!(explain(h.attack), expected);
    assert!(expected.contains("P(hit) = 78.8145%"), "{expected}");
}

#[test]
fn the_odds_are_what_fray_evasion_damage_prints() {
    let h = Handles::new();
    let mut odds = FrayAttackOdds::default();
    // SAFETY: live handles and this test's output.
    assert_eq!(
        unsafe { fray_attack_odds(h.attack, 30, &mut odds) },
        FrayStatus::Ok
    );
    let answer = command(
        "evasion-damage",
        &json!({"attacker": example("hero.toml"), "defender": example("troll.toml"), "damage": "d8+1"}),
    );
    assert_eq!(odds.p_hit, answer["p_hit"].as_f64().unwrap());
    assert_eq!(odds.mean_per_hit, answer["mean_per_hit"].as_f64().unwrap());
    assert_eq!(
        odds.mean_per_attack,
        answer["mean_per_attack"].as_f64().unwrap()
    );
    // Fewer hit points left make high-damage effects possible, and cut the mean.
    let mut low = FrayAttackOdds::default();
    assert_eq!(
        unsafe { fray_attack_odds(h.attack, 4, &mut low) },
        FrayStatus::Ok
    );
    assert_eq!(low.p_hit, odds.p_hit);
    assert!(low.mean_per_hit < odds.mean_per_hit);
}

/// Every field of a C roll against the library's, named one by one (not through the
/// conversion under test).
fn assert_same_roll(got: &FrayAttackRoll, want: &fray::evasion::AttackRoll, hp: u32) {
    assert_eq!(
        (got.hit, got.caught),
        (want.hit, want.caught.is_some()),
        "{hp} hp"
    );
    let Some(d) = &want.damage else {
        assert_eq!(
            (got.damage, got.slot, got.effect),
            (0, FraySlot::None, FrayHighDamage::None)
        );
        return;
    };
    assert_eq!(
        (got.damage, got.rolled, got.after_erosion, got.before_effect),
        (d.damage, d.rolled, d.after_erosion, d.before_effect),
        "{hp} hp"
    );
    assert_eq!(
        format!("{:?}", got.slot).to_lowercase(),
        d.slot.name(),
        "{hp} hp"
    );
    assert_eq!((got.has_dr, got.dr), (d.dr.is_some(), d.dr.unwrap_or(0.0)));
    match d.effect {
        None => assert_eq!((got.effect, got.effect_turns), (FrayHighDamage::None, 0)),
        Some((e, turns)) => {
            let name = format!("{:?}", got.effect).to_lowercase();
            assert_eq!(name, e.to_string().replace(' ', ""), "{hp} hp");
            assert_eq!(got.effect_turns, turns.unwrap_or(0));
        }
    }
}

/// The handles the header says threads may share are `Sync`, the others `Send`.
#[test]
fn handles_are_shared_as_the_header_says() {
    fn shared<T: Sync + Send>() {}
    fn moved<T: Send>() {}
    shared::<FrayAttacker>();
    shared::<FrayDefender>();
    shared::<FrayAttack>();
    shared::<FrayStatBlock>();
    shared::<FrayHit>();
    moved::<FrayRng>();
    moved::<FrayMinions>();
}

#[test]
fn rolls_are_the_librarys_for_the_same_seed() {
    let h = Handles::new();
    let (a, d) = (
        profile::parse_attacker(&example("hero.toml")).unwrap(),
        profile::parse_defender(&example("troll.toml")).unwrap(),
    );
    let dice: DiceExpr = "d8+1".parse().unwrap();
    let plan = AttackPlan::new(&a, &d, &dice, DamageKind::Physical, &Options::default());
    let mut rng = std::ptr::null_mut();
    // SAFETY: this test's output; freed below.
    made(unsafe { fray_rng_new(11, &mut rng) });
    let mut rolls = SeededRolls::new(11);
    let mut hits = 0;
    for hp in (1..=30).rev() {
        let (mut got, mut trace) = (FrayAttackRoll::MISS, unset());
        // SAFETY: live handles and this test's outputs.
        let s = unsafe { fray_attack_roll(h.attack, hp, rng, &mut got, &mut trace) };
        assert_eq!(s, FrayStatus::Ok);
        let want = plan.attack(hp, &mut rolls);
        assert_same_roll(&got, &want, hp);
        assert_eq!(take(trace).unwrap(), want.to_string());
        hits += u32::from(got.hit);
        // Without a trace, the same numbers.
        let mut again = FrayAttackRoll::MISS;
        let mut fresh = std::ptr::null_mut();
        made(unsafe { fray_rng_new(5, &mut fresh) });
        unsafe { fray_attack_roll(h.attack, hp, fresh, &mut again, std::ptr::null_mut()) };
        assert_same_roll(&again, &plan.attack(hp, &mut SeededRolls::new(5)), hp);
        unsafe { fray_rng_free(fresh) };
    }
    assert!(
        (10..30).contains(&hits),
        "about 79% of 30 swings hit: {hits}"
    );
    unsafe { fray_rng_free(rng) };
}

#[test]
fn an_attack_rolled_on_two_threads_at_once_rolls_as_on_one() {
    struct Shared(*mut FrayAttack);
    // SAFETY: a FrayAttack is read-only once made (the header's promise tested here).
    unsafe impl Send for Shared {}
    unsafe impl Sync for Shared {}
    let h = Handles::new();
    let attack = std::sync::Arc::new(Shared(h.attack));
    let rolls = |attack: &Shared, seed: u64| {
        let mut rng = std::ptr::null_mut();
        made(unsafe { fray_rng_new(seed, &mut rng) });
        let out: Vec<FrayAttackRoll> = (0..500)
            .map(|_| {
                let mut r = FrayAttackRoll::MISS;
                let s =
                    unsafe { fray_attack_roll(attack.0, 30, rng, &mut r, std::ptr::null_mut()) };
                assert_eq!(s, FrayStatus::Ok);
                r
            })
            .collect();
        unsafe { fray_rng_free(rng) };
        out
    };
    let threads: Vec<_> = (0..2u64)
        .map(|seed| {
            let attack = attack.clone();
            std::thread::spawn(move || rolls(&attack, seed))
        })
        .collect();
    let together: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    assert_eq!(together, vec![rolls(&attack, 0), rolls(&attack, 1)]);
}

/// `fray_attack_new` with these dice and options: its status, the attack freed.
fn attack_with(h: &Handles, dice: &str, options: Option<FrayEvasionOptions>) -> FrayStatus {
    let mut a = unset();
    let o = options.as_ref().map_or(std::ptr::null(), |o| o as *const _);
    // SAFETY: live handles and this test's strings and outputs.
    let s = unsafe {
        fray_attack_new(
            h.attacker,
            h.defender,
            c(dice).as_ptr(),
            FrayDamageKind::Physical as u32,
            o,
            &mut a,
        )
    };
    unsafe { fray_attack_free(a) };
    s
}

#[test]
fn options_are_the_commands_options() {
    let h = Handles::new();
    let uniform = FrayEvasionOptions {
        uniform_k: 4,
        uniform_r: 17,
        ..Default::default()
    };
    let mut a = std::ptr::null_mut();
    made(unsafe {
        fray_attack_new(
            h.attacker,
            h.defender,
            c("d8+1").as_ptr(),
            FrayDamageKind::Elemental as u32,
            &uniform,
            &mut a,
        )
    });
    let mut odds = FrayAttackOdds::default();
    made(unsafe { fray_attack_odds(a, 30, &mut odds) });
    let answer = command(
        "evasion-damage",
        &json!({"attacker": example("hero.toml"), "defender": example("troll.toml"), "damage": "d8+1",
                "kind": "elemental", "model": {"uniform_sum": [4, 17]}}),
    );
    assert_eq!(odds.p_hit, answer["p_hit"].as_f64().unwrap());
    assert_eq!(odds.mean_per_hit, answer["mean_per_hit"].as_f64().unwrap());
    assert!(explain(a).contains("sum of 4 uniform integers in −17..=17"));
    unsafe { fray_attack_free(a) };
    assert_eq!(
        attack_with(&h, "d8", Some(FrayEvasionOptions::default())),
        FrayStatus::Ok,
        "all zero is the defaults"
    );
}

#[test]
fn bad_profiles_dice_and_options_are_refused_with_their_place() {
    let mut a = unset();
    let s = unsafe { fray_attacker_new(c("kind = \"monster\"\nlevel = 999").as_ptr(), &mut a) };
    assert_eq!((s, a.is_null()), (FrayStatus::Refused, true));
    let e = last_error().unwrap();
    assert!(e.starts_with("the attacker profile, line 2"), "{e}");
    let mut d = unset();
    let s = unsafe { fray_defender_new(c("dex = 16").as_ptr(), &mut d) };
    assert_eq!((s, d.is_null()), (FrayStatus::Refused, true));
    assert!(last_error().unwrap().contains("unknown field `dex`"));

    let h = Handles::new();
    assert_eq!(attack_with(&h, "2d", None), FrayStatus::Refused);
    assert!(
        last_error().unwrap().starts_with("dice `2d`"),
        "{:?}",
        last_error()
    );
    let both = FrayEvasionOptions {
        sigma: 3.0,
        uniform_k: 4,
        uniform_r: 17,
        ..Default::default()
    };
    assert_eq!(attack_with(&h, "d8", Some(both)), FrayStatus::Refused);
    assert!(last_error().unwrap().contains("not both"));
    for sigma in [-1.0, f64::NAN, f64::INFINITY] {
        let bad = FrayEvasionOptions {
            sigma,
            ..Default::default()
        };
        assert_eq!(
            attack_with(&h, "d8", Some(bad)),
            FrayStatus::Refused,
            "σ {sigma}"
        );
    }
    let wide = FrayEvasionOptions {
        uniform_k: 4,
        uniform_r: 0,
        ..Default::default()
    };
    assert_eq!(attack_with(&h, "d8", Some(wide)), FrayStatus::Refused);
    let stray = FrayEvasionOptions {
        rounding: 4,
        ..Default::default()
    };
    assert_eq!(attack_with(&h, "d8", Some(stray)), FrayStatus::Refused);
    assert!(
        last_error().unwrap().starts_with("rounding 4"),
        "{:?}",
        last_error()
    );
    let mut a = unset();
    let s = unsafe {
        fray_attack_new(
            h.attacker,
            h.defender,
            c("d8").as_ptr(),
            3,
            std::ptr::null(),
            &mut a,
        )
    };
    assert_eq!((s, a.is_null()), (FrayStatus::Refused, true));
    assert!(
        last_error().unwrap().starts_with("kind 3"),
        "{:?}",
        last_error()
    );
    // Dice too large for exact odds are refused when the odds are asked.
    let mut big = std::ptr::null_mut();
    made(unsafe {
        fray_attack_new(
            h.attacker,
            h.defender,
            c("1000d1000").as_ptr(),
            FrayDamageKind::Physical as u32,
            std::ptr::null(),
            &mut big,
        )
    });
    let mut odds = FrayAttackOdds::default();
    assert_eq!(
        unsafe { fray_attack_odds(big, 30, &mut odds) },
        FrayStatus::Refused
    );
    unsafe { fray_attack_free(big) };
}
