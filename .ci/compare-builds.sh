#!/usr/bin/env bash
# Probes every corpus file (and the third-party streams in ../shared/external when present) with
# two hdrprobe binaries, the Debian FFmpeg 5.1 build (.build/debug/hdrprobe) and another one
# (argument 1, e.g. the FFmpeg 7.1 build of .ci/ffmpeg71.sh), and fails unless the JSON reports
# are identical apart from tool.libavformat. Files whose demuxer the other build's FFmpeg lacks are
# listed as skipped with the reason (the demuxer list comes from that FFmpeg's own ffprobe
# -demuxers when present beside its libraries, else from `hdrprobe --version`'s build).
set -euo pipefail
cd "$(dirname "$0")/.."
OTHER=${1:?usage: compare-builds.sh OTHER_HDRPROBE [FFPROBE_OF_OTHER]}
FFPROBE=${2:-.build-ffmpeg71/ffmpeg/bin/ffprobe}
BASE=.build/debug/hdrprobe
# The base build is the system FFmpeg one: never the other build's pkg-config path.
[ -x "$BASE" ] || env -u PKG_CONFIG_PATH swift build --product hdrprobe >/dev/null
demuxers=$(LD_LIBRARY_PATH="$(dirname "$FFPROBE")/../lib" "$FFPROBE" -hide_banner -demuxers 2>/dev/null \
  | awk '$1 ~ /D/ {print $2}' | tr ',' '\n' | sort -u | paste -sd' ') || demuxers=""  # no ffprobe: compare all
files=(Corpus/*.mp4 Corpus/*.mkv Corpus/*.webm Corpus/*.ts Corpus/*.m2ts Corpus/*.hevc Corpus/*.h264 Corpus/*.ivf)
if [ -d ../shared/external ]; then
  while IFS= read -r f; do files+=("$f"); done < <(find ../shared/external -type f \
    \( -name '*.mp4' -o -name '*.mkv' -o -name '*.ts' -o -name '*.m2ts' -o -name '*.hevc' -o -name '*.h265' \
       -o -name '*.mov' -o -name '*.ivf' -o -name '*.h264' -o -name '*.webm' \) | sort)
fi
python3 - "$BASE" "$OTHER" "$demuxers" "${files[@]}" <<'PY'
import json, os, subprocess, sys
base, other, demuxers, files = sys.argv[1], sys.argv[2], set(sys.argv[3].split()), sys.argv[4:]
need = {".mp4": "mov", ".mov": "mov", ".mkv": "matroska", ".webm": "matroska", ".ts": "mpegts",
        ".m2ts": "mpegts", ".hevc": "hevc", ".h265": "hevc", ".h264": "h264", ".ivf": "ivf"}
env_base = {k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}
def probe(binary, path):
    out = subprocess.run([binary, "probe", "--json", "--quiet", path], capture_output=True, text=True,
                         env=env_base, timeout=120).stdout
    report = json.loads(out)[0]
    report.get("tool", {}).pop("libavformat", None)
    report.pop("probe", None)  # this run's timings
    return report
def diff(a, b, path=""):
    if type(a) != type(b): return [f"{path}: {json.dumps(a)[:80]} vs {json.dumps(b)[:80]}"]
    if isinstance(a, dict):
        return [d for k in sorted(set(a) | set(b)) for d in diff(a.get(k), b.get(k), f"{path}.{k}")]
    if isinstance(a, list):
        if len(a) != len(b): return [f"{path}: {len(a)} vs {len(b)} items"]
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in diff(x, y, f"{path}[{i}]")]
    return [] if a == b else [f"{path}: {json.dumps(a)[:80]} vs {json.dumps(b)[:80]}"]
same, differ, skipped = [], [], []
for f in files:
    demuxer = need.get(os.path.splitext(f)[1].lower())
    if demuxers and demuxer not in demuxers:
        skipped.append(f"{f}: this FFmpeg has no '{demuxer}' demuxer"); continue
    d = diff(probe(base, f), probe(other, f))
    (differ if d else same).append((f, d))
for f, d in differ:
    print(f"DIFFERENT {f}"); [print("   ", x) for x in d[:12]]
for s in skipped: print("skipped  ", s)
print(f"compare-builds: {len(same)} identical, {len(differ)} different, {len(skipped)} skipped, of {len(files)} files")
sys.exit(1 if differ else 0)
PY
