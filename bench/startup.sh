#!/usr/bin/env bash
# Start-up cost of one hdrprobe process against MediaInfo: wall-clock median of N runs (default
# 20) of each command, the commands alternating in one loop (round-robin) so that machine load
# hits every command alike. hyperfine is not needed: each run is a fork/exec timed with
# time.perf_counter around subprocess.run, output to /dev/null.
#   bench/startup.sh [--runs N] HDRPROBE [HDRPROBE2 …]   (e.g. an old and a new release build)
# The small file is Corpus/sdr_h264.mp4 (128x72, 8 frames), or --small FILE (e.g. Corpus/sdr_h264.ts,
# which hdrprobe reads without FFmpeg, docs/ts-reader.md). Prints a markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=20
SMALL=Corpus/sdr_h264.mp4
[ "${1:-}" = "--runs" ] && { RUNS=$2; shift 2; }
[ "${1:-}" = "--small" ] && { SMALL=$2; shift 2; }
[ $# -ge 1 ] || { echo "usage: bench/startup.sh [--runs N] [--small FILE] HDRPROBE [HDRPROBE2 …]" >&2; exit 2; }
python3 - "$RUNS" "$SMALL" "$@" <<'PY'
import statistics, subprocess, sys, time
runs, small, binaries = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
commands = []
for i, b in enumerate(binaries):
    tag = f"hdrprobe[{i + 1}]" if len(binaries) > 1 else "hdrprobe"
    commands += [(f"{tag} --version", [b, "--version"]),
                 (f"{tag} codes", [b, "codes"]),
                 (f"{tag} probe --json {small}", [b, "probe", "--json", small])]
commands += [("mediainfo --Version", ["mediainfo", "--Version"]),
             (f"mediainfo --Output=JSON {small}", ["mediainfo", "--Output=JSON", small])]
times = {name: [] for name, _ in commands}
for name, argv in commands:  # one warm-up run each (page cache)
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for _ in range(runs):
    for name, argv in commands:
        t = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times[name].append((time.perf_counter() - t) * 1000)
print("| command | median ms | min ms | max ms |")
print("|---|---:|---:|---:|")
for name, _ in commands:
    v = times[name]
    print(f"| `{name}` | {statistics.median(v):.1f} | {min(v):.1f} | {max(v):.1f} |")
for i, b in enumerate(binaries):
    print(f"\nhdrprobe[{i + 1}] = `{b}`" if len(binaries) > 1 else f"\nhdrprobe = `{b}`")
PY
