"""Shared fixtures: the repository's paths, the `fray` command (to compare the bindings
with its --json), and one local Ray cluster of 2 CPUs for the whole session."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
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


@pytest.fixture(scope="session")
def ray_cluster():
    """One real local Ray cluster of 2 CPUs, started once and shut down at the end."""
    ray = optional("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()
