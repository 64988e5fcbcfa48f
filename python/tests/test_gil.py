"""fray computes without the GIL: two Python threads are inside fray at once."""

from __future__ import annotations

import threading
import time

import fray


def test_two_threads_run_fray_at_the_same_time():
    barrier = threading.Barrier(2)
    spans = []

    def work():
        barrier.wait()
        start = time.perf_counter()
        fray.battle(example="pikes", trials=300000, seed=1, threads=1)
        spans.append((start, time.perf_counter()))

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    (a0, a1), (b0, b1) = spans
    # Holding the GIL, the second call could begin only as the first returned (they would
    # share at most the moment of the hand-over); released, they run side by side for
    # most of the shorter one. A ratio of the calls' own spans, not a time limit.
    overlap = min(a1, b1) - max(a0, b0)
    assert overlap > 0.5 * min(a1 - a0, b1 - b0), spans
