#!/usr/bin/env bash
# The main job: probe the bundled Corpus/ and write the reports.
#   Reports/corpus.json  — the JSON report array (docs/report-contract.md)
#   Reports/corpus.txt   — the human summary of the same run
#   Reports/matrix.html, matrix.md, matrix.json — files × device targets (hdrprobe matrix)
# Installs missing Debian packages, builds the release binary, then runs it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash .ci/deps.sh
# The release build as shipped (scripts/release-flags.sh: the Swift runtime linked in on Linux).
flags=$(bash scripts/release-flags.sh)
swift build -c release $flags --product hdrprobe
bin="$(swift build -c release $flags --show-bin-path)/hdrprobe"

mapfile -t files < <(find Corpus -maxdepth 1 -type f ! -name '*.sh' ! -name '*.md' ! -name '*.py' ! -name '.*' | sort)
# Exit status 1 only says that some files are in error: the corpus holds deliberately broken files.
set +e
"$bin" probe --json --quiet "${files[@]}" > Reports/corpus.json
json_status=$?
"$bin" probe --quiet "${files[@]}" > Reports/corpus.txt
set -e
[ "$json_status" -le 1 ] || { echo "hdrprobe failed with status $json_status" >&2; exit "$json_status"; }

python3 - Reports/corpus.json <<'PY' || true
import json, sys, collections
reports = json.load(open(sys.argv[1]))
ok = sum(r["status"] == "ok" for r in reports)
kinds = collections.Counter()
for r in reports:
    for s in r["streams"]:
        # An enhancement-layer stream of a two-PID file has no range of its own (hdr is null).
        if s["kind"] == "video" and s.get("hdr"):
            kinds[s["hdr"]["videoRangeType"]] += 1
print(f"{len(reports)} files: {ok} analysed, {len(reports) - ok} in error")
print("videoRangeType:", ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
PY
# The capability matrix: every corpus media file × every built-in target.
set +e
for fmt in html md json; do
  "$bin" matrix --quiet --no-cache --format "$fmt" --output "Reports/matrix.$fmt" "${files[@]}"
  status=$?
  [ "$status" -le 1 ] || { echo "hdrprobe matrix failed with status $status" >&2; exit "$status"; }
done
set -e
echo "wrote Reports/corpus.json, Reports/corpus.txt and Reports/matrix.{html,md,json}"
