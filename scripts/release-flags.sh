#!/usr/bin/env bash
# The flags of hdrprobe's release build, printed for `swift build -c release $(bash scripts/release-flags.sh)`.
# On Linux the Swift runtime and Foundation are linked into the binary (`--static-swift-stdlib`, as
# scripts/package.sh ships it): a process then resolves no Swift shared-library symbols at start-up,
# which halves `hdrprobe --version` (9.2 → 5.5 ms measured: Reports/benchmarks.md, "Start-up").
# macOS has the Swift runtime in the OS and no static Foundation: no static flag there.
#
# On every platform, `-disable-concrete-type-metadata-mangled-name-accessors` (a Swift frontend
# option, for every module of the build: ours and the packages') makes compiled code get the type
# metadata of a concrete generic type (`KeyedEncodingContainer<StreamReport.CodingKeys>`,
# `NullEncoded<ColorReport>`, `Option<FrameBudget>` …) by calling its metadata accessor with the
# witness tables the compiler already knows, instead of by its mangled name. A mangled name makes
# the runtime check the type's generic requirements (`K: CodingKey`, `T: Encodable`), and the first
# check of each (type, protocol) pair walks every protocol-conformance record of the binary (~8,950):
# that was about two thirds of the instructions of `probe --json` on a small MP4 (docs/startup.md).
# Code size grows a little; behaviour does not change.
#
# On Linux the C++ runtime the Swift runtime needs (libstdc++) is linked in as well: the Swift
# toolchain links it with `-lstdc++`, and a folder holding only `libstdc++.a` ahead in the library
# search path (`-L`, which the linker searches before the toolchain's own folders) makes that
# the static archive. The process then maps and relocates no libstdc++.so.6 at start-up: a static
# Swift hello world runs 0.57 instead of 2.15 million instructions (docs/startup.md). Its symbols
# stay inside the binary (the toolchain links with `--exclude-libs ALL`), so a libstdc++.so.6 that
# FFmpeg's libraries load later is independent of it. Without a libstdc++.a the flag is left out.
#
# On Linux the executable exports no symbols (`--no-export-dynamic`; the toolchain's static-stdlib
# link asks for `-export-dynamic`): the Swift runtime's start-up `dladdr` then walks no export table
# (~20,400 symbols). It stays position-independent (PIE), as every distribution builds a program
# that parses untrusted files: its code lands at a random address. PIE costs the ~99,600 relative
# relocations (Swift metadata and witness tables hold absolute pointers) that the dynamic loader
# applies before `main` (docs/startup.md, "Position-independent executable", measured).
# `HDRPROBE_PIE=0` links at a fixed address instead (`-no-pie`) for those who want that time more
# than the hardening.
flags="-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors"
case "$(uname -s)" in
  Linux)
    archive=$(clang -print-file-name=libstdc++.a 2>/dev/null || true)
    if [[ $archive == /* && -f $archive ]]; then
      dir="$(cd "$(dirname "$0")/.." && pwd)/.build/static-libstdc++"
      mkdir -p "$dir" && ln -sf "$archive" "$dir/libstdc++.a"
      flags="$flags -Xswiftc -L$dir"
    fi
    flags="$flags -Xlinker --no-export-dynamic"
    if [[ ${HDRPROBE_PIE:-} == 0 ]]; then
      flags="$flags -Xswiftc -Xclang-linker -Xswiftc -no-pie"
    fi
    echo "--static-swift-stdlib $flags" ;;
  *) echo "$flags" ;;
esac
