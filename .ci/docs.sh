#!/usr/bin/env bash
# The HDRProbe library's documentation: extracts the public symbol graph of the debug build
# (run after `swift build`), fails when a public declaration has no doc comment (synthesized
# conformance members excepted), and converts the DocC catalogue with warnings as errors.
# Output: .build/docs/HDRProbe.doccarchive. A few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=.build/docs
rm -rf "$OUT" && mkdir -p "$OUT/symbols"
YAML=$(find .build/checkouts -path '*/Sources/CYaml/include' -type d | head -1)
flags=(-I .build/debug/Modules -Xcc "-I$YAML" -Xcc "-fmodule-map-file=$YAML/module.modulemap"
       -Xcc -fmodule-map-file=Sources/CFFmpeg/include/module.modulemap
       -Xcc -fmodule-map-file=.build/debug/CSVGRaster.build/module.modulemap -Xcc -ISources/CSVGRaster/include)
for dir in $(pkg-config --cflags-only-I libavformat libavcodec libavutil | tr ' ' '\n' | sed -n 's/^-I//p'); do
  flags+=(-Xcc "-I$dir")
done
swift symbolgraph-extract -module-name HDRProbe -target "$(uname -m)-unknown-linux-gnu" \
  -minimum-access-level public -output-dir "$OUT/symbols" "${flags[@]}"
python3 - "$OUT/symbols/HDRProbe.symbols.json" <<'PY'
import json, sys
symbols = json.load(open(sys.argv[1]))["symbols"]
# Members the compiler synthesizes for a conformance (Hashable of a raw-value enum) carry no comment.
synthesized = {"hashValue", "hash(into:)"}
missing = [".".join(s["pathComponents"]) for s in symbols
           if not s.get("docComment") and s["pathComponents"][-1] not in synthesized]
print("docs.sh: %d public symbols, %d without a doc comment" % (len(symbols), len(missing)), file=sys.stderr)
for name in missing: print("  undocumented: " + name, file=sys.stderr)
sys.exit(1 if missing else 0)
PY
docc convert Sources/HDRProbe/HDRProbe.docc --additional-symbol-graph-dir "$OUT/symbols" \
  --output-path "$OUT/HDRProbe.doccarchive" --fallback-display-name HDRProbe \
  --fallback-bundle-identifier hdrprobe.HDRProbe --warnings-as-errors >"$OUT/docc.log" 2>&1 \
  || { grep -E "warning|error" "$OUT/docc.log" >&2; exit 1; }
echo "docs.sh: DocC catalogue converted without warnings ($OUT/HDRProbe.doccarchive)" >&2
