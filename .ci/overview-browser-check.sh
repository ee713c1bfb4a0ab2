#!/usr/bin/env bash
# Opens the overview pages of `hls --check --html` and `dash --check --html` in a real headless
# browser (Chromium from Debian) and checks what a reader sees:
#   1. the page's script ran (body[data-ready]);
#   2. nothing is fetched: Chromium's network log holds no request of the page, and no element points
#      anywhere (no src, no href);
#   3. markup in a playlist name stays text: no <b> element made from it, and the name is shown;
#   4. the table has a row per variant and rendition (HLS: 2 variants and 1 audio rendition; DASH: 1
#      Representation), and the Must fix list names the segment this script removed;
#   5. the screenshot is not blank.
#   .ci/overview-browser-check.sh [OUTPUT_DIR]   (the pages and screenshots stay there when given)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash .ci/deps.sh chromium fonts-dejavu-core ffmpeg
browser="$(command -v chromium || command -v chromium-browser)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
out="${1:-$work/pages}"
mkdir -p "$out"
bin="$(swift build --show-bin-path)/hdrprobe"
[ -x "$bin" ] || swift build --product hdrprobe
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars --user-data-dir="$work/profile"
       --disable-background-networking --disable-component-update --no-first-run --host-resolver-rules="MAP * ~NOTFOUND")

# HLS: two HEVC variants and an AAC rendition by FFmpeg; variant 1's playlist renamed with markup;
# variant 0's fourth segment removed.
hls="$work/hls"; mkdir -p "$hls"
(cd "$hls" && ffmpeg -v error -f lavfi -i testsrc2=size=320x180:rate=25 -f lavfi -i sine=frequency=440:sample_rate=48000 -t 6 \
  -map 0:v -map 0:v -map 1:a -c:a aac -ac 2 -b:a 64k -c:v libx265 -b:v:0 400k -b:v:1 150k -s:v:1 160x90 \
  -x265-params keyint=25:min-keyint=25:scenecut=0:log-level=error -tag:v hvc1 -f hls -hls_time 1 -hls_segment_type fmp4 \
  -hls_playlist_type vod -var_stream_map "v:0,agroup:a v:1,agroup:a a:0,agroup:a" -master_pl_name full.m3u8 \
  -hls_segment_filename 's%v_%d.m4s' -hls_fmp4_init_filename 'init_%v.mp4' 'p%v.m3u8')
marked='<b>bold & "quoted".m3u8'
mv "$hls/p1.m3u8" "$hls/$marked"
# The master without the audio-only variant FFmpeg lists for the rendition.
python3 - "$hls" "$marked" <<'PY'
import sys, re
folder, marked = sys.argv[1:]
text = open(f"{folder}/full.m3u8").read().replace("\np1.m3u8", "\n" + marked)
text = re.sub(r"#EXT-X-STREAM-INF:[^\n]*\np2\.m3u8\n", "", text)
open(f"{folder}/master.m3u8", "w").write(text)
PY
rm "$hls/s0_3.m4s"
set +e; "$bin" hls --check --quiet --html "$out/hls.html" "$hls/master.m3u8" >/dev/null; status=$?; set -e
[ "$status" -eq 1 ] || { echo "overview-browser-check: hls --check exited $status, expected 1 (a segment is missing)" >&2; exit 1; }
# DASH: FFmpeg's SegmentTimeline presentation with its third segment removed.
dash="$work/dash"; mkdir -p "$dash"
(cd "$dash" && ffmpeg -v error -f lavfi -i testsrc2=size=320x180:rate=25 -t 6 -c:v libx265 -b:v 300k \
  -x265-params keyint=25:min-keyint=25:scenecut=0:log-level=error -tag:v hvc1 -f dash -seg_duration 1 -use_template 1 \
  -use_timeline 1 manifest.mpd)
dashRemoved=$(cd "$dash" && ls chunk-* | sort | sed -n 3p)
rm "$dash/$dashRemoved"
set +e; "$bin" dash --check --quiet --html "$out/dash.html" "$dash/manifest.mpd" >/dev/null; status=$?; set -e
[ "$status" -eq 1 ] || { echo "overview-browser-check: dash --check exited $status, expected 1" >&2; exit 1; }

for name in hls dash; do
  page="$out/$name.html"
  timeout 120 "$browser" "${flags[@]}" --window-size=1400,1000 --log-net-log="$work/$name.netlog.json" \
    --dump-dom "file://$(realpath "$page")" > "$work/$name.dom.html" 2>>"$work/browser.log" \
    || { cat "$work/browser.log" >&2; echo "overview-browser-check: chromium failed on $page" >&2; exit 1; }
  timeout 120 "$browser" "${flags[@]}" --window-size=1400,1000 --virtual-time-budget=3000 --screenshot="$out/$name.png" \
    "file://$(realpath "$page")" >/dev/null 2>>"$work/browser.log" || { echo "overview-browser-check: screenshot of $page failed" >&2; exit 1; }
done

python3 - "$work" "$out" "$marked" "$dashRemoved" <<'PY'
import sys, os, json, zlib, struct, html.parser
work, out, marked, dash_removed = sys.argv[1:]
problems = []

class Dom(html.parser.HTMLParser):
    def __init__(s):
        super().__init__(); s.body = {}; s.bold = 0; s.pointers = []; s.rows = 0; s.in_tbody = False; s.text = []
    def handle_starttag(s, tag, attrs):
        a = dict(attrs)
        if tag == "body": s.body = a
        if tag == "b": s.bold += 1
        if tag == "tbody": s.in_tbody = True
        if tag == "tr" and s.in_tbody: s.rows += 1
        s.pointers += [a[k] for k in ("src", "href") if k in a]
    def handle_endtag(s, tag):
        if tag == "tbody": s.in_tbody = False
    def handle_data(s, data): s.text.append(data)

def page_requests(path):
    text = open(path, encoding="utf-8", errors="replace").read().rstrip().rstrip(",")
    try: log = json.loads(text)
    except ValueError: log = json.loads(text + "]}")
    return [e["params"]["url"] for e in log.get("events", []) if "initiator" in e.get("params", {})
            and e["params"]["initiator"] != "not an origin" and not e["params"].get("url", "").startswith(("file:", "data:"))]

def png_colours(path):
    data = open(path, "rb").read(); pos = 8; idat = b""; w = h = 0; ctype = 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8]); body = data[pos + 8:pos + 8 + n]; pos += 12 + n
        if kind == b"IHDR": w, h, _, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT": idat += body
    bpp = 4 if ctype == 6 else 3; raw = zlib.decompress(idat); stride = w * bpp; prev = bytearray(stride); colours = set()
    for y in range(h):
        f = raw[y * (stride + 1)]; line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0; b = prev[i]; c = prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        if y % 4 == 0: colours.update(bytes(line[i:i + 3]) for i in range(0, stride, bpp * 4))
        prev = line
    return len(colours)

expect = {"hls": dict(rows=3, shown=[marked, "p0.m3u8", "s0_3.m4s"]), "dash": dict(rows=1, shown=["manifest.mpd", dash_removed])}
for name, want in expect.items():
    dom = Dom(); dom.feed(open(os.path.join(work, name + ".dom.html"), encoding="utf-8").read())
    text = "".join(dom.text)
    if dom.body.get("data-ready") != "true": problems.append(f"{name}: the page script did not run")
    requests = page_requests(os.path.join(work, name + ".netlog.json"))
    if requests: problems.append(f"{name}: fetched {requests[:3]}")
    if dom.pointers: problems.append(f"{name}: points elsewhere: {dom.pointers[:3]}")
    if dom.bold: problems.append(f"{name}: {dom.bold} <b> element(s) made from a playlist name")
    if dom.rows != want["rows"]: problems.append(f"{name}: {dom.rows} table rows, expected {want['rows']}")
    if "Must fix" not in text: problems.append(f"{name}: no Must fix list")
    for s in want["shown"]:
        if s not in text: problems.append(f"{name}: {s!r} is not shown")
    colours = png_colours(os.path.join(out, name + ".png"))
    if colours < 8: problems.append(f"{name}: the screenshot is blank ({colours} colours)")
    print(f"overview-browser-check: {name}: ready, {os.path.getsize(os.path.join(out, name + '.html'))} bytes, {dom.rows} rows, no request, screenshot {colours} colours")
if problems:
    print("\n".join("overview-browser-check: " + p for p in problems), file=sys.stderr); sys.exit(1)
PY
echo "overview-browser-check: OK"
