#!/usr/bin/env bash
# Opens the capability matrix in a real headless browser (Chromium from Debian) and checks that it
# renders: the page's script ran (body[data-ready]), the table is there with one row per corpus
# media file, every cell has a status class; then saves a screenshot.
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
mapfile -t files < <(find Corpus -maxdepth 1 -type f ! -name '*.sh' ! -name '*.md' ! -name '*.py' ! -name '.*' | sort)
if [ -z "$html" ]; then
  bin="$(swift build --show-bin-path)/hdrprobe"
  [ -x "$bin" ] || swift build --product hdrprobe
  html="$work/matrix.html"
  set +e; "$bin" matrix --quiet --format html --output "$html" "${files[@]}"; status=$?; set -e
  [ "$status" -le 1 ] || { echo "browser-check: hdrprobe matrix failed ($status)" >&2; exit 1; }
fi
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars --user-data-dir="$work/profile")
timeout 120 "$browser" "${flags[@]}" --virtual-time-budget=5000 --dump-dom "file://$(realpath "$html")" > "$work/dom.html" 2>"$work/browser.log" \
  || { cat "$work/browser.log" >&2; echo "browser-check: chromium failed" >&2; exit 1; }
python3 - "$work/dom.html" "${#files[@]}" <<'PY'
import sys, html.parser
dom, expected_rows = open(sys.argv[1], encoding="utf-8").read(), int(sys.argv[2])
class P(html.parser.HTMLParser):
    def __init__(s):
        super().__init__(); s.ready = False; s.table = False; s.rows = 0; s.cells = 0; s.classed = 0; s.in_body = False
    def handle_starttag(s, tag, attrs):
        a = dict(attrs)
        if tag == "body" and a.get("data-ready") == "true": s.ready = True
        if tag == "table" and a.get("id") == "matrix": s.table = True
        if tag == "tbody": s.in_body = True
        if tag == "tr" and s.in_body: s.rows += 1
        if tag == "td" and "cell" in a.get("class", ""):
            s.cells += 1
            if any(c in a["class"].split() for c in ("plays", "degraded", "fails", "na")): s.classed += 1
p = P(); p.feed(dom)
problems = []
if not p.ready: problems.append("the page script did not run (no body[data-ready])")
if not p.table: problems.append("no table#matrix")
if p.rows != expected_rows: problems.append(f"{p.rows} rows, expected {expected_rows}")
if p.cells == 0 or p.classed != p.cells: problems.append(f"{p.classed}/{p.cells} cells have a status class")
if problems:
    print("browser-check: " + "; ".join(problems), file=sys.stderr); sys.exit(1)
print(f"browser-check: rendered, table with {p.rows} rows and {p.cells} cells")
PY
timeout 120 "$browser" "${flags[@]}" --virtual-time-budget=5000 --window-size=1600,1000 --screenshot="$shot" "file://$(realpath "$html")" \
  >/dev/null 2>>"$work/browser.log" || { cat "$work/browser.log" >&2; echo "browser-check: screenshot failed" >&2; exit 1; }
[ -s "$shot" ] || { echo "browser-check: no screenshot written" >&2; exit 1; }
echo "browser-check: screenshot $shot ($(stat -c %s "$shot") bytes)"
