#!/usr/bin/env bash
# Runs the same command lines through two `fray` binaries and compares what each printed
# (standard output, standard error, exit code), byte for byte: a refactoring that must
# not change any answer is checked by running this against a build of the commit before.
#
#   scripts/compare-outputs.sh OLD_FRAY NEW_FRAY
#
# The command lines are every bundled example of every command, with a fixed seed, as
# text and as --json, and a few refusals. Exits non-zero and shows the first lines of
# every difference.
set -uo pipefail
cd "$(dirname "$0")/.."
old=${1:?usage: compare-outputs.sh OLD_FRAY NEW_FRAY}
new=${2:?usage: compare-outputs.sh OLD_FRAY NEW_FRAY}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

lines=()
sep=$'\x1f'
add() { local IFS=$sep; lines+=("$*"); }
for f in examples/battles/*.toml; do
  add battle "$f" --trials 300 --seed 3 --threads 1
  add battle "$f" --trials 300 --seed 3 --threads 2 --json
done
add battle --example pikes --precision 0.05 --seed 2 --json
add battle --list-examples --json
add battle --schema
add sweep examples/battles/duel.toml --vary evasion.b.defense.hp=20..60:20 --trials 200 --seed 4 --json
add sweep examples/battles/duel.toml --vary evasion.b.defense.hp=20..60:20 --trials 200 --seed 4 --csv
add sweep examples/battles/duel.toml --find evasion.b.defense.hp=20..200 --trials 200 --seed 4 --json
add sweep --odds pool --vary tn=1..5 --set bonus=1 --json
add sweep --odds evasion --vary defender.ev=0..6:2 --json
add sweep --odds damage --vary amount=5..15:5 --json
add sweep examples/battles/duel.toml
add sweep examples/battles/duel.toml --find evasion.b.defense.hp
while read -r name _; do
  add damage --example "$name"
  add damage --example "$name" --json
done < <("$new" damage --list-examples | tail -n +2)
add damage 17 --types fire,cold --vs "Resist Fire; Vulnerable 5 Cold" --json
add damage 2d6+3 --types fire --vs-file examples/damage/wet-golem.txt --json
add damage 17 --types fire --vs "Resist Fire; Vulnerable Cold 5 5"
add types --json
add types --including-physical
add check 3/6 --bonus 2 --json
add check 4/6 --bonus -1 --steps 1
add sides --a 5x3/6+3b --b 4x4/6 --json
for f in examples/pool/*.toml; do
  add mass-battle "$f" --seed 5
  add mass-battle "$f" --seed 5 --json
done
for f in examples/minions/*.toml; do
  add minions "$f"
  add minions "$f" --json --quiet
done
for a in examples/evasion/*.toml; do
  add appraise --defender "$a" --json
  add tohit --attacker examples/evasion/valkyrie.toml --defender "$a" --json
  add evasion-damage --attacker examples/evasion/valkyrie.toml --defender "$a" --damage d8+2 --json
done
add tohit --attacker-bonus 5 --defender-bonus 2 --sigma 4 --json
add evasion-table --json
for f in examples/encounters/*.toml; do
  add encounter "$f" --seed 1
  add encounter "$f" --seed 1 --json
done
add design-check --json
add design-check evasion
add battle tests/data/bad_duel.toml
add battle --trials 0
add minions examples/nope.toml

differ=0
answered=0
for i in "${!lines[@]}"; do
  IFS=$sep read -r -a args <<< "${lines[$i]}"
  for side in old new; do
    bin=${!side}
    "$bin" "${args[@]}" > "$work/$side.out" 2> "$work/$side.err"
    echo $? > "$work/$side.code"
  done
  answered=$((answered + $(grep -cx 0 "$work/new.code")))
  for part in out err code; do
    if ! cmp -s "$work/old.$part" "$work/new.$part"; then
      differ=$((differ + 1))
      echo "== fray ${args[*]} ($part differs)"
      diff "$work/old.$part" "$work/new.$part" | head -8
    fi
  done
done
echo "${#lines[@]} command lines ($answered answered with exit 0), $differ differences"
[ "$differ" -eq 0 ]
