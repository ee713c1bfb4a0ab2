#!/usr/bin/env bash
# Opens the pages of `hdrprobe report` and the capability matrix in a real headless browser
# (Chromium from Debian) and checks what a reader sees:
#   1. every page's script ran (body[data-ready]);
#   2. the brightness picture has the expected series, each with the expected number of vertices
#      (counted in the DOM), and the scene-cut count; the colour-volume diagram has the BT.709, P3
#      and BT.2020 triangles plus the mastering display;
#   3. nothing is fetched: Chromium's network log of each load holds no http(s) request, and no
#      element points outside the folder;
#   4. markup in a file name stays text (no element made from it, on the page and in the index);
#   5. the index (the matrix) links every page, and it and the corpus matrix (a row per file, every
#      built-in target) fit a 1400-pixel window;
#   6. a two-hour film's `--frames all` page (172,800 RPUs) renders in under a second and weighs under
#      2 MB (needs ../shared/external for the real RPUs; skipped without);
#   7. screenshots are not blank.
#   .ci/report-browser-check.sh [OUTPUT_DIR]   (the pages and screenshots stay there when given)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash .ci/deps.sh chromium fonts-dejavu-core
browser="$(command -v chromium || command -v chromium-browser)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
out="${1:-$work/pages}"
mkdir -p "$out"
bin="$(swift build --show-bin-path)/hdrprobe"
[ -x "$bin" ] || swift build --product hdrprobe
ext=../shared/external
# No name resolves (MAP * ~NOTFOUND): nothing leaves the machine, and a request the page made would
# still stand in the network log, where the browser's own (updates, spelling dictionary, time) are
# told apart by their initiator, "not an origin".
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars --user-data-dir="$work/profile"
       --disable-background-networking --disable-component-update --no-first-run --host-resolver-rules="MAP * ~NOTFOUND")

# The pages: a folder of corpus files (one named with markup) and, with the external assets, the
# dovi_tool stream and a film-length RPU file made from its RPUs.
marked="$work/<b>bold & \"quoted\".mp4"
cp Corpus/dv_p81_hdr10plus.mp4 "$marked"
set +e
"$bin" report --quiet --output "$out/folder" "$marked" Corpus/hdr10_hevc.mp4 Corpus/dv_p84.mkv Corpus/bad_empty.mp4; status=$?
set -e
[ "$status" -eq 1 ] || { echo "report-browser-check: hdrprobe report exited $status, expected 1 (bad_empty.mp4)" >&2; exit 1; }
pages=("$out/folder/index.html" "$out/folder/001-_b_bold____quoted_.mp4.html")
# The matrix of the whole corpus, a row per file, every built-in target: it must fit 1400 pixels too.
mapfile -t corpus < <(find Corpus -maxdepth 1 -type f ! -name '*.sh' ! -name '*.md' ! -name '*.py' ! -name '.*' | sort)
set +e; "$bin" matrix --quiet --no-cache --per-file --format html --output "$out/matrix.html" "${corpus[@]}"; set -e
pages+=("$out/matrix.html")
if [ -f "$ext/dovi_tool/hevc_tests/regular.mkv" ]; then
  "$bin" report --frames all --output "$out/regular.html" "$ext/dovi_tool/hevc_tests/regular.mkv"
  python3 scripts/rpu-film.py "$ext/dovi_tool/hevc_tests/regular.hevc" 172800 "$work/film.bin"
  start=$(date +%s%N)
  "$bin" report --frames all --output "$out/film.html" "$work/film.bin"
  echo "report-browser-check: film page written in $(( ($(date +%s%N) - start) / 1000000 )) ms ($(stat -c %s "$out/film.html") bytes)"
  pages+=("$out/regular.html" "$out/film.html")
else
  echo "report-browser-check: ../shared/external absent: the dovi_tool stream and the two-hour film page are skipped"
fi

for page in "${pages[@]}"; do
  name=$(basename "$page" .html)
  timeout 120 "$browser" "${flags[@]}" --window-size=1400,1000 --log-net-log="$work/$name.netlog.json" \
    --dump-dom "file://$(realpath "$page")" > "$work/$name.dom.html" 2>>"$work/browser.log" \
    || { cat "$work/browser.log" >&2; echo "report-browser-check: chromium failed on $page" >&2; exit 1; }
  timeout 120 "$browser" "${flags[@]}" --window-size=1400,1000 --virtual-time-budget=3000 --screenshot="$out/$name.png" \
    "file://$(realpath "$page")" >/dev/null 2>>"$work/browser.log" || { echo "report-browser-check: screenshot of $page failed" >&2; exit 1; }
done
# The hover read-out, driven as the pointer would drive it (#hover=N), on the film's column 500 and
# the stream's frame 130; and the print layout of a page as a PDF.
hovers=()
if [ -f "$out/film.html" ]; then
  for spec in "film:500" "regular:130"; do
    name=${spec%%:*} column=${spec#*:}
    timeout 120 "$browser" "${flags[@]}" --window-size=1400,1000 --dump-dom "file://$(realpath "$out/$name.html")#hover=$column" \
      > "$work/$name.hover.html" 2>>"$work/browser.log" || { echo "report-browser-check: chromium failed on #hover" >&2; exit 1; }
    hovers+=("$name:$column")
  done
  timeout 120 "$browser" "${flags[@]}" --print-to-pdf="$out/regular.pdf" --no-pdf-header-footer "file://$(realpath "$out/regular.html")" \
    >/dev/null 2>>"$work/browser.log" || { echo "report-browser-check: printing failed" >&2; exit 1; }
  [ "$(stat -c %s "$out/regular.pdf")" -gt 20000 ] || { echo "report-browser-check: the printed page is empty" >&2; exit 1; }
  echo "report-browser-check: printed regular.html: $(stat -c %s "$out/regular.pdf") bytes"
fi
export HOVERS="${hovers[*]}"

python3 - "$work" "$out" "${pages[@]}" <<'PY'
import sys, os, re, json, html.parser
sys.path.insert(0, ".ci")
from browser_pages import page_requests, png_colours
work, out, pages = sys.argv[1], sys.argv[2], sys.argv[3:]
problems = []

class Dom(html.parser.HTMLParser):
    def __init__(s):
        super().__init__(); s.body = {}; s.svgs = []; s.stack = []; s.bold = 0; s.links = []; s.external = []
    def handle_starttag(s, tag, attrs):
        a = dict(attrs)
        if tag == "body": s.body = a
        if tag == "b": s.bold += 1
        if tag == "svg": s.svgs.append({"attrs": a, "series": [], "gamuts": [], "cuts": None})
        for k in ("src", "href"):
            v = a.get(k)
            if v is None: continue
            if re.match(r"^[a-z][a-z0-9+.-]*:|^//", v, re.I) and not v.startswith("#"): s.external.append(v)
            elif tag == "a": s.links.append(v)
        if s.svgs:
            svg = s.svgs[-1]
            if "data-series" in a:
                pts = a.get("points")
                drawn = len(pts.split()) if pts is not None else len(re.findall(r"[ML]", a.get("d", ""))) // 2
                svg["series"].append((a["data-series"], int(a["data-points"]), drawn, pts is None))
            if "data-gamut" in a and tag == "polygon": svg["gamuts"].append(a["data-gamut"])
            if a.get("class") == "cuts": svg["cuts"] = int(a["data-count"])



for page in pages:
    name = os.path.basename(page)[:-5]
    dom = Dom(); dom.feed(open(os.path.join(work, name + ".dom.html"), encoding="utf-8").read())
    if dom.body.get("data-ready") != "true": problems.append(f"{name}: the page script did not run"); continue
    requests = page_requests(os.path.join(work, name + ".netlog.json"))
    if requests: problems.append(f"{name}: fetched {requests[:3]}")
    if dom.external: problems.append(f"{name}: points outside the folder: {dom.external[:3]}")
    if dom.bold: problems.append(f"{name}: {dom.bold} <b> element(s) made from a file name")
    colours = png_colours(os.path.join(out, name + ".png"))
    if colours < 8: problems.append(f"{name}: the screenshot is blank ({colours} colours)")
    size = os.path.getsize(page); render = int(dom.body.get("data-render-ms", "-1"))
    line = f"report-browser-check: {name}: ready, {size} bytes, first render {render} ms, screenshot {colours} colours"
    brightness = [s for s in dom.svgs if "brightness" in s["attrs"].get("class", "")]
    chroma = [s for s in dom.svgs if "chromaticity" in s["attrs"].get("class", "")]
    for s in brightness:
        bad = [x for x in s["series"] if x[1] != x[2]]
        if bad: problems.append(f"{name}: series whose drawn vertices differ from data-points: {bad}")
        line += f"; brightness: {len(s['series'])} series × {[x[2] for x in s['series']]} vertices, {s['cuts']} cuts"
    for s in chroma:
        if sorted(s["gamuts"][:3]) != ["bt2020", "bt709", "p3"]: problems.append(f"{name}: reference triangles {s['gamuts']}")
        line += f"; chromaticity: {s['gamuts']}"
    # regular: dovi_tool's 3 scenes (scene_refresh_flag at 0, 120, 219), the first frame not drawn as a cut;
    # film: 667 whole repeats of those 259 RPUs and 47 more that start with the first scene: 667 × 3 + 1 − 1.
    expect = {
        "regular": dict(series=[("dv-l1-max", 259), ("dv-l1-avg", 259), ("dv-l1-min", 259)], cuts=2, gamuts=4),
        "film": dict(series=[("dv-l1-max", 1000), ("dv-l1-avg", 1000), ("dv-l1-min", 1000)], cuts=172800 // 259 * 3, gamuts=3),
        "001-_b_bold____quoted_.mp4": dict(series=[("dv-l1-max", 8), ("dv-l1-avg", 8), ("dv-l1-min", 8), ("hdr10plus-maxscl", 8), ("hdr10plus-avg-maxrgb", 8)], cuts=None, gamuts=4),
    }.get(name)
    if expect:
        got = [(x[0], x[2]) for s in brightness for x in s["series"]]
        if got != expect["series"]: problems.append(f"{name}: series {got}, expected {expect['series']}")
        if expect["cuts"] is not None and (not brightness or brightness[0]["cuts"] != expect["cuts"]):
            problems.append(f"{name}: {brightness[0]['cuts'] if brightness else None} cuts, expected {expect['cuts']}")
        if not chroma or len(chroma[0]["gamuts"]) != expect["gamuts"]: problems.append(f"{name}: diagram triangles {chroma[0]['gamuts'] if chroma else None}")
    if name == "film":
        if render >= 1000: problems.append(f"film: first render {render} ms, over a second")
        if size >= 2 * 1024 * 1024: problems.append(f"film: {size} bytes, over 2 MB")
    if name in ("index", "matrix"):
        width = int(dom.body.get("data-scroll-width", "99999"))
        line += f"; width {width} px in a 1400-pixel window"
        if width > 1400: problems.append(f"index: {width} px wide in a 1400-pixel window")
        d = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', open(page, encoding="utf-8").read(), re.S).group(1))
        want = sorted(f for f in os.listdir(os.path.dirname(page)) if f != "index.html" and f.endswith(".html"))
        if name == "matrix": want = []  # the corpus matrix alone: no report pages to link
        if sorted(d.get("links", [])) != want or sorted(set(dom.links)) != want:
            problems.append(f"index: links {d.get('links')} / {sorted(set(dom.links))}, expected {want}")
    print(line)
# The read-out of a column names its frames, time and every series' lowest–highest value, as the
# embedded data has them.
for spec in os.environ.get("HOVERS", "").split():
    name, column = spec.split(":"); column = int(column)
    page = open(os.path.join(out, name + ".html"), encoding="utf-8").read()
    data = json.loads(re.search(r'id="brightness-data">(.*?)</script>', page, re.S).group(1))
    dom = open(os.path.join(work, name + ".hover.html"), encoding="utf-8").read()
    m = re.search(r'<div id="readout" class="readout" data-column="(\d+)">(.*?)</div>', dom, re.S)
    if not m or int(m.group(1)) != column: problems.append(f"{name}: #hover={column} shows no read-out"); continue
    c = data["columns"][column]; text = html.unescape(m.group(2))
    frames = f"frame {c[0]}" if c[0] == c[1] else f"frames {c[0]}–{c[1]}"
    fmt = lambda v: "–" if v is None else str(round(v)) if v >= 100 else f"{v:.1f}"
    want = [frames] + [f"{s[1]}: " + (fmt(c[4 + 2 * k]) if c[3 + 2 * k] == c[4 + 2 * k] else f"{fmt(c[3 + 2 * k])}–{fmt(c[4 + 2 * k])}") for k, s in enumerate(data["series"])]
    missing = [w for w in want if w not in text]
    if missing: problems.append(f"{name}: read-out {text!r} lacks {missing}")
    else: print(f"report-browser-check: {name} #hover={column}: {text.splitlines()[0]} with {len(data['series'])} values")
if problems:
    print("report-browser-check: " + "; ".join(problems), file=sys.stderr); sys.exit(1)
print(f"report-browser-check: {len(pages)} pages checked")
PY
