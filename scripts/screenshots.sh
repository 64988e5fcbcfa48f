#!/usr/bin/env bash
# Writes each bundled example's battle report, and two sweep reports, and takes a headless Chromium screenshot
# of it, to check by eye that every chart label shows whole (the lab's chart test checks
# the same on the SVG by estimate). Usage: scripts/screenshots.sh [OUT_DIR]
# (default target/screenshots). Needs chromium (apt-get install chromium); .ci/run
# installs it and runs this script. Fails if a report or a screenshot is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-target/screenshots}
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  echo "screenshots.sh: no chromium found; install it (apt-get install chromium)" >&2
  exit 2
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
# The binary .ci/run's main command built (FRAY_BIN), or the same build of it: one
# release build of fray for every step of CI.
if [ -n "${FRAY_BIN:-}" ]; then
  fray=$FRAY_BIN
else
  cargo build -q --release --locked --bin fray
  fray=./target/release/fray
fi
# Screenshots page $2 into $out/$1.png, and fails on a missing or blank one.
shoot() {
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --screenshot="$out/$1.png" --window-size=1200,2000 \
    "file://$2" 2>/dev/null
  # A page with its charts is far larger than a blank one (a few KB).
  size=$(stat -c %s "$out/$1.png" 2>/dev/null || echo 0)
  if [ "$size" -lt 20000 ]; then
    echo "screenshots.sh: $1: no screenshot, or a blank one ($size bytes)" >&2
    exit 1
  fi
  echo "$out/$1.png ($size bytes)"
}
for example in $("$fray" battle --list-examples | awk 'NR > 1 {print $1}'); do
  "$fray" battle --example "$example" --quiet --report "$out/$example" >/dev/null
  shoot "$example" "$out/$example/report.html"
done
# Sweep reports: a curve (one axis, with a search) and a heat map (two axes).
"$fray" sweep examples/battles/pikes.toml --vary pool.b.combatants.Rider.count=6..16 \
  --find pool.b.combatants.Rider.count --trials 2000 --quiet --report "$out/sweep-curve" >/dev/null
shoot sweep-curve "$out/sweep-curve/report.html"
"$fray" sweep examples/battles/duel.toml --vary evasion.b.defense.hp=40..100:10 \
  --vary evasion.a.defense.hp=30..60:10 --trials 500 --quiet --report "$out/sweep-grid" >/dev/null
shoot sweep-grid "$out/sweep-grid/report.html"
