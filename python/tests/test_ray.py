"""A sweep and a roster's pricing on a real local Ray cluster (2 CPUs) equal the local
ones, point for point and price for price."""

from __future__ import annotations

import json
import sys
import types
import warnings

import pytest

import fray
from fray._ray import RAY, ranges
from conftest import EXAMPLES, ROOT, written_in_home_ray
from test_interrupt import interrupted_after

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
    # The search is not spread: it runs in this process, and the caller is told so.
    with pytest.warns(RuntimeWarning, match=r"search \(`find`\) runs here, in this process") as caught:
        on_ray = fray.sweep(DUEL, vary={"evasion.b.defense.hp": [20, 40, 80]}, find=find, trials=300, seed=3,
                            executor="ray")
    assert caught[0].filename == __file__, "warned where fray.sweep was called"
    assert on_ray == local and "find" in on_ray
    # A sweep without a search warns of nothing.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fray.sweep(DUEL, vary={"evasion.b.defense.hp": [20, 40]}, trials=100, seed=3, executor="ray")


def test_ctrl_c_stops_a_ray_sweeps_search_within_a_second(ray_cluster):
    # A search of sampled battles (the pikes have no exact answer) long enough that only
    # Ctrl-C ends it: it runs in this process, after the (no) points on the cluster.
    find = {"path": "pool.a.combatants.Pikeman.count", "values": "1..12"}
    work = lambda: fray.sweep(PIKES, find=find, trials=50_000_000, threads=1, executor="ray")  # noqa: E731
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        late = interrupted_after(1.0, work)
    assert late < 1.0, f"the search went on {late:.2f} s after Ctrl-C"
    assert fray.check("3/6")["p_success"] == 0.5


def test_the_local_cluster_writes_nothing_in_the_users_home(ray_cluster):
    fray.sweep(DUEL, vary={"evasion.b.defense.hp": [20, 40]}, trials=100, seed=1, executor="ray")
    assert written_in_home_ray() == [], "Ray wrote in ~/.ray: give it a token (conftest.ray_env)"


def test_a_bad_sweep_is_refused_before_any_task(ray_cluster):
    with pytest.raises(fray.FrayError, match="evasion.b.defense.hp"):
        fray.sweep(DUEL, vary={"evasion.b.defence.hp": [1, 2]}, executor="ray")


POOL_ROSTER = EXAMPLES / "rosters" / "pool.toml"


class NoCluster(types.ModuleType):
    """A stand-in for the ray module that fails at any use: what is refused with it in
    place was refused before Ray was imported, let alone a cluster started."""

    def __getattr__(self, name):
        raise AssertionError(f"ray.{name} used before the request was checked")


def test_where_ray_is_missing_the_hint_suits_a_wheels_user(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    with pytest.raises(ImportError) as caught:
        fray.sweep(DUEL, vary={"evasion.b.defense.hp": [20]}, executor="ray")
    hint = str(caught.value)
    assert f"pip install '{RAY}'" in hint and ".whl[ray]" in hint
    assert "./python" not in hint, "a wheel's user has no python/ folder"


def test_the_ray_extra_installs_on_every_python_the_wheel_takes():
    import tomllib

    project = tomllib.loads((ROOT / "python" / "pyproject.toml").read_text())["project"]
    assert project["optional-dependencies"]["ray"] == [RAY], "the hint names the extra's Ray"
    # Ray 2.51 is the last Ray with wheels for CPython 3.9 (2.60 needs 3.10): while the
    # wheel takes 3.9, the extra may ask no newer Ray, or `pip install '...whl[ray]'`
    # finds none there.
    assert project["requires-python"] == ">=3.9"
    floor = tuple(int(n) for n in RAY.split(">=")[1].split("."))
    assert floor <= (2, 51), RAY


def test_a_bad_request_is_refused_before_ray_starts(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", NoCluster("ray"))
    with pytest.raises(fray.FrayError, match="evasion.b.defense.hp"):
        fray.sweep(DUEL, vary={"evasion.b.defence.hp": [1, 2]}, executor="ray")
    with pytest.raises(fray.FrayError, match="^trials: "):
        fray.sweep(DUEL, vary={"evasion.b.defense.hp": [1, 2]}, trials=0, executor="ray")
    with pytest.raises(fray.FrayError, match="precision"):
        fray.roster(POOL_ROSTER, precision=5, executor="ray")
    with pytest.raises(fray.FrayError, match="no such file"):
        fray.roster("rosters/nope.toml", executor="ray")


@pytest.mark.parametrize("chunks", [None, 4])
def test_a_ray_roster_is_the_local_roster(ray_cluster, chunks):
    # Sampled matchups: a wrong stream or a lost matchup would move the prices.
    local = fray.roster(POOL_ROSTER, precision=0.1, trials=150, seed=4)
    on_ray = fray.roster(POOL_ROSTER, precision=0.1, trials=150, seed=4, executor="ray", chunks=chunks)
    assert on_ray == local and on_ray.html == local.html and "<svg" in local.html
    assert on_ray["complete"] and on_ray["battles"] == local["battles"]
    # Each batch (both matrices and every round of the fit) split into its chunks.
    batches = {c["batch"] for c in on_ray.chunks}
    assert len(batches) == local["rounds"] + 2
    if chunks == 4:
        first = [(c["start"], c["end"]) for c in on_ray.chunks if c["batch"] == 0]
        assert first == [(0, 4), (4, 8), (8, 12), (12, 15)]  # 15 pairs of six units


def test_an_exact_ray_roster_is_the_local_one(ray_cluster):
    local = fray.roster(example="minions")
    on_ray = fray.roster(example="minions", executor="ray")
    assert on_ray == local and on_ray["exact"]
    # Its two matrices on the cluster; the bisection's single battles here.
    assert {c["batch"] for c in on_ray.chunks} == {0, 1}


def test_a_bad_roster_is_refused_before_any_task(ray_cluster):
    with pytest.raises(fray.FrayError, match="precision"):
        fray.roster(POOL_ROSTER, precision=5, executor="ray")
    with pytest.raises(fray.FrayError, match="executor 'dask'"):
        fray.roster(POOL_ROSTER, executor="dask")


def test_an_executor_that_fails_raises_its_own_exception():
    """What `roster_with` does with the executor's function, without Ray: its shares are
    read in order, and its exception is raised in place of the answer."""
    from fray import _native

    request = json.dumps({"example": "pool", "precision": 0.3, "trials": 100, "seed": 2})

    def in_halves(jobs: str) -> list:
        jobs = json.loads(jobs)
        half = len(jobs) // 2
        return [_native.roster_jobs(request, json.dumps(part)) for part in (jobs[:half], jobs[half:])]

    answer, page = _native.roster_with(request, in_halves)
    assert json.loads(answer) == fray.roster(example="pool", precision=0.3, trials=100, seed=2)

    class Lost(RuntimeError):
        pass

    def fails(jobs: str) -> list:
        raise Lost("a node went away")

    with pytest.raises(Lost, match="a node went away"):
        _native.roster_with(request, fails)
    with pytest.raises(fray.FrayError, match="odds cannot be read"):
        _native.roster_with(request, lambda jobs: ["not json"])


def test_a_ray_army_search_is_the_local_one(ray_cluster):
    # The search's fights are played on the cluster, batch by batch: the armies, their
    # scores and intervals are the local ones.
    roster = ('system = "pool"\nbudget = 20\nseed = 3\n[pool]\n'
              '[[pool.units]]\nname = "Spear"\ncost = 5\nhp = 5\narmor = "light"\n'
              '[[pool.units]]\nname = "Bow"\ncost = 4\nhp = 3\npenetrates = ["light"]\n'
              '[[pool.units]]\nname = "Axe"\ncost = 6\nhp = 6\nbonus = 1\n')
    local = fray.roster(roster, precision=0.3, trials=100, armies=True, top=2)
    on_ray = fray.roster(roster, precision=0.3, trials=100, armies=True, top=2, executor="ray", chunks=3)
    assert on_ray == local and on_ray["armies"]["armies"]
    assert on_ray["armies"]["battles"] == local["armies"]["battles"]
    # The matrices and the fit's rounds, then the search's rounds, each a batch.
    assert len({c["batch"] for c in on_ray.chunks}) > local["rounds"] + 2
