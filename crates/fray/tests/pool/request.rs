//! The pool commands as requests (`fray check`, `fray sides`, `fray mass-battle`): each
//! input rule refuses what it should and nothing else, and each answer carries the
//! library's own numbers.

use fray::character::Side;
use fray::pool::request::{
    CheckRequest, LISTED, MassBattleRequest, STANDARD_LADDER, SidesRequest, UNDERFLOW,
};
use fray::pool::{
    Check, CheckOdds, DefenseCount, FormVote, Ladder, MassEvent, MassState, SideHits, compare,
    parse_mass_battle, parse_side, play_mass_battle,
};
use fray::rng::SeededRolls;

const KNIGHTS: &str = include_str!("../../../../examples/pool/knights-vs-levy.toml");

fn check_request(rung: &str, bonus: i64, penalty: u32) -> CheckRequest {
    CheckRequest {
        rung: rung.into(),
        bonus,
        penalty,
        ..CheckRequest::default()
    }
}

fn refusal<T: std::fmt::Debug>(r: Result<T, fray::request::Refusal>) -> String {
    r.expect_err("should be refused").to_string()
}

#[test]
fn a_check_answers_with_its_exact_odds() {
    let answer = check_request("3/6", 2, 0).validate().unwrap().run();
    let check = Check::new("3/6".parse().unwrap(), 2, 0).unwrap();
    let odds = CheckOdds::new(check);
    assert_eq!(answer.check, "3/6+2b");
    assert_eq!(answer.rung, check.rung);
    assert_eq!(answer.dice, 3);
    assert!(!answer.penalty_dice);
    assert_eq!(answer.p_success, odds.p_success());
    assert_eq!(answer.mean_degree, odds.mean_degree());
    assert_eq!(
        answer.mean_degree_given_success,
        odds.mean_degree_given(true)
    );
    assert_eq!(
        answer.mean_degree_given_failure,
        odds.mean_degree_given(false)
    );
    assert!(answer.mean_degree_given_success > answer.mean_degree);
    let listed: Vec<(bool, u32, f64)> = answer
        .distribution
        .iter()
        .map(|r| (r.success, r.degree, r.p))
        .collect();
    let want: Vec<(bool, u32, f64)> = odds
        .listing(LISTED)
        .into_iter()
        .map(|(r, p)| (r.success, r.degree, p))
        .collect();
    assert_eq!(listed, want);
    // Three hits and three misses explode, each from degree 3.
    let tails: Vec<(bool, u32, f64)> = answer
        .explosion_tails
        .iter()
        .map(|t| (t.success, t.from_degree, t.p_from))
        .collect();
    assert_eq!(
        tails,
        vec![(true, 3, odds.p(true, 3)), (false, 3, odds.p(false, 3))]
    );
    assert!(answer.explosion_tails.iter().all(|t| t.ratio == 1.0 / 6.0));
    assert!(answer.warnings.is_empty());
    // As `--json` prints it: the rung as it is written.
    let json = serde_json::to_value(&answer).unwrap();
    assert_eq!(json["rung"], "3/6");
    assert_eq!(json["check"], "3/6+2b");
    assert_eq!(json["dice"], 3);
}

#[test]
fn a_negative_bonus_is_penalty_dice() {
    let negative = check_request("4/6", -2, 1).validate().unwrap();
    assert_eq!(
        negative.check,
        Check::new("4/6".parse().unwrap(), 0, 3).unwrap()
    );
    let answer = negative.run();
    assert!(answer.penalty_dice);
    assert_eq!(answer.check, "4/6+3p");
    for bonus in [100, -100] {
        assert!(check_request("3/6", bonus, 0).validate().is_ok(), "{bonus}");
    }
    for bonus in [101, -101, i64::MIN, i64::MAX] {
        let message = refusal(check_request("3/6", bonus, 0).validate());
        assert!(
            message.starts_with(&format!("`bonus`: {bonus}: too many dice")),
            "{message}"
        );
    }
    // Penalty dice past the limit are refused by the check itself.
    assert!(check_request("3/6", -50, 51).validate().is_err());
    assert!(check_request("3/6", -50, 50).validate().is_ok());
}

#[test]
fn steps_move_the_rung_along_the_ladder() {
    let ladder: Ladder = STANDARD_LADDER.parse().unwrap();
    let asked = ladder.parse("3/6").unwrap();
    for steps in [-3, -1, 1, 4] {
        let v = CheckRequest {
            steps,
            ..check_request("3/6", 0, 0)
        }
        .validate()
        .unwrap();
        assert_eq!(v.asked, asked);
        assert_eq!(v.steps, steps);
        assert_eq!(v.check.rung, ladder.step(asked, steps).unwrap());
        assert_ne!(v.check.rung, asked);
    }
    // Within the bound, a move past the ladder's end stops there.
    for (steps, end) in [(1000, "19/20"), (-1000, "1/20")] {
        let r = CheckRequest {
            steps,
            ..check_request("3/6", 0, 0)
        };
        assert_eq!(r.validate().unwrap().check.rung, end.parse().unwrap());
    }
    for steps in [1001, -1001, i64::MIN] {
        let r = CheckRequest {
            steps,
            ..check_request("3/6", 0, 0)
        };
        assert!(refusal(r.validate()).contains("`steps`"), "{steps}");
    }
}

#[test]
fn a_bad_ladder_or_rung_is_refused_by_name() {
    let r = CheckRequest {
        ladder: "six".into(),
        ..check_request("3/6", 0, 0)
    };
    assert!(refusal(r.validate()).starts_with("`ladder`: "));
    assert!(check_request("7/6", 0, 0).validate().is_err());
    let r = CheckRequest {
        ladder: "4:6".into(),
        ..check_request("3/4", 0, 0)
    };
    assert_eq!(r.validate().unwrap().check.rung, "3/4".parse().unwrap());
}

#[test]
fn an_underflowing_check_says_so() {
    let answer = check_request("9999/10000", 100, 0);
    let answer = CheckRequest {
        ladder: "6:10000".into(),
        ..answer
    }
    .validate()
    .unwrap()
    .run();
    assert_eq!(answer.warnings, vec![UNDERFLOW]);
    assert!(answer.p_success > 0.99);
}

fn sides(a: &str, b: &str) -> SidesRequest {
    SidesRequest {
        a: a.into(),
        b: b.into(),
        ..SidesRequest::default()
    }
}

#[test]
fn a_certain_side_has_a_chance_of_exactly_one_not_a_hair_above() {
    // A thousand checks against one: the sum of a thousand rounded masses came to
    // 1.0000000000000198 before chances were clamped where they are reported.
    let answer = sides("1000x3/6", "1x3/6").validate().unwrap().run();
    assert_eq!(answer.p_a_more, 1.0);
    for p in [answer.p_a_more, answer.p_tie, answer.p_b_more] {
        assert!((0.0..=1.0).contains(&p), "{p}");
    }
}

#[test]
fn two_sides_answer_with_their_exact_totals() {
    let answer = sides("5x3/6+1b, 2x4/6", "6x3/6").validate().unwrap().run();
    let ladder: Ladder = STANDARD_LADDER.parse().unwrap();
    let a = SideHits::new(&parse_side("5x3/6+1b, 2x4/6", &ladder).unwrap());
    let b = SideHits::new(&parse_side("6x3/6", &ladder).unwrap());
    let c = compare(&a.distribution, &b.distribution);
    assert_eq!(
        (answer.p_a_more, answer.p_tie, answer.p_b_more),
        (c.p_a_more, c.p_tie, c.p_b_more)
    );
    assert!(answer.p_a_more > answer.p_b_more && answer.p_tie > 0.0);
    assert_eq!(answer.a_mean_total, a.distribution.mean());
    assert_eq!(answer.b_mean_total, b.distribution.mean());
    assert_eq!(answer.a_sd_total, a.distribution.variance().sqrt());
    assert_eq!(answer.b_sd_total, b.distribution.variance().sqrt());
    assert!(answer.a_sd_total > 0.0 && answer.b_sd_total > 0.0);
    assert_eq!(answer.error_bound, a.error_bound + b.error_bound);
    assert!(answer.below_error_bound.is_empty() && answer.warnings.is_empty());
    let listed = |rows: &[fray::pool::request::HitsP]| -> Vec<(i64, f64)> {
        rows.iter().map(|r| (r.hits, r.p)).collect()
    };
    let want = |d: &fray::dist::Distribution| -> Vec<(i64, f64)> {
        d.iter()
            .filter(|m| m.p >= LISTED)
            .map(|m| (m.value, m.p))
            .collect()
    };
    assert_eq!(listed(&answer.a_distribution), want(&a.distribution));
    assert_eq!(listed(&answer.b_distribution), want(&b.distribution));
    assert!(answer.a_distribution.len() < a.distribution.iter().count());
    assert_eq!(answer.a, a.distribution);
    assert_eq!(answer.b, b.distribution);
}

#[test]
fn a_probability_below_the_error_bound_is_named() {
    // A hopeless side B: its chance of dealing more is far below the trimmed mass.
    let answer = sides("200x5/6+3b", "1x1/20").validate().unwrap().run();
    assert!(answer.error_bound > 0.0);
    assert!(answer.p_b_more <= answer.error_bound);
    assert!(answer.below_error_bound.contains(&"p_b_more"));
    assert!(!answer.below_error_bound.contains(&"p_a_more"));
    let warning = answer.warnings.last().unwrap();
    assert!(
        warning.starts_with("p_") && warning.contains("no larger than the error bound"),
        "{warning}"
    );
}

#[test]
fn a_side_is_refused_by_its_flag() {
    let message = refusal(sides("3/6+é", "3/6").validate());
    assert!(message.starts_with("`a`: "), "{message}");
    let message = refusal(sides("3/6", "x").validate());
    assert!(message.starts_with("`b`: "), "{message}");
    // Too much work: refused before any, by the side that asks for it.
    let message = refusal(sides("3/6", "10000000x3/6+100b").validate());
    assert!(
        message.starts_with("`b`: ") && message.contains("steps"),
        "{message}"
    );
    let r = SidesRequest {
        ladder: "x".into(),
        ..sides("3/6", "3/6")
    };
    assert!(refusal(r.validate()).starts_with("`ladder`: "));
}

#[test]
fn a_mass_battle_plays_as_the_library_does() {
    let request = MassBattleRequest {
        battle: KNIGHTS.into(),
        ..MassBattleRequest::default()
    };
    let valid = request.validate().unwrap();
    // The file's seed, unless one is given.
    assert_eq!(valid.seed, 11);
    assert!(!valid.quiet);
    let answer = valid.run().unwrap();
    let battle = parse_mass_battle(KNIGHTS).unwrap().battle;
    let mut log: Vec<MassEvent> = Vec::new();
    let state = play_mass_battle(&battle, &mut SeededRolls::new(11), &mut log).unwrap();
    assert_eq!(answer.seed, 11);
    assert_eq!(
        (answer.sides.a.as_str(), answer.sides.b.as_str()),
        ("Knights", "Levy")
    );
    assert_eq!(answer.result.winner, state.winner());
    assert_eq!(answer.result.rounds, state.round);
    assert_eq!(answer.rounds.len(), state.round as usize);
    let events: Vec<String> = answer
        .rounds
        .iter()
        .flat_map(|r| r.events.iter().map(|e| e.text.clone()))
        .collect();
    let want: Vec<String> = log.iter().map(ToString::to_string).collect();
    assert_eq!(events, want);
    assert_eq!(
        answer.rounds[0].odds,
        MassState::new(&battle).round_odds().unwrap()
    );
    for (side, survivors) in [
        (Side::A, &answer.result.a_survivors),
        (Side::B, &answer.result.b_survivors),
    ] {
        let army = if side == Side::A {
            &battle.a
        } else {
            &battle.b
        };
        let want: Vec<(String, u32, u32)> = state
            .living(side)
            .into_iter()
            .map(|i| {
                (
                    army.combatants[i].name.clone(),
                    state.hp[side as usize][i],
                    army.combatants[i].hp,
                )
            })
            .collect();
        let got: Vec<(String, u32, u32)> = survivors
            .iter()
            .map(|s| (s.name.clone(), s.hp, s.max_hp))
            .collect();
        assert_eq!(got, want);
    }
    assert!(!answer.result.a_survivors.is_empty() || !answer.result.b_survivors.is_empty());
}

#[test]
fn a_mass_battles_cost_covers_its_log_and_a_huge_log_is_refused_before_play() {
    // What it costs covers what it writes: the log's bytes and the rounds' attacks.
    let valid = MassBattleRequest {
        battle: KNIGHTS.into(),
        ..MassBattleRequest::default()
    }
    .validate()
    .unwrap();
    let effort = valid.effort();
    let answer = valid.run().unwrap();
    let written = serde_json::to_string_pretty(&answer).unwrap().len() as u64;
    assert!(
        effort.answer_bytes >= written,
        "{effort:?} against {written}"
    );
    let fighters = (valid.battle.a.combatants.len() + valid.battle.b.combatants.len()) as u64;
    assert!(effort.steps >= fighters * u64::from(answer.result.rounds));
    // 10,000 a side for 2,500 rounds: a log of gigabytes, refused before a round is
    // played; the result alone is accepted.
    let horde = "max_rounds = 2500\n[a]\nname = \"A\"\n[[a.combatants]]\nname = \"x\"\ncount = 10000\nhp = 1000000\n\
                 [b]\nname = \"B\"\n[[b.combatants]]\nname = \"y\"\ncount = 10000\nhp = 1000000\n";
    let request = MassBattleRequest {
        battle: horde.into(),
        ..MassBattleRequest::default()
    };
    let e = refusal(request.validate());
    assert!(e.contains("MiB") && e.contains("quiet"), "{e}");
    let quiet = MassBattleRequest {
        quiet: true,
        ..request
    }
    .validate()
    .unwrap();
    assert!(quiet.effort().answer_bytes < 4 << 20);
    assert!(quiet.effort().steps >= 20_000 * 2_500);
}

#[test]
fn a_quiet_mass_battle_keeps_no_rounds_and_overrides_apply() {
    let request = MassBattleRequest {
        battle: KNIGHTS.into(),
        seed: Some(5),
        quiet: true,
        form_vote: Some(FormVote::Balance),
        defenses: Some(DefenseCount::Armor),
        ..MassBattleRequest::default()
    };
    let valid = request.validate().unwrap();
    assert_eq!(valid.seed, 5);
    assert!(valid.quiet);
    assert_eq!(valid.battle.targeting.form, FormVote::Balance);
    assert_eq!(valid.battle.targeting.defenses, DefenseCount::Armor);
    let answer = valid.run().unwrap();
    assert!(answer.rounds.is_empty());
    let state = play_mass_battle(
        &valid.battle,
        &mut SeededRolls::new(5),
        &mut fray::trace::NoTrace,
    )
    .unwrap();
    assert_eq!(answer.result.rounds, state.round);
    assert!(answer.result.rounds > 0);
    // Without overrides, the file's readings stay.
    let plain = MassBattleRequest {
        battle: KNIGHTS.into(),
        ..MassBattleRequest::default()
    }
    .validate()
    .unwrap();
    let file = parse_mass_battle(KNIGHTS).unwrap().battle;
    assert_eq!(plain.battle.targeting, file.targeting);
}

#[test]
fn a_mass_battle_without_a_seed_plays_seed_1_and_a_bad_file_is_located() {
    let unseeded = KNIGHTS.replace("seed = 11\n", "");
    let valid = MassBattleRequest {
        battle: unseeded,
        ..MassBattleRequest::default()
    }
    .validate()
    .unwrap();
    assert_eq!(valid.seed, 1);
    let message = refusal(
        MassBattleRequest {
            battle: "max_rounds = \"x\"\n".into(),
            ..MassBattleRequest::default()
        }
        .validate(),
    );
    assert!(message.starts_with("the battle, "), "{message}");
    let message = refusal(
        MassBattleRequest {
            battle: "max_rounds = \"x\"\n".into(),
            battle_source: Some("b.toml".into()),
            ..MassBattleRequest::default()
        }
        .validate(),
    );
    assert!(message.starts_with("b.toml, "), "{message}");
}
