#!/usr/bin/env bash
# Builds the Examples package (it depends on this repository by path and imports only the
# HDRProbe library product, as an app would) and checks probe-one's output against the corpus
# goldens (Corpus/expected: range type and Dolby Vision verdict written from how each file was
# made). About 3 minutes on a 2-core machine (its own .build: the core and engine build again).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
swift build --package-path Examples
echo "examples.sh: Examples built in $((SECONDS - start)) s" >&2
BIN=Examples/.build/debug/probe-one
fail=0
for file in dv_p81.mp4 dv_p5.mkv hdr10_hevc.mkv bad_trunc_moov.mp4; do
  [ -f "Corpus/$file" ] || { echo "examples.sh: Corpus/$file missing" >&2; fail=1; continue; }
  out=$("$BIN" "Corpus/$file" || true)
  want=$(python3 - "Corpus/expected/$file.json" <<'PY'
import json, sys
facts = json.load(open(sys.argv[1]))["facts"]
value = lambda k: facts.get(k, {}).get("value")
if value("status") != "ok":
    print("error: %s:" % value("error.code"))
else:
    print("rangeType: %s" % (value("hdr.videoRangeType") or "none"))
    code = value("dolbyVision.verdict.code")
    print("dolbyVision: %s" % ("%s %s (%s)" % (value("dolbyVision.profile"),
          "accepted" if value("dolbyVision.verdict.decision") == "accept" else "refused", code) if code else "none"))
PY
)
  while IFS= read -r line; do
    if ! grep -qF -- "$line" <<<"$out"; then
      echo "examples.sh: probe-one $file: expected '$line' in:" >&2
      echo "$out" >&2
      fail=1
    fi
  done <<<"$want"
done
[ "$fail" = 0 ] && echo "examples.sh: probe-one agrees with the goldens" >&2
exit "$fail"
