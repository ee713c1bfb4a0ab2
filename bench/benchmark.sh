#!/usr/bin/env bash
# The library benchmark: builds its inputs (a >= 5,000-file library from the corpus, 4K HDR10 /
# Dolby Vision 8.1 / HDR10+ files looped to ~100 MB and ~2 GB in MP4 and MKV), runs hdrprobe scan
# (cold and warm cache), MediaInfo and ffprobe side by side, and writes Reports/benchmarks.md and
# Reports/benchmarks-size.svg. Options: see bench/benchmark.py --help (--runs, --files, --quick).
# Needs ~13 GB free under bench/.work/ and the corpus tools (ffmpeg, x265, mkvtoolnix, mediainfo);
# as root it installs the missing ones. Run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
for t in ffmpeg:ffmpeg ffprobe:ffmpeg mediainfo:mediainfo x265:x265 mkvmerge:mkvtoolnix; do
  command -v "${t%%:*}" >/dev/null 2>&1 || missing+=("${t##*:}")
done
if ((${#missing[@]})); then
  [ "$(id -u)" -eq 0 ] || { echo "benchmark: install ${missing[*]}" >&2; exit 2; }
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
bash .ci/deps.sh
exec python3 bench/benchmark.py "$@"
