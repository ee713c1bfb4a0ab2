#!/usr/bin/env bash
# Counts the public declarations of each module under Sources/ (lines declaring something with
# the `public` or `open` modifier, attributes and `public private(set)` included) and the public
# types among them. The package's public surface is meant to be the HDRProbe library product
# alone; the other modules use `package` access between themselves.
# Usage: scripts/public-surface.sh [ROOT]   (default: the repository this script is in)
set -euo pipefail
ROOT=${1:-"$(dirname "$0")/.."}
printf '%-18s %12s %8s\n' module declarations types
total=0; types=0
for dir in "$ROOT"/Sources/*/; do
  module=$(basename "$dir")
  files=$(find "$dir" -name '*.swift' | sort)
  [ -n "$files" ] || continue
  # shellcheck disable=SC2086
  n=$(cat $files | grep -cE '^[[:space:]]*(@[A-Za-z]+(\([^)]*\))?[[:space:]]+)*(public|open)[[:space:]]' || true)
  # shellcheck disable=SC2086
  t=$(cat $files | grep -cE '^[[:space:]]*(@[A-Za-z]+(\([^)]*\))?[[:space:]]+)*(public|open)[[:space:]]+((final|indirect)[[:space:]]+)*(struct|enum|class|protocol|actor|typealias)[[:space:]]' || true)
  printf '%-18s %12d %8d\n' "$module" "$n" "$t"
  total=$((total + n)); types=$((types + t))
done
printf '%-18s %12d %8d\n' total "$total" "$types"
