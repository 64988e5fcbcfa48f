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
for name in minions pool; do
  add roster --example "$name" --trials 100 --max-battles 20000 --seed 1 --threads 1
  add roster --example "$name" --trials 100 --max-battles 20000 --seed 1 --threads 1 --json
done
add roster --example minions --csv
add roster --example minions --armies --seed 1 --json
add roster --list-examples --json
add sweep-paths --json
add sweep-paths --odds pool
add damage --list-examples --json
add battle tests/data/bad_duel.toml
add battle --threads 5000
add battle --precision 9
add damage 17 --attacker-level 5000
add damage 17 --reduce fire
add damage 17 --modify "fire x"
add damage 17 --environmental --advantage
add damage 17 --met wet
add damage 40d40d40
add tohit --attacker-bonus 5
add tohit --attacker-bonus 5 --defender-bonus 2 --uniform-sum 4
add tohit --attacker-bonus 5000 --defender-bonus 2
add evasion-table --levels 5..2
add evasion-table --step 0
add check 3/6 --steps 99
add check 3/6 --bonus 999
add sides --a 5x3/6 --b nope
add sweep examples/battles/duel.toml --trials 0
add sweep examples/battles/duel.toml --vary nope=1..3
add sweep --odds pool --vary tn=1..5 --set bonus=x
add sweep --odds pool
add roster --example minions --threads 5000
add minions examples/minions/$(ls examples/minions | head -1) --max-rounds 0
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
