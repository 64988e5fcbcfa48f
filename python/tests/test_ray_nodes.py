"""A sweep and a roster's pricing over a Ray cluster of two nodes, each started here as
a process of its own (`ray start --head`, then `ray start --address`: one CPU, a
resource and a temp dir each, on loopback), with fray shipped to the workers as its wheel (a `runtime_env`): the chunks
run on both nodes, from the shipped wheel, and each answer is the local one. Both nodes
are stopped at the end, each by its own processes, never by `ray stop` (which ends every
Ray node on the machine); nothing is written in the user's ~/.ray.

The driver is a process of its own too, so this cluster never meets the session's local
one (conftest.py). The wheel is `$FRAY_WHEEL` (.ci/run builds it; docs/python.md says how):
without it the test is skipped, and under FRAY_PYTHON_CI=1 it fails instead.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from conftest import EXAMPLES, optional, ray_env, written_in_home_ray

# The driver: the same sweep and roster on the two-node cluster and locally, and where
# each chunk ran.
DRIVER = r"""
import json, sys
import ray
import fray
address, wheel, scenario, roster = sys.argv[1:]
from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy
ray.init(address=address, runtime_env={"py_modules": [wheel]}, log_to_driver=False)
nodes = [n["NodeID"] for n in ray.nodes() if n["Alive"]]
# Each node's worker started and the wheel installed there first, so that no node is
# passed over while it is still getting ready (SPREAD places tasks on ready nodes).
ready = ray.remote(num_cpus=1)(lambda: __import__("fray").__file__)
ray.get([ready.options(scheduling_strategy=NodeAffinitySchedulingStrategy(n, soft=False)).remote() for n in nodes])
vary = {"pool.a.combatants.Pikeman.count": "2..9"}
on_ray = fray.sweep(scenario, vary=vary, trials=3000, seed=5, executor="ray", chunks=4)
local = fray.sweep(scenario, vary=vary, trials=3000, seed=5)
priced = fray.roster(roster, precision=0.1, trials=150, seed=4, executor="ray", chunks=4)
priced_here = fray.roster(roster, precision=0.1, trials=150, seed=4)
print(json.dumps({"same": on_ray == local and on_ray.html == local.html, "points": len(on_ray["points"]), "chunks": on_ray.chunks,
                  "roster_same": priced == priced_here and priced.html == priced_here.html,
                  "roster_chunks": priced.chunks, "nodes": nodes, "driver_fray": fray.__file__}))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wheel() -> str:
    given = os.environ.get("FRAY_WHEEL")
    if given and Path(given).is_file():
        return given
    if os.environ.get("FRAY_PYTHON_CI") == "1":
        pytest.fail("FRAY_WHEEL names no wheel: .ci/run builds it (maturin) and names it")
    pytest.skip("set FRAY_WHEEL to fray's wheel (docs/python.md) to run the two-node Ray test")


class Node:
    """One Ray node, started here as `ray start --block` in a session of its own with a
    temp dir of its own, and stopped here alone: SIGTERM to that process, which ends its
    node's processes, then SIGKILL to whatever is left of its process group. Never
    `ray stop`, which ends every Ray node on the machine, the user's included."""

    def __init__(self, args: list, env: dict) -> None:
        ray = str(Path(sys.executable).parent / "ray")
        # Short: Ray's sockets live under its temp dir, and a socket's path is short.
        self.temp = tempfile.mkdtemp(prefix="fray-ray-", dir="/tmp")
        self.log = Path(self.temp) / "start.log"
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                [ray, "start", "--block", f"--temp-dir={self.temp}", "--node-ip-address=127.0.0.1",
                 "--num-cpus=1", "--disable-usage-stats", *args],
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True,
            )
        deadline = time.monotonic() + 180
        while "Ray runtime started" not in self.log.read_text(errors="replace"):
            if self.process.poll() is not None or time.monotonic() > deadline:
                said = self.log.read_text(errors="replace")[-3000:]
                self.stop()
                raise RuntimeError(f"ray start {' '.join(args)} failed:\n{said}")
            time.sleep(0.5)

    def left(self) -> list:
        """The processes still in this node's process group (its own, and only its own)."""
        group = self.process.pid
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    if os.getpgid(int(entry.name)) == group:
                        found.append(int(entry.name))
                except ProcessLookupError:
                    pass
        return found

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=90)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        deadline = time.monotonic() + 20
        while self.left() and time.monotonic() < deadline:
            time.sleep(0.5)
        if self.left():
            os.killpg(self.process.pid, signal.SIGKILL)
        shutil.rmtree(self.temp, ignore_errors=True)


@pytest.fixture(scope="module")
def two_nodes():
    """A Ray head and a second node, on loopback: the head's address and the environment
    its processes share; both stopped after, and nothing else."""
    optional("ray")
    shipped = wheel()
    env = {**os.environ, **ray_env()}
    port = free_port()
    nodes = []
    try:
        nodes.append(Node(["--head", f"--port={port}", "--include-dashboard=false",
                           '--resources={"fray_head": 1}'], env))
        nodes.append(Node([f"--address=127.0.0.1:{port}", '--resources={"fray_second": 1}'], env))
        yield f"127.0.0.1:{port}", env, shipped
    finally:
        for node in reversed(nodes):
            node.stop()


def test_a_node_stopped_here_leaves_every_other_ray_running(ray_cluster):
    """Stopping a node the tests started ends its processes and no one else's: the
    session's own cluster (conftest.py), started apart from it, still runs tasks."""
    node = Node(["--head", f"--port={free_port()}", "--include-dashboard=false"], {**os.environ, **ray_env()})
    assert node.left(), "the node runs as processes of its own group"
    node.stop()
    assert node.left() == [] and not Path(node.temp).exists()
    alive = ray_cluster.remote(lambda: "still here")
    assert ray_cluster.get(alive.remote(), timeout=60) == "still here"
    assert written_in_home_ray() == []


def test_a_sweep_and_a_roster_spread_over_two_nodes_and_equal_the_local_ones(two_nodes):
    address, env, shipped = two_nodes
    scenario = str(EXAMPLES / "battles" / "pikes.toml")
    roster = str(EXAMPLES / "rosters" / "pool.toml")
    deadline = time.monotonic() + 60
    while True:  # the second node joins the head's cluster within moments
        done = subprocess.run([sys.executable, "-c", DRIVER, address, shipped, scenario, roster],
                              capture_output=True, text=True, timeout=600, env=env)
        assert done.returncode == 0, done.stderr[-3000:]
        out = json.loads(done.stdout.strip().splitlines()[-1])
        if len(out["nodes"]) == 2 or time.monotonic() > deadline:
            break
        time.sleep(2)
    assert len(out["nodes"]) == 2, f"the second node never joined: {out['nodes']}"
    assert out["same"], "the sweep on two nodes differs from the local one"
    assert out["points"] == 8
    chunks = out["chunks"]
    assert [(c["start"], c["end"]) for c in chunks] == [(0, 2), (2, 4), (4, 6), (6, 8)]
    ran_on = {c["node"] for c in chunks}
    assert ran_on == set(out["nodes"]), f"the chunks ran on {ran_on}, not on both nodes"
    # The workers loaded fray from the shipped wheel (Ray's runtime resources), not from
    # the driver's installation.
    for c in chunks:
        assert "runtime_resources" in c["fray"] and c["fray"] != out["driver_fray"], c["fray"]
    # The roster's matchups too: every batch in four chunks, on both nodes, the prices
    # the local ones.
    assert out["roster_same"], "the roster priced on two nodes differs from the local one"
    roster_chunks = out["roster_chunks"]
    assert {c["node"] for c in roster_chunks} == set(out["nodes"])
    assert all("runtime_resources" in c["fray"] for c in roster_chunks)
    first = [(c["start"], c["end"]) for c in roster_chunks if c["batch"] == 0]
    assert first == [(0, 4), (4, 8), (8, 12), (12, 15)]
