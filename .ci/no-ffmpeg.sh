#!/usr/bin/env bash
# The build an app embeds: the FFmpeg package trait off (`swift build --disable-default-traits`,
# docs/building.md). Builds the CLI without FFmpeg in its own scratch path, proves the binary has
# no FFmpeg loader in it, runs the stage tests against that configuration, then probes every corpus
# file with both builds: each file is either reported exactly as the FFmpeg build reports it
# (tool and timing fields aside), or — only where the FFmpeg build needed libavformat — refused
# with probe.ffmpegUnavailable; then checks an HLS presentation over HTTP (no FFmpeg needed for the
# network). Needs the default debug
# build (`swift build`) for the comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH=.build-noffmpeg
swift build --disable-default-traits --scratch-path "$SCRATCH" --product hdrprobe
BIN="$SCRATCH/debug/hdrprobe"
FULL=.build/debug/hdrprobe
[ -x "$FULL" ] || swift build --product hdrprobe

if strings "$BIN" | grep -q 'hdrprobe_ffmpeg_load'; then
  echo "no-ffmpeg.sh: the build without the FFmpeg trait still carries the FFmpeg loader" >&2
  exit 1
fi
"$BIN" --version | grep -q 'FFmpeg: not built in' || { echo "no-ffmpeg.sh: --version does not say FFmpeg is absent" >&2; exit 1; }

# The pure stages' tests (a test target per stage) and the architecture test need no FFmpeg; they
# run against this configuration.
swift test --disable-default-traits --scratch-path "$SCRATCH" \
  --filter 'HDRProbe(Parse|Model|Manifests|Classify|Signal|Simulate|Fix|Report|Check)Tests|ArchitectureTests'

python3 - "$BIN" "$FULL" <<'PY'
import json, subprocess, sys, glob, os
lean, full = sys.argv[1], sys.argv[2]
def probe(binary, path):
    out = subprocess.run([binary, "probe", "--json", path], capture_output=True, text=True, timeout=120).stdout
    return json.loads(out)[0]
def comparable(r):
    r = dict(r); r.pop("tool", None); r.pop("probe", None)
    return r
files = sorted(p for p in glob.glob("Corpus/*") if os.path.isfile(p)
               and not p.endswith((".md", ".sh", ".py", ".json", ".bin")))
same = refused = 0
bad = []
for path in files:
    a, b = probe(lean, path), probe(full, path)
    used = (b.get("tool") or {}).get("libavformatUsed")
    if comparable(a) == comparable(b):
        same += 1
    elif (a.get("error") or {}).get("code") == "probe.ffmpegUnavailable" and used:
        refused += 1
    else:
        bad.append(f"{path}: without FFmpeg {json.dumps((a.get('error') or {}).get('code'))}, "
                   f"with FFmpeg libavformatUsed={used}, reports {'equal' if comparable(a) == comparable(b) else 'differ'}")
print(f"no-ffmpeg.sh: {len(files)} corpus files: {same} reported alike, {refused} left to libavformat "
      f"and refused with probe.ffmpegUnavailable, {len(bad)} otherwise")
for line in bad:
    print("  " + line, file=sys.stderr)
sys.exit(1 if bad else 0)
PY

# Network reads are URLSession's, not libavformat's: the build without FFmpeg checks an HLS
# presentation over HTTP (the loopback server of the tests) and says what it says of the files.
SERVER_LOG=$(mktemp)
python3 Tests/HDRProbeEngineTests/Fixtures/latency_server.py Corpus/hls 0 > "$SERVER_LOG" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true; rm -f "$SERVER_LOG"' EXIT
for _ in $(seq 50); do [ -s "$SERVER_LOG" ] && break; sleep 0.1; done
PORT=$(cat "$SERVER_LOG")
"$BIN" hls --check --json "http://127.0.0.1:$PORT/hdr10_hevc/master.m3u8" > "$SCRATCH/remote-check.json" || true
"$BIN" hls --check --json Corpus/hls/hdr10_hevc/master.m3u8 > "$SCRATCH/local-check.json" || true
python3 - "$SCRATCH/remote-check.json" "$SCRATCH/local-check.json" <<'PY'
import json, sys
def facts(path):
    report = json.load(open(path))[0]
    return report["status"], [(v.get("presentation"), sorted(f["code"] for f in v.get("findings", []))) for v in report["variants"]]
remote, local = facts(sys.argv[1]), facts(sys.argv[2])
ok = remote == local and remote[0] == "ok" and all(p for p, _ in remote[1])
print(f"no-ffmpeg.sh: hls --check over http: {len(remote[1])} variants walked, "
      f"{'the same findings and reads as from the files' if ok else 'DIFFERENT from the files'}")
sys.exit(0 if ok else 1)
PY
