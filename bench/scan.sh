#!/usr/bin/env bash
# Library-scan benchmark: builds a library of at least 5,000 media files (copies of the corpus
# media) under bench/.work/, then times `hdrprobe scan` with a cold and a warm cache next to
# `mediainfo --Output=JSON` over the same folder, and writes Reports/bench-scan.md.
#
# Usage: bench/scan.sh [--runs N] [--files N] [--jobs N] [--out FILE] [--install] [--no-build]
#   --runs N      timed runs per measurement (default 3; the median is reported)
#   --files N     at least this many files in the library (default 5000)
#   --jobs N      hdrprobe workers (default: the machine's cores)
#   --out FILE    the report (default Reports/bench-scan.md)
#   --install     when mediainfo is missing and we are root: apt-get install it
#   --no-build    use the existing .build/release/hdrprobe
set -euo pipefail
export LC_ALL=C

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
RUNS=3
FILES=5000
JOBS=$(nproc)
OUT=$ROOT/Reports/bench-scan.md
INSTALL=0
BUILD=1

usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; }
die() { echo "bench: error: $*" >&2; exit 1; }
log() { echo "== $*" >&2; }
posint() { [[ ${1:-} =~ ^[1-9][0-9]*$ ]] || die "$2 needs a positive integer"; }

while (($#)); do
  case $1 in
    --runs) posint "${2:-}" --runs; RUNS=$2; shift 2 ;;
    --files) posint "${2:-}" --files; FILES=$2; shift 2 ;;
    --jobs) posint "${2:-}" --jobs; JOBS=$2; shift 2 ;;
    --out) [[ -n ${2:-} ]] || die "--out needs a file name"; OUT=$2; shift 2 ;;
    --install) INSTALL=1; shift ;;
    --no-build) BUILD=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
done

command -v python3 >/dev/null 2>&1 || die "python3 is required"
if ! command -v mediainfo >/dev/null 2>&1; then
  if ((INSTALL)) && [[ $(id -u) == 0 ]]; then
    apt-get update >&2 && apt-get install -y mediainfo >&2
  else
    die "mediainfo is missing (apt-get install -y mediainfo, or run as root with --install)"
  fi
fi

# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
build_release

# ---------------------------------------------------------------- the library
WORK=$ROOT/bench/.work
LIB=$WORK/scan-library
CACHE=$WORK/scan-cache.sqlite
mapfile -t media < <(find "$ROOT/Corpus" -maxdepth 1 -type f ! -name '*.sh' ! -name '*.md' ! -name '*.py' ! -name '*.json' ! -name '.*' | sort)
# A file MediaInfo crashes on (23.04: a segmentation fault on vp9_hdr10plus.webm) would end its
# folder run there and make its time meaningless: such files stay out of the library.
crashes=()
for f in "${media[@]}"; do
  rc=0; mediainfo --Output=JSON "$f" > /dev/null 2>&1 || rc=$?
  ((rc <= 1)) || crashes+=("$f")
done
if ((${#crashes[@]})); then
  kept=()
  for f in "${media[@]}"; do [[ " ${crashes[*]} " == *" $f "* ]] || kept+=("$f"); done
  media=("${kept[@]}")
fi
((${#media[@]})) || die "no media files in Corpus/"
copies=$(( (FILES + ${#media[@]} - 1) / ${#media[@]} ))
total=$(( copies * ${#media[@]} ))
if [[ ! -f $LIB/.complete ]] || [[ $(cat "$LIB/.complete") != "$total" ]]; then
  log "making $total files ($copies copies of ${#media[@]} corpus files) in ${LIB#$ROOT/}"
  rm -rf "$LIB"
  for ((i = 0; i < copies; i++)); do
    dir=$(printf '%s/show-%02d/season-%d' "$LIB" $((i / 4)) $((i % 4)))
    mkdir -p "$dir"
    cp "${media[@]}" "$dir/"
  done
  echo "$total" > "$LIB/.complete"
fi
count=$(find "$LIB" -type f ! -name '.*' | wc -l)
((count >= FILES)) || die "the library has $count files, fewer than $FILES"
bytes=$(du -sb "$LIB" | cut -f1)

# ---------------------------------------------------------------- timing
# Every tool reads files that are in the page cache (one untimed read first): what is measured is
# the analysis, not the disk. "cold" and "warm" are hdrprobe's own cache.
log "warming the page cache"
find "$LIB" -type f -exec cat {} + > /dev/null

seconds() { # command… → wall seconds
  python3 - "$@" <<'PY'
import subprocess, sys, time
t = time.perf_counter()
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(f"{time.perf_counter() - t:.3f}")
sys.exit(0 if r.returncode in (0, 1) else r.returncode)
PY
}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

cold=() warm=() mi=()
for ((r = 1; r <= RUNS; r++)); do
  log "run $r/$RUNS: hdrprobe scan, cold cache"
  rm -f "$CACHE" "$CACHE-wal" "$CACHE-shm"
  cold+=("$(seconds "$HDRPROBE" scan "$LIB" --jobs "$JOBS" --cache "$CACHE" --quiet --jsonl /dev/null)")
  log "run $r/$RUNS: hdrprobe scan, warm cache"
  warm+=("$(seconds "$HDRPROBE" scan "$LIB" --jobs "$JOBS" --cache "$CACHE" --quiet --jsonl /dev/null)")
  log "run $r/$RUNS: mediainfo --Output=JSON"
  mi+=("$(seconds mediainfo --Output=JSON "$LIB")")
done
# What the warm scan reports about itself (all files from the cache, none probed).
summary=$("$HDRPROBE" scan "$LIB" --jobs "$JOBS" --cache "$CACHE" --summary-only --quiet | sed -n '1,2p' || true)

c=$(median "${cold[@]}") w=$(median "${warm[@]}") m=$(median "${mi[@]}")
rate() { python3 -c "print(f'{$count / $1:,.0f}')"; }
ratio() { python3 -c "print(f'{$1 / $2:.1f}')"; }
cores=$(nproc)
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
mkdir -p "$(dirname "$OUT")"
{
  echo "# Library scan benchmark"
  echo
  echo "\`bench/scan.sh\` on $(date -u +%Y-%m-%d): $count files ($(python3 -c "print(f'{$bytes / 1048576:.0f}')") MiB, $copies copies of the"
  echo "${#media[@]} corpus media files, broken ones included) under \`bench/.work/scan-library\`, $cores cores ($cpu)."
  echo "Median of $RUNS runs, wall time, files already in the page cache. hdrprobe: release build,"
  echo "\`scan --jobs $JOBS --quiet --jsonl /dev/null\` (reports written, default 32-frame budget, one worker"
  echo "process per job); cold = empty cache file, warm = the same scan again. MediaInfo $(mediainfo --Version | sed -n 's/.*v\([0-9.]*\).*/\1/p' | head -1):"
  echo "\`mediainfo --Output=JSON <folder>\` (one process, recursive)."
  echo
  echo "| run | seconds | files/s | vs MediaInfo |"
  echo "|---|---:|---:|---:|"
  echo "| hdrprobe scan, cold cache | $c | $(rate "$c") | **$(ratio "$m" "$c")× faster** |"
  echo "| hdrprobe scan, warm cache | $w | $(rate "$w") | **$(ratio "$m" "$w")× faster** |"
  echo "| mediainfo --Output=JSON | $m | $(rate "$m") | 1.0× |"
  echo
  echo "Warm / cold: $(ratio "$c" "$w")× faster. The warm scan's own summary:"
  echo
  echo '```'
  echo "$summary"
  echo '```'
  echo
  echo "Runs (s): cold ${cold[*]}; warm ${warm[*]}; mediainfo ${mi[*]}."
  if ((${#crashes[@]})); then
    echo
    echo "Left out of the library because MediaInfo crashes on them (its folder run would stop there):"
    echo "$(printf '%s\n' "${crashes[@]}" | sed 's|.*/||' | paste -sd' ')."
  fi
} > "$OUT"
log "wrote ${OUT#$ROOT/}"
cat "$OUT"
