#!/usr/bin/env bash
# Cost of a whole-stream scan: hdrprobe's default probe (32 frames), hdrprobe --frames all and
# ffprobe's frame dump (-show_frames, which decodes every frame), per 1,000 frames, on a stream made
# by looping dovi_tool's regular.mkv (DV 8.1 RPU in every frame, from ../shared/external) or, when
# that is absent, the corpus's dv_p81.mkv. Writes Reports/bench-frames.md.
# Usage: bench/frames.sh [--loops N] [--runs N]
set -euo pipefail
cd "$(dirname "$0")/.."
LOOPS=20 RUNS=3
while (($#)); do case $1 in --loops) LOOPS=$2; shift 2;; --runs) RUNS=$2; shift 2;; *) echo "unknown option $1" >&2; exit 2;; esac; done
SRC=../shared/external/dovi_tool/hevc_tests/regular.mkv
[[ -f $SRC ]] || SRC=Corpus/dv_p81.mkv
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
ffmpeg -v error -stream_loop "$LOOPS" -i "$SRC" -c copy -y "$W/long.mkv"
swift build -c release $(bash scripts/release-flags.sh) --product hdrprobe >/dev/null 2>&1
BIN=.build/release/hdrprobe
FRAMES=$(ffprobe -v error -select_streams v:0 -count_packets -show_entries stream=nb_read_packets -of csv=p=0 "$W/long.mkv" | tr -dc "0-9")
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
timeit() { local t0 t1; t0=$(date +%s%N); "$@" >/dev/null 2>&1; t1=$(date +%s%N); echo $(( (t1 - t0) / 1000000 )); }
run() { for _ in $(seq "$RUNS"); do timeit "$@"; done | median; }
D=$(run "$BIN" probe --jsonl "$W/long.mkv")
A=$(run "$BIN" probe --jsonl --frames all "$W/long.mkv")
F=$(run ffprobe -v error -show_frames -of json "$W/long.mkv")
per() { awk -v ms="$1" -v n="$FRAMES" 'BEGIN {printf "%.1f", ms * 1000 / n}'; }
{
  echo "# Whole-stream scan cost (bench/frames.sh)"
  echo
  echo "Input: $(basename "$SRC") looped $LOOPS times → $FRAMES frames (Dolby Vision 8.1, 256×144). Median of $RUNS runs, wall time."
  echo
  echo "| command | wall ms | ms per 1,000 frames |"
  echo "|---|---|---|"
  echo "| hdrprobe probe (default: 32 frames) | $D | – |"
  echo "| hdrprobe probe --frames all (parses every RPU) | $A | $(per "$A") |"
  echo "| ffprobe -show_frames (decodes every frame) | $F | $(per "$F") |"
  echo
  echo "ffprobe / hdrprobe --frames all: $(awk -v a="$A" -v f="$F" 'BEGIN {printf "%.1f", f / a}')×"
} > Reports/bench-frames.md
cat Reports/bench-frames.md
