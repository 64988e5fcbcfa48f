#!/usr/bin/env bash
# Builds and runs every fuzz target of fuzz/ for SECONDS each (default 60), or for N
# executions each (--runs N), prints each target's execution count, time and rate, and
# exits non-zero if any target crashed (or timed out, or ran out of memory).
# Usage: scripts/fuzz.sh [SECONDS | --runs N] [TARGET...]   (see docs/testing.md)
#
# Needs a nightly toolchain (libFuzzer's instrumentation); installs cargo-fuzz if missing.
# Not part of CI: .ci/run runs `cargo test`, which replays the regression corpus instead.
set -uo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: scripts/fuzz.sh [SECONDS | --runs N] [TARGET...]" >&2
  exit 2
}
seconds=60
runs=
case ${1:-} in
  --runs) [ $# -ge 2 ] || usage; runs=$2; shift 2 ;;
  --runs=*) runs=${1#--runs=}; shift ;;
  '') ;;
  *) seconds=$1; shift ;;
esac
case ${runs:-$seconds} in
  '' | *[!0-9]*) usage ;;
esac
# What libFuzzer is told to stop at, and how the summary names it.
if [ -n "$runs" ]; then
  limit=(-runs="$runs")
  each="$runs executions"
  # FUZZ_MAX_TIME=SECONDS stops a target there even short of its executions.
  if [ -n "${FUZZ_MAX_TIME:-}" ]; then
    limit+=(-max_total_time="$FUZZ_MAX_TIME")
    each="$each (or ${FUZZ_MAX_TIME}s)"
  fi
else
  limit=(-max_total_time="$seconds")
  each="${seconds}s"
fi

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
# The longest input each target is given (libFuzzer's -max_len): the file targets are
# slow per execution on long inputs (every line is parsed, checked and played), and a
# rule is as wrong in a short file as in a long one. FUZZ_MAX_LEN overrides it for all.
max_len_of() {
  case $1 in
    pool_mass_battle) echo 1024 ;;                 # the examples are at most 694 bytes
    minions_battle | lab_scenario) echo 2048 ;;    # at most 1080 and 2018
    sweep_axis | odds_set) echo 256 ;;             # a few flags
    command_call) echo 2048 ;;                     # a request with a small file inside
    *) echo 4096 ;;                                # encounter scripts are up to 6371
  esac
}
# FUZZ_NO_REGRESSIONS=1 leaves the regression corpus out (and starts each corpus afresh),
# to fuzz past a known crash whose fix has not landed yet.
for t in "${targets[@]}"; do
  regressions=(crates/{fray,lab,commands}/tests/fuzz-regressions/"$t"/*)
  if [ -n "${FUZZ_NO_REGRESSIONS:-}" ]; then
    regressions=()
    rm -rf "fuzz/corpus/$t"
  fi
  # shellcheck disable=SC2046
  seed "$t" $(examples_of "$t") fuzz/seeds/"$t"/* "${regressions[@]}"
done

# No sanitizer by default: fray has no `unsafe` code, so AddressSanitizer could only find
# errors in its dependencies, and it made every target 3 to 6 times slower (fray
# allocates in its inner loops). Debug assertions (overflow checks) stay on, a failed
# allocation still aborts, and -rss_limit_mb still holds. FUZZ_SANITIZER=address brings
# it back.
sanitizer=${FUZZ_SANITIZER:-none}

echo "== building ${#targets[@]} fuzz target(s) (sanitizer: $sanitizer)"
cargo +nightly fuzz build --sanitizer "$sanitizer" || exit 1

failed=()
summary=()
for t in "${targets[@]}"; do
  max_len=${FUZZ_MAX_LEN:-$(max_len_of "$t")}
  echo "== fuzzing $t for $each (inputs of at most $max_len bytes)"
  log="fuzz/artifacts/$t.log"
  mkdir -p fuzz/artifacts
  start=$(date +%s)
  cargo +nightly fuzz run --sanitizer "$sanitizer" "$t" -- "${limit[@]}" -max_len="$max_len" -rss_limit_mb=2048 \
    -timeout="${FUZZ_TIMEOUT:-10}" -print_final_stats=1 >"$log" 2>&1
  status=$?
  took=$(($(date +%s) - start))
  done_runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  [ -n "$done_runs" ] || done_runs=$(grep -o 'Done [0-9]* runs' "$log" | grep -o '[0-9]*' | tail -1)
  rate=?
  [ -n "$done_runs" ] && [ "$took" -gt 0 ] && rate=$((done_runs / took))
  if [ $status -ne 0 ]; then
    failed+=("$t")
    summary+=("$(printf '%-18s CRASHED after %s executions in %ss (log: %s)' "$t" "${done_runs:-?}" "$took" "$log")")
    grep -E 'panicked at|SUMMARY|Test unit written|^ERROR' "$log" | head -8 | sed 's/^/    /'
  else
    summary+=("$(printf '%-18s ok, %s executions in %ss, %s a second' "$t" "${done_runs:-?}" "$took" "$rate")")
  fi
  echo "${summary[-1]}"
done

echo "== summary ($each per target, $(nproc) cores)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: ${#failed[@]} target(s) crashed: ${failed[*]}; inputs are in fuzz/artifacts/<target>/" >&2
  echo "fuzz.sh: add each to crates/fray/tests/fuzz-regressions/<target>/ (see docs/testing.md)" >&2
  exit 1
fi
