#!/usr/bin/env bash
# Builds a release hdrprobe with the flags of scripts/release-flags.sh (the Swift runtime linked in,
# --static-swift-stdlib; concrete type metadata without mangled-name look-ups) and packs
#   dist/hdrprobe-<version>-linux-<arch>.tar.gz
# holding the binary, its resource bundles (the device catalogue; they must stay beside it),
# README.md, docs/, the licence notes (LICENSES/: the Swift packages' own licence files and
# NOTICE.txt) and RUNTIME-PACKAGES.txt: the Debian packages that provide the shared libraries the
# binary still loads (FFmpeg, SQLite, the C library), found with ldd + dpkg -S on this machine.
# No Swift toolchain is needed where the tarball is unpacked (scripts/test-package.sh checks that
# in a clean Debian 12 root). Usage: bash scripts/package.sh [--out DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=dist
[ "${1:-}" = "--out" ] && OUT=${2:?--out needs a folder}
version=$(sed -n 's/.*public static let version = "\(.*\)"/\1/p' Sources/HDRProbeEngine/ProbeEngine.swift)
arch=$(uname -m)
name=hdrprobe-$version-linux-$arch
t0=$(date +%s)
flags=$(bash scripts/release-flags.sh)
swift build -c release $flags --product hdrprobe
bin=$(swift build -c release $flags --show-bin-path)
echo "package: release build $(( $(date +%s) - t0 )) s"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
dir=$stage/$name
mkdir -p "$dir/LICENSES"
cp "$bin/hdrprobe" "$dir/"
for bundle in "$bin"/*.resources; do [ -e "$bundle" ] && cp -r "$bundle" "$dir/"; done
cp README.md "$dir/"
cp -r docs "$dir/docs"
for checkout in .build/checkouts/*; do
  for f in "$checkout"/LICENSE*; do [ -f "$f" ] && cp "$f" "$dir/LICENSES/$(basename "$checkout")-$(basename "$f")"; done
done
cat > "$dir/LICENSES/NOTICE.txt" <<NOTE
hdrprobe $version ($(git rev-parse --short HEAD 2>/dev/null || echo unknown)), built $(date -u +%Y-%m-%d) on $(. /etc/os-release; echo "$PRETTY_NAME") $arch
with $(swift --version 2>/dev/null | head -1).

Linked into the binary:
- the Swift runtime and standard library, Foundation and Dispatch (--static-swift-stdlib):
  Apache License 2.0 with Runtime Library Exception (https://swift.org/LICENSE.txt)
- swift-argument-parser (Apache License 2.0), Yams with libyaml (MIT), GRDB.swift (MIT):
  their licence files are beside this note.
- GCC's C++ runtime (libstdc++) when the build found its static archive (scripts/release-flags.sh):
  GPL 3 with the GCC Runtime Library Exception (https://www.gnu.org/licenses/gcc-exception-3.1.html)
Loaded at run time from the system (not shipped): FFmpeg's libavformat, libavcodec, libavutil
(LGPL 2.1 or later; Debian's build is GPL 2 or later because of the GPL parts it enables) and
SQLite (public domain) — see RUNTIME-PACKAGES.txt.
NOTE

# The shared libraries the binary links (ELF NEEDED), and the Debian packages that provide them
# (apt brings what those libraries need in turn).
needed=$(readelf -d "$dir/hdrprobe" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')
# FFmpeg is not linked but loaded when a file needs it (docs/ffmpeg-versions.md, "Loading"): its
# sonames are the ones `hdrprobe --version` names.
needed="$needed $("$dir/hdrprobe" --version | sed -n 's/^FFmpeg: .*\(libavformat[^,]*\), \(libavcodec[^,]*\), \(libavutil[^ ]*\).*/\1 \2 \3/p')"
{
  echo "# Debian 12 (bookworm) packages that provide the shared libraries hdrprobe links:"
  echo "#   apt-get install --no-install-recommends \$(grep -v '^#' RUNTIME-PACKAGES.txt)"
  for lib in $needed; do
    path=$(ldd "$dir/hdrprobe" | awk -v l="$lib" '$1 == l {print $3}')
    [ -n "$path" ] || path=$(ldconfig -p | awk -v l="$lib" '$1 == l {print $NF; exit}')
    [ -n "$path" ] || continue
    # dpkg knows a library by the path its package installed (/lib/… or /usr/lib/… with usrmerge).
    { dpkg -S "$path" 2>/dev/null || dpkg -S "$(readlink -f "$path")" 2>/dev/null || true; } | head -1 | cut -d: -f1
  done | sort -u
} > "$dir/RUNTIME-PACKAGES.txt"
echo "package: the binary links $(echo $needed)"
if echo "$needed" | grep -q "libswift\|libFoundation\|libdispatch"; then
  echo "package: the binary still loads a Swift runtime library" >&2; exit 1
fi

mkdir -p "$OUT"
tar -C "$stage" -czf "$OUT/$name.tar.gz" "$name"
echo "package: $OUT/$name.tar.gz ($(du -h "$OUT/$name.tar.gz" | cut -f1)), $(( $(date +%s) - t0 )) s"
