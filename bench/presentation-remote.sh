#!/usr/bin/env bash
# Whole-presentation check over HTTP (docs/rules/hls-presentation.md §8): the presentation of
# bench/presentation.sh (HDR10 HEVC fMP4, 8 variants, 6-second segments made by FFmpeg/x265 and
# repeated in the playlists), SEGMENTS a variant, served on the loopback by
# Tests/HDRProbeEngineTests/Fixtures/latency_server.py with DELAY ms before each answer, checked by
# `hdrprobe hls --check --fetches N`: each run FETCHES:SEGMENTS (segments a variant; the default
# runs are the 2-hour presentation at 8 fetches, and a 10-minute one at 8 and at 1). Prints
# segments, requests, bytes fetched, wall time and the ratio to segments × DELAY (what a client
# reading one segment at a time needs at least), checks that the findings and reads equal the
# local check's, and writes the "Over HTTP" section of Reports/presentation-bench.md.
# Usage: bench/presentation-remote.sh [--binary PATH] [--delay MS] [--runs "8:1200 8:100 1:100"] [--out FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.build/debug/hdrprobe
OUT=Reports/presentation-bench.md
DELAY=50
RUNS="8:1200 8:100 1:100"
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) BIN=$2; shift 2 ;;
    --delay) DELAY=$2; shift 2 ;;
    --runs) RUNS=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    *) echo "usage: bench/presentation-remote.sh [--binary PATH] [--delay MS] [--runs \"FETCHES:SEGMENTS …\"] [--out FILE]" >&2; exit 2 ;;
  esac
done
[ -x "$BIN" ] || swift build --product hdrprobe
WORK=bench/.work/presentation-remote
mkdir -p "$WORK"
# One presentation per segment count (bench/presentation-ladder.sh, the encodes made once and
# kept): s{N}_master.m3u8 and its s{N}_v{0..7}.m3u8.
for per_variant in $(for run in $RUNS; do echo "${run#*:}"; done | sort -u); do
bash bench/presentation-ladder.sh "$WORK" "$per_variant" "s${per_variant}_"
"$BIN" hls --check --json "$WORK/s${per_variant}_master.m3u8" > "$WORK/local-$per_variant.json" || true
done
python3 Tests/HDRProbeEngineTests/Fixtures/latency_server.py "$WORK" "$DELAY" > "$WORK/port" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 50); do [ -s "$WORK/port" ] && break; sleep 0.1; done
PORT=$(cat "$WORK/port")
for run in $RUNS; do
  fetches=${run%%:*} per_variant=${run#*:}
  curl -s "http://127.0.0.1:$PORT/__reset" > /dev/null
  start=$(date +%s.%N)
  "$BIN" hls --check --json --fetches "$fetches" "http://127.0.0.1:$PORT/s${per_variant}_master.m3u8" > "$WORK/remote-$run.json" || true
  end=$(date +%s.%N)
  curl -s "http://127.0.0.1:$PORT/__stats" > "$WORK/stats-$run.json"
  echo "$start $end" > "$WORK/time-$run"
done
python3 - "$WORK" "$OUT" "$BIN" "$DELAY" $RUNS <<'PY'
import json, sys, os, platform, datetime, re
work, out, binary, delay = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
runs = sys.argv[5:]
def summary(path):
    doc = json.load(open(path))[0]
    # Names differ (a path, a URL); what was found and read must not.
    return [(v.get("presentation"), sorted((f["code"], re.sub(r"^\S+ ", "", f["message"]).split(":")[0]) for f in v.get("findings", [])))
            for v in doc["variants"]]
rows = []
for run in runs:
    fetches, per_variant = run.split(":")
    local = summary(os.path.join(work, f"local-{per_variant}.json"))
    stats = json.load(open(os.path.join(work, f"stats-{run}.json")))
    start, end = map(float, open(os.path.join(work, f"time-{run}")).read().split())
    remote = summary(os.path.join(work, f"remote-{run}.json"))
    segments = sum(v[0]["segmentsRead"] for v in remote if v[0])
    seconds = end - start
    floor = segments * delay / 1000
    rows.append((fetches, int(per_variant), segments, stats["requests"], stats["connections"], stats["bytes"], seconds, floor, remote == local))
    print(f"--fetches {fetches}: {segments} segments, {stats['requests']} requests on {stats['connections']} connections, "
          f"{stats['bytes']:,} bytes, {seconds:.1f} s; segments x {delay} ms = {floor:.1f} s; ratio {seconds / floor:.3f}; "
          f"same findings and reads as the local check: {remote == local}")
lines = [
    "## Over HTTP",
    "",
    f"Measured {datetime.date.today().isoformat()} on this project's {os.cpu_count()}-core machine ({platform.system()} {platform.release()}, "
    f"Debian 12, Swift 6.3.1), `{os.path.relpath(binary)}`, by `bench/presentation-remote.sh`.",
    "",
    "The presentation above (8 variants, 6-second segments), with the given number of segments a variant, served on the",
    f"loopback by `Tests/HDRProbeEngineTests/Fixtures/latency_server.py` with {delay} ms before each answer, checked with",
    "`hdrprobe hls --check --fetches N http://127.0.0.1:PORT/master.m3u8`. A client reading one segment at a time needs at",
    f"least segments × {delay} ms; the ratio is the wall time over that.",
    "",
    "| --fetches | segments a variant | segments walked | requests | connections | bytes fetched | wall time | segments × %d ms | ratio | same findings and reads as local |" % delay,
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|",
]
for fetches, per_variant, segments, requests, connections, bytes_, seconds, floor, same in rows:
    lines.append(f"| {fetches} | {per_variant:,} | {segments:,} | {requests:,} | {connections:,} | {bytes_:,} | {seconds:.1f} s | {floor:.1f} s | {seconds / floor:.3f} | {'yes' if same else 'NO'} |")
lines += [
    "",
    "Requests: the master, per variant its Media Playlist and init section twice (the first-segment check, then the",
    "walk) and its first segment, then per segment its 16 KiB fragment header and the following range to the end of",
    "its first video sample. Bytes are the bodies the server sent: the heads only, as locally.",
    "",
    "Each segment here takes two requests in turn (its first picture ends past the 16 KiB header), so with 8 fetches",
    "at a time the floor is 2 × 50 ms / 8 a segment (ratio 0.25), plus each variant's 7 requests before and around its",
    "walk, which are made one after the other. libcurl keeps few idle connections between a variant's walk and the",
    "next, so each walk opens most of its connections anew; within a walk they are kept alive.",
]
text = open(out).read() if os.path.exists(out) else ""
text = text.split("\n## Over HTTP")[0].rstrip("\n") + "\n\n" + "\n".join(lines) + "\n"
open(out, "w").write(text)
PY
