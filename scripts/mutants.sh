#!/usr/bin/env bash
# Mutation testing of one part of the library (docs/testing.md, "Mutation testing").
# Usage: scripts/mutants.sh GROUP [GROUP...]
#   GROUP: a rule system's folder of crates/fray/src (damage, evasion, pool, minions,
#          conditions, baseline) or a shared file (dice.rs, dist.rs, request.rs...).
#
# Each group is run in two passes, in about a third of the time of one plain run:
#   1. every mutant, against the group's own integration tests and examples_run only;
#   2. the survivors of pass 1 again (--iterate), adding the library's unit tests and the
#      conditions tests (whose encounters use every shared part). The other systems'
#      integration tests are left out: the score can only be lower for it.
# The mutants are applied in place in a worktree of the current commit (target/mutants-wt),
# so the build stays warm from one mutant to the next, and the profile is built at
# opt-level 0 (each mutant is a rebuild; most tests take well under a second anyway).
# Results: target/mutants-out/GROUP/mutants.out (pass 1 is kept in GROUP-pass1).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: scripts/mutants.sh GROUP [GROUP...]" >&2; exit 2; }
command -v cargo-mutants >/dev/null || cargo install cargo-mutants --locked

root=$(pwd)
wt=$root/target/mutants-wt
out=$root/target/mutants-out
mkdir -p "$out"
if [ ! -d "$wt" ]; then
  git worktree add --detach "$wt" HEAD
else
  git -C "$wt" checkout -q -f --detach "$(git rev-parse HEAD)"
fi
export CARGO_PROFILE_MUTANTS_OPT_LEVEL=0

for group in "$@"; do
  case $group in
    *.rs) files="crates/fray/src/$group"; own='"--lib", "--tests"' ;;
    *) [ -d "crates/fray/src/$group" ] || { echo "mutants.sh: no group $group" >&2; exit 2; }
       files="crates/fray/src/$group/**"; own="\"--test\", \"$group\", \"--test\", \"examples_run\""
       more=""; [ "$group" != conditions ] && more=', "--test", "conditions"'
       second="\"--lib\", $own$more" ;;
  esac
  cd "$wt"
  printf 'profile = "mutants"\nadditional_cargo_args = [%s]\n' "$own" > .cargo/mutants.toml
  cargo mutants -p fray --in-place --baseline skip --file "$files" --timeout 20 -o "$out/$group" || true
  case $group in
    *.rs) ;;
    *)
      rm -rf "$out/$group-pass1" && cp -r "$out/$group" "$out/$group-pass1"
      printf 'profile = "mutants"\nadditional_cargo_args = [%s]\n' "$second" > .cargo/mutants.toml
      cargo mutants -p fray --in-place --baseline skip --iterate --file "$files" --timeout 20 -o "$out/$group" || true
      ;;
  esac
  git checkout -q -f -- .
  cd "$root"
  echo "== $group: survivors in $out/$group/mutants.out/missed.txt"
done
