#!/usr/bin/env bash
# Coverage-guided fuzzing of hdrprobe's pure-Swift parsers with libFuzzer (bench/README.md).
#
#   bench/fuzz.sh --seconds N [--target NAME]... [--jobs J] [--seed N] [--out FILE] [--no-build] [--replay] [--list]
#
# Builds the stage targets (HDRProbeBytes … HDRProbeCheck, and Yams) with `-sanitize=fuzzer,address` into .build-fuzz/ (never the
# normal .build/, and nothing in Package.swift), links one libFuzzer binary per file in
# bench/fuzz/targets/, seeds each target from Corpus/, the unit tests' byte literals and the
# committed regression inputs Tests/Fuzz/<target>/ (bench/fuzz/seeds.py), runs each target for N
# seconds (J targets at a time, default 1: each target is one single-threaded libFuzzer process), and
# prints executions and coverage per target. Crashers, leaks,
# timeouts and out-of-memory inputs are saved under bench/.work/fuzz/crashes/<target>/; the
# growing corpus lives in bench/.work/fuzz/corpus/<target>/ and is reused by the next run.
#
# --replay runs every target once over its seeds and corpus without mutating (the harness still
# builds and the regression inputs still pass); --out FILE also writes the final table there as
# markdown. Exit status: 0 when no target crashed, 1 when one did, 2 on a usage or build error.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

SECONDS_PER_TARGET=60
SEED=""
OUT_FILE=""
BUILD=1
REPLAY=0
JOBS=1
TARGETS=()
usage() { sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) SECONDS_PER_TARGET="${2:?}"; shift 2 ;;
    --target) TARGETS+=("${2:?}"); shift 2 ;;
    --seed) SEED="${2:?}"; shift 2 ;;
    --jobs) JOBS="${2:?}"; shift 2 ;;
    --out) OUT_FILE="${2:?}"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    --replay) REPLAY=1; shift ;;
    --list) for f in bench/fuzz/targets/*.swift; do basename "$f" .swift; done; exit 0 ;;
    -h|--help) usage ;;
    *) echo "fuzz.sh: unknown argument $1" >&2; usage ;;
  esac
done
[[ "$JOBS" =~ ^[0-9]+$ ]] && [ "$JOBS" -ge 1 ] || { echo "fuzz.sh: --jobs needs a whole number ≥ 1" >&2; exit 2; }
[[ "$SECONDS_PER_TARGET" =~ ^[0-9]+$ ]] && [ "$SECONDS_PER_TARGET" -ge 1 ] || { echo "fuzz.sh: --seconds needs a whole number ≥ 1" >&2; exit 2; }
if [ ${#TARGETS[@]} -eq 0 ]; then
  for f in bench/fuzz/targets/*.swift; do TARGETS+=("$(basename "$f" .swift)"); done
fi
for t in "${TARGETS[@]}"; do
  [ -f "bench/fuzz/targets/$t.swift" ] || { echo "fuzz.sh: no target '$t' (bench/fuzz.sh --list)" >&2; exit 2; }
done

SCRATCH=.build-fuzz
WORK=bench/.work/fuzz
BIN=$WORK/bin
mkdir -p "$BIN" "$WORK/logs"

# ------------------------------------------------------------------ build
if [ "$BUILD" = 1 ]; then
  echo "fuzz.sh: building the stage targets with -sanitize=fuzzer,address in $SCRATCH/ …" >&2
  # The three tops of the stage graph (Package.swift): together they build every stage.
  for top in HDRProbeSignal HDRProbeFix HDRProbeCheck; do
    ok=0
    for attempt in 1 2 3; do
      if swift build -c release --scratch-path "$SCRATCH" --target "$top" \
           -Xswiftc -sanitize=fuzzer,address >"$WORK/logs/build.log" 2>&1; then ok=1; break; fi
      echo "fuzz.sh: build attempt $attempt of $top failed (see $WORK/logs/build.log)" >&2
      sleep 2
    done
    [ "$ok" = 1 ] || { tail -30 "$WORK/logs/build.log" >&2; exit 2; }
  done
fi
REL="$SCRATCH/release"
STAGES=(HDRProbeBytes HDRProbeParse HDRProbeModel HDRProbeConfig HDRProbeManifests HDRProbeClassify HDRProbeSignal
        HDRProbeSimulate HDRProbeFix HDRProbeReport HDRProbeCheck)
for stage in "${STAGES[@]}"; do
  [ -d "$REL/$stage.build" ] || { echo "fuzz.sh: $REL/$stage.build is missing; run without --no-build" >&2; exit 2; }
done
# The package name SwiftPM compiled the stages with: their declarations are `package`, visible to a
# module of the same package name only (the root folder's name, so read it from the build plan).
PACKAGE_NAME=$(grep '"-module-name","HDRProbeBytes"' "$SCRATCH/release.yaml" | head -1 | grep -o '"-package-name","[^"]*"' | cut -d'"' -f4)
[ -n "$PACKAGE_NAME" ] || { echo "fuzz.sh: no -package-name for HDRProbeBytes in $SCRATCH/release.yaml" >&2; exit 2; }
# A stage's objects, less those of source files that no longer exist (a file moved to another
# stage leaves its old object behind in a kept scratch folder).
mapfile -t OBJS < <(for stage in "${STAGES[@]}" Yams CYaml; do
  find "$REL/$stage.build" -name '*.o' | while read -r o; do
    name=$(basename "$o" .o)
    case "$name" in
      *.swift) [ -d "Sources/$stage" ] && [ -z "$(find "Sources/$stage" -name "$name" -print -quit)" ] && continue ;;
    esac
    echo "$o"
  done
done | sort)
CYAML_INCLUDE=$(find "$SCRATCH/checkouts" -path '*/Sources/CYaml/include' -type d | head -1)

link() {
  local t=$1 out="$BIN/$1"
  # Relink only when the target, the entry file or a core object is newer than the binary.
  if [ -x "$out" ] && [ -z "$(find "bench/fuzz/targets/$t.swift" bench/fuzz/FuzzEntry.swift "${OBJS[@]}" -newer "$out" -print -quit)" ]; then
    return 0
  fi
  local flags=(-O -sanitize=fuzzer,address -parse-as-library -module-name "fuzz_$t" -package-name "$PACKAGE_NAME" -I "$REL/Modules")
  [ -n "$CYAML_INCLUDE" ] && flags+=(-Xcc "-fmodule-map-file=$CYAML_INCLUDE/module.modulemap" -Xcc "-I$CYAML_INCLUDE")
  if ! swiftc "${flags[@]}" bench/fuzz/FuzzEntry.swift "bench/fuzz/targets/$t.swift" "${OBJS[@]}" -o "$out" \
       >"$WORK/logs/link-$t.log" 2>&1; then
    grep -v 'ld.gold: warning' "$WORK/logs/link-$t.log" | tail -20 >&2
    return 1
  fi
}
for t in "${TARGETS[@]}"; do
  link "$t" || { echo "fuzz.sh: linking $t failed" >&2; exit 2; }
done

# ------------------------------------------------------------------ seeds
python3 bench/fuzz/seeds.py --root "$ROOT" --out "$WORK/seeds" >"$WORK/logs/seeds.log"
echo "fuzz.sh: seeds: $(cat "$WORK/logs/seeds.log")" >&2

# ------------------------------------------------------------------ run
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:symbolize=1}"
# The Swift runtime's own crash reporter would copy memory around after a trap and trip ASan;
# with it off, a trap reaches libFuzzer as a deadly signal with "Swift runtime failure: …" on top.
export SWIFT_BACKTRACE=enable=no
# One target: fuzz (or replay), then write its table row to $WORK/logs/<target>.row.
run_target() {
  local t=$1
  local corpus="$WORK/corpus/$t" crashes="$WORK/crashes/$t" log="$WORK/logs/$t.log"
  mkdir -p "$corpus" "$crashes"
  local opts=(-print_final_stats=1 -timeout=10 -rss_limit_mb=2560 -malloc_limit_mb=512 -max_len=65536
        "-artifact_prefix=$crashes/")
  [ -n "$SEED" ] && opts+=("-seed=$SEED")
  [ -f "bench/fuzz/dict/$t.dict" ] && opts+=("-dict=bench/fuzz/dict/$t.dict")
  if [ "$REPLAY" = 1 ]; then
    opts+=(-runs=0)
    echo "fuzz.sh: $t: replaying seeds and corpus" >&2
  else
    opts+=("-max_total_time=$SECONDS_PER_TARGET")
    echo "fuzz.sh: $t: fuzzing for ${SECONDS_PER_TARGET}s" >&2
  fi
  local status=0
  "$BIN/$t" "${opts[@]}" "$corpus" "$WORK/seeds/$t" >"$log" 2>&1 || status=$?
  local runs last cov ft corp eps artifact result
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
  [ -z "$runs" ] && runs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
  last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
  cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$last")
  ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$last")
  corp=$(sed -nE 's/.*corp: ([0-9]+)\/.*/\1/p' <<<"$last")
  eps=$(sed -nE 's/.*exec\/s: ([0-9]+).*/\1/p' <<<"$last")
  artifact=$(grep -oE "(Test unit|artifact) written to [^ ]+" "$log" | tail -1 | awk '{print $NF}' || true)
  result=ok
  if [ "$status" != 0 ] || [ -n "$artifact" ]; then
    result="CRASH ${artifact:-(exit $status, see $log)}"
  fi
  printf '%s\t%s\n' "${runs:-0}" "$(printf '%-13s %12s %8s %7s %7s %7s  %s' "$t" "${runs:-?}" "${eps:--}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$result")" \
    >"$WORK/logs/$t.row"
  echo "fuzz.sh: $t: ${runs:-?} executions, $result" >&2
}

running=0
for t in "${TARGETS[@]}"; do
  rm -f "$WORK/logs/$t.row"
  if [ "$JOBS" = 1 ]; then
    run_target "$t"
  else
    run_target "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$JOBS" ]; then wait -n || true; running=$((running - 1)); fi
  fi
done
wait

failed=0
rows=()
total_runs=0
for t in "${TARGETS[@]}"; do
  row_file="$WORK/logs/$t.row"
  if [ ! -f "$row_file" ]; then
    rows+=("$(printf '%-13s %12s %8s %7s %7s %7s  %s' "$t" "?" "-" "?" "?" "?" "CRASH (no result, see $WORK/logs/$t.log)")")
    failed=1
    continue
  fi
  IFS=$'\t' read -r runs row <"$row_file"
  [[ "$row" == *"  CRASH"* ]] && failed=1
  total_runs=$((total_runs + runs))
  rows+=("$row")
done

mode=$([ "$REPLAY" = 1 ] && echo "replay" || echo "${SECONDS_PER_TARGET}s per target")
[ "$JOBS" -gt 1 ] && mode="$mode, $JOBS at a time"
table() {
  echo "libFuzzer, $mode, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(swift --version 2>/dev/null | head -1)"
  printf '%-13s %12s %8s %7s %7s %7s  %s\n' target executions exec/s cov ft corpus result
  printf '%s\n' "${rows[@]}"
  echo "${#TARGETS[@]} targets, $total_runs executions, $([ $failed = 0 ] && echo "0 crashes" || echo "crashes saved under $WORK/crashes/")"
}
echo
table
if [ -n "$OUT_FILE" ]; then
  { echo "# bench/fuzz.sh $mode"; echo; echo '```'; table; echo '```'; } >"$OUT_FILE"
fi
exit $failed
