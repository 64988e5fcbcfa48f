#!/usr/bin/env bash
# Builds and runs every fuzz target of fuzz/ for SECONDS each (default 60), prints each
# target's execution count, and exits non-zero if any target crashed (or timed out, or
# ran out of memory). Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (see docs/testing.md)
#
# Needs a nightly toolchain (libFuzzer's instrumentation); installs cargo-fuzz if missing.
# Not part of CI: .ci/run runs `cargo test`, which replays the regression corpus instead.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
case $seconds in
  '' | *[!0-9]*) echo "usage: scripts/fuzz.sh [SECONDS] [TARGET...]" >&2; exit 2 ;;
esac

if ! rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  echo "fuzz.sh: no nightly Rust toolchain is installed; cargo-fuzz needs one." >&2
  echo "fuzz.sh: install it with 'rustup toolchain install nightly', then run this again." >&2
  exit 2
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "== installing cargo-fuzz"
  cargo install cargo-fuzz --locked || { echo "fuzz.sh: could not install cargo-fuzz" >&2; exit 2; }
fi

if [ $# -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <(cargo +nightly fuzz list)
fi

# Each target's corpus starts from its committed seeds, the bundled examples it reads,
# and every input that ever crashed it (the regression corpus the replay test reads).
seed() { # seed TARGET SOURCE...
  local dir="fuzz/corpus/$1"
  shift
  mkdir -p "$dir"
  local f
  for f in "$@"; do
    [ -f "$f" ] && cp -- "$f" "$dir/seed-$(basename -- "$(dirname -- "$f")")-$(basename -- "$f")"
  done
}
examples_of() { # the bundled examples a target reads
  case $1 in
    stat_block) echo examples/damage/* ;;
    evasion_attacker | evasion_defender) echo examples/evasion/* ;;
    pool_mass_battle) echo examples/pool/* ;;
    minions_battle) echo examples/minions/* ;;
    encounter) echo examples/encounters/* ;;
    lab_scenario) echo examples/battles/* ;;
  esac
}
# FUZZ_NO_REGRESSIONS=1 leaves the regression corpus out (and starts each corpus afresh),
# to fuzz past a known crash whose fix has not landed yet.
for t in "${targets[@]}"; do
  regressions=(crates/fray/tests/fuzz-regressions/"$t"/* crates/lab/tests/fuzz-regressions/"$t"/*)
  if [ -n "${FUZZ_NO_REGRESSIONS:-}" ]; then
    regressions=()
    rm -rf "fuzz/corpus/$t"
  fi
  # shellcheck disable=SC2046
  seed "$t" $(examples_of "$t") fuzz/seeds/"$t"/* "${regressions[@]}"
done

echo "== building ${#targets[@]} fuzz target(s)"
cargo +nightly fuzz build || exit 1

failed=()
summary=()
for t in "${targets[@]}"; do
  echo "== fuzzing $t for ${seconds}s"
  log="fuzz/artifacts/$t.log"
  mkdir -p fuzz/artifacts
  cargo +nightly fuzz run "$t" -- -max_total_time="$seconds" -rss_limit_mb=2048 \
    -timeout="${FUZZ_TIMEOUT:-10}" -print_final_stats=1 >"$log" 2>&1
  status=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  [ -n "$runs" ] || runs=$(grep -o 'Done [0-9]* runs' "$log" | grep -o '[0-9]*' | tail -1)
  if [ $status -ne 0 ]; then
    failed+=("$t")
    summary+=("$(printf '%-18s CRASHED after %s executions (log: %s)' "$t" "${runs:-?}" "$log")")
    grep -E 'panicked at|SUMMARY|Test unit written|^ERROR' "$log" | head -8 | sed 's/^/    /'
  else
    summary+=("$(printf '%-18s ok, %s executions' "$t" "${runs:-?}")")
  fi
  echo "${summary[-1]}"
done

echo "== summary (${seconds}s per target)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: ${#failed[@]} target(s) crashed: ${failed[*]}; inputs are in fuzz/artifacts/<target>/" >&2
  echo "fuzz.sh: add each to crates/fray/tests/fuzz-regressions/<target>/ (see docs/testing.md)" >&2
  exit 1
fi
