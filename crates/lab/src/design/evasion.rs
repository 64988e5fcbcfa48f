//! The evasion text's eight primary goals (evasion, Primary goals of the new system),
//! each measured on the standard population under NetHack 3.6 and under the new rules.

use fray::baseline::nethack::{self, ac_reduced, monster_hit_odds, player_to_hit};
use fray::evasion::{
    Attacker, DamageKind, Defender, Kind, Options, ToHit, ToHitModel, appraise, damage_odds,
    hit_chance_with,
};

use super::population::{
    HERO_LEVELS, MONSTER_LEVELS, armored, evasion_hero, evasion_hero_defender, evasion_monster,
    evasion_monster_defender, hero_ac, monster_damage, nethack_hero, nethack_monster,
    nethack_monster_attack, roles,
};
use super::verdict::{decimals, figure};
use super::{Chart, Goal, Wanted, mean, range_points};
use crate::report::percent;

/// The new rules' exact hit chance under fray's default model (normal, σ = 5).
struct NewRules {
    to_hit: ToHit,
    options: Options,
}

impl NewRules {
    fn new() -> Self {
        Self {
            to_hit: ToHit::new(ToHitModel::NORMAL).expect("the default model is valid"),
            options: Options::default(),
        }
    }

    fn p_hit(&self, a: &Attacker, d: &Defender) -> f64 {
        hit_chance_with(&self.to_hit, a, d, &self.options).p_hit
    }

    /// Mean and standard deviation of a monster's physical damage per hit.
    fn damage_per_hit(&self, level: u32, d: &Defender) -> (f64, f64) {
        let odds = damage_odds(
            &monster_damage(level),
            DamageKind::Physical,
            &evasion_monster(level),
            d,
            &self.options,
        )
        .expect("the population's dice are small enough for an exact answer");
        (odds.per_hit.mean(), odds.per_hit.variance().sqrt())
    }
}

/// The eight goals, in the text's order.
pub(super) fn goals() -> Vec<Goal> {
    let r = NewRules::new();
    vec![
        separate_defenses(&r),
        zero_based(&r),
        appraisal(&r),
        low_variance(&r),
        symmetry(&r),
        luck(&r),
        continuous(&r),
        role_variety(&r),
    ]
}

/// Goal 1: to-hit and damage are separate defensive stats.
fn separate_defenses(r: &NewRules) -> Goal {
    let unarmored = |ev: f64| Defender {
        kind: Kind::Player,
        ev,
        hp: 10_000,
        ..Defender::default()
    };
    let points: Vec<(f64, f64, f64)> = MONSTER_LEVELS
        .map(|level| {
            let dice = monster_damage(level).distribution();
            let base = ac_reduced(&dice, 0).mean();
            let nh = 100.0 * (1.0 - ac_reduced(&dice, -10).mean() / base);
            let (natural, _) = r.damage_per_hit(level, &unarmored(0.0));
            let (evasive, _) = r.damage_per_hit(level, &unarmored(10.0));
            (f64::from(level), nh, 100.0 * (1.0 - evasive / natural))
        })
        .collect();
    let (b, n) = (
        mean(points.iter().map(|p| p.1)),
        mean(points.iter().map(|p| p.2)),
    );
    Goal::exact(
        "evasion.separate-defenses",
        "evasion, Primary goals 1",
        "Avoiding hits and reducing damage should be separate defensive stats, so armor is a choice rather than one number to push down.",
        "how much a monster's damage per hit falls when the hero's to-hit defence improves by 10 points from its natural value (AC 0 to −10; EV 0 to 10), mean over monsters of level 0 to 30",
        "% less damage per hit",
        Chart::Lines {
            x: "monster level".into(),
            y: "% less damage per hit from 10 points of to-hit defence".into(),
            percent: false,
            points,
        },
    )
    .figures(
        b,
        n,
        "damage per hit taken off by 10 points of to-hit defence",
        "%",
        Wanted::Lower,
    )
}

/// Goal 2: defensive stats start at zero and grow as they improve.
fn zero_based(r: &NewRules) -> Goal {
    // A level-0 monster: neither rule set's chance reaches its cap over the range.
    let monster = 0;
    let points: Vec<(f64, f64, f64)> = (0..=10)
        .map(|x| {
            let nh = monster_hit_odds(&nethack_monster_attack(monster), x).p();
            let ev = Defender {
                kind: Kind::Player,
                ev: f64::from(x),
                ..Defender::default()
            };
            (f64::from(x), nh, r.p_hit(&evasion_monster(monster), &ev))
        })
        .collect();
    let slope = |f: fn(&(f64, f64, f64)) -> f64| {
        100.0 * (f(&points[points.len() - 1]) - f(&points[0])) / 10.0
    };
    let (b, n) = (slope(|p| p.1), slope(|p| p.2));
    let goal = Goal::exact(
        "evasion.zero-based",
        "evasion, Primary goals 2",
        "Evasiveness and armor should start at zero and get better as the number grows, unlike AC, which improves as it falls from 10.",
        "the change in a level-0 monster's hit chance for each +1 of the defence number the player sees (AC 0 to 10; EV 0 to 10): positive means a larger number is worse for the defender. The natural values are AC 10 and EV 0",
        "percentage points per +1",
        Chart::Lines {
            x: "defence number (AC or EV)".into(),
            y: "level-0 monster's hit chance".into(),
            percent: true,
            points,
        },
    );
    let d = decimals(&[b, n]);
    let signed = |v: f64| {
        let text = figure(v, d);
        if text.starts_with('-') {
            text
        } else {
            format!("+{text}")
        }
    };
    let summary = format!(
        "Each +1 of the shown number changes a level-0 monster's hit chance by {} percentage points under the baseline (AC) and {} percentage points under the new rules (EV); {}.",
        signed(b),
        signed(n),
        if b > 0.0 && n < 0.0 {
            "a larger AC helps the attacker and a larger EV helps the defender"
        } else {
            "the signs are as shown"
        }
    );
    Goal {
        baseline: Some(b),
        new: Some(n),
        ..goal
    }
    .judged(summary, Wanted::BelowZero, "percentage points per +1")
}

/// Goal 3: an appraisal of defence on the status bar (an interface, not a number).
fn appraisal(r: &NewRules) -> Goal {
    let points: Vec<(f64, f64, f64)> = HERO_LEVELS
        .map(|level| {
            let nh = monster_hit_odds(&nethack_monster_attack(level), hero_ac(level)).p();
            let reference = f64::from(level / 4);
            let new = appraise(&evasion_hero_defender(level), reference, &r.options)
                .map_or(0.0, |a| a.reference_hit_chance);
            (f64::from(level), nh, new)
        })
        .collect();
    // Each end as a percentage that never rounds up to 100% or down to 0%.
    let range = |f: fn(&(f64, f64, f64)) -> f64| {
        let (lo, hi) = points
            .iter()
            .map(f)
            .fold((f64::INFINITY, 0.0_f64), |(lo, hi), p| {
                (lo.min(p), hi.max(p))
            });
        format!("{} to {}", percent(lo), percent(hi))
    };
    let summary = format!(
        "No figure: the goal is about the interface. For the chart, a monster of the hero's level hits the standard hero {} of the time under the baseline and {} under the new rules across levels 1 to 30.",
        range(|p| p.1),
        range(|p| p.2),
    );
    Goal::unmeasured(
        "evasion.appraisal",
        "evasion, Primary goals 3",
        "The status bar should always show a good appraisal of the player's defence.",
        "not measurable: what the status bar shows is a matter of the interface, not of the rules' numbers. Measured instead (the chart): the chance that a monster of the hero's own level hits the standard hero, the figure an appraisal would sum up; under the new rules it is the reference hit chance of `fray appraise`",
        summary,
        Chart::Lines {
            x: "hero level (the monster's level too)".into(),
            y: "chance a level-equal monster hits the hero".into(),
            percent: true,
            points,
        },
    )
}

/// Goal 4: small flat bonuses and low variance.
fn low_variance(r: &NewRules) -> Goal {
    let points: Vec<(f64, f64, f64)> = HERO_LEVELS
        .map(|level| {
            let hit = ac_reduced(&monster_damage(level).distribution(), hero_ac(level));
            let nh = 100.0 * hit.variance().sqrt() / hit.mean();
            let (m, sd) = r.damage_per_hit(level, &evasion_hero_defender(level));
            (f64::from(level), nh, 100.0 * sd / m)
        })
        .collect();
    let (b, n) = (
        mean(points.iter().map(|p| p.1)),
        mean(points.iter().map(|p| p.2)),
    );
    Goal::exact(
        "evasion.low-variance",
        "evasion, Primary goals 4",
        "Lasting flat bonuses should be small or gone, without piling on random rolls: variance should stay low.",
        "the spread of damage per hit (standard deviation over mean) of a monster of the hero's level hitting the standard hero, mean over levels 1 to 30",
        "% (standard deviation / mean)",
        Chart::Lines {
            x: "hero level (the monster's level too)".into(),
            y: "standard deviation / mean of damage per hit, %".into(),
            percent: false,
            points,
        },
    )
    .figures(b, n, "relative spread of damage per hit", "%", Wanted::NoHigher)
}

/// Goal 5: player-monster symmetry.
fn symmetry(r: &NewRules) -> Goal {
    let points: Vec<(f64, f64, f64)> = HERO_LEVELS
        .map(|level| {
            let ac = hero_ac(level);
            let nh_hero = player_to_hit(
                &nethack_hero(level),
                &nethack::Target {
                    ac,
                    ..nethack::Target::default()
                },
            )
            .odds()
            .p();
            let nh_monster = monster_hit_odds(&nethack_monster_attack(level), ac).p();
            let mirror = armored(Kind::Monster, f64::from(10 - ac));
            let new_hero = r.p_hit(&evasion_hero(level), &mirror);
            let new_monster = r.p_hit(&evasion_monster(level), &evasion_hero_defender(level));
            (
                f64::from(level),
                100.0 * (nh_hero - nh_monster).abs(),
                100.0 * (new_hero - new_monster).abs(),
            )
        })
        .collect();
    let (b, n) = (
        mean(points.iter().map(|p| p.1)),
        mean(points.iter().map(|p| p.2)),
    );
    Goal::exact(
        "evasion.symmetry",
        "evasion, Primary goals 5",
        "Players and monsters should fight by the same rules: no advantage only the player gets.",
        "mirrored fights: the standard hero and a monster of the same level, each wearing the hero's armor; the gap between the hero's chance to hit the monster and the monster's chance to hit the hero, mean over levels 1 to 30",
        "percentage points",
        Chart::Lines {
            x: "level of both".into(),
            y: "hit-chance gap, percentage points".into(),
            percent: false,
            points,
        },
    )
    .figures(
        b,
        n,
        "gap between the hero's and the monster's hit chances in mirrored fights",
        "percentage points",
        Wanted::Lower,
    )
}

/// Goal 6: a much smaller effect of Luck.
fn luck(r: &NewRules) -> Goal {
    let points: Vec<(f64, f64, f64)> = HERO_LEVELS
        .map(|level| {
            let gain = |luck: i32| {
                let nh = nethack::Player {
                    luck,
                    ..nethack_hero(level)
                };
                let ev = Attacker {
                    luck,
                    ..evasion_hero(level)
                };
                let over = MONSTER_LEVELS.map(|m| {
                    (
                        player_to_hit(&nh, &nethack_monster(m)).odds().p(),
                        r.p_hit(&ev, &evasion_monster_defender(m)),
                    )
                });
                let all: Vec<(f64, f64)> = over.collect();
                (mean(all.iter().map(|p| p.0)), mean(all.iter().map(|p| p.1)))
            };
            let (zero, lucky) = (gain(0), gain(13));
            (
                f64::from(level),
                100.0 * (lucky.0 - zero.0),
                100.0 * (lucky.1 - zero.1),
            )
        })
        .collect();
    let (b, n) = (
        mean(points.iter().map(|p| p.1)),
        mean(points.iter().map(|p| p.2)),
    );
    Goal::exact(
        "evasion.luck",
        "evasion, Primary goals 6",
        "Luck, a player-only bonus, should move combat much less than it does.",
        "the gain in the standard hero's hit chance from Luck 0 to Luck 13, mean over hero levels 1 to 30 and monsters of level 0 to 30",
        "percentage points",
        Chart::Lines {
            x: "hero level".into(),
            y: "hit chance gained from Luck 13, points".into(),
            percent: false,
            points,
        },
    )
    .figures(
        b,
        n,
        "hit chance gained from Luck 13",
        "percentage points",
        Wanted::Lower,
    )
}

/// The largest change between neighbours of a sequence of chances, in points.
fn largest_jump(values: &[f64]) -> f64 {
    values
        .windows(2)
        .map(|w| 100.0 * (w[1] - w[0]).abs())
        .fold(0.0, f64::max)
}

/// Goal 7: bonuses are continuous functions of their inputs.
fn continuous(r: &NewRules) -> Goal {
    let target = nethack_monster(10);
    let defender = evasion_monster_defender(10);
    let hero = nethack_hero(10);
    let ev_hero = evasion_hero(10);
    let nh = |p: nethack::Player| player_to_hit(&p, &target).odds().p();
    let series = |inputs: &mut dyn Iterator<Item = (f64, f64)>| {
        let (b, n): (Vec<f64>, Vec<f64>) = inputs.unzip();
        (largest_jump(&b), largest_jump(&n))
    };
    let rows: Vec<(String, (f64, f64))> = vec![
        (
            "hero Dexterity 3 to 25".into(),
            series(&mut (3..=25).map(|dexterity| {
                (
                    nh(nethack::Player { dexterity, ..hero }),
                    r.p_hit(
                        &Attacker {
                            dex: dexterity,
                            ..ev_hero.clone()
                        },
                        &defender,
                    ),
                )
            })),
        ),
        (
            "hero Strength 3 to 25".into(),
            series(&mut (3..=125).map(|strength| {
                (
                    nh(nethack::Player { strength, ..hero }),
                    r.p_hit(&ev_hero, &defender),
                )
            })),
        ),
        (
            "hero level 1 to 30, gear fixed".into(),
            series(&mut HERO_LEVELS.map(|level| {
                (
                    nh(nethack::Player { level, ..hero }),
                    r.p_hit(
                        &Attacker {
                            level,
                            ..ev_hero.clone()
                        },
                        &defender,
                    ),
                )
            })),
        ),
        (
            "hero Luck 0 to 13".into(),
            series(&mut (0..=13).map(|luck| {
                (
                    nh(nethack::Player { luck, ..hero }),
                    r.p_hit(
                        &Attacker {
                            luck,
                            ..ev_hero.clone()
                        },
                        &defender,
                    ),
                )
            })),
        ),
        (
            "monster level 0 to 30 (attacking)".into(),
            series(&mut MONSTER_LEVELS.map(|m| {
                (
                    monster_hit_odds(&nethack_monster_attack(m), hero_ac(10)).p(),
                    r.p_hit(&evasion_monster(m), &evasion_hero_defender(10)),
                )
            })),
        ),
    ];
    let b = rows.iter().map(|r| r.1.0).fold(0.0, f64::max);
    let n = rows.iter().map(|r| r.1.1).fold(0.0, f64::max);
    Goal::exact(
        "evasion.continuous",
        "evasion, Primary goals 7",
        "Bonuses and penalties should change smoothly with what they depend on, not in odd steps.",
        "the largest jump in a hit chance between neighbouring values of one input (the level-10 hero against a level-10 monster, or monsters of every level against the level-10 hero), over the inputs charted",
        "percentage points",
        Chart::Bars {
            y: "largest jump, percentage points".into(),
            percent: false,
            rows: rows.into_iter().map(|(l, (b, n))| (l, b, n)).collect(),
        },
    )
    .figures(
        b,
        n,
        "largest jump between neighbouring inputs",
        "percentage points",
        Wanted::Lower,
    )
}

/// Goal 8: roles stay different.
fn role_variety(r: &NewRules) -> Goal {
    let target = nethack_monster(15);
    let defender = evasion_monster_defender(15);
    let rows: Vec<(String, f64, f64)> = roles()
        .into_iter()
        .map(|role| {
            (
                role.name.to_string(),
                player_to_hit(&role.nethack, &target).odds().p(),
                r.p_hit(&role.evasion, &defender),
            )
        })
        .collect();
    let (b, n) = (
        range_points(rows.iter().map(|r| r.1)),
        range_points(rows.iter().map(|r| r.2)),
    );
    Goal::exact(
        "evasion.role-variety",
        "evasion, Primary goals 8",
        "Roles should still play differently, though their difficulty may change.",
        "the spread (highest minus lowest) of six roles' hit chances at level 15 against a level-15 monster, each with its signature weapon and skill",
        "percentage points",
        Chart::Bars {
            y: "hit chance against a level-15 monster".into(),
            percent: true,
            rows,
        },
    )
    .figures(
        b,
        n,
        "spread of the roles' hit chances",
        "percentage points",
        Wanted::NoLower,
    )
}
