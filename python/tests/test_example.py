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


def test_the_notebook_runs_top_to_bottom_and_shows_its_reports():
    """examples/python/fray.ipynb, executed in a fresh kernel as Jupyter would: every cell
    runs, the tables come out as DataFrames, and the battle, the sweep, the odds sweep and
    the design check show their reports (inline HTML with SVG charts, nothing fetched)."""
    nbformat = optional("nbformat")
    nbclient = optional("nbclient")
    optional("pandas")
    folder = ROOT / "examples" / "python"
    notebook = nbformat.read(folder / "fray.ipynb", as_version=4)
    # Run where Jupyter runs it: in the notebook's folder (the file itself is not written).
    nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(folder)}}).execute()
    code = [c for c in notebook.cells if c.cell_type == "code"]
    for cell in code:
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert not errors, f"{cell.source}: {errors}"
    shown = [o["data"]["text/html"] for c in code for o in c.outputs if "text/html" in o.get("data", {})]
    frames = [h for h in shown if h.startswith('<div class="fray-report"')]
    assert len(frames) == 4, f"{len(frames)} reports shown, not the battle, sweep, odds sweep and design check"
    assert all("data:image/svg+xml;base64," in f and "<script" not in f for f in frames)
    tables = [h for h in shown if "dataframe" in h]
    assert len(tables) == 2, "the damage trace and the sweep's table are not DataFrames"
