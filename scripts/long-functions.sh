#!/usr/bin/env bash
# Lists every Swift function, initializer, deinitializer and subscript in Sources/ longer than a
# limit (default 80 lines, counted from the declaration line to its closing brace; strings and
# comments are skipped when matching braces), longest first: "lines  file:line  name".
#   scripts/long-functions.sh [--limit N] [--check]
# --check exits 1 when a function over the limit is not in scripts/long-functions-exempt.txt
# (the spec-syntax parsers: one function per syntax table, read field by field in spec order).
set -euo pipefail
cd "$(dirname "$0")/.."
limit=80
check=0
while [ $# -gt 0 ]; do
  case "$1" in
    --limit) limit="$2"; shift 2 ;;
    --check) check=1; shift ;;
    *) echo "usage: $0 [--limit N] [--check]" >&2; exit 2 ;;
  esac
done
python3 - "$limit" "$check" <<'PY'
import os, re, sys
limit, check = int(sys.argv[1]), sys.argv[2] == "1"
EXEMPT = set(l.strip() for l in open("scripts/long-functions-exempt.txt")
             if l.strip() and not l.startswith("#")) if os.path.exists("scripts/long-functions-exempt.txt") else set()
DECL = re.compile(r'^\s*(?:@[\w()".:, ]+\s+)*(?:(?:public|private|fileprivate|internal|package|static|class|final|override|mutating|nonmutating|nonisolated|convenience|required|open|@inlinable|@usableFromInline|@discardableResult)\s+)*(func\s+([^\s(<]+)|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<])')

def strip(line, state):
    """Returns the line's code with strings and comments blanked; state carries block comments and
    multi-line strings across lines."""
    out, i, n = [], 0, len(line)
    while i < n:
        if state["block"]:
            j = line.find("*/", i)
            if j < 0: return "".join(out)
            state["block"] -= 1; i = j + 2; continue
        if state["multi"]:
            j = line.find('"""', i)
            if j < 0: return "".join(out)
            state["multi"] = False; i = j + 3; continue
        c = line[i]
        if line.startswith("//", i): break
        if line.startswith("/*", i): state["block"] += 1; i += 2; continue
        if line.startswith('"""', i): state["multi"] = True; i += 3; continue
        if c == '"':
            i += 1; depth = 0
            while i < n:
                if line[i] == "\\" and i + 1 < n and line[i+1] == "(":
                    depth += 1; i += 2; continue
                if depth and line[i] == ")": depth -= 1; i += 1; continue
                if line[i] == "\\": i += 2; continue
                if line[i] == '"' and not depth: i += 1; break
                i += 1
            out.append('""'); continue
        out.append(c); i += 1
    return "".join(out)

rows = []
for root, _, files in os.walk("Sources"):
    for f in files:
        if not f.endswith(".swift"): continue
        path = os.path.join(root, f)
        lines = open(path, encoding="utf-8").read().split("\n")
        state = {"block": 0, "multi": False}
        code = [strip(l, state) for l in lines]
        for i, l in enumerate(code):
            m = DECL.match(l)
            if not m: continue
            name = m.group(2) or m.group(1).split("(")[0].split("<")[0].strip()
            # find the body's opening brace (protocol requirements have none before the next decl)
            depth, start, end = 0, None, None
            for j in range(i, len(code)):
                if j > i and start is None and DECL.match(code[j]): break
                for ch in code[j]:
                    if ch == "{":
                        depth += 1
                        if start is None: start = j
                    elif ch == "}":
                        depth -= 1
                        if start is not None and depth == 0: end = j; break
                if end is not None: break
            if start is None or end is None: continue
            length = end - i + 1
            if length > limit:
                rows.append((length, path, i + 1, name))
rows.sort(key=lambda r: (-r[0], r[1]))
bad = 0
for length, path, line, name in rows:
    exempt = f"{path}:{name}" in EXEMPT
    bad += not exempt
    print(f"{length:5d}  {path}:{line}  {name}" + ("  (spec-syntax parser, exempt)" if exempt else ""))
print(f"{len(rows)} functions over {limit} lines, {len(rows) - bad} exempt spec-syntax parsers")
sys.exit(1 if check and bad else 0)
PY
