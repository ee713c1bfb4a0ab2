#!/usr/bin/env bash
# Installs the Debian packages hdrprobe builds against (FFmpeg's libavformat/libavcodec/libavutil,
# SQLite for the scan cache, libcurl's link library for the release build — it links Foundation
# statically (scripts/release-flags.sh), whose URLSession is libcurl — and pkg-config) when they
# are missing. Idempotent; needs root (or sudo) only when it installs.
# Extra packages can be named as arguments, e.g. `.ci/deps.sh mediainfo ffmpeg`.
set -euo pipefail

need=()
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
if ! pkg-config --exists libavformat libavcodec libavutil 2>/dev/null; then
  need+=(libavformat-dev libavcodec-dev libavutil-dev)
fi
pkg-config --exists sqlite3 2>/dev/null || need+=(libsqlite3-dev)
pkg-config --exists libcurl 2>/dev/null || need+=(libcurl4-openssl-dev)
for pkg in "$@"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
[ ${#need[@]} -eq 0 ] && exit 0

echo "installing: ${need[*]}" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
