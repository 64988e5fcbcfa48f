//! The C examples, compiled with `cc` against the static library and run.
//! `examples/c/melee.c`: what it prints is what `fray tohit`, `fray evasion-damage` and
//! `fray damage` print for the same inputs, its rolls are the library's for the same seed,
//! and bad input stops it with fray's message. `examples/c/battle.c`: its battle is what
//! the command table answers, and a refusal is one line. (`scripts/c-example.sh` runs
//! both under valgrind.)

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use fray::damage::request::DamageRequest;
use fray::damage::{Defender, Readings, parse_stat_block, sample};
use fray::dice::DiceExpr;
use fray::evasion::request::{EvasionDamageRequest, ToHitRequest};
use fray::evasion::{AttackPlan, DamageKind, Options, profile};
use fray::rng::SeededRolls;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn example_dir() -> PathBuf {
    root().join("examples/c")
}

fn read(name: &str) -> String {
    std::fs::read_to_string(example_dir().join(name)).unwrap()
}

/// The static library, built once per test process.
fn library() -> PathBuf {
    static BUILT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| {
            // target/<profile>/deps/example-HASH. Cargo builds the library for the tests
            // but leaves target/<profile>/libfray_c.a as it was: build it there.
            let exe = std::env::current_exe().unwrap();
            let profile_dir = exe.parent().unwrap().parent().unwrap();
            let mut build = Command::new(std::env::var_os("CARGO").unwrap_or("cargo".into()));
            build
                .args([
                    "build",
                    "--quiet",
                    "--locked",
                    "--lib",
                    "-p",
                    "fray-capi",
                    "--target-dir",
                ])
                .arg(profile_dir.parent().unwrap());
            if profile_dir.ends_with("release") {
                build.arg("--release");
            }
            let built = build.output().unwrap();
            assert!(
                built.status.success(),
                "{}",
                String::from_utf8_lossy(&built.stderr)
            );
            profile_dir.join("libfray_c.a")
        })
        .clone()
}

/// `examples/c/NAME.c` compiled against the static library into a new file.
fn compile(name: &str) -> PathBuf {
    let lib = library();
    // A path of this process's own, written by cc under a temporary name and renamed
    // once cc has exited: no other process (another `cargo test` sharing the target
    // folder) can hold it open for writing when it is run, which fails the run with
    // ETXTBSY ("Text file busy").
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let out = dir.join(format!("{name}-{}", std::process::id()));
    let writing = dir.join(format!("{name}-{}.partial", std::process::id()));
    let cc = Command::new("cc")
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I"])
        .arg(root().join("crates/capi/include"))
        .arg(example_dir().join(format!("{name}.c")))
        .arg(&lib)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&writing)
        .output()
        .expect("cc runs (install gcc)");
    assert!(
        cc.status.success(),
        "{}",
        String::from_utf8_lossy(&cc.stderr)
    );
    std::fs::rename(&writing, &out).unwrap();
    out
}

/// The melee example, built once per test process.
fn melee() -> PathBuf {
    static BUILT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BUILT.get_or_init(|| compile("melee")).clone()
}

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(melee()).arg(dir).args(args).output().unwrap()
}

/// The lines of a section of the output: from the line after `heading` to the next `==`.
fn section<'a>(out: &'a str, heading: &str) -> Vec<&'a str> {
    out.lines()
        .skip_while(|l| *l != heading)
        .skip(1)
        .take_while(|l| !l.starts_with("=="))
        .collect()
}

#[test]
fn the_odds_it_prints_are_fray_tohit_and_evasion_damages() {
    let out = run(&example_dir(), &["7"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = String::from_utf8(out.stdout).unwrap();
    for (who, attacker, defender, dice) in [
        ("hero attacks troll", "hero.toml", "troll.toml", "d8+1"),
        (
            "troll attacks hero",
            "troll-claw.toml",
            "hero-defense.toml",
            "2d4",
        ),
    ] {
        let files = format!("--attacker {attacker} --defender {defender}");
        let tohit = ToHitRequest {
            attacker: Some(read(attacker)),
            defender: Some(read(defender)),
            ..ToHitRequest::default()
        }
        .validate()
        .unwrap()
        .run()
        .to_string();
        let printed = section(&out, &format!("== {who} (fray tohit {files})"));
        assert_eq!(printed.join("\n") + "\n", tohit, "{who}");
        let damage = EvasionDamageRequest {
            attacker: read(attacker),
            defender: read(defender),
            damage: dice.to_string(),
            ..EvasionDamageRequest::default()
        }
        .validate()
        .unwrap()
        .run()
        .unwrap();
        let printed = section(
            &out,
            &format!("== odds (fray evasion-damage {files} --damage {dice})"),
        );
        assert_eq!(
            printed,
            [format!(
                "P(hit) = {:.4}%, mean damage per hit {:.4}, per attack {:.4}",
                damage.p_hit * 100.0,
                damage.mean_per_hit,
                damage.mean_per_attack
            )],
            "{who}"
        );
    }
}

/// The steps `fray damage AMOUNT TYPE --vs-file FILE` prints.
fn damage_steps(amount: u32, kind: &str, traits_file: &str) -> String {
    let request = DamageRequest {
        amount: Some(serde_json::from_value(serde_json::json!(amount)).unwrap()),
        types: vec![kind.to_string()],
        vs: Some(read(traits_file)),
        ..DamageRequest::default()
    };
    let answer = serde_json::to_value(request.validate().unwrap().run()).unwrap();
    answer["trace"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, s)| {
            format!(
                "  {:>2}. [{}] {}\n",
                i + 1,
                s["id"].as_str().unwrap(),
                s["text"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn every_rider_is_what_fray_damage_prints_for_its_roll() {
    for seed in ["7", "42"] {
        let out = run(&example_dir(), &[seed]);
        let out = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        let mut riders = 0;
        for (i, line) in lines.iter().enumerate() {
            let Some(command) = line.split("(fray damage ").nth(1) else {
                continue;
            };
            let words: Vec<&str> = command.trim_end_matches(')').split(' ').collect();
            let [amount, kind, "--vs-file", file] = words[..] else {
                panic!("{line}");
            };
            let expected = damage_steps(amount.parse().unwrap(), kind, file);
            let printed: String = lines[i + 1..]
                .iter()
                .take_while(|l| l.starts_with("   "))
                .map(|l| format!("{l}\n"))
                .collect();
            assert_eq!(printed, expected, "seed {seed}: {line}");
            riders += 1;
        }
        assert!(riders > 0, "seed {seed}: some swing hits\n{out}");
    }
}

/// One side's attack, prepared as the example prepares it.
struct Side {
    name: &'static str,
    plan: AttackPlan,
    rider: (DiceExpr, &'static str),
    traits: Defender,
}

/// The exchange the example plays, played with the library: the swing summaries.
fn replay(seed: u64) -> Vec<String> {
    let attack = |a: &str, d: &str, dice: &str| {
        AttackPlan::new(
            &profile::parse_attacker(&read(a)).unwrap(),
            &profile::parse_defender(&read(d)).unwrap(),
            &dice.parse().unwrap(),
            DamageKind::Physical,
            &Options::default(),
        )
    };
    let traits = |f: &str| Defender::new(parse_stat_block(&read(f)).traits);
    let sides = [
        Side {
            name: "hero",
            plan: attack("hero.toml", "troll.toml", "d8+1"),
            rider: ("1d6".parse().unwrap(), "fire"),
            traits: traits("troll.traits"),
        },
        Side {
            name: "troll",
            plan: attack("troll-claw.toml", "hero-defense.toml", "2d4"),
            rider: ("1d4".parse().unwrap(), "poison"),
            traits: traits("hero.traits"),
        },
    ];
    let mut hp = [24u32, 30];
    let mut rolls = SeededRolls::new(seed);
    let mut lines = Vec::new();
    for _ in 0..6 {
        if hp[0] == 0 || hp[1] == 0 {
            break;
        }
        for (me, side) in sides.iter().enumerate() {
            let them = 1 - me;
            if hp[me] == 0 {
                break;
            }
            let target = sides[them].name;
            let roll = side.plan.attack(hp[them], &mut rolls);
            let Some(d) = roll.damage else {
                lines.push(format!("{} misses {target}", side.name));
                continue;
            };
            let hit = fray::damage::Hit::new(0, [side.rider.1.parse().unwrap()]);
            let (_, rider) = sample::roll(
                &side.rider.0,
                &hit,
                &side.traits,
                &Readings::default(),
                &mut rolls,
            );
            let fin = rider.outcome.final_damage;
            let dealt = d.damage as u64 + fin;
            let after = hp[them].saturating_sub(u32::try_from(dealt).unwrap());
            lines.push(format!(
                "{} hits {target}: {} + {fin} {} = {dealt} damage, {} -> {after} hp",
                side.name, d.damage, side.rider.1, hp[them]
            ));
            hp[them] = after;
        }
    }
    lines
}

#[test]
fn its_rolls_are_the_librarys_for_the_same_seed() {
    for seed in [7u64, 42, 1_000_003] {
        let out = run(&example_dir(), &[&seed.to_string()]);
        let out = String::from_utf8(out.stdout).unwrap();
        let swings: Vec<String> = out
            .lines()
            .filter(|l| l.starts_with("hero ") || l.starts_with("troll "))
            .filter(|l| l.contains(" hits ") || l.contains(" misses "))
            .map(str::to_string)
            .collect();
        assert_eq!(swings, replay(seed), "seed {seed}");
    }
}

#[test]
fn bad_input_stops_it_with_frays_message() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("melee-bad");
    std::fs::create_dir_all(&dir).unwrap();
    for f in [
        "hero.toml",
        "hero-defense.toml",
        "hero.traits",
        "troll-claw.toml",
        "troll.toml",
        "troll.traits",
    ] {
        std::fs::copy(example_dir().join(f), dir.join(f)).unwrap();
    }
    std::fs::write(
        dir.join("troll.toml"),
        "kind = \"monster\"\nev = \"high\"\n",
    )
    .unwrap();
    let out = run(&dir, &["7"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("melee: troll.toml: the defender profile, line 2, column 6:"),
        "{err}"
    );
    assert!(err.contains("(status 1)"), "{err}");

    std::fs::write(dir.join("troll.toml"), read("troll.toml")).unwrap();
    std::fs::write(dir.join("troll.traits"), "Vulnerable lots fire\n").unwrap();
    let out = run(&dir, &["7"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("the stat block, line 1, column"), "{err}");

    let out = run(&dir.join("nowhere"), &["7"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr).unwrap().contains("hero.toml"));
    for seed in ["seven", "-1"] {
        let out = run(&example_dir(), &[seed]);
        assert_eq!(out.status.code(), Some(2), "seed {seed}");
    }
}

#[test]
fn the_battle_example_answers_what_the_command_table_does() {
    let battle = compile("battle");
    let out = Command::new(&battle)
        .args(["duel", "300", "5", "2"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = fray_commands::call::call(
        "battle",
        br#"{"example": "duel", "trials": 300, "seed": 5, "threads": 2}"#,
        fray_commands::call::Origin::Body,
        &[],
        fray_commands::call::Style::Pretty,
        &fray_commands::Context::quiet(),
    )
    .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), table.answer);

    // A refusal, as a game's message window shows it: one line.
    let out = Command::new(&battle).arg("nope").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no bundled scenario is named `nope`"), "{err}");
    for bad in [&["duel", "lots"][..], &["a\"quote"], &[]] {
        let out = Command::new(&battle).args(bad).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}
