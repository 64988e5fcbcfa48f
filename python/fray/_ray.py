"""``fray.sweep(..., executor="ray")``: a sweep's points split into chunks, each played
as a Ray task by the Rust sweep on that chunk (the points keep their own seeds), then
merged by fray into the outcome the local sweep gives, point for point. Ray is optional
(``pip install './python[ray]'``) and only imported here."""

from __future__ import annotations

import json
from typing import List, Optional, Tuple

from . import _native


def _ray():
    try:
        import ray
    except ImportError:
        raise ImportError(
            "executor='ray' needs Ray, which fray does not require: pip install './python[ray]' (or pip install ray)"
        ) from None
    return ray


def _chunk(request: str, source: Optional[str], start: int, end: int) -> str:
    """One Ray task: the points start..end, played by fray on this worker."""
    return _native.sweep_chunk(request, start, end, source)


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


def sweep_on_ray(request: dict, source: Optional[str], chunks: Optional[int]) -> dict:
    """The sweep's outcome, its points played on the Ray cluster."""
    ray = _ray()
    if not ray.is_initialized():
        ray.init()
    # One thread a task unless asked: Ray gives each task one CPU.
    request = {**request, "threads": request.get("threads") or 1}
    text = json.dumps(request)
    points = _native.sweep_size(text, source)  # refuses a bad sweep before any task
    if chunks is None:
        chunks = 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
    task = ray.remote(num_cpus=1)(_chunk)
    shared = ray.put(text)
    parts = ray.get([task.remote(shared, source, a, b) for a, b in ranges(points, chunks)])
    played = [point for part in parts for point in json.loads(part)]
    outcome = json.loads(_native.sweep_merge(text, len(played), source))
    outcome["points"] = played
    return outcome
