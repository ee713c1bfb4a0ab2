#!/usr/bin/env bash
# For humans, not run by .ci/run: build and test hdrprobe against FFmpeg 8.1 (libavformat 62,
# libavcodec 62, libavutil 60) and compare the corpus reports with the Debian FFmpeg 5.1 build.
#
# Libraries: the FFmpeg 8.1.2 shared libraries PyAV 18.1.0 ships in its wheel (`av.libs/`, names
# carry a hash: libavformat-<hash>.so.62.12.102), installed with pip into the scratch path.
# Headers: not in that wheel; give the FFmpeg 8.1 headers yourself, either an installed include
# folder (with libavutil/avconfig.h and ffversion.h) or an FFmpeg n8.1.x source tree (the two
# generated headers are then written: little-endian, fast unaligned access, as on x86-64/arm64).
# The headers must be of the libraries' versions (62.12 / 62.28 / 60.26 for 8.1.2) or older within
# the same major: FFmpeg keeps the ABI within a major, not across it.
#
#   bash .ci/ffmpeg8.sh /path/to/ffmpeg-n8.1.2            build, test, compare
#   bash .ci/ffmpeg8.sh /path/to/ffmpeg-n8.1.2 --no-test  build only
#
# Scratch path: .build-ffmpeg8 (swift build output, the PyAV libraries, headers, .pc files).
# What was built and measured with it: docs/ffmpeg-versions.md.
set -euo pipefail
HEADERS=$(cd "${1:?usage: ffmpeg8.sh FFMPEG_8.1_HEADERS_OR_SOURCE [--no-test]}" && pwd)
RUN_TESTS=1
[ "${2:-}" = "--no-test" ] && RUN_TESTS=0
cd "$(dirname "$0")/.."
ROOT=$PWD
SCRATCH=$ROOT/.build-ffmpeg8
PYAV_SPEC="av==18.1.0"
mkdir -p "$SCRATCH"
t0=$(date +%s)

# Libraries: PyAV's wheel, unpacked with pip into the scratch path.
if ! ls "$SCRATCH"/pyav/av.libs/libavformat-*.so.* >/dev/null 2>&1; then
  python3 -m pip install --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
    --target "$SCRATCH/pyav" "$PYAV_SPEC"
fi
LIBS=$SCRATCH/pyav/av.libs

# Headers: libavutil, libavcodec, libavformat only (all hdrprobe includes).
INC=$SCRATCH/include
rm -rf "$INC" && mkdir -p "$INC"
for lib in libavutil libavcodec libavformat; do
  [ -f "$HEADERS/$lib/version.h" ] || { echo "ffmpeg8: no $lib/version.h in $HEADERS" >&2; exit 1; }
  mkdir -p "$INC/$lib" && cp "$HEADERS/$lib"/*.h "$INC/$lib/"
done
[ -f "$INC/libavutil/avconfig.h" ] || printf '%s\n' '#ifndef AVUTIL_AVCONFIG_H' '#define AVUTIL_AVCONFIG_H' \
  '#define AV_HAVE_BIGENDIAN 0' '#define AV_HAVE_FAST_UNALIGNED 1' '#endif' > "$INC/libavutil/avconfig.h"
[ -f "$INC/libavutil/ffversion.h" ] || printf '%s\n' '#ifndef AVUTIL_FFVERSION_H' '#define AVUTIL_FFVERSION_H' \
  '#define FFMPEG_VERSION "8.1"' '#endif' > "$INC/libavutil/ffversion.h"

# Unversioned link names for the hashed libraries, and pkg-config files with the headers' versions.
LINK=$SCRATCH/lib PC=$SCRATCH/pkgconfig
mkdir -p "$LINK" "$PC"
for lib in avformat avcodec avutil; do
  upper=$(echo "LIB$lib" | tr a-z A-Z)
  so=$(ls "$LIBS"/lib$lib-*.so.* | head -1)
  ln -sf "$so" "$LINK/lib$lib.so"
  v=""
  for part in MAJOR MINOR MICRO; do
    v+="$(grep -h "#define ${upper}_VERSION_$part " "$INC/lib$lib"/version*.h | awk '{print $3}')."
  done
  header=${v%.}
  built=$(basename "$so" | sed 's/.*\.so\.//')
  [ "${header%%.*}" = "${built%%.*}" ] || { echo "ffmpeg8: lib$lib headers $header, library $built: majors differ" >&2; exit 1; }
  # The soname hdrprobe's loader opens (libavformat.so.62 …; Sources/CFFmpeg/include/shim.h), found through the rpath below.
  ln -sf "$so" "$LINK/lib$lib.so.${built%%.*}"
  cat > "$PC/lib$lib.pc" <<PCEOF
prefix=$SCRATCH
libdir=$LINK
includedir=$INC

Name: lib$lib
Description: FFmpeg lib$lib $built (PyAV's av.libs) with headers $header (hdrprobe's FFmpeg 8 build)
Version: $header
Libs: -L\${libdir} -l$lib
Cflags: -I\${includedir}
PCEOF
done
export PKG_CONFIG_PATH=$PC
echo "ffmpeg8: headers $(pkg-config --modversion libavformat libavcodec libavutil | paste -sd' '), libraries from $PYAV_SPEC"

flags=(--scratch-path "$SCRATCH/swift" -Xlinker -rpath -Xlinker "$LINK" -Xlinker -rpath -Xlinker "$LIBS")
t1=$(date +%s)
swift build --build-tests "${flags[@]}" 2>&1 | tee "$SCRATCH/build.log" | grep -E "error:|Build complete" || true
grep -q "Build complete" "$SCRATCH/build.log" || { echo "ffmpeg8: build failed" >&2; exit 1; }
if grep -q "deprecated" "$SCRATCH/build.log"; then
  echo "ffmpeg8: the build uses deprecated FFmpeg API:" >&2; grep "deprecated" "$SCRATCH/build.log" >&2; exit 1
fi
echo "ffmpeg8: build $(( $(date +%s) - t1 )) s"
"$SCRATCH/swift/debug/hdrprobe" --version
[ "$RUN_TESTS" = 1 ] || exit 0

t2=$(date +%s)
swift test "${flags[@]}"
echo "ffmpeg8: tests $(( $(date +%s) - t2 )) s"
# PyAV's FFmpeg has every demuxer and no ffprobe: nothing is skipped by demuxer.
bash .ci/compare-builds.sh "$SCRATCH/swift/debug/hdrprobe" /nonexistent
echo "ffmpeg8: total $(( $(date +%s) - t0 )) s"
