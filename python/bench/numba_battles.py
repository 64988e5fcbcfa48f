"""fray against what a careful designer writes instead, timed in one run: the figures of
docs/performance.md, "What a designer would write instead" (a scripted measurement, not a
test).

The two pool battles of notebook_battles.py (`plain`, 20 against 20, and `pikes`, the
pike square against riders), each written four ways beside fray:

- `NumPy (notebook)`: notebook_battles.py's version, kept for comparison;
- `NumPy (careful)`: arrays [fighter, battle] over many battles at once, one 32-bit draw
  per attacker (SFC64's raw words, two draws a word) looked up in the attack's table of
  degrees (its dice, failure and exploding die in one draw), int16 hit points, targets by
  running counts, one int16 d6 a fighter for the side that deals full damage, and the
  arrays shrunk to the battles still going;
- `Numba`: one battle at a time, an `@njit` loop written for each battle, xoshiro256++
  written in it, one 64-bit draw per attack looked up in the same table (64-bit
  thresholds), eight d6 per 64-bit word for full damage (the batched multiply-shift), no
  Python object in the loop;
- `Numba prange`: the same loops over chunks of battles on every core, each chunk its own
  xoshiro256++ stream (the generator's jump).

Each is checked against fray (the `fray battle` command's JSON) as notebook_battles.py
does: win chances, draws, mean rounds, the rounds distribution and survival of every
fighter. Then each is timed, the best of three runs, beside `fray battle --threads 1` and
`fray battle` on every core, start-up excluded (the best run of N battles less the best
run of one), and with --binding `fray.battle(..., threads=1)` from Python.

    python python/bench/numba_battles.py [--battles N] [--check N] [--only plain|pikes] [--binding]

Run from the repository's root with the package, NumPy and Numba installed
(`pip install ./python numpy numba`) and the command built (`cargo build --release`, or
FRAY_BIN=path). Without Numba it says so (pip install numba) and runs the rest.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import notebook_battles as nb  # noqa: E402

try:
    import numba
    from numba import njit, prange
except ImportError:  # Numba is optional: the NumPy and fray figures still come.
    numba = None

ROOT = Path(__file__).resolve().parent.parent.parent
FRAY_BIN = os.environ.get("FRAY_BIN", str(ROOT / "target" / "release" / "fray"))
TWO64 = 1 << 64


# ---- an attack's degrees, as one table ----------------------------------------------------


def degree_odds(tn: int, die: int, dice: int, length: int) -> list:
    """P(an attack adds d hits to its side) for d < length, exactly (docs/rules/pool.md):
    a failure (every die missed, there being no penalty dice) adds 0 whatever its
    exploding die does; h hits of `dice` add h; every die hitting adds dice + E, with the
    exploding die's P(E = e) = (5/6)(1/6)^e."""
    p = Fraction(tn, die)
    q = 1 - p
    odds = [Fraction(0)] * length
    odds[0] = q ** dice
    for h in range(1, dice):
        odds[h] = comb(dice, h) * p ** h * q ** (dice - h)
    for e in range(length - dice):
        odds[dice + e] = p ** dice * Fraction(5, 6) * Fraction(1, 6) ** e
    return odds


@functools.lru_cache(maxsize=None)
def thresholds(check: tuple, bits: int) -> tuple:
    """The degree of an attack from one uniform draw u of `bits` bits: the number of
    thresholds u is at or above. Floor(P(degree <= d) 2^bits) for each d while it is below
    2^bits (a degree beyond is rarer than one draw in 2^bits)."""
    tn, die, dice = check
    odds = degree_odds(tn, die, dice, dice + bits)
    cumulative, out = Fraction(0), []
    for p in odds:
        cumulative += p
        t = math.floor(cumulative * (1 << bits))
        if t >= 1 << bits:
            break
        out.append(t)
    return tuple(out)


@dataclass
class Arrays:
    """A battle as arrays: every fighter of both sides (side a's then side b's, in list
    order, as fray names them), its kind and hit points; each side's fighters in the
    other side's targeting order; the check of each (attacker kind, defender kind)."""

    hp: np.ndarray          # int64 [fighters]
    kind: np.ndarray        # int64 [fighters]
    count: tuple            # fighters of side a, of side b
    order: tuple            # per side: its fighters (global numbers) in targeting order
    checks: list            # distinct (tn, die, dice)
    check: np.ndarray       # int64 [kinds, kinds]: index into checks, -1 for a side's own
    max_rounds: int


def arrays(battle: nb.Battle) -> Arrays:
    kinds = battle.a + battle.b
    checks = sorted({c for k in kinds for c in k.checks.values()})
    check = np.full((len(kinds), len(kinds)), -1, dtype=np.int64)
    for i, k in enumerate(kinds):
        for j, d in enumerate(kinds):
            if d.name in k.checks:
                check[i, j] = checks.index(k.checks[d.name])
    kind, hp, score = [], [], []
    for i, k in enumerate(kinds):
        kind += [i] * k.count
        hp += [k.hp] * k.count
        score += [k.score] * k.count
    na = sum(k.count for k in battle.a)
    nf = len(kind)
    # The targeting order: score, then list order (a stable sort); the scores of these two
    # battles never change while both sides stand.
    order_a = np.array(sorted(range(na), key=lambda f: score[f]), dtype=np.int64)
    order_b = np.array(sorted(range(na, nf), key=lambda f: score[f]), dtype=np.int64)
    return Arrays(np.array(hp, dtype=np.int64), np.array(kind, dtype=np.int64), (na, nf - na),
                  (order_a, order_b), checks, check, battle.max_rounds)


def figures(battle: nb.Battle, n: int, wins, hist, standing) -> dict:
    """The figures notebook_battles.disagreements compares, from counts: outcomes
    (a wins, b wins, draws), battles by rounds, and survivors by fighter."""
    hist = np.asarray(hist, dtype=np.float64)
    r = np.arange(len(hist))
    mean = (hist * r).sum() / n
    var = (hist * (r - mean) ** 2).sum() / n
    return {
        "n": n,
        "a wins": wins[0] / n,
        "b wins": wins[1] / n,
        "draws": (n - wins[0] - wins[1]) / n,
        "rounds": (mean, math.sqrt(var / n)),
        "histogram": {int(i): int(c) for i, c in enumerate(hist) if c},
        "standing": dict(zip(nb.names(battle), (np.asarray(standing) / n).tolist())),
    }


# ---- NumPy, written with care ----------------------------------------------------------------


def running_count(alive: np.ndarray) -> np.ndarray:
    """The living so far down each column, counting the row itself ([fighter, battle],
    int16): a loop over the rows, some 25 times faster than np.cumsum along axis 0."""
    out = np.empty(alive.shape, dtype=np.int16)
    out[0] = alive[0]
    for j in range(1, len(alive)):
        np.add(out[j - 1], alive[j], out=out[j])
    return out


def numpy_battles(battle: nb.Battle, n: int, seed: int) -> dict:
    # SFC64: NumPy's fastest generator; attacks take its raw 64-bit words as two 32-bit
    # draws each.
    rng = np.random.Generator(np.random.SFC64(seed))
    raw = rng.bit_generator.random_raw
    arr = arrays(battle)
    # Per side, hit points as [fighter, battle] (each row's operations run along the
    # battles), the fighters in the other side's targeting order, so that the cumulative
    # sum of the living down a column gives each one's place.
    rows = [arr.order[0], arr.order[1]]
    hp = [np.repeat(arr.hp[r].astype(np.int16)[:, None], n, axis=1) for r in rows]
    kind = [arr.kind[r] for r in rows]
    # The degree of an attack: how many of its check's thresholds its 32-bit draw reaches.
    # Every draw is compared with the first few; the rare rest (a run of explosions) are
    # looked up for the draws that pass them all.
    tables = [np.array(thresholds(c, 32), dtype=np.uint32) for c in arr.checks]
    head = max(c[2] for c in arr.checks) + 3
    heads = np.array([t[:head] for t in tables])  # [check, threshold]
    # Per side: the defenders' kinds come in blocks in targeting order (the last row of
    # each), and the check of each (attacker row, defender block).
    ends, check = [], []
    for s in (0, 1):
        ends.append([j for j in range(len(kind[s])) if j + 1 == len(kind[s]) or kind[s][j + 1] != kind[s][j]])
    for s in (0, 1):
        check.append(arr.check[kind[s]][:, kind[1 - s][ends[1 - s]]])
    # The i-th living attacker in list order rolls against the target in place i mod k:
    # a side's rows in list order.
    list_rows = [np.argsort(rows[0]), np.argsort(rows[1])]
    rounds = np.zeros(n, dtype=np.int16)
    final = [h.copy() for h in hp]
    live = np.arange(n)
    for r in range(1, arr.max_rounds + 1):
        alive = [h > 0 for h in hp]
        hits, shares = [], []
        for s in (0, 1):
            attackers, defenders = alive[s], alive[1 - s]
            place = running_count(defenders)  # 1 for the first living
            k = np.minimum(attackers.sum(axis=0, dtype=np.int16), place[-1])
            u = raw((attackers.size + 1) // 2).view(np.uint32)[:attackers.size].reshape(attackers.shape)
            m = check[s]
            if m.shape[1] == 1:
                # One kind of defender: the attacker's kind alone sets its roll.
                c = m[:, 0]
                thr = heads[c][:, :, None]  # [attacker, threshold, 1]
            else:
                # Several: the target's block is how many blocks live wholly before its place.
                rank = np.empty_like(place, shape=attackers.shape)
                rank[list_rows[s]] = running_count(attackers[list_rows[s]])
                slot = (rank - 1) % np.maximum(k, 1)
                block = np.zeros(attackers.shape, dtype=np.int8)
                for end in ends[1 - s][:-1]:
                    block += slot >= place[end]
                c = m[np.arange(len(m))[:, None], block]
                thr = None
            degree = np.zeros(attackers.shape, dtype=np.int8)
            for j in range(head):
                degree += u >= (thr[:, j] if thr is not None else heads[:, j][c])
            degree *= attackers
            deep = np.flatnonzero(degree == head)  # a few in a thousand
            if len(deep):
                cs = c[deep // degree.shape[1]] if c.ndim == 1 else c.reshape(-1)[deep]
                us, found = u.reshape(-1)[deep], np.empty(len(deep), dtype=np.int8)
                for ci in np.unique(cs):
                    found[cs == ci] = np.searchsorted(tables[ci], us[cs == ci], side="right")
                degree.reshape(-1)[deep] = found
            side_hits = degree.sum(axis=0, dtype=np.int16)
            used = np.minimum(k, side_hits)
            safe = np.maximum(used, 1)
            q, rem = side_hits // safe, side_hits % safe
            # The target in place p (p <= used) takes q hits, one more if p <= rem (a dead
            # fighter shares the place of the living one before it: left out).
            shares.append(((place <= used) & defenders, (place <= rem) & defenders, q))
            hits.append(side_hits)
        # Full damage, a d6 for the first hit on a target and +1 for each further hit,
        # from the side with more hits: at most one side a battle, so one set of dice.
        d6 = rng.integers(0, 6, size=(max(len(h) for h in hp), len(live)), dtype=np.int16)
        for s in (0, 1):
            hit, extra, q = shares[s]
            damage = d6[:len(hit)] * (hits[s] > hits[1 - s])
            damage += q
            damage *= hit
            damage += extra
            hp[1 - s] -= damage
        going = (hp[0] > 0).any(axis=0) & (hp[1] > 0).any(axis=0)
        if r == arr.max_rounds:
            going[:] = False
        if not going.all():
            over = ~going
            ended = live[over]
            rounds[ended] = r
            for s in (0, 1):
                final[s][:, ended] = hp[s][:, over]
            live = live[going]
            hp = [h[:, going] for h in hp]
            if len(live) == 0:
                break
    alive = [f > 0 for f in final]
    sa, sb = alive[0].any(axis=0), alive[1].any(axis=0)
    wins = [int((sa & ~sb).sum()), int((sb & ~sa).sum())]
    standing = np.empty(sum(arr.count))
    standing[rows[0]] = alive[0].sum(axis=1)
    standing[rows[1]] = alive[1].sum(axis=1)
    return figures(battle, n, wins, np.bincount(rounds, minlength=arr.max_rounds + 1), standing)


# ---- Numba: one battle at a time, compiled -------------------------------------------------


if numba is not None:
    U = np.uint64

    @njit(inline="always")
    def _rotl(x, k):
        return (x << U(k)) | (x >> U(64 - k))

    @njit(inline="always")
    def _next(s):
        """xoshiro256++ (Blackman and Vigna), its state in s[0:4]."""
        s0, s1, s2, s3 = s[0], s[1], s[2], s[3]
        result = _rotl(s0 + s3, 23) + s0
        t = s1 << U(17)
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = _rotl(s3, 45)
        s[0], s[1], s[2], s[3] = s0, s1, s2, s3
        return result

    @njit(inline="always")
    def _d6(s):
        """A d6 from the word kept in s[4] (s[5] d6 left in it): the high 64 bits of
        word x 6, the low 64 kept for the next (Lemire's multiply-shift, batched). Each
        product keeps one bit less, so a word gives eight, each within 2^-55 of 1/6."""
        if s[5] == U(0):
            s[4] = _next(s)
            s[5] = U(8)
        x = s[4]
        lo = (x & U(0xFFFFFFFF)) * U(6)
        hi = (x >> U(32)) * U(6) + (lo >> U(32))
        s[4] = x * U(6)
        s[5] -= U(1)
        return np.int64(hi >> U(32)) + 1

    @njit(cache=True)
    def _seed(seed, stream):
        """A state from splitmix64(seed), then `stream` xoshiro256 jumps (2^128 draws
        each), so every stream is its own stretch of one sequence."""
        s = np.zeros(6, dtype=np.uint64)
        z = U(seed)
        for i in range(4):
            z += U(0x9E3779B97F4A7C15)
            x = z
            x = (x ^ (x >> U(30))) * U(0xBF58476D1CE4E5B9)
            x = (x ^ (x >> U(27))) * U(0x94D049BB133111EB)
            s[i] = x ^ (x >> U(31))
        jump = np.array([0x180EC6D33CFD0ABA, 0xD5A61266F0C9392C, 0xA9582618E03FC9AA,
                         0x39ABDC4529B1661C], dtype=np.uint64)
        for _ in range(stream):
            t = np.zeros(4, dtype=np.uint64)
            for w in range(4):
                for b in range(64):
                    if jump[w] & (U(1) << U(b)):
                        t ^= s[:4]
                    _next(s)
            s[:4] = t
        return s

    @njit(inline="always")
    def _degree(u, table, dice):
        """What an attack adds to its side's hits, from one 64-bit draw u: the thresholds
        of its table u reaches. The first dice + 1 always (no branch), the rest only when
        an explosion reaches them."""
        d = 0
        for j in range(dice + 1):
            d += u >= table[j]
        if d == dice + 1:
            while d < len(table) - 1 and u >= table[d]:
                d += 1
        return d

    @njit(inline="always")
    def _spread(h, used, full, hp, targets, s):
        """Spread h hits over the first `used` targets: h // used each, one more for the
        first h % used; a d6 + the hits - 1 each when full, else a point a hit."""
        q, rem = h // used, h % used
        for j in range(used):
            share = q + (j < rem)
            hp[targets[j]] -= _d6(s) + share - 1 if full else share

    @njit(cache=True)
    def _plain(n, s, table, wins, hist, standing):
        """n plain battles (20 against 20, 6 hit points, 3/6 with two dice against
        anyone, at most 100 rounds); the counts as _pikes."""
        hp = np.empty((2, 20), dtype=np.int64)
        targets = np.empty((2, 20), dtype=np.int64)
        living = np.empty(2, dtype=np.int64)
        hits = np.empty(2, dtype=np.int64)
        for _ in range(n):
            hp[:, :] = 6
            living[:] = 20
            rounds = 0
            while living[0] > 0 and living[1] > 0 and rounds < 100:
                rounds += 1
                # Every attack is the same roll: only how many attack counts.
                for side in range(2):
                    h = 0
                    for _a in range(living[side]):
                        h += _degree(_next(s), table, 2)
                    hits[side] = h
                for side in range(2):
                    # The targets: the other side's living, in list order.
                    other, m = 1 - side, 0
                    for j in range(20):
                        targets[side, m] = j
                        m += hp[other, j] > 0
                    used = min(living[side], m, hits[side])
                    if used > 0:
                        _spread(hits[side], used, hits[side] > hits[other], hp[other], targets[side], s)
                for side in range(2):
                    m = 0
                    for j in range(20):
                        m += hp[side, j] > 0
                    living[side] = m
            wins[0 if living[1] == 0 < living[0] else 1 if living[0] == 0 < living[1] else 2] += 1
            hist[rounds] += 1
            for j in range(40):
                standing[j] += hp[j // 20, j % 20] > 0

    @njit(cache=True)
    def _pikes(n, s, tables, wins, hist, standing):
        """n pikes battles: side a, 8 pikemen (6 hit points; 4/6 with 3 dice against a
        rider) then 3 archers (4; 4/6 with 2 dice); side b, 10 riders (7; 2/6 with 3 dice
        against a pikeman, 4/6 with 3 against an archer); at most 40 rounds. Adds each
        battle's outcome (a wins, b wins, draw), its rounds and its survivors (fray's
        order) to the counts. tables: the degree tables of those four attacks."""
        pike, arch, vs_pike, vs_arch = tables[0], tables[1], tables[2], tables[3]
        hpa = np.empty(11, dtype=np.int64)
        hpb = np.empty(10, dtype=np.int64)
        # Each side's targets in its targeting order: the riders in list order; the
        # archers (light armor) before the pikemen (medium armor, superior form).
        order_a = np.array([8, 9, 10, 0, 1, 2, 3, 4, 5, 6, 7])
        targets_a = np.empty(11, dtype=np.int64)
        targets_b = np.empty(10, dtype=np.int64)
        for _ in range(n):
            hpa[:8] = 6
            hpa[8:] = 4
            hpb[:] = 7
            pikemen, archers, riders = 8, 3, 10
            rounds = 0
            while pikemen + archers > 0 and riders > 0 and rounds < 40:
                rounds += 1
                # Side a: the riders are all alike, so only who attacks counts.
                ha = 0
                for _a in range(pikemen):
                    ha += _degree(_next(s), pike, 3)
                for _a in range(archers):
                    ha += _degree(_next(s), arch, 2)
                # Side b: the i-th rider against the target in place i mod k, where the
                # living archers come first.
                k = min(riders, pikemen + archers)
                hb, t = 0, 0
                for _a in range(riders):
                    hb += _degree(_next(s), vs_arch, 3) if t < archers else _degree(_next(s), vs_pike, 3)
                    t += 1
                    if t == k:
                        t = 0
                m = 0
                for j in range(10):
                    targets_b[m] = j
                    m += hpb[j] > 0
                used = min(pikemen + archers, m, ha)
                if used > 0:
                    _spread(ha, used, ha > hb, hpb, targets_b, s)
                m = 0
                for j in order_a:
                    targets_a[m] = j
                    m += hpa[j] > 0
                used = min(riders, m, hb)
                if used > 0:
                    _spread(hb, used, hb > ha, hpa, targets_a, s)
                pikemen, archers, riders = 0, 0, 0
                for j in range(8):
                    pikemen += hpa[j] > 0
                for j in range(8, 11):
                    archers += hpa[j] > 0
                for j in range(10):
                    riders += hpb[j] > 0
            a = pikemen + archers
            wins[0 if riders == 0 < a else 1 if a == 0 < riders else 2] += 1
            hist[rounds] += 1
            for j in range(11):
                standing[j] += hpa[j] > 0
            for j in range(10):
                standing[11 + j] += hpb[j] > 0

    @njit(cache=True, parallel=True)
    def _parallel(which, n, seed, chunks, tables, fighters, max_rounds):
        """`_plain` (which 0) or `_pikes` over chunks of battles on every core, each chunk
        its own stream; the counts summed."""
        wins = np.zeros((chunks, 3), dtype=np.int64)
        hist = np.zeros((chunks, max_rounds + 1), dtype=np.int64)
        standing = np.zeros((chunks, fighters), dtype=np.int64)
        for c in prange(chunks):
            s = _seed(seed, c)
            m = n * (c + 1) // chunks - n * c // chunks
            if which == 0:
                _plain(m, s, tables[0], wins[c], hist[c], standing[c])
            else:
                _pikes(m, s, tables, wins[c], hist[c], standing[c])
        return wins.sum(axis=0), hist.sum(axis=0), standing.sum(axis=0)


def degree_tables(checks: list) -> np.ndarray:
    """The 64-bit thresholds of each check, as rows of one array: each ends with 2^64 - 1,
    which no draw passes."""
    rows = [thresholds(c, 64) for c in checks]
    table = np.full((len(rows), max(map(len, rows)) + 1), TWO64 - 1, dtype=np.uint64)
    for i, t in enumerate(rows):
        table[i, :len(t)] = np.array(t, dtype=np.uint64)
    return table


def _numba_setup(battle: nb.Battle):
    """The kernel's tables, and its counts (empty)."""
    if battle.name == "plain":
        checks = [battle.a[0].checks["Blue"]]
    else:
        pikeman, archer, rider = battle.a[0], battle.a[1], battle.b[0]
        checks = [pikeman.checks["Rider"], archer.checks["Rider"], rider.checks["Pikeman"], rider.checks["Archer"]]
        # The kernel writes these dice counts in; they must be the battle's.
        assert [c[2] for c in checks] == [3, 2, 3, 3], checks
    assert battle.name != "plain" or checks == [(3, 6, 2)]
    return degree_tables(checks), len(nb.names(battle))


def numba_battles(battle: nb.Battle, n: int, seed: int) -> dict:
    tables, fighters = _numba_setup(battle)
    wins = np.zeros(3, dtype=np.int64)
    hist = np.zeros(battle.max_rounds + 1, dtype=np.int64)
    standing = np.zeros(fighters, dtype=np.int64)
    if battle.name == "plain":
        _plain(n, _seed(seed, 0), tables[0], wins, hist, standing)
    else:
        _pikes(n, _seed(seed, 0), tables, wins, hist, standing)
    return figures(battle, n, wins, hist, standing)


def numba_parallel_battles(battle: nb.Battle, n: int, seed: int) -> dict:
    tables, fighters = _numba_setup(battle)
    # A few chunks a thread, so a slow one does not hold the others up.
    chunks = max(1, min(n // 1000, 4 * numba.get_num_threads()))
    wins, hist, standing = _parallel(0 if battle.name == "plain" else 1, n, seed, chunks, tables,
                                     fighters, battle.max_rounds)
    return figures(battle, n, wins, hist, standing)


# ---- fray's command line -------------------------------------------------------------------


def cli_seconds(battle: nb.Battle, n: int, threads: int, seed: int) -> float:
    path = nb.PLAIN if battle.name == "plain" else nb.PIKES
    start = time.perf_counter()
    subprocess.run([FRAY_BIN, "battle", path, "--threads", str(threads), "--trials", str(n),
                    "--seed", str(seed), "--json", "--quiet"], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def cli_figures(battle: nb.Battle, n: int, seed: int) -> dict:
    """fray's figures for the check, from the command (every core)."""
    path = nb.PLAIN if battle.name == "plain" else nb.PIKES
    out = subprocess.run([FRAY_BIN, "battle", path, "--trials", str(n), "--seed", str(seed), "--json", "--quiet"],
                         check=True, capture_output=True, text=True).stdout
    return nb.report_figures(json.loads(out), n)


def timed(play, n: int, seed: int) -> float:
    start = time.perf_counter()
    play(n, seed)
    return time.perf_counter() - start


def rates(battle: nb.Battle, versions: list, battles: int, binding: bool, repeats: int) -> dict:
    """Battles a second of each version and of fray, each the best of `repeats` runs,
    the runs taken in turn (every version once, then again), so that a burst of load
    from elsewhere falls on all of them alike. The command's start-up is excluded: its
    best run of N battles less its best run of one."""
    runs = {label: (lambda n, s, play=play: play(battle, n, s), battles * scale)
            for label, play, scale in versions}
    if binding:
        src = nb.source(battle)
        runs["fray.battle, 1 thread"] = (lambda n, s: nb.fray.battle(src, trials=n, seed=s, threads=1),
                                         battles * 10)
    for threads, scale in ((1, 10), (0, 20)):
        runs[f"cli {threads}"] = (lambda n, s, t=threads: cli_seconds(battle, n, t, s), battles * scale)
        runs[f"cli {threads} start"] = (lambda n, s, t=threads: cli_seconds(battle, n, t, s), 1)
    best = dict.fromkeys(runs, math.inf)
    for r in range(repeats):
        for label, (play, n) in runs.items():
            best[label] = min(best[label], timed(play, n, r + 1))
    out = {label: n / best[label] for label, (_, n) in runs.items() if not label.startswith("cli")}
    for threads, name in ((1, "fray battle --threads 1"), (0, "fray battle, every core")):
        n = runs[f"cli {threads}"][1]
        out[name] = (n - 1) / (best[f"cli {threads}"] - best[f"cli {threads} start"])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--battles", type=int, default=20000,
                        help="battles each timed NumPy run plays (Numba and fray play 10 times as many)")
    parser.add_argument("--check", type=int, default=40000, help="battles each version plays for the check")
    parser.add_argument("--reference", type=int, default=400_000, help="battles fray plays for the check")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs of each, the best kept")
    parser.add_argument("--only", choices=("plain", "pikes"))
    parser.add_argument("--binding", action="store_true",
                        help="time fray.battle(..., threads=1) from Python too (a release build of the package)")
    args = parser.parse_args()
    if not os.path.exists(FRAY_BIN):
        sys.exit(f"{FRAY_BIN} not found: cargo build --release --bin fray, or set FRAY_BIN")
    versions = [("NumPy (notebook)", nb.numpy_battles, 1), ("NumPy (careful)", numpy_battles, 1)]
    if numba is None:
        print("Numba is not installed (pip install numba): its versions are left out.")
    else:
        print(f"Numba {numba.__version__} ({numba.get_num_threads()} threads), NumPy {np.__version__}, "
              f"{os.cpu_count()} cores; compiling...", flush=True)
        for battle in (nb.plain(), nb.pikes()):  # compiled (or loaded from cache) before any timing
            numba_battles(battle, 10, 1)
            numba_parallel_battles(battle, 10, 1)
        versions += [("Numba", numba_battles, 10), ("Numba prange", numba_parallel_battles, 10)]
    table = []
    for battle in (nb.plain(), nb.pikes()):
        if args.only and battle.name != args.only:
            continue
        reference = cli_figures(battle, args.reference, 1)
        print(f"{battle.name}: checked against fray's {reference['n']:,} battles")
        for label, play, _ in versions:
            bad, compared, worst = nb.disagreements(play(battle, args.check, 7), reference)
            verdict = "agree" if not bad else "DISAGREE: " + ", ".join(bad)
            print(f"  {label:<17} {args.check:>7,} battles: {compared} figures {verdict} "
                  f"(largest gap {worst:.1f} se)", flush=True)
        load = os.getloadavg()[0]
        rate = rates(battle, versions, args.battles, args.binding, args.repeats)
        one, every = rate["fray battle --threads 1"], rate["fray battle, every core"]
        print(f"  battles a second, best of {args.repeats} (load average {load:.1f} before, "
              f"{os.getloadavg()[0]:.1f} after):")
        for label, r in rate.items():
            print(f"    {label:<24} {r:>12,.0f}")
        ratios = {f"fray 1 thread / {label}": one / rate[label] for label in rate
                  if label.startswith(("NumPy", "Numba")) and label != "Numba prange"}
        if "Numba prange" in rate:
            ratios["fray every core / Numba prange"] = every / rate["Numba prange"]
        for label, r in ratios.items():
            print(f"    {label:<40} {r:6.2f}")
        table.append((battle.name, rate, ratios))
    print("\nAs Markdown (battles a second, then ratios):\n")
    for i in (1, 2):
        heads = list(table[0][i])
        print("| battle | " + " | ".join(heads) + " |")
        print("|---" * (len(heads) + 1) + "|")
        for row in table:
            print(f"| {row[0]} | " + " | ".join(f"{row[i][h]:,.0f}" if i == 1 else f"{row[i][h]:.2f}"
                                                for h in heads) + " |")
        print()


if __name__ == "__main__":
    main()
