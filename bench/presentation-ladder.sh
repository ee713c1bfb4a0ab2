#!/usr/bin/env bash
# The presentation bench/presentation.sh and bench/presentation-remote.sh measure: two 12-second
# HDR10 HEVC encodes by FFmpeg/x265 (1280×720 at 3 Mb/s and 960×540 at 1.2 Mb/s, 24 fps, two
# 6-second fMP4 segments each; made once in WORK and kept), four variants from each, whose Media
# Playlists repeat the real segments SEGMENTS times. Writes WORK/PREFIXmaster.m3u8,
# WORK/PREFIXv{0..7}.m3u8 and WORK/PREFIXbytes (the segment bytes the playlists add up to). The
# master declares BANDWIDTH 5 % above the larger segment's rate and AVERAGE-BANDWIDTH the mean.
# Usage: bench/presentation-ladder.sh WORK SEGMENTS [PREFIX]. Needs ffmpeg with libx265.
set -euo pipefail
work=$1 per_variant=$2 prefix=${3:-}
mkdir -p "$work"
if [ ! -f "$work/src1_1.m4s" ]; then
  (cd "$work" && ffmpeg -v error -f lavfi -i testsrc2=size=1280x720:rate=24 -t 12 -map 0:v -map 0:v \
    -c:v libx265 -b:v:0 3000k -b:v:1 1200k -s:v:1 960x540 \
    -x265-params "keyint=48:min-keyint=48:scenecut=0:log-level=error:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50):max-cll=1000,400" \
    -pix_fmt yuv420p10le -tag:v hvc1 -f hls -hls_time 6 -hls_segment_type fmp4 -hls_playlist_type vod \
    -var_stream_map "v:0 v:1" -hls_segment_filename "src%v_%d.m4s" -hls_fmp4_init_filename "init_%v.mp4" "src%v.m3u8")
fi
python3 - "$work" "$per_variant" "$prefix" <<'PY'
import os, sys
work, per_variant, prefix = sys.argv[1], int(sys.argv[2]), sys.argv[3]
master = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"]
total = 0
for v in range(8):
    src = v % 2
    names = [f"src{src}_0.m4s", f"src{src}_1.m4s"]
    sizes = [os.path.getsize(os.path.join(work, n)) for n in names]
    lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:6", "#EXT-X-PLAYLIST-TYPE:VOD", f'#EXT-X-MAP:URI="init_{src}.mp4"']
    for i in range(per_variant):
        lines += ["#EXTINF:6.000000,", names[i % 2]]
        total += sizes[i % 2]
    lines.append("#EXT-X-ENDLIST")
    open(os.path.join(work, f"{prefix}v{v}.m3u8"), "w").write("\n".join(lines) + "\n")
    master += [f'#EXT-X-STREAM-INF:BANDWIDTH={int(max(sizes) * 8 / 6 * 1.05)},AVERAGE-BANDWIDTH={int(sum(sizes) * 8 / 12)},CODECS="hvc1.2.4.L93.90",VIDEO-RANGE=PQ,FRAME-RATE=24.000',
               f"{prefix}v{v}.m3u8"]
open(os.path.join(work, f"{prefix}master.m3u8"), "w").write("\n".join(master) + "\n")
open(os.path.join(work, f"{prefix}bytes"), "w").write(str(total))
PY
