#!/usr/bin/env bash
# The full mutation run (bench/README.md): every media file in Corpus/ damaged in every way
# MutationCorpus knows (Tests/HDRProbeEngineTests/Support/MutationCorpus.swift), each case run as
# `hdrprobe probe --json` in its own process under a 30 s kill limit and `ulimit -v` 2 GiB, and
# judged (no signal, no hang, RSS ≤ 384 MiB, exit 0/1, one schema-valid report, a status that
# makes sense). Prints one summary line; details in bench/.work/mutate/summary.txt, failing
# inputs with their stdout/stderr in bench/.work/mutate/failures/.
#
#   bench/mutate.sh [--per-kind N] [--jobs N] [--debug] [--no-build]
#
# --per-kind N   at most N cases of each kind per corpus file (default 12)
# --jobs N       processes at a time (default 2)
# --debug        run the debug build of hdrprobe instead of the release build
set -euo pipefail
cd "$(dirname "$0")/.."

PER_KIND=12
JOBS=2
CONFIG=release
BUILD=1
while [ $# -gt 0 ]; do
  case "$1" in
    --per-kind) PER_KIND="${2:?}"; shift 2 ;;
    --jobs) JOBS="${2:?}"; shift 2 ;;
    --debug) CONFIG=debug; shift ;;
    --no-build) BUILD=0; shift ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 0 ;;
    *) echo "mutate.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

OUT=bench/.work/mutate
rm -rf "$OUT/failures"
mkdir -p "$OUT"
if [ "$BUILD" = 1 ]; then
  echo "mutate.sh: building hdrprobe ($CONFIG) and the tests …" >&2
  swift build -c "$CONFIG" --product hdrprobe >"$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log" >&2; exit 2; }
  swift build --build-tests >>"$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log" >&2; exit 2; }
fi
BINARY="$(swift build -c "$CONFIG" --show-bin-path)/hdrprobe"
[ -x "$BINARY" ] || { echo "mutate.sh: $BINARY is missing; run without --no-build" >&2; exit 2; }

echo "mutate.sh: running every case against $BINARY ($JOBS at a time) …" >&2
start=$(date +%s)
status=0
HDRPROBE_MUTATION_FULL=1 HDRPROBE_MUTATION_PER_KIND="$PER_KIND" HDRPROBE_MUTATION_JOBS="$JOBS" \
HDRPROBE_MUTATION_BINARY="$BINARY" HDRPROBE_MUTATION_SUMMARY="$PWD/$OUT/summary.txt" \
HDRPROBE_MUTATION_FAILURES="$PWD/$OUT/failures" \
  swift test --skip-build --filter 'MutationCorpusTests/fullMutationRun' >"$OUT/test.log" 2>&1 || status=$?
[ -f "$OUT/summary.txt" ] || { tail -30 "$OUT/test.log" >&2; exit 2; }
sed -n '2,$p' "$OUT/summary.txt" | head -60 >&2
echo "$(head -1 "$OUT/summary.txt"); $(( $(date +%s) - start )) s"
exit $status
