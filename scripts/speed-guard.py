#!/usr/bin/env python3
"""The speed guard: fray's work counted in instructions (valgrind's callgrind), not in
seconds, so a loaded or slow machine cannot fool it. Each case is a `fray` command with a
fixed seed, trial count and one thread. A sampled battle is run at two trial counts and
counted per battle (the difference over the extra battles, so start-up and parsing fall
out) and as its smaller run; any other case is counted once. Each run is counted less
what `fray --version` costs (the process's start), so a figure is fray's own work. Each
figure is
compared with scripts/speed-guard.tsv, the baseline kept in the repository: more than 10%
above it fails.

Usage:
  scripts/speed-guard.py            measure and compare (CI runs this)
  scripts/speed-guard.py --update   measure and write the baseline: a deliberate commit
                                    that says why the figures moved
It counts the release binary (the crates of `fray` in one codegen unit each), FRAY_BIN or
target/release/fray (built or found up to date); valgrind and callgrind_annotate must be
installed.
docs/performance.md ("The speed guard") says more.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "scripts" / "speed-guard.tsv"
# A figure this much above its baseline fails the guard.
TOLERANCE = 0.10
# Below the baseline by this much, the baseline is stale: said, not failed.
STALE = 0.10

# name, arguments, and for a sampled battle the flag that sets its trials with the two
# counts to difference (per battle); None: counted whole.
CASES = [
    ("battle pikes", ["battle", "--example", "pikes", "--seed", "1"], ("--trials", 200, 1200)),
    ("battle pool 20", ["battle", str(ROOT / "scripts/speed-guard-pool-20.toml"), "--seed", "1"], ("--trials", 200, 1200)),
    ("battle duel", ["battle", "--example", "duel", "--seed", "1"], ("--trials", 500, 3000)),
    ("battle skirmish", ["battle", "--example", "skirmish", "--seed", "1"], ("--trials", 20, 120)),
    ("battle minions", ["battle", "--example", "minions"], None),
    ("damage resolve", ["damage", "17", "fire", "cold", "--vs", "Resist Fire; Vulnerable 5 Cold"], None),
    ("damage distribution", ["damage", "10d6+5", "fire", "cold", "--vs", "Resist Fire; Vulnerable 5 Cold"], None),
    ("check odds", ["check", "3/6", "--bonus", "2"], None),
    ("sweep point", ["sweep", str(ROOT / "examples/battles/duel.toml"), "--vary", "evasion.b.defense.hp=40..40",
                     "--trials", "500", "--seed", "1"], None),
]


# A battle's hot loops, each counted per battle too (its instructions and those of what
# it calls): a loop that is half a battle could slow by a fifth and move the battle by
# less than the tolerance. A duel's battle is its loop (its attacks are inlined into it).
# A function renamed or inlined away stops the guard: name another here.
LOOPS = {
    # Step 2 of both sides (`step2`, each side's `deal` inline in it) and its full-damage
    # dice. Step 1 (a remembered round's draw, or a side's one roll) is inline in the
    # lab's loop, so it is counted in the battle's own figure.
    "battle pikes": ["fray::pool::battle::kernel::MassKernel::step2", "<fray::rng::SeededRolls as fray::rng::Rolls>::dice"],
    "battle pool 20": ["fray::pool::battle::kernel::MassKernel::step2",
                       "<fray::rng::SeededRolls as fray::rng::Rolls>::dice"],
    # A turn's attack, the free squares it moves over, and whether an attack has
    # combat advantage (with LTO, the choice of a move and of an attack are inlined
    # into the turn).
    "battle skirmish": ["<impl fray::conditions::encounter::Encounter>::one_attack",
                        "fray::conditions::encounter::Encounter::free",
                        "<impl fray::conditions::encounter::Encounter>::has_combat_advantage"],
}


def binary() -> str:
    """The release `fray`: `$FRAY_BIN`, else target/release/fray (cargo builds it, or finds
    it up to date). fray's
    crates build in one codegen unit each (Cargo.toml), so that how the compiler splits
    the code (which moves with any change anywhere, and moved a pool battle by 19% after
    a change to the minions system) leaves the counts alone."""
    given = os.environ.get("FRAY_BIN")
    if given:
        return given
    subprocess.run(["cargo", "build", "--release", "--locked", "--quiet", "--bin", "fray"], cwd=ROOT, check=True)
    return str(ROOT / "target" / "release" / "fray")


def instructions(fray: str, args: list[str], loops: list[str] = ()) -> tuple[int, dict[str, int]]:
    """The instructions `fray ARGS --threads 1 --json` executes (all its threads), and
    those of each function of `loops` with what it calls; ARGS alone when they are
    `--version`."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        long = args[0] in ("battle", "sweep")
        extra = [] if args == ["--version"] else [*(["--threads", "1", "--quiet"] if long else []), "--json"]
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", fray, *args, *extra],
            capture_output=True, text=True,
        )
        if run.returncode != 0:
            sys.exit(f"speed-guard: fray {' '.join(args)} failed under callgrind:\n{run.stderr[-2000:]}")
        text = out.read_text()
        m = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
        if not m:
            sys.exit(f"speed-guard: no instruction total in callgrind's output for {args}")
        found: dict[str, int] = {}
        if loops:
            table = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(out)],
                                   capture_output=True, text=True, check=True).stdout
            for line in table.splitlines():
                for f in loops:
                    # `  59,189,704 (48.53%)  ???:FUNCTION [binary]`, the function whole.
                    if f":{f} [" in line and f not in found:
                        found[f] = int(line.split()[0].replace(",", ""))
        return int(m.group(1)), found


def measure(fray: str) -> dict[str, float]:
    start, _ = instructions(fray, ["--version"])
    figures: dict[str, float] = {}
    for name, args, trials in CASES:
        if trials is None:
            figures[name] = instructions(fray, args)[0] - start
            continue
        flag, small, large = trials
        loops = LOOPS.get(name, [])
        a, in_a = instructions(fray, [*args, flag, str(small)], loops)
        b, in_b = instructions(fray, [*args, flag, str(large)], loops)
        figures[f"{name}: per battle"] = (b - a) / (large - small)
        figures[f"{name}: {small} battles"] = a - start
        for f in loops:
            if f not in in_a or f not in in_b:
                sys.exit(f"speed-guard: {f} is no longer a function of its own in {name} (renamed, or inlined): "
                         "name another hot loop in LOOPS")
            figures[f"{name}: {f.split('::')[-1]} per battle"] = (in_b[f] - in_a[f]) / (large - small)
    return figures


def read_baseline() -> dict[str, float]:
    if not BASELINE.exists():
        sys.exit(f"speed-guard: no baseline {BASELINE.relative_to(ROOT)}: run scripts/speed-guard.py --update")
    out = {}
    for line in BASELINE.read_text().splitlines():
        if line and not line.startswith("#"):
            name, value = line.split("\t")
            out[name] = float(value)
    return out


def main() -> int:
    update = sys.argv[1:] == ["--update"]
    if sys.argv[1:] and not update:
        print(__doc__, file=sys.stderr)
        return 2
    started = time.monotonic()
    figures = measure(binary())
    took = time.monotonic() - started
    if update:
        lines = ["# Instructions fray executes, counted by scripts/speed-guard.py (callgrind); a figure",
                 "# more than 10% above its line fails CI. Written by --update: commit it with why.",
                 *(f"{name}\t{value:.0f}" for name, value in figures.items())]
        BASELINE.write_text("\n".join(lines) + "\n")
        print(f"speed-guard: wrote {BASELINE.relative_to(ROOT)} ({took:.0f} s)")
        return 0
    baseline = read_baseline()
    failed = []
    print(f"{'case':<36} {'baseline':>14} {'now':>14} {'change':>8}")
    for name, now in figures.items():
        before = baseline.get(name)
        if before is None:
            failed.append(f"{name}: not in the baseline (run --update)")
            print(f"{name:<36} {'-':>14} {now:>14.0f}")
            continue
        change = now / before - 1
        mark = ""
        if change > TOLERANCE:
            failed.append(f"{name}: {change:+.1%} instructions ({before:.0f} -> {now:.0f})")
            mark = "  SLOWER"
        elif change < -STALE:
            mark = "  faster: update the baseline"
        print(f"{name:<36} {before:>14.0f} {now:>14.0f} {change:>+8.1%}{mark}")
    for name in baseline.keys() - figures.keys():
        failed.append(f"{name}: in the baseline but no longer measured")
    print(f"speed-guard: {len(figures)} figures in {took:.0f} s")
    if failed:
        print("speed-guard: figures over the baseline by more than 10%, or missing from it:", file=sys.stderr)
        for f in failed:
            print("  " + f, file=sys.stderr)
        print("speed-guard: if intended, run scripts/speed-guard.py --update and commit it saying why", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
