#!/usr/bin/env bash
# Film-size benchmark: hdrprobe vs MediaInfo vs ffprobe on 4K HEVC Dolby Vision 8.1 films with real
# sample structure (30 min and 2 h at ~31 Mb/s with an E-AC-3 5.1 track), built once into
# bench/.work (sparse files: the first two seconds are real frames, the rest of each video sample
# is a hole after its NAL header; audio frames are real all through).
# Usage: bench/films.sh [--build-only] [--runs N] [--no-build]
# Needs root for the cold-cache runs (echo 3 > /proc/sys/vm/drop_caches); skipped otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD W=$ROOT/bench/.work RUNS=7 BUILD=1 ONLY=0
while (($#)); do case $1 in --runs) RUNS=$2; shift 2;; --no-build) BUILD=0; shift;; --build-only) ONLY=1; shift;;
  *) echo "unknown option $1" >&2; exit 2;; esac; done
mkdir -p "$W"
log() { printf '== %s\n' "$*" >&2; }
ff() { ffmpeg -hide_banner -nostdin -loglevel error -y "$@"; }

# ---------------------------------------------------------------- reference clip (2 s of real 4K DV 8.1)
RPU=../shared/external/dovi_tool/tests/profile8.bin
[[ -f $RPU ]] || RPU=$(ls "$ROOT"/../shared/external/dovi_tool/tests/profile8.bin 2>/dev/null || true)
if [[ ! -f $W/ref.mp4 ]]; then
  [[ -f $RPU ]] || { echo "error: dovi_tool's tests/profile8.bin is needed for the reference clip" >&2; exit 1; }
  log "reference clip: 48 frames 3840x2160 HEVC Main 10, DV 8.1 + HDR10 (x265), E-AC-3 5.1 640 kb/s"
  ff -f lavfi -i "testsrc2=s=3840x2160:r=24000/1001" -frames:v 48 -pix_fmt yuv420p10le -strict -1 "$W/src.y4m"
  for _ in $(seq 48); do cat "$RPU"; done > "$W/p8.rpus"
  x265 --preset ultrafast --keyint 24 --min-keyint 24 --no-scenecut --fps 24000/1001 --profile main10 --output-depth 10 \
    --colorprim bt2020 --transfer smpte2084 --colormatrix bt2020nc --range limited \
    --master-display "G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1)" --max-cll "1000,400" --hdr10 \
    --vbv-bufsize 40000 --vbv-maxrate 40000 --dolby-vision-profile 8.1 --dolby-vision-rpu "$W/p8.rpus" \
    --log-level error --no-progress -o "$W/clip.hevc" "$W/src.y4m"
  rm -f "$W/src.y4m"
  # mkvmerge writes the Dolby Vision configuration (BlockAdditionMapping); ffmpeg turns it into dvcC
  mkvmerge -q -o "$W/clip.mkv" --default-duration 0:24000/1001p "$W/clip.hevc"
  ff -i "$W/clip.mkv" -f lavfi -i "sine=f=440:r=48000:d=2.1" \
    -filter_complex "[1:a]pan=5.1|c0=c0|c1=c0|c2=c0|c3=c0|c4=c0|c5=c0[a]" -map 0:v -map "[a]" \
    -c:v copy -tag:v hvc1 -strict unofficial -c:a eac3 -b:a 640k -shortest "$W/ref.mp4"
fi
# ---------------------------------------------------------------- films
for d in 30 120; do
  for layout in end faststart; do
    f=$W/film${d}_$layout.mp4
    [[ -f $f ]] || { log "$f"; python3 bench/film_mp4.py "$W/ref.mp4" "$f" $((d * 60)) 30000 "$layout"; }
  done
  f=$W/film$d.mkv
  [[ -f $f ]] || { log "$f"; ff -i "$W/film${d}_faststart.mp4" -map 0 -c copy -strict unofficial -f matroska - | python3 bench/sparse_write.py "$f"; }
done
# M2TS of 30 minutes only: transport packets leave no all-zero blocks, so it is 7 GB on disk
f=$W/film30.m2ts
[[ -f $f ]] || { log "$f"; ff -i "$W/film30_faststart.mp4" -map 0 -c copy -f mpegts -mpegts_m2ts_mode 1 "$f"; }
((ONLY)) && { ls -ls "$W"; exit 0; }
python3 bench/films_measure.py --runs "$RUNS" $( ((BUILD)) || echo --no-build) "$W"
