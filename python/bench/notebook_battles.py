"""What a designer writes instead of fray, timed against it: the figures of
docs/performance.md, "What a designer would write instead" (a scripted measurement, not a
test).

Two battles of the pool system (docs/rules/pool.md), each written twice the way a
notebook would: in plain Python, one battle at a time with `random`, and in NumPy, arrays
over many battles at once. The battles:

- `plain`: 20 against 20, every fighter 6 hit points and one bonus die (two dice at 3/6
  against anyone), at most 100 rounds;
- `pikes`: the bundled pike square against riders (examples/battles/pikes.toml): forms,
  armor, the hill's advantage, lances through light armor, archers targeted first.

Each version's win chances, draws, mean rounds, rounds distribution (a chi-squared test)
and survival by fighter are checked against `fray.battle` (the same battle, many more
battles): a figure agrees when the two differ by less than 3.5 standard errors of their
difference (about 1 in 2,000 by chance, with some 50 figures compared at once); the
script says which do not. Then each is
timed, on one core, against `fray.battle(..., threads=1)` in the same run.

    python python/bench/notebook_battles.py [--battles N] [--check N] [--without-exploding-die]

Run from the repository's root with the package and NumPy installed
(`pip install ./python numpy`).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from dataclasses import dataclass

import numpy as np

import fray

PIKES = "examples/battles/pikes.toml"
# The plain battle is the speed guard's own (the reference battle).
PLAIN = "scripts/speed-guard-pool-20.toml"

# The ladder of difficulties, hardest first (docs/rules/pool.md): attack rolls start at
# 3/6 and move one rung per factor.
LADDER = [(1, 20), (1, 12), (1, 10), (1, 8), (1, 6), (2, 6), (3, 6), (4, 6), (5, 6),
          (7, 8), (9, 10), (11, 12), (19, 20)]
START = LADDER.index((3, 6))

# The NumPy version's exploding die; `--without-exploding-die` leaves it out, to show
# that the check against fray catches a rule left out.
EXPLODING = True


def rung(steps: int) -> tuple[int, int]:
    return LADDER[max(0, min(len(LADDER) - 1, START + steps))]


@dataclass(frozen=True)
class Kind:
    """A kind of fighter of one battle: its hit points, and its attack against each
    kind of the other side as (target number, die, dice)."""

    name: str
    count: int
    hp: int
    # Lower goes first in the other side's targeting order.
    score: int
    checks: dict


@dataclass(frozen=True)
class Battle:
    name: str
    a: list
    b: list
    max_rounds: int


def plain() -> Battle:
    # Two dice (one and the bonus die) at 3/6 against anyone.
    red = Kind("Red", 20, 6, 0, {"Blue": (3, 6, 2)})
    blue = Kind("Blue", 20, 6, 0, {"Red": (3, 6, 2)})
    return Battle("plain", [red], [blue], 100)


def pikes() -> Battle:
    # Worked out by hand from examples/battles/pikes.toml, as a designer would: the hill
    # gives side a one bonus die; pikes beat cavalry (+1 rung for a pikeman, -1 for a
    # rider against one); lances and arrows go through light armor (+1).
    # Targeting: riders (light, 1) are all alike to side a; to side b, archers (light, 1)
    # come before pikemen (medium 2, +1 for a form superior to every rider's).
    pikeman = Kind("Pikeman", 8, 6, 3, {"Rider": (*rung(1), 3)})
    archer = Kind("Archer", 3, 4, 1, {"Rider": (*rung(1), 2)})
    rider = Kind("Rider", 10, 7, 0, {"Pikeman": (*rung(-1), 3), "Archer": (*rung(1), 3)})
    return Battle("pikes", [pikeman, archer], [rider], 40)


def source(battle: Battle) -> str:
    """The battle as fray reads it."""
    with open(PLAIN if battle.name == "plain" else PIKES) as f:
        return f.read()


def fighters(side: list) -> list:
    """Each fighter of a side, in list order: its kind."""
    return [kind for kind in side for _ in range(kind.count)]


# ---- plain Python: one battle at a time ----------------------------------------------


def roll_attack(tn: int, die: int, dice: int, rng: random.Random) -> int:
    """The hits an attack adds to its side: the degree of a success, 0 on a failure."""
    hits = sum(rng.randint(1, die) <= tn for _ in range(dice))
    degree = hits if hits > 0 else dice - hits
    if hits == dice or hits == 0:
        while rng.randint(1, 6) == 1:
            degree += 1
    return degree if hits > 0 else 0


def python_battle(battle: Battle, rng: random.Random):
    sides = [fighters(battle.a), fighters(battle.b)]
    hp = [[k.hp for k in side] for side in sides]
    rounds = 0
    while all(any(h > 0 for h in side) for side in hp) and rounds < battle.max_rounds:
        rounds += 1
        living = [[i for i, h in enumerate(side) if h > 0] for side in hp]
        hits, spreads = [0, 0], [[], []]
        for s in (0, 1):
            attackers, defenders = living[s], living[1 - s]
            order = sorted(defenders, key=lambda d: sides[1 - s][d].score)
            k = min(len(attackers), len(order))
            for i, a in enumerate(attackers):
                target = sides[1 - s][order[i % k]]
                tn, die, dice = sides[s][a].checks[target.name]
                hits[s] += roll_attack(tn, die, dice, rng)
            used = min(k, hits[s])
            spreads[s] = [(order[i], hits[s] // used + (i < hits[s] % used)) for i in range(used)]
        damage = [[0] * len(side) for side in hp]
        for s in (0, 1):
            full = hits[s] > hits[1 - s]
            for target, h in spreads[s]:
                damage[1 - s][target] += rng.randint(1, 6) + h - 1 if full else h
        for s in (0, 1):
            hp[s] = [max(0, h - d) for h, d in zip(hp[s], damage[s])]
    standing = [any(h > 0 for h in side) for side in hp]
    winner = 0 if standing == [True, False] else 1 if standing == [False, True] else None
    return winner, rounds, hp[0] + hp[1]


def python_battles(battle: Battle, n: int, seed: int) -> dict:
    rng = random.Random(seed)
    return tally([python_battle(battle, rng) for _ in range(n)], battle)


# ---- NumPy: many battles at once -----------------------------------------------------


def numpy_battles(battle: Battle, n: int, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    sides = [fighters(battle.a), fighters(battle.b)]
    hp = [np.tile(np.array([k.hp for k in side], dtype=np.int64), (n, 1)) for side in sides]
    rounds = np.zeros(n, dtype=np.int64)
    # Per side: each attacker's check against each defender, as arrays (target number,
    # die, dice) indexed [attacker, defender].
    checks = [np.array([[k.checks[d.name] for d in sides[1 - s]] for k in sides[s]]) for s in (0, 1)]
    full_hp, live = hp, np.arange(n)
    for _ in range(battle.max_rounds):
        # Only the battles still going are played on: the arrays shrink as they end.
        alive = [h > 0 for h in hp]
        going = alive[0].any(axis=1) & alive[1].any(axis=1)
        if not going.all():
            for s in (0, 1):
                full_hp[s][live] = hp[s]
            live = live[going]
            hp, alive = [h[going] for h in hp], [a[going] for a in alive]
        if len(live) == 0:
            break
        rounds[live] += 1
        n = len(live)
        hits, shares = [], []
        for s in (0, 1):
            other = sides[1 - s]
            attackers, defenders = alive[s], alive[1 - s]
            # The targeting order: defenders by score, then list order; the living ones'
            # places in it, and which defender holds each place.
            order = np.argsort([d.score for d in other], kind="stable")
            ordered = defenders[:, order]
            place = np.cumsum(ordered, axis=1) - 1
            holder = np.argsort(np.where(ordered, place, len(order)), axis=1, kind="stable")
            k = np.minimum(attackers.sum(axis=1), ordered.sum(axis=1))
            if (checks[s] == checks[s][0, 0]).all():
                # One roll whoever attacks whom: no pairing needed.
                tn, die, dice = checks[s][0, 0]
                h = rng.binomial(dice, tn / die, size=(n, len(sides[s])))
            else:
                # Attacker i (in list order) rolls against the target in place i mod k.
                slot = (np.cumsum(attackers, axis=1) - 1) % np.maximum(k, 1)[:, None]
                target = order[np.take_along_axis(holder, slot, axis=1)]
                tn, die, dice = np.moveaxis(checks[s][np.arange(len(sides[s]))[None, :], target], 2, 0)
                most = int(dice.max())
                faces = np.floor(rng.random((n, len(sides[s]), most)) * die[..., None]) + 1
                h = ((faces <= tn[..., None]) & (np.arange(most) < dice[..., None])).sum(axis=2)
            explodes = (h == dice) | (h == 0)
            extra = np.where(explodes & EXPLODING, rng.geometric(5 / 6, size=h.shape) - 1, 0)
            side_hits = np.where(attackers & (h > 0), h + extra, 0).sum(axis=1)
            used = np.minimum(k, side_hits)
            safe = np.maximum(used, 1)
            share_in_order = np.where(
                ordered & (place < used[:, None]),
                side_hits[:, None] // safe[:, None] + (place < (side_hits % safe)[:, None]),
                0,
            )
            share = np.zeros_like(share_in_order)
            share[:, order] = share_in_order
            hits.append(side_hits)
            shares.append(share)
        for s in (0, 1):
            full = (hits[s] > hits[1 - s])[:, None]
            first = rng.integers(1, 7, size=shares[s].shape)
            damage = np.where(shares[s] > 0, np.where(full, first + shares[s] - 1, shares[s]), 0)
            hp[1 - s] = np.maximum(hp[1 - s] - damage, 0)
    for s in (0, 1):
        full_hp[s][live] = hp[s]
    hp, n = full_hp, len(rounds)
    standing = [(h > 0).any(axis=1) for h in hp]
    a_wins, b_wins = standing[0] & ~standing[1], standing[1] & ~standing[0]
    return {
        "n": n,
        "a wins": a_wins.mean(),
        "b wins": b_wins.mean(),
        "draws": 1 - a_wins.mean() - b_wins.mean(),
        "rounds": (rounds.mean(), rounds.std() / math.sqrt(n)),
        "histogram": dict(zip(*np.unique(rounds, return_counts=True))),
        "standing": dict(zip(names(battle), (np.hstack(hp) > 0).mean(axis=0).tolist())),
    }


# ---- the figures, and fray's -------------------------------------------------------------


def names(battle: Battle) -> list:
    """Every fighter's name, as fray numbers them."""
    return [f"{k.name} {i + 1}" if k.count > 1 else k.name
            for side in (battle.a, battle.b) for k in side for i in range(k.count)]


def tally(outcomes: list, battle: Battle) -> dict:
    n = len(outcomes)
    return {
        "n": n,
        "a wins": sum(w == 0 for w, _, _ in outcomes) / n,
        "b wins": sum(w == 1 for w, _, _ in outcomes) / n,
        "draws": sum(w is None for w, _, _ in outcomes) / n,
        "rounds": (sum(r for _, r, _ in outcomes) / n,
                   np.std([r for _, r, _ in outcomes]) / math.sqrt(n)),
        "histogram": dict(zip(*np.unique([r for _, r, _ in outcomes], return_counts=True))),
        "standing": {name: sum(hp[i] > 0 for _, _, hp in outcomes) / n for i, name in enumerate(names(battle))},
    }


def fray_figures(battle: Battle, n: int, seed: int) -> dict:
    return report_figures(fray.battle(source(battle), trials=n, seed=seed, threads=0), n)


def report_figures(r: dict, n: int) -> dict:
    """The figures compared, from a battle's report (fray.battle's, or the command's JSON)."""
    mean = r["rounds"]
    return {
        "n": n,
        "a wins": r["sides"][0]["win"]["p"],
        "b wins": r["sides"][1]["win"]["p"],
        "draws": r["draw"]["p"],
        "rounds": (mean["mean"], (mean["mean_high"] - mean["mean_low"]) / (2 * 1.96)),
        "histogram": dict(mean["histogram"]),
        "standing": {s["name"]: s["survival"] for s in r["survivors"]},
    }


def rounds_gap(mine: dict, theirs: dict) -> float:
    """How far apart two distributions of rounds are, in standard errors: the chi-squared
    test of homogeneity (rounds pooled from the rare ends until each cell expects at least
    5 battles of each sample), as a normal deviate by Wilson and Hilferty's cube root."""
    n, m = mine["n"], theirs["n"]
    rounds = sorted(set(mine["histogram"]) | set(theirs["histogram"]))
    cells, a, b = [], 0, 0
    for r in rounds:
        a, b = a + mine["histogram"].get(r, 0), b + theirs["histogram"].get(r, 0)
        if (a + b) * min(n, m) / (n + m) >= 5:
            cells.append((a, b))
            a, b = 0, 0
    if cells and (a or b):
        last = cells.pop()
        cells.append((last[0] + a, last[1] + b))
    df = len(cells) - 1
    if df < 1:
        return 0.0
    chi2 = sum((x - (x + y) * n / (n + m)) ** 2 / ((x + y) * n / (n + m))
               + (y - (x + y) * m / (n + m)) ** 2 / ((x + y) * m / (n + m)) for x, y in cells)
    z = ((chi2 / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return max(z, 0.0)


def disagreements(mine: dict, theirs: dict) -> tuple[list, int, float]:
    """The figures more than 3.5 standard errors apart, how many were compared, and the
    largest gap in standard errors (for the rounds distribution, its chi-squared test's
    normal deviate, one-sided)."""

    def z(p: float, q: float) -> float:
        # The two-proportion test, pooled (a rare figure seen 0 times in one run is not
        # then infinitely sure).
        n, m = mine["n"], theirs["n"]
        pooled = (p * n + q * m) / (n + m)
        se = math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / m))
        return 0.0 if se == 0 else abs(p - q) / se

    pairs = [(key, z(mine[key], theirs[key])) for key in ("a wins", "b wins", "draws")]
    (m, sm), (t, st) = mine["rounds"], theirs["rounds"]
    pairs.append(("mean rounds", abs(m - t) / math.hypot(sm, st)))
    pairs.append(("rounds distribution", rounds_gap(mine, theirs)))
    pairs += [(f"{name} standing", z(p, theirs["standing"][name])) for name, p in mine["standing"].items()]
    bad = [f"{key} ({gap:.1f} se)" for key, gap in pairs if gap > 3.5]
    return bad, len(pairs), max(gap for _, gap in pairs)


def rate(play, battles: int) -> float:
    """Battles a second, the best of three runs."""
    best = math.inf
    for run in range(3):
        start = time.perf_counter()
        play(battles, run + 1)
        best = min(best, time.perf_counter() - start)
    return battles / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--battles", type=int, default=20000, help="battles each timed run plays (NumPy and fray)")
    parser.add_argument("--check", type=int, default=20000, help="battles each version plays for the check")
    parser.add_argument("--without-exploding-die", action="store_true",
                        help="leave the NumPy version's exploding die out and only check it (it should disagree)")
    args = parser.parse_args()
    global EXPLODING
    EXPLODING = not args.without_exploding_die
    for battle in (plain(), pikes()):
        reference = fray_figures(battle, 400_000, 1)
        print(f"{battle.name}: checked against fray's {reference['n']:,} battles")
        for label, play, n in (("plain Python", python_battles, max(args.check // 4, 2000)),
                               ("NumPy", numpy_battles, args.check)):
            bad, compared, worst = disagreements(play(battle, n, 7), reference)
            verdict = "agree" if not bad else "DISAGREE: " + ", ".join(bad)
            print(f"  {label:<13} {n:>7,} battles: {compared} figures {verdict} (largest gap {worst:.1f} se)")
        if not EXPLODING:
            continue
        python = rate(lambda n, s: python_battles(battle, n, s), max(args.battles // 20, 500))
        vector = rate(lambda n, s: numpy_battles(battle, n, s), args.battles)
        native = rate(lambda n, s: fray.battle(source(battle), trials=n, seed=s, threads=1), args.battles * 10)
        print(f"  battles a second on one core: plain Python {python:,.0f}, NumPy {vector:,.0f}, "
              f"fray.battle {native:,.0f} ({native / vector:.1f}x NumPy, {native / python:.0f}x plain Python)")


if __name__ == "__main__":
    main()
