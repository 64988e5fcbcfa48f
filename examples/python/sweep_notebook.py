# %% [markdown]
# # How tough may the troll be? A balance sweep from Python
#
# A notebook-style script (cells marked `# %%`, so Jupyter, VS Code or `python` run it):
# the bundled duel (a valkyrie against a troll, evasion system) swept over the troll's
# hit points, first on this machine, then as Ray tasks, then plotted with matplotlib.
#
#     pip install './python[ray]' matplotlib pandas
#     python examples/python/sweep_notebook.py [OUT.png]
#
# Without OUT.png the plot goes to target/sweep_notebook.png (never into the repository's
# tracked files).

# %%
import sys
import time
from pathlib import Path

import fray

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "examples" / "battles" / "duel.toml"
OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "target" / "sweep_notebook.png"
OUT.parent.mkdir(parents=True, exist_ok=True)
VARY = {"evasion.b.defense.hp": "20..120:10"}

# %% [markdown]
# ## The sweep on this machine
# Each point is a whole `fray battle` run with its own seed (derived from the sweep's
# seed and the point's values), so any split of the points gives the same numbers.

# %%
start = time.perf_counter()
local = fray.sweep(DUEL, vary=VARY, trials=2000, seed=5)
print(f"local: {len(local['points'])} points in {time.perf_counter() - start:.2f} s")
table = local.to_pandas()
print(table[["evasion.b.defense.hp", "a_win", "a_win_low", "a_win_high", "rounds_mean"]])

# %% [markdown]
# ## The same sweep on Ray
# `ray.init()` starts a local cluster here; `ray.init(address="ray://host:10001")` would
# use a real one (with fray installed on its workers). The points run as Ray tasks in
# chunks, and the result is the local one, point for point.

# %%
import os

import ray

if os.environ.get("RAY_ADDRESS"):  # a running cluster (the tests start one)
    ray.init(log_to_driver=False)
else:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
start = time.perf_counter()
on_ray = fray.sweep(DUEL, vary=VARY, trials=2000, seed=5, executor="ray")
print(f"ray: {len(on_ray['points'])} points in {time.perf_counter() - start:.2f} s")
assert on_ray == local, "a Ray sweep is the local sweep, point for point"
ray.shutdown()

# %% [markdown]
# ## The curve
# The valkyrie's chance to win against the troll's hit points, with its 95% band (exact
# here: the lab solves a duel's Markov chain, so the band is a line).

# %%
import matplotlib

matplotlib.use("Agg")  # a file, no window
import matplotlib.pyplot as plt

hp = table["evasion.b.defense.hp"]
fig, ax = plt.subplots(figsize=(7, 4))
ax.fill_between(hp, table["a_win_low"], table["a_win_high"], alpha=0.3, label="95% interval")
ax.plot(hp, table["a_win"], marker="o", label="valkyrie wins")
ax.axhline(0.5, color="grey", linestyle="--", linewidth=1)
ax.set_xlabel("troll hit points (evasion.b.defense.hp)")
ax.set_ylabel("P(valkyrie wins)")
ax.set_title(local["name"])
ax.legend()
fig.tight_layout()
fig.savefig(OUT, dpi=100)
print(f"plot written to {OUT}")
