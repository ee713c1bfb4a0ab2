#!/usr/bin/env bash
# Opens the capability matrix in a real headless browser (Chromium from Debian) and checks it:
#   1. it renders: the page's script ran (body[data-ready]), the summary has a row per target, the
#      table has a row per group (per file with --per-file pages), every cell has a status class;
#   2. filter: a target + outcome view (#t=…&o=…) shows exactly the rows whose cell on that target
#      has that outcome, as the embedded data says;
#   3. sort: a target column sorted descending (#s=…&d=-1) has non-increasing status ranks;
#   4. search: a path fragment (#q=…) keeps exactly the groups with a matching file;
#   5. details: opening a file with dynamic metadata (#open=…) shows its panel with the path, one
#      entry per target and the brightness plot with one point per series point;
# prints the first render time (the page's own performance.now() when ready, and the browser's
# wall time), then saves a screenshot. The view state lives in the URL fragment: the same code
# paths the controls use (docs in Sources/HDRProbeReport/LibraryMatrixHTML.swift).
#   .ci/browser-check.sh [MATRIX_HTML] [SCREENSHOT_PNG]
# Without arguments it builds the matrix of Corpus/ into a temporary folder with the debug binary.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash .ci/deps.sh chromium fonts-dejavu-core
browser="$(command -v chromium || command -v chromium-browser)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
html="${1:-}"
shot="${2:-$work/matrix.png}"
if [ -z "$html" ]; then
  mapfile -t files < <(find Corpus -maxdepth 1 -type f ! -name '*.sh' ! -name '*.md' ! -name '*.py' ! -name '.*' | sort)
  bin="$(swift build --show-bin-path)/hdrprobe"
  [ -x "$bin" ] || swift build --product hdrprobe
  html="$work/matrix.html"
  set +e; "$bin" matrix --quiet --no-cache --format html --output "$html" "${files[@]}"; status=$?; set -e
  [ "$status" -le 1 ] || { echo "browser-check: hdrprobe matrix failed ($status)" >&2; exit 1; }
fi
url="file://$(realpath "$html")"
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars --user-data-dir="$work/profile" --host-resolver-rules="MAP * ~NOTFOUND")

# The views to check, chosen from the page's own data.
python3 - "$html" > "$work/views" <<'PY'
import sys, json, re
page = open(sys.argv[1], encoding="utf-8").read()
d = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S).group(1))
ST = ["plays", "degraded", "fails"]
def status(g, c):
    k = d["groups"][g][8][c]
    return "na" if k < 0 else ST[d["out"][k][0]]
# filter: the first target with both a failing/degraded and a playing row
pick = None
for c in range(len(d["cols"])):
    for s in ("fails", "degraded"):
        if any(status(g, c) == s for g in range(len(d["groups"]))):
            pick = (c, s); break
    if pick: break
c, s = pick or (0, "plays")
lead = 8 if d["perFile"] else 7
withseries = next((i for i, f in enumerate(d["files"]) if f[3] >= 0), 0)
name = d["files"][-1][1]
print(f"filter t={c}&o={s}")
print(f"sort s={lead + c}&d=-1")
from urllib.parse import quote
print(f"search q={quote(name)}")
print(f"open open={withseries}")
PY

dump() {  # dump the DOM of the page at a fragment; prints the browser's wall time in ms
  local frag="$1" out="$2" start end
  start=$(date +%s%N)
  timeout 120 "$browser" "${flags[@]}" --dump-dom "$url${frag:+#$frag}" > "$out" 2>>"$work/browser.log" \
    || { cat "$work/browser.log" >&2; echo "browser-check: chromium failed on #$frag" >&2; exit 1; }
  end=$(date +%s%N)
  echo $(( (end - start) / 1000000 ))
}

wall=$(dump "" "$work/default.html")
args=(default "" "$work/default.html" "$wall")
while read -r kind frag; do
  dump "$frag" "$work/$kind.html" > /dev/null
  args+=("$kind" "$frag" "$work/$kind.html" 0)
done < "$work/views"

python3 - "$html" "${args[@]}" <<'PY'
import sys, json, re, html.parser
page = open(sys.argv[1], encoding="utf-8").read()
d = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S).group(1))
ST = ["plays", "degraded", "fails"]; RANK = {"plays": 0, "degraded": 1, "fails": 2, "na": 3}
per_file = d["perFile"]; lead = 8 if per_file else 7; ncols = len(d["cols"])
def status(g, c):
    k = d["groups"][g][8][c]
    return "na" if k < 0 else ST[d["out"][k][0]]
def path(i):
    f = d["files"][i]; return d["dirs"][f[0]] + f[1]

class Dom(html.parser.HTMLParser):
    def __init__(s):
        super().__init__(); s.ready = False; s.render = None; s.stack = []; s.rows = []; s.summary = 0
        s.details_hidden = None; s.in_details = False; s.details_text = []; s.polyline = None; s.targets = 0
    def handle_starttag(s, tag, attrs):
        a = dict(attrs); cls = (a.get("class") or "").split()
        if tag == "body":
            s.ready = a.get("data-ready") == "true"; s.render = a.get("data-render-ms")
        if tag == "table": s.stack.append(a.get("id"))
        if tag == "tr" and s.stack and s.stack[-1] == "summary" and not s.thead: s.summary += 1
        if tag == "thead": s.thead = True
        if tag == "tbody": s.thead = False
        if tag == "tr" and s.stack and s.stack[-1] == "matrix" and "unit" in cls:
            s.rows.append({"group": int(a["data-group"]), "file": int(a["data-file"]) if "data-file" in a else None, "cells": []})
        if tag == "td" and s.rows and "cell" in cls and s.stack and s.stack[-1] == "matrix":
            s.rows[-1]["cells"].append([c for c in cls if c in RANK])
        if tag == "aside" and a.get("id") == "details":
            s.details_hidden = "hidden" in a; s.in_details = True
        if s.in_details and tag == "polyline": s.polyline = a.get("points", "")
        if s.in_details and tag == "ul" and "targets" in cls: s.counting = True
        if s.in_details and tag == "li" and getattr(s, "counting", False) and any(c in RANK for c in cls): s.targets += 1
    def handle_endtag(s, tag):
        if tag == "table" and s.stack: s.stack.pop()
        if tag == "aside": s.in_details = False
    def handle_data(s, data):
        if s.in_details: s.details_text.append(data)
    thead = False

def parse(f):
    p = Dom(); p.feed(open(f, encoding="utf-8").read()); return p

problems = []
argv = sys.argv[2:]
views = [argv[i:i + 4] for i in range(0, len(argv), 4)]
units = len(d["files"]) if per_file else len(d["groups"])
for kind, frag, f, wall in views:
    p = parse(f)
    if not p.ready: problems.append(f"{kind}: the page script did not run (no body[data-ready])"); continue
    bad = [r for r in p.rows if len(r["cells"]) != ncols or any(len(c) != 1 for c in r["cells"])]
    if bad: problems.append(f"{kind}: {len(bad)} rows without a status class on every target cell")
    if kind == "default":
        if p.summary != ncols: problems.append(f"summary has {p.summary} rows, expected {ncols}")
        if len(p.rows) != min(units, 500): problems.append(f"{len(p.rows)} rows, expected {min(units, 500)}")
        print(f"browser-check: rendered {len(p.rows)} {'files' if per_file else 'groups'} of {len(d['files'])} files × {ncols} targets; "
              f"first render {p.render} ms (performance.now at ready), browser wall {wall} ms")
    elif kind == "filter":
        kv = dict(x.split("=") for x in frag.split("&")); c = int(kv["t"]); s = kv["o"]
        want = [g for g in range(len(d["groups"])) if status(g, c) == s]
        want_rows = sum(d["groups"][g][0] for g in want) if per_file else len(want)
        if len(p.rows) != min(want_rows, 500) or any(r["cells"][c] != [s] for r in p.rows):
            problems.append(f"filter #{frag}: {len(p.rows)} rows, expected {want_rows}, all '{s}' on target {c}")
        else: print(f"browser-check: filter #{frag} -> {len(p.rows)} rows, all '{s}' on {d['cols'][c][0]}")
    elif kind == "sort":
        kv = dict(x.split("=") for x in frag.split("&")); c = int(kv["s"]) - lead
        ranks = [RANK[r["cells"][c][0]] for r in p.rows]
        if ranks != sorted(ranks, reverse=True) or len(p.rows) != min(units, 500):
            problems.append(f"sort #{frag}: ranks not non-increasing: {ranks[:20]}…")
        else: print(f"browser-check: sort #{frag} -> {len(p.rows)} rows, ranks non-increasing ({ranks[0]}…{ranks[-1]})")
    elif kind == "search":
        from urllib.parse import unquote
        q = unquote(frag.split("=", 1)[1]).lower()
        hits = [i for i in range(len(d["files"])) if q in path(i).lower()]
        want = len(hits) if per_file else len({d["files"][i][2] for i in hits})
        if len(p.rows) != min(want, 500): problems.append(f"search #{frag}: {len(p.rows)} rows, expected {want}")
        else: print(f"browser-check: search #{frag} -> {len(p.rows)} rows")
    elif kind == "open":
        i = int(frag.split("=")[1]); f3 = d["files"][i][3]
        text = "".join(p.details_text)
        npts = len(d["series"][f3][1:].split(",")) if f3 >= 0 else 0
        got = len(p.polyline.split()) if p.polyline else 0
        if p.details_hidden is not False or path(i) not in text or p.targets != ncols or got != npts:
            problems.append(f"details #{frag}: hidden={p.details_hidden}, path shown={path(i) in text}, {p.targets}/{ncols} targets, plot {got}/{npts} points")
        else: print(f"browser-check: details #{frag} -> panel open for {path(i)}, {ncols} targets, plot with {got} points")
if problems:
    print("browser-check: " + "; ".join(problems), file=sys.stderr); sys.exit(1)
PY
timeout 120 "$browser" "${flags[@]}" --virtual-time-budget=5000 --window-size=1600,1000 --screenshot="$shot" "$url" \
  >/dev/null 2>>"$work/browser.log" || { cat "$work/browser.log" >&2; echo "browser-check: screenshot failed" >&2; exit 1; }
[ -s "$shot" ] || { echo "browser-check: no screenshot written" >&2; exit 1; }
echo "browser-check: screenshot $shot ($(stat -c %s "$shot") bytes)"
