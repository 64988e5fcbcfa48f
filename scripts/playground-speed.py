#!/usr/bin/env python3
"""Battles a second of the bundled battles in headless Chromium (fray's WebAssembly, in the
single-file playground) against the native binary on one thread, same seed, same answer.

Usage: python scripts/playground-speed.py [--trials N] [EXAMPLE...]   (default: pikes skirmish)
Needs playwright (pip) and Debian's chromium, the release binary and target/playground/
(scripts/playground.sh). Each side is timed over its best of three runs; the browser's
time includes starting the Worker and the WebAssembly instance for the run. The two
answers must be byte for byte the same, or the script fails.
"""

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TRIALS = {"pikes": 1_000_000, "skirmish": 100_000, "duel": 100_000, "minions": 1}


def native(binary, example, trials, seed):
    best, text = None, None
    for _ in range(3):
        start = time.perf_counter()
        done = subprocess.run([binary, "battle", "--example", example, "--trials", str(trials), "--seed", str(seed),
                               "--threads", "1", "--quiet", "--json"], capture_output=True, text=True, check=True)
        took = time.perf_counter() - start
        best, text = min(best or took, took), done.stdout
    return best, text


def browser(page, example, trials, seed):
    best, text = None, None
    for _ in range(3):
        took, text = page.evaluate(
            """async ([example, trials, seed]) => {
                 const start = performance.now();
                 const o = await fray.run("battle", { example, trials, seed }, { on: "browser", pages: false });
                 return [(performance.now() - start) / 1000, o.text];
               }""",
            [example, trials, seed],
        )
        best = min(best or took, took)
    return best, text


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trials", type=int)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("examples", nargs="*", default=["pikes", "skirmish"])
    args = parser.parse_args()
    binary = os.environ.get("FRAY_BIN") or str(ROOT / "target" / "release" / "fray")
    single = ROOT / "target" / "playground" / "fray.html"
    if not single.is_file():
        sys.exit("no target/playground/fray.html: run scripts/playground.sh first")
    rows = []
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=os.environ.get("CHROMIUM") or shutil.which("chromium"), args=ARGS)
        page = chromium.new_page()
        page.goto(single.as_uri())
        page.wait_for_selector("body[data-ready='1']")
        version = chromium.version
        for example in args.examples:
            trials = args.trials or TRIALS.get(example, 10_000)
            n_time, n_text = native(binary, example, trials, args.seed)
            b_time, b_text = browser(page, example, trials, args.seed)
            if n_text != b_text:
                sys.exit(f"{example}: the browser's answer differs from the native one")
            rows.append((example, trials, trials / n_time, trials / b_time))
        chromium.close()
    print(f"Chromium {version}, {os.cpu_count()} cores; native: {binary} --threads 1; same seed, same answer")
    print(f"{'battle':10} {'trials':>8} {'native/s':>10} {'browser/s':>10} {'browser/native':>15}")
    for example, trials, n, b in rows:
        print(f"{example:10} {trials:>8} {n:>10,.0f} {b:>10,.0f} {b / n:>15.2f}")


if __name__ == "__main__":
    main()
