"""``executor="ray"``: fray's work spread over a Ray cluster, with the local answer.

``fray.sweep``: a sweep's points split into chunks, each played as a Ray task by the
Rust sweep on that chunk (the points keep their own seeds), then merged by fray into the
outcome the local sweep gives, point for point. ``fray.roster``: the pricing runs here
and hands each batch of matchups (a matrix, a round of the fit), and each batch of an
army search's fights, to Ray, split into chunks, each matchup carrying its own costs
and random streams (each fight its two armies and streams), so the prices and armies
are the local ones. The tasks are spread over the cluster's nodes, and each says where it ran.
Ray is optional (the wheel's ``ray`` extra) and only imported here."""

from __future__ import annotations

import json
import warnings
from typing import Dict, List, Optional, Tuple

from . import _json, _native


#: The Ray fray needs: the `ray` extra of python/pyproject.toml (a test keeps them
#: equal), said in the hint where Ray is missing, for a wheel's user as for the source's.
RAY = "ray>=2.51"


def _ray():
    try:
        import ray
    except ImportError:
        raise ImportError(
            f"executor='ray' needs Ray, which fray does not require: pip install '{RAY}' "
            "(or install fray's wheel with its extra: pip install 'fray-VERSION-....whl[ray]')"
        ) from None
    return ray


def _started():
    """Ray, connected to the cluster ``ray.init()`` finds (or a local one it starts)."""
    ray = _ray()
    if not ray.is_initialized():
        ray.init()
    return ray


def _chunk(request: str, source: Optional[str], start: int, end: int) -> Tuple[str, Dict]:
    """One Ray task: the points start..end, played by fray on this worker, and where:
    the node, its address, and the fray module the worker loaded (the shipped wheel's,
    under Ray's runtime resources, when one was given)."""
    import ray

    from . import __file__ as module

    context = ray.get_runtime_context()
    where = {"start": start, "end": end, "node": context.get_node_id(), "address": ray.util.get_node_ip_address(),
             "fray": module}
    return _native.sweep_chunk(request, start, end, source), where


def _matchups(request: str, source: Optional[str], jobs: str, start: int, end: int, batch: int) -> Tuple[str, Dict]:
    """One Ray task: matchups ``start..end`` of a roster's batch ``batch``, played by fray
    on this worker (a JSON list of their odds), and where."""
    import ray

    from . import __file__ as module

    context = ray.get_runtime_context()
    where = {"batch": batch, "start": start, "end": end, "node": context.get_node_id(),
             "address": ray.util.get_node_ip_address(), "fray": module}
    return _native.roster_jobs(request, jobs, source), where


def ranges(points: int, chunks: int) -> List[Tuple[int, int]]:
    """``points`` split into at most ``chunks`` contiguous ranges of near-equal size."""
    chunks = max(1, min(chunks, points))
    size, extra = divmod(points, chunks)
    out, start = [], 0
    for i in range(chunks):
        end = start + size + (1 if i < extra else 0)
        out.append((start, end))
        start = end
    return out


def sweep_on_ray(request: dict, source: Optional[str], chunks: Optional[int]) -> Tuple[dict, str, List[Dict]]:
    """The sweep's outcome, its points played on the Ray cluster, its report page, and
    where each chunk ran (``{"start", "end", "node", "address", "fray"}``, in sweep
    order). A search (``find``) runs here, after the points, on this process's threads:
    each of its steps waits on the last, so it is not spread; a warning says so, and
    Ctrl-C stops it within a second."""
    # The search runs here, on the threads asked for (0: every core of this machine).
    here = _json("a sweep", request)
    # One thread a task unless asked: Ray gives each task one CPU.
    request = {**request, "threads": request.get("threads") or 1}
    text = _json("a sweep", request)
    # A bad sweep is refused here, before Ray is imported or a cluster started.
    points, searches = _native.sweep_plan(text, source)
    if searches:
        # stacklevel 3: the caller's line that called fray.sweep.
        warnings.warn("executor='ray': the search (`find`) runs here, in this process, not on the cluster: "
                      "each of its steps waits on the last; only the sweep's points are spread",
                      RuntimeWarning, stacklevel=3)
    ray = _started()
    if chunks is None:
        chunks = 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
    # SPREAD: the chunks go to every node, not first to the one that asks.
    task = ray.remote(num_cpus=1, scheduling_strategy="SPREAD")(_chunk)
    shared = ray.put(text)
    parts = ray.get([task.remote(shared, source, a, b) for a, b in ranges(points, chunks)])
    outcome, page = _native.sweep_merge(here, [part for part, _ in parts], source)
    return json.loads(outcome), page, [where for _, where in parts]


def roster_on_ray(request: dict, source: Optional[str], chunks: Optional[int]) -> Tuple[dict, str, List[Dict]]:
    """The roster's prices, its matchups (and an army search's fights) played on the Ray
    cluster, its report page, and where each chunk ran (``{"batch", "start", "end",
    "node", "address", "fray"}``, in the order played). An exact (minions) roster's bisection asks one battle at a time,
    each waiting on the last: those are played here, its two matrices on the cluster."""
    request = {**request, "threads": request.get("threads") or 1}
    text = _json("a roster", request)
    ran: List[Dict] = []
    cluster: Dict = {}

    def play(jobs_text: str) -> List[str]:
        # Ray is started at the first batch, after fray has checked the roster: a bad one
        # is refused before any cluster starts.
        if not cluster:
            ray = cluster["ray"] = _started()
            cluster["chunks"] = chunks or 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
            cluster["task"] = ray.remote(num_cpus=1, scheduling_strategy="SPREAD")(_matchups)
            cluster["shared"] = ray.put(text)
        ray, task, shared = cluster["ray"], cluster["task"], cluster["shared"]
        jobs = json.loads(jobs_text)
        batch = len({w["batch"] for w in ran})
        parts = ray.get([task.remote(shared, source, json.dumps(jobs[a:b]), a, b, batch)
                         for a, b in ranges(len(jobs), cluster["chunks"])])
        ran.extend(where for _, where in parts)
        return [odds for odds, _ in parts]

    answer, page = _native.roster_with(text, play, source)
    return json.loads(answer), page, ran
