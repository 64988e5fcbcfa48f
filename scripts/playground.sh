#!/usr/bin/env bash
# Builds the playground that needs no install: fray's command table compiled to
# WebAssembly (crates/wasm, for wasm32-wasip1), then `fray playground --out DIR`: a folder
# any static host serves, and fray.html, one file that opens from disk with the network
# off (docs/playground.md).
# Usage: scripts/playground.sh [DIR]   (default target/playground)
#
# The WebAssembly lands in target/wasm32-wasip1/wasm/fray_wasm.wasm, where `fray serve`
# (a binary of this target/) finds it, so that its page computes in the browser too.
# Uses $FRAY_BIN if set, else builds the release binary.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/playground}

if ! rustup target list --installed | grep -qx wasm32-wasip1; then
  rustup target add wasm32-wasip1
fi
cargo build --locked -p fray-wasm --target wasm32-wasip1 --profile wasm
wasm=target/wasm32-wasip1/wasm/fray_wasm.wasm

if [ -z "${FRAY_BIN:-}" ]; then
  cargo build --locked --release --quiet --bin fray
  FRAY_BIN=target/release/fray
fi
"$FRAY_BIN" playground --out "$out" --wasm "$wasm"
