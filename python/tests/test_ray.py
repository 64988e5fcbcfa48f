"""A sweep on a real local Ray cluster (2 CPUs) equals the local sweep, point for point."""

from __future__ import annotations

import pytest

import fray
from fray._ray import ranges
from conftest import EXAMPLES

DUEL = EXAMPLES / "battles" / "duel.toml"
PIKES = EXAMPLES / "battles" / "pikes.toml"


def test_ranges_cover_every_point_once():
    for points in (1, 2, 7, 10, 33):
        for chunks in (1, 2, 3, 8, 50):
            parts = ranges(points, chunks)
            assert [i for a, b in parts for i in range(a, b)] == list(range(points))
            assert len(parts) == min(points, chunks)
            assert max(b - a for a, b in parts) - min(b - a for a, b in parts) <= 1


@pytest.mark.parametrize("chunks", [None, 1, 3, 7])
def test_a_ray_sweep_is_the_local_sweep(ray_cluster, chunks):
    # Sampled points (the pikes battle has no exact answer): a wrong seed would show.
    vary = {"pool.a.combatants.Pikeman.count": "2..8", "pool.b.combatants.0.count": [2, 3]}
    local = fray.sweep(PIKES, vary=vary, trials=150, seed=11)
    on_ray = fray.sweep(PIKES, vary=vary, trials=150, seed=11, executor="ray", chunks=chunks)
    assert on_ray == local
    # Read back exactly, the points give the same report page (what a notebook shows).
    assert on_ray.html == local.html and "<svg" in on_ray.html
    assert len(on_ray["points"]) == 14 and on_ray["complete"]
    assert on_ray["points"][0]["report"]["sides"][0]["win"]["basis"] == "sampled"


def test_a_ray_sweep_with_a_search_is_the_local_one(ray_cluster):
    find = {"path": "evasion.b.defense.hp", "values": "10..200", "target": 0.5, "side": "b"}
    local = fray.sweep(DUEL, vary={"evasion.b.defense.hp": [20, 40, 80]}, find=find, trials=300, seed=3)
    on_ray = fray.sweep(DUEL, vary={"evasion.b.defense.hp": [20, 40, 80]}, find=find, trials=300, seed=3,
                        executor="ray")
    assert on_ray == local and "find" in on_ray


def test_a_bad_sweep_is_refused_before_any_task(ray_cluster):
    with pytest.raises(fray.FrayError, match="evasion.b.defense.hp"):
        fray.sweep(DUEL, vary={"evasion.b.defence.hp": [1, 2]}, executor="ray")
