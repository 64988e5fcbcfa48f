#!/usr/bin/env python3
"""What makes up fray's WebAssembly: its sections, and its code by crate.

Usage: python scripts/wasm-size.py FILE.wasm
The crates need function names, which the playground's build strips: build a copy with them
kept first, e.g. CARGO_PROFILE_WASM_STRIP=false CARGO_TARGET_DIR=target/wasm-names \
cargo build -p fray-wasm --target wasm32-wasip1 --profile wasm (docs/performance.md).
A function is counted under the first crate its name mentions (a generic function of
serde's instantiated for a fray type is counted as serde's).
"""

import re
import sys
from collections import Counter

SECTIONS = {0: "custom", 1: "type", 2: "import", 3: "function", 5: "memory", 6: "global",
            7: "export", 9: "element", 10: "code", 11: "data", 12: "data count"}


def leb(b, i):
    r = s = 0
    while True:
        x = b[i]
        i += 1
        r |= (x & 0x7F) << s
        s += 7
        if x < 0x80:
            return r, i


def crate_of(name):
    """The first crate a (mangled) function name mentions."""
    if name.startswith("_ZN"):  # legacy: _ZN <len><segment>..., impls as _$LT$crate..path
        m = re.match(r"_ZN(\d+)", name)
        first = name[m.end():m.end() + int(m.group(1))]
        inner = re.search(r"([a-z_][a-z0-9_]*)\.\.", first)
        return inner.group(1) if first.startswith("_$LT$") and inner else first
    m = re.search(r"C(?:s[0-9a-zA-Z]*_)?(\d+)([A-Za-z_])", name)  # v0: a crate root
    if name.startswith("_R") and m:
        start = m.start(2)
        return name[start:start + int(m.group(1))]
    found = re.search(r"([a-z_][a-z0-9_]*)::", name)
    return found.group(1) if found else "(other)"


def main(path):
    b = open(path, "rb").read()
    i, sections, bodies, names, imported = 8, Counter(), [], {}, 0
    while i < len(b):
        sid, i = b[i], i + 1
        n, i = leb(b, i)
        start, end = i, i + n
        label = SECTIONS.get(sid, str(sid))
        if sid == 0:
            ln, j = leb(b, i)
            custom = b[j:j + ln].decode()
            label = f"custom: {custom}"
            if custom == "name":
                j += ln
                while j < end:
                    sub, j = b[j], j + 1
                    size, j = leb(b, j)
                    if sub == 1:
                        count, k = leb(b, j)
                        for _ in range(count):
                            idx, k = leb(b, k)
                            ln2, k = leb(b, k)
                            names[idx] = b[k:k + ln2].decode(errors="replace")
                            k += ln2
                    j += size
        elif sid == 2:
            count, j = leb(b, i)
            for _ in range(count):
                for _ in range(2):
                    ln, j = leb(b, j)
                    j += ln
                kind, j = b[j], j + 1
                if kind == 0:
                    imported += 1
                    _, j = leb(b, j)
                else:
                    raise SystemExit("only function imports are expected")
        elif sid == 10:
            count, j = leb(b, i)
            for _ in range(count):
                size, j = leb(b, j)
                bodies.append(size)
                j += size
        sections[label] += end - start
        i = end
    total = len(b)
    print(f"{path}: {total:,} bytes")
    for label, size in sections.most_common():
        print(f"  {label:24} {size:>10,}  {100 * size / total:5.1f}%")
    if not names:
        print("(no function names: build with them kept to see the code by crate)")
        return
    crates = Counter()
    for k, size in enumerate(bodies):
        crates[crate_of(names.get(imported + k, "?"))] += size
    code = sum(bodies)
    print(f"code by crate ({code:,} bytes of function bodies):")
    for crate, size in crates.most_common(16):
        print(f"  {crate:24} {size:>10,}  {100 * size / code:5.1f}%")


if __name__ == "__main__":
    main(sys.argv[1])
