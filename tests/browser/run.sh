#!/usr/bin/env bash
# The playground's browser tests: starts `fray serve` on a free loopback port, drives
# the page in Debian's headless Chromium with playwright-core (never a downloaded
# browser), and saves screenshots under target/browser-screenshots/.
# Usage: tests/browser/run.sh. Needs chromium (apt-get install chromium), node and npm;
# .ci/run installs chromium. Fails on any failed scenario, or if anything is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."

browser=$(command -v chromium || true)
if [ -z "$browser" ]; then
  echo "browser tests: no chromium found; install it (apt-get install chromium)" >&2
  exit 2
fi
for tool in node npm; do
  command -v "$tool" >/dev/null || { echo "browser tests: $tool is missing" >&2; exit 2; }
done
# playwright-core needs Node 20 or later.
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ]; then
  echo "browser tests: node $(node --version) is too old: playwright-core needs 20 or later" >&2
  exit 2
fi
out=target/browser-screenshots
mkdir -p "$out" target/browser-node
# playwright-core only (no browser download), pinned in tests/browser/package.json.
cp tests/browser/package.json target/browser-node/
(cd target/browser-node && npm install --no-audit --no-fund --loglevel=error >/dev/null)
cargo build -q --release --locked -p fray-cli
log=$(mktemp)
./target/release/fray serve --addr 127.0.0.1:0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 100); do
  grep -q "open http" "$log" && break
  sleep 0.1
done
url=$(grep -o 'http://[0-9.:]*/' "$log" | head -n1)
if [ -z "$url" ]; then
  echo "browser tests: fray serve did not start:" >&2
  cat "$log" >&2
  exit 1
fi
NODE_PATH=target/browser-node/node_modules CHROMIUM="$browser" \
  node tests/browser/playground.mjs "$url" "$out"
