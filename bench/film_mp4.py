#!/usr/bin/env python3
"""Writes a film-shaped MP4 (real sample tables, sparse mdat) from a short reference MP4.

Usage: film_mp4.py REF.mp4 OUT.mp4 SECONDS VIDEO_KBPS (end|faststart) [thin]

REF.mp4 holds one HEVC video track (a few seconds, the real 4K / Dolby Vision parameter sets and
RPUs) and one audio track (E-AC-3). The output has the reference's sample entries (`stsd` copied
byte for byte) and sample tables describing SECONDS of film:
- video: the reference's samples first, with their real bytes (so every probe finds the real
  parameter sets, SEI and RPUs at the start); then samples whose sizes repeat the reference's
  size pattern scaled to VIDEO_KBPS, each a 4-byte NAL length + a slice NAL header followed by a
  hole (zeros the file system does not store: the file is sparse);
- audio: the reference's audio frames repeated (real bytes all through);
- one chunk per second per track, interleaved; co64 chunk offsets (films pass 4 GiB);
- `moov` after `mdat` (as ffmpeg writes it) or before it (`faststart`);
- `thin`: every sample after the reference's is a hole, audio too (a few MB on disk: the copies
  of a library scan).
Box layouts: ISO/IEC 14496-12 §8 (stts §8.6.1.2, ctts §8.6.1.3, stss §8.6.2, stsz §8.7.3,
stsc §8.7.4, co64 §8.7.5).
"""
import struct
import sys


def boxes(data, start=0, end=None):
    end = len(data) if end is None else end
    pos = start
    while pos + 8 <= end:
        size, typ = struct.unpack('>I4s', data[pos:pos + 8])
        hdr = 8
        if size == 1:
            size = struct.unpack('>Q', data[pos + 8:pos + 16])[0]
            hdr = 16
        elif size == 0:
            size = end - pos
        yield typ.decode('latin1'), pos, pos + hdr, pos + size
        pos += size


def child(data, start, end, typ):
    for t, s, p, e in boxes(data, start, end):
        if t == typ:
            return s, p, e
    return None


def box(typ, payload):
    return struct.pack('>I4s', 8 + len(payload), typ.encode()) + payload


def full(typ, payload, version=0, flags=0):
    return box(typ, struct.pack('>I', (version << 24) | flags) + payload)


def read_tables(data, stbl):
    s, p, e = stbl
    t = {k: child(data, p, e, k) for k in ('stsz', 'stco', 'co64', 'stsc', 'stts', 'ctts', 'stss', 'stsd')}
    _, sp, _ = t['stsz']
    fixed, count = struct.unpack('>II', data[sp + 4:sp + 12])
    sizes = [fixed] * count if fixed else list(struct.unpack(f'>{count}I', data[sp + 12:sp + 12 + 4 * count]))
    if t['co64']:
        _, cp, _ = t['co64']
        n = struct.unpack('>I', data[cp + 4:cp + 8])[0]
        chunks = list(struct.unpack(f'>{n}Q', data[cp + 8:cp + 8 + 8 * n]))
    else:
        _, cp, _ = t['stco']
        n = struct.unpack('>I', data[cp + 4:cp + 8])[0]
        chunks = list(struct.unpack(f'>{n}I', data[cp + 8:cp + 8 + 4 * n]))
    _, scp, _ = t['stsc']
    n = struct.unpack('>I', data[scp + 4:scp + 8])[0]
    stsc = [struct.unpack('>III', data[scp + 8 + 12 * i:scp + 20 + 12 * i]) for i in range(n)]
    offsets = []
    for ci, base in enumerate(chunks):
        per = [spc for first, spc, _ in stsc if first <= ci + 1][-1]
        off = base
        for _ in range(per):
            if len(offsets) < count:
                offsets.append(off)
                off += sizes[len(offsets) - 1]
    ctts = []
    if t['ctts']:
        _, ctp, _ = t['ctts']
        n = struct.unpack('>I', data[ctp + 4:ctp + 8])[0]
        for i in range(n):
            c, o = struct.unpack('>Ii', data[ctp + 8 + 8 * i:ctp + 16 + 8 * i])
            ctts += [o] * c
    _, dp, de = t['stsd']
    return dict(sizes=sizes, offsets=offsets, ctts=ctts, stsd=data[t['stsd'][0]:de])


def patch_duration(full_box, offset_v0, offset_v1, value, width_v0=4):
    b = bytearray(full_box)
    version = b[8]
    if version == 1:
        b[8 + offset_v1:8 + offset_v1 + 8] = struct.pack('>Q', value)
    else:
        b[8 + offset_v0:8 + offset_v0 + 4] = struct.pack('>I', min(value, 0xFFFFFFFF))
    return bytes(b)


def run_length(values):
    out = []
    for v in values:
        if out and out[-1][1] == v:
            out[-1][0] += 1
        else:
            out.append([1, v])
    return out


def main():
    ref_path, out_path, seconds, kbps, layout = sys.argv[1:6]
    thin = sys.argv[6:7] == ['thin']
    seconds, kbps = float(seconds), int(kbps)
    data = open(ref_path, 'rb').read()
    _, mp, me = child(data, 0, len(data), 'moov')
    ftyp = child(data, 0, len(data), 'ftyp')
    mvhd = child(data, mp, me, 'mvhd')
    movie_scale = struct.unpack('>I', data[mvhd[1] + 12:mvhd[1] + 16])[0]
    tracks = []
    for t, s, p, e in boxes(data, mp, me):
        if t != 'trak':
            continue
        mdia = child(data, p, e, 'mdia')
        mdhd = child(data, mdia[1], mdia[2], 'mdhd')
        v = data[mdhd[1]]
        scale = struct.unpack('>I', data[mdhd[1] + (20 if v == 1 else 12):mdhd[1] + (24 if v == 1 else 16)])[0]
        hdlr = child(data, mdia[1], mdia[2], 'hdlr')
        handler = data[hdlr[1] + 8:hdlr[1] + 12].decode()
        minf = child(data, mdia[1], mdia[2], 'minf')
        stbl = child(data, minf[1], minf[2], 'stbl')
        tab = read_tables(data, stbl)
        stts = child(data, stbl[1], stbl[2], 'stts')
        delta = struct.unpack('>I', data[stts[1] + 12:stts[1] + 16])[0]
        tracks.append(dict(handler=handler, trak=(s, p, e), mdia=mdia, mdhd=mdhd, hdlr=hdlr, minf=minf, stbl=stbl,
                           scale=scale, delta=delta, **tab))
    video = next(t for t in tracks if t['handler'] == 'vide')
    # 23.976 fps on a 24000 time scale (the reference's may be Matroska's milliseconds)
    video['ctts'] = [round(c * 24000 / video['scale'] / 1001) * 1001 for c in video['ctts']]
    video['scale'], video['delta'] = 24000, 1001
    audio = next(t for t in tracks if t['handler'] == 'soun')

    # samples: (size, real bytes or None, is_key, ctts)
    vref = len(video['sizes'])
    vcount = int(seconds * video['scale'] / video['delta'])
    mean_ref = sum(video['sizes']) / vref
    target = kbps * 1000 / 8 * video['delta'] / video['scale']
    factor = target / mean_ref
    gop = 24
    vsamples = []
    for i in range(vcount):
        if i < vref:
            off, size = video['offsets'][i], video['sizes'][i]
            vsamples.append((size, data[off:off + size]))
        else:
            size = max(64, int(video['sizes'][i % vref] * factor))
            nal = b'\x26\x01' if i % gop == 0 else b'\x02\x01'
            vsamples.append((size, struct.pack('>I', size - 4) + nal))
    aref = len(audio['sizes'])
    acount = int(seconds * audio['scale'] / audio['delta'])

    def abytes(j):
        k = j % aref
        off, size = audio['offsets'][k], audio['sizes'][k]
        return size, data[off:off + size]

    # chunks: one second of each track, video first
    vper = max(1, round(video['scale'] / video['delta']))
    aper = max(1, round(audio['scale'] / audio['delta']))
    plan = []  # (track, first sample, count)
    vi = ai = 0
    while vi < vcount or ai < acount:
        if vi < vcount:
            n = min(vper, vcount - vi); plan.append(('v', vi, n)); vi += n
        if ai < acount:
            n = min(aper, acount - ai); plan.append(('a', ai, n)); ai += n
    payload_size = sum(s for s, _ in vsamples) + sum(audio['sizes'][j % aref] for j in range(acount))

    def stbl_for(t, sizes, chunk_offsets, chunk_counts, count, key=None, ctts=None):
        out = data[t['stsd'][0]:t['stsd'][0] + len(t['stsd'])] if False else t['stsd']
        parts = [out, full('stts', struct.pack('>III', 1, count, t['delta']))]
        if ctts:
            runs = run_length(ctts)
            parts.append(full('ctts', struct.pack('>I', len(runs)) + b''.join(struct.pack('>Ii', c, o) for c, o in runs)))
        if key is not None:
            parts.append(full('stss', struct.pack('>I', len(key)) + b''.join(struct.pack('>I', k + 1) for k in key)))
        runs = []
        for ci, c in enumerate(chunk_counts):
            if not runs or runs[-1][1] != c:
                runs.append((ci + 1, c))
        parts.append(full('stsc', struct.pack('>I', len(runs)) + b''.join(struct.pack('>III', f, c, 1) for f, c in runs)))
        parts.append(full('stsz', struct.pack('>II', 0, count) + struct.pack(f'>{count}I', *sizes)))
        parts.append(full('co64', struct.pack('>I', len(chunk_offsets)) + struct.pack(f'>{len(chunk_offsets)}Q', *chunk_offsets)))
        return box('stbl', b''.join(parts))

    def trak_for(t, stbl_box, duration_media, duration_movie):
        s, p, e = t['trak']
        parts = []
        for typ, bs, bp, be in boxes(data, p, e):
            if typ == 'tkhd':
                parts.append(patch_duration(data[bs:be], 20, 28, duration_movie))
            elif typ == 'mdia':
                mparts = []
                for mt, ms, mp_, mend in boxes(data, bp, be):
                    if mt == 'mdhd':
                        b = bytearray(patch_duration(data[ms:mend], 16, 24, duration_media))
                        at = 8 + (20 if b[8] == 1 else 12)
                        b[at:at + 4] = struct.pack('>I', t['scale'])
                        mparts.append(bytes(b))
                    elif mt == 'minf':
                        iparts = []
                        for it, is_, ip, ie in boxes(data, mp_, mend):
                            iparts.append(stbl_box if it == 'stbl' else data[is_:ie])
                        mparts.append(box('minf', b''.join(iparts)))
                    else:
                        mparts.append(data[ms:mend])
                parts.append(box('mdia', b''.join(mparts)))
            elif typ == 'edts':
                continue
            else:
                parts.append(data[bs:be])
        return box('trak', b''.join(parts))

    def build_moov(mdat_payload_start):
        pos = mdat_payload_start
        vchunks, vcounts, achunks, acounts = [], [], [], []
        for typ, first, n in plan:
            if typ == 'v':
                vchunks.append(pos); vcounts.append(n)
                pos += sum(vsamples[k][0] for k in range(first, first + n))
            else:
                achunks.append(pos); acounts.append(n)
                pos += sum(audio['sizes'][j % aref] for j in range(first, first + n))
        vdur = vcount * video['delta']
        adur = acount * audio['delta']
        vkeys = [i for i in range(vcount) if i % gop == 0]
        vctts = [video['ctts'][i % vref] for i in range(vcount)] if video['ctts'] else None
        vt = trak_for(video, stbl_for(video, [s for s, _ in vsamples], vchunks, vcounts, vcount, vkeys, vctts),
                      vdur, vdur * movie_scale // video['scale'])
        at = trak_for(audio, stbl_for(audio, [audio['sizes'][j % aref] for j in range(acount)], achunks, acounts, acount),
                      adur, adur * movie_scale // audio['scale'])
        movie_dur = max(vdur * movie_scale // video['scale'], adur * movie_scale // audio['scale'])
        parts = [patch_duration(data[mvhd[0]:mvhd[2]], 16, 24, movie_dur), vt, at]
        return box('moov', b''.join(parts))

    ftyp_bytes = data[ftyp[0]:ftyp[2]]
    mdat_header_size = 16
    if layout == 'faststart':
        probe = build_moov(0)
        mdat_start = len(ftyp_bytes) + len(probe)
        moov = build_moov(mdat_start + mdat_header_size)
        assert len(moov) == len(probe)
    else:
        mdat_start = len(ftyp_bytes)
        moov = build_moov(mdat_start + mdat_header_size)
    with open(out_path, 'wb') as f:
        f.truncate(0)
        f.write(ftyp_bytes)
        if layout == 'faststart':
            f.write(moov)
        f.write(struct.pack('>I4sQ', 1, b'mdat', mdat_header_size + payload_size))
        pos = f.tell()
        for typ, first, n in plan:
            for k in range(first, first + n):
                if typ == 'v':
                    size, head = vsamples[k]
                else:
                    size, head = abytes(k)
                if not thin or k < (vref if typ == 'v' else aref):
                    f.seek(pos)
                    f.write(head)
                pos += size
        f.seek(pos)
        f.truncate(pos)
        if layout != 'faststart':
            f.write(moov)
    print(f'{out_path}: {vcount} video + {acount} audio samples, moov {len(moov)} bytes, {layout}')


if __name__ == '__main__':
    main()
