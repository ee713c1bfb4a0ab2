#!/usr/bin/env bash
# Regenerates docs/findings.md from the code catalogue (Sources/HDRProbeModel/Codes/):
# `hdrprobe codes --markdown`. CodeCatalogueTests fails while the file and the catalogue differ.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product hdrprobe >/dev/null
"$(swift build --show-bin-path)/hdrprobe" codes --markdown > docs/findings.md
