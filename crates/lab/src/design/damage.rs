//! The damage text's aims (damage, introduction: the list of issues the new rules
//! deal with), each measured on a standard population of stat blocks and attacks under
//! D&D 4E's rules and under the new rules.
//!
//! The population (`docs/design-check.md`): nine stat blocks, each written once in 4E's
//! terms and once in the damage text's notation with the same numbers as limits;
//! attacks of physical damage, of one type (six), of two types (four) and of three types
//! (three); every amount from 1 to 40, all equally weighted.

use fray::baseline::fourth_edition::{self as fourth, Flat};
use fray::damage::{AttackFacts, DamageType, Defender, Hit, parse_traits, resolve};

use super::{Chart, Goal, Wanted, range_points};
use DamageType::{Acid, Cold, Fire, Lightning, Necrotic, Physical, Poison, Radiant, Thunder};

/// Every amount of the population.
const AMOUNTS: std::ops::RangeInclusive<u32> = 1..=40;

/// One stat block, in both rule sets.
struct Block {
    name: &'static str,
    old: fourth::Defender,
    new: Defender,
}

fn block(name: &'static str, old: fourth::Defender, notation: &str) -> Block {
    let traits = parse_traits(notation).expect("the population's stat blocks are well formed");
    Block {
        name,
        old,
        new: Defender::new(traits),
    }
}

fn resisting(resist: Vec<Flat>) -> fourth::Defender {
    fourth::Defender {
        resist,
        ..fourth::Defender::default()
    }
}

/// The nine stat blocks.
fn blocks() -> Vec<Block> {
    vec![
        block(
            "resist 10 fire",
            resisting(vec![Flat::of(Fire, 10)]),
            "Resist 10 Fire",
        ),
        block(
            "resist 5 cold and 5 lightning",
            resisting(vec![Flat::of(Cold, 5), Flat::of(Lightning, 5)]),
            "Resist 5 Cold; Resist 5 Lightning",
        ),
        block(
            "resist 5 all",
            resisting(vec![Flat::all(5)]),
            "Resist All 5",
        ),
        block(
            "undead: resist 10 necrotic, vulnerable 5 radiant",
            fourth::Defender {
                resist: vec![Flat::of(Necrotic, 10)],
                vulnerable: vec![Flat::of(Radiant, 5)],
                ..fourth::Defender::default()
            },
            "Resist 10 Necrotic; Vulnerable 5 Radiant",
        ),
        block(
            "immune poison, resist 5 fire",
            fourth::Defender {
                resist: vec![Flat::of(Fire, 5)],
                immune: vec![Poison],
                ..fourth::Defender::default()
            },
            "Damage Immune: Poison; Resist 5 Fire",
        ),
        block(
            "vulnerable 5 fire and 5 cold",
            fourth::Defender {
                vulnerable: vec![Flat::of(Fire, 5), Flat::of(Cold, 5)],
                ..fourth::Defender::default()
            },
            "Vulnerable 5 Fire; Vulnerable 5 Cold",
        ),
        block(
            "resist 15 fire, cold and lightning",
            resisting(vec![
                Flat::of(Fire, 15),
                Flat::of(Cold, 15),
                Flat::of(Lightning, 15),
            ]),
            "Resist 15 Fire; Resist 15 Cold; Resist 15 Lightning",
        ),
        block(
            "insubstantial",
            fourth::Defender {
                insubstantial: true,
                ..fourth::Defender::default()
            },
            "Insubstantial",
        ),
        block("no traits", fourth::Defender::default(), ""),
    ]
}

/// The attacks, by how many types they deal (0 for physical).
fn attacks() -> Vec<(usize, Vec<DamageType>)> {
    let typed: [&[DamageType]; 13] = [
        &[Fire],
        &[Cold],
        &[Lightning],
        &[Radiant],
        &[Necrotic],
        &[Poison],
        &[Fire, Cold],
        &[Lightning, Thunder],
        &[Radiant, Fire],
        &[Acid, Poison],
        &[Fire, Cold, Lightning],
        &[Radiant, Thunder, Fire],
        &[Necrotic, Poison, Cold],
    ];
    std::iter::once((0, vec![Physical]))
        .chain(typed.iter().map(|t| (t.len(), t.to_vec())))
        .collect()
}

/// Damage taken under each rule set, without and with combat advantage.
fn taken(b: &Block, amount: u32, types: &[DamageType], advantage: bool) -> (u32, u64) {
    let old = fourth::resolve(amount, types, &b.old, &fourth::Options::default()).final_damage;
    let mut hit = Hit::new(amount, types.iter().cloned());
    if advantage {
        hit = hit.by(AttackFacts::default().with_advantage());
    }
    (old, resolve(&hit, &b.new).final_damage)
}

/// The share of each amount of the population that a block takes from `types`, under
/// each rule set: (4E, new) for every amount.
fn shares<'a>(
    b: &'a Block,
    types: &'a [DamageType],
    advantage: bool,
) -> impl Iterator<Item = (f64, f64)> + 'a {
    AMOUNTS.map(move |amount| {
        let (old, new) = taken(b, amount, types, advantage);
        let a = f64::from(amount);
        (f64::from(old) / a, new as f64 / a)
    })
}

/// Mean of (baseline, new) over a list of pairs.
fn means(pairs: &[(f64, f64)]) -> (f64, f64) {
    let n = pairs.len().max(1) as f64;
    (
        pairs.iter().map(|p| p.0).sum::<f64>() / n,
        pairs.iter().map(|p| p.1).sum::<f64>() / n,
    )
}

/// The damage text's seven aims, in its order.
pub(super) fn goals() -> Vec<Goal> {
    let (blocks, attacks) = (blocks(), attacks());
    vec![
        extremes(&blocks, &attacks),
        simpler(),
        multi_type(&blocks, &attacks),
        scaling(),
        physical(&blocks),
        immunity(&blocks),
        insubstantial(&blocks, &attacks),
    ]
}

/// Aim 1: no case where a resistance or vulnerability is far too good or irrelevant.
fn extremes(blocks: &[Block], attacks: &[(usize, Vec<DamageType>)]) -> Goal {
    let mut rows = Vec::new();
    let mut all = Vec::new();
    for b in blocks {
        let covers = |traits: &[Flat], t: &DamageType| {
            traits.iter().any(|f| *t != Physical && f.types.covers(t))
        };
        let mut cases = Vec::new();
        for (_, types) in attacks {
            let met = types
                .iter()
                .any(|t| covers(&b.old.resist, t) || covers(&b.old.vulnerable, t));
            if !met {
                continue;
            }
            for amount in AMOUNTS {
                let (old, new) = taken(b, amount, types, false);
                let extreme =
                    |v: u64| v == 0 || v == u64::from(amount) || v >= 2 * u64::from(amount);
                cases.push((
                    f64::from(u8::from(extreme(u64::from(old)))),
                    f64::from(u8::from(extreme(new))),
                ));
            }
        }
        if !cases.is_empty() {
            let (o, n) = means(&cases);
            rows.push((b.name.to_string(), o, n));
            all.extend(cases);
        }
    }
    let (b, n) = means(&all);
    Goal::exact(
        "damage.extremes",
        "damage, introduction: issues 1",
        "Resistances and vulnerabilities should never become far too good or count for nothing.",
        "of the hits where the stat block lists a resistance or vulnerability to one of the attack's types, the share that end at 0 damage, at the full original damage (the trait counted for nothing) or at double or more; all blocks, attacks and amounts 1 to 40",
        "% of hits",
        Chart::Bars {
            y: "share of hits at an extreme".into(),
            percent: true,
            rows,
        },
    )
    .figures(
        100.0 * b,
        100.0 * n,
        "share of such hits at an extreme",
        "%",
        Wanted::Lower,
    )
}

/// Aim 2: simpler interactions (a property of the wording).
fn simpler() -> Goal {
    Goal::unmeasured(
        "damage.simpler",
        "damage, introduction: issues 2",
        "Several resistances or vulnerabilities against several damage types should combine in a simple way.",
        "not measurable: simplicity is a property of how the rules read, not a number they produce. What fray offers instead: `fray damage` prints every rule step of a hit under the new rules, so a designer can read how many steps a case takes",
        "No figure: the goal is about how the rules read.".into(),
        Chart::None,
    )
}

/// Aim 3: attacks of many types are not always the best.
fn multi_type(blocks: &[Block], attacks: &[(usize, Vec<DamageType>)]) -> Goal {
    let labels = ["physical", "one type", "two types", "three types"];
    let rows: Vec<(String, f64, f64)> = labels
        .iter()
        .enumerate()
        .map(|(count, label)| {
            let mut all = Vec::new();
            for (_, types) in attacks.iter().filter(|a| a.0 == count) {
                for b in blocks {
                    all.extend(shares(b, types, false));
                }
            }
            let (o, n) = means(&all);
            (label.to_string(), 100.0 * o, 100.0 * n)
        })
        .collect();
    let ratio = |f: fn(&(String, f64, f64)) -> f64| 100.0 * f(&rows[3]) / f(&rows[1]);
    let (b, n) = (ratio(|r| r.1), ratio(|r| r.2));
    Goal::exact(
        "damage.multi-type",
        "damage, introduction: issues 3",
        "Attacks with several damage types should not always be the best choice.",
        "the mean damage taken from three-type attacks as a share of the mean taken from one-type attacks (100% is even), over all blocks and amounts 1 to 40; the chart gives each kind's damage taken as a share of its original, physical included",
        "% of one-type damage",
        Chart::Bars {
            y: "damage taken, % of the original".into(),
            percent: false,
            rows,
        },
    )
    .figures(
        b,
        n,
        "damage of three-type attacks relative to one-type attacks",
        "%",
        Wanted::Lower,
    )
}

/// Aim 4: resistances and vulnerabilities scale with level.
fn scaling() -> Goal {
    let old = fourth::Defender {
        resist: vec![Flat::of(Fire, 10)],
        ..fourth::Defender::default()
    };
    let new = Defender::new(parse_traits("Resist Fire").expect("well formed"));
    let points: Vec<(f64, f64, f64)> = (4..=40)
        .map(|amount| {
            let o = fourth::resolve(amount, &[Fire], &old, &fourth::Options::default());
            let n = resolve(&Hit::new(amount, [Fire]), &new);
            let a = f64::from(amount);
            (a, f64::from(o.resisted) / a, n.mitigated as f64 / a)
        })
        .collect();
    let (b, n) = (
        range_points(points.iter().map(|p| p.1)),
        range_points(points.iter().map(|p| p.2)),
    );
    Goal::exact(
        "damage.scaling",
        "damage, introduction: issues 4",
        "Resistances and vulnerabilities should keep their weight as damage grows with level.",
        "how much the share of fire damage a resistance takes off varies over hits of 4 to 40 (the range of that share): 4E's resist 10 fire against the damage text's Resist Fire, which has no limit",
        "percentage points",
        Chart::Lines {
            x: "fire damage of the hit".into(),
            y: "share taken off by the resistance".into(),
            percent: true,
            points,
        },
    )
    .figures(
        b,
        n,
        "range of the share a resistance takes off",
        "percentage points",
        Wanted::Lower,
    )
}

/// Aim 5: physical damage can be resisted.
fn physical(blocks: &[Block]) -> Goal {
    let rows: Vec<(String, f64, f64)> = blocks
        .iter()
        .map(|b| {
            let taken: Vec<(f64, f64)> = shares(b, &[Physical], false).collect();
            let (o, n) = means(&taken);
            (b.name.to_string(), 1.0 - o, 1.0 - n)
        })
        .collect();
    let pairs: Vec<(f64, f64)> = rows.iter().map(|r| (r.1, r.2)).collect();
    let (b, n) = means(&pairs);
    Goal::exact(
        "damage.physical",
        "damage, introduction: issues 5",
        "Physical damage should be resistible like any other type.",
        "the mean share of a physical attack's damage that the stat blocks take off, amounts 1 to 40 (in 4E no resistance names untyped damage; only insubstantial halves it)",
        "% of damage",
        Chart::Bars {
            y: "share of physical damage taken off".into(),
            percent: true,
            rows,
        },
    )
    .figures(
        100.0 * b,
        100.0 * n,
        "share of physical damage taken off",
        "%",
        Wanted::Higher,
    )
}

/// Aim 6: clearer immunities (measured instead: what immunity to one type does).
fn immunity(blocks: &[Block]) -> Goal {
    let b = blocks
        .iter()
        .find(|b| !b.old.immune.is_empty())
        .expect("the population has an immune block");
    let attacks: [(&str, &[DamageType]); 3] = [
        ("poison", &[Poison]),
        ("acid and poison", &[Acid, Poison]),
        ("necrotic, poison and cold", &[Necrotic, Poison, Cold]),
    ];
    let rows: Vec<(String, f64, f64)> = attacks
        .iter()
        .map(|(label, types)| {
            let (o, n) = means(&shares(b, types, false).collect::<Vec<_>>());
            (label.to_string(), o, n)
        })
        .collect();
    let pairs: Vec<(f64, f64)> = rows[1..].iter().map(|r| (r.1, r.2)).collect();
    let (o, n) = means(&pairs);
    Goal::exact(
        "damage.immunity",
        "damage, introduction: issues 6",
        "Immunity should have a clear definition.",
        "clarity is not a number; measured instead: what immunity to one type does against attacks that mix it with others, as the mean share of damage taken by the poison-immune block from acid-and-poison and necrotic-poison-cold attacks, amounts 1 to 40 (4E: immunity counted as an unlimited resistance under its every-type rule, our reading)",
        "% of damage taken",
        Chart::Bars {
            y: "share of damage taken by the poison-immune block".into(),
            percent: true,
            rows,
        },
    )
    .figures(
        100.0 * o,
        100.0 * n,
        "share of mixed-type damage the immune block takes",
        "%",
        Wanted::Lower,
    )
}

/// Aim 7: balanced Insubstantial.
fn insubstantial(blocks: &[Block], attacks: &[(usize, Vec<DamageType>)]) -> Goal {
    let b = blocks
        .iter()
        .find(|b| b.old.insubstantial)
        .expect("the population has an insubstantial block");
    let cases = [
        ("physical, no advantage", true, false),
        ("physical, advantage", true, true),
        ("typed, no advantage", false, false),
        ("typed, advantage", false, true),
    ];
    let rows: Vec<(String, f64, f64)> = cases
        .iter()
        .map(|&(label, physical, advantage)| {
            let mut all = Vec::new();
            for (_, types) in attacks.iter().filter(|a| (a.0 == 0) == physical) {
                all.extend(shares(b, types, advantage));
            }
            let (o, n) = means(&all);
            (label.to_string(), 100.0 * o, 100.0 * n)
        })
        .collect();
    let pairs: Vec<(f64, f64)> = rows.iter().map(|r| (r.1, r.2)).collect();
    let (o, n) = means(&pairs);
    Goal::exact(
        "damage.insubstantial",
        "damage, introduction: issues 7",
        "Insubstantial creatures should be tough without being a wall: combat advantage should matter.",
        "the share of damage an insubstantial creature takes, mean over physical and typed attacks, with and without combat advantage (each of the four cases weighted equally), amounts 1 to 40",
        "% of damage taken",
        Chart::Bars {
            y: "damage taken, % of the original".into(),
            percent: false,
            rows,
        },
    )
    .figures(
        o,
        n,
        "share of damage the insubstantial creature takes",
        "%",
        Wanted::Higher,
    )
}
