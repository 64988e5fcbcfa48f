"""examples/python/sweep_notebook.py runs (on the session's Ray cluster) and writes its plot."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import ROOT, optional


def test_the_notebook_example_runs(ray_cluster, tmp_path):
    optional("matplotlib")
    optional("pandas")
    out = tmp_path / "sweep.png"
    env = {**os.environ, "RAY_ADDRESS": ray_cluster.get_runtime_context().gcs_address}
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "python" / "sweep_notebook.py"), str(out)],
        capture_output=True, text=True, env=env, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "local: 11 points" in done.stdout and "ray: 11 points" in done.stdout
    assert out.read_bytes().startswith(b"\x89PNG"), "the plot is a PNG"
