"""The figures of docs/performance.md's Python section (a scripted measurement, not a
test): the cost of a small call from Python, and sweep points per second locally and on
a local Ray cluster of 1 and 2 CPUs.

    python python/bench/measure.py [--points-only | --calls-only]

Run from the repository's root with the package installed (pip install './python[ray]').
"""

from __future__ import annotations

import argparse
import json
import time
import timeit

import fray
from fray import _native

DAMAGE = (17, ["fire", "cold"])
VS = "Resist Fire; Vulnerable 5 Cold"
PIKES = "examples/battles/pikes.toml"
VARY = {"pool.a.combatants.Pikeman.count": "1..12", "pool.b.combatants.Rider.count": "6..10"}
TRIALS = 20000


def per_call(stmt, number: int = 20000) -> float:
    """The best of 5 runs of `number` calls, in microseconds a call."""
    return min(timeit.repeat(stmt, number=number, repeat=5)) / number * 1e6


def calls() -> None:
    request = json.dumps({"amount": 17, "types": ["fire", "cold"], "vs": VS})
    whole = per_call(lambda: fray.damage(*DAMAGE, vs=VS))
    native = per_call(lambda: _native.call("damage", request, {"vs": "vs"}))
    check = per_call(lambda: fray.check("3/6", bonus=2))
    print(f"fray.damage(17, ['fire','cold'], vs=...)   {whole:8.2f} µs a call")
    print(f"  of which _native.call (JSON text in/out) {native:8.2f} µs")
    print(f"fray.check('3/6', bonus=2)                 {check:8.2f} µs a call")


def points(label: str, **options) -> None:
    start = time.perf_counter()
    r = fray.sweep(PIKES, vary=VARY, trials=TRIALS, seed=1, **options)
    seconds = time.perf_counter() - start
    n = len(r["points"])
    print(f"{label:<34} {n} points x {TRIALS} battles in {seconds:6.2f} s: {n / seconds:7.1f} points/s")


def sweeps() -> None:
    points("local, 1 thread", threads=1)
    points("local, every core (2)", threads=0)
    import ray

    for cpus in (1, 2):
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
        points("ray, warm-up (not counted)", executor="ray")
        points(f"ray, {cpus} worker(s)", executor="ray")
        ray.shutdown()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--points-only", action="store_true")
    parser.add_argument("--calls-only", action="store_true")
    args = parser.parse_args()
    if not args.points_only:
        calls()
    if not args.calls_only:
        sweeps()
