#!/usr/bin/env bash
# The flags of hdrprobe's release build, printed for `swift build -c release $(bash scripts/release-flags.sh)`.
# On Linux the Swift runtime and Foundation are linked into the binary (`--static-swift-stdlib`, as
# scripts/package.sh ships it): a process then resolves no Swift shared-library symbols at start-up,
# which halves `hdrprobe --version` (9.2 → 5.5 ms measured: Reports/benchmarks.md, "Start-up").
# macOS has the Swift runtime in the OS and no static Foundation: no flags there.
case "$(uname -s)" in
  Linux) echo "--static-swift-stdlib" ;;
esac
