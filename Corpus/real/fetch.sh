#!/usr/bin/env bash
# Fetches the head (initialisation segment, segment index and first media segment) of two real
# AV1 Dolby Vision profile 10 files with a `dav1` sample entry, for Tests/HDRProbeEngineTests/
# RealDolbyVisionTests.swift. Nothing here is committed: the files are the test assets of
# shaka-project/shaka-player (repository licence Apache-2.0), taken by that project from Dolby's
# "Dolby Vision Online Delivery Kit 1.0" test signals (shaka-player pull request #9486), whose
# media licence is not stated. The tests skip cleanly while the files are absent.
#
# Origin: shaka-project/shaka-player at commit b1e276cfb883a631cf4c49b63b2e51546eb2b149
#   test/test/assets/dv-p10-1-av1/media-video-av01-dav1-db1p-1.mp4  (Dolby Vision 10.1, PQ)
#   test/test/assets/dv-p10-4-av1/media-video-av01-dav1-db4h-1.mp4  (Dolby Vision 10.4, HLG)
# The byte ranges are the project's own HLS playlists' (Bento4 mp4-dash.py): EXT-X-MAP 730@0, the
# `sidx` at 730-1049 (dash.mpd indexRange) and the first EXT-X-BYTERANGE (110522@1050 and
# 116669@1050). The expected facts are those manifests' (see the test).
#
# Usage: bash Corpus/real/fetch.sh   (needs network access to github.com and curl)
set -euo pipefail
cd "$(dirname "$0")"
commit=b1e276cfb883a631cf4c49b63b2e51546eb2b149
base="https://github.com/shaka-project/shaka-player/raw/$commit/test/test/assets"
get() { # name, path in the project, last byte, SHA-256 of the head
    local name=$1 path=$2 last=$3 sum=$4
    curl -fsSL -r "0-$last" -o "$name.part" "$base/$path"
    if [ -n "$sum" ] && ! echo "$sum  $name.part" | sha256sum -c --quiet; then
        echo "$name: checksum differs from the one recorded in NOTICE.md" >&2
    fi
    mv "$name.part" "$name"
    sha256sum "$name"
}
get dv_p101_dav1_head.mp4 dv-p10-1-av1/media-video-av01-dav1-db1p-1.mp4 111571 ""
get dv_p104_dav1_head.mp4 dv-p10-4-av1/media-video-av01-dav1-db4h-1.mp4 117718 ""
