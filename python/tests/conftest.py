"""Shared fixtures: the repository's paths, the `fray` command (to compare the bindings
with its --json), and one local Ray cluster of 2 CPUs for the whole session."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def _fray_binary() -> str:
    """The `fray` command: $FRAY_BIN, else the workspace's build (built if missing)."""
    given = os.environ.get("FRAY_BIN")
    if given:
        return given
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "fray"
        if path.exists():
            return str(path)
    cargo = shutil.which("cargo")
    assert cargo, "the CLI tests need the fray binary: set FRAY_BIN or install cargo"
    subprocess.run([cargo, "build", "--quiet", "--locked", "-p", "fray-cli"], cwd=ROOT, check=True)
    return str(ROOT / "target" / "debug" / "fray")


@pytest.fixture(scope="session")
def cli():
    """Runs `fray ARGS... --json` in the repository and returns its JSON."""
    binary = _fray_binary()

    def run(*args: str) -> dict:
        done = subprocess.run([binary, *args, "--json"], cwd=ROOT, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    return run


def optional(module: str):
    """An optional dependency: skipped where it is missing, but a failure under
    FRAY_PYTHON_CI=1 (CI installs them all, so nothing is skipped silently there)."""
    if os.environ.get("FRAY_PYTHON_CI") == "1":
        return __import__(module)
    return pytest.importorskip(module, reason=f"pip install {module} runs this test")


#: When the tests began: nothing in the user's ~/.ray may be newer (test_ray*.py check).
STARTED = time.time()


def written_in_home_ray() -> list:
    """The files under the user's ~/.ray written since the tests began (Ray writes its
    auth token there unless given one): the Ray tests must leave it as they found it."""
    home = Path.home() / ".ray"
    if not home.exists():
        return []
    # A folder's time moves when a file is made in it: ~/.ray's own says one was.
    return [str(p) for p in (home, *home.rglob("*")) if p.stat().st_mtime >= STARTED]


def ray_env() -> dict:
    """What a Ray process of the tests is given: token authentication (on by default for
    a head since Ray 2.5x) with a token of its own, so Ray neither reads nor writes one
    in the user's ~/.ray, and no usage statistics."""
    return {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(32), "RAY_USAGE_STATS_ENABLED": "0"}


# This process's own cluster (ray_cluster) too: set before Ray is first imported, as Ray
# reads the mode once, when it loads its configuration.
os.environ.update(ray_env())


@pytest.fixture(scope="session")
def ray_cluster():
    """One real local Ray cluster of 2 CPUs, started once and shut down at the end, with
    a temp dir of its own (not /tmp/ray) and the tests' token (nothing in ~/.ray)."""
    ray = optional("ray")
    # Short: Ray's sockets live under its temp dir, and a socket's path is short.
    temp = tempfile.mkdtemp(prefix="fray-ray-", dir="/tmp")
    try:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, _temp_dir=temp)
        yield ray
    finally:
        ray.shutdown()
        shutil.rmtree(temp, ignore_errors=True)
