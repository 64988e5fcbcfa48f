#!/usr/bin/env bash
# Builds fray's C interface (the release static library), compiles examples/c/melee.c
# with cc against it, and runs it under valgrind: on the bundled example (no memory
# error, no leak), with its output checked against the fray command line's, then on bad
# input (fray's refusal, exit 1, and still no error and no leak). Then
# examples/c/battle.c, a battle on worker threads through fray_call, the same way. First
# it runs docs/c-api.md's build commands as written (with its game.c), checking what the
# programs print and their sizes, so that the doc cannot drift.
# Usage: scripts/c-example.sh [OUT_DIR]   (default target/c-example; docs/c-api.md)
# FRAY_BIN: the fray binary to compare with (default target/release/fray, built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/c-example}
mkdir -p "$out"

command -v valgrind >/dev/null || { echo "c-example.sh: valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
cargo build --release --locked --quiet -p fray-capi --lib
fray=${FRAY_BIN:-target/release/fray}
[ -x "$fray" ] || cargo build --release --locked --quiet --bin fray
fray=$(realpath "$fray")
cc -std=c99 -Wall -Wextra -Werror -pedantic -O2 -g -I crates/capi/include \
  examples/c/melee.c target/release/libfray_c.a -lpthread -ldl -lm -o "$out/melee"
cc -std=c99 -Wall -Wextra -Werror -pedantic -O2 -g -I crates/capi/include \
  examples/c/battle.c target/release/libfray_c.a -lpthread -ldl -lm -o "$out/battle"
c++ -std=c++11 -Wall -Wextra -Werror -pedantic -fsyntax-only -x c++ -I crates/capi/include \
  - <<<'#include "fray.h"
int main() { return fray_last_error() != nullptr; }'

echo "== docs/c-api.md's build commands, as written"
doc="$out/doc"
rm -rf "$doc"
mkdir -p "$doc/target"
ln -s "$PWD/crates" "$PWD/examples" "$doc/"
ln -s "$PWD/target/release" "$doc/target/release"
python3 - docs/c-api.md "$doc" <<'PY'
import re, sys
text, doc = open(sys.argv[1]).read(), sys.argv[2]
build = text[text.index("## Build and link"):text.index("## The typed calls")]
blocks = re.findall(r"```sh\n(.*?)```", build, re.S)
assert len(blocks) == 2, blocks
for i, block in enumerate(blocks):
    lines = [re.sub(r"\s+#.*", "", l).strip() for l in block.replace("\\\n", " ").splitlines()]
    run = [l for l in lines if l and not l.startswith(("cargo ", "bash scripts/c-example.sh"))]
    open(f"{doc}/block{i + 1}.sh", "w").write("set -eu\n" + "\n".join(run) + "\n")
game = re.search(r"## Call a command\n\n```c\n(.*?)```", text, re.S).group(1)
open(f"{doc}/game.c", "w").write(game)
PY
(cd "$doc" && bash block1.sh >game.txt && bash block2.sh >melee.txt)
"$fray" check 3/6 --bonus 1 --json | cmp - "$doc/game.txt"
cmp "$doc/melee.txt" <("$out/melee" examples/c 7)
size() { stat -c %s "$1"; }
[ "$(size "$doc/target/melee")" -lt 2000000 ] && [ "$(size "$doc/target/game")" -lt 8000000 ] ||
  { echo "c-example.sh: -Wl,--gc-sections -s no longer makes the sizes docs/c-api.md gives" >&2; exit 1; }
echo "game.c answers as fray check; melee $(size "$doc/target/melee") bytes, game $(size "$doc/target/game")"

# Exit 99 is valgrind's: a memory error or a leak. Any other is the program's own.
vg=(valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect,possible)

echo "== examples/c/melee.c under valgrind"
"${vg[@]}" "$out/melee" examples/c 7 >"$out/melee.txt"
echo "$(grep -c '' "$out/melee.txt") lines, no memory error, no leak ($out/melee.txt)"

echo "== its figures against the fray command line ($fray)"
python3 - "$fray" "$out/melee.txt" <<'PY'
import re, subprocess, sys
fray, path = sys.argv[1], sys.argv[2]
lines = open(path).read().splitlines()
def run(*args):
    return subprocess.run([fray, *args], check=True, capture_output=True, text=True, cwd="examples/c").stdout
def section(heading):
    i = lines.index(heading)
    rest = []
    for l in lines[i + 1:]:
        if l.startswith("=="):
            break
        rest.append(l)
    return rest
checked = 0
for l in lines:
    m = re.match(r"== .* \(fray (tohit .*)\)$", l)
    if m:
        assert section(l) == run(*m.group(1).split()).splitlines(), l
        checked += 1
    m = re.match(r"== odds \(fray (evasion-damage .*)\)$", l)
    if m:
        cli = run(*m.group(1).split()).splitlines()
        p, per_hit = re.search(r"P\(hit\) = ([0-9.]+)%", cli[0]).group(1), re.search(r"per hit ([0-9.]+)", cli[1]).group(1)
        shown = section(l)[0]
        assert f"P(hit) = {p}%" in shown and f"per hit {per_hit}" in shown, (shown, cli)
        checked += 1
for i, l in enumerate(lines):
    m = re.search(r"\(fray (damage .*)\)$", l)
    if m:
        steps = [s for s in run(*m.group(1).split()).splitlines() if re.match(r"\s+\d+\. ", s)]
        assert steps and lines[i + 1:i + 1 + len(steps)] == steps, l
        checked += 1
assert checked >= 5, checked
print(f"{checked} sections match the command line")
PY

echo "== bad input under valgrind: fray's refusal, exit 1, no leak"
bad="$out/bad"
mkdir -p "$bad"
cp examples/c/*.toml examples/c/*.traits "$bad/"
printf 'kind = "monster"\nev = "high"\n' >"$bad/troll.toml"
set +e
"${vg[@]}" "$out/melee" "$bad" 7 >/dev/null 2>"$bad/stderr.txt"
status=$?
set -e
cat "$bad/stderr.txt"
[ "$status" = 1 ] || { echo "c-example.sh: bad input exited $status, not 1" >&2; exit 1; }
grep -q "the defender profile, line 2, column 6" "$bad/stderr.txt"
set +e
"${vg[@]}" "$out/melee" "$bad/missing" 7 >/dev/null 2>"$bad/stderr.txt"
status=$?
set -e
[ "$status" = 1 ] || { echo "c-example.sh: a missing directory exited $status, not 1" >&2; exit 1; }
echo "refused with fray's message; no memory error, no leak"

echo "== examples/c/battle.c under valgrind: a battle on 2 worker threads, no leak"
# crates/capi/valgrind.supp: crossbeam-epoch's lazily freed thread record, which rayon's
# workers leave "possibly lost" (it says why); nothing else is suppressed.
"${vg[@]}" --suppressions=crates/capi/valgrind.supp "$out/battle" duel 300 5 2 >"$out/battle.json"
"$fray" battle --example duel --trials 300 --seed 5 --threads 2 --json --quiet >"$out/battle-cli.json"
cmp "$out/battle.json" "$out/battle-cli.json"
set +e
"${vg[@]}" --suppressions=crates/capi/valgrind.supp "$out/battle" nope >/dev/null 2>"$out/battle-refused.txt"
status=$?
set -e
[ "$status" = 1 ] || { echo "c-example.sh: an unknown battle exited $status, not 1" >&2; exit 1; }
[ "$(grep -c '' "$out/battle-refused.txt")" = 1 ] && grep -q "no bundled scenario is named" "$out/battle-refused.txt" ||
  { cat "$out/battle-refused.txt" >&2; echo "c-example.sh: the refusal is not one line" >&2; exit 1; }
echo "the command line's answer; a refusal on one line; no memory error, no leak"
