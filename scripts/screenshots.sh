#!/usr/bin/env bash
# Writes each bundled example's battle report and takes a headless Chromium screenshot
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
cargo build -q --release --locked -p fray-cli
fray=./target/release/fray
for example in $("$fray" battle --list-examples | awk 'NR > 1 {print $1}'); do
  "$fray" battle --example "$example" --quiet --report "$out/$example" >/dev/null
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --screenshot="$out/$example.png" --window-size=1200,2000 \
    "file://$out/$example/report.html" 2>/dev/null
  # A page with its charts is far larger than a blank one (a few KB).
  size=$(stat -c %s "$out/$example.png" 2>/dev/null || echo 0)
  if [ "$size" -lt 20000 ]; then
    echo "screenshots.sh: $example: no screenshot, or a blank one ($size bytes)" >&2
    exit 1
  fi
  echo "$out/$example.png ($size bytes)"
done
