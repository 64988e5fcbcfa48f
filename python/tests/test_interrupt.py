"""Ctrl-C from Python: a long battle or sweep stops at its next chunk and raises
KeyboardInterrupt, as the command line stops on Ctrl-C; fray answers again after."""

from __future__ import annotations

import _thread
import threading
import time
from pathlib import Path

import pytest

import fray

DUEL = str(Path(__file__).resolve().parents[2] / "examples" / "battles" / "duel.toml")


def interrupted_after(delay, work):
    """Seconds from the interrupt (Ctrl-C, as the main thread receives it) to `work`
    raising KeyboardInterrupt."""
    timer = threading.Timer(delay, _thread.interrupt_main)
    start = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            work()
    finally:
        timer.cancel()
    return time.perf_counter() - start - delay


def test_ctrl_c_stops_a_long_battle_within_a_second():
    # Minutes of battles on one thread: only the interrupt ends this call.
    late = interrupted_after(0.5, lambda: fray.battle(example="pikes", trials=100_000_000, threads=1))
    assert late < 1.0, f"the battle went on {late:.2f} s after Ctrl-C"
    # The interrupted run left nothing behind: fray answers at once.
    assert fray.check("3/6")["p_success"] == 0.5


def test_ctrl_c_stops_a_long_sweep():
    work = lambda: fray.sweep(DUEL, vary={"evasion.b.defense.hp": "20..90:1"}, trials=2_000_000, threads=1)  # noqa: E731
    late = interrupted_after(0.5, work)
    assert late < 1.0, f"the sweep went on {late:.2f} s after Ctrl-C"
